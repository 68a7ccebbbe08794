"""Expansion "Great Events" (rules §8): resolved in round 7 after the event and any wall
check, before decay (D7). "Starting with the first player" = the turn order at the start of
the Great Event, fixed for it. Handlers registered in rules.py.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon.actions import (
    CHOOSE,
    DISCARD_CARD,
    EDICTS,
    GOODS,
    RELEASE,
    REMOVE,
    ChoosePerson,
    DiscardCard,
    DiscardGoods,
    Edict,
    Release,
    RemoveFloor,
)
from engine.games.year_of_the_dragon.board import move_marker, persons, symbols
from engine.games.year_of_the_dragon.data import (
    ASSASSINATION_ATTEMPT,
    BUDDHA,
    COURT_LADY,
    CRAFTSMAN,
    EARTHQUAKE,
    EARTHQUAKE_FLOORS,
    EDICT,
    FARMER,
    FLOOD,
    GREAT_EVENT_ROUND,
    LANTERN_FESTIVAL,
    LANTERN_VP_PER_PERSON,
    MONK,
    NUM_CARDS,
    PYROTECHNIST,
    RICE_GOOD,
    SCHOLAR,
    SOLAR_ECLIPSE,
    SUNRISE,
    TAX_COLLECTOR,
    TILE_TYPE,
    TILE_VALUE,
    TORNADO,
    TORNADO_CARDS,
    VOLCANIC_ERUPTION,
    WARRIOR,
    YOUNG_TILES,
    YUAN_GOOD,
)
from engine.games.year_of_the_dragon.events import monk_points, resolve_event
from engine.games.year_of_the_dragon.requests import (
    BuildFloors,
    ChooseEdict,
    EarthquakeFloors,
    EarthquakeOverfull,
    FloodDiscard,
    PlaceRecruit,
    SunriseRecruit,
    TornadoDiscard,
)
from engine.kernel import Request
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState


def resolve_great_event(s: YotdState, order: list[int]) -> list[Request]:
    """Rules §8: apply the automatic Great Events; return the decisions of the others."""
    ge = s.great_event
    out: list[Request] = []
    if ge == LANTERN_FESTIVAL:
        for p in order:
            s.vp[p] += LANTERN_VP_PER_PERSON * persons(s, p)
    elif ge == BUDDHA:
        for p in order:
            s.vp[p] += monk_points(s, p)
    elif ge == EARTHQUAKE:
        out = [EarthquakeFloors(p, EARTHQUAKE_FLOORS) for p in order]
    elif ge == FLOOD:
        for p in order:
            n = (s.yuan[p] + s.rice[p] + s.fireworks[p]) // 2
            if n:
                out.append(FloodDiscard(p, n))
    elif ge == SOLAR_ECLIPSE:
        # D8: no wall check
        out = resolve_event(s, s.events[GREAT_EVENT_ROUND - 1], order)
    elif ge == VOLCANIC_ERUPTION:
        volcanic_eruption(s, order)
    elif ge == TORNADO:
        out = [TornadoDiscard(p, TORNADO_CARDS) for p in order]
    elif ge == SUNRISE:
        s.sunrise_used = 0
        out = [SunriseRecruit(p) for p in order]
    elif ge == ASSASSINATION_ATTEMPT:
        for p in order:
            s.small_privileges[p] = 0
            s.large_privileges[p] = 0
    elif ge == EDICT:
        out = [ChooseEdict(p) for p in order]
    return out


def volcanic_eruption(s: YotdState, order: list[int]) -> None:
    """Rules §8.6: all markers to space 0 in the current order (leader on top)."""
    for p in reversed(order):
        s.track[p] = 0
        s.moves += 1
        s.track_stamp[p] = s.moves


# --- automatic steps (no choice left; the condition is public) ---------------------------------
def earthquake_auto(s: YotdState, req: EarthquakeFloors) -> bool:
    """Rules §8.3: fewer floors than required: all removed, their persons released."""
    if req.left >= sum(q[0] for q in s.palaces[req.seat]):
        s.palaces[req.seat] = []
        return True
    return False


def overfull_auto(s: YotdState, req: EarthquakeOverfull) -> bool:
    """Rules §8.3: done once no palace holds more persons than floors."""
    return not any(len(q) - 1 > q[0] for q in s.palaces[req.seat])


def flood_auto(s: YotdState, req: FloodDiscard) -> bool:
    """Rules §8.4: owning no more than the items due: all are discarded."""
    p = req.seat
    if req.left >= s.yuan[p] + s.rice[p] + s.fireworks[p]:
        s.yuan[p] = s.rice[p] = s.fireworks[p] = 0
        return True
    return False


def tornado_auto(s: YotdState, req: TornadoDiscard) -> bool:
    """Rules §8.7: holding no more than the cards due: all are discarded."""
    if req.left >= sum(s.hands[req.seat]):
        s.hands[req.seat] = [0] * NUM_CARDS
        return True
    return False


def sunrise_auto(s: YotdState, req: SunriseRecruit) -> bool:
    """Rules §8.8, D10: no eligible young tile: nothing happens."""
    return not sunrise_tiles(s)


def edict_auto(s: YotdState, req: ChooseEdict) -> bool:
    """Rules §8.10: a player owning no person is skipped."""
    return persons(s, req.seat) == 0


def sunrise_tiles(s: YotdState) -> list[int]:
    used = s.sunrise_used
    return [t for t in YOUNG_TILES if s.supply[t] and not used >> TILE_TYPE[t] & 1]


# --- legal decisions -------------------------------------------------------------------------
def earthquake_options(s: YotdState, req: EarthquakeFloors) -> list[Action]:
    """Rules §8.3: any own palace (the same one again allowed)."""
    return [REMOVE[i] for i in range(len(s.palaces[req.seat]))]


def overfull_options(s: YotdState, req: EarthquakeOverfull) -> list[Action]:
    """Rules §8.3: release (owner's choice) from palaces with more persons than floors."""
    out: list[Action] = []
    for i, pal in enumerate(s.palaces[req.seat]):
        if len(pal) - 1 > pal[0]:
            rel = RELEASE[i]
            out.extend(rel[t] for t in sorted(set(pal[1:])))
    return out


def flood_options(s: YotdState, req: FloodDiscard) -> list[Action]:
    """Rules §8.4: discard yuan, rice or fireworks, one item at a time."""
    p = req.seat
    have = (s.yuan[p], s.rice[p], s.fireworks[p])
    return [GOODS[g] for g in range(3) if have[g]]


def tornado_options(s: YotdState, req: TornadoDiscard) -> list[Action]:
    """Rules §8.7: any card in hand."""
    return list(compress(DISCARD_CARD, s.hands[req.seat]))


def sunrise_options(s: YotdState, req: SunriseRecruit) -> list[Action]:
    """Rules §8.8, D10: a young tile of a type nobody chose in this Sunrise."""
    return [CHOOSE[t] for t in sunrise_tiles(s)]


def edict_options(s: YotdState, req: ChooseEdict) -> list[Action]:
    """Rules §8.10: a person type present in own palaces."""
    present = {TILE_TYPE[t] for pal in s.palaces[req.seat] for t in pal[1:]}
    return [EDICTS[k] for k in sorted(present)]


# --- effects ----------------------------------------------------------------------------------
def remove_floor(s: YotdState, req: EarthquakeFloors, a: RemoveFloor) -> None:
    """Rules §8.3: remove a floor; a palace at 0 floors goes with all its persons; after
    the last floor, over-full palaces release their excess (owner's choice)."""
    p = req.seat
    pals = s.palaces[p]
    pals[a.palace][0] -= 1
    if pals[a.palace][0] == 0:
        del pals[a.palace]
    if req.left > 1:
        s.stack.append(EarthquakeFloors(p, req.left - 1))
    elif any(len(q) - 1 > q[0] for q in pals):
        s.stack.append(EarthquakeOverfull(p))


def release_overfull(s: YotdState, req: EarthquakeOverfull, a: Release) -> None:
    """Rules §8.3: release one person from an over-full palace."""
    pal = s.palaces[req.seat][a.palace]
    del pal[pal.index(a.tile, 1)]
    s.stack.append(EarthquakeOverfull(req.seat))  # popped automatically once none is over-full


def discard_goods(s: YotdState, req: FloodDiscard, a: DiscardGoods) -> None:
    """Rules §8.4: discard one item."""
    p = req.seat
    if a.good == YUAN_GOOD:
        s.yuan[p] -= 1
    elif a.good == RICE_GOOD:
        s.rice[p] -= 1
    else:
        s.fireworks[p] -= 1
    if req.left > 1:
        s.stack.append(FloodDiscard(p, req.left - 1))


def discard_card(s: YotdState, req: TornadoDiscard, a: DiscardCard) -> None:
    """Rules §8.7: discard one card face up."""
    s.hands[req.seat][a.card] -= 1
    if req.left > 1:
        s.stack.append(TornadoDiscard(req.seat, req.left - 1))


def sunrise_recruit(s: YotdState, req: SunriseRecruit, a: ChoosePerson) -> None:
    """Rules §8.8: take the tile (its type is now used) and handle it like a recruit."""
    s.sunrise_used |= 1 << TILE_TYPE[a.tile]
    s.supply[a.tile] -= 1
    s.stack.append(PlaceRecruit(req.seat, a.tile, TILE_VALUE[a.tile]))


def edict(s: YotdState, req: ChooseEdict, a: Edict) -> None:
    """Rules §8.10, D12: the chosen type's benefit from its own symbols only."""
    p, k = req.seat, a.person_type
    sym = symbols(s, p, k)
    if k == FARMER:
        s.rice[p] += sym
    elif k == MONK:
        s.vp[p] += monk_points(s, p)
    elif k == SCHOLAR or k == COURT_LADY:
        s.vp[p] += sym
    elif k == TAX_COLLECTOR:
        s.yuan[p] += sym
    elif k == PYROTECHNIST:
        s.fireworks[p] += sym
    elif k == CRAFTSMAN:
        s.stack.append(BuildFloors(p, sym))
    elif k == WARRIOR:
        move_marker(s, p, sym)
    # healers: nothing

