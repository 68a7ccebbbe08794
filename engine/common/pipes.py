"""A reader that closes the pipe early (`arena ... | head`) ends the program quietly: no
BrokenPipeError traceback, exit status 1, as Rich gives for the same (`Console.on_broken_pipe`)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

#: the exit status of a program ended by a closed pipe
CLOSED_PIPE = 1


def closed_pipe() -> NoReturn:
    """Point stdout at /dev/null (so the final flush cannot fail again) and exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(CLOSED_PIPE)


def quiet_pipe(main: Callable[[], object]) -> None:
    """Run `main`; a closed pipe on stdout ends it quietly."""
    try:
        main()
    except BrokenPipeError:
        closed_pipe()
