"""The location action (rules §5): the seven locations' options A and B and the purchases
of Jade (§5.3) and Decrees (§5.6), their costs (decrees D2a, D2b, D2e; the Foreman §7), and
whether any of them is possible (a location action with nothing possible is skipped)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong.actions import BuyJade, OptionA, OptionB, Skip, TakeDecree, Trade
from engine.games.gugong.canal import (
    can_place,
    claim_options,
    move_options,
    pieces_fit,
    room_for,
    ship_rooms,
)
from engine.games.gugong.data import (
    CANAL,
    D2A,
    D2B,
    D2C,
    D2E,
    DECREE_COST,
    DECREE_VP,
    DECREES,
    F_POOL,
    F_SUPPLY,
    HOUSE_COSTS,
    INTRIGUE,
    JADE,
    MARKET,
    MARKET_COST,
    PALACE,
    T_DOUBLE,
    TRAVEL,
    WALL,
)
from engine.games.gugong.effects import (
    do_trade,
    envoy_step,
    has_destination,
    holds_decree,
    intrigue_move,
    pay,
    trade_choices,
    with_trades,
)
from engine.games.gugong.requests import (
    CANAL_A,
    CANAL_B,
    TRAVEL_MOVE,
    WALL_FROM_SUPPLY,
    WALL_PLACE,
    LocationAction,
)
from engine.protocol import Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

SKIP = Skip()
OPTION_A = OptionA()
OPTION_B = (OptionB(False), OptionB(True))
BUY_JADE = tuple((BuyJade(h, False), BuyJade(h, True)) for h in range(MARKET + 1))
TAKE_DECREE = tuple((TakeDecree(slot, False), TakeDecree(slot, True)) for slot in range(6))
#: the price of each roof space and of the market (`jade_cost` before D2b)
JADE_BASE = (*HOUSE_COSTS, MARKET_COST)


def travel_cost(s: GugongState, p: int) -> int:
    return 1 if holds_decree(s, p, D2A) else 2


def pieces_in(s: GugongState, p: int, supply: bool) -> int:
    """Pieces (not units) available to place from the pool or the own supply."""
    if supply:
        return s.supply[p] + (1 if s.foreman[p] == F_SUPPLY else 0)
    return s.pool[p] + (1 if s.foreman[p] == F_POOL else 0)


def jade_cost(s: GugongState, p: int, space: int) -> int:
    base = MARKET_COST if space == MARKET else HOUSE_COSTS[space]
    return max(0, base - (1 if holds_decree(s, p, D2B) else 0))


def decree_cost(s: GugongState, p: int, slot: int) -> int:
    others = sum(s.decree_servants[q * 6 + slot] for q in range(len(s.vp)) if q != p)
    cut = 1 if holds_decree(s, p, D2E) else 0
    return max(0, DECREE_COST[s.decrees[slot]] + others - cut)


@cython.locals(slot=cython.Py_ssize_t, i=cython.Py_ssize_t, n=cython.long)
def slot_servants(servants: list[int], slot: int) -> int:
    """Every seat's servants on decree slot `slot` (`decree_servants[seat * 6 + slot]`)."""
    n = 0
    for i in range(slot, len(servants), 6):
        n += servants[i]
    return n


def can_canal(s: GugongState, p: int, supply: bool) -> bool:
    """Whether one piece can go on an own ship (existing with room, or a new one)."""
    return can_place(s, p, supply)


def can_option_a(s: GugongState, p: int, loc: int) -> bool:
    if loc == TRAVEL:
        return has_destination(s, p)
    if loc == WALL:
        return pieces_in(s, p, False) > 0
    if loc == CANAL:
        return (can_canal(s, p, False) or bool(move_options(s, p))
                or bool(claim_options(s, p, -1)))
    return True  # Intrigue, Palace


@cython.locals(p=cython.Py_ssize_t, loc=cython.long, pool=cython.long, fm=cython.bint,
               out=list, cut=cython.long, h=cython.Py_ssize_t, cost=cython.long,
               base=cython.Py_ssize_t, slot=cython.Py_ssize_t, pieces=cython.long)
def location_choices(s: GugongState, p: int, loc: int) -> list[Action]:
    """The location's options other than none and token exchanges (rules §5), in order:
    option A, then option B by way of paying (`effects.pay_ways`); Jade and Decrees: each space or
    slot by way of paying."""
    pool = s.pool[p]
    fm = s.foreman[p] == F_POOL
    out = []
    if pool < 1 and not fm and (loc == JADE or loc == DECREES):
        return out  # every purchase costs at least 1 (or a servant placed): none possible
    if loc == JADE:
        cut = 1 if holds_decree(s, p, D2B) else 0
        houses = s.houses
        spaces = [h for h in range(len(HOUSE_COSTS)) if houses[h]] or [MARKET]
        for h in spaces:
            cost = JADE_BASE[h] - cut
            if cost < 0:
                cost = 0
            acts = BUY_JADE[h]
            if pool >= cost:
                out.append(acts[0])
            if cost >= 2 and fm and pool >= cost - 2:
                out.append(acts[1])
    elif loc == DECREES:
        ds, base = s.decree_servants, p * 6
        cut = 1 if holds_decree(s, p, D2E) else 0
        decrees = s.decrees
        for slot in range(6):
            if ds[base + slot]:
                continue
            # others' servants on the slot (p has none there): see decree_cost
            cost = DECREE_COST[decrees[slot]] + slot_servants(ds, slot) - cut
            if cost < 0:
                cost = 0
            acts = TAKE_DECREE[slot]
            if pool >= cost + 1:
                out.append(acts[0])
            if cost >= 2 and fm and pool >= cost - 1:
                out.append(acts[1])
    elif loc == TRAVEL:
        if has_destination(s, p):
            out.append(OPTION_A)
            cost = travel_cost(s, p)
            if pool >= cost:
                out.append(OPTION_B[False])
            if cost >= 2 and fm and pool >= cost - 2:
                out.append(OPTION_B[True])
    elif loc == WALL:
        pieces = pool + (1 if fm else 0)
        if pieces > 0:
            out.append(OPTION_A)
        if pool >= 1 and pieces >= 2:
            out.append(OPTION_B[False])
    elif loc == INTRIGUE:
        out.append(OPTION_A)
        if pool >= 1:
            out.append(OPTION_B[False])
    elif loc == PALACE:
        out.append(OPTION_A)
        if pool >= 2:
            out.append(OPTION_B[False])
        if fm:
            out.append(OPTION_B[True])
    else:  # the Grand Canal: A a piece placed, a move or a claim; B pay 1, place 2
        place = (pool > 0 or fm) and room_for(s, p, 1 if pool > 0 else 2)
        if place or move_options(s, p) or claim_options(s, p, -1):
            out.append(OPTION_A)
        if place and canal_b_possible(s, p):
            out.append(OPTION_B[False])
    return out


def location_options(s: GugongState, req: LocationAction) -> list:
    out = location_choices(s, req.seat, req.loc)
    out.append(SKIP)
    return with_trades(s, req.seat, out)


def pays(pool: int, fm: bool, cost: int, keep: int, foreman: bool) -> bool:
    """Whether `cost` can be paid that way keeping `keep` normal servants (`effects.pay_ways`):
    normal servants only, or the Foreman paying 2 units (costs >= 2 only, A7)."""
    if foreman:
        return cost >= 2 and fm and pool >= cost - 2 + keep
    return pool >= cost + keep


def location_legal(s: GugongState, req: LocationAction, a: object) -> bool:
    """Whether `a` is among `location_options`, testing that one option only."""
    t = type(a)
    p, loc = req.seat, req.loc
    if t is Skip:
        return True
    if t is Trade:
        return bool(s.stored[p]) and a in trade_choices(s, p)
    if t is OptionA:
        return loc != JADE and loc != DECREES and can_option_a(s, p, loc)
    pool = s.pool[p]
    fm = s.foreman[p] == F_POOL
    if t is OptionB:
        f = a.foreman
        if loc == TRAVEL:
            return has_destination(s, p) and pays(pool, fm, travel_cost(s, p), 0, f)
        if loc == WALL:
            return not f and pool >= 1 and pool + (1 if fm else 0) >= 2
        if loc == INTRIGUE:
            return not f and pool >= 1
        if loc == PALACE:
            return pays(pool, fm, 2, 0, f)
        if loc == CANAL:
            return not f and canal_b_possible(s, p)
        return False
    if t is BuyJade:
        h = a.space
        if loc != JADE or not 0 <= h <= MARKET:
            return False
        if (any(s.houses) if h == MARKET else not s.houses[h]):
            return False  # the market sells only when every roof space is empty
        cut = 1 if holds_decree(s, p, D2B) else 0
        return pays(pool, fm, max(0, JADE_BASE[h] - cut), 0, a.foreman)
    if t is TakeDecree:
        slot = a.slot
        if loc != DECREES or not 0 <= slot < 6 or s.decree_servants[p * 6 + slot]:
            return False
        return pays(pool, fm, decree_cost(s, p, slot), 1, a.foreman)
    return False


def canal_b_possible(s: GugongState, p: int) -> bool:
    """Canal B (rules §5.7): one normal pool servant paid (a cost of 1: never the Foreman,
    A7), then two more pieces from the pool, both with room on own ships."""
    pool = s.pool[p]
    if pool < 1 or pool - 1 + (1 if s.foreman[p] == F_POOL else 0) < 2:
        return False
    rooms, new = ship_rooms(s, p)
    return pieces_fit(rooms, new, pool - 1, s.foreman[p] == F_POOL, 2)


def location_auto(s: GugongState, req: LocationAction) -> bool:
    """Nothing possible (public): skipped without asking."""
    p, loc = req.seat, req.loc
    if loc == INTRIGUE or loc == PALACE:
        return False  # option A is always possible there
    stored = s.stored[p]  # fewer than 2 units: no exchange (`effects.trade_choices`)
    if stored and (len(stored) > 1 or stored[0] == T_DOUBLE) and trade_choices(s, p):
        return False
    return not location_possible(s, p, loc)


def location_possible(s: GugongState, p: int, loc: int) -> bool:
    """Whether `location_choices` is non-empty, stopping at the first option found."""
    if loc == INTRIGUE or loc == PALACE:
        return True  # option A is always possible there
    if loc != JADE and loc != DECREES:
        # Travel, Wall, Canal: option B needs what option A needs (for the Canal: room for
        # B's two pieces from the pool is room for A's one)
        return can_option_a(s, p, loc)
    pool = s.pool[p]
    fm = s.foreman[p] == F_POOL
    if pool < 1 and not fm:
        return False
    if loc == JADE:
        cut = 1 if holds_decree(s, p, D2B) else 0
        houses = s.houses
        spaces = [h for h in range(len(HOUSE_COSTS)) if houses[h]] or [MARKET]
        for h in spaces:
            cost = max(0, JADE_BASE[h] - cut)
            if pays(pool, fm, cost, 0, False) or pays(pool, fm, cost, 0, True):
                return True
        return False
    ds, base, decrees = s.decree_servants, p * 6, s.decrees
    cut = 1 if holds_decree(s, p, D2E) else 0
    for slot in range(6):
        if not ds[base + slot]:
            # `decree_cost`: others' servants on the slot (p has none there)
            cost = max(0, DECREE_COST[decrees[slot]] + slot_servants(ds, slot) - cut)
            if pays(pool, fm, cost, 1, False) or pays(pool, fm, cost, 1, True):
                return True
    return False


def location_apply(s: GugongState, req: LocationAction, a: object) -> None:
    p, loc = req.seat, req.loc
    t = type(a)
    if t is Trade:
        s.stack.append(req)
        do_trade(s, p, a.units, a.doubles)
    elif t is OptionA:
        option_a(s, p, loc)
    elif t is OptionB:
        option_b(s, p, loc, a.foreman)
    elif t is BuyJade:
        pay(s, p, jade_cost(s, p, a.space), a.foreman)
        if a.space != MARKET:
            s.houses[a.space] = 0
        s.jade[p] += 1
    elif t is TakeDecree:
        take_decree(s, p, a.slot, a.foreman)


def option_a(s: GugongState, p: int, loc: int) -> None:
    """Option A of a location (also the card actions with a location icon, A9)."""
    if loc == TRAVEL:
        s.stack.append(TRAVEL_MOVE[p][1])
    elif loc == WALL:
        wall_action(s, p, 1)
    elif loc == INTRIGUE:
        intrigue_move(s, p, 1)
        if s.medal < 0:
            s.medal = p  # first Intrigue A this Day takes the Medal (§5.4)
    elif loc == PALACE:
        envoy_step(s, p, 1)
    elif loc == CANAL:
        s.stack += CANAL_A[p]


def option_b(s: GugongState, p: int, loc: int, foreman: bool) -> None:
    if loc == TRAVEL:
        pay(s, p, travel_cost(s, p), foreman)
        s.stack.append(TRAVEL_MOVE[p][2])
    elif loc == WALL:
        pay(s, p, 1)
        wall_action(s, p, 2)
    elif loc == INTRIGUE:
        pay(s, p, 1)
        intrigue_move(s, p, 3)
    elif loc == PALACE:
        pay(s, p, 2, foreman)
        envoy_step(s, p, 2)
        intrigue_move(s, p, 1)
    elif loc == CANAL:
        pay(s, p, 1)
        s.stack += CANAL_B[p]


def wall_action(s: GugongState, p: int, pieces: int) -> None:
    """Place pieces (one scoring check after them); with D2c then 1 more from the supply,
    checked separately (rules §5.2, A21)."""
    if holds_decree(s, p, D2C):
        s.stack += WALL_FROM_SUPPLY[p]
    s.stack += WALL_PLACE[p][pieces]


def take_decree(s: GugongState, p: int, slot: int, foreman: bool) -> None:
    """Rules §5.6: pay, place 1 more servant on the decree, score its immediate VP."""
    pay(s, p, decree_cost(s, p, slot), foreman)
    s.pool[p] -= 1
    s.decree_servants[p * 6 + slot] = 1
    s.vp[p] += DECREE_VP[s.decrees[slot]]
