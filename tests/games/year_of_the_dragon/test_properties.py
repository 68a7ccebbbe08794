"""Invariants over random playouts (hypothesis chooses seeds, player counts, options)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.games.year_of_the_dragon import data
from engine.games.year_of_the_dragon.board import persons
from engine.games.year_of_the_dragon.data import ST_GREAT_EVENT
from engine.protocol import IllegalActionError

GAME = "year_of_the_dragon"


def _check(s, prev, total_tiles: int) -> None:  # noqa: ANN001
    n = s.num_players
    placed = sum(persons(s, p) for p in range(n))
    # tiles never come back: supply + placed never exceeds the initial total
    assert all(x >= 0 for x in s.supply)
    assert sum(s.supply) + placed <= total_tiles
    for p in range(n):
        quaking = s.step == ST_GREAT_EVENT and s.great_event == data.EARTHQUAKE
        for pal in s.palaces[p]:
            assert 1 <= pal[0] <= data.MAX_FLOORS
            assert len(pal) - 1 <= pal[0] or quaking, "over-full only during an Earthquake"
            assert all(data.TILE_EXISTS[t] for t in pal[1:])
        assert s.yuan[p] >= 0 and s.rice[p] >= 0 and s.fireworks[p] >= 0
        assert all(k >= 0 for k in s.hands[p])
    if prev is not None:
        for p in range(n):
            if s.great_event != data.VOLCANIC_ERUPTION:
                assert s.track[p] >= prev.track[p], "person-track markers never move back"
            assert s.vp[p] >= prev.vp[p], "no rule takes VP away"
            assert sum(s.hands[p]) <= sum(prev.hands[p])
        assert all(a <= b for a, b in zip(s.supply, prev.supply, strict=True))
    stamps = [s.track_stamp[p] for p in range(n) if s.round > 0]
    assert len(set(stamps)) == len(stamps), "stack order is total after the draft"


@settings(max_examples=16, deadline=None, database=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(2, 5), st.booleans(), st.booleans())
def test_random_playout_invariants(seed: int, n: int, wall: bool, great: bool) -> None:
    s = engine.make(GAME, n, seed, great_wall=wall, great_events=great)
    total = sum(s.supply)
    pick = random.Random(seed)
    prev = None
    steps = 0
    while not s.is_terminal():
        _check(s, prev, total)
        prev = s.clone()
        s.apply(pick.choice(s.legal_actions()))
        steps += 1
    _check(s, prev, total)
    assert s.round == data.ROUNDS
    assert sum(sum(h) for h in s.hands) == 0  # 11 cards played (or blown away) by round 11
    if wall:
        assert len(s.wall) <= data.WALL_LENGTH


@settings(max_examples=6, deadline=None, database=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(2, 5))
def test_validation_agrees_with_legal_actions(seed: int, n: int) -> None:
    """apply() accepts exactly the listed legal actions (checked on every action id)."""
    s = engine.make(GAME, n, seed, great_wall=bool(seed % 2), great_events=bool(seed % 3))
    space = s.action_space()
    pick = random.Random(seed)
    k = 0
    while not s.is_terminal():
        if k % 17 == 0:
            legal = set(s.legal_actions())
            for a in space.actions:
                assert s.is_legal(a) == (a in legal)
            before = s.to_bytes()
            bad = next(a for a in space.actions if a not in legal)
            try:
                s.apply(bad)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{bad!r} was accepted")
            assert s.to_bytes() == before
        s.apply(pick.choice(s.legal_actions()))
        k += 1


@settings(max_examples=6, deadline=None, database=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(2, 5))
def test_clone_equals_msgpack_round_trip_and_sample_state(seed: int, n: int) -> None:
    s = engine.make(GAME, n, seed, great_events=True, great_wall=bool(seed % 2))
    pick = random.Random(seed)
    while not s.is_terminal():
        c = s.clone()
        assert c.to_bytes() == s.to_bytes() == type(s).from_bytes(s.to_bytes()).to_bytes()
        p = s.current_player()
        obs = s.observation(p)
        sample = engine.sample_state(obs, seed)
        assert sample.observation(p) == obs
        a = pick.choice(s.legal_actions())
        sample.apply(a)
        s.apply(a)
        c.apply(a)
        assert c.to_bytes() == s.to_bytes()
