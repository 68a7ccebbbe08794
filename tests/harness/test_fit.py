"""Tables fit the terminal: fewer columns on narrow terminals, never cut numbers or names
wrapped over lines (issue 21)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from harness.views.fit import Col, fit_table

COLS = [Col("bot", "left", keep=9), Col("games", keep=4), Col("wins", keep=6),
        Col("place", keep=3), Col("seat win%", keep=1), Col("failures", "left", keep=5),
        Col("Elo ±95%", keep=8)]
ROWS = [["heuristic:year_of_the_dragon", 400, "312.5 (78%)", "1.22", "80/76", "-", "1976 ±61"],
        ["mcts:time=0.5,profile=long", 400, "87.5 (22%)", "1.78", "20/24", "timeout 3",
         "1024 ±61"]]


def _lines(width: int) -> list[str]:
    buf = io.StringIO()
    Console(file=buf, width=width).print(fit_table(COLS, ROWS, width=width, title="t"))
    return buf.getvalue().splitlines()


@pytest.mark.parametrize("width", [120, 80, 60, 48])
def test_no_line_is_wider_than_the_terminal_and_no_number_is_cut(width: int) -> None:
    lines = _lines(width)
    assert all(len(line) <= width for line in lines)
    text = "\n".join(lines)
    assert "…" not in text
    for row in ROWS:  # the bot name and the Elo interval are always whole, on one line
        assert any(row[0] in line and row[-1] in line for line in lines)


def test_wide_terminals_show_every_column_and_narrow_ones_say_what_is_left_out() -> None:
    wide = "\n".join(_lines(120))
    assert all(c.header in wide for c in COLS) and "left out" not in wide
    narrow = " ".join(" ".join(_lines(48)).split())
    assert "left out:" in narrow and "seat win%" in narrow and "games" in narrow
    assert "Elo ±95%" in narrow.split("left out")[0]


def test_a_name_longer_than_the_terminal_folds_instead_of_losing_digits() -> None:
    lines = _lines(30)
    assert all(len(line) <= 30 for line in lines)
    assert sum("1976 ±61" in line for line in lines) == 1
