"""Win models: each seat's chance to win a position, fitted on games between rule-based bots.

A conditional logit over the seats (McFadden's choice model, with "who wins" as the
choice): seat p's utility is `w . x_p`, where `x_p` are the game's features of p (its
rule-based bot's `win_features`), and P(p wins) = exp(u_p) / sum_q exp(u_q). The weights `w`
are data in the game's bot module, fitted by maximum likelihood on positions from games
between its rule-based bots, labelled with who won:

    python -m bots.win_model huang --players 4 --games 600 --seed 10000

prints the held-out log-loss and the weights to paste (`--by-phase` also compares, on the
held-out games by how far each position is into its game, the fitted model with the bot's
own `position_values` as predictors of the winner). Searches read the model through the
bot's `position_values` (`mcts:leaf=bot`): unlike a logistic of a margin, the values of all
seats are chances that sum to one, on the scale of `mcts:reward=win`.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

import engine
from bots.heuristic import rule_based_bot
from bots.mcts_rollout import bot_move
from bots.search_hints import hinted
from bots.seeds import Seeds

#: L2 penalty of the fit (per position), so that unused features get weight 0
RIDGE = 1e-4
#: share of the games held out to measure the fit
HELD_OUT = 0.25
#: fewest games with one winner the command fits on (a quarter of them held out)
MIN_GAMES = 4
#: `--by-phase`: the positions at least this far into their game (0: all of them)
PHASES = (0.0, 0.5, 0.75, 0.9)


class Positions(NamedTuple):
    """Turn ends of the rule-based bots' games, one row per position: every seat's
    features, the winner, the game's index, how far into its game the position is (0 at
    the first turn end, approaching 1 at the last) and every seat's `position_values`."""

    features: np.ndarray
    winners: np.ndarray
    games: np.ndarray
    phases: np.ndarray
    values: np.ndarray


def chances(weights: Sequence[float], features: Sequence[Sequence[float]]) -> list[float]:
    """Every seat's chance to win: the softmax of `weights . features[p]` over the seats."""
    utilities = [math.fsum(w * x for w, x in zip(weights, f, strict=True)) for f in features]
    top = max(utilities)
    exps = [math.exp(u - top) for u in utilities]
    total = sum(exps)
    return [e / total for e in exps]


def log_loss(weights: np.ndarray, features: np.ndarray, winners: np.ndarray) -> float:
    """Mean negative log-likelihood of the winners (`features`: positions x seats x k)."""
    u = features @ weights
    u = u - u.max(axis=1, keepdims=True)
    lse = np.log(np.exp(u).sum(axis=1))
    return float(-(u[np.arange(len(winners)), winners] - lse).mean())


def fit(features: np.ndarray, winners: np.ndarray, ridge: float = RIDGE,
        steps: int = 50) -> np.ndarray:
    """Maximum-likelihood weights by Newton's method (the log-likelihood is concave), with a
    ridge penalty and step halving."""
    n, _, k = features.shape
    rows = np.arange(n)
    w = np.zeros(k)

    def objective(v: np.ndarray) -> float:
        return log_loss(v, features, winners) + ridge * float(v @ v)

    current = objective(w)
    for _ in range(steps):
        u = features @ w
        p = np.exp(u - u.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("ns,nsk->nk", p, features)
        grad = (features[rows, winners] - mean).sum(axis=0) / n - 2 * ridge * w
        second = np.einsum("ns,nsk,nsl->kl", p, features, features) - mean.T @ mean
        hessian = -second / n - 2 * ridge * np.eye(k)
        step = np.linalg.solve(hessian, -grad)
        scale = 1.0
        while scale > 1e-6:
            trial = w + scale * step
            value = objective(trial)
            if value <= current:
                break
            scale /= 2
        else:
            return w
        done = current - value < 1e-10
        w, current = trial, value
        if done:
            break
    return w


def collect(game_id: str, num_players: int, seeds: Sequence[int]) -> Positions:
    """Positions at the end of every turn (the seat to move changed) of games between the
    game's rule-based bots, one per seed. Games without a single winner are left out."""
    judge = hinted(rule_based_bot(game_id))
    judge.reset(game_id, num_players, 0, 0)
    if seeds and judge.win_features(engine.make(game_id, num_players, seed=seeds[0])) is None:
        raise ValueError(f"the rule-based bot of {game_id} has no win_features")
    feats: list[list[list[float]]] = []
    winners: list[int] = []
    games: list[int] = []
    phases: list[float] = []
    values: list[list[float]] = []
    for index, seed in enumerate(seeds):
        state = engine.make(game_id, num_players, seed=seed)
        bots = [hinted(rule_based_bot(game_id)) for _ in range(num_players)]
        for seat, bot in enumerate(bots):
            bot.reset(game_id, num_players, seat, Seeds(seed)("win-model", seat))
        mover, positions, valued = state.current_player(), [], []
        while not state.is_terminal():
            state.apply_legal(bot_move(bots, state))
            if not state.is_terminal() and state.current_player() != mover:
                mover = state.current_player()
                positions.append(judge.win_features(state) or [])
                valued.append(judge.position_values(state) or [1.0] * num_players)
        ranking = state.ranking()
        if ranking.count(0) != 1:
            continue
        feats.extend(positions)
        values.extend(valued)
        winners.extend([ranking.index(0)] * len(positions))
        games.extend([index] * len(positions))
        phases.extend(i / len(positions) for i in range(len(positions)))
    return Positions(np.array(feats, dtype=float), np.array(winners, dtype=int),
                     np.array(games, dtype=int), np.array(phases, dtype=float),
                     np.array(values, dtype=float).reshape(len(values), num_players))


def held_in(games: np.ndarray) -> np.ndarray:
    """The positions fitted on: all games but the last HELD_OUT share of the seeds (the
    last game alone if that leaves a side empty)."""
    last = games.max(initial=0)
    train = games < int(round(last * (1 - HELD_OUT)))
    if train.all() or not train.any():
        train = games < last
    return train


def report(features: np.ndarray, winners: np.ndarray, games: np.ndarray) -> tuple[
        np.ndarray, float, float]:
    """Fit on the `held_in` games, measure the log-loss on the others, then refit on all:
    (weights, held-out log-loss, log-loss of even chances)."""
    train = held_in(games)
    held = log_loss(fit(features[train], winners[train]), features[~train], winners[~train])
    return fit(features, winners), held, math.log(features.shape[1])


def by_phase(pos: Positions) -> list[str]:
    """On the held-out games, from each of PHASES on: the log-loss and the share of
    positions whose likeliest winner won, of the model fitted on the others and of the
    bot's `position_values` (scaled to add up to 1), one line each."""
    train = held_in(pos.games)
    weights = fit(pos.features[train], pos.winners[train])
    held = ~train
    lines = [f"{'from':>4} {'positions':>9} {'model log-loss':>14} {'top':>6} "
             f"{'position_values log-loss':>24} {'top':>6}"]
    for start in PHASES:
        m = held & (pos.phases >= start)
        if not m.any():
            continue
        f, w = pos.features[m], pos.winners[m]
        # the values as chances: a softmax of their logarithms, their shares of the sum
        logs = np.log(np.clip(pos.values[m], 1e-12, None))[:, :, None]
        lines.append(f"{start:4.2f} {len(w):9d} {log_loss(weights, f, w):14.3f} "
                     f"{((f @ weights).argmax(axis=1) == w).mean():6.1%} "
                     f"{log_loss(np.ones(1), logs, w):24.3f} "
                     f"{(logs[:, :, 0].argmax(axis=1) == w).mean():6.1%}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bots.win_model", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=10_000, help="seed of the first game")
    parser.add_argument("--by-phase", action="store_true",
                        help="also compare the model with the bot's position_values on the "
                             "held-out games, by how far into the game")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.exit(2, "error: --games must be at least 1\n")
    try:
        engine.get_game(args.game).check_players(args.players)
        pos = collect(args.game, args.players, range(args.seed, args.seed + args.games))
    except (ValueError, LookupError) as e:
        parser.exit(2, f"error: {e}\n")
    features, winners, games = pos.features, pos.winners, pos.games
    kept = len(set(games.tolist()))
    if kept < MIN_GAMES:
        parser.exit(1, f"error: {kept} of {args.games} games ended with a single winner; the fit "
                       f"needs at least {MIN_GAMES} (more --games)\n")
    weights, held, even = report(features, winners, games)
    print(f"{args.game}, {args.players} players: {len(winners)} positions from "
          f"{kept} games; held-out log-loss {held:.4f} "
          f"(even chances {even:.4f})")
    print("weights:", ", ".join(f"{w:.3f}" for w in weights))
    if args.by_phase:
        print("\n".join(by_phase(pos)))


if __name__ == "__main__":
    main()
