"""Step 3 room actions (rules §5 step 3, §12.1): executions, chair Assistants, and the
repeated purchases of the outer rooms."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.rotunda import data as D
from engine.games.rotunda import effects as E
from engine.games.rotunda import sales
from engine.games.rotunda.actions import (
    Buy,
    Deal,
    DiscardExpert,
    Execute,
    Hire,
    Pay,
    Sell,
    Stop,
    TakeCube,
)
from engine.games.rotunda.memo import checked, remembered
from engine.games.rotunda.requests import (
    BankLoop,
    BlackMarketLoop,
    Grant,
    GuildLoop,
    HireLimit,
    RoomTurn,
    SaleLoop,
    TradingLoop,
    WarehouseLoop,
)
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

STOP = Stop()
MAX_EXTRA = 2
HIRES = tuple(Hire(k) for k in range(D.POOL_SIZE + 1))
EXECUTE = tuple(tuple(Execute(o, d) for d in range(3)) for o in range(1 + D.NODES))
#: prebuilt options of the loops (option lists are shared: nobody changes them)
SELLS = tuple(tuple(Sell(t, g) for g in (False, True)) for t in D.BASIC)
PAY_OR_STOP: list[Action] = [Pay(), STOP]
ONLY_STOP: list[Action] = [STOP]
BUY_OR_STOP: list[Action] = [Buy(k) for k in range(len(D.TRADING_ITEMS))] + [STOP]
TAKES = tuple(TakeCube(k) for k in range(len(D.WAREHOUSE_SOURCES)))
DEALS = tuple(Deal(k) for k in range(len(D.BM_OPTIONS)))



def push(s: RotundaState, *reqs: object) -> None:
    """Push requests so that the first one is decided first."""
    s.stack.extend(reversed(reqs))  # type: ignore[arg-type]


# --- the room turn ---------------------------------------------------------------------------
def execution_options(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """The options of one execution of the room in `node` that seat p can take now."""
    room = s.rooms[node]
    if room == D.SUPPLIER:
        return [t for t in D.BASIC if s.supply[t]] + [3]
    if room == D.HARBOUR:
        return list(range(len(s.smuggler_pool))) + ([3] if s.supply[D.GOLD] else [])
    if room == D.MARKET:
        return sales.market_options(s, p, extra)
    if room == D.EXPERTS_ROOM:
        return E.hire_slots(s)
    if room == D.BANKER:
        return [0] + [t + 1 for t in D.BASIC if s.supply[t]]
    if room == D.TEA_HOUSE:
        if s.coins[p] < D.TEA_HOUSE_COST:
            return []
        # "any Leader" (seed R6): the 2-player neutral leaders too
        targets = sorted({n for n in (*s.leaders, *s.neutrals) if n > 0
                          and s.rooms[n] not in (D.TEA_HOUSE, D.LODGE_ROOM)})
        # (a) in the other order (Apprentice before Peddler) only when that changes
        # something: exactly one Assistant will be there for the two actions
        swap = [1] if s.supply_discs[p] + min(2, s.track[p]) == 1 else []
        return [0, *swap] + [1 + n for n in targets]
    if room in (D.RETAILER, D.WHOLESALER):
        return [0] if sales.room_sellable(s, p, room) else []
    if room == D.BANK:
        return [0] if s.coins[p] >= D.BANK_STEPS[0][0] else []
    if room == D.TRADING_POST:
        return [0] if s.coins[p] >= D.TRADING_POST_COSTS[0] else []
    if room == D.GUILD_HALL:
        return [0] if E.hire_slots(s) and s.coins[p] >= D.GUILD_HALL_COSTS[0][0] else []
    if room in (D.BLACK_MARKET, D.WAREHOUSE):
        return [0]
    return []


@remembered
def room_options(s: RotundaState, req: RoomTurn) -> list[Action]:
    p, node = req.seat, req.node
    if req.done == 0:
        return [EXECUTE[o][0] for o in execution_options(s, p, node, False)] + [STOP]
    if req.done > MAX_EXTRA or node not in D.INNER:
        return ONLY_STOP
    young, elder = E.chair_discs(s, p, node)
    discs = ([1] if young > 0 else []) + ([2] if elder > req.elder else [])
    if not discs:
        return ONLY_STOP
    opts = execution_options(s, p, node, True)
    return [EXECUTE[o][d] for o in opts for d in discs] + [STOP]


@checked
def room_legal(s: RotundaState, req: RoomTurn, a: Action) -> bool:
    """Fast test of one option (agrees with `room_options`)."""
    if a is STOP or type(a) is Stop:
        return True
    if type(a) is not Execute:
        return False
    p, node, disc = req.seat, req.node, a.disc  # type: ignore[attr-defined]
    if req.done == 0:
        if disc:
            return False
    else:
        if disc == 0 or req.done > MAX_EXTRA or node not in D.INNER:
            return False
        young, elder = E.chair_discs(s, p, node)
        if (disc == 1 and young == 0) or (disc == 2 and elder <= req.elder):
            return False
    return a.option in execution_options(s, p, node, req.done > 0)  # type: ignore[attr-defined]


def room_auto(s: RotundaState, req: RoomTurn) -> bool:
    """Nothing left to execute: the room action ends without asking."""
    if req.done and (req.node not in D.INNER or req.done > MAX_EXTRA):
        return True
    return len(room_options(s, req)) == 1


def room_apply(s: RotundaState, req: RoomTurn, a: Action) -> None:
    if not isinstance(a, Execute):
        return
    p, node = req.seat, req.node
    if a.disc == 1:
        E.unseat_young(s, p, node)
    s.stack.append(RoomTurn(p, node, req.done + 1, req.young + (a.disc == 1),
                            req.elder + (a.disc == 2)))
    execute(s, p, node, a.option)


def execute(s: RotundaState, p: int, node: int, option: int) -> None:
    """One execution of the room in `node` (§12.1)."""
    room = s.rooms[node]
    if room == D.SUPPLIER:
        if option < 3:
            E.gain_cube(s, p, option)
        s.stack.append(Grant(p, D.PEDDLER, True))
    elif room == D.HARBOUR:
        if option == 3:
            E.gain_cube(s, p, D.GOLD)
        else:
            for t in D.SMUGGLERS[E.take_smuggler(s, option)]:
                E.gain_cube(s, p, t)
    elif room == D.MARKET:
        t, gold = divmod(option, 2)
        sales.place(s, p, D.MARKET, t, bool(gold))
        coins, vp, action = D.MARKET_REWARD[t]
        sales.pay_reward(s, p, coins, vp)
        _grant(s, p, action, True)
    elif room == D.EXPERTS_ROOM:
        start_hire(s, p, option, -1)
    elif room == D.BANKER:
        if option == 0:
            coins, s.banker = s.banker, 0
            E.gain_coins(s, p, coins)
        else:
            E.gain_cube(s, p, option - 1)
        s.stack.append(Grant(p, D.PEDDLER, True))
    elif room == D.TEA_HOUSE:
        s.coins[p] -= D.TEA_HOUSE_COST
        s.banker += D.TEA_HOUSE_COST
        if option <= 1:
            E.recruit(s, p)
            E.recruit(s, p)
            grants = [Grant(p, D.PEDDLER, False), Grant(p, D.APPRENTICE, False)]
            push(s, *(grants if option == 0 else grants[::-1]))
        else:
            E.recruit(s, p)
            s.stack.append(RoomTurn(p, option - 1, 0, 0, 0))
    elif room in (D.RETAILER, D.WHOLESALER):
        s.stack.append(SaleLoop(p, room, 0))
    elif room == D.BANK:
        s.stack.append(BankLoop(p, 0))
    elif room == D.BLACK_MARKET:
        s.stack.append(BlackMarketLoop(p, 0, False))
    elif room == D.TRADING_POST:
        s.stack.append(TradingLoop(p, 0))
    elif room == D.GUILD_HALL:
        s.stack.append(GuildLoop(p, 0))
    elif room == D.WAREHOUSE:
        E.recruit(s, p)
        s.stack.append(WarehouseLoop(p, 0))


def _grant(s: RotundaState, p: int, action: int | None, optional: bool) -> None:
    """Queue an Assistant action; a Recruit is taken at once (it never hurts)."""
    if action is None:
        return
    if action == D.RECRUIT:
        E.recruit(s, p)
    else:
        s.stack.append(Grant(p, action, optional))


# --- hiring (R4, R12, §9 limit) --------------------------------------------------------------
def start_hire(s: RotundaState, p: int, slot: int, guild: int) -> None:
    """Hire pool slot `slot`; with 3 Experts held the seat first discards one (or cancels)."""
    if len(s.experts[p]) >= D.EXPERT_LIMIT:
        s.stack.append(HireLimit(p, slot, guild))
    else:
        finish_hire(s, p, slot, guild)


def finish_hire(s: RotundaState, p: int, slot: int, guild: int) -> None:
    if guild >= 0:
        coins, fired = D.GUILD_HALL_COSTS[guild]
        s.coins[p] -= coins
        if fired:
            E.fire(s, p, fired)
    E.hire(s, p, slot)
    if guild >= 0:
        s.stack.append(GuildLoop(p, guild + 1))


@remembered
def guild_options(s: RotundaState, req: GuildLoop) -> list[Action]:
    p, n = req.seat, req.hired
    if n >= len(D.GUILD_HALL_COSTS):
        return ONLY_STOP
    coins, fired = D.GUILD_HALL_COSTS[n]
    if s.coins[p] < coins or s.supply_discs[p] < fired:
        return ONLY_STOP
    return [HIRES[k] for k in E.hire_slots(s)] + [STOP]


def guild_apply(s: RotundaState, req: GuildLoop, a: Action) -> None:
    if isinstance(a, Hire):
        start_hire(s, req.seat, a.slot, req.hired)


# --- Retailer / Wholesaler (R7, R8) ----------------------------------------------------------
@remembered
def sale_options(s: RotundaState, req: SaleLoop) -> list[Action]:
    if req.sold >= D.ICONS:
        return ONLY_STOP
    p = req.seat
    return [SELLS[t][g] for t in D.BASIC for g in (False, True)
            if sales.can_sell(s, p, req.room, t, g)] + [STOP]


def sale_apply(s: RotundaState, req: SaleLoop, a: Action) -> None:
    if not isinstance(a, Sell):
        return
    p = req.seat
    s.stack.append(SaleLoop(p, req.room, req.sold + 1))
    sales.place(s, p, req.room, a.as_type, a.gold)
    coins, vp, action = sales.sale_reward(req.room, a.as_type, req.sold)
    sales.pay_reward(s, p, coins, vp)
    _grant(s, p, action, True)


# --- Bank (R9) -------------------------------------------------------------------------------
@remembered
def bank_options(s: RotundaState, req: BankLoop) -> list[Action]:
    n = req.paid
    if n < len(D.BANK_STEPS) and s.coins[req.seat] >= D.BANK_STEPS[n][0]:
        return PAY_OR_STOP
    return ONLY_STOP


def bank_apply(s: RotundaState, req: BankLoop, a: Action) -> None:
    if not isinstance(a, Pay):
        return
    p = req.seat
    coins, vp, apprentice = D.BANK_STEPS[req.paid]
    s.coins[p] -= coins
    E.add_vp(s, p, vp)
    s.stack.append(BankLoop(p, req.paid + 1))
    if apprentice:
        s.stack.append(Grant(p, D.APPRENTICE, True))


# --- Trading Post (R11) ----------------------------------------------------------------------
@remembered
def trading_options(s: RotundaState, req: TradingLoop) -> list[Action]:
    n = req.bought
    if n < len(D.TRADING_POST_COSTS) and s.coins[req.seat] >= D.TRADING_POST_COSTS[n]:
        return BUY_OR_STOP
    return ONLY_STOP


def trading_apply(s: RotundaState, req: TradingLoop, a: Action) -> None:
    if not isinstance(a, Buy):
        return
    p = req.seat
    s.coins[p] -= D.TRADING_POST_COSTS[req.bought]
    s.stack.append(TradingLoop(p, req.bought + 1))
    if a.item == 0:
        E.recruit(s, p)
    elif a.item == 1:
        s.stack.append(Grant(p, D.PEDDLER, False))
    elif a.item == 2:
        s.stack.append(Grant(p, D.APPRENTICE, False))
    else:
        E.gain_cube(s, p, D.GOLD)


# --- Warehouse (R13) -------------------------------------------------------------------------
def source_cube(s: RotundaState, source: int) -> int:
    """The cube at a Warehouse source, or -1."""
    room, i = D.WAREHOUSE_SOURCES[source]
    if room == D.WAREHOUSE:
        return i if s.warehouse[i] else -1
    if room == D.MARKET:
        return s.market[i]
    row = sales.icons(s, room)
    return row[i] & 3 if row and row[i] >= 0 else -1


@remembered
def warehouse_options(s: RotundaState, req: WarehouseLoop) -> list[Action]:
    n = req.bought
    if n >= len(D.WAREHOUSE_COSTS) or s.coins[req.seat] < D.WAREHOUSE_COSTS[n]:
        return ONLY_STOP
    return [TAKES[k] for k in range(len(D.WAREHOUSE_SOURCES)) if source_cube(s, k) >= 0] + [STOP]


def warehouse_apply(s: RotundaState, req: WarehouseLoop, a: Action) -> None:
    if not isinstance(a, TakeCube):
        return
    p = req.seat
    s.coins[p] -= D.WAREHOUSE_COSTS[req.bought]
    s.stack.append(WarehouseLoop(p, req.bought + 1))
    room, i = D.WAREHOUSE_SOURCES[a.source]
    cube = source_cube(s, a.source)
    if room == D.WAREHOUSE:
        s.warehouse[i] -= 1
    elif room == D.MARKET:
        s.market[i] = -1
    else:
        sales.icons(s, room)[i] = -1
    E.gain_cube(s, p, cube, from_supply=False)


# --- Black Market (R10) ----------------------------------------------------------------------
def bm_ok(s: RotundaState, p: int, k: int) -> bool:
    kind, arg = D.BM_OPTIONS[k]
    coins = s.coins[p]
    if kind == "buy cube":
        return coins >= D.BM_BUY_CUBE and s.supply[arg] > 0
    if kind == "buy recruit":
        return coins >= D.BM_BUY_RECRUIT
    if kind == "buy amulet":
        return coins >= D.BM_BUY_AMULET and arg < len(s.amulet_pool)
    if kind == "sell cube":
        return s.cubes[p * 4 + arg] > 0
    if kind == "fire":
        return s.supply_discs[p] > 0
    return arg in s.amulets[p]


@remembered
def bm_options(s: RotundaState, req: BlackMarketLoop) -> list[Action]:
    p = req.seat
    out: list[Action] = []
    if req.deals < D.BM_TRANSACTIONS:
        out = [DEALS[k] for k in range(D.BM_PEDDLER) if bm_ok(s, p, k)]
    if not req.peddler:
        out.append(DEALS[D.BM_PEDDLER])
    out.append(STOP)
    return out


def bm_apply(s: RotundaState, req: BlackMarketLoop, a: Action) -> None:
    if not isinstance(a, Deal):
        return
    p = req.seat
    kind, arg = D.BM_OPTIONS[a.option]
    if kind == "peddler":
        s.stack.append(BlackMarketLoop(p, req.deals, True))
        s.stack.append(Grant(p, D.PEDDLER, False))
        return
    s.stack.append(BlackMarketLoop(p, req.deals + 1, req.peddler))
    if kind == "buy cube":
        s.coins[p] -= D.BM_BUY_CUBE
        E.gain_cube(s, p, arg)
    elif kind == "buy recruit":
        s.coins[p] -= D.BM_BUY_RECRUIT
        E.recruit(s, p)
    elif kind == "buy amulet":
        s.coins[p] -= D.BM_BUY_AMULET
        E.take_amulet(s, p, arg)
    elif kind == "sell cube":
        E.pay_cube(s, p, arg)
        E.gain_coins(s, p, D.BM_SELL_CUBE)
    elif kind == "fire":
        E.fire(s, p)
        E.gain_coins(s, p, D.BM_FIRE)
    else:
        E.sell_amulet(s, p, arg)
        E.gain_coins(s, p, D.BM_SELL_AMULET)


def loop_auto(options: Callable[[Any, Any], list[Action]]) -> Callable[[Any, Any], bool]:
    """An automatic step for a loop whose only option is Stop (always the last one)."""
    def auto(s: RotundaState, req: object) -> bool:
        return len(options(s, req)) == 1
    return auto


# --- hiring limit (§9) -----------------------------------------------------------------------
@remembered
def hire_limit_options(s: RotundaState, req: HireLimit) -> list[Action]:
    return [DiscardExpert(e) for e in sorted(s.experts[req.seat])] + [STOP]


def hire_limit_apply(s: RotundaState, req: HireLimit, a: Action) -> None:
    if isinstance(a, DiscardExpert):
        s.experts = E.seat_remove(s.experts, req.seat, a.expert)
        s.expert_discard += (a.expert,)
        finish_hire(s, req.seat, req.slot, req.guild)
