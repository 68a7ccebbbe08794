"""`arena eval` on the terminal: its results as a table that fits (harness/eval/run.py)."""

from __future__ import annotations

from rich.table import Table

from harness.eval.run import HEADER as EVAL_HEADER
from harness.views.console import out
from harness.views.fit import Col, fit_table


def results_table(rows: list[tuple[str, ...]]) -> Table:
    """`arena eval`'s results as a table that fits the terminal (columns left out first:
    parity, sims/decision, game-minutes, failures; `--markdown` has them all)."""
    keep = {"game": 9, "opponent": 8, "win share": 7, "95% CI": 6, "W-T-L": 5, "games": 4,
            "SPRT": 4, "players": 3, "sims/s": 3, "failures": 2, "game-minutes": 1}
    cols = [Col(h, "left" if h in ("game", "opponent", "failures") else "right",
                keep=keep.get(h, 0)) for h in EVAL_HEADER]
    return fit_table(cols, rows, width=out.width, title="arena eval",
                     caption="all columns: arena eval ... --markdown")
