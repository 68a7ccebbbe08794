"""The reference page of a game for bot authors (docs/games/<id>.md), generated from the
same types and descriptions as `arena schema`, so the page cannot drift from the code.

`python -m bots.game_reference` writes every game's page; `--check` fails (exit 1) when a
page differs from what the code generates (a test runs it).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import msgspec

import engine
from bots.external import static_data
from bots.protocol_schema import struct_types
from engine.common.project import PROJECT
from engine.kernel import Request
from engine.protocol import Action, Observation, field_docs

DOCS = PROJECT / "docs" / "games"
#: the example observation: seat to move after this many random decisions
EXAMPLE_DECISIONS = 12
WIDTH = 100


def type_name(node: Any) -> str:
    """A short JSON-minded name of a msgspec.inspect type."""
    i = msgspec.inspect
    simple = {i.IntType: "int", i.StrType: "str", i.BoolType: "bool", i.FloatType: "float",
              i.NoneType: "null", i.AnyType: "any"}
    for kind, name in simple.items():
        if isinstance(node, kind):
            return name
    if isinstance(node, i.StructType):
        return node.cls.__name__
    if isinstance(node, (i.ListType, i.VarTupleType, i.SetType, i.FrozenSetType)):
        inner = node.item_type
        if isinstance(inner, i.UnionType) and len(inner.types) > 3:
            return "list[action]" if all(isinstance(t, i.StructType) and issubclass(
                t.cls, Action) for t in inner.types) else "list[object]"
        return f"list[{type_name(inner)}]"
    if isinstance(node, i.TupleType):
        return f"[{', '.join(type_name(t) for t in node.item_types)}]"
    if isinstance(node, i.UnionType):
        return " | ".join(type_name(t) for t in node.types)
    if isinstance(node, i.DictType):
        return f"object of {type_name(node.value_type)}"
    if isinstance(node, i.LiteralType):
        return " | ".join(json.dumps(v) for v in node.values)
    return type(node).__name__.removesuffix("Type").lower()


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _doc(cls: type) -> str:
    return " ".join((cls.__doc__ or "").split())


def _fields_table(cls: type, positions: bool = False) -> list[str]:
    info = msgspec.inspect.type_info(cls)
    assert isinstance(info, msgspec.inspect.StructType)
    docs = field_docs(cls)
    offset = 1 if cls.__struct_config__.tag_field is not None else 0  # type: ignore[attr-defined]
    head = "| position | field | type | what it holds |" if positions else \
        "| field | type | what it holds |"
    out = [head, "| " + " | ".join("---" for _ in head.strip("|").split("|")) + " |"]
    for n, f in enumerate(info.fields):
        row = [f"`{f.encode_name}`", f"`{type_name(f.type)}`", _cell(docs.get(f.name, ""))]
        out.append("| " + " | ".join([str(n + offset)] * positions + row) + " |")
    return out


def _wrapped_json(value: Any, indent: str = "") -> list[str]:
    """JSON with one line per key of an object and short arrays kept on one line."""
    text = json.dumps(value, separators=(", ", ": "))
    if len(indent) + len(text) <= WIDTH or not isinstance(value, (dict, list)):
        return [indent + text]
    if isinstance(value, dict):
        lines = [indent + "{"]
        for n, (k, v) in enumerate(value.items()):
            sub = _wrapped_json(v, indent + "  ")
            sub[0] = f"{indent}  {json.dumps(k)}: {sub[0].lstrip()}"
            if n < len(value) - 1:
                sub[-1] += ","
            lines += sub
        return [*lines, indent + "}"]
    lines, line = [indent + "["], indent + "  "
    for n, item in enumerate(value):
        piece = json.dumps(item, separators=(", ", ": ")) + ("," if n < len(value) - 1 else "")
        if len(line) + len(piece) + 1 > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = indent + "  "
        line += piece + " "
    return [*lines, line.rstrip(), indent + "]"]


def example_observation(game_id: str) -> tuple[int, dict[str, Any]]:
    """(player count, the observation of the seat to move) after EXAMPLE_DECISIONS seeded
    random decisions of the game at its fewest players (two for a solo-capable game)."""
    game = engine.get_game(game_id)
    n = max(2, game.min_players)
    state = engine.make(game_id, n, 1)
    rng = random.Random(1)
    for _ in range(EXAMPLE_DECISIONS):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(max(state.current_player(), 0))
    return n, msgspec.json.decode(msgspec.json.encode(obs))


def page(game_id: str) -> str:
    """The markdown reference page of `game_id`."""
    game = engine.get_game(game_id)
    structs = struct_types(game_id)
    obs_cls = game.observation_type
    requests = [c for c in structs if issubclass(c, Request)]
    actions = [c for c in structs if issubclass(c, Action)]
    nested = [c for c in structs if c not in requests and c not in actions and c is not obs_cls]
    out = [f"# {game.name}: the bot's view (`{game_id}`)", "",
           "Generated from the game's types by `python -m bots.game_reference`; do not edit "
           "by hand. The same descriptions are in `arena schema " + game_id + "`.", ""]
    if game.summary:
        out += [_cell(game.summary), ""]
    out += [f"Players: {game.min_players}-{game.max_players}. Seats are numbered from 0, "
            "in the protocol (`seat`, `current_player`, every per-seat list) and on every "
            "screen and message alike.", ""]
    if game.options:
        out += ["| option | default | meaning |", "| --- | --- | --- |"]
        out += [f"| `{o.name}` | `{json.dumps(o.default)}` | {_cell(o.meaning)} |"
                for o in game.options]
        out.append("")
    out += [f"## Observation (`{obs_cls.__name__}`)", "", _doc(obs_cls) or _doc(Observation),
            "", *_fields_table(obs_cls), ""]
    if nested:
        out += ["## Objects inside the observation", ""]
        for cls in nested:
            out += [f"### `{cls.__name__}`", "", _doc(cls), "", *_fields_table(cls), ""]
    if requests:
        out += ["## Pending decisions (`stack`)", "",
                "Each pending decision is a JSON array: its type name first, then its fields "
                "in this order. The last one is the decision being taken now.", ""]
        for cls in requests:
            out += [f"### `{cls.__name__}`", "", _doc(cls), "",
                    *_fields_table(cls, positions=True), ""]
    out += ["## Actions", "",
            'Each action is a JSON object tagged by its type, e.g. `{"type": "Pass"}`; answer '
            'with one of `legal_actions` or with `{"index": i}`.', ""]
    for cls in actions:
        out += [f"### `{cls.__name__}`", "", _doc(cls), ""]
        if msgspec.inspect.type_info(cls).fields:  # type: ignore[attr-defined]
            out += [*_fields_table(cls), ""]
    statics = static_data(game_id)
    if statics:
        out += ["## Static data (`reset.static`)", "",
                "Sent once per game in `reset` and shown whole by `arena schema " + game_id
                + "` (`$defs.static`).", "", "| key | what it holds |", "| --- | --- |"]
        out += [f"| `{k}` | {_cell(game.static_docs.get(k, ''))} |" for k in statics]
        out += ["", "The values:", ""]
        for k, v in statics.items():
            out += [f"### `{k}`", "", "```json", *_wrapped_json(v), "```", ""]
    n, example = example_observation(game_id)
    out += ["## An example observation", "",
            f"The seat to move in a {n}-player game (seed 1) after {EXAMPLE_DECISIONS} random "
            "decisions:", "", "```json", *_wrapped_json(example), "```", ""]
    return "\n".join(out)


def builtin_games() -> list[engine.Game]:
    """The games this project ships (not plug-ins or test games registered at run time)."""
    return [g for g in engine.list_games() if g.observation_type.__module__.startswith("engine.")]


def main(argv: list[str]) -> int:
    if set(argv) - {"--check"}:
        print("usage: python -m bots.game_reference [--check]", file=sys.stderr)
        return 2
    check = "--check" in argv
    stale = []
    DOCS.mkdir(parents=True, exist_ok=True)
    for game in builtin_games():
        path = DOCS / f"{game.id}.md"
        text = page(game.id)
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(str(path))
        else:
            path.write_text(text)
    if stale:
        print(f"out of date (run python -m bots.game_reference): {', '.join(stale)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
