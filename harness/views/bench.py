"""`arena bench` on the terminal: one table per group of figures (harness/eval/bench.py)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from harness.eval.bench import Figure
from harness.views.fit import Col, fit_table


def _num(v: float) -> str:
    return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.1f}"


def bench_tables(figs: Sequence[Figure], quick: bool, width: int) -> list[Table]:
    """One table per group: metric, median, range, unit and the ratio to its baseline."""
    tables = []
    cols = [Col("metric", "left", keep=9), Col("median", keep=8), Col("min..max", keep=2),
            Col("unit", "left", keep=7), Col("vs baseline", "left", keep=3)]
    for group in dict.fromkeys(f.group for f in figs):
        rows = []
        for f in (f for f in figs if f.group == group):
            vs = ""
            if f.ratio is not None:
                vs = (f"{f.ratio:.1f}x ({f.baseline})" if f.ratio >= 1
                      else f"{f.ratio:.2f}x ({f.baseline})" if f.ratio >= 0.5
                      else f"1/{1 / f.ratio:.0f} ({f.baseline})")
            rows.append([f.metric, _num(f.median), f"{_num(f.min)}..{_num(f.max)}", f.unit, vs])
        tables.append(fit_table(cols, rows, width=width,
                                title=f"arena bench{' --quick' if quick else ''}: {group}"))
    return tables
