"""What bot authors read (issue 35): names, not paths (entrants labelled `name=spec`, ladder
games recorded by entrant name and version, never a snapshot path), and smoke games that
say what they play and stop at the first timeout."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bots.spec import display_name, split_label
from engine.record import decode_json
from harness.ladders import runner as ladder_runner
from harness.ladders.service import create, submit
from harness.play.clock import TimeControl
from harness.play.entrants import EntrantError, check_entrants
from harness.play.match import play_match
from harness.storage import ladders as ls
from harness.storage.database import Store
from tests.sandbox.conftest import hostile


@pytest.mark.parametrize(("name", "label", "spec", "shown"), [
    ("mine=cmd:node bot.js", "mine", "cmd:node bot.js", "mine"),
    ("cmd:node bot.js --w=1", None, "cmd:node bot.js --w=1", "cmd:node bot.js --w=1"),
    ("mcts:iters=5", None, "mcts:iters=5", "mcts:iters=5"),
    ("random#2", None, "random#2", "random#2"),
    ("jsbot v2=cmd:node /tmp/x/bot.js", "jsbot v2", "cmd:node /tmp/x/bot.js", "jsbot v2"),
])
def test_labels(name: str, label: str | None, spec: str, shown: str) -> None:
    assert split_label(name) == (label, spec) and display_name(name) == shown


def test_a_record_keeps_the_label(tmp_path: Path) -> None:
    rec = play_match("kit", 2, ["mine=" + hostile(tmp_path, "pass"), "random"], seed=1,
                     time_control=TimeControl(per_move=5.0))
    assert not rec.failures and rec.bots == ["mine", "random"]


def test_labels_are_checked_before_any_game() -> None:
    with pytest.raises(EntrantError, match="two entrants are named 'x'"):
        check_entrants("kit", 2, ["x=random", "x=mcts:iters=2"], False)
    with pytest.raises(ValueError, match="cannot have"):
        check_entrants("kit", 2, ["[b]=random", "random"], False)


def test_ladder_records_show_names_and_versions(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    hostile(tmp_path, "pass")  # bot.py: plays the first legal action
    monkeypatch.chdir(tmp_path)
    with Store(tmp_path / "a.sqlite") as store:
        lad = create(store, "lab", ls.LadderSpec(game="kit", num_players=2,
                                                 modules=("tests.kitgame",), seed=3))
        assert submit(store, "lab", f"cmd:{sys.executable} bot.py", "mine").entrant
        assert submit(store, "lab", "random", "rnd").entrant
        ladder_runner.run(store, "lab", games=2, inline=True)
        recs = [decode_json(ls.record(store, lad.id, g.idx) or b"")
                for g in ls.games(store, lad.id)]
    assert recs and all(sorted(r.bots) == ["mine v1", "rnd v1"] for r in recs)


def test_smoke_games_report_progress_and_stop_at_the_first_timeout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35, item 6: `ladder submit` says what it plays, and a slow bot is refused at its
    first timeout, naming the decision and the ladder's time control."""
    body = "if obs['decision'] >= 6:\n    time.sleep(2)"
    spec = hostile(tmp_path, body)
    heard: list[str] = []
    with Store(tmp_path / "a.sqlite") as store:
        create(store, "slow", ls.LadderSpec(game="kit", num_players=2, time_per_move=0.5,
                                            modules=("tests.kitgame",), seed=3))
        result = submit(store, "slow", spec, "slowpoke", progress=heard.append)
    assert result.entrant is None and len(result.problems) == 1
    assert "smoke game 1 (seat 0): timeout at decision" in result.problems[0]
    assert "the ladder's time control: 0.5 s/decision" in result.problems[0]
    assert heard[0] == "smoke game 1 of 2 (the bot in seat 0): starting"
    assert not any("smoke game 2" in h for h in heard)  # stopped after the first bad game


def test_play_refuses_two_entrants_with_one_label(capsys: pytest.CaptureFixture[str]) -> None:
    from harness.cli.main import main
    with pytest.raises(SystemExit) as e:
        main(["play", "--game", "kit", "--bots", "a=random,a=random"])
    assert e.value.code == 2 and "two entrants are named 'a'" in capsys.readouterr().err
