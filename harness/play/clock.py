"""Time controls for tournaments and ladders, and the one function that plays their games.

Two controls: a fixed time per decision (`time_per_move`, enforced by `play_match`), or a
game clock with an increment, as chess tools have it: `60+0.5` gives each seat 60 s for
the whole game plus 0.5 s after each of its decisions. A bot sees its remaining clock as
`time_left`; a bot whose clock runs out (beyond match.GRACE_*) is recorded as a timeout,
ranked last and replaced by the random bot, like any other failure.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bots.base import Bot, BotTimeout
from bots.external import ExternalBot
from bots.spec import BotSpec
from engine.protocol import Action, ArenaError, Observation
from engine.record import MatchRecord
from harness.play.deadline import HARD_EXTRA_SECONDS, hard_limit
from harness.play.match import GRACE_FACTOR, GRACE_SECONDS, Watch, play_match, record_name
from harness.sandbox.isolate import make_player


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
            raise ClockError(f"--clock {text!r} must look like SECONDS+INCREMENT, "
                             "e.g. 60+0.5") from None
        if not clock.base > 0 or clock.increment < 0:
            raise ClockError(f"--clock {text!r}: the time must be positive and the "
                             "increment not negative")
        return clock

    def __str__(self) -> str:
        return f"{self.base:g}+{self.increment:g}"


def check_time_control(time_per_move: float | None, clock: str | None) -> None:
    """One clear error for a bad or doubled time control."""
    if time_per_move is not None and clock is not None:
        raise ClockError("give either --time-per-move or --clock, not both")
    if time_per_move is not None and not time_per_move > 0:
        raise ClockError(f"time_per_move must be positive, got {time_per_move}")
    if clock is not None:
        Clock.parse(clock)


class ClockedBot(Bot):
    """Runs `inner` against a game clock: its time left is the clock; overrunning it
    raises BotTimeout (the harness then records the failure)."""

    def __init__(self, inner: Bot, clock: Clock) -> None:
        self.inner, self.clock = inner, clock
        self.name = inner.name
        self.left = clock.base

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.left = self.clock.base
        self.inner.reset(game_id, num_players, seat, seed)

    def act(self, observation: Observation, time_left: float | None) -> Action:
        t0 = time.perf_counter()
        hard = None if isinstance(self.inner, ExternalBot) else (
            max(0.0, self.left) * GRACE_FACTOR + GRACE_SECONDS + HARD_EXTRA_SECONDS)
        with hard_limit(hard):
            action = self.inner.act(observation, max(0.0, self.left))
        used = time.perf_counter() - t0
        if used > self.left * GRACE_FACTOR + GRACE_SECONDS:
            raise BotTimeout(f"game clock ran out: {used:.3f}s used, {self.left:.3f}s left "
                             f"(clock {self.clock})")
        self.left += self.clock.increment - used
        return action

    def close(self) -> None:
        self.inner.close()


def play_game(game: str, num_players: int, bots: Sequence[str | BotSpec], seed: int,
              options: dict[str, Any] | None = None, time_per_move: float | None = None,
              clock: str | None = None, isolate: bool = False,
              watch: Watch | None = None) -> MatchRecord:
    """Play one game of a tournament or ladder under its time control; with `isolate`,
    every bot that is not the project's own runs in the sandbox; `watch` as play_match's."""
    if clock is None:
        return play_match(game, num_players, list(bots), seed=seed, options=options,
                          time_per_move=time_per_move, isolate=isolate, watch=watch)
    c = Clock.parse(clock)
    players: list[Bot] = []
    try:
        for spec in bots:
            players.append(ClockedBot(make_player(spec, isolate), c))
    except BaseException:
        for p in players:
            p.close()
        raise
    rec = play_match(game, num_players, players, seed=seed, options=options,
                     watch=watch)
    rec.bots = [record_name(b) for b in bots]
    logs = [p.inner.stderr_text() if isinstance(p.inner, ExternalBot) else "" for p in players]
    rec.logs = logs if any(logs) else []
    for s, p in enumerate(players):
        notes = getattr(p.inner, "notes", None)  # the sandbox's; a search bot's (bots/mcts.py)
        if isinstance(notes, list):
            rec.notes += [f"seat {s}: {n}" for n in notes]
    return rec
