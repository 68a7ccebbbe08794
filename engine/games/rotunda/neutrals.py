"""Rotunda for 2 players (rules §10): the three neutral leaders, moved once per turn for a
cube of their colour, and the neutral-action variant."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda.actions import Move, PayNeutral, Skip
from engine.games.rotunda.board import neutral_destinations
from engine.games.rotunda.data import GOLD, NEUTRAL_COLOURS, NEUTRAL_CUBE
from engine.games.rotunda.effects import pay_cube
from engine.games.rotunda.memo import remembered
from engine.games.rotunda.requests import NeutralCleanup, NeutralMove, NeutralWindow, RoomTurn
from engine.games.rotunda.turn import MOVES, NODE_BIT, room_cleanup
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

SKIP = Skip()
NEUTRAL_PAY = tuple(tuple(PayNeutral(k, g) for g in (False, True))
                    for k in range(len(NEUTRAL_COLOURS)))


def neutral_occupied(s: RotundaState, k: int) -> int:
    """Bit set of the rooms holding a leader other than neutral k."""
    bits = 0
    for n in s.leaders:
        bits |= NODE_BIT[n]
    for j, n in enumerate(s.neutrals):
        if j != k:
            bits |= NODE_BIT[n]
    return bits


def neutral_targets(s: RotundaState, k: int) -> tuple[int, ...]:
    return neutral_destinations(s.lodge, s.neutrals[k], neutral_occupied(s, k))


@remembered
def window_options(s: RotundaState, req: NeutralWindow) -> list[Action]:
    """§10: once per turn pay 1 cube of a neutral's colour (or Gold [rec]) to move it."""
    out: list[Action] = [SKIP]
    if s.neutral_moved:
        return out
    p = req.seat
    gold = s.cubes[p * 4 + GOLD] > 0
    for k, t in enumerate(NEUTRAL_CUBE):
        if (s.cubes[p * 4 + t] or gold) and neutral_targets(s, k):
            if s.cubes[p * 4 + t]:
                out.append(NEUTRAL_PAY[k][0])
            if gold:
                out.append(NEUTRAL_PAY[k][1])
    return out


def window_auto(s: RotundaState, req: NeutralWindow) -> bool:
    """Not asked after this turn's neutral move, or when the seat holds no cube at all
    (both public facts)."""
    if s.neutral_moved:
        return True
    c = s.cubes
    i = req.seat * 4
    return not (c[i] or c[i + 1] or c[i + 2] or c[i + 3])


def window_apply(s: RotundaState, req: NeutralWindow, a: Action) -> None:
    if not isinstance(a, PayNeutral):
        return
    pay_cube(s, req.seat, GOLD if a.gold else NEUTRAL_CUBE[a.neutral])
    s.neutral_moved = True
    s.stack.append(NeutralMove(req.seat, a.neutral))


@remembered
def neutral_move_options(s: RotundaState, req: NeutralMove) -> list[Action]:
    row = MOVES[s.neutrals[req.neutral]]
    return [row[to] for to in neutral_targets(s, req.neutral)]


def neutral_move_apply(s: RotundaState, req: NeutralMove, a: Action) -> None:
    """Move the neutral; in the neutral-action variant its room's action follows (§10):
    no Expert, bonus symbol or Order in it, then the step-3 cleanup."""
    assert isinstance(a, Move)
    k = req.neutral
    s.neutrals = s.neutrals[:k] + (a.to,) + s.neutrals[k + 1:]
    if s.neutral_actions:
        p = req.seat
        s.stack.append(NeutralCleanup(p, s.vp[p]))
        s.stack.append(RoomTurn(p, a.to, 0, 0, 0))


def neutral_cleanup(s: RotundaState, req: NeutralCleanup) -> bool:
    """§10 variant: the step-3 cleanup; the points gained in the neutral room cross no bonus
    symbol, so the turn's starting score moves up by them. Automatic: True."""
    room_cleanup(s)
    s.vp_start += s.vp[req.seat] - req.vp
    return True
