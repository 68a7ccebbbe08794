"""The outer rooms' repeated purchases (rules §12.1): R7 Retailer and R8 Wholesaler sales,
R9 Bank payments, R10 Black Market transactions, R11 Trading Post purchases, R12 Guild Hall
hires, R13 Warehouse cubes; each loop ends with Stop (or when nothing more is possible)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.rotunda.actions import Buy, Deal, Hire, Pay, Sell, TakeCube
from engine.games.rotunda.data import (
    APPRENTICE,
    BANK_STEPS,
    BASIC,
    BM_BUY_AMULET,
    BM_BUY_CUBE,
    BM_BUY_RECRUIT,
    BM_FIRE,
    BM_OPTIONS,
    BM_PEDDLER,
    BM_SELL_AMULET,
    BM_SELL_CUBE,
    BM_TRANSACTIONS,
    GOLD,
    GUILD_HALL_COSTS,
    ICONS,
    MARKET,
    PEDDLER,
    TRADING_ITEMS,
    TRADING_POST_COSTS,
    WAREHOUSE,
    WAREHOUSE_COSTS,
    WAREHOUSE_SOURCES,
)
from engine.games.rotunda.effects import (
    add_vp,
    fire,
    gain_coins,
    gain_cube,
    hire_slots,
    pay_cube,
    recruit,
    sell_amulet,
    take_amulet,
)
from engine.games.rotunda.memo import remembered
from engine.games.rotunda.requests import (
    BankLoop,
    BlackMarketLoop,
    Grant,
    GuildLoop,
    SaleLoop,
    TradingLoop,
    WarehouseLoop,
)
from engine.games.rotunda.rooms import HIRES, ONLY_STOP, STOP, queue_grant, start_hire
from engine.games.rotunda.sales import can_sell, icons, pay_reward, place, sale_reward
from engine.protocol import Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

#: prebuilt options of the loops (option lists are shared: nobody changes them)
SELLS = tuple(tuple(Sell(t, g) for g in (False, True)) for t in BASIC)
PAY_OR_STOP: list[Action] = [Pay(), STOP]
BUY_OR_STOP: list[Action] = [Buy(k) for k in range(len(TRADING_ITEMS))] + [STOP]
TAKES = tuple(TakeCube(k) for k in range(len(WAREHOUSE_SOURCES)))
DEALS = tuple(Deal(k) for k in range(len(BM_OPTIONS)))


# --- Guild Hall (R12) -----------------------------------------------------------------------
@remembered
def guild_options(s: RotundaState, req: GuildLoop) -> list[Action]:
    p, n = req.seat, req.hired
    if n >= len(GUILD_HALL_COSTS):
        return ONLY_STOP
    coins, fired = GUILD_HALL_COSTS[n]
    if s.coins[p] < coins or s.supply_discs[p] < fired:
        return ONLY_STOP
    return [HIRES[k] for k in hire_slots(s)] + [STOP]


def guild_apply(s: RotundaState, req: GuildLoop, a: Action) -> None:
    if isinstance(a, Hire):
        start_hire(s, req.seat, a.slot, req.hired)


# --- Retailer / Wholesaler (R7, R8) ----------------------------------------------------------
@remembered
def sale_options(s: RotundaState, req: SaleLoop) -> list[Action]:
    if req.sold >= ICONS:
        return ONLY_STOP
    p = req.seat
    return [SELLS[t][g] for t in BASIC for g in (False, True)
            if can_sell(s, p, req.room, t, g)] + [STOP]


def sale_apply(s: RotundaState, req: SaleLoop, a: Action) -> None:
    if not isinstance(a, Sell):
        return
    p = req.seat
    s.stack.append(SaleLoop(p, req.room, req.sold + 1))
    place(s, p, req.room, a.as_type, a.gold)
    coins, vp, action = sale_reward(req.room, a.as_type, req.sold)
    pay_reward(s, p, coins, vp)
    queue_grant(s, p, action, True)


# --- Bank (R9) -------------------------------------------------------------------------------
@remembered
def bank_options(s: RotundaState, req: BankLoop) -> list[Action]:
    n = req.paid
    if n < len(BANK_STEPS) and s.coins[req.seat] >= BANK_STEPS[n][0]:
        return PAY_OR_STOP
    return ONLY_STOP


def bank_apply(s: RotundaState, req: BankLoop, a: Action) -> None:
    if not isinstance(a, Pay):
        return
    p = req.seat
    coins, vp, apprentice = BANK_STEPS[req.paid]
    s.coins[p] -= coins
    add_vp(s, p, vp)
    s.stack.append(BankLoop(p, req.paid + 1))
    if apprentice:
        s.stack.append(Grant(p, APPRENTICE, True))


# --- Trading Post (R11) ----------------------------------------------------------------------
@remembered
def trading_options(s: RotundaState, req: TradingLoop) -> list[Action]:
    n = req.bought
    if n < len(TRADING_POST_COSTS) and s.coins[req.seat] >= TRADING_POST_COSTS[n]:
        return BUY_OR_STOP
    return ONLY_STOP


def trading_apply(s: RotundaState, req: TradingLoop, a: Action) -> None:
    if not isinstance(a, Buy):
        return
    p = req.seat
    s.coins[p] -= TRADING_POST_COSTS[req.bought]
    s.stack.append(TradingLoop(p, req.bought + 1))
    if a.item == 0:
        recruit(s, p)
    elif a.item == 1:
        s.stack.append(Grant(p, PEDDLER, False))
    elif a.item == 2:
        s.stack.append(Grant(p, APPRENTICE, False))
    else:
        gain_cube(s, p, GOLD)


# --- Warehouse (R13) -------------------------------------------------------------------------
def source_cube(s: RotundaState, source: int) -> int:
    """The cube at a Warehouse source, or -1."""
    room, i = WAREHOUSE_SOURCES[source]
    if room == WAREHOUSE:
        return i if s.warehouse[i] else -1
    if room == MARKET:
        return s.market[i]
    row = icons(s, room)
    return row[i] & 3 if row and row[i] >= 0 else -1


@remembered
def warehouse_options(s: RotundaState, req: WarehouseLoop) -> list[Action]:
    n = req.bought
    if n >= len(WAREHOUSE_COSTS) or s.coins[req.seat] < WAREHOUSE_COSTS[n]:
        return ONLY_STOP
    return [TAKES[k] for k in range(len(WAREHOUSE_SOURCES)) if source_cube(s, k) >= 0] + [STOP]


def warehouse_apply(s: RotundaState, req: WarehouseLoop, a: Action) -> None:
    if not isinstance(a, TakeCube):
        return
    p = req.seat
    s.coins[p] -= WAREHOUSE_COSTS[req.bought]
    s.stack.append(WarehouseLoop(p, req.bought + 1))
    room, i = WAREHOUSE_SOURCES[a.source]
    cube = source_cube(s, a.source)
    if room == WAREHOUSE:
        s.warehouse[i] -= 1
    elif room == MARKET:
        s.market[i] = -1
    else:
        icons(s, room)[i] = -1
    gain_cube(s, p, cube, from_supply=False)


# --- Black Market (R10) ----------------------------------------------------------------------
@cython.ccall
@cython.locals(p=cython.Py_ssize_t, k=cython.Py_ssize_t)
def bm_ok(s: RotundaState, p: int, k: int) -> bool:
    kind, arg = BM_OPTIONS[k]
    coins = s.coins[p]
    if kind == "buy cube":
        return coins >= BM_BUY_CUBE and s.supply[arg] > 0
    if kind == "buy recruit":
        return coins >= BM_BUY_RECRUIT
    if kind == "buy amulet":
        return coins >= BM_BUY_AMULET and arg < len(s.amulet_pool)
    if kind == "sell cube":
        return s.cubes[p * 4 + arg] > 0
    if kind == "fire":
        return s.supply_discs[p] > 0
    return arg in s.amulets[p]


@remembered
@cython.locals(p=cython.Py_ssize_t, k=cython.Py_ssize_t, out=list)
def bm_options(s: RotundaState, req: BlackMarketLoop) -> list[Action]:
    p = req.seat
    out = []
    if req.deals < BM_TRANSACTIONS:
        for k in range(BM_PEDDLER):
            if bm_ok(s, p, k):
                out.append(DEALS[k])
    if not req.peddler:
        out.append(DEALS[BM_PEDDLER])
    out.append(STOP)
    return out


def bm_apply(s: RotundaState, req: BlackMarketLoop, a: Action) -> None:
    if not isinstance(a, Deal):
        return
    p = req.seat
    kind, arg = BM_OPTIONS[a.option]
    if kind == "peddler":
        s.stack.append(BlackMarketLoop(p, req.deals, True))
        s.stack.append(Grant(p, PEDDLER, False))
        return
    s.stack.append(BlackMarketLoop(p, req.deals + 1, req.peddler))
    if kind == "buy cube":
        s.coins[p] -= BM_BUY_CUBE
        gain_cube(s, p, arg)
    elif kind == "buy recruit":
        s.coins[p] -= BM_BUY_RECRUIT
        recruit(s, p)
    elif kind == "buy amulet":
        s.coins[p] -= BM_BUY_AMULET
        take_amulet(s, p, arg)
    elif kind == "sell cube":
        pay_cube(s, p, arg)
        gain_coins(s, p, BM_SELL_CUBE)
    elif kind == "fire":
        fire(s, p)
        gain_coins(s, p, BM_FIRE)
    else:
        sell_amulet(s, p, arg)
        gain_coins(s, p, BM_SELL_AMULET)


def loop_auto(options: Callable[[Any, Any], list[Action]]) -> Callable[[Any, Any], bool]:
    """An automatic step for a loop whose only option is Stop (always the last one)."""
    def auto(s: RotundaState, req: object) -> bool:
        return len(options(s, req)) == 1
    return auto

