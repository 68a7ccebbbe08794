"""Seeded MCTS games pinned to the moves and scores recorded before the search parameters
were refactored (issue 39): every game with its profile and with explicit parameters of
every kind (rollouts, leaves, rewards, widening, ordering, modelling, plans, guide bots)."""

from __future__ import annotations

import hashlib

import pytest

from harness.play.match import play_match

#: (game, players, bots, seed, scores, decisions, blake2b-8 of the move ids)
PINNED = [
    ("year_of_the_dragon", 2, ["mcts:iters=4,leaf=game",  # the profile before its 2p entry
                               "mcts:iters=4,rollout=ordered,depth=2,leaf=bot,guide=0"],
     1, [96, 43], 114, "7ac8e3daf835d577"),
    ("rotunda", 3, ["mcts:iters=6", "mcts:iters=5,rollout=random,widen=0.5,order=1",
                    "heuristic:rotunda"], 1, [36, 34, 21], 162, "ff40b6ce1c167f2e"),
    ("huang", 2, ["mcts:iters=2,guide=0.1",  # the profile before its 2-player entry
                  "mcts:iters=3,rollout=cutoff,depth=3,opponents=2,plan=1,order=1,"
                  "leaf=game,reward=rank,guide=0.2,guide_bot=breadth=2;beam=1"],
     1, [17, 9], 290, "fdc201bee13fbada"),
    ("dragon_castle", 2, ["mcts:iters=3",
                          "mcts:iters=3,rollout=greedy,depth=1,plan=0,c=0.5,nodes=20"],
     1, [24, 25], 135, "e41a1e7f7ef89fe4"),
    ("gugong", 2, ["mcts:iters=6,leaf=game",  # the profile before its 2-player entry
                   "mcts:iters=5,rollout=cutoff,depth=4,seed=9,reward=win,leaf=game"],
     1, [28, 32], 94, "6a9e4e5828da7d28"),  # re-pinned: Canal B places two (rules §5.7)
]


@pytest.mark.parametrize(("game", "n", "bots", "seed", "scores", "decisions", "moves"),
                         PINNED, ids=[p[0] for p in PINNED])
def test_seeded_search_games_end_as_recorded(game: str, n: int, bots: list[str], seed: int,
                                             scores: list[int], decisions: int,
                                             moves: str) -> None:
    rec = play_match(game, n, bots, seed=seed)
    ids = ",".join(str(m.id) for m in rec.moves).encode()
    assert (rec.scores, len(rec.moves)) == (scores, decisions)
    assert hashlib.blake2b(ids, digest_size=8).hexdigest() == moves
