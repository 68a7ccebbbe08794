"""Shared pieces of readable renders (issue 21): seat styles, a grid with coordinates and the
final score breakdown. Games build `rich.text.Text`; `State.render` takes its plain text, so
a pipe gets plain text and a terminal gets colours."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

from rich.text import Text

#: fallback styles per seat, for games whose rulebook gives players no colours
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta")


def column_labels(n: int) -> list[str]:
    """Board columns as letters A, B, ... (Z, then AA, AB, ...)."""
    out = []
    for i in range(n):
        label = ""
        i += 1
        while i:
            i, r = divmod(i - 1, 26)
            label = chr(65 + r) + label
        out.append(label)
    return out


def breakdown_table(breakdown: dict[str, list[int]], names: Sequence[str],
                    styles: Sequence[str] = SEAT_STYLES) -> Text:
    """Every score's parts as a table: one row per category, one column per seat, and the
    total. Fits 80 columns for up to five seats with names cut to 10 characters."""
    width = max([len(k) for k in breakdown] + [5])
    col = 10
    out = Text()
    out.append(" " * width)
    for p, name in enumerate(names):
        out.append(f" {name[:col]:>{col}}", style=styles[p % len(styles)])
    out.append("\n")
    totals = [0] * len(names)
    for cat, pts in breakdown.items():
        out.append(f"{cat:<{width}}")
        for p, v in enumerate(pts):
            totals[p] += v
            out.append(f" {v:>{col}}")
        out.append("\n")
    if "total" not in breakdown:
        out.append(f"{'total':<{width}}", style="bold")
        for v in totals:
            out.append(f" {v:>{col}}", style="bold")
        out.append("\n")
    return out


#: the width every render fits (issue 21: 80-column terminals)
WIDTH = 80


def wrap_into(out: Text, text: str, style: str = "", indent: str = "  ",
              width: int = WIDTH) -> None:
    """Append `text` to `out` wrapped at `width`, continuation lines indented."""
    for line in textwrap.wrap(text, width, subsequent_indent=indent):
        out.append(line + "\n", style=style)


def wrapped(items: Iterable[Text], head: Text | str, indent: int = 2, sep: str = " ",
            width: int = WIDTH) -> Text:
    """`head` then the items (joined by `sep`), wrapped at `width` with `indent` spaces on
    continuation lines; a wrapped line ends with the separator."""
    out = Text()
    line = Text(head) if isinstance(head, str) else head.copy()
    first = True
    for it in items:
        gap = " " if first else sep
        room = width - len(sep.rstrip())
        if line.cell_len + len(gap) + it.cell_len > room and line.cell_len > indent:
            out.append_text(line)
            out.append(sep.rstrip() + "\n" if not first else "\n")
            line = Text(" " * indent)
            gap = ""
        elif not line.plain:
            gap = ""
        line.append(gap)
        line.append_text(it)
        first = False
    out.append_text(line)
    out.append("\n")
    return out


def rstrip_lines(text: Text) -> Text:
    """The same text without trailing spaces on any line, ending in one newline."""
    out = Text()
    for line in text.split("\n", allow_blank=True):
        line.rstrip()
        out.append_text(line)
        out.append("\n")
    out.rstrip()
    out.append("\n")
    return out


def flow_into(out: Text, parts: Sequence[Text], sep: str = ", ", indent: str = "  ",
              width: int = WIDTH) -> None:
    """Append `parts` joined by `sep` to `out`'s current line, breaking lines before a part
    that would pass `width` (the separator stays at the end of the broken line)."""
    used = len(out.plain) - (out.plain.rfind("\n") + 1)
    for k, part in enumerate(parts):
        if k:
            if used + len(sep) + len(part.plain) > width:
                out.append(sep.rstrip() + "\n" + indent)
                used = len(indent)
            else:
                out.append(sep)
                used += len(sep)
        out.append_text(part)
        used += len(part.plain)
    out.append("\n")
