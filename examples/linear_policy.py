"""A learned bot, end to end: numeric observations -> a linear policy -> a tournament entrant.

    python examples/linear_policy.py train            # ~300 self-play games, a few seconds
    python examples/linear_policy.py match --games 40 # against `random`, prints the win rate
    arena tournament run --game year_of_the_dragon --players 2 --seat-rotation --games 20 \\
        --bots policy:examples.linear_policy:policy,random --name learned

Nothing heavy: on In the Year of the Dragon (2 players, the fastest game here), random
self-play through the PettingZoo environment records, for every decision, the numeric
observation `x`, the action id `a` and the seat's final rank-based return `G`. A linear
action value `Q(x, a) = b[a] + W[kind(a)] . x / scale` (one bias per action id, one weight
vector per action type) is fitted to `G` by a few epochs of SGD: a one-step improvement
on the random policy. A second round of self-play with the fitted policy (30% random
moves) refines it. The policy plays greedily on `Q` among legal actions.

`policy(observation, action_mask) -> action id` is all the `policy:` bot spec needs; the
weights load from `MODEL` (or `$LINEAR_POLICY_MODEL`) on first use.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import engine

GAME, PLAYERS = "year_of_the_dragon", 2
MODEL = Path(os.environ.get("LINEAR_POLICY_MODEL") or
             Path(__file__).resolve().parents[1] / "results" / "linear_policy.npz")


@dataclass
class Model:
    """Q(x, a) = bias[a] + weights[kind[a]] . (x / scale)."""

    bias: np.ndarray
    weights: np.ndarray
    kind: np.ndarray
    scale: np.ndarray

    def values(self, x: np.ndarray, ids: np.ndarray) -> np.ndarray:
        return self.bias[ids] + self.weights[self.kind[ids]] @ (x / self.scale)

    def act(self, x: np.ndarray, mask: np.ndarray) -> int:
        ids = np.flatnonzero(mask)
        return int(ids[int(np.argmax(self.values(x, ids)))])

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, bias=self.bias, weights=self.weights, kind=self.kind, scale=self.scale)

    @classmethod
    def load(cls, path: Path) -> Model:
        with np.load(path) as f:
            return cls(f["bias"], f["weights"], f["kind"], f["scale"])


def action_kinds() -> np.ndarray:
    """The action type (index) of every action id."""
    space = engine.get_game(GAME).action_space(PLAYERS, {})
    names = sorted({type(a).__name__ for a in space.actions})
    return np.array([names.index(type(a).__name__) for a in space.actions])


def self_play(games: int, seed: int, model: Model | None = None,
              explore: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(observations, action ids, returns) of `games` self-play games in the PettingZoo env."""
    from engine.adapters.pettingzoo import env

    e = env(GAME, PLAYERS)
    pick = random.Random(seed)
    xs, acts, rets = [], [], []
    for g in range(games):
        e.reset(seed=seed * 100_000 + g)
        mine: dict[str, list[int]] = {a: [] for a in e.possible_agents}
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            if term or trunc:  # the game is over: `reward` is the seat's return
                for r in mine[agent]:
                    rets[r] = float(reward)
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            if model is None or pick.random() < explore:
                a = int(legal[pick.randrange(len(legal))])
            else:
                a = model.act(obs["observation"], obs["action_mask"])
            if len(legal) > 1:  # forced moves teach nothing
                mine[agent].append(len(xs))
                xs.append(obs["observation"])
                acts.append(a)
                rets.append(0.0)
            e.step(a)
    return np.array(xs, np.float32), np.array(acts), np.array(rets, np.float32)


def fit(xs: np.ndarray, acts: np.ndarray, rets: np.ndarray, kind: np.ndarray,
        model: Model | None = None, epochs: int = 4, lr: float = 0.02, seed: int = 0) -> Model:
    """SGD on (Q(x, a) - G)^2, starting from `model` when given."""
    if model is None:
        scale = np.maximum(np.abs(xs).max(axis=0), 1.0).astype(np.float32)
        model = Model(np.zeros(len(kind), np.float32),
                      np.zeros((kind.max() + 1, xs.shape[1]), np.float32), kind, scale)
    z = xs / model.scale
    order = np.random.default_rng(seed)
    for _ in range(epochs):
        for i in order.permutation(len(acts)):
            a = acts[i]
            k = model.kind[a]
            err = model.bias[a] + model.weights[k] @ z[i] - rets[i]
            model.bias[a] -= lr * err
            model.weights[k] -= lr * 0.1 * err * z[i]
    return model


def train(games: int = 300, seed: int = 1) -> Model:
    """Random self-play, a fit; then self-play with the fit (30% random moves), a refit."""
    kind = action_kinds()
    first = fit(*self_play(games * 2 // 3, seed), kind)
    return fit(*self_play(games - games * 2 // 3, seed + 1, first, explore=0.3), kind, first,
               epochs=2)


_loaded: Model | None = None


def policy(observation: np.ndarray, action_mask: np.ndarray) -> int:
    """The trained policy (spec `policy:examples.linear_policy:policy`)."""
    global _loaded
    if _loaded is None:
        _loaded = Model.load(MODEL)
    return _loaded.act(observation, action_mask)


def use(model: Model) -> None:
    """Make `policy` play `model` (instead of loading `MODEL`)."""
    global _loaded
    _loaded = model


def match(games: int, seed: int = 500) -> float:
    """Games against `random`, seats alternating; returns the policy's win rate."""
    from bots.registry import make_bot
    from harness.play.match import play_match

    wins = 0.0
    for g in range(games):
        me = g % 2
        bots = [make_bot("policy:examples.linear_policy:policy"), make_bot("random")]
        if me:
            bots.reverse()
        rec = play_match(GAME, PLAYERS, bots, seed=seed + g)
        ranking = rec.ranking
        wins += 1.0 if ranking[me] < ranking[1 - me] else 0.5 if ranking[0] == ranking[1] else 0
    return wins / games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["train", "match"])
    parser.add_argument("--games", type=int, default=None)
    args = parser.parse_args(argv)
    if args.command == "train":
        train(args.games or 300).save(MODEL)
        print(f"saved {MODEL}")
    else:
        print(f"win rate against random: {match(args.games or 40):.2f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    main()
