"""`arena demo`: a small local Ray ladder with standings (harness/views/demo.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from harness.cli.paths import DbOpt
from harness.storage.database import DEFAULT_DB
from harness.views.demo import demo


def demo_cmd(
    db: DbOpt = DEFAULT_DB,
    workers: Annotated[int, typer.Option(help="local Ray workers")] = 2,
) -> None:
    """A small local Ray ladder: random, rule-based and MCTS entrants, about a minute of
    games on 2 cores, then standings and rating history (results in results/)."""
    demo(db, workers)


