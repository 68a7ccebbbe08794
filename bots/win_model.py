"""Win models: each seat's chance to win a position, fitted on games between rule-based bots.

A conditional logit over the seats (McFadden's choice model, with "who wins" as the
choice): seat p's utility is `w . x_p`, where `x_p` are the game's features of p (its
rule-based bot's `win_features`), and P(p wins) = exp(u_p) / sum_q exp(u_q). The weights `w`
are data in the game's bot module, fitted by maximum likelihood on positions from games
between its rule-based bots, labelled with who won:

    python -m bots.win_model huang --players 4 --games 600 --seed 10000

prints the held-out log-loss and the weights to paste. Searches read the model through the
bot's `position_values` (`mcts:leaf=bot`): unlike a logistic of a margin, the values of all
seats are chances that sum to one, on the scale of `mcts:reward=win`.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

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


def collect(game_id: str, num_players: int, seeds: Sequence[int]
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions at the end of every turn (the seat to move changed) of games between the
    game's rule-based bots, one per seed: (features, winner, game index). Games without a
    single winner are left out."""
    judge = hinted(rule_based_bot(game_id))
    judge.reset(game_id, num_players, 0, 0)
    if seeds and judge.win_features(engine.make(game_id, num_players, seed=seeds[0])) is None:
        raise ValueError(f"the rule-based bot of {game_id} has no win_features")
    feats: list[list[list[float]]] = []
    winners: list[int] = []
    games: list[int] = []
    for index, seed in enumerate(seeds):
        state = engine.make(game_id, num_players, seed=seed)
        bots = [hinted(rule_based_bot(game_id)) for _ in range(num_players)]
        for seat, bot in enumerate(bots):
            bot.reset(game_id, num_players, seat, Seeds(seed)("win-model", seat))
        mover, positions = state.current_player(), []
        while not state.is_terminal():
            state.apply_legal(bot_move(bots, state))
            if not state.is_terminal() and state.current_player() != mover:
                mover = state.current_player()
                positions.append(judge.win_features(state) or [])
        ranking = state.ranking()
        if ranking.count(0) != 1:
            continue
        feats.extend(positions)
        winners.extend([ranking.index(0)] * len(positions))
        games.extend([index] * len(positions))
    return (np.array(feats, dtype=float), np.array(winners, dtype=int),
            np.array(games, dtype=int))


def report(features: np.ndarray, winners: np.ndarray, games: np.ndarray) -> tuple[
        np.ndarray, float, float]:
    """Fit on the games but the last HELD_OUT share of the seeds (the last game alone if
    that leaves a side empty), measure the log-loss on those, then refit on all:
    (weights, held-out log-loss, log-loss of even chances)."""
    last = games.max(initial=0)
    train = games < int(round(last * (1 - HELD_OUT)))
    if train.all() or not train.any():
        train = games < last
    held = log_loss(fit(features[train], winners[train]), features[~train], winners[~train])
    return fit(features, winners), held, math.log(features.shape[1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bots.win_model", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=10_000, help="seed of the first game")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.exit(2, "error: --games must be at least 1\n")
    try:
        engine.get_game(args.game).check_players(args.players)
        features, winners, games = collect(args.game, args.players,
                                           range(args.seed, args.seed + args.games))
    except (ValueError, LookupError) as e:
        parser.exit(2, f"error: {e}\n")
    kept = len(set(games.tolist()))
    if kept < MIN_GAMES:
        parser.exit(1, f"error: {kept} of {args.games} games ended with a single winner; the fit "
                       f"needs at least {MIN_GAMES} (more --games)\n")
    weights, held, even = report(features, winners, games)
    print(f"{args.game}, {args.players} players: {len(winners)} positions from "
          f"{kept} games; held-out log-loss {held:.4f} "
          f"(even chances {even:.4f})")
    print("weights:", ", ".join(f"{w:.3f}" for w in weights))


if __name__ == "__main__":
    main()
