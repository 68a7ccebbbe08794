"""The two consoles every command prints on: `out` (stdout: tables, results) and `err`
(stderr: errors, progress, notes). Made once, so a test that swaps stdout sees them all."""

from __future__ import annotations

from rich.console import Console

out = Console()
#: errors and notes: one line each where a program reads them (a pipe, a log: a quoted path
#: stays whole for grep and copy); word-wrapped at the width on a terminal, whose own
#: wrapping would cut a word, a number or a digest in two
err = Console(stderr=True)
err.soft_wrap = not err.is_terminal
#: progress notes on stderr (`arena ladder submit`), wrapped at the terminal's width
notes = Console(stderr=True)
