"""A long run's progress view (Rich): redrawn in place on a terminal, its lines printed
one by one elsewhere (a pipe, a log file). `arena train` (harness/views/training.py) and
`arena tune` (harness/views/tuning.py) subclass it with their own tables."""

from __future__ import annotations

import sys
from typing import Any, Self

from rich.console import Console, Group
from rich.live import Live
from rich.text import Text


class LiveSteps:
    """`self.line` (the step under way) below `tables()`, live on a terminal; a subclass
    updates `line` and its state, then calls `refresh()`."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.tty = sys.stderr.isatty()
        self.state: dict[str, Any] | None = None
        self.line = ""
        self._live: Live | None = None

    def __enter__(self) -> Self:
        if self.tty:
            self._live = Live(self._render(), console=self.console, refresh_per_second=2)
            self._live.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._live is not None:
            self._live.__exit__(*exc)

    @property
    def live(self) -> bool:
        """Redrawn in place (else the subclass prints its own lines)."""
        return self._live is not None

    def tables(self) -> list[Any]:
        """What stands above the line (nothing before the first state)."""
        return []

    def _render(self) -> Group:
        return Group(*self.tables(), Text(self.line))

    def refresh(self) -> None:
        if self._live is not None:
            self._live.update(self._render())
