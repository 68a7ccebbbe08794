"""Selling cubes onto room icons (rules §12.1 R3 Market, R7 Retailer, R8 Wholesaler; §9
Expert sales). Gold may be sold as any type (§5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda.data import (
    BASIC,
    GOLD,
    MARKET,
    MARKET_REWARD,
    RETAILER,
    RETAILER_REWARD,
    WHOLESALER,
    WHOLESALER_REWARD,
)
from engine.games.rotunda.effects import add_vp, gain_coins

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

SALE_ROOMS = (MARKET, RETAILER, WHOLESALER)


def icons(s: RotundaState, room: int) -> list[int]:
    return s.retailer if room == RETAILER else s.wholesaler


def row_takes(row: list[int], room: int, as_type: int) -> bool:
    """R7 / R8: whether the Retailer's or Wholesaler's icon `row` takes a cube sold as
    `as_type` (an icon uncovered; the Retailer's sold types all differ, the Wholesaler's are
    all the same). False for an empty row: the tile is not on the board."""
    if -1 not in row:
        return False
    if room == RETAILER:
        for x in row:
            if x >= 0 and x >> 2 == as_type:
                return False
        return True
    for x in row:
        if x >= 0 and x >> 2 != as_type:
            return False
    return True


def can_sell(s: RotundaState, p: int, room: int, as_type: int, gold: bool,
             extra: bool = False) -> bool:
    """Whether seat p may sell one cube as `as_type` into `room` now. `extra`: a repeat
    Market execution, which may also sell a type whose icon p covered this turn (R3)."""
    if s.cubes[p * 4 + (GOLD if gold else as_type)] == 0:
        return False
    if room == MARKET:
        if s.market[as_type] < 0:
            return True
        return extra and bool(s.market_mine >> as_type & 1) and p == s.turn
    return row_takes(icons(s, room), room, as_type)


def market_options(s: RotundaState, p: int, extra: bool) -> list[int]:
    """R3: the Market sales seat p can make now, as type * 2 + gold (`can_sell` for each
    type, own cube before Gold)."""
    cubes, i, market = s.cubes, p * 4, s.market
    gold = cubes[i + GOLD] > 0
    again = s.market_mine if extra and p == s.turn else 0
    out = []
    for t in BASIC:
        if market[t] < 0 or again >> t & 1:
            if cubes[i + t]:
                out.append(t * 2)
            if gold:
                out.append(t * 2 + 1)
    return out


def room_sellable(s: RotundaState, p: int, room: int) -> bool:
    """R7 / R8: whether seat p can sell any cube into the Retailer or Wholesaler now."""
    row = icons(s, room)
    if -1 not in row:
        return False
    cubes, i = s.cubes, p * 4
    gold = cubes[i + GOLD] > 0
    return any((gold or cubes[i + t]) and row_takes(row, room, t) for t in BASIC)


def any_sale(s: RotundaState, p: int, as_type: int) -> bool:
    """§9 (H5-H7): whether seat p can sell one cube as `as_type` (its own or a Gold) into
    some sale room now: the Market's icon is uncovered, or a Retailer / Wholesaler row
    takes it."""
    i = p * 4
    if not (s.cubes[i + as_type] or s.cubes[i + GOLD]):
        return False
    return (s.market[as_type] < 0 or row_takes(s.retailer, RETAILER, as_type)
            or row_takes(s.wholesaler, WHOLESALER, as_type))


def can_sell_again(s: RotundaState, p: int, room: int, as_type: int, gold: bool) -> bool:
    """Whether, after selling one cube as `as_type` into `room` (`place`), seat p could sell
    another there (no repeat-Market exception: §9, P5 sells two cubes into one room). The
    same test as `can_sell` on the position after `place`, without building it."""
    actual = GOLD if gold else as_type
    have = s.cubes[p * 4:p * 4 + 4]
    have[actual] -= 1
    if room == MARKET:
        market = s.market
        covered = as_type if market[as_type] < 0 else -1  # the icon this sale covers
        return any((have[u] > 0 or have[GOLD] > 0) and market[u] < 0 and u != covered
                   for u in BASIC)
    row = icons(s, room)[:]
    row[row.index(-1)] = as_type * 4 + actual
    if -1 not in row:
        return False
    placed = [x >> 2 for x in row if x >= 0]
    for u in BASIC:
        if have[GOLD] > 0 or have[u] > 0:
            if room == RETAILER:
                if u not in placed:
                    return True
            elif all(t == u for t in placed):
                return True
    return False


def can_sell_two(s: RotundaState, p: int) -> bool:
    """§9 P5: whether seat p can sell two cubes into one sale room now (`can_sell`, then
    `can_sell_again`). Two cubes at least are needed; a Retailer or Wholesaler not on the
    board has an empty row, which takes nothing."""
    i = p * 4
    cubes = s.cubes
    if cubes[i] + cubes[i + 1] + cubes[i + 2] + cubes[i + 3] < 2:
        return False
    for room in SALE_ROOMS:
        for t in BASIC:
            for g in (False, True):
                if can_sell(s, p, room, t, g) and can_sell_again(s, p, room, t, g):
                    return True
    return False


def place(s: RotundaState, p: int, room: int, as_type: int, gold: bool) -> None:
    """Pay the cube and put it on its icon (a Market exception sale goes to the supply)."""
    actual = GOLD if gold else as_type
    s.cubes[p * 4 + actual] -= 1
    if room == MARKET:
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
    if room == MARKET:
        return MARKET_REWARD[as_type]
    table = RETAILER_REWARD if room == RETAILER else WHOLESALER_REWARD
    return table[nth]


def pay_reward(s: RotundaState, p: int, coins: int, vp: int, times: int = 1) -> None:
    gain_coins(s, p, coins * times)
    add_vp(s, p, vp * times)


