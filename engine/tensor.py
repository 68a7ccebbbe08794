"""Numeric observations: any game's `Observation` as a fixed-size float32 vector.

    from engine import tensor
    lay = tensor.layout("huang", 3)            # per (game, player count, options); cached
    vec = lay.encode(state.observation(seat))  # np.float32, shape (lay.size,)
    print(lay.describe())                      # name, offset, size, kind of every segment

The layout is derived from the game's observation struct type, field by field, in
declaration order; it is computed from the `Observation`, so it hides exactly what the
observation hides. Encodings:

- ints, floats and bools: one number (raw value; bools 0/1); one-hot where the game
  declares the field's categories (a `Hint`); `seat` and `current_player`: one-hot over
  the seats (all zero when the game is over);
- lists and tuples: fixed length when present in every probe observation (below) with
  one length, else a count followed by `bound` padded slots (zeros); lists of one-hot items
  are planes (category-major, like image channels);
- structs: their fields, flattened; `X | None`: a presence flag, then X (zeros if None);
- tagged unions of structs (requests, actions): a one-hot over the tags, then the union
  of the members' fields by name; lists of structs (the decision stack) are written
  newest first, so slot 0 is the pending request;
- left out, and listed in `Layout.omitted` with the reason: `game` (constant),
  `legal_actions` (served as the action mask), text fields without declared categories,
  mappings.

Lengths come from probe games: `PROBE_GAMES` seeded random playouts at this
configuration, every seat observed at every decision. A list present in every
observation whose length never changed is fixed; any other gets
`bound = 2 * longest seen + 4` unless the game declares a `Hint(max_len=...)`. Nothing
is ever truncated: an observation that does not fit raises `TensorOverflow` naming the
field. Games give hints as an optional class attribute of
their observation type, `TENSOR_HINTS: ClassVar[Mapping[str, Hint | dict]]` (a dict of
`Hint`'s arguments needs no import), keyed by path (`hands`, `hands[]` for the items of
`hands`, `war.parties`, `stack[].cells`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import msgspec
import numpy as np

import engine
from engine.tensor_nodes import (
    HINTS_ATTR,
    List,
    Node,
    Number,
    OneHot,
    Optional,
    Segment,
    Struct,
    Tagged,
    TensorOverflow,
    compile_encoder,
)

__all__ = ["LAYOUT_VERSION", "PROBE_GAMES", "Hint", "Layout", "Segment", "TensorOverflow",
           "layout"]

#: version of the encoding rules above (how a field becomes numbers); raise it when they
#: change. A layout's own shape (its segments, from the game's observation type and the
#: probe games) is `Layout.fingerprint`: a trained model records both (harness/training/)
LAYOUT_VERSION = 1

#: seeded random playouts measured to fix list lengths and bounds
PROBE_GAMES = 12
_mi = msgspec.inspect
_SEAT_FIELDS = ("seat", "current_player")
_LEFT_OUT = {"game": "constant (the game id)",
             "legal_actions": "served as the action mask"}


@dataclass(frozen=True)
class Hint:
    """What a game declares about one observation path."""

    #: bound of a variable-length list (count + this many slots)
    max_len: int | None = None
    #: one-hot over these values (ints or strings)
    categories: tuple[Any, ...] | None = None
    #: leave the field out, with this reason
    omit: str | None = None


# ============================================================================================
# building a layout from the observation type, the probe games and the game's hints
# ============================================================================================


#: what the probe walks into
_NESTED = (list, tuple, msgspec.Struct)


@dataclass
class _Probe:
    """Lengths of every list path seen in the probe games: path -> (shortest, longest),
    and in how many observations (`seen`, of `total`) each path was present."""

    lengths: dict[str, tuple[int, int]] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)
    total: int = 0
    #: the list paths of the observation being measured
    now: set[str] = field(default_factory=set)

    def observe(self, obs: Any, skip: set[str]) -> None:
        """Measure one observation (its fields but `skip`)."""
        self.now = set()
        for f in obs.__struct_fields__:
            if f not in skip:
                self.walk(getattr(obs, f), f)
        self.total += 1
        for path in self.now:
            self.seen[path] = self.seen.get(path, 0) + 1

    def walk(self, value: Any, path: str) -> None:
        # only lists and structs are walked into (numbers, text and None have no list paths):
        # the probe measures thousands of observations, most of their items plain numbers
        if isinstance(value, (list, tuple)):
            n = len(value)
            lo, hi = self.lengths.get(path, (n, n))
            self.lengths[path] = (min(lo, n), max(hi, n))
            self.now.add(path)
            inner = path + "[]"
            for v in value:
                if isinstance(v, _NESTED):
                    self.walk(v, inner)
        elif isinstance(value, msgspec.Struct):
            for f in value.__struct_fields__:
                v = getattr(value, f)
                if isinstance(v, _NESTED):
                    self.walk(v, f"{path}.{f}" if path else f)


def _probe(game_id: str, n: int, options: dict[str, Any], skip: set[str]) -> _Probe:
    probe = _Probe()
    for seed in range(PROBE_GAMES):
        state = engine.make(game_id, n, seed, **options)
        pick = random.Random(seed)
        while True:
            for p in range(n):
                probe.observe(state.observation(p), skip)
            if state.is_terminal():
                break
            state.apply_legal(pick.choice(state.legal_actions()))
    return probe


class _Builder:
    def __init__(self, probe: _Probe, hints: Mapping[str, Hint]) -> None:
        self.probe, self.hints = probe, hints
        self.omitted: dict[str, str] = {}

    def build(self, t: Any, path: str) -> Node | None:
        hint = self.hints.get(path, Hint())
        if hint.omit:
            self.omitted[path] = hint.omit
            return None
        if hint.categories is not None:
            return OneHot(hint.categories)
        if isinstance(t, (_mi.IntType, _mi.FloatType)):
            return Number("number")
        if isinstance(t, _mi.BoolType):
            return Number("flag")
        if isinstance(t, _mi.LiteralType):
            return OneHot(t.values)
        if isinstance(t, _mi.StructType):
            return self.struct(t, path)
        if isinstance(t, _mi.UnionType):
            return self.union(t, path)
        if isinstance(t, (_mi.ListType, _mi.VarTupleType)):
            return self.sequence(t.item_type, path, hint)
        if isinstance(t, _mi.TupleType):
            parts = [(f"{i}", self.build(x, f"{path}[{i}]")) for i, x in enumerate(t.item_types)]
            return Struct([(k, v) for k, v in parts if v is not None])
        if isinstance(t, _mi.StrType):
            self.omitted[path] = "text without declared categories"
        else:
            self.omitted[path] = f"no numeric form for {type(t).__name__}"
        return None

    def struct(self, t: Any, path: str) -> Node:
        fields = []
        for f in t.fields:
            node = self.build(f.type, f"{path}.{f.name}" if path else f.name)
            if node is not None:
                fields.append((f.name, node))
        return Struct(fields)

    def union(self, t: Any, path: str) -> Node | None:
        real = [x for x in t.types if not isinstance(x, _mi.NoneType)]
        if len(real) == 1:
            inner = self.build(real[0], path)
            return None if inner is None else Optional(inner)
        if len(real) == len(t.types) and all(isinstance(x, _mi.StructType) for x in real):
            fields: dict[str, Node] = {}
            kinds: dict[str, Any] = {}
            for member in real:
                for f in member.fields:
                    if f.name in kinds:
                        if type(kinds[f.name]) is not type(f.type):
                            raise TypeError(f"{path}: field {f.name} has two types in the union")
                        continue
                    kinds[f.name] = f.type
                    node = self.build(f.type, f"{path}.{f.name}")
                    if node is not None:
                        fields[f.name] = node
            return Tagged([m.cls for m in real], list(fields.items()))
        self.omitted[path] = "a union of mixed types"
        return None

    def sequence(self, item_type: Any, path: str, hint: Hint) -> Node | None:
        item = self.build(item_type, path + "[]")
        if item is None:
            return None
        lo, hi = self.probe.lengths.get(path, (0, 0))
        newest_first = isinstance(item, (Tagged, Struct))
        if hint.max_len is not None:
            return List(item, hint.max_len, False, newest_first)
        if lo == hi and self.probe.seen.get(path, 0) >= self.probe.total:
            return List(item, hi, True, newest_first)  # in every observation, one length
        return List(item, 2 * hi + 4, False, newest_first)


class Layout:
    """The numeric observation of one (game, player count, options)."""

    def __init__(self, game_id: str, num_players: int, options: dict[str, Any]) -> None:
        game = engine.get_game(game_id)
        self.game_id, self.num_players, self.options = game_id, num_players, options
        obs_type = game.observation_type
        hints = {k: h if isinstance(h, Hint) else Hint(**h)
                 for k, h in getattr(obs_type, HINTS_ATTR, {}).items()}
        probe = _probe(game_id, num_players, options, set(_LEFT_OUT))
        builder = _Builder(probe, hints)
        fields: list[tuple[str, Node]] = []
        for f in _mi.type_info(obs_type).fields:
            if f.name in _LEFT_OUT and f.name not in hints:
                builder.omitted[f.name] = _LEFT_OUT[f.name]
                continue
            if f.name in _SEAT_FIELDS and f.name not in hints:
                node: Node | None = OneHot(range(num_players), "seat")
            else:
                node = builder.build(f.type, f.name)
            if node is not None:
                fields.append((f.name, node))
        self._root = Struct(fields)
        self._encoder = compile_encoder(self._root)
        #: observation paths left out of the vector -> why
        self.omitted: dict[str, str] = builder.omitted
        self.size: int = self._root.size
        self.shape: tuple[int] = (self.size,)
        #: every named run of the vector, in order
        self.segments: list[Segment] = list(self._root.segments("", 0))
        self._by_name = {s.name: s for s in self.segments}

    def encode(self, obs: Any, out: np.ndarray | None = None) -> np.ndarray:
        """The float32 vector of `obs` (written into `out` when given)."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out[:] = 0.0
        ix, vx = self._encoder(obs)
        if ix:
            out[ix] = vx
        return out

    def entries(self, obs: Any) -> tuple[list[int], list[Any]]:
        """The positions and values of `obs`'s entries (every other position is zero; a
        listed value may be zero too): `encode` without the vector, for a consumer that
        reads a few entries of a long vector (a value net's first layer)."""
        return self._encoder(obs)

    def segment(self, name: str) -> Segment:
        """The segment called `name` (as listed by `describe`)."""
        return self._by_name[name]

    def view(self, vec: np.ndarray, name: str) -> np.ndarray:
        """The part of `vec` that segment `name` occupies, in its shape."""
        s = self._by_name[name]
        return vec[s.offset:s.offset + s.size].reshape(s.shape)

    @property
    def fingerprint(self) -> str:
        """A digest of `describe()` (every segment's offset, shape, kind and name, and what
        is left out) and `LAYOUT_VERSION`: equal exactly when two vectors mean the same."""
        text = f"{LAYOUT_VERSION}\n{self.describe()}"
        return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()

    def describe(self) -> str:
        """A table of the layout: offset, size, kind, name, detail; then what is left out."""
        head = f"{self.game_id}, {self.num_players} players"
        if self.options:
            head += ", " + ", ".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        lines = [f"{head}: float32[{self.size}]"]
        for s in self.segments:
            shape = "x".join(map(str, s.shape))
            lines.append(f"{s.offset:6d} {shape:>9} {s.kind:<7} {s.name}"
                         + (f"  ({s.detail})" if s.detail else ""))
        lines += [f"omitted: {k}: {v}" for k, v in self.omitted.items()]
        return "\n".join(lines)


def layout(game_id: str, num_players: int, **options: Any) -> Layout:
    """The layout of `game_id` at `num_players` with `options` (defaults filled in)."""
    game = engine.get_game(game_id)
    game.check_players(num_players)
    resolved = game.resolve_options(options, num_players)
    key = tuple(sorted(resolved.items(), key=lambda kv: kv[0]))
    try:
        return _cached(game_id, num_players, key)
    except TypeError:  # an unhashable option value: not cached
        return Layout(game_id, num_players, resolved)


#: layouts kept: a layout costs its probe games (up to seconds), and one process may sweep
#: every configuration (the conformance kit's 105 cases, 67 in the adapter tests);
#: with room for 64 a sweep evicted each layout before it was asked again
@lru_cache(maxsize=256)
def _cached(game_id: str, num_players: int, options: tuple[tuple[str, Any], ...]) -> Layout:
    return Layout(game_id, num_players, dict(options))


def main(argv: Sequence[str] | None = None) -> None:
    """`python -m engine.tensor GAME [PLAYERS] [key=value ...]`: print the layout."""
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        raise SystemExit("usage: python -m engine.tensor GAME [PLAYERS] [option=value ...]")
    game_id = args.pop(0)
    n = int(args.pop(0)) if args and "=" not in args[0] else 2
    opts = {}
    for a in args:
        k, _, v = a.partition("=")
        try:
            opts[k] = msgspec.json.decode(v)
        except msgspec.DecodeError:
            opts[k] = v
    print(layout(game_id, n, **opts).describe())


if __name__ == "__main__":
    from engine.common.pipes import quiet_pipe

    quiet_pipe(main)
