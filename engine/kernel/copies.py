"""Generated copies (docs/architecture.md, "Clones are cheap"): `struct_copier(cls)` writes,
once per struct type, a function that copies a state: a shallow `__copy__`, then fresh
copies of its mutable fields only (lists, nested mutable structs), the immutable parts
shared. `GameState.clone` and the generated observations and samples use it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec


def _is_immutable(t: Any) -> bool:
    mi = msgspec.inspect
    if isinstance(t, (mi.IntType, mi.BoolType, mi.FloatType, mi.StrType, mi.NoneType,
                      mi.LiteralType, mi.BytesType, mi.EnumType)):
        return True
    if isinstance(t, mi.StructType):
        return bool(t.cls.__struct_config__.frozen)
    if isinstance(t, (mi.TupleType, mi.VarTupleType, mi.FrozenSetType)):
        items = t.item_types if isinstance(t, mi.TupleType) else (t.item_type,)
        return all(_is_immutable(x) for x in items)
    if isinstance(t, mi.UnionType):
        return all(_is_immutable(x) for x in t.types)
    return False


def copy_expr(t: Any, x: str, depth: int, helpers: dict[str, Any]) -> str:
    """A Python expression copying the value `x` of type `t` (immutable parts shared)."""
    mi = msgspec.inspect
    if _is_immutable(t):
        return x
    if isinstance(t, mi.ListType):
        if _is_immutable(t.item_type):
            return f"{x}[:]"
        v = f"_v{depth}"
        return f"[{copy_expr(t.item_type, v, depth + 1, helpers)} for {v} in {x}]"
    if isinstance(t, mi.StructType):
        if not _mutable_fields(t.cls):  # a struct of immutable fields (the generator)
            return f"{x}.__copy__()"
        name = f"_clone_{t.cls.__name__}_{len(helpers)}"
        helpers[name] = struct_copier(t.cls)
        return f"{name}({x})"
    if isinstance(t, mi.UnionType):
        mutable = [u for u in t.types if not isinstance(u, mi.NoneType)]
        if len(mutable) == 1 and len(t.types) == 2:
            return f"(None if {x} is None else {copy_expr(mutable[0], x, depth, helpers)})"
    raise TypeError(f"cannot generate a copy for a field of type {t!r}: use lists, tuples, "
                    "ints and structs")


#: struct type -> its generated copier (`struct_copier`)
COPIERS: dict[type, Callable[[Any], Any]] = {}


def _mutable_fields(cls: type) -> list[tuple[str, Any]]:
    """(name, type) of the fields of struct `cls` that a copy must copy afresh."""
    return [(f.name, f.type) for f in msgspec.inspect.type_info(cls).fields
            if not _is_immutable(f.type)]


def struct_copier(cls: type) -> Callable[[Any], Any]:
    """A generated function copying a mutable struct of type `cls`: a shallow `__copy__`,
    then fresh copies of the mutable fields only (lists, nested mutable structs)."""
    fn = COPIERS.get(cls)
    if fn is not None:
        return fn
    helpers: dict[str, Any] = {}
    lines = ["def copy(self):", "    c = self.__copy__()"]
    for name, typ in _mutable_fields(cls):
        lines.append(f"    c.{name} = {copy_expr(typ, f'self.{name}', 0, helpers)}")
    lines.append("    return c")
    ns: dict[str, Any] = dict(helpers)
    exec("\n".join(lines), ns)  # noqa: S102 - generated from the struct's own field types
    fn = COPIERS[cls] = ns["copy"]
    return fn
