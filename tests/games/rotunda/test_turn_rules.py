"""The turn, the Assistants, the Lodge, scoring and the Order effects (rules §5-§9, §12.1),
each from the rules reference's words, in positions built for the rule."""

from __future__ import annotations

import pytest

from engine.games.rotunda import board, data
from engine.games.rotunda.actions import (
    Activate,
    Apprentice,
    BonusOrder,
    Deal,
    Execute,
    Honour,
    Move,
    Pay,
    Peddler,
    PickCube,
    Pray,
    Skip,
    Stop,
)
from engine.games.rotunda.lodge import chain_options
from engine.games.rotunda.requests import ChainEnd, MoveStep
from engine.games.rotunda.scoring import breakdown
from engine.protocol import IllegalActionError
from tests.games.rotunda.builder import begin, blank, play, seat_chair, set_item, set_seat

P = 1


def kind(s) -> str:
    return type(s.pending()).__name__


# --- §5 the turn -----------------------------------------------------------------------------
@pytest.mark.rule("rotunda", "5.1a")
def test_at_most_one_one_shot_expert_a_turn():
    s = blank()
    set_seat(s, "experts", P, [data.H1, data.T4])
    begin(s, P)
    assert {type(a).__name__ for a in s.legal_actions()} == {"SkipExpert", "Activate"}
    play(s, Activate(data.T4))
    assert kind(s) == "MoveStep" and s.experts[P] == (data.H1,)
    with pytest.raises(IllegalActionError):
        s.apply(Activate(data.H1))


@pytest.mark.rule("rotunda", "5.2")
def test_moving_a_leader_is_compulsory():
    s = blank()
    begin(s, P)
    assert isinstance(s.pending(), MoveStep)
    assert s.legal_actions() and all(isinstance(a, Move) for a in s.legal_actions())
    for a in (Stop(), Skip()):
        with pytest.raises(IllegalActionError):
            s.apply(a)


@pytest.mark.rule("rotunda", "5.3a", "7a")
def test_the_room_action_is_optional_but_the_lodge_is_not():
    s = blank()
    s.coins[P] = 4
    begin(s, P)
    play(s, Move(data.LODGE, data.I1))
    assert Stop() in s.legal_actions()
    play(s, Stop())
    assert s.cubes[P * 4:P * 4 + 4] == [0, 0, 0, 0] and s.coins[P] == 4
    s = blank()
    s.villages[2 * 4 + P] = 1
    s.leaders[P * 2] = data.I5
    begin(s, P)
    play(s, Move(data.I5, data.LODGE))
    assert {type(a) for a in s.legal_actions()} == {Pray, Honour}
    play(s, Pray(3))
    assert kind(s) != "LodgeStep" and s.round == 0      # exactly one of the two


@pytest.mark.rule("rotunda", "5.3e")
def test_at_most_two_extra_uses_and_an_elder_gives_one():
    s = blank()
    for _ in range(3):
        seat_chair(s, P, data.I1)
    begin(s, P)
    play(s, Move(data.LODGE, data.I1), Execute(data.TEA, 0), Skip(), Execute(data.TEA, 1), Skip(),
         Execute(data.TEA, 1), Skip())
    assert s.cube(P, data.TEA) == 3 and s.chairs[0:3].count(P * 2) == 1   # the third stays
    assert kind(s) == "MoveStep"
    s = blank()
    seat_chair(s, P, data.I1, elder=True)
    begin(s, P)
    play(s, Move(data.LODGE, data.I1), Execute(data.TEA, 0), Skip(), Execute(data.FRUIT, 2), Skip())
    assert s.cube(P, data.TEA) == 1 and s.cube(P, data.FRUIT) == 1
    assert kind(s) == "MoveStep"                        # no second use of the elder
    assert s.chairs[0:3].count(P * 2 + 1) == 1


@pytest.mark.rule("rotunda", "5.6c", "8a")
def test_the_end_check_comes_at_the_end_of_the_turn():
    s = blank(n=3)
    s.end_triggered, s.turns_left = True, 0
    begin(s, 1)
    play(s, Move(data.LODGE, data.I1), Execute(data.TEA, 0))
    assert not s.is_terminal()                          # the Peddler is still to come
    play(s, Skip())
    assert s.is_terminal()
    s = blank(n=3)
    s.end_triggered, s.turns_left = True, 1
    begin(s, 1)
    play(s, Move(data.LODGE, data.I1), Stop())
    assert not s.is_terminal() and s.current_player() == 2


@pytest.mark.rule("rotunda", "5.8d")
def test_an_empty_order_deck_leaves_the_pool_short_and_a_sold_amulet_goes_back():
    s = blank(rooms={data.O2: data.BANK})
    s.order_deck = ()
    s.vp[P], s.coins[P] = 9, 2
    begin(s, P)
    play(s, Move(data.LODGE, data.O2), Execute(0, 0), Pay(), BonusOrder(0))
    assert len(s.order_pool) == 2 and len(s.orders_open[P]) == 1
    s = blank(rooms={data.O2: data.BLACK_MARKET})
    set_seat(s, "amulets", P, [4])
    stack = len(s.amulet_stack)
    begin(s, P)
    play(s, Move(data.LODGE, data.O2), Execute(0, 0),
         Deal(data.BM_OPTIONS.index(("sell amulet", 4))))
    assert s.amulets[P] == () and s.coins[P] == 6
    assert len(s.amulet_stack) == stack + 1 and 4 in s.amulet_stack


# --- §6 Assistants ---------------------------------------------------------------------------
@pytest.mark.rule("rotunda", "6c")
def test_an_apprentice_sits_young_on_any_empty_inner_chair():
    s = blank()
    set_seat(s, "experts", P, [data.T3])                   # Servant: 1 Apprentice
    s.chairs[0:3] = [0, 0, 0]                           # the Supplier's chairs are taken
    s.supply_discs[P] = 1
    begin(s, P)
    play(s, Activate(data.T3))
    assert set(s.legal_actions()) == {Apprentice(n) for n in (data.I2, data.I3, data.I4, data.I5)}
    play(s, Apprentice(data.I4))
    assert s.chairs[9] == P * 2 and s.supply_discs[P] == 0
    s = blank()
    set_seat(s, "experts", P, [data.T3])
    s.supply_discs[P] = 0
    begin(s, P)
    play(s, Activate(data.T3))
    assert P * 2 not in s.chairs and kind(s) != "Grant"


# --- §7 the Lodge ----------------------------------------------------------------------------
@pytest.mark.rule("rotunda", "7.2d")
def test_other_players_discs_never_block_the_chain():
    s = blank()
    s.worship = tuple([1] * 16 + [0] * 48)             # seat 0's elders everywhere
    s.villages[1 * 4 + P] = 2
    s.leaders[P * 2] = data.I5
    begin(s, P)
    play(s, Move(data.I5, data.LODGE), Honour(1))
    assert isinstance(s.pending(), ChainEnd)
    assert {a.cell for a in chain_options(s, s.pending())} == {1, 4}
    assert board.chain_ends(0, 2) == (2, (1, 4))


@pytest.mark.rule("rotunda", "7.6c")
def test_with_assistants_in_villages_one_may_still_pray():
    s = blank()
    s.villages[0 * 4 + P] = 2
    s.leaders[P * 2] = data.I5
    begin(s, P)
    play(s, Move(data.I5, data.LODGE))
    assert Pray(0) in s.legal_actions() and Honour(0) in s.legal_actions()
    play(s, Pray(1))
    assert s.round == 0 and s.villages[0 * 4 + P] == 2 and s.track[P] == 7


# --- §8 scoring ------------------------------------------------------------------------------
@pytest.mark.rule("rotunda", "8.4")
def test_assistants_on_chairs_and_in_villages_score_but_worship_elders_do_not():
    s = blank()
    seat_chair(s, P, data.I1)
    seat_chair(s, P, data.I3, elder=True)
    s.villages[2 * 4 + P] = 2
    s.villages[5 * 4 + P] = 1
    s.villages[5 * 4 + 0] = 4                           # another seat's
    set_item(s, "worship", P * 16 + 5, 1)
    assert breakdown(s, P)["assistants"] == 5


@pytest.mark.rule("rotunda", "8b")
def test_final_scoring_awards_no_bonus_symbol():
    s = blank(n=3)
    s.end_triggered, s.turns_left = True, 0
    s.vp[P], s.coins[P] = 9, 30
    begin(s, P)
    play(s, Move(data.LODGE, data.I1), Stop())
    assert s.is_terminal() and s.orders_open[P] == () and s.amulets[P] == ()
    assert s.scores()[P] == sum(breakdown(s, P).values()) == 9 + (30 + 5) // 3
    assert s.vp[P] == 9


# --- §9 Order effects ------------------------------------------------------------------------
def _done(order: int) -> object:
    s = blank()
    set_seat(s, "orders_done", P, [order])
    return s


@pytest.mark.rule("rotunda", "9a")
def test_e1_adds_coins_once_per_turn_also_from_another_players_expert():
    s = _done(6)                                        # O07: E1 +2 coins
    s.cubes[P * 4 + data.TEA] = 2
    seat_chair(s, P, data.I3)
    s.leaders[P * 2] = data.I2
    begin(s, P)
    play(s, Move(data.I2, data.I3), Execute(data.TEA * 2, 0), Skip())
    assert s.coins[P] == 5 + 2
    play(s, Execute(data.TEA * 2, 1), Skip())              # the second sale: no more E1
    assert s.coins[P] == 12
    s = _done(6)
    set_seat(s, "experts", 0, [data.P6])                   # Maiden: every other seat +1 coin
    begin(s, 0)
    play(s, Activate(data.P6), PickCube(data.TEA), PickCube(data.TEA))
    assert s.coins[P] == 1 + 2 and s.coins[2] == 1


@pytest.mark.rule("rotunda", "9b")
def test_e2_scores_for_the_named_cube_only():
    s = _done(8)                                        # O09: E2 Tea +2 VP
    for _ in range(2):
        seat_chair(s, P, data.I1)
    begin(s, P)
    play(s, Move(data.LODGE, data.I1), Execute(data.FRUIT, 0), Skip())
    assert s.vp[P] == 0
    play(s, Execute(data.TEA, 1), Skip())
    assert s.vp[P] == 2
    play(s, Execute(data.TEA, 1), Skip())
    assert s.vp[P] == 2 and s.cube(P, data.TEA) == 2


@pytest.mark.rule("rotunda", "9c")
def test_e3_doubles_the_named_cube_once_per_turn():
    s = _done(12)                                       # O13: E3 Fruit
    for _ in range(2):
        seat_chair(s, P, data.I1)
    begin(s, P)
    play(s, Move(data.LODGE, data.I1), Execute(data.TEA, 0), Skip())
    assert s.cube(P, data.TEA) == 1
    play(s, Execute(data.FRUIT, 1), Skip(), Execute(data.FRUIT, 1), Skip())
    assert s.cube(P, data.FRUIT) == 3


# --- §12.1 rooms -----------------------------------------------------------------------------
@pytest.mark.rule("rotunda", "R10a")
def test_black_market_two_transactions_and_one_peddler():
    s = blank(rooms={data.O2: data.BLACK_MARKET})
    s.coins[P] = 10
    s.supply_discs[P] = 2
    begin(s, P)
    play(s, Move(data.LODGE, data.O2), Execute(0, 0), Deal(0), Deal(0))
    assert s.cube(P, data.TEA) == 2 and s.coins[P] == 8
    assert s.legal_actions() == [Deal(data.BM_PEDDLER), Stop()]
    play(s, Deal(data.BM_PEDDLER))
    play(s, s.legal_actions()[0])                       # Peddler(0, 0)
    assert sum(s.villages) == 1 and s.coins[P] == 8
    assert s.legal_actions() == [Stop()]


@pytest.mark.rule("rotunda", "R3a")
def test_the_market_takes_one_cube_on_an_uncovered_icon_and_gold_as_any_type():
    s = blank()
    s.market[data.TEA] = data.TEA                             # covered by an earlier player
    s.cubes[P * 4 + data.TEA] = 1
    s.cubes[P * 4 + data.GOLD] = 1
    s.leaders[P * 2] = data.I2
    begin(s, P)
    play(s, Move(data.I2, data.I3))
    assert set(s.legal_actions()) == {Execute(data.FRUIT * 2 + 1, 0),
                                      Execute(data.CELADON * 2 + 1, 0), Stop()}
    play(s, Execute(data.CELADON * 2 + 1, 0))
    assert s.market == [data.TEA, -1, data.GOLD] and s.cube(P, data.GOLD) == 0
    assert (s.coins[P], s.vp[P]) == (3, 1)


@pytest.mark.rule("rotunda", "R6a", "5.3b")
def test_tea_house_two_recruits_a_peddler_and_an_apprentice_for_two_coins():
    s = blank(rooms={data.O4: data.TEA_HOUSE})
    s.coins[P], s.supply_discs[P] = 3, 0
    s.leaders[P * 2] = data.O3
    begin(s, P)
    play(s, Move(data.O3, data.O4), Execute(0, 0))
    assert s.track[P] == 7 and s.coins[P] == 1 and s.banker == 5
    play(s, Peddler(0, 0), Apprentice(data.I3))
    assert sum(s.villages[P::4]) == 1 and s.chairs[6] == P * 2 and s.supply_discs[P] == 0


@pytest.mark.rule("rotunda", "4.4a")
def test_a_leader_moves_one_to_three_counted_rooms():
    assert board.destinations(0, data.I1, 0) == (data.I2, data.I3, data.I4, data.O4, data.O5)
    s = blank()
    s.leaders[P * 2] = data.O1
    begin(s, P)
    assert {a.to for a in s.legal_actions() if a.frm == data.O1} == {data.O2, data.O3, data.O4,
                                                                     data.I3}


@pytest.mark.rule("rotunda", "9f")
def test_experts_kept_as_amulets_leave_room_under_the_limit():
    s = blank()
    set_seat(s, "experts", P, [data.H3, data.H4])
    set_seat(s, "kept", P, [data.H1, data.P3])
    s.leaders[P * 2] = data.I2
    begin(s, P)
    hired = s.expert_pool[1]
    play(s, Move(data.I2, data.I4), Execute(1, 0))
    assert s.experts[P] == (data.H3, data.H4, hired) and s.kept[P] == (data.H1, data.P3)
