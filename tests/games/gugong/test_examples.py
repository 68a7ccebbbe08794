"""Worked examples of the rules document (§17 E1-E11; they are the seed's examples), each
set up with the builder and checked against the rulebook's numbers. E12 is the solo Meng
(issue 17) and is not here."""

from __future__ import annotations

import pytest

from engine.games.gugong import data, masks
from engine.games.gugong.actions import (
    BuyJade,
    Claim,
    Exchange,
    IntrigueBack,
    LoadShip,
    MoveShip,
    MoveTo,
    NewShip,
    OptionA,
    OptionB,
    PlaceWall,
    Sacrifice,
    Skip,
    TakeDecree,
    TakeForeman,
    Trade,
    UseToken,
)
from engine.games.gugong.data import F_POOL, F_SUPPLY, S_NIGHT_END
from engine.games.gugong.requests import (
    CanalPlace,
    ExchangeCost,
    GiftExchange,
    LocationAction,
    TurnEnd,
)
from tests.games.gugong.builder import build, card, city, pending, play

KUBA, ANIA, GRZESIEK, VIOLA = 0, 1, 2, 3


@pytest.mark.rule("gugong", "4.2.1d", "4.2.1e", "6b", "5.3a", "4.2.2a")
def test_e1_gift_exchange_with_sacrifice():
    """Bartek plays his 3 (+2 servants) on the Jade 8, sacrificing his 2; buys jade for 3."""
    two, three, five, eight = card("G08"), card("G09"), card("G21"), card("G31")
    s = build(2, hands={0: [two, three, five], 1: [card("G02")]}, board={data.JADE: eight},
              pool=[1, 6], supply=[11, 6], houses=[0, 0, 1, 1, 1, 1])
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(three, data.JADE))
    assert pending(s) == (0, "ExchangeCost")
    s.apply(Sacrifice(two))
    assert s.pool[0] == 3  # card action +2 (taken automatically)
    assert pending(s) == (0, "LocationAction")
    cheapest = [a for a in s.legal_actions() if isinstance(a, BuyJade)]
    assert cheapest[0] == BuyJade(2)
    s.apply(BuyJade(2))
    assert s.pool[0] == 0 and s.jade[0] == 1
    assert sorted(s.hands[0]) == [five]
    assert sorted(s.discards[0]) == sorted([two, eight])
    assert s.board[data.JADE] == three


@pytest.mark.rule("gugong", "4.2.1c", "4.2.1d")
def test_e2_value_one_rule():
    """A 1 on a 9 is free with actions; the same 1 on an 8 is not."""
    one, nine, eight = card("G02"), card("G36"), card("G31")
    s = build(2, hands={0: [one, card("G14")], 1: [card("G22")]},
              board={data.DECREES: nine, data.PALACE: eight})
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(one, data.DECREES))
    assert pending(s) == (0, "LocationAction")  # free: straight to the actions
    assert s.discards[0] == [nine]
    s2 = build(2, hands={0: [one, card("G14")], 1: [card("G22")]},
               board={data.DECREES: nine, data.PALACE: eight})
    s2.stack = [GiftExchange(0)]
    s2.apply(Exchange(one, data.PALACE))
    assert pending(s2) == (0, "ExchangeCost")
    kinds = {type(a).__name__ for a in s2.legal_actions()}
    assert kinds == {"PayTwo", "Sacrifice", "NoActions"}


@pytest.mark.rule("gugong", "5.1a", "5.1b", "5.1d", "8c", "D3.2", "D3.10", "4.2.3")
def test_e3_travel_b_and_token_exchange():
    """Jola: Travel B, T_S2 then T_BUYJADE; with 6 tokens she exchanges them for jade at the
    end of her turn."""
    cities = [-1] * data.NUM_CITIES
    cities[city("C01")] = data.T_S2
    cities[city("C02")] = data.T_BUYJADE
    s = build(2, hands={0: [card("G14"), card("G24")], 1: [card("G22")]}, pool=[3, 6],
              supply=[9, 6], cities=cities,
              stored=[[data.T_VP2, data.T_INT, data.T_ENV, data.T_S1], []])
    s.stack = [TurnEnd(0), LocationAction(0, data.TRAVEL)]
    s.turn = 1
    s.apply(OptionB())
    assert s.pool[0] == 1
    s.apply(MoveTo(city("C01")))
    assert s.pool[0] == 3
    s.apply(MoveTo(city("C02")))
    assert pending(s) == (0, "TokenReward")
    s.apply(UseToken())
    assert s.pool[0] == 0 and s.jade[0] == 1 and len(s.stored[0]) == 6
    assert pending(s) == (0, "TurnEnd")
    s.apply(Trade(6, 0))
    assert s.jade[0] == 2 and s.stored[0] == [] and s.pool[0] == 0


@pytest.mark.rule("gugong", "5.2a", "5.2c", "5.2d", "5.2e", "9a")
def test_e4_great_wall_four_players():
    s = build(4, hands={p: [card(f"G{13 + p:02d}")] for p in range(4)},
              wall=[3, 1, 1, 0], intrigue=[12, 12, 4, 6], intrigue_t=[5, 6, 1, 2], clock=6,
              pool=[6, 6, 6, 6], supply=[3, 5, 5, 6], vp=[0] * 4, envoy=[0] * 4)
    s.stack = [LocationAction(ANIA, data.WALL)]
    play(s, OptionB(), PlaceWall(), PlaceWall())
    assert s.vp[ANIA] == 3 and s.envoy[ANIA] == 1
    assert s.wall == [3, 0, 1, 0] and s.supply[ANIA] == 5 + 1 + 3
    assert pending(s) == (GRZESIEK, "IntrigueReward")
    s.apply(IntrigueBack(1))
    assert s.intrigue[GRZESIEK] == 3 and s.pool[GRZESIEK] == 7
    assert pending(s) == (KUBA, "IntrigueReward")
    s.apply(Skip())
    assert pending(s) == (ANIA, "IntrigueReward")
    s.apply(IntrigueBack(7))
    assert s.intrigue[ANIA] == 5 and s.jade[ANIA] == 1
    assert s.intrigue[KUBA] == 12 and s.intrigue[VIOLA] == 6  # Viola had no piece
    assert pending(s)[1] == "GiftExchange"


@pytest.mark.rule("gugong", "5.5a", "5.5b", "5.5c", "D3.3")
def test_e5_palace_entry_and_overflow():
    cities = [-1] * data.NUM_CITIES
    cities[city("C01")] = data.T_ENV
    s = build(3, hands={p: [card(f"G{13 + p:02d}")] for p in range(3)},
              envoy=[6, 8, 8], palace_slot=[0, 7, 5], cities=cities)
    s.stack = [LocationAction(0, data.PALACE)]
    s.apply(OptionB())
    assert s.envoy[0] == 8 and s.palace_slot[0] == 3 and s.intrigue[0] == 1
    assert s.pool[0] == 4
    s.stack = [LocationAction(0, data.TRAVEL)]
    s.apply(OptionA())
    vp = s.vp[0]
    s.apply(MoveTo(city("C01")))
    assert s.vp[0] == vp + 1 and s.envoy[0] == 8


@pytest.mark.rule("gugong", "5.6a", "5.6b", "2c", "D4.D1c", "4.1.5")
def test_e6_decree_cost():
    s = build(3, hands={p: [card(f"G{13 + p:02d}")] for p in range(3)}, pool=[5, 6, 6],
              supply=[7, 6, 6])
    slot = 0
    s.decrees[slot] = data.D1C
    s.decree_servants[1 * 6 + slot] = 1
    s.decree_servants[2 * 6 + slot] = 1
    s.stack = [LocationAction(0, data.DECREES)]
    s.apply(TakeDecree(slot))
    assert s.pool[0] == 1 and s.supply[0] == 10 and s.vp[0] == 3
    assert s.decree_servants[slot] == 1
    # later Mornings: +1 servant (plus the Day income of 3)
    s.stack = []
    s.hands = [[], [], []]
    s.seen = [-1] * data.NUM_CARDS
    s.discards = [[card("G13")], [card("G14")], [card("G15")]]
    s.step = S_NIGHT_END
    s.dice = [6, 6, 6]
    s.RULES.settle(s)
    assert s.day == 2 and s.pool[0] == 1 + 1 + 3


@pytest.mark.rule("gugong", "5.7a", "5.7b", "5.7c", "5.7e", "5.7g")
def test_e7_grand_canal_four_players():
    L, R = 0, 1
    MARCIN = 0
    s = build(4, hands={p: [card(f"G{13 + p:02d}")] for p in range(4)}, pool=[6] * 4)
    # R path: R1 other, R2 Marcin's ship with 1, R3 free, R4 other, R5 free; L1 free
    s.ship_harbor[1 * 3], s.ship_path[1 * 3], s.ship_load[1 * 3] = 0, R, 1
    s.ship_harbor[0], s.ship_path[0], s.ship_load[0] = 1, R, 1
    s.ship_harbor[2 * 3], s.ship_path[2 * 3], s.ship_load[2 * 3] = 3, R, 1
    masks.refresh(s)
    s.supply = [5, 5, 5, 5]
    s.stack = [LocationAction(MARCIN, data.CANAL)]
    s.apply(OptionB())
    s.apply(LoadShip(0))
    assert s.ship_load[0] == 2
    legal = s.legal_actions()
    assert NewShip(L) in legal and NewShip(R) in legal
    s.apply(NewShip(R))
    assert s.ship_harbor[1] == 2 and s.ship_path[1] == R  # first free harbor: R3
    assert s.pool[MARCIN] == 3
    # turn 2: A
    s.stack = [LocationAction(MARCIN, data.CANAL)]
    s.apply(OptionA())
    s.apply(LoadShip(0))
    assert s.ship_load[0] == 3
    s.apply(MoveShip(0))
    assert s.ship_harbor[0] == 4  # past R3, R4 to R5
    hand = len(s.hands[MARCIN])
    draw = len(s.draw_pile)
    s.apply(Claim(0, data.R_CARD))
    assert len(s.hands[MARCIN]) == hand + 1 and len(s.draw_pile) == draw - 1
    assert s.rewards[MARCIN * 3 + data.R_CARD] == 1
    assert s.ship_harbor[0] == -1 and s.supply[MARCIN] == 5 + 1 + 2


@pytest.mark.rule("gugong", "4.3.1a", "4.3.1b", "4.3.1c", "9a")
def test_e8_destiny_dice_majority():
    jk, an, jo, jc = 0, 1, 2, 3  # Kuba, Ania, Jola, Jacek
    s = build(4, discards={jk: [card("G22")], an: [card("G09"), card("G10")],
                           jo: [card("G31")], jc: [card("G11"), card("G24"), card("G25")]},
              intrigue=[0, 3, 0, 4], intrigue_t=[0, 5, 2, 6], clock=6,
              pool=[0] * 4, supply=[9] * 4, dice=[3, 3, 6], step=0)
    s.RULES.settle(s)  # all hands empty: Night, then the Morning of Day 2
    income = 3
    assert [s.pool[p] - income for p in range(4)] == [1, 4, 0, 4]
    assert s.vp == [0, 0, 0, 3] and s.envoy == [0, 0, 0, 1]


@pytest.mark.rule("gugong", "D4.D1b", "4.1.4", "5.7f", "5.7e", "5.7g")
def test_e9_morning_ship_decree():
    kuba, ania = 0, 1
    s = build(2, pool=[6, 6], supply=[3, 0], step=S_NIGHT_END,
              discards={0: [card("G14")], 1: [card("G22")]}, dice=[1, 1, 1])
    s.decrees[0] = data.D1B
    s.decree_servants[kuba * 6] = s.decree_servants[ania * 6] = 1
    s.ship_harbor[0], s.ship_path[0], s.ship_load[0] = 2, 0, 2
    s.ship_harbor[3], s.ship_path[3], s.ship_load[3] = 0, 0, 1
    masks.refresh(s)
    s.RULES.settle(s)
    assert pending(s) == (kuba, "CanalPlace")
    s.apply(LoadShip(0))
    assert pending(s) == (kuba, "HarborClaim")
    s.apply(Claim(0, data.R_CARD))
    assert len(s.hands[kuba]) == 2 and s.rewards[data.R_CARD] == 1
    assert s.ship_harbor[0] == -1
    # Ania: supply empty, nothing to place: not asked; Day 2 starts
    assert pending(s)[1] == "GiftExchange" and s.supply[ania] == 0
    # 1 from the supply onto the ship, 2 back from it, then the income of 3
    assert s.pool[kuba] == 6 + 3 and s.supply[kuba] == 3 - 1 + 2 - 3


@pytest.mark.rule("gugong", "7d", "5.2d", "5.2e")
def test_e10_foreman_on_the_wall():
    ania, jola, przemek = 0, 1, 2
    s = build(3, hands={p: [card(f"G{13 + p:02d}")] for p in range(3)}, wall=[2, 2, 0],
              intrigue=[2, 2, 2], intrigue_t=[3, 4, 5], clock=5, pool=[4, 4, 3],
              supply=[6, 6, 8], foreman=[0, 0, F_POOL])
    s.stack = [LocationAction(przemek, data.WALL)]
    play(s, OptionB(), PlaceWall(False), PlaceWall(True))
    assert s.vp[przemek] == 3 and s.envoy[przemek] == 1
    assert s.wall == [2, 2, 0] and s.foreman[przemek] == F_SUPPLY
    assert s.supply[przemek] == 8 + 1 + 1
    asked = []
    while pending(s)[1] == "IntrigueReward":
        asked.append(pending(s)[0])
        s.apply(Skip())
    assert sorted(asked) == [ania, jola, przemek]


@pytest.mark.rule("gugong", "7b", "7c", "8c", "5.5a")
def test_e11_foreman_as_payment():
    cities = [-1] * data.NUM_CITIES
    cities[city("C01")] = data.T_VP2
    cities[city("C02")] = data.T_INT
    s = build(2, hands={0: [card("G14"), card("G24")], 1: [card("G22")]}, pool=[0, 6],
              supply=[5, 6], foreman=[F_POOL, 0], cities=cities)
    s.stack = [LocationAction(0, data.TRAVEL)]
    assert OptionB(True) in s.legal_actions() and OptionB(False) not in s.legal_actions()
    play(s, OptionB(True), MoveTo(city("C01")), MoveTo(city("C02")))
    assert s.foreman[0] == F_SUPPLY and len(s.stored[0]) == 2
    s.stack = [LocationAction(0, data.PALACE)]
    s.apply(Trade(2, 0))
    assert pending(s) == (0, "ChooseGain")
    s.apply(TakeForeman(True))
    assert s.foreman[0] == F_POOL and s.stored[0] == []
    intrigue = s.intrigue[0]
    s.apply(OptionB(True))
    assert s.envoy[0] == 2 and s.intrigue[0] == intrigue + 1 and s.foreman[0] == F_SUPPLY


@pytest.mark.rule("gugong", "D3a", "D3.9")
def test_canal_place_request_from_supply_is_optional():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]})
    s.stack = [CanalPlace(0, 1, 0, True)]
    assert Skip() in s.legal_actions()
    assert not any(isinstance(a, ExchangeCost) for a in s.legal_actions())
