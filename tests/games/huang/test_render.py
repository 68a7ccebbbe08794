"""Readable renders and actions in rulebook words (issue 21): golden files for fixed seeds
(regenerate with UPDATE_GOLDEN=1 and read the diff), concrete words of actions, coordinates,
hidden hands, 80 columns."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from engine.games.huang import actions
from engine.games.huang import requests as Rq
from engine.games.huang.data import BLUE, GREEN, RED, WHITE, YELLOW
from engine.games.huang.words import hex_name
from tests.games.huang.test_scenarios import H, build, play
from tests.golden import check_golden

Y, R, B, G, W = YELLOW, RED, BLUE, GREEN, WHITE
GOLDEN = Path(__file__).parent / "golden"
MODULES = {"bandits": True, "imperial_palace": True}


def _play(n: int, seed: int, steps: int | None, **options):
    """A random game from a fixed seed, `steps` decisions in (None: to the end)."""
    s = engine.make("huang", n, seed, **options)
    pick = random.Random(seed)
    k = 0
    while not s.is_terminal() and (steps is None or k < steps):
        s.apply(pick.choice(s.legal_actions()))
        k += 1
    return s


def _until(n: int, seed: int, conflict: str, **options):
    """The first position of a random game from a fixed seed with a `conflict` running."""
    s = engine.make("huang", n, seed, **options)
    pick = random.Random(seed)
    while getattr(s, conflict) is None:
        s.apply(pick.choice(s.legal_actions()))
    return s


CASES = {
    "start_3p": lambda: _play(3, 11, 0).render(),
    "middle_4p_bandits_palace": lambda: _play(4, 12, 250, **MODULES).render(),
    "middle_4p_bandits_palace_seat1": lambda: _play(4, 12, 250, **MODULES).render(1),
    "final_5p_eighteen": lambda: _play(5, 13, None, eighteen_kingdoms=True).render(),
    "final_2p_short": lambda: _play(2, 14, None, short_game=True).render(),
    "war_3p_seat2": lambda: _until(3, 0, "war", **MODULES).render(2),
    "revolt_3p": lambda: _until(3, 0, "revolt", **MODULES).render(),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_renders(name):
    text = CASES[name]()
    check_golden(GOLDEN / f"{name}.txt", text + "\n")


def test_every_render_fits_80_columns_and_ends_with_the_decision():
    for n, options in ((2, {}), (5, {"eighteen_kingdoms": True, "imperial_palace": True})):
        s = engine.make("huang", n, 5, **options)
        pick = random.Random(5)
        while not s.is_terminal():
            for seat in (None, 0):
                text = s.render(seat)
                assert max(len(line) for line in text.splitlines()) <= 80, text
                assert " ".join(text.split()).endswith(s.describe_pending())
            s.apply(pick.choice(s.legal_actions()))
        assert "Score breakdown" in s.render()


def test_coordinates_name_column_letter_and_row_number():
    assert hex_name(0) == "A1" and hex_name(14) == "O1" and hex_name(164) == "O11"
    assert hex_name(H(5, 5)) == "H6"  # axial (5, 5): picture column 5 + 5 // 2 = 7 (H)
    text = engine.make("huang", 2, 1).render()
    assert "    A   B   C" in text and "\n 11 " in text


def test_a_seat_sees_its_hand_and_only_the_size_of_the_others():
    s = build(n=2, hands={0: {R: 2, B: 1}, 1: {G: 3}})
    s.stack = [Rq.ChooseAction(0)]
    god, mine = s.render(), s.render(0)
    assert "hand 3: 2 red, 1 blue" in mine and "hand 3 tiles (hidden)" in mine
    assert "3 green" in god and "3 green" not in mine.split("Rabbit (seat 1)")[1]
    assert "Bag: " in mine and "Bag: " in god


def test_tile_words_give_the_hex_and_what_it_does():
    s = build(n=2, tiles={(6, 5): Y}, leaders={(0, R): (7, 5)}, hands={0: {R: 1, W: 1}})
    s.stack = [Rq.ChooseAction(0)]
    assert s.describe_pending() == "Tiger (seat 0): choose action 1 of 2 (§5 A-E)"
    assert s.describe_action(actions.PlaceTile(R)) == "place a tile: a red tile from your hand"
    s.apply(actions.PlaceTile(R))
    assert s.describe_pending() == "Tiger (seat 0): where does the red tile go?"
    assert (s.describe_action(actions.TileTo(H(5, 5)))
            == "place the red tile at H6: 1 red VP to Tiger")
    assert (s.describe_action(actions.TileTo(H(0, 0)))
            == "place the red tile at A1, in no kingdom: no VP")


def test_a_tile_joining_two_kingdoms_with_one_colour_reads_as_a_war():
    s = build(n=2, tiles={(6, 5): Y, (8, 5): Y},
              leaders={(0, R): (6, 4), (1, R): (8, 4)}, hands={0: {G: 1}})
    play(s, actions.PlaceTile(G))
    assert s.describe_action(actions.TileTo(H(7, 5))) == (
        "place the green tile at J6, war between 2 kingdoms")


def test_leader_words_name_the_leader_and_the_revolt():
    s = build(n=2, tiles={(6, 5): Y}, leaders={(1, G): (7, 5), (0, B): (7, 4)},
              hands={0: {R: 1}})
    s.stack = [Rq.ChooseAction(0)]
    assert s.describe_action(actions.PositionLeader(G)) == (
        "position a leader: the Trader (green), now off the board")
    assert s.describe_action(actions.PositionLeader(B)) == (
        "position a leader: the Farmer (blue), now at J5")
    s.apply(actions.PositionLeader(G))
    assert s.describe_pending() == "Tiger (seat 0): where does the Trader (green) go?"
    assert s.describe_action(actions.LeaderTo(H(5, 5))) == (
        "place the Trader (green) at H6: revolt against the Rabbit Trader (green)")
    s = build(n=2, tiles={(6, 5): Y}, leaders={(0, B): (7, 5)})
    s.stack = [Rq.ChooseLeaderHex(0, B)]
    assert s.describe_action(actions.Withdraw()) == (
        "withdraw the Farmer (blue) from J6 in front of your screen")
    assert s.describe_action(actions.LeaderTo(H(5, 5))) == (
        "move the Farmer (blue) from J6 to H6, founding a kingdom")


def test_buildings_and_conflict_commits_read_in_words():
    s = build(n=2, tiles={(6, 5): G, (7, 4): G, (7, 5): G}, hands={0: {G: 1}})
    s.stack = [Rq.ChooseBuilding(0, H(7, 5))]
    words = [s.describe_action(a) for a in s.legal_actions()]
    assert words[-1] == "build nothing"
    assert words[0].startswith("build the green pagoda (Market) on ")
    assert words[0].endswith("(from the supply)")
    s.stack = [Rq.ChooseDiscard(0, 2)]
    assert s.describe_action(actions.DiscardTile(G)) == "discard a green tile face down"
    assert s.describe_action(actions.Pass()) == "stop discarding: draw 2 tiles"
    s.stack = [Rq.ChooseRefill(0, 0)]
    assert s.describe_action(actions.RefillTo(7)) == "refill your hand to 7 tiles"


def test_breakdown_shows_colours_white_and_the_lowest():
    s = build(n=2, vp={0: {Y: 3, R: 5, B: 2, G: 4, W: 3}, 1: {Y: 1, R: 1, B: 1, G: 1}})
    s.over = True
    parts = s.score_breakdown()
    assert parts == {"yellow VP": [3, 1], "red VP": [5, 1], "blue VP": [2, 1],
                     "green VP": [4, 1], "white VP (wild)": [3, 0], "total": [4, 1]}
    text = s.render()
    assert "Ranking (sorted colours after white): 1. Tiger [4, 4, 4, 5]" in text
    assert "white VP (wild)" in text and "total" in text
