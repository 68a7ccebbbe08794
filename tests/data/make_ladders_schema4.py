"""Builds tests/data/ladders-schema4.sqlite: a database written by the code of schema 4
(before ladders kept their aggregates, records compressed apart), for the migration tests.

It must run against that code, not this checkout's (the fixture is committed; run this
only to make it again, from a checkout or export of the commit before the aggregates):

    cd OLD_CHECKOUT && PYTHONPATH=. python /path/to/tests/data/make_ladders_schema4.py OUT

Two ladders on the test kit game: `old` (2 players) lives through everything a ladder
meets (games, a retirement by hand and its reactivation, a new version, a bot deleted
after it played, a bot retired automatically, a game pending, a game that failed) and
`three` (3 players) plays a few games; a tournament with a finished game sits beside.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine import registry
from harness.ladders import lifecycle
from harness.ladders import runner as ladder_runner
from harness.ladders.service import create, submit
from harness.storage import ladders as ls
from harness.storage.database import GameRow, ScheduledGame, Store
from tests import kitgame


def build(path: Path) -> None:
    registry.register(kitgame.GAME)
    with Store(path) as store:
        spec = ls.LadderSpec(game="kit", modules=("tests.kitgame",), seed=11)
        create(store, "old", spec, "ann")
        for bot, name, who in (("random", "rnd", "ann"), ("mcts:iters=4", "m4", "joe"),
                               ("mcts:iters=6", "m6", "joe")):
            assert submit(store, "old", bot, name, author=who).entrant is not None
        lad = ls.ladder(store, "old")
        ls.add_entrant(store, lad.id, "flaky", "cmd:false", "cmd:/bin/false", "h-flaky",
                       None, "passed", author="eve")  # passed its smoke games, then crashes

        def play(games: int) -> None:
            ladder_runner.run(store, "old", games=games, inline=True, allow_unsandboxed=True)

        play(24)
        lifecycle.retire(store, "old", "m4", "joe")
        play(8)
        assert submit(store, "old", "mcts:iters=8", "m6", author="joe").entrant is not None
        play(8)
        lifecycle.reactivate(store, "old", "m4", None, "joe")
        play(8)
        lifecycle.delete_entrant(store, "old", "m6", "joe")
        play(6)
        state = ladder_runner.LadderState(store, "old")
        state.next_game()  # left pending, as a killed run leaves it
        failed = state.next_game()
        ls.fail_game(store, lad.id, failed.idx, "RuntimeError: the engine raised")

        create(store, "three", ls.LadderSpec(game="kit", num_players=3,
                                             modules=("tests.kitgame",), seed=4), "bob")
        for bot, name in (("random", "r"), ("mcts:iters=4", "a"), ("mcts:iters=8", "b")):
            assert submit(store, "three", bot, name, author="bob").entrant is not None
        ladder_runner.run(store, "three", games=9, inline=True)

        tid = store.create("t", '{"game": "kit"}', "kit/2p/{}",
                           [ScheduledGame(0, 0, 5, ("random", "mcts")),
                            ScheduledGame(1, 0, 6, ("mcts", "random"))])
        store.finish_game(tid, "kit/2p/{}", GameRow(
            idx=0, block=0, seed=5, bots=[], status="pending", outcome="normal",
            scores=[3, 1], ranking=[0, 1]), b'{"tournament record": 1}', 0.2,
            {"random": (1516.0, 1), "mcts": (1484.0, 1)})
    with Store(path) as store:
        store.db.execute("VACUUM")


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.unlink(missing_ok=True)
    build(out)
    print(f"{out}: {out.stat().st_size} bytes")
