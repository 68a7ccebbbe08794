"""JSON Schema of the bot protocol for one game (`arena schema GAME`), generated from the
game's msgspec types, so that bots in any language can check what they read and write.

Every struct's description is its docstring; every field's is its entry in the struct's
`FIELD_DOCS` (engine.protocol.field_docs), put beside the field's type: for an object the
property's `description`, for a request (a tagged array) the description of its position.
`undescribed` lists the fields that have none (a test keeps it empty for every game).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

import engine
from bots.external import PROTOCOL_VERSION, static_data
from engine.protocol import field_docs


def _message(kind: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": {"type": {"const": kind}, **properties},
            "required": ["type", *required]}


def _inner(node: Any) -> Iterator[Any]:
    """The types a msgspec.inspect type node holds (items, unions, fields...)."""
    for attr in ("type", "item_type", "key_type", "value_type"):
        sub = getattr(node, attr, None)
        if isinstance(sub, msgspec.inspect.Type):
            yield sub
    for attr in ("item_types", "types"):
        yield from getattr(node, attr, ())


def struct_types(game_id: str) -> list[type]:
    """Every struct a bot of `game_id` reads or writes (observation, nested structs,
    requests, actions), in the order first reached from the observation and action types."""
    game = engine.get_game(game_id)
    seen: dict[type, None] = {}
    todo = list(msgspec.inspect.multi_type_info([game.observation_type, game.action_type]))
    while todo:
        node = todo.pop(0)
        if isinstance(node, msgspec.inspect.StructType):
            if node.cls in seen:
                continue
            seen[node.cls] = None
            todo.extend(f.type for f in node.fields)
        else:
            todo.extend(_inner(node))
    return list(seen)


def _fields(cls: type) -> list[msgspec.inspect.Field]:
    info = msgspec.inspect.type_info(cls)
    assert isinstance(info, msgspec.inspect.StructType)
    return list(info.fields)


def undescribed(game_id: str) -> list[str]:
    """`Struct.field` for every field a bot reads or writes that has no description, and
    `Struct` for every struct without a docstring, `static.key` for static data."""
    docs = engine.get_game(game_id).static_docs
    out = [f"static.{k}" for k in static_data(game_id) if not docs.get(k)]
    for cls in struct_types(game_id):
        if not (cls.__doc__ or "").strip():
            out.append(cls.__name__)
        docs = field_docs(cls)
        out += [f"{cls.__name__}.{f.name}" for f in _fields(cls) if not docs.get(f.name)]
    return out


def _describe(defs: dict[str, Any], game_id: str) -> None:
    """Put every field's description into the schema's definitions."""
    for cls in struct_types(game_id):
        d = defs.get(cls.__name__)
        if d is None:
            continue
        docs = field_docs(cls)
        config = cls.__struct_config__  # type: ignore[attr-defined]
        if "properties" in d:
            for f in _fields(cls):
                if docs.get(f.name) and f.encode_name in d["properties"]:
                    d["properties"][f.encode_name]["description"] = docs[f.name]
        elif "prefixItems" in d:
            offset = 1 if config.tag_field is not None else 0
            for i, f in enumerate(_fields(cls)):
                if docs.get(f.name) and offset + i < len(d["prefixItems"]):
                    d["prefixItems"][offset + i]["description"] = f"{f.name}: {docs[f.name]}"


def static_schema(game_id: str) -> dict[str, Any]:
    """The game's static data as a schema: each key's description and exact value."""
    game = engine.get_game(game_id)
    values = static_data(game_id)
    return {"type": "object",
            "description": "the game's fixed data (sent in reset): board geometry, "
                           "definitions of cards, tiles and buildings, scoring tables",
            "properties": {k: {"description": game.static_docs.get(k, ""), "const": v}
                           for k, v in values.items()}}


def protocol_schema(game_id: str) -> dict[str, Any]:
    """One JSON Schema document: the root validates a harness -> bot message; `$defs`
    holds `observation`, `action` and `answer` (what a bot may send back)."""
    game = engine.get_game(game_id)
    (obs, action), defs = msgspec.json.schema_components(
        [game.observation_type, game.action_type], ref_template="#/$defs/{name}")
    _describe(defs, game_id)
    index = {"type": "object", "properties": {"index": {"type": "integer", "minimum": 0}},
             "required": ["index"], "additionalProperties": False,
             "description": "index into observation.legal_actions"}
    integer = {"type": "integer"}
    defs.update({
        "observation": obs,
        "action": action,
        "answer": {"anyOf": [{"$ref": "#/$defs/action"}, index]},
        "reset": _message("reset", {"protocol": {"const": PROTOCOL_VERSION},
                                    "game": {"const": game_id}, "num_players": integer,
                                    "seat": integer, "seed": integer,
                                    "static": {"$ref": "#/$defs/static"}},
                          ["protocol", "game", "num_players", "seat", "seed"]),
        "static": static_schema(game_id),
        "act": _message("act", {"observation": {"$ref": "#/$defs/observation"},
                                "time_left": {"anyOf": [{"type": "number"}, {"type": "null"}]}},
                        ["observation", "time_left"]),
        "close": _message("close", {}, []),
    })
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"Dynasty Arena bot protocol {PROTOCOL_VERSION}: {game_id}",
        "description": "A message from the harness to a bot (docs/bot-protocol.md); a bot "
                       "answers each act with $defs/answer.",
        "oneOf": [{"$ref": f"#/$defs/{k}"} for k in ("reset", "act", "close")],
        "$defs": defs,
    }


def schema_json(game_id: str) -> bytes:
    return msgspec.json.format(msgspec.json.encode(protocol_schema(game_id)), indent=2)
