"""Readable renders and rulebook words of Dragon Castle (issue 21): golden files for fixed
seeds (start, middle, final god view and a seat's view; `UPDATE_GOLDEN=1` rewrites them)
and the exact words of a few actions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from engine.games.dragon_castle.actions import (
    DISCARD,
    STONE_AND_SHRINE,
    SUMMON,
    Pair,
    Place,
    StoneAndShrine,
)
from engine.games.dragon_castle.data import (
    IDENTITIES,
    REALM_CELLS,
    REALM_NB,
    REALM_SIZE,
    TYPE_OF,
    TYPES,
)
from engine.games.dragon_castle.requests import FinishAction, PlaceTaken
from tests.golden import check_golden, random_states

GOLDEN = Path(__file__).parent / "golden"


def _playout(n: int, seed: int, preset: dict) -> list:
    """The states of one seeded playout by a one-ply greedy player (score after the
    action, plus a bonus for pairs, shrines taken and same-type neighbours of a placed
    stone; ties at random), so that sets merge and shrines stand in later positions."""
    s = engine.make("dragon_castle", n, seed, **preset)
    r = random.Random(seed)
    out = [s.clone()]
    while not s.is_terminal():
        seat = s.current_player()
        best, best_key = None, None
        for a in s.legal_actions():
            t = s.clone()
            t.apply(a)
            gain = t.scores()[seat] + 2 * _neighbours(t, seat, a) + BONUS.get(type(a), 0)
            key = (gain, r.random())
            if best_key is None or key > best_key:
                best, best_key = a, key
        s.apply(best)
        out.append(s.clone())
    return out


BONUS = {Pair: 3, StoneAndShrine: 1.5}


def _neighbours(s, seat: int, a) -> int:
    """Face-up stones of the same type next to the stone `a` placed."""
    if type(a) is not Place:
        return 0
    base, cell = seat * REALM_CELLS, a.r * REALM_SIZE + a.c
    kind = TYPE_OF[s.top[base + cell]]
    return sum(1 for nb in REALM_NB[cell] if s.height[base + nb] and s.up[base + nb]
               and TYPE_OF[s.top[base + nb]] == kind)


CASES = {
    "2p_start": (2, 3, {}, 0, None),
    "3p_middle_cards": (3, 5, {"dragon_card": True, "spirit_card": True}, 0.5, None),
    "3p_middle_seat1": (3, 5, {"dragon_card": True, "spirit_card": True}, 0.5, 1),
    "4p_final": (4, 7, {"dragons": "Power+Harmony"}, 1.0, None),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_render(name):
    n, seed, preset, at, seat = CASES[name]
    states = _playout(n, seed, preset)
    s = states[round(at * (len(states) - 1))]
    text = s.render(seat)
    check_golden(GOLDEN / f"{name}.txt", text)


def test_every_player_count_fits_80_columns():
    for n in (2, 3, 4):
        states = random_states("dragon_castle", n, 11, dragon_cards=2, spirit_cards=2)
        for s in states[::25]:
            for seat in (None, *range(n)):
                assert max(len(line) for line in s.render(seat).splitlines()) <= 80


def _stone(kind: str, symbol: str) -> int:
    return IDENTITIES.index((TYPES.index(kind), symbol))


def test_actions_read_in_rulebook_words():
    s = engine.make("dragon_castle", 2, 3)
    take = s.legal_actions()[0]
    x, y = take.x, take.y
    level = max(s.castle_h)
    word = s.describe_action(take)
    assert word.startswith("take ") and word.endswith(
        f" at castle {'ABCDEFGHIJKL'[x]}{y + 1} (level {level})")
    soldier3 = _stone("soldier", "3")
    s.stack = [FinishAction(0, soldier3)]
    assert s.describe_pending() == (
        "Seat 0 took Soldier 3: take a pair, or Stone and shrine, or discard it for 1 VP")
    assert s.describe_action(DISCARD) == "discard Soldier 3 for 1 VP"
    assert s.describe_action(STONE_AND_SHRINE) == (
        "Stone and shrine: move 1 shrine from the supply to your pool")
    assert s.describe_action(Pair(3, 1)).startswith("pair: also take ")
    s.stack = [PlaceTaken(1, _stone("season", "spring"))]
    assert s.describe_pending() == "Seat 1: place Season spring in your realm"
    assert s.describe_action(Place(3, 2)) == "place Season spring at realm C4"
    s.stack = [PlaceTaken(1, _stone("season", "summer"))]
    assert s.describe_action(Place(0, 0)) == "place Season summer at realm A1"


def test_summon_and_final_breakdown_words():
    states = _playout(2, 3, {"dragons": "Valor"})
    final = states[-1]
    text = final.render()
    assert "Game over:" in text
    for part in ("VP tokens", "built shrines", "countdown tokens", "dragon Valor", "total"):
        assert part in text
    assert sum(final.score_breakdown()["VP tokens"]) == sum(final.vp)
    for s in states:
        if not s.is_terminal() and SUMMON in s.legal_actions():
            assert s.describe_action(SUMMON) == (
                "summon the dragon: take the rightmost countdown token")
            break
    else:
        pytest.fail("nobody could summon the dragon in this playout")


def test_a_tie_shows_the_tie_breaks():
    final = random_states("dragon_castle", 2, 6)[-1]
    assert final.scores()[0] == final.scores()[1]
    assert ("Ties (rules §7): most face-down stacks, then most built shrines: Seat 0 "
            f"{final.tiebreak(0)[0]}/{final.tiebreak(0)[1]}") in final.render()
