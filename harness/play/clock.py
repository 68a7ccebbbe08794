"""Time controls: one value that `play_match` reads (harness/play/match.py).

Two controls: a fixed time per decision (`time_per_move`), or a game clock with an
increment, as chess tools have it: `60+0.5` gives each seat 60 s for the whole game plus
0.5 s after each of its decisions. A bot sees the time it may use now as `time_left` (the
time per decision, or its remaining clock); a bot that overruns it (beyond match.GRACE_*) is
recorded as a timeout, ranked last and replaced by the random bot, like any other failure.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.protocol import ArenaError


class ClockError(ArenaError, ValueError):
    """A time control that cannot be used."""


@dataclass(frozen=True)
class Clock:
    """Seconds per game and per-decision increment."""

    base: float
    increment: float = 0.0

    @classmethod
    def parse(cls, text: str) -> Clock:
        """`60+0.5` or `60` (no increment)."""
        base, _, inc = text.strip().partition("+")
        try:
            clock = cls(float(base), float(inc) if inc else 0.0)
        except ValueError:
            raise ClockError(f"clock {text!r} must look like SECONDS+INCREMENT, "
                             "e.g. 60+0.5") from None
        if not clock.base > 0 or clock.increment < 0:
            raise ClockError(f"clock {text!r}: the time must be positive and the "
                             "increment not negative")
        return clock

    def __str__(self) -> str:
        return f"{self.base:g}+{self.increment:g}"


@dataclass(frozen=True)
class TimeControl:
    """A game's time control: seconds per decision, or a game clock (neither: untimed)."""

    per_move: float | None = None
    clock: Clock | None = None

    @classmethod
    def of(cls, time_per_move: float | None = None, clock: str | None = None) -> TimeControl:
        """The control a spec's `time_per_move` and `clock` fields give (one clear error for a
        bad or doubled one)."""
        if time_per_move is not None and clock is not None:
            raise ClockError("give either time_per_move or clock, not both")
        if time_per_move is not None and not time_per_move > 0:
            raise ClockError(f"time_per_move must be positive, got {time_per_move}")
        return cls(per_move=time_per_move, clock=Clock.parse(clock) if clock else None)

    def start(self, num_players: int) -> list[float]:
        """Each seat's clock at the start of a game (empty without a game clock)."""
        return [self.clock.base] * num_players if self.clock else []

    def allowed(self, left: list[float], seat: int) -> float | None:
        """Seconds `seat` may use on its decision now (`left`: the seats' clocks)."""
        return max(0.0, left[seat]) if self.clock else self.per_move

    def overrun(self, used: float, allowed: float) -> str:
        """The timeout's words."""
        if self.clock:
            return (f"game clock ran out: {used:.3f}s used, {allowed:.3f}s left "
                    f"(clock {self.clock})")
        return f"{used:.3f}s used, {self.per_move}s allowed"

    def spend(self, left: list[float], seat: int, used: float) -> None:
        """After `seat`'s decision: its clock less the time used, plus the increment."""
        if self.clock:
            left[seat] += self.clock.increment - used
