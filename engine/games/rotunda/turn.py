"""A Rotunda turn (rules §5): step 2 (move a leader, §4.4), the end of step 3, step 4
(score bonus), step 5 (orders) and the end of the turn. Steps 1 and 3 live in experts.py,
rooms.py and lodge.py; the turn's start and what follows it in flow.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda.actions import BonusAmulet, BonusOrder, Fulfil, Move, Stop
from engine.games.rotunda.board import destinations
from engine.games.rotunda.data import (
    BANKER_REFILL,
    BASIC,
    BONUS_EVERY,
    CELADON,
    FRUIT,
    GOLD,
    ICONS,
    LEADERS,
    LODGE,
    NODES,
    ORDER_COSTS,
    ORDERS,
    TEA,
)
from engine.games.rotunda.effects import (
    move_peddler,
    pay_cube,
    seat_add,
    seat_remove,
    take_amulet,
    take_order,
)
from engine.games.rotunda.memo import checked, remembered
from engine.games.rotunda.requests import (
    BonusStep,
    Cleanup,
    EndTurn,
    LodgeStep,
    MoveStep,
    OrdersStep,
    RoomTurn,
)
from engine.protocol import Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

STOP = Stop()
#: every Move, by start and destination node
MOVES = tuple(tuple(Move(a, b) for b in range(NODES)) for a in range(NODES))


# --- step 2: move a leader (§4.4) ------------------------------------------------------------
#: a node's bit in an occupancy set (the Lodge never blocks; index -1: a leader not in play)
NODE_BIT = (0, *(1 << n for n in range(1, NODES)), 0)


def occupied(s: RotundaState, skip: int) -> int:
    """Bit set of the rooms holding a leader other than leader `skip`."""
    bits = 0
    leaders = s.leaders
    for i in range(len(leaders)):
        if i != skip:
            bits |= NODE_BIT[leaders[i]]
    if s.neutrals:
        for n in s.neutrals:
            bits |= NODE_BIT[n]
    return bits


#: leader moves by (staircase, start node, occupied rooms): board.destinations as Moves,
#: shared option lists (nobody changes an option list); a C-typed dict where compiled
MOVE_ROWS = cython.declare(dict, {})


def leader_moves(lodge: int, frm: int, occupied: int) -> list[Action]:
    """§4.4: the Moves of a leader in `frm` (board.destinations, remembered as actions)."""
    key = lodge | frm << 2 | occupied << 6
    row = MOVE_ROWS.get(key)
    if row is None:
        start = MOVES[frm]
        row = MOVE_ROWS[key] = [start[to] for to in destinations(lodge, frm, occupied)]
    return row


@remembered
@cython.locals(p=cython.Py_ssize_t, k=cython.Py_ssize_t, leaders=list, bits=cython.long,
               twice=cython.long, b=cython.long, n=cython.Py_ssize_t, lodge=cython.long,
               frm=cython.Py_ssize_t, occ=cython.long, i=cython.Py_ssize_t, out=list)
def move_options(s: RotundaState, req: MoveStep) -> list[Action]:
    """Step 2: every Move of the seat's leaders (leader order, then destination order)."""
    p, k = req.seat, LEADERS[s.num_players]
    leaders = s.leaders
    # every room holding a piece, and those holding two (only a hand-built state has them)
    bits = twice = 0
    for n in leaders:
        b = NODE_BIT[n]
        twice |= bits & b
        bits |= b
    for n in s.neutrals:
        b = NODE_BIT[n]
        twice |= bits & b
        bits |= b
    lodge = s.lodge
    if k == 1:
        frm = leaders[p]
        if frm < 0:
            return []
        b = NODE_BIT[frm]
        occ = bits & ~(b & ~twice)
        return MOVE_ROWS.get(lodge | frm << 2 | occ << 6) or leader_moves(lodge, frm, occ)
    out = []
    seen = set()
    for i in range(p * k, p * k + k):
        frm = leaders[i]
        if frm < 0 or frm in seen:
            continue
        seen.add(frm)
        b = NODE_BIT[frm]
        out += leader_moves(lodge, frm, bits & ~(b & ~twice))
    return out


@checked
def move_legal(s: RotundaState, req: MoveStep, a: Action) -> bool:
    """Fast test of one Move (agrees with `move_options`)."""
    if type(a) is not Move:
        return False
    p, k = req.seat, LEADERS[s.num_players]
    try:
        i = s.leaders.index(a.frm, p * k, p * k + k)
    except ValueError:
        return False
    return a.to in destinations(s.lodge, a.frm, occupied(s, i))


@cython.locals(p=cython.Py_ssize_t, k=cython.Py_ssize_t, to=cython.Py_ssize_t,
               frm=cython.Py_ssize_t, i=cython.Py_ssize_t)
def move_apply(s: RotundaState, req: MoveStep, a: Action) -> None:
    """Step 2: the leader moves (the seat's first leader in `frm`); step 3 follows in its
    room (or the Lodge), then the cleanup."""
    p, k = req.seat, LEADERS[s.num_players]
    to, frm = a.to, a.frm  # type: ignore[attr-defined]
    leaders = s.leaders
    for i in range(p * k, p * k + k):
        if leaders[i] == frm:
            leaders[i] = to
            break
    else:
        raise ValueError(f"no leader of seat {p} in node {frm}")
    stack = s.stack
    stack.append(Cleanup(p))
    stack.append(LodgeStep(p) if to == LODGE else RoomTurn(p, to, 0, 0, 0))


def cleanup(s: RotundaState, req: Cleanup) -> bool:
    """End of step 3 (§5): full icon rows return to the supply, an empty Banker room gets 3
    coins, the Warehouse is refilled from the supply; then step 4 is queued once per bonus
    symbol the score marker crossed this turn. Automatic: True (rules.automatic)."""
    room_cleanup(s)
    crossed = s.vp[req.seat] // BONUS_EVERY - s.vp_start // BONUS_EVERY
    if crossed > 0 and (s.order_pool or s.amulet_pool):
        s.stack.append(BonusStep(req.seat, crossed))
    return True


@cython.cfunc
@cython.returns(cython.bint)
@cython.locals(x=cython.long)
def _full(row: list[int]) -> bool:
    """No empty icon (-1) left in `row` (True for an empty row)."""
    for x in row:
        if x == -1:
            return False
    return True


@cython.locals(c=cython.Py_ssize_t, x=cython.long)
def room_cleanup(s: RotundaState) -> None:
    """The rooms' part of the end of step 3 (§5)."""
    supply = s.supply
    market = s.market
    if _full(market):
        for c in market:
            supply[c] += 1
        s.market = [-1] * 3
    for row in (s.retailer, s.wholesaler):
        if row and _full(row):
            for x in row:
                supply[x & 3] += 1
            row[:] = [-1] * ICONS
    if s.banker == 0:
        s.banker = BANKER_REFILL
    warehouse = s.warehouse
    if 0 in warehouse:
        for t in BASIC:
            if warehouse[t] == 0 and supply[t] > 0:
                supply[t] -= 1
                warehouse[t] = 1


# --- step 4: score bonus ---------------------------------------------------------------------
def bonus_auto(s: RotundaState, req: BonusStep) -> bool:
    return not (s.order_pool or s.amulet_pool)


@remembered
def bonus_options(s: RotundaState, req: BonusStep) -> list[Action]:
    return ([BonusOrder(k) for k in range(len(s.order_pool))]
            + [BonusAmulet(k) for k in range(len(s.amulet_pool))] + [STOP])


def bonus_apply(s: RotundaState, req: BonusStep, a: Action) -> None:
    if isinstance(a, BonusOrder):
        take_order(s, req.seat, a.slot)
    elif isinstance(a, BonusAmulet):
        take_amulet(s, req.seat, a.slot)
    if req.left > 1:
        s.stack.append(BonusStep(req.seat, req.left - 1))


# --- step 5: orders --------------------------------------------------------------------------
@cython.locals(p=cython.Py_ssize_t, t=cython.long, f=cython.long, c=cython.long,
               coins=cython.long, cubes=list, i=cython.Py_ssize_t, have=cython.long,
               short=cython.long)
def payable(s: RotundaState, p: int, o: int) -> bool:
    """§5 step 5: seat p can pay Order o now (coins, and Gold for every missing cube)."""
    t, f, c, coins = ORDER_COSTS[o]
    if s.coins[p] < coins:
        return False
    cubes, i = s.cubes, p * 4
    short = 0
    have = cubes[i]
    if t > have:
        short += t - have
    have = cubes[i + 1]
    if f > have:
        short += f - have
    have = cubes[i + 2]
    if c > have:
        short += c - have
    return short <= cubes[i + 3]


def fulfil_options(s: RotundaState, p: int) -> list[Action]:
    """Every way to pay every payable Order: Gold for gt Tea, gf Fruit, gc Celadon."""
    out: list[Action] = []
    have = s.cubes[p * 4:p * 4 + 4]
    for o in s.orders_open[p]:
        t, f, c, coins = ORDER_COSTS[o]
        if s.coins[p] < coins:
            continue
        for gt in range(t + 1):
            if t - gt > have[0]:
                continue
            for gf in range(f + 1):
                if f - gf > have[1]:
                    continue
                for gc in range(c + 1):
                    if c - gc <= have[2] and gt + gf + gc <= have[3]:
                        out.append(Fulfil(o, gt, gf, gc))
    return out


@remembered
def orders_options(s: RotundaState, req: OrdersStep) -> list[Action]:
    return fulfil_options(s, req.seat) + [STOP]


def orders_auto(s: RotundaState, req: OrdersStep) -> bool:
    """No Order held, or none payable: step 5 passes without asking."""
    p = req.seat
    for o in s.orders_open[p]:
        if payable(s, p, o):
            return False
    return True


def orders_apply(s: RotundaState, req: OrdersStep, a: Action) -> None:
    if not isinstance(a, Fulfil):
        return
    p = req.seat
    _, t, f, c, coins, *_ = ORDERS[a.order]
    s.coins[p] -= coins
    for typ, need, gold in ((TEA, t, a.gt), (FRUIT, f, a.gf), (CELADON, c, a.gc)):
        for _ in range(need - gold):
            pay_cube(s, p, typ)
        for _ in range(gold):
            pay_cube(s, p, GOLD)
    s.orders_open = seat_remove(s.orders_open, p, a.order)
    s.orders_done = seat_add(s.orders_done, p, a.order)
    s.stack.append(OrdersStep(p))


# --- end of turn ---------------------------------------------------------------------------
def end_turn(s: RotundaState, req: EndTurn) -> bool:
    """End of turn (§5): the free Peddler move if a Peddler action was used; what comes
    next (the end check, the next turn) is flow.on_empty's. Automatic: True."""
    if s.peddler_used:
        move_peddler(s, 1)
    return True
