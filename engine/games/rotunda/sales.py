"""Selling cubes onto room icons (rules §12.1 R3 Market, R7 Retailer, R8 Wholesaler; §9
Expert sales). Gold may be sold as any type (§5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda import data as D
from engine.games.rotunda.effects import add_vp, gain_coins

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

SALE_ROOMS = (D.MARKET, D.RETAILER, D.WHOLESALER)


def icons(s: RotundaState, room: int) -> list[int]:
    return s.retailer if room == D.RETAILER else s.wholesaler


def can_sell(s: RotundaState, p: int, room: int, as_type: int, gold: bool,
             extra: bool = False) -> bool:
    """Whether seat p may sell one cube as `as_type` into `room` now. `extra`: a repeat
    Market execution, which may also sell a type whose icon p covered this turn (R3)."""
    if s.cubes[p * 4 + (D.GOLD if gold else as_type)] == 0:
        return False
    if room == D.MARKET:
        if s.market[as_type] < 0:
            return True
        return extra and bool(s.market_mine >> as_type & 1) and p == s.turn
    row = icons(s, room)
    if -1 not in row:
        return False
    placed = [x >> 2 for x in row if x >= 0]
    if room == D.RETAILER:
        return as_type not in placed
    return all(t == as_type for t in placed)


def can_sell_again(s: RotundaState, p: int, room: int, as_type: int, gold: bool) -> bool:
    """Whether, after selling one cube as `as_type` into `room` (`place`), seat p could sell
    another there (no repeat-Market exception: §9, P5 sells two cubes into one room). The
    same test as `can_sell` on the position after `place`, without building it."""
    actual = D.GOLD if gold else as_type
    have = s.cubes[p * 4:p * 4 + 4]
    have[actual] -= 1
    if room == D.MARKET:
        market = s.market
        covered = as_type if market[as_type] < 0 else -1  # the icon this sale covers
        return any((have[u] > 0 or have[D.GOLD] > 0) and market[u] < 0 and u != covered
                   for u in D.BASIC)
    row = icons(s, room)[:]
    row[row.index(-1)] = as_type * 4 + actual
    if -1 not in row:
        return False
    placed = [x >> 2 for x in row if x >= 0]
    for u in D.BASIC:
        if have[D.GOLD] > 0 or have[u] > 0:
            if room == D.RETAILER:
                if u not in placed:
                    return True
            elif all(t == u for t in placed):
                return True
    return False


def place(s: RotundaState, p: int, room: int, as_type: int, gold: bool) -> None:
    """Pay the cube and put it on its icon (a Market exception sale goes to the supply)."""
    actual = D.GOLD if gold else as_type
    s.cubes[p * 4 + actual] -= 1
    if room == D.MARKET:
        if s.market[as_type] < 0:
            s.market[as_type] = actual
            if p == s.turn:
                s.market_mine |= 1 << as_type
        else:
            s.supply[actual] += 1
        return
    row = icons(s, room)
    row[row.index(-1)] = as_type * 4 + actual


def sale_reward(room: int, as_type: int, nth: int) -> tuple[int, int, int | None]:
    """(coins, VP, assistant action) for a sale: by type at the Market, by the order of the
    sale in this execution at the Retailer and Wholesaler."""
    if room == D.MARKET:
        return D.MARKET_REWARD[as_type]
    table = D.RETAILER_REWARD if room == D.RETAILER else D.WHOLESALER_REWARD
    return table[nth]


def pay_reward(s: RotundaState, p: int, coins: int, vp: int, times: int = 1) -> None:
    gain_coins(s, p, coins * times)
    add_vp(s, p, vp * times)


def room_node(s: RotundaState, room: int) -> int:
    """The node holding room kind `room`, or -1 if its tile is not in play."""
    try:
        return s.rooms.index(room)
    except ValueError:
        return -1
