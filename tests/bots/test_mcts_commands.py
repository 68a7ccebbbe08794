"""`arena eval` and `arena compare` end to end on the kit game (small n, one Ray worker)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.cli.main import main
from harness.storage.database import Store

KIT = ["--game", "kit", "--game-module", "tests.kitgame"]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[str, str]:
    with pytest.raises(SystemExit) as exit_:
        main(list(args))
    out = capsys.readouterr()
    assert exit_.value.code == 0, out.err
    return out.out, out.err


def _rows(out: str, first: str) -> list[list[str]]:
    return [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in out.splitlines() if line.startswith(f"| {first} ")]


@pytest.mark.slow
def test_eval_plays_rotated_seats_reports_and_resumes(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "eval.sqlite"
    args = ["eval", *KIT, "--bot", "mcts:iters=30", "--opponents", "random,heuristic",
            "--games", "4", "--workers", "1", "--db", str(db), "--markdown"]
    out, err = _run(capsys, *args)
    assert "skipping heuristic:kit" in err  # the kit game has no heuristic bot: said so
    rows = _rows(out, "kit")
    assert len(rows) == 1  # the row once, in the table
    row = rows[0]
    assert row[1:4] == ["2", "random", "4"] and row[7] == "50%" and row[8] == "-"
    wins, ties, losses = map(int, row[4].split("-"))
    assert wins + ties + losses == 4
    # the progress on stderr (a pipe: one line per game), from the run's live standings
    assert f"kit 2p vs random: 4/4 games, {wins + ties / 2:g} won" in err.splitlines()
    assert row[10] == "30"  # sims per decision, read from the records' search notes
    with Store(db, read_only=True) as store:
        (t,) = store.tournaments()
        games = store.games(t.id)
        assert [g.bots.index("mcts:iters=30") for g in games] == [0, 1, 0, 1]
        assert games[0].seed == games[1].seed != games[2].seed
    again, _ = _run(capsys, *args)  # the same command: nothing left to play, same table
    assert _rows(again, "kit")[-1][:11] == row[:11]
    with Store(db, read_only=True) as store:
        assert len(store.tournaments()) == 1


@pytest.mark.parametrize(("args", "message"), [
    (["-n", "4", "--sprt", "0,50,0.5,0.05"], "alpha and beta must lie in (0, 0.5)"),
    (["--opponents", "nobot"], "unknown bot 'nobot'"),
    (["--games", "0"], "'--games': Input should be greater"),
    (["--workers", "0"], "'--workers': Input should be greater"),
    (["--bot", "mcts:rollout=nope"], "rollout must be one of"),
    (["--time-per-move", "-1"], "time"),
])
def test_eval_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            args: list[str], message: str) -> None:
    db = tmp_path / "e.sqlite"
    with pytest.raises(SystemExit) as exit_:
        main(["eval", *KIT, "--opponents", "random", *args, "--db", str(db)])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.startswith("error:") and "Traceback" not in err
    assert message in " ".join(err.split())
    assert not db.exists()  # refused before anything was written


def test_eval_refuses_an_unwritable_database(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["eval", *KIT, "--db", str(tmp_path)])
    assert exit_.value.code == 2 and "is a folder" in capsys.readouterr().err


@pytest.mark.slow
def test_compare_runs_both_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    out, _ = _run(capsys, "compare", *KIT, "--positions", "2", "--sims", "20", "--games", "2",
                  "--time-per-move", "0.05", "--workers", "1", "--db", str(tmp_path / "c.sqlite"))
    speed, games = _rows(out, "kit")[-2:]
    assert float(speed[1]) > 0 and float(speed[2]) > 0 and float(speed[4]) > 0
    assert games[2].startswith("openspiel:mcts:sims=") and games[3] == "2"
