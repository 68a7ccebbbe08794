"""Issue 21: `arena replay FILE --step`, the step viewer: board per move, forward and back,
jump to move N, god view or a seat's view; driven by Textual's pilot and, as a person would,
in tmux."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import engine
from engine.common.view import view_text
from engine.record import encode_json
from harness.play.match import play_match
from harness.play.replay import run
from harness.views.viewer import ReplayViewer
from tests.tmux import ARENA, Tmux, needs_tmux


@pytest.fixture(scope="module")
def replay():
    return run(play_match("kit", 2, ["random", "random"], seed=11))


def drive(rp, *keys: str, height: int = 40) -> ReplayViewer:
    """Open the viewer headless at 80 columns, press `keys`, return the app as they left it."""
    app = ReplayViewer(rp)

    async def go() -> None:
        async with app.run_test(size=(80, height)) as pilot:
            for k in keys:
                await pilot.press(k)
            await pilot.pause()
            app.seen_scroll_y = app.query_one("#scroll").scroll_y  # type: ignore[attr-defined]
            app.exit()

    asyncio.run(go())
    return app


def test_forward_back_and_the_ends(replay):
    n = len(replay.steps)
    assert drive(replay, "right", "n", "n").position == 3
    assert drive(replay, "n", "n", "left", "p").position == 0
    assert drive(replay, "end").position == n
    assert drive(replay, "end", "right").position == n  # stays on the last move
    app = drive(replay, "end", "home")
    assert app.position == 0 and app.board_text.plain == replay.states[0].render()


def test_the_board_is_the_position_after_the_move(replay):
    app = drive(replay, "n", "n")
    assert app.board_text.plain == replay.states[2].render()


def test_jump_to_move_n_and_a_bad_number(replay):
    assert drive(replay, "g", "7", "enter").position == 7
    app = drive(replay, "n", "g", "9", "9", "9", "enter")
    assert app.position == 1  # no move 999: stays


def test_views_cycle_god_then_each_seat(replay):
    app = drive(replay, "v")
    assert app.seat == 0 and app.board_text.plain == replay.states[0].render(0)
    assert "?" in app.board_text.plain  # seat 1's hand is hidden from seat 0
    assert drive(replay, "v", "v").seat == 1
    assert drive(replay, "v", "v", "v").seat is None


@pytest.mark.parametrize("game", [g.id for g in engine.list_games() if g.id != "kit"])
def test_every_game_steps_with_seat_views_and_a_tall_board_scrolls(game):
    rp = run(play_match(game, 3 if engine.get_game(game).max_players >= 3 else 2,
                        ["random"] * (3 if engine.get_game(game).max_players >= 3 else 2),
                        seed=5))
    app = drive(rp, "end", "p", "v", "v")
    assert app.position == len(rp.steps) - 1 and app.seat == 1
    assert app.board_text.plain == view_text(rp.states[-2], 1)[0].plain
    app = drive(rp, "pagedown", height=20)
    assert app.seen_scroll_y > 0  # the keys scroll a board taller than 20


@needs_tmux
def test_a_person_steps_through_a_replay_in_tmux(tmp_path: Path):
    rec = play_match("kit", 2, ["random", "random"], seed=11)
    path = tmp_path / "g.json"
    path.write_bytes(encode_json(rec))
    rp = run(rec)
    first, second = rp.steps[0], rp.steps[1]
    with Tmux([*ARENA, "replay", str(path), "--step"]) as t:
        screen = t.wait_for("the start of the game")
        assert "n next" in screen and "g jump" in screen and "v seat view" in screen
        hands_before = [ln for ln in screen.splitlines() if "hand [" in ln]
        t.keys("n")
        screen = t.wait_for(f"move 1/{len(rp.steps)}")
        assert first.words in screen and f"({first.seconds} s)" in screen
        assert [ln for ln in screen.splitlines() if "hand [" in ln] != hands_before
        t.keys("n")
        assert second.words in t.wait_for(f"move 2/{len(rp.steps)}")
        t.keys("p")
        t.wait_for(f"move 1/{len(rp.steps)}")
        t.keys("v")
        screen = t.wait_for("view: seat 0")
        seat1 = next(ln for ln in screen.splitlines() if ln.lstrip().startswith("seat 1: played"))
        assert "hand ['?'" in seat1  # seat 0 does not see seat 1's hand
        t.keys("g")
        t.wait_for("move number")
        t.type("5")
        assert rp.steps[4].words in t.wait_for(f"move 5/{len(rp.steps)}")
        t.keys("q")
        t.wait_for("[exited]")
