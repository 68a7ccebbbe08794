"""The end of a turn (rules §9) and of the game (§10), and the module rules the module tests
do not already show (§11), each on a small position built from the rules reference's words."""

from __future__ import annotations

import pytest

from engine.games.huang import actions
from engine.games.huang import requests as Rq
from engine.games.huang.board import refresh
from engine.games.huang.data import (
    BANDIT_SITES,
    BLUE,
    GREEN,
    RED,
    RHOMBI,
    TILE,
    WHITE,
    YELLOW,
)
from engine.games.huang.state import HuangState
from engine.protocol import IllegalActionError
from tests.games.huang.test_bandits import with_bandits
from tests.games.huang.test_scenarios import H, build, conserved, pagoda, play, tri, vp

Y, R, B, G, W = YELLOW, RED, BLUE, GREEN, WHITE


# --- §9 end of turn -----------------------------------------------------------------------------


@pytest.mark.rule("huang", "9.3a")
def test_refills_go_active_player_first_then_clockwise() -> None:
    """Seat 1 ends its turn with 4 tiles, seat 2 holds 3, seat 0 holds 5; the bag's 5 tiles
    fill seat 1 (2) and then seat 2 (3): seat 0, last, meets the empty bag."""
    s = build(n=3, active=1, hands={0: {R: 5}, 1: {R: 6}, 2: {R: 3}}, bag={G: 5})
    play(s, actions.PlaceTile(R), actions.TileTo(H(2, 9)), actions.PlaceTile(R),
         actions.TileTo(H(10, 9)))
    assert s.is_terminal()
    assert [sum(s.hands[p * 5:p * 5 + 5]) for p in range(3)] == [5, 6, 6]
    assert s.hands[5 + G] == 2 and s.hands[10 + G] == 3


@pytest.mark.rule("huang", "9.5")
def test_the_next_player_clockwise_follows() -> None:
    s = build(n=3, active=2, hands={2: {R: 2}, 0: {W: 2}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(2, 9)), actions.PlaceTile(R),
         actions.TileTo(H(10, 9)))
    assert s.active == 0 and s.pending() == Rq.ChooseAction(0)
    play(s, actions.PlaceTile(W), actions.TileTo(H(-2, 10)), actions.PlaceTile(W),
         actions.TileTo(H(-3, 10)))
    assert s.active == 1 and s.pending() == Rq.ChooseAction(1)


@pytest.mark.rule("huang", "9.3c")
def test_a_hand_above_six_keeps_its_surplus() -> None:
    s = build(n=2, hands={0: {R: 1, Y: 6}, 1: {W: 7}})
    s.actions_left = 1
    play(s, actions.PlaceTile(R), actions.TileTo(H(2, 9)))
    assert sum(s.hands[:5]) == 6 and sum(s.hands[5:]) == 7 and s.active == 1


# --- §10 game end ---------------------------------------------------------------------------------


@pytest.mark.rule("huang", "10a")
def test_an_empty_bag_ends_the_game_before_the_end_of_turn_steps() -> None:
    """The second action's exchange meets the empty bag: the red leader's pagoda does not
    score and no refill happens."""
    s = build(n=2, tiles={(6, 5): R, (7, 5): R, (6, 6): R, (7, 4): Y},
              leaders={(0, R): (8, 4)}, pagodas={pagoda(R): tri((6, 5), (7, 5), (6, 6))},
              hands={0: {W: 2}, 1: {W: 1}}, bag={})
    play(s, actions.Exchange(), actions.DiscardTile(W), actions.Pass())
    assert s.is_terminal() and s.legal_actions() == [] and sum(s.vp) == 0
    assert s.hands[W] == 1 and sum(s.hands[5:]) == 1 and s.active == 0
    with pytest.raises(IllegalActionError):
        s.apply(actions.PlaceTile(W))


@pytest.mark.rule("huang", "10a")
def test_a_hand_refill_meeting_the_empty_bag_ends_the_game() -> None:
    """The active player draws the bag's last tile and needs one more: the game is over,
    although the market is full and the other hand needs nothing."""
    s = build(n=2, hands={0: {R: 6}, 1: {W: 6}}, market={Y: 6}, bag={G: 1})
    play(s, actions.PlaceTile(R), actions.TileTo(H(2, 9)), actions.PlaceTile(R),
         actions.TileTo(H(10, 9)))
    assert s.is_terminal() and s.legal_actions() == [] and s.active == 0
    assert s.hands[G] == 1 and sum(s.hands[:5]) == 5


@pytest.mark.rule("huang", "10a")
def test_the_market_refill_meeting_the_empty_bag_ends_the_game() -> None:
    s = build(n=2, hands={0: {G: 1, R: 5}, 1: {R: 6}}, market={R: 3}, bag={})
    s.actions_left = 1
    play(s, actions.PlaceTile(G), actions.TileTo(H(2, 9)), actions.TakeFromMarket(R))
    assert s.is_terminal() and sum(s.market) == 2 and sum(s.hands[:5]) == 6


@pytest.mark.rule("huang", "10.1", "10.3")
def test_final_score_is_the_lowest_of_the_four_colours_with_granaries() -> None:
    s = build(n=2, vp={0: {Y: 9, R: 7, B: 2, G: 8}, 1: {Y: 3, R: 3, B: 3, G: 3}})
    s.granaries_held = [2, 0]
    assert s.final_vector(0) == [6, 7, 8, 9] and s.scores() == [6, 3]
    s.granaries_held = []
    assert s.scores() == [2, 3]  # without the module: blue is the lowest


@pytest.mark.rule("huang", "10.2", "10b")
def test_white_points_fill_the_lowest_colour_one_at_a_time() -> None:
    s = build(n=2, vp={0: {Y: 1, R: 3, B: 8, G: 2, W: 4}, 1: {Y: 3, R: 3, B: 3, G: 9}})
    # Y 1 G 2 R 3 B 8: white to Y (2), to Y or G (2 3), to the other 2 (3 3 3), to one 3
    assert s.final_vector(0) == [3, 3, 4, 8]
    assert s.final_vector(1) == [3, 3, 3, 9]
    assert s.scores() == [3, 3]
    assert s.ranking() == [0, 1]  # equal lowest and second lowest; third lowest 4 > 3


# --- §11 modules -------------------------------------------------------------------------------


@pytest.mark.rule("huang", "11.1d")
def test_a_bandit_fight_together_with_a_war_is_illegal() -> None:
    """(9,5) would join seat 0's red kingdom, seat 1's red kingdom and bandit 6."""
    s = build(n=2, tiles={(10, 5): R, (11, 5): R, (11, 4): Y, (8, 6): R, (7, 5): Y},
              leaders={(0, R): (12, 4), (1, R): (7, 6)}, hands={0: {G: 1}})
    with_bandits(s, 6)
    s.apply(actions.PlaceTile(G))
    assert actions.TileTo(H(9, 5)) not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(actions.TileTo(H(9, 5)))


@pytest.mark.rule("huang", "11.1e", "11.1f")
def test_the_tile_that_beats_the_bandits_gives_nothing_else() -> None:
    """A green tile joins bandit 6 to seat 1's kingdom with 2 red tiles: seat 1's red leader
    gets N = 2 red VP; the tile, still next to seat 0's yellow leader's yellow tile after the
    fight, gives no green VP (no fallback) and no market pick."""
    s = build(n=2, tiles={(10, 5): R, (11, 5): R, (11, 4): Y, (9, 6): Y},
              leaders={(1, R): (12, 4), (0, Y): (10, 6)}, hands={0: {G: 2}}, market={R: 2})
    with_bandits(s, 6)
    play(s, actions.PlaceTile(G), actions.TileTo(H(9, 5)))
    assert vp(s, 1, R) == 2 and sum(s.vp) == 2
    assert s.labels[H(9, 5)] == s.labels[H(10, 6)]  # U is in seat 0's yellow kingdom now
    assert s.pending() == Rq.ChooseAction(0) and sum(s.market) == 2
    s = build(n=2, tiles={(10, 5): R, (11, 5): R, (11, 4): Y},
              leaders={(0, Y): (12, 4)}, hands={0: {G: 2}})
    with_bandits(s, 6)
    play(s, actions.PlaceTile(G), actions.TileTo(H(9, 5)))
    assert sum(s.vp) == 0 and s.bandits == []  # no red leader: nobody scores


@pytest.mark.rule("huang", "11.1g", "11.1h")
def test_the_kingdom_pays_n_red_tiles_and_the_bandit_tile_leaves() -> None:
    t = tri((10, 5), (11, 4), (11, 5))
    s = build(n=2, tiles={(10, 5): R, (11, 5): R, (11, 4): R, (12, 5): Y},
              leaders={(1, R): (12, 4)}, pagodas={pagoda(R): t}, hands={0: {G: 2}})
    with_bandits(s, 6)
    play(s, actions.PlaceTile(G), actions.TileTo(H(9, 5)))
    assert isinstance(s.pending(), Rq.RemoveBanditLoss) and s.current_player() == 0
    play(s, actions.RemoveRedTile(H(11, 4)))
    assert isinstance(s.pending(), Rq.RemoveBanditLoss) and s.current_player() == 0
    play(s, actions.RemoveRedTile(H(10, 5)))
    assert s.board[H(11, 5)] == TILE + R and s.pagodas[pagoda(R)] == -1
    assert all(s.board[h] == 0 for h in BANDIT_SITES[6]) and s.bandits == []
    assert s.marker == -1 and s.bandit_fight is None and conserved(s)
    s.apply(actions.PlaceTile(G))  # the bandit's hexes are empty land now
    assert actions.TileTo(H(9, 4)) in s.legal_actions()


@pytest.mark.rule("huang", "11.1i", "11.1c")
def test_tiles_may_touch_bandits_but_leaders_may_not_join_them() -> None:
    s = build(n=2, tiles={(11, 4): Y, (2, 9): Y}, hands={0: {R: 2}})
    with_bandits(s, 6)
    # touches the bandits and the yellow tile
    play(s, actions.PlaceTile(R), actions.TileTo(H(10, 4)))
    assert s.labels[H(10, 4)] == s.labels[H(10, 3)] == s.labels[H(11, 4)]
    s.apply(actions.PositionLeader(R))
    assert actions.LeaderTo(H(12, 4)) not in s.legal_actions()  # that group holds a bandit tile
    assert actions.LeaderTo(H(3, 9)) in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(actions.LeaderTo(H(12, 4)))


@pytest.mark.rule("huang", "11.2d", "11.2c")
def test_granaries_are_only_for_the_active_players_blue_leader() -> None:
    """Seat 1's blue leader shares the kingdom with 2 granaries: at the end of seat 0's turn
    nobody is asked; with one granary in the kingdom (the other on an empty hex, belonging
    to nothing) seat 0 is not asked either."""
    def position(blue_owner: int, granaries: list[tuple[int, int]]) -> HuangState:
        s = build(n=2, tiles={(6, 4): Y, (7, 4): R, (8, 4): R, (8, 5): Y},
                  leaders={(blue_owner, B): (7, 5)}, hands={0: {R: 6}})
        s.side = 1
        s.granaries_held = [0, 0]
        s.granaries = sorted(H(*g) for g in granaries)
        refresh(s)
        s.actions_left = 1
        return play(s, actions.PlaceTile(R), actions.TileTo(H(12, 5)))

    s = position(1, [(6, 4), (8, 5)])
    assert s.pending() == Rq.ChooseAction(1) and s.granaries_held == [0, 0]
    s = position(0, [(6, 4), (1, 0)])
    assert s.pending() == Rq.ChooseAction(1) and s.granaries_held == [0, 0]
    s = position(0, [(6, 4), (8, 5)])
    assert isinstance(s.pending(), Rq.ChooseGranary)


@pytest.mark.rule("huang", "11.3d", "9.3b")
def test_a_yellow_leader_outside_the_palaces_kingdom_draws_to_six() -> None:
    """Seat 0's yellow leader stands in another kingdom than the palace: no question, 6."""
    s = build(n=2, tiles={(6, 5): Y, (7, 5): Y, (6, 6): Y, (7, 4): Y, (2, 9): Y},
              leaders={(0, Y): (3, 9)}, hands={0: {R: 2}})
    s.palace_module = True
    s.palace = next(i for i, rh in enumerate(RHOMBI)
                    if set(rh) == {H(6, 5), H(7, 5), H(6, 6), H(7, 4)})
    s.actions_left = 1
    play(s, actions.PlaceTile(R), actions.TileTo(H(10, 9)))
    assert s.pending() == Rq.ChooseAction(1) and sum(s.hands[:5]) == 6
