"""What comes next when no decision is pending (rules §4: Morning, Day, Night; §10 the end):
`on_empty(s)` runs the next part of the current `step` (data.STEPS) until a decision is
pending or the game is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong import automa, bonus, morning, night, scoring
from engine.games.gugong.automa import dusk_step
from engine.games.gugong.data import (
    S_DAY,
    S_DUSK,
    S_FINAL,
    S_MORNING_INCOME,
    S_NIGHT_END,
    S_NIGHT_MAJORITY,
    S_NIGHT_SHIPS,
    S_OVER,
)
from engine.games.gugong.requests import GiftExchange

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

#: prebuilt requests by seat (requests are immutable)
GIFT_EXCHANGE = tuple(GiftExchange(p) for p in range(5))


def on_empty(s: GugongState) -> None:
    """Advance the Day structure until a decision is pending or the game is over."""
    while not s.stack and s.step != S_OVER:
        step = s.step
        if step == S_DAY:
            next_turn(s)
        elif step == S_NIGHT_MAJORITY:
            night.dice_majority(s)
        elif step == S_NIGHT_SHIPS:
            night.ships(s)
        elif step == S_NIGHT_END:
            night.end_of_night(s)
        elif step == S_MORNING_INCOME:
            morning.income(s)
        elif step == S_FINAL:
            scoring.end_scoring(s)
        elif step == S_DUSK and not dusk_step(s):
            night.destiny_dice(s)  # solo: Meng's Dusk is over (rules §13)


@cython.locals(n=cython.Py_ssize_t, p=cython.Py_ssize_t, _k=cython.Py_ssize_t)
def next_turn(s: GugongState) -> None:
    """Rules §4.2: clockwise, players with hand cards take turns until all hands are empty;
    then the Night (after the active bonus tokens are stored, §12)."""
    if s.automa:
        automa.next_turn(s)  # solo: the human and Meng alternate (rules §13)
        return
    n, hands = s.num_players, s.hands
    p = s.turn
    for _k in range(n):
        if hands[p]:
            s.turn = p + 1 if p + 1 < n else 0
            s.stack.append(GIFT_EXCHANGE[p])
            return
        p = p + 1 if p + 1 < n else 0
    if s.bonus_active:  # end of the Day phase: active bonus tokens are stored (rules §12)
        bonus.end_of_day_phase(s)
        return
    night.destiny_dice(s)
