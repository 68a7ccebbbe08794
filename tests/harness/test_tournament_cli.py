"""`arena tournament` and `arena demo`: bad input gives one clear error (no Ray started)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import registry
from harness.cli.main import main
from harness.storage.database import Store
from harness.tournaments.schedule import TournamentSpec, pool_key

KIT = ["--game", "kit", "--game-module", "tests.kitgame"]


def _fails(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run `arena args...`, expect exit status 2 and one error message; return it."""
    with pytest.raises(SystemExit) as exit_:
        main(list(args))
    err = capsys.readouterr().err
    assert exit_.value.code == 2, err
    assert err.startswith("error:") and "Traceback" not in err
    return " ".join(err.split())


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "9", "--bots", "random,mcts"], "for 2-4 players, not 9"),
    (["--bots", "random,nobot"], "unknown bot 'nobot'"),
    (["--bots", "random"], "at least two different bots"),
    (["--bots", "random,mcts", "--games", "0"], "'--games': Input should be greater"),
    (["--bots", "random,mcts", "--workers", "0"], "'--workers': Input should be greater"),
    (["--bots", "random,mcts", "--sprt", "x"], "four numbers"),
    (["--bots", "random,mcts", "--option", "nope"], "must look like name=value"),
    (["--bots", "random,mcts", "--option", "nope=1"], "no option 'nope'"),
    (["--bots", "random,mcts", "--format", "swiss"], "swiss"),
    (["--bots", "random,mcts", "--address", "127.0.0.2:1"], "no Ray cluster answers at"),
    (["--bots", "random,mcts", "--address", "nonsense"], "not of the form host:port"),
    (["--bots", "random,mcts", "--clock", "1+x"], "must look like SECONDS+INCREMENT"),
    (["--bots", "random,mcts", "--clock", "5", "--time-per-move", "1"], "not both"),
])
def test_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                       message: str) -> None:
    db = tmp_path / "a.sqlite"
    err = _fails(capsys, "tournament", "run", *KIT, *args, "--db", str(db))
    assert message in err
    if db.exists():  # nothing was scheduled
        with Store(db) as store:
            assert store.tournaments() == []


def test_unknown_game_module_and_unknown_tournament(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "a.sqlite")
    err = _fails(capsys, "tournament", "run", "--game", "kit", "--game-module", "no.such",
                 "--bots", "random,mcts", "--db", db)
    assert "cannot import game module 'no.such'" in err
    assert "no database at" in _fails(capsys, "tournament", "resume", "x", "--db", db)
    Store(db).close()  # an empty arena database
    assert "no tournament 'x'" in _fails(capsys, "tournament", "resume", "x", "--db", db)
    assert "no tournament 'x'" in _fails(capsys, "tournament", "show", "x", "--db", db)


def test_a_corrupt_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "bad.sqlite"
    db.write_bytes(b"\x00garbage" * 500)
    for cmd in (["run", *KIT, "--bots", "random,mcts"], ["show", "t"], ["list"]):
        err = _fails(capsys, "tournament", *cmd, "--db", str(db))
        assert "is not a usable arena database (file is not a database)" in err


def test_a_database_locked_by_another_driver(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "busy.sqlite"
    with Store(db) as other:
        key = pool_key(TournamentSpec(game="kit", num_players=2, bots=("random", "mcts")))
        other.acquire_driver_lock(f"tournaments {key}")
        err = _fails(capsys, "tournament", "run", *KIT, "--bots", "random,mcts", "--name", "t",
                     "--db", str(db))
        assert f"a tournament of rating pool {key!r}" in err and "another driver" in err
        assert other.tournaments() == []  # the refused run scheduled nothing


def test_demo_without_any_game_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "BUILTIN", {})
    err = _fails(capsys, "demo", "--db", str(tmp_path / "d.sqlite"))
    assert "no game is registered yet" in err


def test_the_demo_says_when_its_engine_runs_as_python_unasked() -> None:
    from engine.native import Status
    from harness.views.demo import build_note

    assert build_note(Status(available=84, loaded=["engine.kernel.gamestate"])) is None
    assert build_note(Status(off="ARENA_PURE is set", pure=True)) is None  # asked for
    line = build_note(Status(off="the install compiled no module: no C compiler?"))
    assert line == ("note: the engine runs as Python (the install compiled no module: no C "
                    "compiler?), at about half the speed of a compiled install (README, Set-up)")
