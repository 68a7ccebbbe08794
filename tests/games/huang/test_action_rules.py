"""The turn (rules §5) and the actions A-E (§6), each built from the rules reference's words
on a small position: what changes, what is offered, what is refused."""

from __future__ import annotations

import pytest

from engine.games.huang import actions
from engine.games.huang import requests as Rq
from engine.games.huang.data import BLUE, GREEN, RED, TILE, WHITE, YELLOW
from engine.protocol import IllegalActionError
from tests.games.huang.test_scenarios import H, build, conserved, pagoda, play, tri, vp

Y, R, B, G, W = YELLOW, RED, BLUE, GREEN, WHITE


# --- §5 the turn ------------------------------------------------------------------------------


@pytest.mark.rule("huang", "5a")
def test_two_actions_then_the_next_player() -> None:
    """The same action twice is allowed; after the second the turn passes on."""
    s = build(n=3, hands={0: {R: 3, W: 1}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(2, 9)))
    assert s.active == 0 and s.actions_left == 1 and s.pending() == Rq.ChooseAction(0)
    assert actions.PlaceTile(R) in s.legal_actions()
    play(s, actions.PlaceTile(R), actions.TileTo(H(10, 9)))
    assert s.active == 1 and s.pending() == Rq.ChooseAction(1) and s.actions_left == 2
    assert sum(s.hands[:5]) == 6  # refilled at the end of the turn


@pytest.mark.rule("huang", "5b", "8.1.4c")
def test_a_revolt_is_settled_before_the_second_action() -> None:
    """The revolt of the first action is decided (defender asked, VP awarded) before the
    active player chooses the second action; then the turn ends after that one."""
    s = build(n=2, tiles={(6, 5): Y, (7, 4): Y}, leaders={(1, G): (7, 5)},
              hands={0: {R: 2}, 1: {R: 1}})
    play(s, actions.PositionLeader(G), actions.LeaderTo(H(6, 6)))
    assert isinstance(s.pending(), Rq.CommitRevolt) and s.current_player() == 0
    play(s, actions.CommitTiles(0))
    assert isinstance(s.pending(), Rq.CommitRevolt) and s.current_player() == 1
    play(s, actions.CommitTiles(0))  # 1 : 2, the defender wins
    assert s.revolt is None and vp(s, 1, G) == 1
    assert s.pending() == Rq.ChooseAction(0) and s.actions_left == 1
    play(s, actions.PlaceTile(R), actions.TileTo(H(2, 9)))
    assert s.active == 1


@pytest.mark.rule("huang", "5b", "8.2.7")
def test_a_war_is_settled_before_the_second_action() -> None:
    s = build(n=2, tiles={(8, 5): R, (9, 5): Y, (7, 4): R, (6, 4): Y},
              leaders={(0, R): (9, 4), (1, R): (5, 5)}, hands={0: {R: 2}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(7, 5)))
    assert s.war is not None and s.current_player() == 1
    east = s.war.parties.index(s.labels[H(8, 5)])
    play(s, actions.Pass(), actions.Pass(), actions.DeclareWinner(east))  # 1 : 1, the active
    # player picks
    assert s.war is None and s.marker == -1
    assert s.pending() == Rq.ChooseAction(0) and s.actions_left == 1
    # the tile on U stays, as an ordinary tile, and its VP were never given
    assert s.board[H(7, 5)] == TILE + R and s.board[H(7, 4)] == s.board[H(8, 5)] == 0
    assert vp(s, 0, R) == 1 and sum(s.vp) == 1  # 1 for the removed leader only


# --- §6.1 (A) position a leader ---------------------------------------------------------------


@pytest.mark.rule("huang", "6.1a")
def test_place_move_or_withdraw_a_leader_never_for_vp() -> None:
    s = build(n=2, tiles={(6, 5): Y, (7, 5): R, (6, 6): R, (7, 6): R},
              pagodas={pagoda(R): tri((6, 6), (7, 5), (7, 6))}, hands={0: {R: 1}})
    play(s, actions.PositionLeader(R), actions.LeaderTo(H(5, 5)))  # off the board onto it
    assert s.leaders[R] == H(5, 5) and s.board[H(5, 5)] == 10 + R and sum(s.vp) == 0
    s.apply(actions.PositionLeader(R))
    with pytest.raises(IllegalActionError):  # moving needs a different hex
        s.apply(actions.LeaderTo(H(5, 5)))
    s.apply(actions.LeaderTo(H(7, 4)))  # moved: lifted from (5,5)
    assert s.leaders[R] == H(7, 4) and s.board[H(5, 5)] == 0
    assert vp(s, 0, R) == 1 and sum(s.vp) == 1  # only the pagoda at the end of the turn
    s = build(n=2, tiles={(6, 5): Y}, leaders={(0, W): (7, 5)})
    play(s, actions.PositionLeader(W), actions.Withdraw())
    assert s.leaders[W] == -1 and s.board[H(7, 5)] == 0 and sum(s.vp) == 0


@pytest.mark.rule("huang", "6.1b", "6.1d")
def test_a_yellow_tile_under_a_building_still_holds_a_leader() -> None:
    s = build(n=2, tiles={(6, 5): Y, (7, 5): Y, (6, 6): Y, (2, 9): R},
              leaders={(1, B): (7, 4)}, pagodas={pagoda(Y): tri((6, 5), (7, 5), (6, 6))},
              hands={0: {R: 1}})
    s.apply(actions.PositionLeader(G))
    offered = {a.hex for a in s.legal_actions()}  # type: ignore[attr-defined]
    assert H(5, 5) in offered and H(8, 5) in offered  # next to pagoda tiles
    assert H(7, 4) not in offered  # a leader stands there
    assert H(3, 9) not in offered  # next to a red tile only
    for bad in ((7, 4), (3, 9), (6, 5)):
        with pytest.raises(IllegalActionError):
            s.apply(actions.LeaderTo(H(*bad)))


@pytest.mark.rule("huang", "6.1c")
def test_no_leader_on_a_river_hex_even_next_to_yellow() -> None:
    s = build(n=2, tiles={(5, 5): Y}, hands={0: {R: 1}})
    s.apply(actions.PositionLeader(R))
    offered = {a.hex for a in s.legal_actions()}  # type: ignore[attr-defined]
    assert H(5, 4) not in offered and H(4, 6) not in offered  # river neighbours
    assert H(6, 5) in offered
    with pytest.raises(IllegalActionError):
        s.apply(actions.LeaderTo(H(5, 4)))


@pytest.mark.rule("huang", "6.1e")
def test_a_leader_unites_kingdoms_only_in_peace() -> None:
    """Two kingdoms with a red leader each: no leader may join them; a blue leader may join
    a red and a green kingdom, a red one may not (two reds)."""
    tiles = {(6, 5): Y, (8, 5): Y}
    s = build(n=3, tiles=tiles, leaders={(0, R): (5, 5), (1, R): (9, 5)}, hands={2: {R: 1}},
              active=2)
    s.apply(actions.PositionLeader(B))
    assert actions.LeaderTo(H(7, 5)) not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(actions.LeaderTo(H(7, 5)))
    s = build(n=3, tiles=tiles, leaders={(0, R): (5, 5), (1, G): (9, 5)}, hands={2: {R: 1}},
              active=2)
    s.apply(actions.PositionLeader(R))
    with pytest.raises(IllegalActionError):
        s.apply(actions.LeaderTo(H(7, 5)))
    s = build(n=3, tiles=tiles, leaders={(0, R): (5, 5), (1, G): (9, 5)}, hands={2: {R: 1}},
              active=2)
    play(s, actions.PositionLeader(B), actions.LeaderTo(H(7, 5)))
    assert s.revolt is None and s.labels[H(5, 5)] == s.labels[H(9, 5)]


@pytest.mark.rule("huang", "6.1f", "8.1a")
def test_a_leader_joining_one_kingdom_with_its_colour_starts_a_revolt() -> None:
    """Seat 1's red leader stands in another kingdom; seat 2's is in the one joined: the
    defender is seat 2, and seat 1 takes no part."""
    s = build(n=3, tiles={(6, 5): Y, (2, 9): Y}, leaders={(2, R): (7, 5), (1, R): (3, 9)},
              hands={0: {Y: 1}, 1: {Y: 2}})
    play(s, actions.PositionLeader(R), actions.LeaderTo(H(5, 5)))
    rv = s.revolt
    assert rv is not None and rv.colour == R
    assert (rv.attacker, rv.defender) == (0 * 5 + R, 2 * 5 + R)
    assert s.current_player() == 0  # the attacker, then the defender
    play(s, actions.CommitTiles(1))
    assert s.current_player() == 2
    play(s, actions.CommitTiles(0))
    assert s.revolt is None and s.hands[1 * 5 + Y] == 2 and s.leaders[1 * 5 + R] == H(3, 9)
    assert s.leaders[2 * 5 + R] == -1  # 1 + 1 + 1 against 1 + 1
    # the only other red leader in another kingdom: no revolt
    s = build(n=3, tiles={(6, 5): Y, (2, 9): Y}, leaders={(1, R): (3, 9)}, hands={0: {Y: 1}})
    play(s, actions.PositionLeader(R), actions.LeaderTo(H(5, 5)))
    assert s.revolt is None and s.pending() == Rq.ChooseAction(0)


# --- §6.2 (B) place a tile ----------------------------------------------------------------------


@pytest.mark.rule("huang", "6.2a")
def test_a_tile_from_hand_goes_face_up_on_any_empty_hex() -> None:
    s = build(n=2, tiles={(6, 5): Y}, hands={0: {W: 2}})
    s.apply(actions.PlaceTile(W))
    offered = {a.hex for a in s.legal_actions()}  # type: ignore[attr-defined]
    assert H(-2, 10) in offered and H(13, 0) in offered  # touching nothing is fine
    assert H(6, 5) not in offered
    s.apply(actions.TileTo(H(-2, 10)))
    assert s.board[H(-2, 10)] == TILE + W and s.hands[W] == 1 and conserved(s)
    assert s.observation(1).board[H(-2, 10)] == TILE + W  # face up


@pytest.mark.rule("huang", "6.2.4b", "9.4")
def test_the_market_is_refilled_only_at_the_end_of_the_turn() -> None:
    s = build(n=2, hands={0: {G: 2}}, market={R: 3, Y: 3})
    play(s, actions.PlaceTile(G), actions.TileTo(H(2, 9)), actions.TakeFromMarket(R))
    assert sum(s.market) == 5 and s.hands[R] == 1
    play(s, actions.PlaceTile(G), actions.TileTo(H(10, 9)), actions.TakeFromMarket(Y))
    assert s.active == 1 and sum(s.market) == 6 and conserved(s)


@pytest.mark.rule("huang", "6.2.5c")
def test_the_pagoda_comes_from_the_supply_before_the_board() -> None:
    """One red pagoda stands elsewhere: the other comes from the supply and the first one
    stays (with both on the board the player chooses which one moves: test_rules.py)."""
    first = tri((1, 1), (2, 1), (1, 2))
    s = build(n=2, tiles={(1, 1): R, (2, 1): R, (1, 2): R, (6, 5): R, (7, 5): R},
              pagodas={pagoda(R): first}, hands={0: {R: 2}})
    new = tri((6, 5), (7, 5), (6, 6))
    play(s, actions.PlaceTile(R), actions.TileTo(H(6, 6)), actions.BuildPagoda(new))
    assert s.pagodas[pagoda(R)] == first and s.pagodas[pagoda(R, 1)] == new
    assert s.actions_left == 1


@pytest.mark.rule("huang", "6.2.6a", "6.2.6b")
def test_the_chain_goes_on_from_the_last_blue_tile_only() -> None:
    """Each further blue tile touches the previous one, scores on its own, and the chain
    stops after a tile that caused a war."""
    s = build(n=2, tiles={(3, 5): Y}, leaders={(0, B): (2, 6)}, hands={0: {B: 3}})
    play(s, actions.PlaceTile(B), actions.TileTo(H(3, 6)))  # touches (3,5): in the kingdom
    assert vp(s, 0, B) == 1
    assert set(s.legal_actions()) == {actions.ChainTo(H(4, 6)), actions.ChainTo(H(2, 7)),
                                      actions.Pass()}
    with pytest.raises(IllegalActionError):
        s.apply(actions.ChainTo(H(1, 6)))  # a river hex, but not next to the last tile
    play(s, actions.ChainTo(H(4, 6)))
    assert vp(s, 0, B) == 2
    assert set(s.legal_actions()) == {actions.ChainTo(H(5, 6)), actions.Pass()}  # not (2,7)
    # a blue tile that starts a war ends the chain
    s = build(n=3, tiles={(4, 7): Y, (3, 7): R, (6, 6): Y},
              leaders={(0, R): (4, 8), (1, R): (6, 5)}, hands={0: {B: 2}, 2: {R: 1}})
    play(s, actions.PlaceTile(B), actions.TileTo(H(5, 7)))
    assert s.war is not None
    play(s, actions.Pass(), actions.Pass(), actions.Pass())  # 1 : 0, the western kingdom wins
    assert s.war is None and s.hands[B] == 1
    assert s.pending() == Rq.ChooseAction(0) and s.actions_left == 1
    # only a blue tile starts a chain: a red one next to the river ends the action
    s = build(n=2, tiles={(3, 5): Y}, hands={0: {R: 1, B: 1}})
    # next to the river hexes (4,6) and (5,4)
    play(s, actions.PlaceTile(R), actions.TileTo(H(4, 5)))
    assert s.pending() == Rq.ChooseAction(0) and s.actions_left == 1


# --- §6.3 (C) peasant revolt --------------------------------------------------------------------


@pytest.mark.rule("huang", "6.3a", "6.3c")
def test_a_peasant_revolt_pays_two_blue_and_removes_any_board_tile() -> None:
    s = build(n=2, tiles={(6, 5): Y, (7, 5): R, (2, 9): W, (3, 6): B},
              leaders={(0, B): (6, 4)}, hands={0: {B: 3}})
    s.apply(actions.PeasantRevolt())
    assert s.hands[B] == 1 and s.box[B] == 2  # shown: in the (public) box
    assert {a.hex for a in s.legal_actions()} == {  # type: ignore[attr-defined]
        H(6, 5), H(7, 5), H(2, 9), H(3, 6)}  # every tile, any colour; no leader
    s.apply(actions.RemoveTile(H(3, 6)))
    assert s.board[H(3, 6)] == 0 and s.box[B] == 3 and conserved(s)
    s = build(n=2, tiles={(6, 5): Y}, leaders={(0, B): (6, 4)}, hands={0: {B: 1}})
    assert actions.PeasantRevolt() not in s.legal_actions()  # one blue tile, the leader on board
    with pytest.raises(IllegalActionError):
        s.apply(actions.PeasantRevolt())


@pytest.mark.rule("huang", "6.3b")
def test_the_off_board_blue_leader_stands_in_for_one_blue_tile() -> None:
    s = build(n=2, tiles={(6, 5): Y}, hands={0: {B: 1, R: 1}})
    assert actions.PeasantRevolt() in s.legal_actions()
    play(s, actions.PeasantRevolt(), actions.UseLeader(True))
    assert s.hands[B] == 0 and s.box[B] == 1 and s.leaders[B] == -1
    s = build(n=2, tiles={(6, 5): Y}, hands={0: {B: 2}})
    play(s, actions.PeasantRevolt(), actions.UseLeader(False))
    assert s.hands[B] == 0 and s.box[B] == 2


@pytest.mark.rule("huang", "6.3e", "8.4")
def test_the_emptied_hex_is_ordinary_and_the_kingdom_splits() -> None:
    """Removing the capital Han [3,5] splits the kingdom: the red leader keeps its yellow
    tile, the green leader is stranded. The empty capital hex takes any tile later."""
    s = build(n=2, tiles={(3, 5): Y, (4, 5): Y, (2, 5): R},
              leaders={(1, R): (5, 5), (1, G): (4, 4), (1, B): (2, 6)},
              hands={0: {B: 2, R: 2}})
    assert s.labels[H(2, 5)] == s.labels[H(5, 5)]
    play(s, actions.PeasantRevolt(), actions.UseLeader(False), actions.RemoveTile(H(3, 5)))
    assert s.board[H(3, 5)] == 0
    assert s.leaders[1 * 5 + R] == H(5, 5) and s.leaders[1 * 5 + G] == H(4, 4)
    assert s.leaders[1 * 5 + B] == -1  # it touched only the removed yellow tile
    assert s.labels[H(4, 5)] != s.labels[H(2, 5)]
    # next to (2,5): a group without a leader
    play(s, actions.PlaceTile(R), actions.TileTo(H(1, 5)))
    assert sum(s.vp) == 0


@pytest.mark.rule("huang", "6.3e")
def test_a_removed_capital_is_an_ordinary_empty_hex() -> None:
    """The emptied capital Han [3,5] takes a leader next to the remaining yellow tile, or
    any tile."""
    s = build(n=2, tiles={(3, 5): Y, (4, 5): Y}, hands={0: {B: 2, W: 1}})
    play(s, actions.PeasantRevolt(), actions.UseLeader(False), actions.RemoveTile(H(3, 5)))
    t = s.clone()
    t.apply(actions.PositionLeader(R))
    assert actions.LeaderTo(H(3, 5)) in t.legal_actions()
    s.apply(actions.PlaceTile(W))
    assert actions.TileTo(H(3, 5)) in s.legal_actions()
    s.apply(actions.TileTo(H(3, 5)))
    assert s.board[H(3, 5)] == TILE + W


@pytest.mark.rule("huang", "6.3d")
def test_a_building_on_the_removed_tile_returns_to_the_supply() -> None:
    t = tri((6, 5), (7, 5), (6, 6))
    s = build(n=2, tiles={(6, 5): G, (7, 5): G, (6, 6): G, (2, 9): Y},
              pagodas={pagoda(G): t}, hands={0: {B: 2}})
    play(s, actions.PeasantRevolt(), actions.UseLeader(False), actions.RemoveTile(H(7, 5)))
    assert s.pagodas[pagoda(G)] == -1 and s.board[H(6, 5)] == TILE + G
    s = build(n=2, tiles={(6, 5): G, (7, 5): G, (6, 6): G, (2, 9): Y},
              pagodas={pagoda(G): t}, hands={0: {B: 2}})
    play(s, actions.PeasantRevolt(), actions.UseLeader(False), actions.RemoveTile(H(2, 9)))
    assert s.pagodas[pagoda(G)] == t  # another tile: the pagoda stays


# --- §6.4 (D) build with green -------------------------------------------------------------------


@pytest.mark.rule("huang", "6.4a")
def test_one_green_tile_and_the_off_board_green_leader_pay_too() -> None:
    s = build(n=2, tiles={(6, 5): W, (7, 5): W, (6, 6): W}, hands={0: {G: 1, R: 1}})
    assert actions.BuildWithGreen() in s.legal_actions()
    play(s, actions.BuildWithGreen(), actions.UseLeader(True))
    assert s.hands[G] == 0 and s.box[G] == 1
    s = build(n=2, tiles={(6, 5): W, (7, 5): W, (6, 6): W, (2, 9): Y},
              leaders={(0, G): (3, 9)}, hands={0: {G: 1, R: 1}})
    assert actions.BuildWithGreen() not in s.legal_actions()  # the green leader is on the board
    with pytest.raises(IllegalActionError):
        s.apply(actions.BuildWithGreen())


@pytest.mark.rule("huang", "6.4a", "6.4b")
def test_two_green_tiles_build_on_any_free_triangle() -> None:
    """An old red triangle (not just completed) takes the red pagoda; the one on the board
    moves when the supply has none."""
    old = tri((6, 5), (7, 5), (6, 6))
    other = tri((1, 1), (2, 1), (1, 2))
    s = build(n=2, tiles={(6, 5): R, (7, 5): R, (6, 6): R, (1, 1): R, (2, 1): R, (1, 2): R},
              pagodas={pagoda(R): other, pagoda(R, 1): tri((8, 8), (9, 8), (8, 9))},
              hands={0: {G: 3}})
    s.apply(actions.BuildWithGreen())
    play(s, actions.UseLeader(False))
    assert s.hands[G] == 1 and s.box[G] == 2
    assert s.legal_actions() == [actions.BuildPagoda(old)]  # the other triangle supports one
    s.apply(actions.BuildPagoda(old))
    assert isinstance(s.pending(), Rq.ChoosePagodaToMove)
    s.apply(actions.MovePagoda(pagoda(R)))
    assert s.pagodas[pagoda(R)] == old and s.actions_left == 1 and conserved(s)


@pytest.mark.rule("huang", "6.4c")
def test_building_with_green_needs_a_free_triangle() -> None:
    s = build(n=2, tiles={(6, 5): R, (7, 5): R, (6, 6): Y}, hands={0: {G: 2}})
    assert actions.BuildWithGreen() not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(actions.BuildWithGreen())
    s = build(n=2, tiles={(6, 5): R, (7, 5): R, (6, 6): R},
              pagodas={pagoda(R): tri((6, 5), (7, 5), (6, 6))}, hands={0: {G: 2}})
    assert actions.BuildWithGreen() not in s.legal_actions()  # the only triangle is taken
    s = build(n=2, tiles={(6, 5): W, (7, 5): W, (6, 6): W}, hands={0: {G: 2}})
    assert actions.BuildWithGreen() in s.legal_actions()
