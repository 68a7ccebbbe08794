"""The bonus travel tokens (rules doc §12, D3; seed "BONUSOWE ŻETONY PODRÓŻY"): set-up,
activation (1 pool servant, until the end of this Day phase), the three effects, storage
and exchanges. Neither the rules doc nor the seed has a worked example of them; each
effect's edge cases are tested here with the seed's wording."""

from __future__ import annotations

import random

import pytest

import engine
from engine.games.gugong import data, masks
from engine.games.gugong.actions import (
    Activate,
    Do,
    Exchange,
    MoveTo,
    NoActions,
    OptionA,
    OptionB,
    Skip,
    Trade,
)
from engine.games.gugong.data import F_POOL, S_DAY
from engine.games.gugong.night import matches
from engine.games.gugong.requests import GiftExchange, TravelMove, TurnEnd
from engine.games.gugong.state import BonusInPlay, GugongState
from engine.games.gugong.turn import is_free
from tests.games.gugong.builder import build, card, pending

NINE, EIGHT, SEVEN = card("G35"), card("G31"), card("G29")  # no card action
ONE_PALACE, FOUR, FOUR_BOARD, FIVE = card("G01"), card("G14"), card("G15"), card("G19")
TWO = card("G06")


def position(n: int = 3, **fields) -> GugongState:
    """Seat 0..n-1 each hold a 9, an 8 and a 7 (no card actions); low cards on the board."""
    hands = {0: [NINE, card("G36")], 1: [EIGHT, card("G38")], 2: [SEVEN, card("G34")],
             3: [card("G37")]}
    board = {data.TRAVEL: TWO, data.PALACE: card("G10"), data.JADE: card("G05")}
    return build(n, hands={p: hands[p] for p in range(n)}, board=board, bonus=True, **fields)


def take(s: GugongState, p: int, token: int, city: int = 0) -> None:
    """Seat p's Traveller (off-map) takes `token` from `city`."""
    s.cities = [-1] * data.NUM_CITIES
    s.cities[city] = token
    s.traveller[p] = -1
    masks.refresh(s)
    s.stack = [TravelMove(p, 1)]
    s.apply(MoveTo(city))


def turn_at(s: GugongState, p: int, hand_card: int, loc: int) -> None:
    s.stack = [GiftExchange(p)]
    s.apply(Exchange(hand_card, loc))


# --- set-up --------------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "12a", "D3.13")
def test_setup_mixes_six_bonus_tokens_into_38():
    for n in (2, 3, 4, 5):
        s = engine.make("gugong", n, n, bonus_travel=True)
        tokens = [t for t in s.cities if t >= 0] + s.pile_a + s.pile_b
        assert len(tokens) == 38 and len(s.cities) == 20
        assert (len(s.pile_a), len(s.pile_b)) == (9, 9)
        assert all(tokens.count(t) == 2 for t in (data.B_PLUS1, data.B_TOLL, data.B_FOLLOW))
        base = engine.make("gugong", n, n)
        assert len(base.pile_a) + len(base.pile_b) == 12
        assert not any(t in data.BONUS_TOKENS for t in base.cities + base.pile_a + base.pile_b)


# --- activation ----------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "12b")
def test_taking_a_bonus_token_asks_activate_or_store():
    s = position()
    take(s, 0, data.B_TOLL)
    assert pending(s) == (0, "ActivateBonus")
    assert s.legal_actions() == [Activate(loc) for loc in range(7)] + [Skip()]
    s2 = position()
    take(s2, 0, data.B_PLUS1)
    assert s2.legal_actions() == [Activate(-1), Skip()]


@pytest.mark.rule("gugong", "12b")
def test_activation_costs_one_pool_servant_and_uses_no_storage():
    s = position(pool=[3, 6, 6], supply=[9, 6, 6])
    take(s, 0, data.B_FOLLOW)
    s.apply(Activate(data.PALACE))
    assert s.bonus_active == [BonusInPlay(0, data.B_FOLLOW, data.PALACE)]
    assert (s.pool[0], s.supply[0]) == (2, 9)  # beside the space, not yet in the supply
    assert s.stored[0] == []


@pytest.mark.rule("gugong", "12b")
def test_not_activated_it_is_stored_as_a_normal_token():
    s = position()
    s.stored[0] = [data.T_S1]
    take(s, 0, data.B_TOLL)
    s.apply(Skip())
    assert s.stored[0] == [data.T_S1, data.B_TOLL] and not s.bonus_active
    assert s.pool[0] == 6


def _at_turn_end(s: GugongState, p: int) -> GugongState:
    s.stack = [TurnEnd(p)]
    return s


@pytest.mark.rule("gugong", "12b")
def test_stored_bonus_token_counts_in_exchanges():
    s = position()
    s.stored[0] = [data.T_S1]
    take(s, 0, data.B_PLUS1)
    s.apply(Skip())
    _at_turn_end(s, 0)
    assert Trade(2, 0) in s.legal_actions()
    s.apply(Trade(2, 0))
    assert s.stored[0] == [] and data.B_PLUS1 in s.token_discard


@pytest.mark.rule("gugong", "12b")
def test_no_pool_servant_no_activation_and_no_question():
    """The Foreman is not a servant beside the token; with no normal servant in the pool
    and no exchange possible (public) the token is stored without asking."""
    s = position(pool=[0, 6, 6])
    s.foreman[0] = F_POOL
    take(s, 0, data.B_TOLL)
    assert s.stored[0] == [data.B_TOLL] and not s.bonus_active
    assert pending(s) != (0, "ActivateBonus")


@pytest.mark.rule("gugong", "12b", "4.2.3")
def test_exchanging_for_a_servant_then_activating():
    s = position(pool=[0, 6, 6], supply=[12, 6, 6])
    s.stored[0] = [data.T_S1, data.T_VP2]
    take(s, 0, data.B_PLUS1)
    assert pending(s) == (0, "ActivateBonus")
    assert s.legal_actions() == [Skip(), Trade(2, 0)]
    s.apply(Trade(2, 0))
    assert s.pool[0] == 1 and s.legal_actions()[0] == Activate(-1)
    s.apply(Activate(-1))
    assert s.pool[0] == 0 and s.bonus_active == [BonusInPlay(0, data.B_PLUS1)]


@pytest.mark.rule("gugong", "12b")
def test_active_token_cannot_be_exchanged_nor_fills_storage():
    s = position()
    s.stored[0] = [data.T_S1, data.T_S2, data.T_ENV, data.T_INT, data.T_VP2]
    take(s, 0, data.B_TOLL, city=0)
    s.apply(Activate(data.JADE))
    take(s, 0, data.T_SWAP, city=1)  # the 6th stored token fits: the active one takes no space
    assert s.pending().__class__.__name__ == "TokenReward"
    s.apply(Skip())
    assert len(s.stored[0]) == 6 and data.B_TOLL not in s.stored[0]
    s3 = position()
    s3.stored[0] = [data.T_S1]
    s3.bonus_active = [BonusInPlay(0, data.B_FOLLOW, data.WALL)]
    _at_turn_end(s3, 0)
    assert not any(isinstance(a, Trade) for a in s3.legal_actions())


# --- B_PLUS1 -------------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "12c")
def test_plus_one_makes_equal_cards_higher_for_its_owner_only():
    s = build(3, hands={0: [FOUR], 1: [card("G13")]}, board={data.PALACE: FOUR_BOARD,
                                                           data.JADE: FIVE}, bonus=True)
    assert not is_free(s, 0, FOUR, data.PALACE)
    s.bonus_active = [BonusInPlay(0, data.B_PLUS1)]
    assert is_free(s, 0, FOUR, data.PALACE)  # 4 + 1 > 4
    assert not is_free(s, 0, FOUR, data.JADE)  # 4 + 1 = 5: not higher
    assert not is_free(s, 1, card("G13"), data.PALACE)  # seat 1's 4 on a 4: no bonus
    s.bonus_active = [BonusInPlay(0, data.B_PLUS1), BonusInPlay(0, data.B_PLUS1)]
    assert is_free(s, 0, FOUR, data.JADE)  # two active tokens: +2


@pytest.mark.rule("gugong", "12c", "4.2.1b")
def test_plus_one_with_equal_value_decree():
    s = build(2, hands={0: [FOUR], 1: [NINE]}, board={data.JADE: FIVE}, bonus=True)
    s.decrees[3] = data.D2D
    s.decree_servants[0 * 6 + 3] = 1
    assert not is_free(s, 0, FOUR, data.JADE)
    s.bonus_active = [BonusInPlay(0, data.B_PLUS1)]
    assert is_free(s, 0, FOUR, data.JADE)  # 4 + 1 = 5 counts as higher with D2d


@pytest.mark.rule("gugong", "12c")
def test_plus_one_exchange_is_free_in_play():
    s = build(2, hands={0: [FOUR, NINE], 1: [EIGHT]}, board={data.PALACE: FOUR_BOARD},
              bonus=True)
    s.bonus_active = [BonusInPlay(0, data.B_PLUS1)]
    turn_at(s, 0, FOUR, data.PALACE)
    assert pending(s) == (0, "LocationAction")  # no ExchangeCost: the card action is automatic


@pytest.mark.rule("gugong", "12c", "4.3.1a", "4.2.1c")
def test_plus_one_keeps_printed_values_for_dice_and_the_value_one_rule():
    s = build(2, hands={0: [card("G02")]}, discards={0: [FOUR]}, board={data.PALACE: NINE,
                                                                          data.JADE: EIGHT},
              bonus=True)
    s.bonus_active = [BonusInPlay(0, data.B_PLUS1)]
    s.dice = [5, 5, 5]
    assert matches(s, 0) == 0  # the 4 matches a 4, never a 5
    s.dice = [4, 1, 1]
    assert matches(s, 0) == 1
    assert is_free(s, 0, card("G02"), data.PALACE)  # printed 1 onto printed 9
    assert not is_free(s, 0, card("G02"), data.JADE)  # 1 + 1 on an 8: not higher


# --- B_TOLL --------------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "12d")
def test_toll_moves_one_vp_from_the_user_to_the_owner():
    s = position(vp=[0, 5, 2])
    s.bonus_active = [BonusInPlay(2, data.B_TOLL, data.PALACE)]
    turn_at(s, 1, EIGHT, data.PALACE)
    s.apply(OptionA())
    assert s.vp == [0, 4, 3] and s.envoy[1] == 1


@pytest.mark.rule("gugong", "12d")
def test_toll_never_takes_below_zero_but_the_owner_still_gains():
    s = position(vp=[0, 0, 2])
    s.bonus_active = [BonusInPlay(2, data.B_TOLL, data.PALACE)]
    turn_at(s, 1, EIGHT, data.PALACE)
    s.apply(OptionA())
    assert s.vp == [0, 0, 3]


@pytest.mark.rule("gugong", "12d")
def test_toll_only_for_others_performing_the_action_there():
    s = position(vp=[4, 4, 4])
    s.bonus_active = [BonusInPlay(2, data.B_TOLL, data.PALACE)]
    turn_at(s, 2, SEVEN, data.PALACE)  # the owner himself
    s.apply(OptionA())
    turn_at(s, 1, EIGHT, data.TRAVEL)  # another space
    s.apply(OptionA())
    s.stack = []
    turn_at(s, 0, NINE, data.PALACE)  # at the space, but no action taken
    s.apply(Skip())
    assert s.vp == [4, 4, 4]


@pytest.mark.rule("gugong", "12d")
def test_toll_when_exchanging_without_actions_is_not_due():
    s = build(3, hands={0: [card("G02"), NINE]}, board={data.PALACE: EIGHT}, vp=[3, 0, 0],
              bonus=True)
    s.bonus_active = [BonusInPlay(1, data.B_TOLL, data.PALACE)]
    turn_at(s, 0, card("G02"), data.PALACE)
    assert pending(s) == (0, "ExchangeCost")
    s.apply(NoActions())
    assert s.vp == [3, 0, 0]


@pytest.mark.rule("gugong", "12d")
def test_toll_applies_to_a_card_action_of_that_location():
    """A PALACE card action performs the Palace action (option A, rules §6)."""
    s = build(3, hands={0: [ONE_PALACE, EIGHT]}, board={data.TRAVEL: card("G36")},
              vp=[3, 0, 0], bonus=True)
    s.bonus_active = [BonusInPlay(1, data.B_TOLL, data.PALACE)]
    turn_at(s, 0, ONE_PALACE, data.TRAVEL)  # a printed 1 onto a 9: free
    assert pending(s) == (0, "CardAction")
    s.apply(Do())
    assert s.vp == [2, 1, 0] and s.envoy[0] == 1


@pytest.mark.rule("gugong", "12d")
def test_two_tolls_at_one_space_take_two():
    s = position(vp=[5, 0, 0])
    s.bonus_active = [BonusInPlay(1, data.B_TOLL, data.JADE),
                      BonusInPlay(2, data.B_TOLL, data.JADE)]
    turn_at(s, 0, NINE, data.JADE)
    s.apply(s.legal_actions()[0])  # buy the cheapest jade
    assert s.vp == [3, 1, 1] and s.jade[0] == 1


# --- B_FOLLOW ------------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "12e")
def test_follow_after_the_action_with_option_a_or_b():
    s = position()
    s.bonus_active = [BonusInPlay(0, data.B_FOLLOW, data.PALACE)]
    turn_at(s, 1, EIGHT, data.PALACE)
    s.apply(OptionB())  # seat 1: Envoy +2, Intrigue +1
    assert pending(s) == (0, "FollowAction")
    assert s.legal_actions() == [OptionA(), OptionB(False), Skip()]
    s.apply(OptionB())
    assert (s.envoy[0], s.intrigue[0], s.pool[0]) == (2, 1, 4)
    assert pending(s) != (0, "FollowAction")


@pytest.mark.rule("gugong", "12e")
def test_follow_comes_after_the_action_resolves():
    s = position()
    s.cities = [-1] * data.NUM_CITIES
    s.cities[5], s.cities[6] = data.T_VP2, data.T_INT
    masks.refresh(s)
    s.bonus_active = [BonusInPlay(0, data.B_FOLLOW, data.TRAVEL)]
    turn_at(s, 1, EIGHT, data.TRAVEL)
    s.apply(OptionA())
    assert pending(s) == (1, "TravelMove")  # seat 1 travels first
    s.apply(MoveTo(5))
    assert pending(s) == (0, "FollowAction")
    s.apply(OptionA())
    s.apply(MoveTo(6))
    assert s.vp[1] == 2 and s.intrigue[0] == 1 and s.traveller[0] == 6


@pytest.mark.rule("gugong", "12e")
def test_followers_in_clockwise_order_and_follows_trigger_no_tokens():
    s = position(n=4, vp=[0, 0, 5, 0])
    s.bonus_active = [BonusInPlay(0, data.B_FOLLOW, data.PALACE),
                      BonusInPlay(3, data.B_FOLLOW, data.PALACE),
                      BonusInPlay(1, data.B_TOLL, data.PALACE)]
    turn_at(s, 2, SEVEN, data.PALACE)
    s.apply(OptionA())
    assert s.vp == [0, 1, 4, 0]  # seat 2 pays the toll
    assert pending(s) == (3, "FollowAction")  # clockwise from seat 2: 3, then 0
    s.apply(OptionA())
    assert pending(s) == (0, "FollowAction")
    s.apply(OptionA())
    assert s.vp == [0, 1, 4, 0]  # no toll for the follows, no further follows
    assert s.envoy == [1, 0, 1, 1]
    assert all(type(r).__name__ != "FollowAction" for r in s.stack)


@pytest.mark.rule("gugong", "12e")
def test_follow_takes_no_card_action_and_owner_does_not_follow_himself():
    s = build(3, hands={0: [ONE_PALACE, EIGHT], 1: [NINE]}, board={data.TRAVEL: card("G36")},
              bonus=True)
    s.bonus_active = [BonusInPlay(0, data.B_FOLLOW, data.PALACE),
                      BonusInPlay(1, data.B_FOLLOW, data.PALACE)]
    turn_at(s, 0, ONE_PALACE, data.TRAVEL)
    s.apply(Do())  # Palace card action: seat 1 may follow, seat 0 (the owner) not
    assert pending(s) == (1, "FollowAction")
    s.apply(OptionA())
    assert s.envoy == [1, 1, 0]
    assert pending(s) == (0, "LocationAction")  # then seat 0's location action (Travel)


@pytest.mark.rule("gugong", "12e")
def test_follow_with_nothing_possible_is_not_asked():
    s = position(pool=[0, 6, 6])
    s.houses = [1] * 6
    s.bonus_active = [BonusInPlay(0, data.B_FOLLOW, data.JADE)]
    turn_at(s, 1, EIGHT, data.JADE)
    s.apply(s.legal_actions()[0])
    assert all(type(r).__name__ != "FollowAction" for r in s.stack)
    assert s.jade == [0, 1, 0]


# --- end of the Day phase ------------------------------------------------------------------------
@pytest.mark.rule("gugong", "12b")
def test_end_of_day_phase_stores_tokens_and_returns_servants():
    s = position(pool=[5, 5, 5], supply=[6, 6, 6])
    s.hands = [[], [], []]
    s.discards = [[NINE], [EIGHT], [SEVEN]]
    s.stored[0] = [data.T_S1]
    s.bonus_active = [BonusInPlay(0, data.B_PLUS1), BonusInPlay(2, data.B_TOLL, data.WALL)]
    s.stack, s.step = [], S_DAY
    s.dice = [1, 1, 1]
    GugongState.RULES.settle(s)
    assert not s.bonus_active
    assert s.stored[0] == [data.T_S1, data.B_PLUS1] and s.stored[2] == [data.B_TOLL]
    assert s.day == 2  # the Night went on (no die matched), then the next Morning (+3)
    assert (s.pool[0], s.supply[0]) == (5 + 3, 6 + 1 - 3)  # the token's servant came back
    assert (s.pool[1], s.supply[1]) == (5 + 3, 6 - 3)


@pytest.mark.rule("gugong", "12b", "8d")
def test_end_of_day_phase_with_full_storage_forces_an_exchange():
    s = position()
    s.hands = [[], [], []]
    s.discards = [[NINE], [EIGHT], [SEVEN]]
    s.stored[1] = [data.T_S1, data.T_S2, data.T_ENV, data.T_INT, data.T_VP2, data.T_WALL]
    s.bonus_active = [BonusInPlay(1, data.B_FOLLOW, data.CANAL)]
    s.stack, s.step = [], S_DAY
    GugongState.RULES.settle(s)
    assert pending(s) == (1, "StoreToken")
    assert Skip() not in s.legal_actions()
    s.apply(Trade(6, 0))
    assert s.stored[1] == [data.B_FOLLOW] and s.jade[1] == 1


@pytest.mark.rule("gugong", "12c")
def test_plus_one_ends_with_the_day_phase():
    s = position()
    s.bonus_active = [BonusInPlay(0, data.B_PLUS1)]
    s.board[data.PALACE] = FOUR_BOARD
    s.hands[0] = [FOUR]
    assert is_free(s, 0, FOUR, data.PALACE)
    s.hands = [[], [], []]
    s.stack, s.step = [], S_DAY
    GugongState.RULES.settle(s)
    assert not is_free(s, 0, FOUR, data.PALACE)


# --- hidden information --------------------------------------------------------------------------
def test_samples_keep_active_tokens_out_of_the_piles():
    """An active token is face up beside a board: a sample's face-down piles hold exactly
    the tokens seen nowhere, in a new order."""
    s = engine.make("gugong", 3, 2, bonus_travel=True)
    for zone in (s.pile_a, s.pile_b, s.cities):
        if data.B_TOLL in zone:
            i = zone.index(data.B_TOLL)
            if zone is s.cities:
                zone[i] = -1
            else:
                zone.pop(i)
            break
    s.bonus_active = [BonusInPlay(1, data.B_TOLL, data.PALACE)]
    obs = s.observation(0)
    orders = set()
    for k in range(6):
        t = engine.sample_state(obs, k)
        assert t.observation(0) == obs and t.bonus_active == s.bonus_active
        assert sorted(t.pile_a + t.pile_b) == sorted(s.pile_a + s.pile_b)
        orders.add(tuple(t.pile_a + t.pile_b))
    assert len(orders) > 1


# --- invariants over random games with both options -------------------------------------------
@pytest.mark.rule("gugong", "2a", "12a")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_conservation_with_bonus_tokens_and_the_mixed_deck(n):
    """12 servants per seat (one beside each active token), 38 tokens, 38 cards; VP fall
    only by a toll (by at most the tolls at the space, never below 0)."""
    activated = 0
    for seed in range(10):
        s = engine.make("gugong", n, seed, advanced=True, bonus_travel=True)
        r = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            acts = [a for a in legal if isinstance(a, Activate)]
            a = r.choice(acts) if acts else r.choice(legal)  # activate whenever possible
            activated += bool(acts)
            before = list(s.vp)
            s.apply(a)
            for p in range(n):
                placed = (s.pool[p] + s.supply[p] + s.wall[p]
                          + sum(s.ship_load[p * 3:p * 3 + 3])
                          + sum(s.decree_servants[p * 6:p * 6 + 6])
                          + sum(s.rewards[p * 3:p * 3 + 3])
                          + sum(1 for b in s.bonus_active if b.seat == p))
                assert placed == data.SERVANTS
                assert s.vp[p] >= min(before[p], max(0, before[p] - 2))
            cards = (s.board + s.draw_pile + [c for h in s.hands + s.discards for c in h]
                     + [q.card for q in s.stack if type(q).__name__ == "ExchangeCost"])
            assert sorted(cards) == list(range(data.NUM_CARDS))
            tokens = ([t for t in s.cities if t >= 0] + s.pile_a + s.pile_b + s.token_discard
                      + [t for st in s.stored for t in st] + [b.token for b in s.bonus_active]
                      + [q.token for q in s.stack if type(q).__name__ in ("StoreToken",
                                                                           "ActivateBonus")])
            assert len(tokens) == 38
            assert all(len(st) <= data.TOKEN_STORAGE for st in s.stored)
    assert activated


# --- words and render --------------------------------------------------------------------------
def test_bonus_decisions_read_in_rulebook_words_and_the_render_shows_active_tokens():
    s = position(n=4)
    s.bonus_active = [BonusInPlay(3, data.B_PLUS1), BonusInPlay(0, data.B_FOLLOW, data.JADE)]
    take(s, 2, data.B_TOLL)
    assert "activate it with 1 servant" in s.describe_pending()
    words = [s.describe_action(a) for a in s.legal_actions()]
    assert words[4] == "activate B_TOLL beside Palace (1 servant from the pool)"
    assert words[-1] == "store B_TOLL as a normal travel token"
    assert len(set(words)) == len(words)
    text = s.render()
    assert "active bonus tokens: B_FOLLOW at Jade" in text
    assert "active bonus tokens: B_PLUS1 beside the board" in text
    s.apply(Skip())
    s.pool[0] = 5
    turn_at(s, 1, EIGHT, data.JADE)
    s.apply(s.legal_actions()[0])
    assert pending(s) == (0, "FollowAction")
    assert "follow with the same action" in s.describe_pending()
    words = [s.describe_action(a) for a in s.legal_actions()]
    assert words[0] == "follow: buy jade at house space 2 for 2" and words[-1] == "do not follow"
    assert len(set(words)) == len(words)
