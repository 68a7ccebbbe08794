"""One test per room of §12.1 not covered by the worked examples (Banker, Harbour, Experts'
Room, Trading Post, Guild Hall, Warehouse), with the end-of-step-3 cleanup."""

from __future__ import annotations

import pytest

from engine.games.rotunda import data
from engine.games.rotunda.actions import (
    Buy,
    Execute,
    Hire,
    Move,
    Peddler,
    Skip,
    Stop,
    TakeCube,
)
from tests.games.rotunda.builder import begin, blank, play

P = 2


@pytest.mark.rule("rotunda", "R5", "5.3g")
def test_banker_takes_all_coins_and_refills_three():
    s = blank()
    s.banker = 5
    s.leaders[P * 2] = data.I3
    begin(s, P)
    play(s, Move(data.I3, data.I5), Execute(0, 0), Skip())
    assert s.coins[P] == 5 and s.banker == 3


@pytest.mark.rule("rotunda", "R5")
def test_banker_basic_cube():
    s = blank()
    s.leaders[P * 2] = data.I3
    begin(s, P)
    play(s, Move(data.I3, data.I5), Execute(1 + data.CELADON, 0), Peddler(0, 0))
    assert s.cube(P, data.CELADON) == 1 and s.banker == 3


@pytest.mark.rule("rotunda", "R2a", "5.8a")
def test_harbour_smuggler_or_gold():
    s = blank()
    begin(s, P)
    tok = s.smuggler_pool[1]
    play(s, Move(data.LODGE, data.I2), Execute(1, 0))
    got = [s.cube(P, t) for t in range(4)]
    want = [0, 0, 0, 0]
    for t in data.SMUGGLERS[tok]:
        want[t] += 1
    assert got == want


@pytest.mark.rule("rotunda", "R4", "5.8a")
def test_experts_room_hires_and_refills():
    s = blank()
    s.leaders[P * 2] = data.I3
    begin(s, P)
    pool = s.expert_pool
    play(s, Move(data.I3, data.I4), Execute(2, 0))
    assert s.experts[P] == (pool[2],) and len(s.expert_pool) == 3


@pytest.mark.rule("rotunda", "R11")
def test_trading_post_prices_one_to_four():
    s = blank(rooms={data.O1: data.TRADING_POST})
    s.coins[P] = 10
    begin(s, P)
    play(s, Move(data.LODGE, data.O1), Execute(0, 0), Buy(3), Buy(0), Buy(2))
    assert s.coins[P] == 4 and s.cube(P, data.GOLD) == 1 and s.track[P] == 8
    play(s, s.legal_actions()[0])           # the Apprentice bought third
    play(s, Buy(1), Peddler(0, 0))          # 4th purchase: 4 coins
    assert s.coins[P] == 0 and sum(s.villages) == 1


@pytest.mark.rule("rotunda", "R12")
def test_guild_hall_costs_coin_then_fire_one_then_two():
    s = blank(rooms={data.O1: data.GUILD_HALL})
    s.coins[P] = 1
    s.supply_discs[P] = 3
    begin(s, P)
    play(s, Move(data.LODGE, data.O1), Execute(0, 0), Hire(0))
    assert s.coins[P] == 0 and len(s.experts[P]) == 1
    play(s, Hire(0))
    assert s.supply_discs[P] == 2 and s.track[P] == 10
    play(s, Hire(0))
    assert s.supply_discs[P] == 0 and s.track[P] == 12 and len(s.experts[P]) == 3


@pytest.mark.rule("rotunda", "R13a", "R13b", "5.3h")
def test_warehouse_takes_from_icons_and_refills():
    s = blank(rooms={data.O1: data.WAREHOUSE})
    s.coins[P] = 6
    s.market[data.FRUIT] = data.GOLD               # a Gold sold as Fruit lies on the Market
    begin(s, P)
    play(s, Move(data.LODGE, data.O1), Execute(0, 0))
    assert s.track[P] == 8                   # the Recruit
    play(s, TakeCube(3 + data.FRUIT), TakeCube(data.TEA), Stop())
    assert s.cube(P, data.GOLD) == 1 and s.cube(P, data.TEA) == 1 and s.coins[P] == 3
    assert s.market[data.FRUIT] == -1 and s.warehouse == [1, 1, 1]
