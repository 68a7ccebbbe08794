"""What comes next in Rotunda when no decision is pending (rules §5, §8): the next seat's
turn, or nothing once the last turn after the end trigger is over. A turn is queued as
requests (its five steps and the automatic `EndTurn`), so the stack empties only between
turns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda.data import ONE_SHOT
from engine.games.rotunda.requests import EndTurn, ExpertStep, MoveStep, NeutralWindow, OrdersStep

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

#: the automatic end of each seat's turn, seats 0-4 (requests are immutable, and this one
#: has no options to remember: one per seat serves every turn)
END_TURN = tuple(EndTurn(p) for p in range(5))


@cython.locals(i=cython.Py_ssize_t, stack=list)
def start_turn(s: RotundaState, p: int) -> None:
    """§5: a new turn of seat p: once-per-turn effects reset, the five steps queued (step 1
    only for a seat holding a one-shot Expert; step 4 is queued by the end of step 3 when
    the score marker crossed a bonus symbol)."""
    s.turn = p
    s.turns += 1
    fired = s.fired
    if len(fired) == s.num_players:
        for i in range(len(fired)):
            fired[i] = 0
    else:
        s.fired = [0] * s.num_players
    s.vp_start = s.vp[p]
    s.peddler_used = False
    s.market_mine = 0
    stack = s.stack
    stack.append(END_TURN[p])
    if s.neutrals:  # 2 players (§10): windows B (after step 5) and A (before step 2)
        s.neutral_moved = False
        stack.append(NeutralWindow(p))
        stack.append(OrdersStep(p))
        stack.append(MoveStep(p))
        stack.append(NeutralWindow(p))
    else:
        stack.append(OrdersStep(p))
        stack.append(MoveStep(p))
    for e in s.experts[p]:
        if e in ONE_SHOT:
            stack.append(ExpertStep(p))
            break


def on_empty(s: RotundaState) -> None:
    """A turn is over (its `EndTurn` has run): the end check of §8 (after the trigger every
    other seat plays one more turn; then the game is over and nothing is queued), else the
    next seat clockwise begins its turn."""
    if s.end_triggered:
        if s.turns_left == 0:
            return  # game over: the stack stays empty
        s.turns_left -= 1
    start_turn(s, (s.turn + 1) % s.num_players)
