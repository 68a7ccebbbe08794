"""The two consoles every command prints on: `out` (stdout: tables, results) and `err`
(stderr: errors, progress, notes). Made once, so a test that swaps stdout sees them all."""

from __future__ import annotations

from rich.console import Console

out = Console()
err = Console(stderr=True, soft_wrap=True)
#: progress notes on stderr (`arena ladder submit`), wrapped at the terminal's width
notes = Console(stderr=True)
