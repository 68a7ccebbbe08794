"""Readable renders and rulebook words of Rotunda (issue 21): golden files for fixed seeds
(start, middle, final god view and a seat's view; `UPDATE_GOLDEN=1` rewrites them) and the
exact words of a few actions."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from engine.games.rotunda import data
from engine.games.rotunda.actions import EndCell, Execute, Fulfil, Peddler, Skip, SkipExpert
from engine.games.rotunda.requests import (
    ChainEnd,
    ExpertStep,
    Grant,
    MoveStep,
    OrdersStep,
    RoomTurn,
)
from tests.golden import check_golden, random_states

GOLDEN = Path(__file__).parent / "golden"


CASES = {
    "3p_start": (3, 4, {}, 0, None),
    "2p_middle_neutral": (2, 6, {"neutral_actions": True, "lodge_variant": True}, 0.5, None),
    "4p_middle_seat2": (4, 8, {"advanced_experts": True}, 0.5, 2),
    "5p_final": (5, 9, {}, 1.0, None),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_render(name):
    n, seed, preset, at, seat = CASES[name]
    states = random_states("rotunda", n, seed, **preset)
    s = states[round(at * (len(states) - 1))]
    text = s.render(seat)
    check_golden(GOLDEN / f"{name}.txt", text)


def test_every_player_count_fits_80_columns():
    for n in range(2, 6):
        for s in random_states("rotunda", n, 12, advanced_experts=True)[::40]:
            for seat in (None, *range(n)):
                assert max(len(line) for line in s.render(seat).splitlines()) <= 80


def test_actions_read_in_rulebook_words():
    s = engine.make("rotunda", 3, 4)
    first = data.COLOURS[s.current_player()].capitalize()
    assert s.describe_pending() == f"{first}: move one of your leaders clockwise"
    s.stack = [MoveStep(0)]
    words = [s.describe_action(a) for a in s.legal_actions()]
    assert f"move your leader from the Ancestral Lodge to I1 {data.ROOM_NAMES[s.rooms[1]]}" in words
    market = s.rooms.index(data.MARKET)
    s.stack = [RoomTurn(0, market, 0, 0, 0)]
    assert s.describe_pending() == f"Black: take the action of I{market} Market, or not"
    assert s.describe_action(Execute(4, 0)) == "Market: sell Celadon"
    assert s.describe_action(Execute(5, 1)) == (
        "Market: sell Gold as Celadon (extra, young chair Assistant)")
    # each option is worded by the request it answers (one `RULES.words` per request)
    s.stack = [OrdersStep(0)]
    assert s.describe_action(Fulfil(6, 0, 1, 0)) == (
        "fulfil O07 (2 Fruit + 1 Celadon: 4 VP), Gold for 1 Fruit")
    s.stack = [ChainEnd(0, 3)]
    assert s.describe_action(EndCell(9)) == "end the chain on worship B3 (4 VP)"
    s.peddler = 1
    s.stack = [Grant(0, data.PEDDLER, True)]
    assert s.describe_action(Peddler(2, 0)) == (
        "Peddler: pay 2 coin(s) to move the Peddler to V4, place an Assistant there")
    assert s.describe_action(Peddler(0, 0)) == "Peddler: place an Assistant in V2"
    assert s.describe_action(Skip()) == "skip"
    s.stack = [ExpertStep(0)]
    assert s.describe_action(SkipExpert()) == "activate no Expert"


def test_final_render_shows_every_score_part():
    final = random_states("rotunda", 3, 4, advanced_experts=True)[-1]
    parts = final.score_breakdown()
    assert list(parts) == ["track VP", "amulets", "orders", "family", "assistants", "coins",
                           "experts"]
    assert [sum(v[p] for v in parts.values()) for p in range(3)] == final.scores()
    text = final.render()
    assert "Game over: " in text
    for part in (*parts, "total"):
        assert part in text
