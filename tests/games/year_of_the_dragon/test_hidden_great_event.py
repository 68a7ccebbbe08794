"""Option hidden_great_event (rules §3.3, seed 000)."""

from __future__ import annotations

import random

import pytest

import engine
from engine.games.year_of_the_dragon import data
from engine.protocol import InvalidConfigError


@pytest.mark.rule("year_of_the_dragon", "3.3b")
def test_great_event_face_down_until_round_7():
    """Seed 000: "Żetony wielkich wydarzeń należy zakryć i potasować. Następnie należy
    wylosować jeden z nich i umieścić go na wierzchu siódmego kafelka wydarzenia" - the text
    never turns it up before its round. With the option it stays hidden until
    round 7: observations show -1 and samples redraw it."""
    s = engine.make("year_of_the_dragon", 3, 5, great_events=True, hidden_great_event=True)
    rng = random.Random(1)
    seen_before = set()
    while s.round < data.GREAT_EVENT_ROUND:
        assert s.great_event == -1 and s.observation(0).great_event == -1
        s.apply(rng.choice(s.legal_actions()))
    assert 0 <= s.great_event < data.NUM_GREAT_EVENTS  # turned up as round 7 starts
    assert s.observation(1).great_event == s.great_event
    # before round 7 the future tile is resampled with the generator
    t = engine.make("year_of_the_dragon", 3, 5, great_events=True, hidden_great_event=True)
    for k in range(30):
        u = engine.sample_state(t.observation(0), k)
        while u.round < data.GREAT_EVENT_ROUND:
            u.apply(random.Random(k).choice(u.legal_actions()))
        seen_before.add(u.great_event)
    assert len(seen_before) > 1


@pytest.mark.rule("year_of_the_dragon", "3.3a", "3.3b")
def test_default_shows_the_great_event_and_bad_combinations_are_rejected():
    s = engine.make("year_of_the_dragon", 3, 5, great_events=True)
    assert s.great_event >= 0 and s.observation(0).great_event == s.great_event
    with pytest.raises(InvalidConfigError):
        engine.make("year_of_the_dragon", 3, 5, hidden_great_event=True)
    with pytest.raises(InvalidConfigError):
        engine.make("year_of_the_dragon", 3, 5, great_events=True, great_event=2,
                    hidden_great_event=True)
