"""Worked examples of the rules document (§15 E1-E4, E1 is the seed's war example), each
set up with a small builder and checked against the rulebook's numbers."""

from __future__ import annotations

import pytest

from engine.common.rng import Rng
from engine.games.huang import actions
from engine.games.huang import requests as Rq
from engine.games.huang.board import refresh
from engine.games.huang.data import (
    BLUE,
    GREEN,
    LEADER,
    PAGODA_COLOUR,
    RED,
    TILE,
    TILE_COUNTS,
    TRIANGLES,
    WHITE,
    YELLOW,
    hex_index,
)
from engine.games.huang.setup import empty_state
from engine.games.huang.state import HuangState

Y, R, B, G, W = YELLOW, RED, BLUE, GREEN, WHITE


def H(q: int, r: int) -> int:
    h = hex_index(q, r)
    assert h >= 0, (q, r)
    return h


def tri(*cells: tuple[int, int]) -> int:
    want = {H(q, r) for q, r in cells}
    return next(i for i, t in enumerate(TRIANGLES) if set(t) == want)


def pagoda(colour: int, nth: int = 0) -> int:
    return [k for k, c in enumerate(PAGODA_COLOUR) if c == colour][nth]


def build(
    n: int = 3,
    active: int = 0,
    tiles: dict[tuple[int, int], int] | None = None,
    leaders: dict[tuple[int, int], tuple[int, int]] | None = None,
    hands: dict[int, dict[int, int]] | None = None,
    pagodas: dict[int, int] | None = None,
    market: dict[int, int] | None = None,
    vp: dict[int, dict[int, int]] | None = None,
    bag: dict[int, int] | None = None,
) -> HuangState:
    """A position: tiles {(q, r): colour}, leaders {(seat, colour): (q, r)}, hands
    {seat: {colour: count}}, pagodas {pagoda index: triangle index}. The remaining tiles
    go into the bag (or `bag` gives it exactly, the rest going to the box)."""
    s = empty_state(n, Rng.from_seed(7, "test"))
    for (q, r), c in (tiles or {}).items():
        s.board[H(q, r)] = TILE + c
    for (p, c), (q, r) in (leaders or {}).items():
        s.board[H(q, r)] = LEADER + p * 5 + c
        s.leaders[p * 5 + c] = H(q, r)
    for p, hand in (hands or {}).items():
        for c, k in hand.items():
            s.hands[p * 5 + c] = k
    for k, t in (pagodas or {}).items():
        s.pagodas[k] = t
    for c, k in (market or {}).items():
        s.market[c] = k
    for p, d in (vp or {}).items():
        for c, k in d.items():
            s.vp[p * 5 + c] = k
    left = list(TILE_COUNTS)
    for x in s.board:
        if TILE <= x < LEADER:
            left[x - TILE] -= 1
    for c in range(5):
        left[c] -= s.market[c] + sum(s.hands[p * 5 + c] for p in range(n))
        assert left[c] >= 0
    if bag is None:
        s.bag = left
    else:
        s.bag = [bag.get(c, 0) for c in range(5)]
        s.box = [left[c] - s.bag[c] for c in range(5)]
    refresh(s)
    s.active = active
    s.stack = [Rq.ChooseAction(active)]
    return s


def play(s: HuangState, *moves: actions.Action) -> HuangState:
    for a in moves:
        s.apply(a)
    return s


def vp(s: HuangState, seat: int, colour: int) -> int:
    return s.vp[seat * 5 + colour]


def conserved(s: HuangState) -> bool:
    """Every tile is somewhere: board, hands, bag, market, box, face-down, committed, and
    the tiles a 2-player short game removed unseen."""
    count = [0] * 5
    for x in s.board:
        if TILE <= x < LEADER:
            count[x - TILE] += 1
    if s.short_game and sum(s.removed) != 24:
        return False
    for c, k in enumerate(s.removed):
        count[c] += k
    for c in range(5):
        count[c] += s.bag[c] + s.market[c] + s.box[c]
        count[c] += sum(s.hands[p * 5 + c] + s.hidden[p * 5 + c] for p in range(s.num_players))
    if s.revolt is not None:
        count[Y] += max(0, s.revolt.attacker_tiles) + max(0, s.revolt.defender_tiles)
    if s.war is not None and s.war.winner < 0:
        count[R] += sum(s.war.tiles)
    return count == list(TILE_COUNTS)


# --- E1: the seed's war example  ---

ARLETA, BARTEK, AGATA = 0, 1, 2  # Rat, Tiger, Goat; clockwise


def e1_position() -> HuangState:
    return build(
        n=3, active=ARLETA,
        tiles={(2, 9): Y, (-1, 10): Y, (0, 9): R, (0, 10): R,
               (4, 8): R, (5, 8): R, (6, 8): R, (5, 9): R, (4, 9): Y, (6, 9): Y},
        leaders={(BARTEK, R): (1, 9), (BARTEK, Y): (1, 10), (BARTEK, G): (-2, 10),
                 (ARLETA, R): (3, 10), (AGATA, Y): (4, 10), (ARLETA, B): (5, 10)},
        hands={ARLETA: {R: 4, Y: 2}, BARTEK: {R: 2, G: 1}, AGATA: {B: 3}},
        pagodas={pagoda(R): tri((5, 8), (6, 8), (5, 9))},
    )


@pytest.mark.rule("huang", "6.2.1a", "6.2.1b", "8.2a", "8.2b", "8.2c", "8.2d", "8.2e", "8.2f",
                  "8.2.1", "8.2.2", "8.2.3", "8.2.4", "8.2.5", "8.2.6", "8.2.7")
def test_e1_war_from_the_seed() -> None:
    s = e1_position()
    assert conserved(s)
    box_red = s.box[R]
    play(s, actions.PlaceTile(R), actions.TileTo(H(3, 9)))
    # conflict colours R and Y -> war; the marker is on [3,9]; no VP for Arleta
    war = s.war
    assert war is not None and s.marker == H(3, 9)
    west = war.parties.index(s.labels[H(2, 9)])
    east = war.parties.index(s.labels[H(4, 9)])
    assert sorted(war.parties) == list(war.parties) and len(war.parties) == 2
    assert war.base[west] == 2 and war.base[east] == 4
    assert sum(s.vp) == 0
    # support round: Bartek (left of Arleta), Agata, Arleta last
    assert s.current_player() == BARTEK
    assert actions.CommitTiles(0) not in play(s, actions.SupportParty(west)).legal_actions()
    s.apply(actions.CommitTiles(2))
    assert s.current_player() == AGATA
    # only her off-board red leader (+1)
    play(s, actions.SupportParty(west), actions.CommitTiles(0))
    assert s.war is not None and s.war.leaders[west] == 1
    assert s.current_player() == ARLETA
    play(s, actions.SupportParty(east), actions.CommitTiles(3))
    # E wins 7 to 5; Tiger red and yellow leaders go back to Bartek, W's red tiles to the box
    assert s.leaders[BARTEK * 5 + R] < 0 and s.leaders[BARTEK * 5 + Y] < 0
    assert s.board[H(0, 9)] == 0 and s.board[H(0, 10)] == 0
    assert s.leaders[BARTEK * 5 + G] == H(-2, 10)  # not participating: stays
    assert vp(s, ARLETA, R) == 1 and vp(s, AGATA, Y) == 1 and sum(s.vp) == 2
    # M = 5: 3 committed tiles count first, Arleta removes 2 of E's 4 red board tiles
    assert isinstance(s.pending(), Rq.RemoveWinnerTile) and s.pending().remaining == 2
    assert s.current_player() == ARLETA
    assert sorted(a.hex for a in s.legal_actions()) == sorted(  # type: ignore[attr-defined]
        H(*x) for x in ((4, 8), (5, 8), (6, 8), (5, 9)))
    play(s, actions.RemoveRedTile(H(4, 8)), actions.RemoveRedTile(H(6, 8)))
    assert s.pagodas[pagoda(R)] == -1  # any choice hits the pagoda -> supply
    assert s.box[R] == box_red + 2 + 5 + 2  # W's 2, the 5 committed, E's 2
    # the marker is gone, [3,9] stays and E now includes [2,9]
    assert s.marker == -1 and s.war is None and s.board[H(3, 9)] == TILE + R
    assert s.labels[H(2, 9)] == s.labels[H(3, 9)] == s.labels[H(4, 10)]
    assert s.labels[H(-2, 10)] == s.labels[H(-1, 10)] != s.labels[H(2, 9)]
    assert s.leaders[AGATA * 5 + R] < 0  # the committed red leader stays off-board
    assert s.pending() == Rq.ChooseAction(ARLETA) and s.actions_left == 1
    assert conserved(s)


# --- E2: revolt with a tie  ---


@pytest.mark.rule("huang", "6.1f", "8.1a", "8.1.1", "8.1.2", "8.1.3", "8.1.4a", "8.1.4c", "8.1.4d")
def test_e2_revolt_tie_goes_to_the_defender() -> None:
    s = build(
        n=3, active=AGATA,
        tiles={(-1, 5): Y, (0, 5): Y, (3, 5): Y},
        leaders={(BARTEK, G): (-2, 5), (AGATA, Y): (4, 5)},
        hands={AGATA: {Y: 1, R: 2}, BARTEK: {Y: 1, B: 1}},
    )
    play(s, actions.PositionLeader(G), actions.LeaderTo(H(-1, 6)))
    rv = s.revolt
    assert rv is not None
    assert (rv.attacker_base, rv.defender_base) == (2, 2)  # Bartek 1 + 1 (yellow off-board)
    assert s.current_player() == AGATA
    s.apply(actions.CommitTiles(1))
    assert s.current_player() == BARTEK
    s.apply(actions.CommitTiles(1))
    # 3 : 3, tie -> defender Bartek wins
    assert s.leaders[AGATA * 5 + G] < 0 and s.board[H(-1, 6)] == 0
    assert s.leaders[BARTEK * 5 + G] == H(-2, 5)
    assert vp(s, BARTEK, G) == 1 and sum(s.vp) == 1
    assert s.box[Y] == 2 and s.hands[AGATA * 5 + Y] == 0 and s.hands[BARTEK * 5 + Y] == 0
    assert s.revolt is None and s.pending() == Rq.ChooseAction(AGATA)
    assert conserved(s)


# --- E3: blue chain  ---


@pytest.mark.rule("huang", "6.2.3c", "6.2.5a", "6.2.6a", "6.2.6b", "7a")
def test_e3_blue_chain_scores_and_builds() -> None:
    s = build(
        n=3, active=BARTEK,
        tiles={(3, 5): Y, (1, 6): B},
        leaders={(BARTEK, B): (2, 6)},
        hands={BARTEK: {B: 3, R: 1}},
    )
    play(s, actions.PlaceTile(B), actions.TileTo(H(-1, 7)))
    assert vp(s, BARTEK, B) == 0  # not in a kingdom
    assert isinstance(s.pending(), Rq.ChooseChain)
    # only empty river hexes next to the previous blue tile
    assert set(s.legal_actions()) == {actions.ChainTo(H(-2, 8)), actions.ChainTo(H(0, 7)),
                                      actions.Pass()}
    s.apply(actions.ChainTo(H(0, 7)))
    assert vp(s, BARTEK, B) == 1
    s.apply(actions.ChainTo(H(1, 7)))
    assert vp(s, BARTEK, B) == 2
    t = tri((0, 7), (1, 6), (1, 7))
    assert s.legal_actions() == [actions.BuildPagoda(t), actions.Pass()]
    s.apply(actions.BuildPagoda(t))
    assert s.pagodas[pagoda(B)] == t
    # building ends the chain and the action
    assert s.pending() == Rq.ChooseAction(BARTEK) and s.actions_left == 1
    play(s, actions.PlaceTile(R), actions.TileTo(H(10, 5)))  # second action, far away
    assert vp(s, BARTEK, B) == 3  # end of turn: +1 blue for the pagoda
    assert s.active == AGATA and sum(s.vp) == 3
    assert conserved(s)


# --- E4: final scoring  ---


@pytest.mark.rule("huang", "10.2", "10.3", "10b")
def test_e4_final_scoring_white_wildcards_and_tiebreak() -> None:
    s = build(n=2, vp={0: {Y: 7, R: 5, B: 9, G: 4, W: 4}, 1: {Y: 6, R: 6, B: 6, G: 8, W: 1}})
    assert s.final_vector(0) == [6, 7, 7, 9]
    assert s.final_vector(1) == [6, 6, 7, 8]
    assert s.scores() == [6, 6]
    assert s.ranking() == [0, 1]  # tie at 6, second lowest 7 > 6


@pytest.mark.rule("huang", "10c")
def test_identical_vectors_share_the_win() -> None:
    s = build(n=3, vp={0: {Y: 3, R: 4, B: 5, G: 6}, 1: {Y: 6, R: 5, B: 4, G: 3},
                       2: {Y: 3, R: 3, B: 3, G: 3, W: 9}})
    assert s.scores() == [3, 3, 5]
    assert s.ranking() == [1, 1, 0]
    s2 = build(n=2, vp={0: {Y: 2, R: 2, B: 2, G: 3}, 1: {Y: 3, R: 2, B: 2, G: 2}})
    assert s2.ranking() == [0, 0]  # §14.9: all four colours tied -> no winner


@pytest.mark.rule("huang", "10c")
def test_all_four_colours_tied_nobody_wins_through_record_and_standings() -> None:
    """Rules §10 (seed 002): "gdy gracze remisują we wszystkich 4 kolorach, nikt nie
    wygrywa" - the tied top seats share no win: a draw between them, no first-place share."""
    from engine.protocol import NO_WINNER
    from harness.storage.database import GameRow
    from harness.tournaments.standings import standings
    from ratings.elo import first_share, pairwise

    s = build(n=3, vp={0: {Y: 2, R: 2, B: 2, G: 3}, 1: {Y: 3, R: 2, B: 2, G: 2},
                       2: {Y: 1, R: 5, B: 5, G: 5}})
    s.over, s.stack = True, []
    assert s.ranking() == [0, 0, 2] and s.no_winner()
    assert "nobody wins" in s.render()
    s.vp[1 * 5 + Y] = 4  # seat 1 now beats seat 0 on the second colour: seat 1 wins
    assert s.ranking() == [1, 0, 2] and not s.no_winner()
    s.vp[1 * 5 + Y] = 3
    ranking = s.ranking()
    assert [first_share(ranking, p, NO_WINNER) for p in range(3)] == [0.0, 0.0, 0.0]
    assert pairwise(["a", "b", "c"], ranking) == [("a", "b", 0.5), ("a", "c", 1.0),
                                                    ("b", "c", 1.0)]
    row = GameRow(idx=0, block=0, seed=0, bots=["a", "b", "c"], status="done",
                  outcome=NO_WINNER, ranking=ranking, scores=s.scores())
    assert [st.wins for st in standings([row], 3, ["a", "b", "c"], with_elo=False)] == [0, 0, 0]
