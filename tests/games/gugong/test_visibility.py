"""Hidden information (rules §15): hands and own discard piles are private; what the others
saw (the starting sets, cards taken from the board) stays known; a sacrificed card is seen
to go face down but not which one."""

from __future__ import annotations

import random

import pytest

import engine
from engine.games.gugong import data
from engine.games.gugong.actions import Exchange, Sacrifice
from engine.games.gugong.data import SEEN_DISCARD, SEEN_EITHER, SEEN_HAND
from engine.games.gugong.effects import seen_cards
from engine.games.gugong.requests import GiftExchange
from tests.games.gugong.builder import build, card


def sacrifice_position():
    two, three, five, eight = card("G08"), card("G13"), card("G21"), card("G31")
    s = build(2, hands={0: [two, three, five], 1: [card("G02"), card("G14")]},
              board={data.JADE: eight})
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(three, data.JADE))
    s.apply(Sacrifice(two))
    return s, two, five, eight


@pytest.mark.rule("gugong", "15a", "4.2.1d")
def test_sacrifice_hides_which_card():
    s, two, five, eight = sacrifice_position()
    assert seen_cards(s.seen, 0, SEEN_DISCARD) == [eight]
    assert seen_cards(s.seen, 0, SEEN_EITHER) == sorted([two, five])
    assert seen_cards(s.seen, 0, SEEN_HAND) == []
    twin = s.clone()  # the same position had he sacrificed the 5 instead
    twin.hands[0] = [two]
    twin.discards[0] = [eight, five]
    assert twin.observation(1) == s.observation(1)
    assert twin.observation(0) != s.observation(0)


@pytest.mark.rule("gugong", "15a")
def test_samples_keep_what_was_seen_and_vary_the_rest():
    s, two, five, eight = sacrifice_position()
    obs = s.observation(1)
    parts = set()
    for k in range(20):
        t = engine.sample_state(obs, k)
        assert eight in t.discards[0] and len(t.discards[0]) == 2
        assert sorted(t.hands[0] + t.discards[0]) == sorted([two, five, eight])
        parts.add(tuple(t.hands[0]))
    assert parts == {(two,), (five,)}


@pytest.mark.rule("gugong", "15a")
def test_seen_lists_stay_true_in_random_games():
    for n in (2, 5):
        for seed in range(6):
            s = engine.make("gugong", n, seed)
            r = random.Random(seed)
            while not s.is_terminal():
                s.apply(r.choice(s.legal_actions()))
                for p in range(n):
                    h, d = s.hands[p], s.discards[p]
                    assert all(c in h for c in seen_cards(s.seen, p, SEEN_HAND))
                    assert all(c in d for c in seen_cards(s.seen, p, SEEN_DISCARD))
                    assert all(c in h or c in d for c in seen_cards(s.seen, p, SEEN_EITHER))
                held = [c for p in range(n) for c in s.hands[p] + s.discards[p]]
                assert len(held) + len(s.board) + len(s.draw_pile) <= data.NUM_CARDS


def test_fast_checks_agree_with_option_lists():
    from engine.games.gugong.canal import can_place, place_options

    for seed in range(4):
        s = engine.make("gugong", 4, seed)
        r = random.Random(seed)
        while not s.is_terminal():
            for p in range(4):
                for sup in (False, True):
                    assert can_place(s, p, sup) == bool(place_options(s, p, sup))
            s.apply(r.choice(s.legal_actions()))
