"""Shared pieces of readable renders (issue 21): seat styles, a grid with coordinates and the
final score breakdown. Games build `rich.text.Text`; `State.render` takes its plain text, so
a pipe gets plain text and a terminal gets colours."""

from __future__ import annotations

from collections.abc import Sequence

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
