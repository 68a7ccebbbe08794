"""`arena bench` on the terminal: one table per group of figures (harness/eval/bench.py)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from harness.eval.bench import Figure
from harness.eval.checkouts import Comparison
from harness.eval.machine import engine_lines
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


def comparison_table(res: Comparison, width: int) -> Table:
    """The comparison as one table: per group and figure, old and new medians and new/old
    (which way is better said in its own column)."""
    cols = [Col("game", "left", keep=9), Col("figure", "left", keep=9), Col("old", keep=6),
            Col("new", keep=6), Col("new/old", keep=8), Col("better", "left", keep=5),
            Col("spread", keep=4)]
    rows = [[r.group, r.label, _num(r.old), _num(r.new), f"{r.ratio:.2f}x",
             "higher" if r.higher_is_better else "lower", f"{r.spread:.0%}"]
            for r in res.rows]
    sides = []
    for side in ("old", "new"):
        sides += [f"{side}: {getattr(res, f'{side}_path')}",
                  *engine_lines(getattr(res, f"{side}_engine"))]
    return fit_table(cols, rows, width=width,
                     title=f"arena bench --against: medians of {res.rounds} alternating "
                           "quick runs",
                     caption="new/old: higher is better for rates (/s), lower for times "
                             "(µs); spread: the larger range of old's or new's rounds, as a "
                             "share of its median\n"
                             + "\n".join([*sides, *res.machine, res.load_line()]))
