"""Render, heuristic and action space of the Huang engine."""

from __future__ import annotations

import random

import pytest

import engine
from engine.games.huang import actions
from engine.games.huang.actions import action_space
from engine.games.huang.data import RED, WHITE, YELLOW
from engine.games.huang.state import HuangState
from tests.games.huang.test_scenarios import build


def test_render_shows_board_players_and_pending_decision() -> None:
    s = engine.make("huang", 3, 2)
    text = s.render()
    assert sum(f"\n{r:>3} " in text for r in range(1, 12)) == 11 and "Rat (seat 2)" in text
    assert "Y" in text and "Bag: " in text and "choose action 1 of 2" in text


def test_heuristic_is_in_range_and_prefers_the_leader() -> None:
    s = build(n=2, vp={0: {YELLOW: 5, RED: 5, 2: 5, 3: 5}, 1: {YELLOW: 1, WHITE: 2}})
    h0, h1 = s.heuristic(0), s.heuristic(1)
    assert 0.0 <= h1 < 0.5 < h0 <= 1.0
    g = engine.make("huang", 2, 3)
    rng = random.Random(3)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    values = [g.heuristic(p) for p in range(2)]
    assert sorted(values) in ([0.0, 1.0], [0.5, 0.5])


def test_action_space_is_fixed_and_shared() -> None:
    a, b = action_space(2, {}), action_space(4, {"bandits": True})
    assert a.actions == b.actions and a.size > 1000
    assert a.id_of(actions.Pass()) == a.size - 3  # the palace refill choices came later (§11.3)
    assert a.id_of(actions.RefillTo(7)) == a.size - 1
    s = engine.make("huang", 2, 0)
    assert isinstance(s, HuangState)
    assert s.action_from_id(s.action_id(actions.PlaceTile(RED))) == actions.PlaceTile(RED)


@pytest.mark.rule("huang", "11.4")
def test_five_players_use_the_dragon_dynasty() -> None:
    """§11.4: a 5th player with identical rules; 36 tiles dealt at setup."""
    s = engine.make("huang", 5, 1)
    assert isinstance(s, HuangState)
    assert sum(s.hands) + sum(s.market) == 36 and sum(s.bag) == 131 - 36
    assert len(s.leaders) == 25
