"""Observation leaks, sample_state, render, heuristic and the action space."""

from __future__ import annotations

import random

import pytest

import engine
from engine.common.rng import Rng
from engine.games.year_of_the_dragon import data, new_state
from engine.games.year_of_the_dragon.data import ST_OVER

GAME = "year_of_the_dragon"


def _midgame(n: int = 4, seed: int = 3, steps: int = 120, **opts: bool):  # noqa: ANN202
    s = engine.make(GAME, n, seed, **opts)
    pick = random.Random(seed)
    for _ in range(steps):
        s.apply(pick.choice(s.legal_actions()))
    return s


@pytest.mark.rule("year_of_the_dragon", "11a")
def test_states_differing_only_in_the_generator_look_the_same():
    """The future deals (the generator) are the only hidden zone (D11)."""
    s = _midgame()
    t = s.clone()
    t.rng = Rng(12345)
    for p in range(s.num_players):
        assert s.observation(p) == t.observation(p)
    assert s.to_bytes() != t.to_bytes()


@pytest.mark.rule("year_of_the_dragon", "11a")
def test_observation_shows_public_zones_and_hands():
    s = _midgame(great_wall=True, great_events=True)
    obs = s.observation(1)
    assert obs.hands == s.hands and obs.palaces == s.palaces and obs.events == s.events
    assert obs.great_event == s.great_event and obs.wall == s.wall
    assert not hasattr(obs, "rng")


@pytest.mark.rule("year_of_the_dragon", "11b")
def test_sample_state_changes_only_future_chance():
    s = _midgame()
    obs = s.observation(0)
    a, b = engine.sample_state(obs, 1), engine.sample_state(obs, 2)
    assert a.observation(0) == b.observation(0) == obs
    assert a.rng != b.rng != s.rng
    # the same decisions from here lead to different deals in the next round
    deals = set()
    for x in (a, b, s):
        y = x.clone()
        r = random.Random(0)
        while y.round == s.round and not y.is_terminal():
            y.apply(r.choice(y.legal_actions()))
        deals.add(tuple(y.card_group))
    assert len(deals) > 1  # different futures


def test_render_shows_the_table():
    s = _midgame(great_wall=True, great_events=True, steps=60)
    text = s.render()
    assert "round" in text and "supply" in text and "turn order" in text
    assert f"seat {s.current_player()}" in text.splitlines()[-1]
    assert data.GREAT_EVENT_NAMES[s.great_event] in text
    s = _midgame(steps=0)
    pick = random.Random(1)
    while not s.is_terminal():
        s.apply(pick.choice(s.legal_actions()))
    assert "game over" in s.render()


def test_heuristic_is_in_unit_interval_and_exact_at_the_end():
    s = _midgame(n=3, steps=0)
    pick = random.Random(4)
    while not s.is_terminal():
        for p in range(3):
            assert 0.0 <= s.heuristic(p) <= 1.0
        s.apply(pick.choice(s.legal_actions()))
    assert s.step == ST_OVER
    ranking = s.ranking()
    assert [s.heuristic(p) for p in range(3)] == [1.0 - r / 2 for r in ranking]
    assert sorted(ranking) == [0, 1, 2]  # rules §6: tie-breaks make the ranking total


def test_action_space_covers_all_options_and_ids_round_trip():
    for opts in ({}, {"great_wall": True, "great_events": True}):
        s = new_state(5, 0, opts)
        space = s.action_space()
        assert space is s.action_space()  # cached
        for a in space.actions[:50]:
            assert s.action_from_id(s.action_id(a)) == a
    base = new_state(2, 0, {}).num_distinct_actions()
    full = new_state(2, 0, {"great_wall": True, "great_events": True}).num_distinct_actions()
    assert full == base + 1 + 6 + data.MAX_PALACES + 3 + 10 + 9
