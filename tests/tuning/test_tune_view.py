"""The terminal view of `arena tune` (harness/views/tuning.py) on a made-up run."""

from __future__ import annotations

import io

from rich.console import Console

from harness.views.tuning import TuneView, path_plot, report, shell_lines, spark

AXES = [{"name": "c", "lo": 0.02, "hi": 2.0, "step": 0.3, "log": True, "integer": False},
        {"name": "depth", "lo": 0, "hi": 60, "step": 4, "log": False, "integer": True}]


def state() -> dict:
    steps = [{"step": i, "k": 2 * i + 1, "pairs": 2 * i + 2, "games": 4, "result": 1.0,
              "c": [0.4, 5.0], "plus": {"c": 0.3, "depth": 33}, "minus": {"c": 0.2, "depth": 25},
              "values": {"c": 0.3 - 0.01 * i, "depth": 30 - i}, "load": 2.0}
             for i in range(12)]
    return {"game": "kit", "players": 2, "budget": "cpu=0.1", "opponents": [],
            "head_to_head": True, "games": 48, "axes": AXES,
            "start": {"c": 0.3, "depth": 30}, "steps": steps, "k": 24,
            "result": {"games": 48, "pairs": 24, "hours": 0.5, "load": 2.0,
                       "tuned": {"c": 0.19, "depth": 19},
                       "profile_entry": "[kit.players.2.params]\nc = 0.19\ndepth = 19",
                       "verify": "arena eval -g kit -n 2 --bot mcts:time=0.1,c=0.19,depth=19 "
                                 "--opponents mcts:time=0.1 --time-per-move 0.1 --sprt "
                                 "0,35,0.05,0.05 --games 2000"}}


def test_a_long_command_breaks_at_spaces_and_pastes_as_one() -> None:
    cmd = state()["result"]["verify"]
    text = shell_lines(cmd, 40)
    assert all(len(line) <= 40 for line in text.splitlines())
    assert " ".join(text.replace(" \\\n", " ").split()) == cmd
    assert shell_lines("arena eval", 40) == "arena eval"


def test_the_report_fits_80_columns_and_shows_path_result_and_the_check() -> None:
    console = Console(record=True, width=80, file=io.StringIO())
    report(state(), console)
    text = console.export_text()
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "arena tune kit 2p, cpu=0.1, the probes head to head" in text
    assert "c=0.19, depth=19" in text and "[kit.players.2.params]" in text
    assert "parameter path" in text and "--sprt" in text


def test_the_path_is_drawn_on_the_scale_of_each_range() -> None:
    axis = AXES[0]
    assert spark(axis, [0.02, 0.2, 2.0]) == "▁▅█"  # a log scale: 0.2 is halfway
    lines = path_plot(state(), 80).plain.splitlines()
    assert any("c (0.02-2)" in ln for ln in lines) and any("depth (0-60)" in ln for ln in lines)


def test_in_a_pipe_the_view_prints_one_line_per_step() -> None:
    out = io.StringIO()
    view = TuneView(Console(file=out, width=80))
    view.tty = False
    with view:
        view.playing(0, 2, 4)
        view.stepped(state())
    assert out.getvalue() == "step 12: 4 games, result +1; c=0.19, depth=19\n"


def test_on_a_terminal_the_view_redraws_the_table_and_the_step_under_way() -> None:
    out = io.StringIO()
    view = TuneView(Console(file=out, width=80, force_terminal=True, color_system=None))
    view.tty = True
    with view:
        view.playing(0, 2, 4)
        view.stepped(state())
        view.playing(12, 1, 4)
    text = out.getvalue()
    lines = [ln for ln in text.splitlines() if ln.strip() and ln != "\x1b[?25h"]
    assert lines[-1].endswith("step 13: 1/4 games")  # the step under way, below the table
    assert "arena tune kit 2p" in text and "depth" in text
    assert "step 12: 4 games, result" not in text  # a terminal gets no step lines
