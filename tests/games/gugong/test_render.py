"""render(): names, coordinates and the pending decision in words; heuristic in [0, 1]."""

from __future__ import annotations

import random

import engine
from engine.games.gugong.state import ExchangeCost
from tests.games.gugong.builder import build, card


def test_render_names_the_board_and_the_decision():
    s = engine.make("gugong", 3, 4)
    text = s.render()
    for word in ("Day 1/4", "Great Wall", "Grand Canal", "C01", "C20", "Red (seat 0)",
                 "Pending:", "gift exchange"):
        assert word in text
    s = build(2, hands={0: [card("G02"), card("G14")], 1: [card("G22")]})
    s.stack = [ExchangeCost(0, card("G02"), 1)]
    assert "sacrifice a card" in s.render() and "G02[1]" in s.render()


def test_heuristic_stays_in_unit_interval():
    for n in (2, 5):
        s = engine.make("gugong", n, 9)
        r = random.Random(9)
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
            assert all(0.0 <= s.heuristic(p) <= 1.0 for p in range(n))
        assert all(0.0 <= s.heuristic(p) <= 1.0 for p in range(n))
