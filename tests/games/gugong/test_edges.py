"""Edge cases of the rules document's ambiguity list (§16 A1-A28) and other corner rules."""

from __future__ import annotations

import pytest

import engine
from engine.games.gugong import data, masks
from engine.games.gugong.actions import (
    BuyJade,
    Do,
    Exchange,
    IntrigueBack,
    MoveTo,
    OptionA,
    OptionB,
    PlaceWall,
    Skip,
    Swap,
    TakeDecree,
    Trade,
    TurnDie,
)
from engine.games.gugong.data import F_POOL, F_SUPPLY, S_FINAL, S_NIGHT_SHIPS, S_OVER
from engine.games.gugong.night import matches
from engine.games.gugong.requests import (
    CardAction,
    GiftExchange,
    IntrigueReward,
    LocationAction,
    StoreToken,
    WallCheck,
)
from engine.games.gugong.scoring import end_scoring
from engine.protocol import IllegalActionError, InvalidConfigError
from tests.games.gugong.builder import build, card, city, pending, play


def hands(n: int) -> dict[int, list[int]]:
    return {p: [card(f"G{13 + p:02d}")] for p in range(n)}


@pytest.mark.rule("gugong", "4.3.1a", "4.3.1b")
def test_a1_a15_matches_count_pairs_and_triples():
    s = build(2, discards={0: [card("G09")], 1: [card("G10"), card("G11")]}, dice=[3, 3, 3])
    assert matches(s, 0) == 3 and matches(s, 1) == 6
    s.dice = [7 % 6, 2, 4]
    s.discards[0] = [card("G27"), card("G35")]  # 7 and 9 never match
    assert matches(s, 0) == 0


@pytest.mark.rule("gugong", "4.3.1c", "2d")
def test_a2_majority_counts_matches_not_servants_received():
    s = build(2, discards={0: [card("G09"), card("G10")], 1: [card("G11")]}, dice=[3, 1, 2],
              supply=[0, 9], pool=[12, 3], hands={}, step=0)
    s.RULES.settle(s)
    assert s.vp[0] == 3 and s.vp[1] == 0  # 2 matches beat 1 even with no servant gained


@pytest.mark.rule("gugong", "5.5b", "3.9")
def test_a3_a4_palace_length_and_slots_for_five():
    s = build(5, envoy=[7, 8, 8, 8, 0], palace_slot=[0, 7, 5, 3, 0])
    s.stack = [LocationAction(0, data.PALACE)]
    s.turn = 1
    s.apply(OptionA())
    assert s.envoy[0] == 8 and s.palace_slot[0] == 2
    s.envoy[4] = 7
    s.stack = [LocationAction(4, data.PALACE)]
    s.apply(OptionA())
    assert s.palace_slot[4] == 1


@pytest.mark.rule("gugong", "8a", "8d", "8c")
def test_a6_storage_full_forces_an_exchange():
    cities = [-1] * data.NUM_CITIES
    cities[city("C01")] = data.T_VP2
    s = build(2, hands=hands(2), cities=cities, stored=[[data.T_S1] * 6, []])
    s.stack = [LocationAction(0, data.TRAVEL)]
    play(s, OptionA(), MoveTo(city("C01")))
    assert pending(s) == (0, "StoreToken")
    assert all(isinstance(a, Trade) for a in s.legal_actions())
    s.apply(Trade(4, 0))
    assert s.stored[0] == [data.T_S1] * 2 + [data.T_VP2] and s.vp[0] == 2 + 2


@pytest.mark.rule("gugong", "7c")
def test_a7_foreman_never_pays_a_cost_of_one_but_pays_two_of_three():
    s = build(2, hands=hands(2), pool=[0, 6], foreman=[F_POOL, 0], houses=[0, 0, 1, 1, 1, 1])
    s.stack = [LocationAction(0, data.INTRIGUE)]
    assert OptionB() not in s.legal_actions() and OptionB(True) not in s.legal_actions()
    s.stack = [LocationAction(0, data.JADE)]
    assert BuyJade(2, True) not in s.legal_actions()  # 3 needs one more normal servant
    s.pool[0] = 1
    assert BuyJade(2, True) in s.legal_actions() and BuyJade(2, False) not in s.legal_actions()
    s.apply(BuyJade(2, True))
    assert s.pool[0] == 0 and s.foreman[0] == F_SUPPLY and s.jade[0] == 1
    s.foreman[0] = F_POOL
    s.decrees[0] = data.D1A  # cost 1 (+ the servant placed): the Foreman cannot pay it
    s.stack = [LocationAction(0, data.DECREES)]
    assert TakeDecree(0, True) not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(TakeDecree(0, True))


@pytest.mark.rule("gugong", "5.7b")
def test_a8_canal_b_does_not_move():
    s = build(2, hands=hands(2))
    s.stack = [LocationAction(0, data.CANAL)]
    s.apply(OptionB())
    seen = []
    while pending(s)[0] == 0 and pending(s)[1] != "GiftExchange":
        seen.append(pending(s)[1])
        s.apply(s.legal_actions()[0])
    assert "CanalMove" not in seen


@pytest.mark.rule("gugong", "5.4a", "5.4b", "6a")
def test_a9_a10_medal_from_intrigue_a_and_card_only():
    s = build(2, hands=hands(2))
    s.stack = [LocationAction(0, data.INTRIGUE)]
    s.apply(OptionB())
    assert s.medal == -1 and s.intrigue[0] == 3
    s.stack = [CardAction(1, card("G07"))]  # INTRIGUE card action = option A
    s.apply(Do())
    assert s.medal == 1
    s.stack = [LocationAction(0, data.INTRIGUE)]
    s.apply(OptionA())
    assert s.medal == 1  # only the first this Day


@pytest.mark.rule("gugong", "4.1.1")
def test_medal_makes_next_first_player():
    s = build(3, discards={p: [card(f"G{13 + p:02d}")] for p in range(3)}, medal=2,
              step=S_NIGHT_SHIPS)
    s.RULES.settle(s)
    assert s.day == 2 and s.first == 2 and s.medal == -1
    assert pending(s) == (2, "GiftExchange")


@pytest.mark.rule("gugong", "5.3b")
def test_a11_market_only_when_houses_are_empty():
    s = build(2, hands=hands(2), pool=[9, 6], houses=[0, 0, 0, 0, 0, 1])
    s.stack = [LocationAction(0, data.JADE)]
    spaces = {a.space for a in s.legal_actions() if isinstance(a, BuyJade)}
    assert spaces == {5}
    s.houses[5] = 0
    spaces = {a.space for a in s.legal_actions() if isinstance(a, BuyJade)}
    assert spaces == {data.MARKET}


@pytest.mark.rule("gugong", "4.2.1b", "D4.D2d")
def test_a14_value_one_exception_uses_printed_values_and_d2d():
    one, nine = card("G02"), card("G36")
    s = build(2, hands={0: [nine, card("G24")], 1: [one]}, board={data.WALL: card("G38")})
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(nine, data.WALL))  # 9 on 9: not free without D2d
    assert pending(s) == (0, "ExchangeCost")
    s = build(2, hands={0: [nine, card("G24")], 1: [one]}, board={data.WALL: card("G38")})
    s.decrees[2] = data.D2D
    s.decree_servants[2] = 1
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(nine, data.WALL))
    assert pending(s)[1] != "ExchangeCost"


@pytest.mark.rule("gugong", "5.4d")
def test_a16_moving_down_lands_on_top():
    s = build(2, hands=hands(2), intrigue=[4, 3], intrigue_t=[2, 1], clock=2, wall=[1, 3])
    s.stack = [IntrigueReward(0)]
    s.apply(IntrigueBack(1))
    assert s.intrigue == [3, 3] and s.intrigue_t[0] > s.intrigue_t[1]


@pytest.mark.rule("gugong", "5.2f")
def test_a17_useless_rewards_are_not_offered():
    s = build(2, hands=hands(2), intrigue=[6, 0], supply=[0, 6], dice=[1, 2, 3])
    s.stack = [IntrigueReward(0)]
    legal = s.legal_actions()
    assert IntrigueBack(1) not in legal and IntrigueBack(3) not in legal
    assert TurnDie(0, 1) not in legal and TurnDie(0, 6) in legal
    s.intrigue[0] = 0
    s.stack = [IntrigueReward(0)]
    s.RULES.settle(s)  # nothing to take: not asked
    assert pending(s)[1] != "IntrigueReward"


@pytest.mark.rule("gugong", "10.5")
def test_a19_nobody_in_the_palace_nobody_wins_and_outsiders_score_zero():
    s = build(3, vp=[30, 20, 10], step=S_FINAL)
    end_scoring(s)
    assert s.step == S_OVER and s.scores() == [0, 0, 0] and s.ranking() == [0, 0, 0]
    s = build(3, vp=[30, 20, 10], envoy=[0, 8, 7], palace_slot=[0, 7, 0], step=S_FINAL)
    end_scoring(s)
    assert s.scores() == [0, 27, 0]
    assert s.ranking()[1] == 0 and s.ranking()[0] > 0


@pytest.mark.rule("gugong", "10.1")
def test_final_wall_majority_can_enter_the_palace():
    s = build(2, wall=[1, 2], envoy=[8, 7], palace_slot=[7, 0], step=S_FINAL)
    end_scoring(s)
    assert s.palace_slot[1] == 5 and s.scores()[1] == 3 + 5


@pytest.mark.rule("gugong", "10.2", "10.3", "10.4", "D4.D3a", "D4.D3c")
def test_level_three_decrees_d3a_first():
    s = build(2, vp=[20, 0], jade=[3, 0], envoy=[8, 8], palace_slot=[7, 5], step=S_FINAL)
    s.decrees = [data.D1A, data.D1B, data.D2A, data.D2B, data.D3A, data.D3C]
    s.decree_servants[4] = s.decree_servants[5] = 1
    end_scoring(s)
    # 20 -> D3a +6 -> D3c +6 -> Palace +7 -> jade 3 = 6
    assert s.vp[0] == 20 + 6 + 6 + 7 + 6


@pytest.mark.rule("gugong", "5.2g")
def test_a20_wall_still_full_scores_again():
    s = build(2, hands=hands(2), wall=[5, 4], intrigue=[0, 0], intrigue_t=[0, 1])
    s.stack = [WallCheck(0)]
    s.RULES.settle(s)
    assert s.vp == [3, 3] and s.wall == [0, 0]


@pytest.mark.rule("gugong", "5.2b", "D4.D2c", "D3.11")
def test_a21_d2c_extra_after_wall_action_not_after_t_wall():
    s = build(2, hands=hands(2), supply=[6, 6])
    s.decrees[3] = data.D2C
    s.decree_servants[3] = 1
    s.stack = [LocationAction(0, data.WALL)]
    s.apply(OptionA())
    s.apply(PlaceWall())
    assert pending(s) == (0, "WallPlace") and s.stack[-1].supply
    s.apply(PlaceWall())
    assert s.wall[0] == 2 and s.supply[0] == 5
    cities = [-1] * data.NUM_CITIES
    cities[city("C01")] = data.T_WALL
    s.cities = cities
    masks.refresh(s)
    s.stack = [LocationAction(0, data.TRAVEL)]
    play(s, OptionA(), MoveTo(city("C01")), PlaceWall())
    assert s.wall[0] == 3 and pending(s)[1] != "WallPlace"


@pytest.mark.rule("gugong", "6c")
def test_a27_a28_swap_ignores_values_and_may_take_the_card_just_placed():
    swap_card = card("G18")  # 5, SWAP
    s = build(2, hands={0: [swap_card, card("G02")], 1: [card("G22")]},
              board={data.TRAVEL: card("G03")})
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(swap_card, data.TRAVEL))
    assert pending(s) == (0, "CardAction")
    legal = s.legal_actions()
    assert Swap(card("G02"), data.TRAVEL) in legal  # a hand card, onto any location
    assert Swap(card("G03"), data.JADE) in legal  # the discard pile's card (taken just now)
    s.apply(Swap(card("G02"), data.TRAVEL))  # my 1 for the SWAP card I just placed
    assert s.board[data.TRAVEL] == card("G02") and swap_card in s.hands[0]


@pytest.mark.rule("gugong", "4.3.2a", "4.3.2b")
def test_night_ship_in_harbor_five_is_lost():
    s = build(2, discards={0: [card("G14")], 1: [card("G22")]}, step=S_NIGHT_SHIPS,
              supply=[3, 3], foreman=[F_SUPPLY, 0])
    s.ship_harbor[0], s.ship_path[0], s.ship_load[0] = 4, 0, 2
    s.ship_harbor[1], s.ship_path[1], s.ship_load[1] = 3, 0, 1
    masks.refresh(s)
    s.RULES.settle(s)
    assert s.ship_harbor[0] == -1 and s.ship_harbor[1] == 4


@pytest.mark.rule("gugong", "8b", "8c")
def test_exchange_four_tokens_for_two_vp_with_a_double():
    s = build(2, hands=hands(2), stored=[[data.T_DOUBLE, data.T_S1, data.T_VP2], []])
    s.stack = [GiftExchange(0)]
    legal = [a for a in s.legal_actions() if isinstance(a, Trade)]
    assert Trade(4, 1) in legal and Trade(4, 0) not in legal
    s.apply(Trade(4, 1))
    assert s.vp[0] == 2 and s.stored[0] == [] and pending(s) == (0, "GiftExchange")


def test_stored_token_then_room():
    s = build(2, hands=hands(2))
    s.stack = [StoreToken(0, data.T_S1)]
    s.RULES.settle(s)
    assert s.stored[0] == [data.T_S1]


def test_illegal_action_and_unknown_option_errors():
    s = engine.make("gugong", 2, 1)
    with pytest.raises(IllegalActionError, match="not legal"):
        s.apply(Skip())
    with pytest.raises(InvalidConfigError, match="no option"):
        engine.make("gugong", 2, 1, solo=True)
    with pytest.raises(InvalidConfigError):
        engine.make("gugong", 6, 1)
    with pytest.raises(InvalidConfigError, match="only for 1 player, not 2"):
        engine.make("gugong", 2, 1, automa_level="hard")  # solo options (rules §13)
