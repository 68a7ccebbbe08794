"""Ladders people share: owners of names, versions coming back, retire / reactivate /
delete, automatic retirement, and one database wherever you stand (in-process, no Ray)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.cli.main import main
from harness.ladders import runner as ladder_runner
from harness.storage import ladders as ls
from harness.storage.database import Store, default_db
from harness.storage.tally import FAIL_LIMIT, FAIL_WINDOW, failing_kinds, kinds_of

ROOT = Path(__file__).resolve().parents[2]


def arena(capsys: pytest.CaptureFixture[str], *args: str, code: int = 0) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(list(args))
    got = capsys.readouterr()
    assert exit_.value.code == code, got.out + got.err
    return " ".join((got.out + got.err).split())


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database named by ARENA_DB (as a user would set it), with ladder `kl` of ann."""
    path = tmp_path / "shared.sqlite"
    monkeypatch.setenv("ARENA_DB", str(path))
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    with pytest.raises(SystemExit):
        main(["ladder", "create", "kl", "--game", "kit", "--game-module", "tests.kitgame",
              "--author", "ann"])
    return path


def _play(db: Path, games: int) -> None:
    with Store(db) as store:
        ladder_runner.run(store, "kl", games=games, inline=True, allow_unsandboxed=True)


def _entrants(db: Path) -> dict[str, ls.Entrant]:
    with Store(db, read_only=True) as store:
        return {e.label: e for e in ls.entrants(store, ls.ladder(store, "kl").id)}


def test_a_name_belongs_to_its_author_and_versions_come_back(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    arena(capsys, "ladder", "submit", "kl", "random", "--as", "rnd", "--author", "ann")
    assert "registered jsbot v1" in arena(capsys, "ladder", "submit", "kl", "mcts:iters=4",
                                          "--as", "jsbot", "--author", "joe")
    taken = arena(capsys, "ladder", "submit", "kl", "mcts:iters=8", "--as", "jsbot",
                  "--author", "eve", code=2)
    assert taken == ("error: bot name 'jsbot' on ladder 'kl' belongs to 'joe' (you are "
                     "'eve'); choose another name")
    assert "joe's bot 'jsbot' is the same name spelled another way (it differs only in " \
           "case); choose another name" in arena(
        capsys, "ladder", "submit", "kl", "mcts:iters=8", "--as", "JSBOT", "--author", "eve",
        code=2)
    _play(db, 6)
    v1 = _entrants(db)["jsbot v1"]
    assert v1.games > 0
    new = arena(capsys, "ladder", "submit", "kl", "mcts:iters=8", "--as", "jsbot",
                "--author", "joe")
    assert "new version jsbot v2 (its files differ from jsbot v1" in new
    _play(db, 4)
    back = arena(capsys, "ladder", "submit", "kl", "mcts:iters=4", "--as", "jsbot",
                 "--author", "joe")
    assert "jsbot v1 is back in matchmaking (same files" in back and "jsbot v2 leaves" in back
    now = _entrants(db)
    assert "jsbot v3" not in now and now["jsbot v1"].playing and not now["jsbot v2"].active
    assert (now["jsbot v1"].games, now["jsbot v1"].mu) == (v1.games, v1.mu)  # its rating
    twin = arena(capsys, "ladder", "submit", "kl", "mcts:iters=4", "--as", "copy",
                 "--author", "eve", code=2)
    assert "already entered on 'kl' as jsbot v1 (by joe)" in twin


def test_retire_reactivate_delete_are_owner_only_and_leave_matchmaking(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    arena(capsys, "ladder", "submit", "kl", "random", "--as", "rnd", "--author", "ann")
    arena(capsys, "ladder", "submit", "kl", "mcts:iters=4", "--as", "m4", "--author", "joe")
    arena(capsys, "ladder", "submit", "kl", "mcts:iters=6", "--as", "m6", "--author", "joe")
    _play(db, 6)
    assert "belongs to 'joe'" in arena(capsys, "ladder", "retire", "kl", "m4", "--author",
                                       "eve", code=2)
    assert "m4 v1 retired from kl" in arena(capsys, "ladder", "retire", "kl", "m4",
                                            "--author", "joe")
    before = _entrants(db)["m4 v1"].games
    _play(db, 6)
    assert _entrants(db)["m4 v1"].games == before  # out of matchmaking, games kept
    shown = arena(capsys, "ladder", "show", "kl")
    assert "m4 v1 (retired: by joe)" in shown and "ranked by mu - 3 sigma" in shown
    assert "m4 v1 is back in matchmaking" in arena(capsys, "ladder", "reactivate", "kl", "m4",
                                                   "--author", "ann")  # the ladder's owner
    _play(db, 6)
    assert _entrants(db)["m4 v1"].games > before

    assert "needs confirmation: add --yes" in arena(capsys, "ladder", "delete", "kl",
                                                    "--bot", "m6", "--author", "joe", code=2)
    assert "belongs to 'joe'" in arena(capsys, "ladder", "delete", "kl", "--bot", "m6",
                                       "--author", "eve", "--yes", code=2)
    assert "bot m6 deleted from kl (1 versions" in arena(
        capsys, "ladder", "delete", "kl", "--bot", "m6", "--author", "joe", "--yes")
    assert "m6" not in " ".join(_entrants(db))
    doc = json.loads(arena(capsys, "ladder", "show", "kl", "--json", "--all"))
    assert {r["bot"] for r in doc["standings"]} == {"rnd", "m4"}
    assert "(deleted)" in arena(capsys, "ladder", "games", "kl", "--bot", "rnd", "--limit", "99")

    with Store(db, read_only=True) as store:
        root = Path(ls.ladder(store, "kl").spec.bot_root)
    assert root.is_dir()
    assert "belongs to 'ann'" in arena(capsys, "ladder", "delete", "kl", "--author", "joe",
                                       "--yes", code=2)
    assert "ladder kl deleted" in arena(capsys, "ladder", "delete", "kl", "--author", "ann",
                                        "--yes")
    assert not root.exists()
    assert "no ladder 'kl'" in arena(capsys, "ladder", "show", "kl", code=2)


def test_games_are_listed_by_game_number(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    arena(capsys, "ladder", "submit", "kl", "random", "--as", "rnd")
    arena(capsys, "ladder", "submit", "kl", "mcts:iters=4", "--as", "m4")
    _play(db, 5)
    with Store(db) as store, store.transaction() as con:  # results came in out of order
        con.execute("UPDATE ladder_games SET seq = 10 - seq")
        con.execute("UPDATE ladder_history SET seq = 10 - seq")
    listed = arena(capsys, "ladder", "games", "kl", "--bot", "rnd", "--save", str(db.parent))
    rows = listed.split("─ ", 1)[1].split("records written")[0].split("normal")
    assert [r.split()[0] for r in rows if r.strip()] == ["4", "3", "2", "1", "0"]
    # `history` numbers them as `games` does (in the order they were rated: 4 first)
    assert "after game 4 -> " in arena(capsys, "ladder", "history", "kl", "--bot", "rnd")
    assert "after game 0 (5 games)" in arena(capsys, "ladder", "history", "kl", "--bot", "rnd")
    # seats are numbered from 0 in JSON, as on the screen
    doc = json.loads(arena(capsys, "ladder", "show", "kl", "--json"))
    assert [s["seat"] for s in doc["seats"]] == [0, 1]
    assert "seat 0 " in arena(capsys, "ladder", "show", "kl")


def test_a_bot_failing_most_of_its_recent_games_leaves_matchmaking(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    arena(capsys, "ladder", "submit", "kl", "random", "--as", "rnd")
    arena(capsys, "ladder", "submit", "kl", "mcts:iters=4", "--as", "m4")
    with Store(db) as store:  # a bot that passed its smoke games but now exits at once
        lad = ls.ladder(store, "kl")
        ls.add_entrant(store, lad.id, "flaky", "cmd:false", "cmd:/bin/false", "h", None,
                       "passed", author="joe")
    _play(db, 30)
    flaky = _entrants(db)["flaky v1"]
    assert flaky.retired == (f"automatically: failed in {FAIL_LIMIT} of its last {FAIL_LIMIT} "
                             f"games (crash {FAIL_LIMIT})")
    assert flaky.games == FAIL_LIMIT  # nothing scheduled after it left
    shown = arena(capsys, "ladder", "show", "kl")
    assert "flaky v1 (retired: automatically: failed in 6 of its last 6 games" in shown
    arena(capsys, "ladder", "reactivate", "kl", "flaky", "--author", "joe")
    _play(db, 3)  # back with a clean slate: its old failures do not count again
    assert _entrants(db)["flaky v1"].games > FAIL_LIMIT


def test_the_failure_rule_counts_games_not_failures() -> None:
    def failing(eid: int, games: list[tuple[list[int], list[list[object]]]]) -> str | None:
        """The rule over (entrant per seat, [seat, kind] failures) of the newest games
        first, as the ladder applies it: each game's kinds of `eid`'s own seats."""
        return failing_kinds([kinds_of(eid, seats, f) for seats, f in games])

    crash = [[0, "crash"], [0, "timeout"]]  # two failures in one game count once
    assert failing(7, [([7, 8], crash)] * (FAIL_LIMIT - 1) + [([7, 8], [])] * 5) is None
    assert failing(7, [([8, 7], [[1, "illegal"]])] * FAIL_LIMIT) is not None
    assert failing(7, [([8, 7], [[0, "illegal"]])] * FAIL_WINDOW) is None  # not its seat
    old = [([7, 8], crash)] * FAIL_LIMIT
    assert failing(7, [([7, 8], [])] * FAIL_WINDOW + old) is None  # only the last 10


def test_one_database_wherever_you_stand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("ARENA_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    assert default_db() == ROOT / "results" / "arena.sqlite"
    assert default_db("eval.sqlite") == ROOT / "results" / "eval.sqlite"  # `arena eval`'s
    monkeypatch.setenv("ARENA_DB", "/proc/arena-nowhere/eval.sqlite")  # eval follows it too
    assert "cannot write --db /proc/arena-nowhere/eval.sqlite" in arena(
        capsys, "eval", "--game", "kit", "--bot", "random", code=2)
    shared = tmp_path / "elsewhere" / "arena.sqlite"
    monkeypatch.setenv("ARENA_DB", str(shared))
    assert "no database at" in arena(capsys, "ladder", "submit", "kl", "random", "--as",
                                     "r", code=2)
    assert "no database at" in arena(capsys, "ladder", "show", "kl", code=2)
    assert "no database at" in arena(capsys, "ladder", "run", "kl", code=2)
    assert not shared.parent.exists()  # nothing made by commands that need a ladder
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    monkeypatch.chdir(tmp_path / "a")
    arena(capsys, "ladder", "create", "kl", "--game", "kit", "--game-module", "tests.kitgame")
    monkeypatch.chdir(tmp_path / "b")
    assert "registered r v1" in arena(capsys, "ladder", "submit", "kl", "random", "--as", "r")
    assert not list((tmp_path / "a").iterdir()) and not list((tmp_path / "b").iterdir())
