"""The bot author's reference: every field described, static data JSON-able and true to the
engine's tables, coded values in a real observation decoding as described."""

from __future__ import annotations

import random

import msgspec

import engine
from bots.external import static_data
from engine.games.year_of_the_dragon import data as D
from engine.games.year_of_the_dragon import docs
from engine.games.year_of_the_dragon.data import STEPS
from engine.games.year_of_the_dragon.state import YotdObservation
from engine.protocol import field_docs

GAME = "year_of_the_dragon"


def test_static_tables_match_the_engine() -> None:
    data = static_data(GAME)
    for t, row in enumerate(data["tiles"]):
        assert (row["type"], row["old"], row["value"], row["symbols"]) == (
            D.TILE_TYPE[t], D.TILE_OLD[t], D.TILE_VALUE[t], D.TILE_SYMBOLS[t])
        assert row["tile"] == t == row["type"] * 2 + int(row["old"])
    assert [t for t, r in enumerate(data["tiles"]) if not r["exists"]] == [1, 3, 5]
    for n in range(2, 6):
        assert data["supply_at_start"][str(n)] == engine.make(GAME, n, 0).supply
        assert data["group_sizes"]["base"][str(n)] == list(D.GROUP_SIZES[(7, n)])
    assert [c["name"] for c in data["action_cards"]] == list(D.ACTION_NAMES)
    assert data["action_cards"][D.BUILD]["person_type"] == D.CRAFTSMAN
    assert data["action_cards"][D.TAXES]["card_symbols"] == 2
    assert [e["name"] for e in data["events"]] == list(D.EVENT_NAMES)
    assert sorted(e["kind"] for e in data["events"] for _ in range(e["tiles"])) == sorted(
        D.SHUFFLED_EVENTS)
    assert [g["name"] for g in data["great_events"]] == list(D.GREAT_EVENT_NAMES)
    assert data["steps"] == list(STEPS)
    assert data["initial_hand"] == engine.make(GAME, 3, 0).hands[0]


def _played(n: int, decisions: int, seed: int = 3, **options: object) -> engine.State:
    s = engine.make(GAME, n, seed, **options)
    rng = random.Random(seed)
    for _ in range(decisions):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_observation_decodes_as_described() -> None:
    s = _played(3, 60, great_wall=True)
    o = msgspec.json.decode(msgspec.json.encode(s.observation(0)))
    d = field_docs(YotdObservation)
    assert "0 draft, 1 actions, 2 persons" in d["step"]
    assert STEPS[o["step"]] == o["phase"]
    assert len(o["events"]) == D.ROUNDS and o["events"][:2] == [D.PEACE, D.PEACE]
    assert len(o["card_group"]) == len(D.ACTION_NAMES) == 8
    assert o["card_group"][D.BUILD_WALL] >= 0  # the Great Wall deals Build Wall
    assert len(o["group_dragons"]) == 3
    assert all(len(h) == D.NUM_CARDS for h in o["hands"])
    for pals in o["palaces"]:
        for floors, *tiles in pals:
            assert 1 <= floors <= D.MAX_FLOORS and len(tiles) <= floors
            assert all(D.TILE_EXISTS[t] for t in tiles)
    assert all(o["supply"][t] == 0 for t in (1, 3, 5))
    top = o["stack"][-1]
    assert isinstance(top, list) and top[1] == o["current_player"]
    base = _played(3, 30)
    assert base.observation(0).card_group[D.BUILD_WALL] == -1
    assert "-1 when the card is not in play" in d["card_group"]


def test_request_positions_and_codes() -> None:
    s = engine.make(GAME, 2, 0)
    s.apply(s.legal_actions()[0])  # DraftPair(0, 1): craftsman + court lady
    o = msgspec.json.decode(msgspec.json.encode(s.observation(0)))
    assert o["stack"][-1] == ["PlaceRecruit", 0, D.tile_of(D.CRAFTSMAN, False), 0]
    assert o["stack"][-2][3] == D.TILE_VALUE[0] + D.TILE_VALUE[2]
    assert "the second the sum" in docs.PLACE_RECRUIT["move"]
    assert o["drafted"] == [0 * 9 + 1]
    assert o["round"] == 0 and o["card_group"] == []


def test_great_event_hidden_reads_minus_one() -> None:
    s = engine.make(GAME, 2, 1, great_events=True, hidden_great_event=True)
    assert s.observation(0).great_event == -1
    assert "-1" in field_docs(YotdObservation)["great_event"]
