"""Ladder behaviour played in-process (no Ray): pinning and versions, seats in N-player
games, bots joining a running ladder."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from harness.ladders import runner as ladder_runner
from harness.ladders.pin import manifest, pin, store
from harness.ladders.service import create, submit
from harness.storage import ladders as ls
from harness.storage.database import Store

BOT = '''
from bots.base import RandomBot


class Mine(RandomBot):
    pass
'''


def test_pinning_snapshots_files_and_hashes_their_content(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "pinned_bot.py").write_text(BOT)
    (mine / "run.sh").write_text("#!/bin/sh\nexec python3 bot.py\n")
    monkeypatch.syspath_prepend(str(mine))
    monkeypatch.chdir(mine)
    a = pin("python:pinned_bot:Mine", tmp_path / "snap")
    assert a.run_spec == "python:pinned_bot:Mine"  # imported from the bot's own folder

    def content(p: object, path: str) -> str:
        made = manifest(p.snapshot or "", tmp_path / "snap")  # type: ignore[attr-defined]
        (digest,) = [d for name, d, _ in made.entries if name == path]
        return store(tmp_path / "snap").read(digest).decode()

    assert content(a, "pinned_bot.py") == BOT
    assert pin("python:pinned_bot:Mine", tmp_path / "snap") == a  # same files, same pin
    (mine / "pinned_bot.py").write_text(BOT + "# edited\n")
    b = pin("python:pinned_bot:Mine", tmp_path / "snap")
    assert b.digest != a.digest and content(a, "pinned_bot.py") == BOT
    c = pin("cmd:sh run.sh", tmp_path / "snap")
    assert c.snapshot and c.run_spec == "cmd:sh run.sh" and content(c, "run.sh").startswith("#!")
    assert pin("random", tmp_path / "snap").snapshot is None


def _ladder(store: Store, name: str, players: int = 2) -> ls.Ladder:
    return create(store, name, ls.LadderSpec(game="kit", num_players=players,
                                             modules=("tests.kitgame",), seed=3))


def test_three_player_games_fill_every_seat_and_rotate_them(tmp_path: Path) -> None:
    with Store(tmp_path / "a.sqlite") as store:
        lad = _ladder(store, "three", players=3)
        for spec, name in (("random", "r"), ("mcts:iters=4", "m4"), ("mcts:iters=8", "m8")):
            submit(store, "three", spec, name)
        ladder_runner.run(store, "three", games=30, inline=True)
        games = ls.games(store, lad.id)
        entrants = ls.entrants(store, lad.id)
    assert len(games) == 30 and all(len(set(g.entrants)) == 3 for g in games)
    seats = Counter((e, s) for g in games for s, e in enumerate(g.entrants))
    assert all(seats[(e.id, s)] == 10 for e in entrants for s in range(3))


def test_new_versions_and_new_bots_join_a_running_ladder(tmp_path: Path) -> None:
    with Store(tmp_path / "b.sqlite") as store:
        lad = _ladder(store, "live")
        submit(store, "live", "random", "r")
        old = submit(store, "live", "mcts:iters=4", "m").entrant
        calls = {"n": 0}

        def midway(state: ladder_runner.LadderState) -> None:
            calls["n"] += 1
            if calls["n"] == 5:  # while the ladder runs: a new bot and a new version
                assert submit(store, "live", "mcts:iters=6", "newcomer").entrant
                assert submit(store, "live", "mcts:iters=8", "m").entrant
                calls["scheduled"] = len(ls.games(store, lad.id))

        ladder_runner.run(store, "live", games=40, inline=True, on_update=midway)
        by_label = {e.label: e for e in ls.entrants(store, lad.id)}
        games = ls.games(store, lad.id)
    assert old is not None and set(by_label) == {"r v1", "m v1", "m v2", "newcomer v1"}
    assert not by_label["m v1"].active and by_label["m v2"].active
    assert by_label["newcomer v1"].games > 0 and by_label["m v2"].games > 0
    late = [g for g in games if g.idx >= calls["scheduled"]]  # matched after the submissions
    assert late and all(old.id not in g.entrants for g in late)
