"""Bandits module (§11.1, option `bandits`)."""

from __future__ import annotations

import pytest

import engine
from engine.games.huang import actions, queries
from engine.games.huang import requests as Rq
from engine.games.huang.board import refresh
from engine.games.huang.data import BANDIT_SITES, BLUE, GREEN, RED, TILE, YELLOW
from engine.games.huang.state import HuangState
from engine.protocol import IllegalActionError
from tests.games.huang.test_scenarios import H, build, conserved, play, vp

Y, R, B, G = YELLOW, RED, BLUE, GREEN


def with_bandits(s: HuangState, *numbers: int) -> HuangState:
    s.bandits_module = True
    s.bandits = sorted(numbers)
    for n in numbers:
        for h in BANDIT_SITES[n]:
            s.board[h] = -n
    refresh(s)
    return s


@pytest.mark.rule("huang", "11.1a")
def test_setup_places_five_of_the_ten_bandit_tiles() -> None:
    s = engine.make("huang", 2, 11, bandits=True)
    assert isinstance(s, HuangState)
    assert len(s.bandits) == 5 and len(set(s.bandits)) == 5
    for n in s.bandits:
        assert all(s.board[h] == -n for h in BANDIT_SITES[n])
    assert sum(1 for x in s.board if x < 0) == 15 and conserved(s)


def _bandit_kingdom(reds: int) -> HuangState:
    tiles = {(10, 5): R, (11, 4): Y}
    if reds >= 2:
        tiles[(11, 5)] = R
    if reds >= 3:
        tiles[(12, 5)] = R
    s = build(n=2, tiles=tiles, leaders={(1, R): (12, 4)}, hands={0: {G: 2}}, market={R: 1})
    return with_bandits(s, 6)  # bandit 6: 2 bandits on (9,3) (10,3) (9,4)


@pytest.mark.rule("huang", "11.1e", "11.1f", "11.1g", "11.1h")
def test_connecting_a_kingdom_with_enough_red_defeats_the_bandits() -> None:
    s = _bandit_kingdom(reds=2)
    play(s, actions.PlaceTile(G), actions.TileTo(H(9, 5)))
    assert vp(s, 1, R) == 2 and sum(s.vp) == 2  # the red leader's owner gains N = 2
    assert s.board[H(10, 5)] == 0 and s.board[H(11, 5)] == 0  # N red tiles removed
    assert all(s.board[h] == 0 for h in BANDIT_SITES[6]) and s.bandits == []
    assert s.board[H(9, 5)] == TILE + G and s.marker == -1
    assert s.pending() == Rq.ChooseAction(0)  # no market pick for the connecting tile
    assert conserved(s)


@pytest.mark.rule("huang", "11.1g")
def test_the_placer_chooses_which_red_tiles_go() -> None:
    s = _bandit_kingdom(reds=3)
    play(s, actions.PlaceTile(G), actions.TileTo(H(9, 5)))
    assert isinstance(s.pending(), Rq.RemoveBanditLoss) and s.current_player() == 0
    assert s.legal_actions() == [actions.RemoveRedTile(H(10, 5)), actions.RemoveRedTile(H(11, 5)),
                                 actions.RemoveRedTile(H(12, 5))]
    s.apply(actions.RemoveRedTile(H(12, 5)))
    s.apply(actions.RemoveRedTile(H(11, 5)))
    assert s.board[H(10, 5)] == TILE + R and s.bandits == [] and s.bandit_fight is None
    assert s.labels[H(9, 5)] == s.labels[H(12, 4)] and conserved(s)  # U joins the kingdom


@pytest.mark.rule("huang", "11.1d", "11.1i")
def test_too_few_red_tiles_or_two_bandits_make_the_hex_illegal() -> None:
    s = _bandit_kingdom(reds=1)
    s.apply(actions.PlaceTile(G))
    assert actions.TileTo(H(9, 5)) not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(actions.TileTo(H(9, 5)))
    assert actions.TileTo(H(8, 4)) in s.legal_actions()  # next to the bandits, no leader: fine
    s = with_bandits(_bandit_kingdom(reds=3), 6, 7)  # (9,6) belongs to bandit 7
    s.apply(actions.PlaceTile(G))
    assert actions.TileTo(H(9, 5)) not in s.legal_actions()


@pytest.mark.rule("huang", "11.1c")
def test_no_leader_may_join_a_group_with_bandits() -> None:
    s = with_bandits(build(n=2, tiles={(8, 4): Y, (6, 5): Y}, hands={0: {R: 1}}), 6)
    targets = queries.leader_targets(s, 0 * 5 + G)
    assert H(7, 4) not in targets and H(8, 5) not in targets  # next to (8,4) + bandits
    assert H(5, 5) in targets and H(7, 5) not in targets  # (7,5) touches (8,4) too


@pytest.mark.rule("huang", "11.1b", "6.3c")
def test_peasant_revolt_cannot_remove_a_bandit_tile() -> None:
    s = with_bandits(build(n=2, tiles={(6, 5): Y}, hands={0: {B: 2}}), 6)
    s.leaders[B] = H(6, 4)
    s.board[H(6, 4)] = 10 + B
    refresh(s)
    play(s, actions.PeasantRevolt())
    assert s.legal_actions() == [actions.RemoveTile(H(6, 5))]
    with pytest.raises(IllegalActionError):
        s.apply(actions.RemoveTile(H(9, 4)))
