"""Every field a bot reads or writes is described, and the reference pages in docs/games/
are what the code generates (issue 35: documentation that cannot drift from the code)."""

from __future__ import annotations

import json

import pytest

from bots.external import static_data
from bots.game_reference import DOCS, builtin_games, page
from bots.protocol_schema import protocol_schema, struct_types, undescribed
from engine.protocol import field_docs

GAMES = [g.id for g in builtin_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_field_is_described(game_id: str) -> None:
    assert undescribed(game_id) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_descriptions_name_real_fields(game_id: str) -> None:
    """A typo in a FIELD_DOCS key would describe nothing: every key is a field."""
    for cls in struct_types(game_id):
        assert set(field_docs(cls)) <= set(cls.__struct_fields__), cls.__name__


@pytest.mark.parametrize("game_id", GAMES)
def test_static_data_round_trips_through_json(game_id: str) -> None:
    data = static_data(game_id)
    assert data and json.loads(json.dumps(data)) == data


@pytest.mark.parametrize("game_id", GAMES)
def test_the_schema_carries_the_descriptions_and_static_data(game_id: str) -> None:
    schema = protocol_schema(game_id)
    defs = schema["$defs"]
    obs = defs[defs["observation"]["$ref"].split("/")[-1]]
    assert all(p.get("description") for p in obs["properties"].values())
    static = defs["static"]["properties"]
    assert static and all(v["description"] and "const" in v for v in static.values())
    json.dumps(schema)  # every value JSON-able


@pytest.mark.parametrize("game_id", GAMES)
def test_the_reference_page_is_current(game_id: str) -> None:
    path = DOCS / f"{game_id}.md"
    assert path.exists() and path.read_text() == page(game_id), (
        f"{path} is out of date: run python -m bots.game_reference")
