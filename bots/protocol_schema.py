"""JSON Schema of the bot protocol for one game (`arena schema GAME`), generated from the
game's msgspec types, so that bots in any language can check what they read and write."""

from __future__ import annotations

from typing import Any

import msgspec

import engine
from bots.external import PROTOCOL_VERSION


def _message(kind: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": {"type": {"const": kind}, **properties},
            "required": ["type", *required]}


def protocol_schema(game_id: str) -> dict[str, Any]:
    """One JSON Schema document: the root validates a harness -> bot message; `$defs`
    holds `observation`, `action` and `answer` (what a bot may send back)."""
    game = engine.get_game(game_id)
    (obs, action), defs = msgspec.json.schema_components(
        [game.observation_type, game.action_type], ref_template="#/$defs/{name}")
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
                                    "seat": integer, "seed": integer},
                          ["protocol", "game", "num_players", "seat", "seed"]),
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
