"""Issue 21: `arena replay` reads a record or one line of a JSON-lines export and lists the
moves in rulebook words with each bot's time; `arena play --watch` follows a live game."""

from __future__ import annotations

import io
from pathlib import Path

import msgspec
import pytest
from rich.box import ASCII
from rich.console import Console

import engine
from engine.protocol import action_words
from engine.record import decode_json, encode_json
from harness.cli.main import main
from harness.play.args import UsageProblem
from harness.play.match import play_match
from harness.play.replay import load_record, run
from harness.views.records import move_table
from harness.views.watching import Watcher


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    got = capsys.readouterr()
    return int(exc.value.code or 0), got.out, got.err


def plain(table: object, width: int = 100) -> str:
    con = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    if hasattr(table, "box"):
        table.box = ASCII  # type: ignore[attr-defined]
    con.print(table)
    return con.file.getvalue()  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def records() -> list[engine.MatchRecord]:
    return [play_match("kit", 2, ["random", "random"], seed=s) for s in (1, 2, 3)]


def test_a_record_file_and_each_line_of_an_export_load(tmp_path: Path, records):
    one = tmp_path / "g.json"
    one.write_bytes(encode_json(records[0]))
    assert load_record(one) == records[0]
    pretty = tmp_path / "pretty.json"  # a record spread over many lines is still one record
    pretty.write_bytes(msgspec.json.format(encode_json(records[1])))
    assert load_record(pretty) == records[1]
    export = tmp_path / "t.jsonl"
    export.write_bytes(b"".join(encode_json(r) + b"\n" for r in records))
    for n, r in enumerate(records, 1):
        assert load_record(export, n) == r
    single = tmp_path / "one.jsonl"
    single.write_bytes(encode_json(records[2]) + b"\n\n")
    assert load_record(single) == records[2]


@pytest.mark.parametrize(("line", "msg"), [(None, "holds 3 lines"), (0, "has lines 1..3"),
                                           (4, "has lines 1..3")])
def test_an_export_without_a_valid_line_number_is_one_clear_problem(tmp_path: Path, records,
                                                                  line, msg):
    export = tmp_path / "t.jsonl"
    export.write_bytes(b"".join(encode_json(r) + b"\n" for r in records))
    with pytest.raises(UsageProblem, match=msg):
        load_record(export, line)


def test_steps_describe_each_move_on_the_state_before_it(records):
    rec = records[0]
    rp = run(rec)
    assert rp.verified() and len(rp.steps) == len(rec.moves) == len(rp.states) - 1
    game = engine.get_game("kit")
    for k, (step, mv) in enumerate(zip(rp.steps, rec.moves, strict=True)):
        before = rp.states[k]
        action = msgspec.convert(mv.action, type=game.action_type)
        assert step.words == before.describe_action(action) != action_words(action)
        assert (step.number, step.seat, step.time) == (k + 1, mv.seat, mv.time)
        after = before.clone()
        after.apply(action)
        assert engine.digest(after) == engine.digest(rp.states[k + 1])


def test_move_table_shows_words_bots_and_times(records):
    rec = decode_json(encode_json(records[1]))  # a copy to change
    rec.bots = ["alice", "bob"]
    rec.moves[0].time = 1.25
    rows = [ln.split("|") for ln in plain(move_table(run(rec))).splitlines()
            if ln.count("|") == 6 and ln.split("|")[1].strip().isdigit()]
    assert len(rows) == len(rec.moves)
    number, seat, bot, words, seconds = (c.strip() for c in rows[0][1:6])
    assert (number, seat, bot, seconds) == ("1", "0", "alice", "1.250")
    assert words.startswith("play the ") or words == "pass"
    assert all(r[3].strip() in ("alice", "bob") for r in rows)
    assert not any("Play" in r[4] or "card=" in r[4] for r in rows)  # words, not Python


def test_cli_replay_prints_words_final_breakdown_and_reads_an_export_line(capsys,
                                                                         tmp_path: Path,
                                                                         records):
    export = tmp_path / "t.jsonl"
    export.write_bytes(b"".join(encode_json(r) + b"\n" for r in records))
    code, out, err = cli(capsys, "replay", str(export), "--line", "2")
    assert code == 0, err
    assert "verified" in out and "play the" in out and "played cards" in out  # the breakdown
    code, _, err = cli(capsys, "replay", str(export))
    assert code == 2 and "--line N" in err


def test_old_records_without_times_still_replay(capsys, tmp_path: Path, records):
    data = msgspec.json.decode(encode_json(records[0]))
    for mv in data["moves"]:
        del mv["time"]
    old = tmp_path / "old.json"
    old.write_bytes(msgspec.json.encode(data))
    assert all(m.time == 0.0 for m in decode_json(old.read_bytes()).moves)
    code, out, _ = cli(capsys, "replay", str(old))
    assert code == 0 and "verified" in out
    rows = [ln for ln in out.splitlines() if ln.startswith("│") and ln[1:5].strip().isdigit()]
    assert len(rows) == len(data["moves"]) and all(r.rstrip(" │").endswith("-") for r in rows)


def test_watch_prints_every_move_in_words_and_changes_nothing(records):
    buf = io.StringIO()
    watcher = Watcher(Console(file=buf, width=80, color_system=None), ["a", "b"])
    rec = play_match("kit", 2, ["random", "random"], seed=1, watch=watcher)
    assert rec.final_digest == records[0].final_digest and rec.moves == [
        msgspec.structs.replace(m, time=m2.time) for m, m2 in zip(records[0].moves, rec.moves,
                                                                  strict=True)]
    text = buf.getvalue()
    steps = run(rec).steps
    for s in steps:
        assert f"{s.number:>3} seat {s.seat} {'ab'[s.seat]} (" in text
        assert s.words in text
    assert text.count("round ") >= len(steps)  # a board after every move
    assert "played cards" in text  # the final breakdown after the last move


def test_watch_from_a_seat_hides_the_other_hands(records):
    buf = io.StringIO()
    watcher = Watcher(Console(file=buf, width=80, color_system=None), ["a", "b"], seat=0)
    play_match("kit", 2, ["random", "random"], seed=1, watch=watcher)
    boards = buf.getvalue().split("\n  1 ")[0]
    assert "seat 1: played [], hand ['?', '?', '?']" in boards


def test_cli_play_watch(capsys):
    code, out, err = cli(capsys, "play", "--game", "kit", "--seed", "5", "--watch")
    assert code == 0, err
    assert "  1 seat 0 random (" in out and "round 1/3" in out


def test_an_illegal_answer_is_logged_with_the_decision_in_words():
    from bots.base import Bot
    from tests.kitgame import Draw

    class Wrong(Bot):
        def act(self, observation, time_left):
            return Draw()  # never an option when a turn starts

    rec = play_match("kit", 2, [Wrong(), "random"], seed=1)
    (f,) = rec.failures
    assert f.kind == "illegal" and f.detail.endswith(
        "is not legal here (the decision: play a hand card face up, or pass)")


@pytest.mark.parametrize("game", [g.id for g in engine.list_games()])
def test_every_game_replays_in_words_with_its_final_breakdown(capsys, tmp_path: Path, game):
    n = 3 if engine.get_game(game).max_players >= 3 else 2
    rec = play_match(game, n, ["random"] * n, seed=8)
    path = tmp_path / "g.json"
    path.write_bytes(encode_json(rec))
    rp = run(rec)
    assert rp.verified() and len(rp.steps) == len(rec.moves)
    code, out, err = cli(capsys, "replay", str(path))
    assert code == 0, err
    assert "verified" in out
    for category in rp.final.score_breakdown():
        assert category in out
    wide = plain(move_table(rp), width=400)  # nothing wraps
    assert all(f"| {s.words} " in wide for s in rp.steps)


def test_watching_a_game_with_a_person_never_draws_the_board_twice(capsys, monkeypatch):
    import re
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 50))
    code, out, err = cli(capsys, "play", "--game", "kit", "--bots", "human,random", "--watch",
                         "--seed", "2")
    assert code == 0, err
    events = "".join("B" if ln.startswith("round ") else "M"
                     for ln in out.splitlines()
                     if ln.startswith("round ") or re.match(r" *\d+ seat \d ", ln))
    assert "BB" not in events  # a board, then a move, then a board ...
    assert events.count("B") > 3 and out.count("you chose:") > 1
    assert events.endswith("MB")  # the final position after the last move
    assert "hand ['?'" in out and "seat 1: played" in out  # seat 0's view only
