"""`arena demo`: a small local Ray ladder with standings (the ladder:
harness/ladders/demo.py; the screen: harness/views/demo.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from harness.cli.paths import DbOpt
from harness.ladders.data import history_doc, show_doc
from harness.ladders.demo import create_demo, play_demo
from harness.ladders.lifecycle import author_of
from harness.storage.database import DEFAULT_DB, Store
from harness.views.console import out
from harness.views.demo import show_demo, show_results


def run_demo(db: Path, workers: int = 2, budget: float = 50.0) -> str:
    """Create the demo's ladder, play it for `budget` seconds, show what it gave; returns
    the ladder's name."""
    with Store(db) as store:  # an unusable database or folder fails before any play
        demo = create_demo(store, author_of(None))
        show_demo(demo, db, workers, budget, out)
        play_demo(store, demo, workers, budget)
        standings, history = show_doc(store, demo.name), history_doc(store, demo.name)
    show_results(demo.name, db, standings, history, out)
    return demo.name


def demo_cmd(
    db: DbOpt = DEFAULT_DB,
    workers: Annotated[int, typer.Option(help="local Ray workers", min=1)] = 2,
) -> None:
    """A small local Ray ladder: random, rule-based and MCTS entrants, about a minute of
    games on 2 cores, then standings and rating history (results in results/)."""
    run_demo(db, workers)
