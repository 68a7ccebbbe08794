"""Eighteen Kingdoms module (§11.2, option `eighteen_kingdoms`)."""

from __future__ import annotations

import pytest

import engine
from engine.games.huang import actions
from engine.games.huang import requests as Rq
from engine.games.huang.board import refresh
from engine.games.huang.data import BLUE, MAPS, RED, TILE, TILE_COUNTS, TRIANGLES, YELLOW
from engine.games.huang.state import HuangState
from tests.games.huang.test_scenarios import H, build, conserved, play

Y, R, B = YELLOW, RED, BLUE


def eighteen(**kw: object) -> HuangState:
    s = build(**kw)  # type: ignore[arg-type]
    s.side = 1
    s.granaries_held = [0] * s.num_players
    return s


@pytest.mark.rule("huang", "3.1", "3.2a", "11.2a")
def test_setup_uses_the_other_side_with_19_capitals_and_granaries() -> None:
    s = engine.make("huang", 3, 4, eighteen_kingdoms=True)
    assert isinstance(s, HuangState)
    caps = MAPS[1].capitals
    assert len(caps) == 19 and s.granaries == list(caps)
    assert all(s.board[h] == TILE + Y for h in caps)
    assert sum(s.bag) + sum(s.hands) + sum(s.market) == sum(TILE_COUNTS) - 19 == 119
    assert conserved(s)


@pytest.mark.rule("huang", "11.2b")
def test_no_blue_pagoda_fits_the_single_width_rivers() -> None:
    assert not any(all(MAPS[1].is_river[h] for h in t) for t in TRIANGLES)
    s = eighteen(n=2, hands={0: {B: 1}})
    s.apply(actions.PlaceTile(B))
    assert {a.hex for a in s.legal_actions()} == set(MAPS[1].river)  # type: ignore[attr-defined]


def _granary_kingdom(**kw: object) -> HuangState:
    s = eighteen(n=2, tiles={(6, 4): Y, (7, 4): R, (8, 4): R, (8, 5): Y},
                 leaders={(0, B): (7, 5)}, **kw)
    s.granaries = sorted([H(6, 4), H(8, 5), H(1, 0)])
    return s


@pytest.mark.rule("huang", "10.1", "11.2d", "11.2e")
def test_granaries_are_collected_at_the_end_of_the_turn() -> None:
    s = _granary_kingdom(hands={0: {R: 6}})
    s.actions_left = 1
    play(s, actions.PlaceTile(R), actions.TileTo(H(12, 5)))
    assert isinstance(s.pending(), Rq.ChooseGranary) and s.current_player() == 0
    assert s.legal_actions() == [actions.KeepGranary(H(6, 4)), actions.KeepGranary(H(8, 5)),
                                 actions.Pass()]
    s.apply(actions.KeepGranary(H(8, 5)))
    assert s.granaries == sorted([H(8, 5), H(1, 0)]) and s.granaries_held == [1, 0]
    assert s.active == 1 and sum(s.hands[:5]) == 6
    s.vp[:4] = [3, 3, 1, 3]
    assert s.final_vector(0) == [3, 3, 3, 3]  # +2 blue per granary


@pytest.mark.rule("huang", "11.2d")
def test_declining_keeps_the_granaries_on_the_board() -> None:
    s = _granary_kingdom(hands={0: {R: 6}})
    s.actions_left = 1
    play(s, actions.PlaceTile(R), actions.TileTo(H(12, 5)), actions.Pass())
    assert len(s.granaries) == 3 and s.granaries_held == [0, 0] and s.active == 1


@pytest.mark.rule("huang", "11.2c")
def test_granary_stays_on_an_emptied_hex_and_joins_a_later_piece() -> None:
    s = _granary_kingdom(hands={0: {B: 2, Y: 1}})
    s.leaders[B] = -1
    s.board[H(7, 5)] = 0
    refresh(s)
    play(s, actions.PeasantRevolt(), actions.UseLeader(False), actions.RemoveTile(H(6, 4)))
    assert H(6, 4) in s.granaries and s.board[H(6, 4)] == 0
    play(s, actions.PlaceTile(Y), actions.TileTo(H(6, 4)))
    assert s.labels[H(6, 4)] == s.labels[H(8, 5)]


def test_random_games_with_both_modules_end() -> None:
    import random

    for seed in range(3):
        s = engine.make("huang", 4, seed, eighteen_kingdoms=True, imperial_palace=True)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        assert conserved(s)  # type: ignore[arg-type]
