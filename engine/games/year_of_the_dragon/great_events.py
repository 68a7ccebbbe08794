"""Expansion "Great Events" (rules §8): resolved in round 7 after the event and any wall
check, before decay (D7). "Starting with the first player" = the turn order at the start of
the Great Event, fixed for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon import data as D
from engine.games.year_of_the_dragon import events as E
from engine.games.year_of_the_dragon.actions import (
    R_BUILD,
    R_EARTHQUAKE,
    R_EDICT,
    R_FLOOD,
    R_OVERFULL,
    R_PLACE,
    R_SUNRISE,
    R_TORNADO,
    ChoosePerson,
    DiscardCard,
    DiscardGoods,
    Edict,
    Release,
    RemoveFloor,
    Req,
)
from engine.games.year_of_the_dragon.board import move_marker, persons, symbols
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState

REMOVE = tuple(RemoveFloor(i) for i in range(D.MAX_PALACES))
GOODS = tuple(DiscardGoods(g) for g in range(3))
DISCARD_CARD = tuple(DiscardCard(c) for c in range(D.NUM_CARDS))
EDICTS = tuple(Edict(k) for k in range(D.NUM_TYPES))
CHOOSE = tuple(ChoosePerson(t) for t in range(D.NUM_TILES))
RELEASE = tuple(tuple(Release(i, t) for t in range(D.NUM_TILES)) for i in range(D.MAX_PALACES))


def resolve_great_event(s: YotdState, order: list[int]) -> list[Req]:
    """Rules §8: apply the automatic Great Events; return the decisions of the others."""
    ge = s.great_event
    out: list[Req] = []
    if ge == D.LANTERN_FESTIVAL:
        for p in order:
            s.vp[p] += D.LANTERN_VP_PER_PERSON * persons(s, p)
    elif ge == D.BUDDHA:
        for p in order:
            s.vp[p] += E.monk_points(s, p)
    elif ge == D.EARTHQUAKE:
        out = [Req(R_EARTHQUAKE, p, D.EARTHQUAKE_FLOORS) for p in order]
    elif ge == D.FLOOD:
        for p in order:
            n = (s.yuan[p] + s.rice[p] + s.fireworks[p]) // 2
            if n:
                out.append(Req(R_FLOOD, p, n))
    elif ge == D.SOLAR_ECLIPSE:
        out = E.resolve_event(s, s.events[D.GREAT_EVENT_ROUND - 1], order)  # D8: no wall check
    elif ge == D.VOLCANIC_ERUPTION:
        volcanic_eruption(s, order)
    elif ge == D.TORNADO:
        out = [Req(R_TORNADO, p, D.TORNADO_CARDS) for p in order]
    elif ge == D.SUNRISE:
        s.sunrise_used = 0
        out = [Req(R_SUNRISE, p) for p in order]
    elif ge == D.ASSASSINATION_ATTEMPT:
        for p in order:
            s.small_privileges[p] = 0
            s.large_privileges[p] = 0
    elif ge == D.EDICT:
        out = [Req(R_EDICT, p) for p in order]
    return out


def volcanic_eruption(s: YotdState, order: list[int]) -> None:
    """Rules §8.6: all markers to space 0 in the current order (leader on top)."""
    for p in reversed(order):
        s.track[p] = 0
        s.moves += 1
        s.track_stamp[p] = s.moves


def auto_resolve(s: YotdState, top: Req) -> bool:
    """Carry out a pending Great Event decision that leaves no choice; True if done."""
    p = top.seat
    kind = top.kind
    if kind == R_EARTHQUAKE:
        if top.n >= sum(q[0] for q in s.palaces[p]):
            s.palaces[p] = []  # fewer floors than required: all removed, persons released
            return True
    elif kind == R_TORNADO:
        if top.n >= sum(s.hands[p]):
            s.hands[p] = [0] * D.NUM_CARDS
            return True
    elif kind == R_SUNRISE:
        return not _sunrise_tiles(s)
    elif kind == R_EDICT:
        return persons(s, p) == 0
    elif kind == R_OVERFULL:
        return not any(len(q) - 1 > q[0] for q in s.palaces[p])
    elif kind == R_FLOOD:
        if top.n >= s.yuan[p] + s.rice[p] + s.fireworks[p]:
            s.yuan[p] = s.rice[p] = s.fireworks[p] = 0
            return True
    return False


def _sunrise_tiles(s: YotdState) -> list[int]:
    used = s.sunrise_used
    return [t for t in D.YOUNG_TILES if s.supply[t] and not used >> D.TILE_TYPE[t] & 1]


# --- legal decisions -------------------------------------------------------------------------
def legal_earthquake(s: YotdState, req: Req) -> list[Action]:
    """Rules §8.3: any own palace (the same one again allowed)."""
    return [REMOVE[i] for i in range(len(s.palaces[req.seat]))]


def legal_overfull(s: YotdState, req: Req) -> list[Action]:
    """Rules §8.3: release (owner's choice) from palaces with more persons than floors."""
    out: list[Action] = []
    for i, pal in enumerate(s.palaces[req.seat]):
        if len(pal) - 1 > pal[0]:
            rel = RELEASE[i]
            out.extend(rel[t] for t in sorted(set(pal[1:])))
    return out


def legal_flood(s: YotdState, req: Req) -> list[Action]:
    """Rules §8.4: discard yuan, rice or fireworks, one item at a time."""
    p = req.seat
    have = (s.yuan[p], s.rice[p], s.fireworks[p])
    return [GOODS[g] for g in range(3) if have[g]]


def legal_tornado(s: YotdState, req: Req) -> list[Action]:
    """Rules §8.7: any card in hand."""
    return [DISCARD_CARD[c] for c, k in enumerate(s.hands[req.seat]) if k]


def legal_sunrise(s: YotdState, req: Req) -> list[Action]:
    """Rules §8.8, D10: a young tile of a type nobody chose in this Sunrise."""
    return [CHOOSE[t] for t in _sunrise_tiles(s)]


def legal_edict(s: YotdState, req: Req) -> list[Action]:
    """Rules §8.10: a person type present in own palaces."""
    present = {D.TILE_TYPE[t] for pal in s.palaces[req.seat] for t in pal[1:]}
    return [EDICTS[k] for k in sorted(present)]


# --- effects ----------------------------------------------------------------------------------
def apply_earthquake(s: YotdState, req: Req, a: RemoveFloor) -> None:
    """Rules §8.3: remove a floor; a palace at 0 floors goes with all its persons; after
    the last floor, over-full palaces release their excess (owner's choice)."""
    p = req.seat
    pals = s.palaces[p]
    pals[a.palace][0] -= 1
    if pals[a.palace][0] == 0:
        del pals[a.palace]
    if req.n > 1:
        s.stack.append(Req(R_EARTHQUAKE, p, req.n - 1))
    elif any(len(q) - 1 > q[0] for q in pals):
        s.stack.append(Req(R_OVERFULL, p))


def apply_overfull(s: YotdState, req: Req, a: Release) -> None:
    pal = s.palaces[req.seat][a.palace]
    del pal[pal.index(a.tile, 1)]
    s.stack.append(Req(R_OVERFULL, req.seat))  # popped automatically once none is over-full


def apply_flood(s: YotdState, req: Req, a: DiscardGoods) -> None:
    p = req.seat
    if a.good == D.YUAN_GOOD:
        s.yuan[p] -= 1
    elif a.good == D.RICE_GOOD:
        s.rice[p] -= 1
    else:
        s.fireworks[p] -= 1
    if req.n > 1:
        s.stack.append(Req(R_FLOOD, p, req.n - 1))


def apply_tornado(s: YotdState, req: Req, a: DiscardCard) -> None:
    s.hands[req.seat][a.card] -= 1
    if req.n > 1:
        s.stack.append(Req(R_TORNADO, req.seat, req.n - 1))


def apply_sunrise(s: YotdState, req: Req, a: ChoosePerson) -> None:
    """Rules §8.8: take the tile (its type is now used) and handle it like a recruit."""
    s.sunrise_used |= 1 << D.TILE_TYPE[a.tile]
    s.supply[a.tile] -= 1
    s.stack.append(Req(R_PLACE, req.seat, D.TILE_VALUE[a.tile], a.tile))


def apply_edict(s: YotdState, req: Req, a: Edict) -> None:
    """Rules §8.10, D12: the chosen type's benefit from its own symbols only."""
    p, k = req.seat, a.person_type
    sym = symbols(s, p, k)
    if k == D.FARMER:
        s.rice[p] += sym
    elif k == D.MONK:
        s.vp[p] += E.monk_points(s, p)
    elif k == D.SCHOLAR or k == D.COURT_LADY:
        s.vp[p] += sym
    elif k == D.TAX_COLLECTOR:
        s.yuan[p] += sym
    elif k == D.PYROTECHNIST:
        s.fireworks[p] += sym
    elif k == D.CRAFTSMAN:
        s.stack.append(Req(R_BUILD, p, sym))
    elif k == D.WARRIOR:
        move_marker(s, p, sym)
    # healers: nothing

