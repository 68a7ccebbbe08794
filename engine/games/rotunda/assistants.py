"""Granted Assistant actions (rules §6): Peddler, Apprentice and Elder Apprentice, asked
as a `Grant` (a Recruit is taken at once, effects.recruit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda.actions import Apprentice, Peddler, Skip
from engine.games.rotunda.data import (
    CHAIRS_PER_ROOM,
    ELDER_APPRENTICE,
    INNER,
    MAX_PEDDLER_MOVE,
    PEDDLER,
)
from engine.games.rotunda.effects import free_chairs, move_peddler, peddler_place, seat_apprentice
from engine.games.rotunda.memo import checked, remembered
from engine.games.rotunda.requests import Grant
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

SKIP = Skip()
#: Peddler options by the most villages the seat can pay for
PEDDLER_OPTIONS = tuple(
    tuple([Peddler(b, 0) for b in range(most + 1)] + [Peddler(0, a) for a in range(1, most + 1)])
    for most in range(MAX_PEDDLER_MOVE + 1))
APPRENTICES = {n: Apprentice(n) for n in INNER}
#: an optional Peddler action's options (shared lists: nobody changes an option list)
PEDDLER_OR_SKIP = tuple([*row, SKIP] for row in PEDDLER_OPTIONS)
PEDDLER_ONLY = tuple(list(row) for row in PEDDLER_OPTIONS)


@remembered
def grant_options(s: RotundaState, req: Grant) -> list[Action]:
    p = req.seat
    if req.kind == PEDDLER:  # at least Peddler(0, 0)
        most = min(MAX_PEDDLER_MOVE, s.coins[p])
        return PEDDLER_OR_SKIP[most] if req.optional else PEDDLER_ONLY[most]
    out: list[Action]
    if s.supply_discs[p]:
        chairs = s.chairs
        out = [APPRENTICES[n] for n in INNER
               if -1 in chairs[(n - 1) * CHAIRS_PER_ROOM:n * CHAIRS_PER_ROOM]]
    else:
        out = []
    if req.optional or not out:
        out.append(SKIP)
    return out


@checked
def grant_legal(s: RotundaState, req: Grant, a: Action) -> bool:
    """Fast test of one option (agrees with `grant_options`)."""
    kind = type(a)
    p = req.seat
    if req.kind == PEDDLER:
        if kind is Peddler:
            most = min(MAX_PEDDLER_MOVE, s.coins[p])
            b, f = a.before, a.after  # type: ignore[attr-defined]
            return (f == 0 and 0 <= b <= most) or (b == 0 and 1 <= f <= most)
        return kind is Skip and req.optional
    if kind is Apprentice:
        return (s.supply_discs[p] > 0 and a.room in APPRENTICES  # type: ignore[attr-defined]
                and free_chairs(s, a.room) > 0)  # type: ignore[attr-defined]
    if kind is Skip:
        return req.optional or only_skip(grant_options(s, req))
    return False


def only_skip(options: list[Action]) -> bool:
    """The only option is Skip (every Skip offered is the shared `SKIP`)."""
    return len(options) == 1 and options[0] is SKIP


def grant_auto(s: RotundaState, req: Grant) -> bool:
    """Nothing to do but skip: the grant lapses without asking."""
    return only_skip(grant_options(s, req))


def grant_apply(s: RotundaState, req: Grant, a: Action) -> None:
    p = req.seat
    if isinstance(a, Peddler):
        s.coins[p] -= a.before + a.after
        move_peddler(s, a.before)
        peddler_place(s, p)
        move_peddler(s, a.after)
        s.peddler_used = True
    elif isinstance(a, Apprentice):
        seat_apprentice(s, p, a.room, req.kind == ELDER_APPRENTICE)
