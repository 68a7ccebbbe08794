"""Issue 38: human play on a terminal is one full screen (harness/views/play_screen.py), read in
tmux at 80x24 and 120x40: the board's first row, the decision, the options and the input
at once; typing filters; a move is taken; `u` takes it back; `q` and Ctrl-C end it."""

from __future__ import annotations

import io
import re
import subprocess
import time

import pytest
from rich.console import Console

from bots.human import TAKEN_BACK, HumanBot
from harness.play.match import play_match
from harness.views.watching import Watcher
from tests.tmux import ARENA, Tmux, needs_tmux

SIZES = [(80, 24), (120, 40)]
INPUT = "a number or words, Enter"  # the input line's placeholder


def play(game: str, width: int, height: int, bots: str = "human,random") -> Tmux:
    return Tmux([*ARENA, "play", "-g", game, "--bots", bots, "--seed", "1"], width, height)


def options(screen: str) -> list[str]:
    """The option lines: between the decision line and the message line (the last two rows
    are the message and the input)."""
    rows = screen.splitlines()
    start = next(i for i, r in enumerate(rows) if "your decision:" in r)
    return [r for r in rows[start + 1:-2] if r.strip()]


def asked(t: Tmux, move: int, more: str = "") -> str:
    """The screen once it asks our decision at `move` with its options, the input and the
    text `more`."""
    return t.wait_until(lambda s: f"move {move}, your decision" in s and INPUT in s
                        and re.search(r"(?m)^ *1  ", s) is not None and more in s,
                        f"decision {move}", timeout=60)


def gone(t: Tmux) -> bool:
    """True once the test's tmux server is no more."""
    return subprocess.run(["tmux", "-L", t.socket, "ls"], capture_output=True).returncode != 0


@needs_tmux
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_one_screen_holds_board_decision_options_and_input(width: int, height: int) -> None:
    with play("huang", width, height) as t:
        screen = asked(t, 1)
        rows = screen.splitlines()
        assert len(rows) <= height and all(len(r) <= width for r in rows)
        assert rows[1].startswith("Huang - base side")  # the board's first row
        assert "move 1, your decision: Tiger (seat 0): choose action 1 of 2" in screen
        assert any("1  position a leader: the Governor" in r for r in options(screen))
        assert "PgUp/PgDn board" in rows[0] and "u undo" in rows[0] and "q quit" in rows[0]
        t.write("red")  # typing filters the options as you type
        screen = t.wait_until(lambda s: "2 of 12 options" in s and len(options(s)) == 2,
                              "the filtered list", timeout=30)
        shown = options(screen)
        assert len(shown) == 2 and all("red" in r for r in shown), screen
        assert "Governor" not in "\n".join(shown)
        t.keys("BSpace", "BSpace", "BSpace")
        t.type("1")  # a move is taken: it shows among the last moves
        asked(t, 2, "1 seat 0 human (")
        t.type("u")  # takes back our own last decision
        t.wait_until(lambda s: "move 1, your decision" in s and TAKEN_BACK in s
                     and "1 seat 0 human (" not in s, "the take-back", timeout=30)
        t.type("q")
        screen = t.wait_for("[status 1]", timeout=30)
        assert "game abandoned: no result, no record written" in screen
        assert not [ln for ln in t.joined() if len(ln) > width]
    assert gone(t)


@needs_tmux
def test_pgdn_scrolls_the_board_and_pgup_brings_it_back() -> None:
    with play("huang", 80, 24) as t:
        asked(t, 1)
        t.keys("PageDown")
        screen = t.wait_for("lowest of yellow, red", timeout=30)  # the board's 19th line
        assert "Huang - base side" not in screen and "your decision" in screen
        t.keys("PageUp")
        t.wait_for("Huang - base side", timeout=30)


@needs_tmux
def test_ctrl_c_exits_130_with_one_line() -> None:
    with play("kit", 80, 24) as t:
        asked(t, 1)
        t.keys("C-c")
        screen = t.wait_for("[status 130]", timeout=30)
        said = [r for r in screen.splitlines() if r.strip() and not r.startswith("[")]
        assert said == ["interrupted: game abandoned: no result, no record written"]
    assert gone(t)


@needs_tmux
def test_a_whole_game_on_the_screen_ends_with_the_result() -> None:
    with play("kit", 80, 24) as t:
        screen = asked(t, 1)
        assert "seat 1: played [], hand ['?', '?', '?']" in screen  # the other hand hidden
        t.type("42")
        t.wait_for("there is no action 42: choose a number from 1 to 4", timeout=30)
        t.write("pas")
        t.wait_for("1 of 4 options", timeout=30)
        t.keys("Enter")  # the only match
        t.wait_for("seat 1 random (", timeout=30)  # the other seat's move, in words
        last, end = 1, time.monotonic() + 120  # each answer is "1"
        while "[exited]" not in (screen := t.screen()) and time.monotonic() < end:
            now = re.search(r"move (\d+), your decision", screen)
            if now and int(now.group(1)) > last and INPUT in screen:
                last = int(now.group(1))
                t.type("1")
            time.sleep(0.05)
        history = t.wait_for("[status 0]", timeout=30, whole=True)
        assert "played cards" in history and "human" in history and "random" in history


def test_watch_numbers_restart_from_a_taken_back_move() -> None:
    buf = io.StringIO()
    watcher = Watcher(Console(file=buf, width=80, color_system=None), ["human", "random"],
                      board=False, seat=0, draws=[0])
    bot = HumanBot(io.StringIO("1\nu\n2\n" + "1\n" * 200), io.StringIO())
    play_match("kit", 2, [bot, "random"], seed=3, undo=True, watch=watcher)
    numbers = [int(ln.split()[0]) for ln in buf.getvalue().splitlines() if "seat" in ln]
    assert numbers[:3] == [1, 1, 2]  # move 1 (ours), taken back at move 2: move 1 again
