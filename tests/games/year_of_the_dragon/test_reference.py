"""The bot author's reference: every field described, static data JSON-able and true to the
engine's tables, coded values in a real observation decoding as described."""

from __future__ import annotations

import random

import msgspec

import engine
from bots.external import static_data
from engine.games.year_of_the_dragon import data, docs
from engine.games.year_of_the_dragon.data import STEPS
from engine.games.year_of_the_dragon.state import YotdObservation
from engine.protocol import field_docs

GAME = "year_of_the_dragon"


def test_static_tables_match_the_engine() -> None:
    static = static_data(GAME)
    for t, row in enumerate(static["tiles"]):
        assert (row["type"], row["old"], row["value"], row["symbols"]) == (
            data.TILE_TYPE[t], data.TILE_OLD[t], data.TILE_VALUE[t], data.TILE_SYMBOLS[t])
        assert row["tile"] == t == row["type"] * 2 + int(row["old"])
    assert [t for t, r in enumerate(static["tiles"]) if not r["exists"]] == [1, 3, 5]
    for n in range(2, 6):
        assert static["supply_at_start"][str(n)] == engine.make(GAME, n, 0).supply
        assert static["group_sizes"]["base"][str(n)] == list(data.GROUP_SIZES[(7, n)])
    assert [c["name"] for c in static["action_cards"]] == list(data.ACTION_NAMES)
    assert static["action_cards"][data.BUILD]["person_type"] == data.CRAFTSMAN
    assert static["action_cards"][data.TAXES]["card_symbols"] == 2
    assert [e["name"] for e in static["events"]] == list(data.EVENT_NAMES)
    assert sorted(e["kind"] for e in static["events"] for _ in range(e["tiles"])) == sorted(
        data.SHUFFLED_EVENTS)
    assert [g["name"] for g in static["great_events"]] == list(data.GREAT_EVENT_NAMES)
    assert static["steps"] == list(STEPS)
    assert static["initial_hand"] == engine.make(GAME, 3, 0).hands[0]


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
    assert len(o["events"]) == data.ROUNDS and o["events"][:2] == [data.PEACE, data.PEACE]
    assert len(o["card_group"]) == len(data.ACTION_NAMES) == 8
    assert o["card_group"][data.BUILD_WALL] >= 0  # the Great Wall deals Build Wall
    assert len(o["group_dragons"]) == 3
    assert all(len(h) == data.NUM_CARDS for h in o["hands"])
    for pals in o["palaces"]:
        for floors, *tiles in pals:
            assert 1 <= floors <= data.MAX_FLOORS and len(tiles) <= floors
            assert all(data.TILE_EXISTS[t] for t in tiles)
    assert all(o["supply"][t] == 0 for t in (1, 3, 5))
    top = o["stack"][-1]
    assert isinstance(top, list) and top[1] == o["current_player"]
    base = _played(3, 30)
    assert base.observation(0).card_group[data.BUILD_WALL] == -1
    assert "-1 when the card is not in play" in d["card_group"]


def test_request_positions_and_codes() -> None:
    s = engine.make(GAME, 2, 0)
    s.apply(s.legal_actions()[0])  # DraftPair(0, 1): craftsman + court lady
    o = msgspec.json.decode(msgspec.json.encode(s.observation(0)))
    assert o["stack"][-1] == ["PlaceRecruit", 0, data.tile_of(data.CRAFTSMAN, False), 0]
    assert o["stack"][-2][3] == data.TILE_VALUE[0] + data.TILE_VALUE[2]
    assert "the second the sum" in docs.PLACE_RECRUIT["move"]
    assert o["drafted"] == [0 * 9 + 1]
    assert o["round"] == 0 and o["card_group"] == []


def test_great_event_hidden_reads_minus_one() -> None:
    s = engine.make(GAME, 2, 1, great_events=True, hidden_great_event=True)
    assert s.observation(0).great_event == -1
    assert "-1" in field_docs(YotdObservation)["great_event"]
