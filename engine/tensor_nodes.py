"""The nodes of a numeric-observation layout (engine/tensor.py) and the encoder compiled
from them.

A layout is a tree of nodes, one per observation path: a number, a one-hot, a struct, an
optional value, a tagged union, a list. Each node knows its size and its named segments,
and writes itself as Python source: `compile_encoder` turns the tree into one function
that walks an observation with no per-node calls and returns the positions and values of
its non-zero entries (an interpreted walk of the tree cost 25-40 µs per observation,
mostly calls and path strings; the compiled one is measured in docs/training.md). Paths
are only formatted when an observation does not fit (`TensorOverflow`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.protocol import ArenaError

__all__ = ["HINTS_ATTR", "List", "Node", "Number", "OneHot", "Optional", "Segment", "Struct",
           "Tagged", "TensorOverflow", "compile_encoder"]


#: the class attribute of an observation type that holds its hints (engine/tensor.py)
HINTS_ATTR = "TENSOR_HINTS"


class TensorOverflow(ArenaError):
    """An observation that does not fit its layout (a list longer than its bound)."""


@dataclass(frozen=True)
class Segment:
    """One named run of the vector: `vec[offset:offset + size]`, reshaped to `shape`."""

    name: str
    offset: int
    size: int
    kind: str
    shape: tuple[int, ...]
    detail: str = ""


@dataclass
class _Source:
    """The encoder's source being written: lines, fresh names, constants it refers to."""

    lines: list[str] = field(default_factory=list)
    consts: dict[str, Any] = field(default_factory=dict)
    count: int = 0

    def name(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def const(self, value: Any) -> str:
        key = self.name("K")
        self.consts[key] = value
        return key

    def add(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)


def _at(base: str, offset: int) -> str:
    """The source of `base + offset` (base '' is 0)."""
    if not base:
        return str(offset)
    return base if offset == 0 else f"{base} + {offset}"


def _path(path: str) -> str:
    """A path template (`stack[{i3}].cells`) as the source of an f-string."""
    return "f" + repr(path)


class Node:
    size = 0

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        raise NotImplementedError

    def emit(self, src: _Source, value: str, base: str, offset: int, path: str,
             depth: int) -> None:
        """Write the source that records `value`'s entries at `base + offset`."""
        raise NotImplementedError


class Number(Node):
    size = 1

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        yield Segment(name, at, 1, self.kind, (1,))

    def emit(self, src: _Source, value: str, base: str, offset: int, path: str,
             depth: int) -> None:
        src.add(depth, f"I({_at(base, offset)}); V({value})")


class OneHot(Node):
    def __init__(self, categories: Sequence[Any], kind: str = "one-hot") -> None:
        self.categories = tuple(categories)
        self.index = {c: i for i, c in enumerate(self.categories)}
        self.size = len(self.categories)
        self.kind = kind

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        yield Segment(name, at, self.size, self.kind, (self.size,),
                      ", ".join(map(str, self.categories)))

    def missing(self, value: Any, path: str) -> TensorOverflow:
        return TensorOverflow(f"{path}: {value!r} is not one of its declared "
                              f"categories {list(self.categories)}")

    def emit(self, src: _Source, value: str, base: str, offset: int, path: str,
             depth: int) -> None:
        k = src.name("k")
        src.add(depth, f"{k} = {src.const(self.index)}.get({value})")
        src.add(depth, f"if {k} is not None:")
        src.add(depth + 1, f"I({_at(base, offset)} + {k}); V(1)")
        if self.kind != "seat":  # a seat one-hot is all zero when the game is over
            src.add(depth, "else:")
            src.add(depth + 1, f"raise {src.const(self)}.missing({value}, {_path(path)})")


class Struct(Node):
    """Fields by name (a tuple's fields are named by their index: '0', '1', ...)."""

    def __init__(self, fields: list[tuple[str, Node]]) -> None:
        self.fields = fields
        self.size = sum(n.size for _, n in fields)

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        for f, node in self.fields:
            yield from node.segments(f"{name}.{f}" if name else f, at)
            at += node.size

    def emit(self, src: _Source, value: str, base: str, offset: int, path: str,
             depth: int) -> None:
        for name, node in self.fields:
            get = f"{value}[{name}]" if name.isdigit() else f"{value}.{name}"
            sub = f"{path}.{name}" if path else name
            if isinstance(node, Number):
                node.emit(src, get, base, offset, sub, depth)
            else:
                v = src.name("v")
                src.add(depth, f"{v} = {get}")
                node.emit(src, v, base, offset, sub, depth)
            offset += node.size


class Optional(Node):
    """A presence flag, then the value (zeros when None)."""

    def __init__(self, inner: Node) -> None:
        self.inner = inner
        self.size = 1 + inner.size

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        yield Segment(f"{name}?", at, 1, "flag", (1,), "present")
        yield from self.inner.segments(name, at + 1)

    def emit(self, src: _Source, value: str, base: str, offset: int, path: str,
             depth: int) -> None:
        src.add(depth, f"if {value} is not None:")
        src.add(depth + 1, f"I({_at(base, offset)}); V(1)")
        self.inner.emit(src, value, base, offset + 1, path, depth + 1)


class Tagged(Node):
    """A union of structs: one-hot of the member, then the members' fields by name."""

    def __init__(self, members: list[type], fields: list[tuple[str, Node]]) -> None:
        self.members = members
        self.tags = OneHot([m.__name__ for m in members], "tag")
        self.offsets: dict[str, int] = {}
        at = self.tags.size
        for name, node in fields:
            self.offsets[name] = at
            at += node.size
        self.fields = dict(fields)
        self.size = at

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        yield from self.tags.segments(f"{name}.type", at)
        for f, node in self.fields.items():
            yield from node.segments(f"{name}.{f}", at + self.offsets[f])

    def emit(self, src: _Source, value: str, base: str, offset: int, path: str,
             depth: int) -> None:
        t = src.name("t")
        src.add(depth, f"{t} = type({value})")
        for i, member in enumerate(self.members):
            src.add(depth, f"{'if' if i == 0 else 'elif'} {t} is {src.const(member)}:")
            src.add(depth + 1, f"I({_at(base, offset + i)}); V(1)")
            for name in member.__struct_fields__:
                node = self.fields.get(name)
                if node is None:
                    continue  # left out (see Layout.omitted)
                v = src.name("v")
                src.add(depth + 1, f"{v} = {value}.{name}")
                node.emit(src, v, base, offset + self.offsets[name], f"{path}.{name}",
                          depth + 1)
        src.add(depth, "else:")
        src.add(depth + 1, f"raise {src.const(self.tags)}.missing({t}.__name__, "
                           f"{_path(path)})")


class List(Node):
    """`length` items; fixed (exactly that many) or variable (a count, then slots)."""

    def __init__(self, item: Node, length: int, fixed: bool, newest_first: bool) -> None:
        self.item, self.length, self.fixed = item, length, fixed
        self.newest_first = newest_first
        self.size = (0 if fixed else 1) + length * item.size

    def segments(self, name: str, at: int) -> Iterator[Segment]:
        if not self.fixed:
            yield Segment(f"{name}#", at, 1, "count", (1,), f"items, at most {self.length}")
            at += 1
        item = self.item
        order = "newest first" if self.newest_first else ""
        if self.length == 0:
            return  # always empty at this configuration: nothing to write
        if isinstance(item, Number):
            yield Segment(name, at, self.length, item.kind, (self.length,), order)
        elif isinstance(item, OneHot) and item.kind == "one-hot":
            yield Segment(name, at, self.size - (not self.fixed), "planes",
                          (item.size, self.length), ", ".join(map(str, item.categories)))
        else:
            for i in range(self.length):
                yield from item.segments(f"{name}[{i}]", at + i * item.size)

    def misfit(self, n: int, path: str) -> TensorOverflow:
        want = f"exactly {self.length}" if self.fixed else f"at most {self.length}"
        return TensorOverflow(
            f"{path}: {n} items, the layout holds {want} (measured in the probe games); "
            f"declare Hint(max_len=...) in the observation type's {HINTS_ATTR}")

    def emit(self, src: _Source, value: str, base: str, offset: int, path: str,
             depth: int) -> None:
        n = src.name("n")
        src.add(depth, f"{n} = len({value})")
        bad = f"{n} != {self.length}" if self.fixed else f"{n} > {self.length}"
        src.add(depth, f"if {bad}:")
        src.add(depth + 1, f"raise {src.const(self)}.misfit({n}, {_path(path)})")
        if not self.fixed:
            src.add(depth, f"I({_at(base, offset)}); V({n})")
            offset += 1
        if self.length == 0:
            return
        items = f"reversed({value})" if self.newest_first else value
        start = _at(base, offset)
        item = self.item
        if isinstance(item, Number):
            src.add(depth, f"if {n}:")
            src.add(depth + 1, f"IX(range({start}, {start} + {n})); VX({items})")
            return
        i, x = src.name("i"), src.name("x")
        src.add(depth, f"for {i}, {x} in enumerate({items}):")
        inner = f"{path}[{{{i}}}]"
        if isinstance(item, OneHot) and item.kind == "one-hot":  # planes, category-major
            k = src.name("k")
            src.add(depth + 1, f"{k} = {src.const(item.index)}.get({x})")
            src.add(depth + 1, f"if {k} is None:")
            src.add(depth + 2, f"raise {src.const(item)}.missing({x}, {_path(inner)})")
            src.add(depth + 1, f"I({start} + {k} * {self.length} + {i}); V(1)")
            return
        b = src.name("b")
        src.add(depth + 1, f"{b} = {start} + {i} * {item.size}")
        item.emit(src, x, b, 0, inner, depth + 1)


def compile_encoder(root: Node) -> Callable[[Any], tuple[list[int], list[Any]]]:
    """One function of an observation: the positions and values of its entries (zeros may
    be among them; every position not listed is zero)."""
    src = _Source()
    root.emit(src, "obs", "", 0, "", 1)
    body = "\n".join(src.lines) or "    pass"
    text = ("def encode(obs):\n    ix = []; vx = []\n"
            "    I = ix.append; V = vx.append; IX = ix.extend; VX = vx.extend\n"
            f"{body}\n    return ix, vx\n")
    scope: dict[str, Any] = dict(src.consts)
    exec(compile(text, "<engine.tensor encoder>", "exec"), scope)  # noqa: S102
    fn = scope["encode"]
    fn.source = text  # type: ignore[attr-defined]
    return fn  # type: ignore[no-any-return]
