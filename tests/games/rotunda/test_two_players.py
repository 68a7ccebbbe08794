"""The 2-player game (rules §3 step 12, §10, §12.2; seed "Zasady dla gry dwuosobowej") and
the neutral-action variant (`neutral_actions`), one test per rule, with the ambiguity
list's edge cases (§14.6)."""

from __future__ import annotations

import pytest

import engine
from engine.games.rotunda import board, data
from engine.games.rotunda.actions import (
    ChooseStaircase,
    Execute,
    Fulfil,
    Move,
    Pay,
    PayNeutral,
    Peddler,
    Skip,
    Stop,
)
from engine.games.rotunda.lodge import advance_round
from engine.protocol import InvalidConfigError
from tests.games.rotunda.builder import (
    begin,
    blank,
    play,
    put_leader,
    seat_chair,
    set_item,
    set_seat,
)

BLACK, YELLOW = 0, 1
GREEN, RED, BLUE_N = 0, 1, 2  # neutral leaders


def two(**options: bool) -> engine.State:
    """A blank 2-player game: neutrals green O3, red O5, blue O1 (§15.12)."""
    s = blank(2, **options)
    s.neutrals = (data.O3, data.O5, data.O1)
    return s


def give(s, p: int, t: int, k: int = 1) -> None:
    s.cubes[p * 4 + t] += k
    s.supply[t] -= k


def phase(s) -> str:
    return type(s.pending()).__name__


@pytest.mark.rule("rotunda", "3.12")
def test_setup_black_and_yellow_three_neutrals_in_the_large_rooms():
    """§3 step 12: "players use black and yellow. One green, one red and one blue leader
    become neutral leaders, placed at random one per large room (O1, O3, O5)"; two leaders
    each in the Lodge; coins 3 and 3 (§3 step 10); the end amulet at 7 (§3 step 4)."""
    placements = set()
    for seed in range(12):
        s = engine.make("rotunda", 2, seed)
        assert sorted(s.neutrals) == [data.O1, data.O3, data.O5]
        placements.add(s.neutrals)
        assert s.leaders == [data.LODGE] * 4 and s.per_seat == 2
        assert s.coins == [3, 3]
        assert data.END_SPACE[2] == 7
        assert s.observation(BLACK).neutrals == s.neutrals
        assert "neutral green" in s.render() and "black" in s.render()
    assert len(placements) > 1                     # at random
    assert engine.make("rotunda", 3, 0).neutrals == ()   # only in the 2-player game


@pytest.mark.rule("rotunda", "7.1a", "3.4")
def test_amulet_at_seven_ends_the_two_player_game():
    """§3 step 4, §12.2: "the end amulet sits at 7/8/10/12 for 2/3/4/5 players"."""
    s = two()
    s.round = 6
    amulet = s.end_amulet
    advance_round(s, YELLOW)
    assert s.round == 7 and s.end_triggered and s.turns_left == 1
    assert s.amulets[YELLOW] == (amulet,)


@pytest.mark.rule("rotunda", "4.4b")
def test_neutral_leaders_block_family_leaders():
    """§4.4: "A room holding any other leader (... neutrals included) may be passed through
    without counting, but the move cannot end there"."""
    s = two()
    begin(s, BLACK)                       # no cube: no neutral window asked
    assert phase(s) == "MoveStep"
    dest = {a.to for a in s.legal_actions()}
    assert data.O1 not in dest and data.O2 in dest   # O1 (blue) passed uncounted: O2, O3 (green)..
    assert data.O3 not in dest and data.O4 in dest


@pytest.mark.rule("rotunda", "10b", "5b")
def test_pay_a_cube_of_the_neutral_colour_or_gold():
    """§10: "pay 1 cube of a neutral leader's colour to move that leader ...: Tea = green,
    Fruit = red, Celadon = blue; Gold may substitute [rec]"."""
    s = two()
    give(s, BLACK, data.FRUIT)
    give(s, BLACK, data.GOLD)
    begin(s, BLACK)
    assert s.legal_actions() == [
        Skip(), PayNeutral(GREEN, True), PayNeutral(RED, False), PayNeutral(RED, True),
        PayNeutral(BLUE_N, True)]
    supply = s.supply[data.GOLD]
    play(s, PayNeutral(BLUE_N, True))
    assert s.cube(BLACK, data.GOLD) == 0 and s.cube(BLACK, data.FRUIT) == 1
    assert s.supply[data.GOLD] == supply + 1           # paid to the general supply
    assert {a.frm for a in s.legal_actions()} == {data.O1}


@pytest.mark.rule("rotunda", "10c")
def test_neutral_passes_the_lodge_uncounted_and_never_stops_there():
    """§10: "A neutral can never stop at the Lodge; it passes through it uncounted" (seed:
    "Zawsze musisz ją przeskoczyć")."""
    dest = board.neutral_destinations(data.DEFAULT_STAIRCASE, data.O6, 0)
    assert data.LODGE not in dest
    # 1-3 beyond the Lodge
    assert set(dest) == {data.I1, data.I2, data.I3, data.O1, data.O2, data.O3, data.O4}
    assert data.I4 not in dest and data.O5 not in dest  # would be a 4th counted room


@pytest.mark.rule("rotunda", "4.4e")
def test_neutral_may_not_end_where_it_started():
    """§4.4 [rec]: "A neutral leader may not end in the room it started from (its start room
    counts as empty if passed again)"; every other room occupied but O2."""
    others = sum(1 << n for n in range(1, data.NODES) if n not in (data.O1, data.O2))
    assert board.neutral_destinations(data.DEFAULT_STAIRCASE, data.O1, others) == (data.O2,)
    only_start = sum(1 << n for n in range(1, data.NODES) if n != data.O1)
    assert data.O1 not in board.neutral_destinations(data.DEFAULT_STAIRCASE, data.O1, only_start)


@pytest.mark.rule("rotunda", "10d")
def test_once_per_turn_window_a_or_window_b():
    """§10 timing [rec]: "window A between steps 1 and 2, or window B right after step 5
    (before the Peddler's end-of-turn move); at most one neutral move per turn"; the seed:
    "only ONCE per turn" ("tylko RAZ NA TURĘ")."""
    s = two()
    give(s, BLACK, data.TEA, 2)
    begin(s, BLACK)
    play(s, Skip())                                    # window A: no
    assert phase(s) == "MoveStep"
    play(s, Move(data.LODGE, data.I1), Stop())
    assert phase(s) == "NeutralWindow"                 # window B, after step 5
    give(s, YELLOW, data.CELADON, 2)
    play(s, PayNeutral(GREEN, False), Move(data.O3, data.O4))
    assert s.turn == YELLOW and s.neutrals[GREEN] == data.O4 and s.cube(BLACK, data.TEA) == 1
    # next turn: window A move, then window B is not asked
    assert phase(s) == "NeutralWindow" and s.pending().seat == YELLOW
    play(s, PayNeutral(BLUE_N, False), Move(data.O1, data.O2), Move(data.LODGE, data.I2), Stop())
    assert s.turn == BLACK and s.cube(YELLOW, data.CELADON) == 1


@pytest.mark.rule("rotunda", "10d")
def test_window_b_comes_before_the_peddler_move():
    """§10 timing: window B lies before the end-of-turn Peddler step (§5)."""
    s = two()
    give(s, BLACK, data.TEA)
    s.supply_discs[BLACK] = 1
    begin(s, BLACK)
    play(s, Skip(), Move(data.LODGE, data.I1), Execute(3, 0), Peddler(0, 0))
    assert phase(s) == "NeutralWindow" and s.peddler == data.PEDDLER_START
    play(s, Skip())
    assert s.peddler == data.PEDDLER_START + 1 and s.turn == YELLOW


@pytest.mark.rule("rotunda", "10b")
def test_no_neutral_window_without_a_cube():
    """Whether the seat is asked depends only on its public cubes: with no cube of any kind
    no neutral can be paid for, so neither window asks."""
    s = two()
    begin(s, BLACK)
    assert phase(s) == "MoveStep"
    play(s, Move(data.LODGE, data.I1), Stop())
    assert s.turn == YELLOW


@pytest.mark.rule("rotunda", "R6b")
def test_tea_house_may_copy_a_neutral_leaders_room():
    """R6 (seed): "a room where any Leader stays (yours too)": neutrals are Leaders."""
    s = two(rooms={data.O4: data.TEA_HOUSE, data.O5: data.BANK})
    s.coins[BLACK] = 10
    begin(s, BLACK)
    play(s, Move(data.LODGE, data.I1))      # a family leader on the way is not needed
    play(s, Stop())
    begin(s, BLACK)
    put_leader(s, BLACK, data.O3, 1)
    set_item(s, "neutrals", GREEN, data.O6)
    opts = [a for a in s.legal_actions() if a.frm == data.O3]
    assert Move(data.O3, data.O4) in opts
    play(s, Move(data.O3, data.O4))
    assert Execute(1 + data.O5, 0) in s.legal_actions()   # red neutral in the Bank (O5)
    play(s, Execute(1 + data.O5, 0), Execute(0, 0), Pay(), Stop())
    assert s.vp[BLACK] == 1


@pytest.mark.rule("rotunda", "3.13")
def test_lodge_variant_at_two_players_is_chosen_by_the_other_seat():
    """§3 step 13: the player to the right of the first player places the Lodge."""
    s = engine.make("rotunda", 2, 3, lodge_variant=True)
    assert s.current_player() == 1 - s.first
    s.apply(ChooseStaircase(1))
    assert s.lodge == 1 and sorted(s.neutrals) == [data.O1, data.O3, data.O5]


@pytest.mark.rule("rotunda", "10e")
def test_neutral_actions_only_at_two_players():
    """`neutral_actions` is a 2-player option; other counts reject it with one error."""
    with pytest.raises(InvalidConfigError, match="only for 2 players"):
        engine.make("rotunda", 3, 0, neutral_actions=True)
    with pytest.raises(InvalidConfigError):
        engine.make("rotunda", 2, 0, neutral_leaders=True)


# --- the neutral-action variant --------------------------------------------------------------
@pytest.mark.rule("rotunda", "10e")
def test_neutral_action_takes_the_room_action_with_own_chair_assistants():
    """§10 variant: "after the neutral moves, the active player may take that room's action
    as if standing there, with their own chair Assistants as in §5 step 3"."""
    s = two(neutral_actions=True)
    set_item(s, "neutrals", GREEN, data.O6)                # green goes O6 -> (Lodge) -> I1 Supplier
    give(s, BLACK, data.TEA)
    seat_chair(s, BLACK, data.I1)
    begin(s, BLACK)
    play(s, PayNeutral(GREEN, False), Move(data.O6, data.I1))
    assert phase(s) == "RoomTurn" and s.pending().node == data.I1
    play(s, Execute(data.FRUIT, 0), Skip(), Execute(data.CELADON, 1), Skip())
    assert s.cube(BLACK, data.FRUIT) == 1 and s.cube(BLACK, data.CELADON) == 1
    assert s.supply_discs[BLACK] == 6         # the young chair disc came back
    assert phase(s) == "MoveStep"            # then the turn's own leader move


@pytest.mark.rule("rotunda", "10e")
def test_without_the_variant_the_neutral_room_gives_nothing():
    """§10: the room action after a neutral move exists only in the variant."""
    s = two()
    set_item(s, "neutrals", GREEN, data.O6)
    give(s, BLACK, data.TEA)
    begin(s, BLACK)
    play(s, PayNeutral(GREEN, False), Move(data.O6, data.I1))
    assert phase(s) == "MoveStep"


@pytest.mark.rule("rotunda", "10e")
def test_neutral_action_crosses_no_bonus_symbol():
    """§10 variant: "no bonus symbols (points gained there cross none)"; the step-3 cleanup
    runs afterwards."""
    s = two(rooms={data.O2: data.BANK}, neutral_actions=True)
    set_item(s, "neutrals", BLUE_N, data.O1)
    give(s, BLACK, data.CELADON)
    s.vp[BLACK], s.coins[BLACK] = 9, 5
    begin(s, BLACK)
    play(s, PayNeutral(BLUE_N, False), Move(data.O1, data.O2), Execute(0, 0), Pay(), Pay(), Skip())
    assert s.vp[BLACK] == 12 and s.coins[BLACK] == 0
    assert phase(s) == "MoveStep"            # no BonusStep although 10 was passed
    assert s.vp_start == 12
    play(s, Move(data.LODGE, data.I1), Stop())
    assert s.turn == YELLOW                  # and none at the end of step 3 either


@pytest.mark.rule("rotunda", "10e")
def test_neutral_action_runs_the_cleanup():
    """§10 variant: "Run the step-3 cleanup afterwards" (an emptied Banker gets 3 coins)."""
    s = two(neutral_actions=True)
    set_item(s, "neutrals", RED, data.I4)
    s.banker = 5
    give(s, BLACK, data.FRUIT)
    begin(s, BLACK)
    play(s, PayNeutral(RED, False), Move(data.I4, data.I5), Execute(0, 0), Skip())
    assert s.coins[BLACK] == 5 and s.banker == data.BANKER_REFILL
    assert phase(s) == "MoveStep"


@pytest.mark.rule("rotunda", "10e")
def test_neutral_action_in_window_b_fulfils_no_order():
    """§10 variant: "no order fulfilment" during it: after window B's neutral action the
    turn ends although an Order could now be paid."""
    s = two(neutral_actions=True)
    set_item(s, "neutrals", BLUE_N, data.O6)
    give(s, BLACK, data.CELADON)
    give(s, BLACK, data.TEA)
    set_seat(s, "orders_open", BLACK, [0])          # O01: Tea + Fruit
    begin(s, BLACK)
    play(s, Skip(), Move(data.LODGE, data.I2), Stop())
    assert phase(s) == "NeutralWindow"
    play(s, PayNeutral(BLUE_N, False), Move(data.O6, data.I1), Execute(data.FRUIT, 0), Skip())
    assert s.cube(BLACK, data.FRUIT) == 1 and s.cube(BLACK, data.TEA) == 1
    assert s.turn == YELLOW and s.orders_open[BLACK] == (0,)
    assert Fulfil(0, 0, 0, 0) not in s.legal_actions()
