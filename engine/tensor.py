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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import msgspec
import numpy as np

import engine
from engine.protocol import ArenaError

__all__ = ["LAYOUT_VERSION", "PROBE_GAMES", "Hint", "Layout", "Segment", "TensorOverflow",
           "layout"]

#: version of the encoding rules above (how a field becomes numbers); raise it when they
#: change. A layout's own shape (its segments, from the game's observation type and the
#: probe games) is `Layout.fingerprint`: a trained model records both (harness/training/)
LAYOUT_VERSION = 1

#: seeded random playouts measured to fix list lengths and bounds
PROBE_GAMES = 12
HINTS_ATTR = "TENSOR_HINTS"
_mi = msgspec.inspect
_SEAT_FIELDS = ("seat", "current_player")
_LEFT_OUT = {"game": "constant (the game id)",
             "legal_actions": "served as the action mask"}


class TensorOverflow(ArenaError):
    """An observation that does not fit its layout (a list longer than its bound)."""


@dataclass(frozen=True)
class Hint:
    """What a game declares about one observation path."""

    #: bound of a variable-length list (count + this many slots)
    max_len: int | None = None
    #: one-hot over these values (ints or strings)
    categories: tuple[Any, ...] | None = None
    #: leave the field out, with this reason
    omit: str | None = None


@dataclass(frozen=True)
class Segment:
    """One named run of the vector: `vec[offset:offset + size]`, reshaped to `shape`."""

    name: str
    offset: int
    size: int
    kind: str
    shape: tuple[int, ...]
    detail: str = ""


# ============================================================================================
# nodes: one per observation path; write values, describe segments
# ============================================================================================


class _Node:
    size = 0

    def write(self, value: Any, out: np.ndarray, at: int, path: str) -> None:
        raise NotImplementedError

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        raise NotImplementedError


class _Number(_Node):
    size = 1

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def write(self, value: Any, out: np.ndarray, at: int, path: str) -> None:
        out[at] = float(value)

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        yield Segment(name, at, 1, self.kind, (1,))


class _OneHot(_Node):
    def __init__(self, categories: Sequence[Any], kind: str = "one-hot") -> None:
        self.categories = tuple(categories)
        self.index = {c: i for i, c in enumerate(self.categories)}
        self.size = len(self.categories)
        self.kind = kind

    def write(self, value: Any, out: np.ndarray, at: int, path: str) -> None:
        i = self.index.get(value)
        if i is not None:
            out[at + i] = 1.0
        elif self.kind != "seat":  # a seat one-hot is all zero when the game is over
            raise TensorOverflow(f"{path}: {value!r} is not one of its declared "
                                 f"categories {list(self.categories)}")

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        yield Segment(name, at, self.size, self.kind, (self.size,),
                      ", ".join(map(str, self.categories)))


class _Struct(_Node):
    def __init__(self, fields: list[tuple[str, _Node]]) -> None:
        self.fields = fields
        self.size = sum(n.size for _, n in fields)

    def write(self, value: Any, out: np.ndarray, at: int, path: str) -> None:
        for name, node in self.fields:
            node.write(getattr(value, name), out, at, f"{path}.{name}")
            at += node.size

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        for f, node in self.fields:
            yield from node.segments(f"{name}.{f}" if name else f, at)
            at += node.size


class _Optional(_Node):
    def __init__(self, inner: _Node) -> None:
        self.inner = inner
        self.size = 1 + inner.size

    def write(self, value: Any, out: np.ndarray, at: int, path: str) -> None:
        if value is not None:
            out[at] = 1.0
            self.inner.write(value, out, at + 1, path)

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        yield Segment(f"{name}?", at, 1, "flag", (1,), "present")
        yield from self.inner.segments(name, at + 1)


class _Tagged(_Node):
    """A union of structs: one-hot of the member, then the members' fields by name."""

    def __init__(self, members: list[type], fields: list[tuple[str, _Node]]) -> None:
        self.tags = _OneHot([m.__name__ for m in members], "tag")
        self.offsets: dict[str, int] = {}
        at = self.tags.size
        for name, node in fields:
            self.offsets[name] = at
            at += node.size
        self.fields = dict(fields)
        self.size = at

    def write(self, value: Any, out: np.ndarray, at: int, path: str) -> None:
        self.tags.write(type(value).__name__, out, at, path)
        for name in value.__struct_fields__:
            if name not in self.fields:
                continue  # left out (see Layout.omitted)
            self.fields[name].write(getattr(value, name), out, at + self.offsets[name],
                                    f"{path}.{name}")

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        yield from self.tags.segments(f"{name}.type", at)
        for f, node in self.fields.items():
            yield from node.segments(f"{name}.{f}", at + self.offsets[f])


class _List(_Node):
    """`length` items; fixed (exactly that many) or variable (a count, then slots)."""

    def __init__(self, item: _Node, length: int, fixed: bool, newest_first: bool) -> None:
        self.item, self.length, self.fixed = item, length, fixed
        self.newest_first = newest_first
        self.size = (0 if fixed else 1) + length * item.size

    def write(self, value: Any, out: np.ndarray, at: int, path: str) -> None:
        n = len(value)
        if n != self.length if self.fixed else n > self.length:
            want = f"exactly {self.length}" if self.fixed else f"at most {self.length}"
            raise TensorOverflow(
                f"{path}: {n} items, the layout holds {want} (measured in the probe games); "
                f"declare Hint(max_len=...) in the observation type's {HINTS_ATTR}")
        if not self.fixed:
            out[at] = n
            at += 1
        items = reversed(value) if self.newest_first else value
        if isinstance(self.item, _Number):
            if n:
                out[at:at + n] = np.fromiter(items, dtype=np.float32, count=n)
            return
        if isinstance(self.item, _OneHot) and self.item.kind == "one-hot":  # planes
            for i, v in enumerate(items):
                k = self.item.index.get(v)
                if k is None:
                    self.item.write(v, out, at, f"{path}[{i}]")  # raises
                out[at + k * self.length + i] = 1.0
            return
        step = self.item.size
        for i, v in enumerate(items):
            self.item.write(v, out, at + i * step, f"{path}[{i}]")

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        if not self.fixed:
            yield Segment(f"{name}#", at, 1, "count", (1,), f"items, at most {self.length}")
            at += 1
        item = self.item
        order = "newest first" if self.newest_first else ""
        if self.length == 0:
            return  # always empty at this configuration: nothing to write
        if isinstance(item, _Number):
            yield Segment(name, at, self.length, item.kind, (self.length,), order)
        elif isinstance(item, _OneHot) and item.kind == "one-hot":
            yield Segment(name, at, self.size - (not self.fixed), "planes",
                          (item.size, self.length), ", ".join(map(str, item.categories)))
        else:
            for i in range(self.length):
                yield from item.segments(f"{name}[{i}]", at + i * item.size)


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

    def build(self, t: Any, path: str) -> _Node | None:
        hint = self.hints.get(path, Hint())
        if hint.omit:
            self.omitted[path] = hint.omit
            return None
        if hint.categories is not None:
            return _OneHot(hint.categories)
        if isinstance(t, (_mi.IntType, _mi.FloatType)):
            return _Number("number")
        if isinstance(t, _mi.BoolType):
            return _Number("flag")
        if isinstance(t, _mi.LiteralType):
            return _OneHot(t.values)
        if isinstance(t, _mi.StructType):
            return self.struct(t, path)
        if isinstance(t, _mi.UnionType):
            return self.union(t, path)
        if isinstance(t, (_mi.ListType, _mi.VarTupleType)):
            return self.sequence(t.item_type, path, hint)
        if isinstance(t, _mi.TupleType):
            parts = [(f"{i}", self.build(x, f"{path}[{i}]")) for i, x in enumerate(t.item_types)]
            return _Struct([(k, v) for k, v in parts if v is not None])
        if isinstance(t, _mi.StrType):
            self.omitted[path] = "text without declared categories"
        else:
            self.omitted[path] = f"no numeric form for {type(t).__name__}"
        return None

    def struct(self, t: Any, path: str) -> _Node:
        fields = []
        for f in t.fields:
            node = self.build(f.type, f"{path}.{f.name}" if path else f.name)
            if node is not None:
                fields.append((f.name, node))
        return _Struct(fields)

    def union(self, t: Any, path: str) -> _Node | None:
        real = [x for x in t.types if not isinstance(x, _mi.NoneType)]
        if len(real) == 1:
            inner = self.build(real[0], path)
            return None if inner is None else _Optional(inner)
        if len(real) == len(t.types) and all(isinstance(x, _mi.StructType) for x in real):
            fields: dict[str, _Node] = {}
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
            return _Tagged([m.cls for m in real], list(fields.items()))
        self.omitted[path] = "a union of mixed types"
        return None

    def sequence(self, item_type: Any, path: str, hint: Hint) -> _Node | None:
        item = self.build(item_type, path + "[]")
        if item is None:
            return None
        lo, hi = self.probe.lengths.get(path, (0, 0))
        newest_first = isinstance(item, (_Tagged, _Struct))
        if hint.max_len is not None:
            return _List(item, hint.max_len, False, newest_first)
        if lo == hi and self.probe.seen.get(path, 0) >= self.probe.total:
            return _List(item, hi, True, newest_first)  # in every observation, one length
        return _List(item, 2 * hi + 4, False, newest_first)


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
        fields: list[tuple[str, _Node]] = []
        for f in _mi.type_info(obs_type).fields:
            if f.name in _LEFT_OUT and f.name not in hints:
                builder.omitted[f.name] = _LEFT_OUT[f.name]
                continue
            if f.name in _SEAT_FIELDS and f.name not in hints:
                node: _Node | None = _OneHot(range(num_players), "seat")
            else:
                node = builder.build(f.type, f.name)
            if node is not None:
                fields.append((f.name, node))
        self._root = _Struct(fields)
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
        self._root.write(obs, out, 0, "")
        return out

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
