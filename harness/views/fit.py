"""Tables that fit the terminal: narrow terminals get fewer columns, never cut numbers or
names wrapped over lines (issue 21). Columns have a priority; the lowest go first, and the
caption says which were left out (every command that shows a table also has `--json`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from engine.common.untrusted import markup

Justify = Literal["left", "right", "center"]


@dataclass(frozen=True)
class Col:
    """One column: its header, alignment, style, and priority (`keep`: higher stays
    longer; the first column usually has the highest)."""

    header: str
    justify: Justify = "right"
    style: str | None = None
    keep: int = 0


def fit_table(columns: Sequence[Col], rows: Sequence[Sequence[Any]], *, width: int,
              title: str | None = None, caption: str | None = None, **table_kw: Any) -> Table:
    """A Rich table of `rows` no wider than `width`: drop the lowest-priority columns (the
    later of equals first) until it fits, keeping at least two; cells never wrap. If that
    still does not fit, the first column folds (long bot names) rather than losing digits.

    Everything is shown as literal text: the title, each line of the caption and every cell
    (a `rich.text.Text` cell as it is; any other value as its str, markup escaped and
    control characters made visible), so a bot's name never acts as markup."""
    keep = list(range(len(columns)))
    dropped: list[str] = []
    console = Console(width=10_000)
    while True:
        table = _build(columns, rows, keep, title, caption, dropped, fold=False, **table_kw)
        need = Measurement.get(console, console.options, table).maximum
        if need <= width or len(keep) <= min(2, len(columns)):
            break
        victim = min(keep[1:], key=lambda i: (columns[i].keep, -i))
        keep.remove(victim)
        dropped.append(columns[victim].header)
    if need > width:
        table = _build(columns, rows, keep, title, caption, dropped, fold=True, **table_kw)
    return table


def _build(columns: Sequence[Col], rows: Sequence[Sequence[Any]], keep: list[int],
           title: str | None, caption: str | None, dropped: list[str], *, fold: bool,
           **table_kw: Any) -> Table:
    notes = caption.split("\n") if caption else []
    if dropped:
        order = [c.header for c in columns if c.header in dropped]
        notes.append("narrow terminal, left out: " + ", ".join(order))
    table_kw.setdefault("box", box.SIMPLE_HEAD)
    table_kw.setdefault("pad_edge", False)
    t = Table(title=markup(title) if title else None,
              caption="\n".join(map(markup, notes)) or None, **table_kw)
    for n, i in enumerate(keep):
        c = columns[i]
        t.add_column(c.header, justify=c.justify, style=c.style,
                     no_wrap=not (fold and n == 0), overflow="fold" if fold else "ellipsis")
    for r in rows:
        t.add_row(*(_cell(r[i]) for i in keep))
    return t


def _cell(value: Any) -> Text | str:
    """A cell as literal text (a str cell would be parsed as markup)."""
    return value if isinstance(value, Text) else markup(str(value))
