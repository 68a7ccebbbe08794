"""Pagoda scoring (rules §7) and the conflicts of §8: revolts, wars, stranding, each on a
small position built from the rules reference's words (the seed's war example is E1 in
test_scenarios.py)."""

from __future__ import annotations

import pytest

from engine.games.huang import actions
from engine.games.huang import requests as Rq
from engine.games.huang.board import refresh
from engine.games.huang.data import BLUE, GREEN, RED, RHOMBI, TILE, WHITE, YELLOW
from engine.games.huang.state import HuangState
from engine.protocol import IllegalActionError
from tests.games.huang.test_scenarios import H, build, conserved, pagoda, play, tri, vp

Y, R, B, G, W = YELLOW, RED, BLUE, GREEN, WHITE


# --- §7 pagoda scoring --------------------------------------------------------------------------


def two_red_kingdoms() -> HuangState:
    """Seat 0's and seat 1's red leaders, each in a kingdom with a red pagoda."""
    return build(n=2, tiles={(6, 5): R, (7, 5): R, (6, 6): R, (7, 4): Y,
                             (1, 1): R, (2, 1): R, (1, 2): R, (2, 0): Y},
                 leaders={(0, R): (8, 4), (1, R): (3, 0)},
                 pagodas={pagoda(R): tri((6, 5), (7, 5), (6, 6)),
                          pagoda(R, 1): tri((1, 1), (2, 1), (1, 2))},
                 hands={0: {W: 2}, 1: {W: 2}})


@pytest.mark.rule("huang", "7a")
def test_pagodas_score_at_the_end_of_a_turn_for_the_active_player_only() -> None:
    s = two_red_kingdoms()
    play(s, actions.PlaceTile(W), actions.TileTo(H(10, 9)))
    assert sum(s.vp) == 0  # not after an action
    play(s, actions.PlaceTile(W), actions.TileTo(H(9, 10)))
    assert vp(s, 0, R) == 1 and vp(s, 1, R) == 0 and s.active == 1
    play(s, actions.PlaceTile(W), actions.TileTo(H(-2, 10)))
    assert vp(s, 1, R) == 0
    play(s, actions.PlaceTile(W), actions.TileTo(H(-3, 10)))
    assert vp(s, 1, R) == 1 and vp(s, 0, R) == 1


@pytest.mark.rule("huang", "7d")
def test_the_white_pagoda_scores_for_white_leaders_and_the_palace_never() -> None:
    s = build(n=2, tiles={(6, 5): W, (7, 5): W, (6, 6): W, (7, 4): Y,
                          (1, 1): Y, (2, 1): Y, (1, 2): Y, (2, 0): Y},
              leaders={(0, W): (8, 4), (0, Y): (3, 0)},
              pagodas={pagoda(W): tri((6, 5), (7, 5), (6, 6))}, hands={0: {R: 1}})
    s.palace_module = True
    s.palace = next(i for i, rh in enumerate(RHOMBI)
                    if set(rh) == {H(1, 1), H(2, 1), H(1, 2), H(2, 0)})
    s.actions_left = 1
    play(s, actions.PlaceTile(R), actions.TileTo(H(10, 9)))
    if isinstance(s.pending(), Rq.ChooseRefill):
        s.apply(actions.RefillTo(6))
    assert vp(s, 0, W) == 1 and vp(s, 0, Y) == 0 and sum(s.vp) == 1


# --- §8.1 revolt --------------------------------------------------------------------------------


def revolt_position() -> HuangState:
    """Seat 1's green leader on (7,5) touches the yellow pagoda's tiles (7,4) and (6,5) and a
    red tile; seat 0 brings its green leader to (5,5), touching (6,5) and (6,4): the shared
    tile counts for both. Both yellow leaders are on the board (no +1)."""
    return build(n=3, tiles={(6, 4): Y, (7, 4): Y, (6, 5): Y, (8, 5): R,
                             (1, 1): Y, (2, 9): Y},
                 leaders={(1, G): (7, 5), (0, Y): (1, 0), (1, Y): (3, 9)},
                 pagodas={pagoda(Y): tri((6, 4), (7, 4), (6, 5))},
                 hands={0: {Y: 2, R: 1}, 1: {Y: 3}, 2: {Y: 4}})


@pytest.mark.rule("huang", "8.1.1", "8.1a")
def test_each_side_counts_the_yellow_tiles_next_to_its_own_leader() -> None:
    s = revolt_position()
    play(s, actions.PositionLeader(G), actions.LeaderTo(H(5, 5)))
    rv = s.revolt
    assert rv is not None and (rv.attacker_base, rv.defender_base) == (2, 2)
    assert s.current_player() == 0


@pytest.mark.rule("huang", "8.1.3", "8.1.4a", "8.1.4d")
def test_the_attacker_commits_first_openly_and_the_higher_total_wins() -> None:
    s = revolt_position()
    play(s, actions.PositionLeader(G), actions.LeaderTo(H(5, 5)))
    assert s.legal_actions() == [actions.CommitTiles(0), actions.CommitTiles(1),
                                 actions.CommitTiles(2)]
    s.apply(actions.CommitTiles(2))
    assert s.current_player() == 1  # the defender, having seen the attacker's tiles
    seen = s.observation(1).revolt
    assert seen is not None and seen.attacker_tiles == 2 and seen.defender_tiles == -1
    assert s.legal_actions() == [actions.CommitTiles(k) for k in range(4)]
    s.apply(actions.CommitTiles(1))  # 4 : 3, the attacker wins
    assert s.leaders[1 * 5 + G] == -1 and s.board[H(7, 5)] == 0
    assert s.leaders[G] == H(5, 5) and vp(s, 0, G) == 1 and sum(s.vp) == 1
    assert s.box[Y] == 3 and s.hands[Y] == 0 and s.hands[5 + Y] == 2
    assert s.hands[10 + Y] == 4 and conserved(s)  # seat 2 took no part


@pytest.mark.rule("huang", "8.1.2")
def test_an_off_board_yellow_leader_adds_one() -> None:
    s = revolt_position()
    s.board[H(1, 0)] = 0
    s.leaders[Y] = -1  # the attacker's yellow leader goes back in front of the screen
    refresh(s)
    play(s, actions.PositionLeader(G), actions.LeaderTo(H(5, 5)))
    rv = s.revolt
    assert rv is not None and (rv.attacker_base, rv.defender_base) == (3, 2)
    play(s, actions.CommitTiles(0), actions.CommitTiles(0))  # 3 : 2 without a tile
    assert s.leaders[1 * 5 + G] == -1 and vp(s, 0, G) == 1


# --- §8.2 war -------------------------------------------------------------------------------------


@pytest.mark.rule("huang", "8.2b", "6.2.1a")
def test_joining_kingdoms_without_a_shared_colour_is_no_war() -> None:
    """Red and green leaders in the two kingdoms: the tile unites them and scores."""
    s = build(n=2, tiles={(8, 5): R, (9, 5): Y, (7, 4): R, (6, 4): Y},
              leaders={(0, R): (9, 4), (1, G): (5, 5)}, hands={0: {R: 1}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(7, 5)))
    assert s.war is None and s.marker == -1 and vp(s, 0, R) == 1
    assert s.labels[H(9, 4)] == s.labels[H(5, 5)]


def bystander_war(n: int = 3, c_leader: int = BLUE, **hands: dict[int, int]) -> HuangState:
    """U = (7,5) joins A (red tile (8,4), seat 0's red leader), B (red tile (6,5), seat 1's
    red and white leaders) and C (red tile (7,6), seat 2's `c_leader`)."""
    return build(n=n, tiles={(8, 4): R, (9, 3): Y, (6, 5): R, (5, 5): Y, (7, 6): R, (8, 6): Y},
                 leaders={(0, R): (9, 4), (1, R): (4, 5), (1, W): (6, 4), (2, c_leader): (8, 7)},
                 hands={int(k[1:]): v for k, v in hands.items()})


@pytest.mark.rule("huang", "8.2a", "8.2c", "8.2d")
def test_a_neutral_kingdom_is_a_bystander_and_u_links_nothing() -> None:
    s = bystander_war(h0={R: 1}, h2={R: 1})
    play(s, actions.PlaceTile(R), actions.TileTo(H(7, 5)))
    war = s.war
    assert war is not None and s.marker == H(7, 5) and s.labels[H(7, 5)] == -1
    a, b = s.labels[H(8, 4)], s.labels[H(6, 5)]
    assert war.parties == tuple(sorted((a, b))) and s.labels[H(7, 6)] not in war.parties
    assert len({a, b, s.labels[H(7, 6)]}) == 3  # the groups stay apart while U is marked
    assert war.base == (1, 1)  # one red board tile each: U and C's red tile never count
    assert sorted(war.participants) == [0 * 5 + R, 1 * 5 + R]
    assert s.current_player() == 1 and s.legal_actions() == [actions.Pass()]
    s.apply(actions.Pass())
    assert s.legal_actions() == [actions.SupportParty(0), actions.SupportParty(1),
                                 actions.Pass()]  # not C
    play(s, actions.Pass(), actions.Pass())
    play(s, actions.DeclareWinner(war.parties.index(a)))
    assert s.board[H(7, 6)] == TILE + R and s.leaders[2 * 5 + B] == H(8, 7)  # untouched
    assert s.leaders[1 * 5 + R] == -1 and s.board[H(6, 5)] == 0
    assert s.leaders[1 * 5 + W] == H(6, 4)  # not a conflict colour: it stays
    assert s.board[H(8, 4)] == 0  # M = 1: the winner's only red board tile
    assert s.labels[H(7, 5)] == s.labels[H(7, 6)] == s.labels[H(8, 7)]  # U links C now


@pytest.mark.rule("huang", "8.2e")
def test_support_begins_left_of_the_active_player_who_is_last() -> None:
    s = build(n=4, active=1, tiles={(8, 5): R, (9, 5): Y, (7, 4): R, (6, 4): Y},
              leaders={(0, R): (9, 4), (2, R): (5, 5)}, hands={1: {R: 1}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(7, 5)))
    order = []
    while isinstance(s.pending(), Rq.ChooseSupport):
        order.append(s.current_player())
        s.apply(actions.Pass())
    assert order == [2, 3, 0, 1]


@pytest.mark.rule("huang", "8.2f")
def test_a_commitment_is_red_tiles_and_the_off_board_red_leader_worth_one_at_least() -> None:
    s = build(n=3, tiles={(8, 5): R, (9, 5): Y, (7, 4): R, (6, 4): Y},
              leaders={(0, R): (9, 4), (1, R): (5, 5)},
              hands={0: {R: 2}, 1: {R: 2}, 2: {R: 2}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(7, 5)))
    east = s.war.parties.index(s.labels[H(8, 5)])  # type: ignore[union-attr]
    # seat 1: its red leader is on the board, so at least 1 tile
    s.apply(actions.SupportParty(1 - east))
    assert s.legal_actions() == [actions.CommitTiles(1), actions.CommitTiles(2)]
    s.apply(actions.CommitTiles(1))
    # seat 2: red leader off the board: 0 tiles brings the leader alone (+1) ...
    s.apply(actions.SupportParty(east))
    assert s.legal_actions() == [actions.CommitTiles(k) for k in range(3)]
    t = s.clone()
    t.apply(actions.CommitTiles(0))
    assert t.war.leaders[east] == 1 and t.war.tiles[east] == 0  # type: ignore[union-attr]
    # ... with tiles, the leader is asked and backs the same party
    s.apply(actions.CommitTiles(2))
    assert s.legal_actions() == [actions.CommitRedLeader(True), actions.CommitRedLeader(False)]
    s.apply(actions.CommitRedLeader(True))
    war = s.war
    assert war is not None and war.tiles[east] == 2 and war.leaders[east] == 1
    assert war.tiles[1 - east] == 1 and war.leaders[1 - east] == 0
    assert s.hands[10 + R] == 0 and s.current_player() == 0
    with pytest.raises(IllegalActionError):  # 0 tiles with the leader on the board
        play(s, actions.SupportParty(east), actions.CommitTiles(0))


def three_party_war() -> HuangState:
    """Like bystander_war, but C holds seat 2's red leader: three parties, 1 : 1 : 1."""
    s = bystander_war(c_leader=RED, h0={R: 2}, h2={R: 1})
    return play(s, actions.PlaceTile(R), actions.TileTo(H(7, 5)))


@pytest.mark.rule("huang", "8.2h", "8.2.1", "8.2.4", "8.2.5", "8.3")
def test_three_parties_the_active_player_breaks_the_top_tie_and_pays_m() -> None:
    s = three_party_war()
    war = s.war
    assert war is not None and len(war.parties) == 3
    a, b, c = (war.parties.index(s.labels[H(*x)]) for x in ((8, 4), (6, 5), (7, 6)))
    s.apply(actions.Pass())  # seat 1
    play(s, actions.SupportParty(a), actions.CommitTiles(1))  # seat 2 backs A: 2
    play(s, actions.SupportParty(c), actions.CommitTiles(1))  # seat 0 backs C: 2; B stays at 1
    assert isinstance(s.pending(), Rq.ChooseWarWinner) and s.current_player() == 0
    assert set(s.legal_actions()) == {actions.DeclareWinner(a), actions.DeclareWinner(c)}
    s.apply(actions.DeclareWinner(c))
    # A and B lose their red leaders; seat 2's red leader in C scores one VP for each
    assert s.leaders[0 * 5 + R] == -1 and s.leaders[1 * 5 + R] == -1
    assert vp(s, 2, R) == 2 and sum(s.vp) == 2
    # M = max(2, 1) = 2: C's committed tile counts first, then its one red board tile
    assert s.board[H(7, 6)] == 0 and s.war is None and conserved(s)
    assert s.box[R] == 2 + 2 + 1  # A's and B's board tiles, 2 committed, C's board tile


@pytest.mark.rule("huang", "8.2h")
def test_a_single_strongest_party_wins_without_a_question() -> None:
    s = three_party_war()
    war = s.war
    assert war is not None
    c = war.parties.index(s.labels[H(7, 6)])
    s.apply(actions.Pass())
    play(s, actions.SupportParty(c), actions.CommitTiles(1))  # C: 2, the others 1
    s.apply(actions.Pass())
    assert s.war is None and s.leaders[2 * 5 + R] == H(8, 7)
    assert s.leaders[0 * 5 + R] == -1 and s.leaders[1 * 5 + R] == -1


@pytest.mark.rule("huang", "8.2.3", "8.2.5")
def test_buildings_on_removed_red_tiles_return_to_the_supply() -> None:
    """West (4 red tiles, a red pagoda) loses to East (3 red tiles, a red pagoda, 2 tiles
    committed): the loser's pagoda goes with its tiles; M = 4, so the active player removes
    2 of East's red board tiles, choosing them, and the pagoda on them goes too."""
    s = build(n=2, tiles={(1, 4): R, (2, 4): R, (1, 5): R, (2, 5): R, (3, 4): Y,
                          (6, 4): Y, (6, 5): R, (7, 5): R, (6, 6): R},
              leaders={(0, R): (4, 4), (1, R): (5, 5)},
              pagodas={pagoda(R): tri((1, 5), (2, 4), (2, 5)),
                       pagoda(R, 1): tri((6, 5), (7, 5), (6, 6))},
              hands={0: {R: 1}, 1: {R: 2}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(4, 5)))
    war = s.war
    assert war is not None
    west = war.parties.index(s.labels[H(3, 4)])
    assert war.base[west] == 4 and war.base[1 - west] == 3
    play(s, actions.SupportParty(1 - west), actions.CommitTiles(2),
         actions.Pass())  # east 5 : west 4
    assert s.pagodas[pagoda(R)] == -1 and s.board[H(1, 4)] == 0  # the losers' tiles went
    assert isinstance(s.pending(), Rq.RemoveWinnerTile) and s.current_player() == 0
    assert s.pending().remaining == 2  # type: ignore[union-attr]
    assert {a.hex for a in s.legal_actions()} == {  # type: ignore[attr-defined]
        H(6, 5), H(7, 5), H(6, 6)}
    play(s, actions.RemoveRedTile(H(6, 5)), actions.RemoveRedTile(H(6, 6)))
    assert s.pagodas[pagoda(R, 1)] == -1 and s.board[H(7, 5)] == TILE + R
    assert s.war is None and vp(s, 1, R) == 1 and conserved(s)
