"""The Day (rules §4): the Morning's steps, a turn's gift exchange and actions, the Night's
dice, ships and hands; positions built directly, each checked against the item's words."""

from __future__ import annotations

import pytest

from engine.games.gugong import data, masks
from engine.games.gugong.actions import (
    Claim,
    Do,
    Exchange,
    NoActions,
    OptionA,
    PayTwo,
    PlaceWall,
    Skip,
    Swap,
    Trade,
)
from engine.games.gugong.data import S_DAY, S_NIGHT_END, S_NIGHT_SHIPS
from engine.games.gugong.morning import refill_map
from engine.games.gugong.requests import GiftExchange
from tests.games.gugong.builder import build, card, pending, play

ONE, FOUR, FIVE, SIX, SIX_WALL, SEVEN, EIGHT, NINE = (
    card("G02"), card("G14"), card("G21"), card("G26"), card("G22"), card("G29"), card("G31"),
    card("G35"))  # G02, G26, G29, G31, G35: no card action


def hands(n: int) -> dict[int, list[int]]:
    return {p: [card(f"G{13 + p:02d}")] for p in range(n)}


def night_end(n: int = 2, **fields):
    """The end of a Night of Day 1 (every hand played, discard piles as given)."""
    fields.setdefault("discards", {p: [card(f"G{13 + p:02d}")] for p in range(n)})
    fields.setdefault("step", S_NIGHT_END)
    return build(n, **fields)


# --- the Morning (§4.1) --------------------------------------------------------------------------
@pytest.mark.rule("gugong", "4.1.2a")
def test_refill_puts_tokens_from_pile_a_then_b_on_cities_without_token_or_traveller():
    s = build(2, hands=hands(2))
    s.cities = [data.T_VP2] * 16 + [-1] * 4  # C17-C20 empty
    s.traveller = [17, -1]  # Red's Traveller stands on C18
    s.pile_a, s.pile_b = [data.T_S1], [data.T_INT, data.T_ENV]
    masks.refresh(s)
    refill_map(s)
    # A first, then B (from the top)
    assert s.cities[16:] == [data.T_S1, -1, data.T_ENV, data.T_INT]
    assert s.pile_a == [] and s.pile_b == []


@pytest.mark.rule("gugong", "4.1.2b")
def test_refill_reshuffles_the_token_discard_and_leaves_cities_empty_when_short():
    s = build(2, hands=hands(2))
    s.cities = [data.T_VP2] * 16 + [-1] * 4
    s.pile_a, s.pile_b, s.token_discard = [], [], [data.T_S1, data.T_S2, data.T_WALL]
    masks.refresh(s)
    refill_map(s)
    assert sorted(s.cities[16:]) == sorted([data.T_S1, data.T_S2, data.T_WALL, -1])
    assert s.token_discard == [] and s.pile_a == [] and s.pile_b == []


@pytest.mark.rule("gugong", "4.1.3")
def test_the_dice_are_rolled_each_morning():
    rolls = set()
    for seed in range(8):
        s = night_end(seed=seed, dice=[0, 0, 0])
        s.RULES.settle(s)
        assert s.day == 2 and all(1 <= d <= 6 for d in s.dice)
        rolls.add(tuple(s.dice))
    assert len(rolls) > 1


@pytest.mark.rule("gugong", "4.1.4", "D4.D1a", "D4.D1c", "D4.D1d")
def test_level_one_decrees_in_the_morning():
    s = night_end(3, pool=[0, 0, 0], supply=[6, 6, 6], envoy=[0, 8, 3],
                  palace_slot=[0, 7, 0], first=1)
    s.decrees[0:2] = [data.D1A, data.D1D]
    s.decree_servants[0 * 6 + 0] = 1  # Red: D1a
    s.decree_servants[1 * 6 + 1] = s.decree_servants[2 * 6 + 1] = 1  # Blue, Green: D1d
    s.RULES.settle(s)
    assert s.intrigue == [2, 0, 0]  # D1a: Intrigue +2
    assert s.vp[1] == 1 and s.envoy[1] == 8  # D1d inside the Palace: 1 VP instead
    assert s.envoy[2] == 4 and s.vp[2] == 0  # D1d: Envoy +1
    assert s.pool == [3, 3, 3]  # the Day income only
    t = night_end(2, pool=[0, 0], supply=[6, 6])
    t.decrees[0] = data.D1C
    t.decree_servants[1 * 6 + 0] = 1
    t.RULES.settle(t)
    assert t.pool == [3, 4]  # D1c: +1 servant


@pytest.mark.rule("gugong", "4.1.4", "D4.D1e")
def test_d1e_swaps_a_hand_card_with_a_board_card_after_the_roll_in_turn_order():
    s = night_end(2, discards={0: [FOUR], 1: [FIVE]}, first=1)
    s.decrees[0] = data.D1E
    s.decree_servants[0] = s.decree_servants[6] = 1
    s.RULES.settle(s)
    assert pending(s) == (1, "MorningDecree")  # the first player (Blue) first
    dice = list(s.dice)
    s.apply(Skip())
    assert pending(s) == (0, "MorningDecree") and s.dice == dice  # rolled before
    board = s.board[data.JADE]
    s.apply(Swap(FOUR, data.JADE))
    assert s.board[data.JADE] == FOUR and s.hands[0] == [board]


@pytest.mark.rule("gugong", "4.1.5", "2d")
def test_income_of_three_every_morning_never_more_than_the_supply():
    s = night_end(2, pool=[0, 0], supply=[6, 2])
    s.RULES.settle(s)
    assert s.pool == [3, 2] and s.supply == [3, 0]


# --- a turn (§4.2) -------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "4.2a")
def test_turns_go_clockwise_and_an_empty_hand_passes():
    s = build(4, hands={0: [SIX], 1: [], 2: [SEVEN], 3: [EIGHT]}, first=2, step=S_DAY,
              board={data.PALACE: card("G03"), data.INTRIGUE: card("G04"), data.JADE: card("G05")})
    s.RULES.settle(s)
    assert pending(s) == (2, "GiftExchange")
    play(s, Exchange(SEVEN, data.PALACE), Skip())
    assert pending(s) == (3, "GiftExchange")  # clockwise: the next seat
    play(s, Exchange(EIGHT, data.INTRIGUE), Skip())
    assert pending(s) == (0, "GiftExchange")
    play(s, Exchange(SIX, data.JADE), Skip())
    assert s.day == 2  # seat 1 has passed; every hand empty: the Night, the next Morning


@pytest.mark.rule("gugong", "4.2.1a")
def test_a_higher_card_is_free_an_equal_or_lower_one_is_not():
    s = build(2, hands={0: [SIX, ONE], 1: [NINE]},
              board={data.PALACE: card("G21"), data.JADE: card("G25")})  # a 5 and a 6
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(SIX, data.PALACE))
    assert pending(s) == (0, "LocationAction") and s.pool[0] == 6
    s.stack = [GiftExchange(0)]
    s.hands[0] = [SIX, ONE]
    s.apply(Exchange(SIX, data.JADE))  # 6 on 6
    assert pending(s) == (0, "ExchangeCost")


@pytest.mark.rule("gugong", "4.2.1d", "5a")
def test_not_higher_pay_two_or_play_without_actions():
    s = build(2, hands={0: [ONE, FIVE], 1: [NINE]}, board={data.PALACE: EIGHT}, pool=[4, 6])
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(ONE, data.PALACE))
    s.apply(PayTwo())
    assert s.pool[0] == 2 and pending(s) == (0, "LocationAction")
    s.apply(s.legal_actions()[1])  # Palace B: 2 more, on top of the exchange's 2
    assert s.pool[0] == 0 and s.envoy[0] == 2
    t = build(2, hands={0: [ONE, FIVE], 1: [NINE]}, board={data.PALACE: EIGHT}, pool=[4, 6])
    t.stack = [GiftExchange(0)]
    t.apply(Exchange(ONE, data.PALACE))
    t.apply(NoActions())
    assert t.board[data.PALACE] == ONE and t.discards[0] == [EIGHT]
    assert pending(t)[1] != "LocationAction" and t.pool[0] == 4 and t.envoy[0] == 0


@pytest.mark.rule("gugong", "4.2.1e")
def test_the_card_lies_on_the_location_and_the_taken_one_goes_to_the_discard_pile():
    s = build(2, hands={0: [SIX, ONE], 1: [NINE]}, board={data.PALACE: FOUR})
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(SIX, data.PALACE))
    assert s.board[data.PALACE] == SIX and s.discards[0] == [FOUR] and s.hands[0] == [ONE]
    assert s.observation(1).discard_sizes == [1, 0] and s.observation(1).discard == []


@pytest.mark.rule("gugong", "4.2.2a")
def test_card_action_first_then_the_location_action_each_optional():
    s = build(2, hands={0: [SIX_WALL, ONE], 1: [NINE]}, board={data.INTRIGUE: FOUR})
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(SIX_WALL, data.INTRIGUE))
    assert pending(s) == (0, "CardAction") and Skip() in s.legal_actions()
    s.apply(Do())
    play(s, PlaceWall())
    assert s.wall[0] == 1 and pending(s) == (0, "LocationAction")
    assert Skip() in s.legal_actions()
    s.apply(OptionA())
    assert s.intrigue[0] == 1


@pytest.mark.rule("gugong", "4.2.2b")
def test_the_same_action_on_card_and_location_is_done_twice():
    s = build(2, hands={0: [SIX_WALL, ONE], 1: [NINE]}, board={data.WALL: FOUR})
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(SIX_WALL, data.WALL))
    play(s, Do(), PlaceWall(), OptionA(), PlaceWall())
    assert s.wall[0] == 2 and s.pool[0] == 4


@pytest.mark.rule("gugong", "4.2.3", "8c")
def test_token_exchanges_are_offered_at_every_own_decision():
    stored = [[data.T_S1, data.T_VP2], []]
    s = build(2, hands={0: [ONE, FIVE], 1: [NINE]}, board={data.PALACE: EIGHT}, pool=[0, 6],
              supply=[6, 6], stored=stored)
    s.stack = [GiftExchange(0)]
    assert Trade(2, 0) in s.legal_actions()
    s.apply(Exchange(ONE, data.PALACE))
    assert Trade(2, 0) in s.legal_actions()  # before paying
    s.apply(Trade(2, 0))
    assert s.pool[0] == 1 and s.stored[0] == [] and s.token_discard == [data.T_S1, data.T_VP2]
    assert pending(s) == (0, "ExchangeCost")


# --- the Night (§4.3) ----------------------------------------------------------------------------
@pytest.mark.rule("gugong", "4.3.1c")
def test_no_match_no_majority_bonus():
    s = build(2, discards={0: [NINE], 1: [EIGHT]}, dice=[1, 2, 3], step=S_DAY)
    s.RULES.settle(s)
    assert s.vp == [0, 0] and s.envoy == [0, 0]


@pytest.mark.rule("gugong", "4.3.2b")
def test_ships_move_one_harbor_furthest_first():
    s = night_end(3, step=S_NIGHT_SHIPS)
    for i, (h, load) in enumerate(((0, 1), (1, 1), (3, 2))):  # one ship per colour
        s.ship_harbor[i * 3], s.ship_path[i * 3], s.ship_load[i * 3] = h, 0, load
    masks.refresh(s)
    s.RULES.settle(s)
    assert [s.ship_harbor[i * 3] for i in range(3)] == [1, 2, 4]


@pytest.mark.rule("gugong", "4.3.2c", "5.7f", "5.7g")
def test_full_ships_may_claim_at_night_in_turn_order():
    s = night_end(2, step=S_NIGHT_SHIPS, first=1)
    s.ship_harbor[0], s.ship_path[0], s.ship_load[0] = 0, 0, 3  # Red: to H2 (4 VP)
    s.ship_harbor[3], s.ship_path[3], s.ship_load[3] = 2, 0, 3  # Blue: to H4 (Foreman)
    masks.refresh(s)
    s.RULES.settle(s)
    assert pending(s) == (1, "HarborClaim")  # the first player first
    s.apply(Claim(0, data.R_FOREMAN))
    assert s.foreman[1] == data.F_POOL and s.ship_harbor[3] == -1
    assert pending(s) == (0, "HarborClaim")
    s.apply(Claim(0, data.R_VP))
    assert s.vp[0] == 4 and s.rewards[0 * 3 + data.R_VP] == 1
    assert s.supply[0] == 6 + 2 - 3  # two back from the ship, then the next Morning's income


@pytest.mark.rule("gugong", "4.3.3")
def test_days_one_to_three_the_discard_pile_becomes_the_hand():
    s = night_end(2, discards={0: [FOUR, NINE], 1: [FIVE]})
    s.hands = [[], []]
    s.RULES.settle(s)
    assert sorted(s.hands[0]) == sorted([FOUR, NINE]) and s.discards == [[], []]
