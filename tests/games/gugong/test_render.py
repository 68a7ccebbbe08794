"""Readable renders and rulebook words of Gugong (issue 21): golden files for fixed seeds
(start, middle, final god view and a seat's view; `UPDATE_GOLDEN=1` rewrites them), the
exact words of a few actions, hidden hands in a seat's view; heuristic in [0, 1]."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from engine.games.gugong import data
from engine.games.gugong.actions import (
    BuyJade,
    Exchange,
    MoveTo,
    NoActions,
    OptionB,
    PayTwo,
    Sacrifice,
    Skip,
    Trade,
)
from engine.games.gugong.data import SEEN_HAND
from engine.games.gugong.requests import ExchangeCost, GiftExchange, LocationAction, TravelMove
from tests.games.gugong.builder import build, card
from tests.golden import check_golden, random_states

GOLDEN = Path(__file__).parent / "golden"


CASES = {
    "2p_start": (2, 10, 0, None),
    "3p_middle": (3, 4, 0.5, None),
    "3p_middle_seat1": (3, 4, 0.5, 1),
    "5p_final": (5, 1, 1.0, None),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_render(name):
    n, seed, at, seat = CASES[name]
    states = random_states("gugong", n, seed)
    s = states[round(at * (len(states) - 1))]
    text = s.render(seat)
    check_golden(GOLDEN / f"{name}.txt", text)


def test_every_player_count_fits_80_columns():
    for n in range(2, 6):
        for s in random_states("gugong", n, 21)[::15]:
            for seat in (None, *range(n)):
                assert max(len(line) for line in s.render(seat).splitlines()) <= 80


def test_render_names_the_board_and_the_decision():
    s = engine.make("gugong", 3, 4)
    text = s.render()
    for word in ("Day 1/4", "Great Wall", "Grand Canal", "C01", "C20", "Red", "Pending:",
                 "gift exchange"):
        assert word in text
    s = build(2, hands={0: [card("G02"), card("G14")], 1: [card("G22")]})
    s.stack = [ExchangeCost(0, card("G02"), 1)]
    assert s.describe_pending() == (
        "Red: G02 (1, no action) is not higher than the card at Great Wall: pay 2, sacrifice "
        "a card, or exchange without actions")
    assert "Pending: Red: G02 (1, no action) is not higher" in s.render()


@pytest.mark.rule("gugong", "15a")
def test_a_seat_sees_its_own_hand_and_only_the_size_of_others():
    s = build(2, hands={0: [card("G02"), card("G14")], 1: [card("G22")]})
    mine, theirs = s.render(0), s.render(1)
    assert "  hand G02(1), G14(4)" in mine and "  hand 1 card(s)" in mine
    assert "  hand G22(6)" not in mine and "  hand 2 card(s)" in theirs
    assert "  hand G22(6)" in theirs
    # what everybody knows of a hidden hand (rules §15: here, the printed starting sets)
    known = [c for c in s.hands[1] if s.seen[c] == 1 * 3 + SEEN_HAND]
    for c in known:
        assert f"in hand {data.CARD_NAMES[c]}" in mine
    god = s.render()
    assert "hand G02(1), G14(4)" in god and "hand G22(6)" in god


def test_actions_read_in_rulebook_words():
    s = build(2, hands={0: [card("G02"), card("G14")], 1: [card("G22")]})
    g14, g02 = card("G14"), card("G02")
    s.stack = [GiftExchange(0)]
    jade_card = data.CARD_NAMES[s.board[data.JADE]]
    assert s.describe_action(Exchange(g14, data.JADE)).startswith(
        f"give G14 (4, +1 servant) at Jade for {jade_card} (")
    s.stack = [ExchangeCost(0, g02, 1)]
    assert s.describe_action(PayTwo(False)) == "pay 2 servants"
    assert s.describe_action(PayTwo(True)) == "pay 2 servants with the Foreman"
    assert s.describe_action(Sacrifice(g14)) == "sacrifice G14 (4, +1 servant) face down"
    assert s.describe_action(NoActions()) == "exchange without any action"
    assert s.describe_action(Trade(4, 1)) == (
        "exchange travel tokens worth 4 (2 token(s), 1 double(s)) for 2 VP")
    s.stack = [LocationAction(0, data.PALACE)]
    assert s.describe_action(OptionB(False)) == "Palace B: pay 2 for Envoy +2 and Intrigue +1"
    assert s.describe_action(Skip()) == "take no location action"
    s.stack = [LocationAction(0, data.JADE)]
    assert s.describe_action(BuyJade(data.MARKET, False)).startswith(
        "buy 1 jade from the market for ")
    s.stack = [TravelMove(0, 1)]
    s.cities[6] = data.T_VP2
    assert s.describe_action(MoveTo(6)) == "move the Traveller to C07 and take VP2 (2 VP)"


def test_final_breakdown_adds_up_and_names_every_part():
    final = random_states("gugong", 5, 3)[-1]  # Red alone entered the Palace
    parts = final.score_breakdown()
    assert [sum(v[p] for v in parts.values()) for p in range(5)] == final.scores()
    assert parts["Palace slot"] == final.palace_slot
    text = final.render()
    assert "Game over: Red wins." in text
    for part in (*parts, "total"):
        assert part in text
    nobody = random_states("gugong", 4, 2)[-1]
    assert "no Envoy entered the Palace, so every score is 0" in nobody.render()
    assert nobody.score_breakdown()["Envoy outside the Palace"] == [-v for v in nobody.vp]


def test_heuristic_stays_in_unit_interval():
    for n in (2, 5):
        s = engine.make("gugong", n, 9)
        r = random.Random(9)
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
            assert all(0.0 <= s.heuristic(p) <= 1.0 for p in range(n))
        assert all(0.0 <= s.heuristic(p) <= 1.0 for p in range(n))
