"""A hard limit on one decision of an in-process bot.

`play_match` measures each decision and records an overrun as a timeout, but only once
the bot returns. `hard_limit` stops a decision that runs far past its time: a real-time
interval timer (`setitimer`, one system call, no thread per decision) delivers SIGALRM,
whose handler raises `DecisionStopped` (a BotTimeout) inside the bot's code, in a
`time.sleep` or a pure-Python loop alike. It works in the main thread of a process (the
CLI, a Ray worker running a task); elsewhere the decision runs unguarded as before.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from bots.base import BotTimeout

#: a decision is stopped this long after its time (plus the grace) is up
HARD_EXTRA_SECONDS = 1.0


class DecisionStopped(BotTimeout):
    """A decision stopped by the hard limit."""


@contextmanager
def hard_limit(seconds: float | None) -> Iterator[None]:
    """Raise DecisionStopped in the block if it runs longer than `seconds`."""
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    armed = [True]

    def stop(_signum: int, frame: FrameType | None) -> None:
        if armed[0]:
            armed[0] = False
            raise DecisionStopped(f"stopped after {seconds:.2f}s without an answer")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-3))
    try:
        yield
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
