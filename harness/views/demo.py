"""`arena demo` on the terminal: what the demo's ladder is, then its standings and rating
history (the ladder itself: harness/ladders/demo.py)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from engine import native
from engine.common.untrusted import markup
from harness.ladders.data import Doc
from harness.ladders.demo import DemoLadder
from harness.views.ladders import history_plot, history_series, standings_table


def build_note(build: native.Status) -> str | None:
    """A line for a demo whose engine runs as Python though nobody asked for it (installed
    with no C compiler, say): the figures it shows are then half what they could be."""
    if not build.off or build.pure:
        return None
    return (f"note: the engine runs as Python ({build.off}), at about half the speed of a "
            "compiled install (README, Set-up)")


def show_demo(demo: DemoLadder, db: Path, workers: int, budget: float,
              console: Console) -> None:
    """The ladder made, each entrant's submission, and what is about to be played."""
    console.print(f"demo ladder [bold]{markup(demo.name)}[/]: {markup(demo.game)}, "
                  f"{demo.players} players, 1 s per decision; results in {markup(str(db))}")
    for spec, display, state in demo.submitted:
        console.print(f"  submit {markup(spec)} as {markup(display)}: {markup(state)}",
                      highlight=False)
    note = build_note(native.status())
    if note:
        console.print(note, markup=False, highlight=False)
    console.print(f"playing for about {budget:.0f} s on {workers} local Ray workers...")


def show_results(name: str, db: Path, standings: Doc, history: Doc,
                 console: Console) -> None:
    """The standings, the rating history plotted, and the commands that go on from here."""
    console.print(standings_table(standings, elo=console.width >= 100, width=console.width))
    series = history_series(history)
    if series:
        console.print(history_plot(series, f"{name}: rating (mu) after each game",
                                   console.width - 1, height=16, color=console.is_terminal),
                      markup=False, highlight=False)
    console.print(f"again: arena ladder show {name} --db {db}; arena ladder history {name} "
                  f"--db {db}; more games: arena ladder run {name} --db {db}", highlight=False)
