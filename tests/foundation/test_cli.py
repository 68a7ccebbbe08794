"""`arena` CLI: play, replay, and one-line errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.record import decode_json, encode_json
from harness.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    captured = capsys.readouterr()
    return int(exc.value.code or 0), captured.out, captured.err


def test_games_lists_registered_games(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0 and "kit" in out
    assert "unused (default False):" in out  # each option with its default, wrapped
    assert all(len(line) <= 80 for line in out.splitlines())
    code, out, _ = run(capsys, "games", "--json")
    games = {g["id"]: g for g in json.loads(out)}
    assert code == 0 and games["gugong"]["min_players"] == 1
    assert {o["name"] for o in games["kit"]["options"]} >= {"unused"}


def test_play_writes_a_record_that_replays(capsys, tmp_path: Path):
    rec = tmp_path / "g.json"
    code, out, _ = run(capsys, "play", "--game", "kit", "--players", "3", "--seed", "4",
                       "--bots", "random", "--record", str(rec), "--show")
    assert code == 0 and "seed 4" in out and rec.exists()
    record = decode_json(rec.read_bytes())
    assert record.config.num_players == 3 and len(record.scores) == 3
    code, out, _ = run(capsys, "replay", str(rec))
    assert code == 0 and "verified" in out


def test_replay_detects_a_tampered_record(capsys, tmp_path: Path):
    rec = tmp_path / "g.json"
    run(capsys, "play", "--game", "kit", "--record", str(rec))
    record = decode_json(rec.read_bytes())
    record.scores = [s + 1 for s in record.scores]
    rec.write_bytes(encode_json(record))
    code, _, err = run(capsys, "replay", str(rec), "--no-moves")
    assert code == 1 and "does not reach the recorded final state" in err


@pytest.mark.parametrize(
    ("args", "msg"),
    [
        (["play", "--game", "chess"], "unknown game 'chess'"),
        (["play", "--game", "kit", "--players", "9"], "2-4 players, not 9"),
        (["play", "--game", "kit", "--players", "two"], "Invalid value for '--players'"),
        (["play", "--game", "kit", "--option", "speed"], "must look like name=value"),
        (["play", "--game", "kit", "--option", "speed=3"], "no option 'speed'"),
        (["play", "--game", "kit", "--bots", "a,b,c"], "lists 3 bots for 2 players"),
        (["play", "--game", "kit", "--bots", "wizard"], "unknown bot 'wizard'"),
        (["play", "--colour", "red"], "No such option: --colour"),
        (["replay", "/nonexistent/x.json"], "cannot read"),
    ],
)
def test_bad_input_gives_one_clear_line(capsys, args: list[str], msg: str):
    code, _, err = run(capsys, *args)
    assert code == 2
    assert msg in " ".join(err.split())
    assert "Traceback" not in err


def test_replay_of_a_file_that_is_not_a_record(capsys, tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "is not a match record" in err


def test_bot_parameters_may_contain_commas():
    from harness.play.args import split_bots, split_specs

    assert split_specs("mcts:iters=200,c=1.4,random") == ["mcts:iters=200,c=1.4", "random"]
    assert split_specs("python:m:C:a=1,b=2, heuristic:huang") == ["python:m:C:a=1,b=2",
                                                                 "heuristic:huang"]
    assert split_bots("mcts:iters=20,rollout=cutoff,depth=4", 3) == [
        "mcts:iters=20,rollout=cutoff,depth=4"] * 3


def test_every_entrant_of_bots_may_have_a_label(capsys, tmp_path: Path):
    """`label=spec` names any entrant of --bots, not only the first; a `name=value` piece
    stays a parameter of the bot before it when that bot takes it (or it is no bot)."""
    from harness.play.args import split_specs

    assert split_specs("random,mine=cmd:node bot.js") == ["random", "mine=cmd:node bot.js"]
    assert split_specs("a=random,b=heuristic:huang,c=mcts:iters=8,c=1.4") == [
        "a=random", "b=heuristic:huang", "c=mcts:iters=8,c=1.4"]
    assert split_specs("mcts:iters=8,rollout=random,x=random") == [
        "mcts:iters=8,rollout=random", "x=random"]
    rec = tmp_path / "g.json"
    bot = Path(__file__).resolve().parents[2] / "examples" / "first_legal_bot.py"
    code, out, err = run(capsys, "play", "--game", "kit", "--seed", "2", "--record", str(rec),
                         "--bots", f"random,mine=cmd:python3 {bot}")
    assert code == 0, err
    assert decode_json(rec.read_bytes()).bots == ["random", "mine"]
    assert "mine" in out and "first_legal_bot" not in out


def test_play_with_a_parameterised_bot(capsys):
    code, out, err = run(capsys, "play", "--game", "kit", "--bots",
                         "python:bots.base:RandomBot:seed=1,random")
    assert code == 0, err


def test_an_unexpected_error_is_a_bug_not_bad_input(capsys, monkeypatch):
    """Only ArenaError (and click's usage errors) are bad input: a ValueError from deep
    inside a command is a bug, reported as one with its traceback and exit status 1."""
    from harness.cli import games
    from harness.cli.main import BUG

    def broken(specs: list[str]) -> None:
        raise ValueError("an internal mistake")

    monkeypatch.setattr(games, "check_labels", broken)
    code, _, err = run(capsys, "play", "--game", "kit", "--bots", "random")
    assert code == 1 and err.startswith(BUG) and not err.startswith("error:")
    assert "Traceback" in err and "ValueError: an internal mistake" in err


def test_a_deliberate_error_stays_one_line(capsys, monkeypatch):
    """The same place raising an ArenaError (bad input) gives one line and exit status 2."""
    from engine.protocol import ArenaError
    from harness.cli import games

    def refused(specs: list[str]) -> None:
        raise ArenaError("this bot list cannot be used")

    monkeypatch.setattr(games, "check_labels", refused)
    code, _, err = run(capsys, "play", "--game", "kit", "--bots", "random")
    assert code == 2 and err == "error: this bot list cannot be used\n"
