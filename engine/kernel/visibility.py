"""Who sees each field of a state (docs/architecture.md, "Who sees each zone is declared"):
a state class writes every field once with its type and its visibility,
`Annotated[T, Public("...")]`, `Owner(...)`, `Hidden(...)`, `GENERATOR`, `DERIVED` or
`Custom(...)`, each with the description a bot author reads. `declarations` reads them
back, and `observation_type` generates from them the type of what one seat may know.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Annotated, Any

import msgspec

from engine.protocol import Observation


class Visibility:
    """Base of the field declarations."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Public(Visibility):
    """Everybody sees it: copied to the observation under the same name, described by
    `doc` (what a bot author reads)."""

    doc: str = ""


@dataclass(frozen=True, slots=True)
class _Generator(Visibility):
    """The seeded generator (future chance): nobody sees it; `sample_state` replaces it."""


@dataclass(frozen=True, slots=True)
class Derived(Visibility):
    """Computed from public fields (a cache); not observed; `redraw` recomputes it."""


@dataclass(frozen=True, slots=True)
class Seen:
    """One observation field that a `Custom` declaration produces (`observe_custom`)."""

    name: str
    type: Any
    doc: str


@dataclass(frozen=True, slots=True)
class Custom(Visibility):
    """Partly hidden in a way the game describes itself: `observe_custom` shows what may be
    seen (the observation fields `shows`, each with its type and description), `redraw`
    rebuilds the rest. Several custom fields may share one view: declare its fields once."""

    shows: tuple[Seen, ...] = ()


GENERATOR: Visibility = _Generator()
DERIVED: Visibility = Derived()
CUSTOM: Visibility = Custom()


def _size_of(entry: Any, measure: str) -> int:
    return sum(entry) if measure == "sum" else len(entry)


@dataclass(frozen=True, slots=True)
class Owner(Visibility):
    """One entry per seat, seen by its owner only. Entries are `stride` consecutive items of
    a flat list, or items of a list (stride 0). The observation shows the seat's own entry
    as `own` and, when the rules make sizes public, every seat's size as `sizes` (measured
    by `measure`: "sum" of counts or "len" of a list)."""

    own: str
    sizes: str | None = None
    stride: int = 0
    measure: str = "len"
    #: descriptions of the `own` and `sizes` observation fields
    doc: str = ""
    sizes_doc: str = ""

    def entry(self, value: list[Any], seat: int) -> Any:
        if self.stride:
            return value[seat * self.stride:(seat + 1) * self.stride]
        e = value[seat]
        return e[:] if isinstance(e, list) else e

    def size_list(self, value: list[Any], n: int) -> list[int]:
        return [_size_of(self.entry(value, p), self.measure) for p in range(n)]

    def blank(self, n: int, seat: int, own: Any) -> list[Any]:
        """The field as `sample_state` starts it: the seat's own entry, others empty."""
        if self.stride:
            out = [0] * (n * self.stride)
            out[seat * self.stride:(seat + 1) * self.stride] = own
            return out
        return [own[:] if p == seat else [] for p in range(n)]


@dataclass(frozen=True, slots=True)
class Hidden(Visibility):
    """Hidden from all (a bag, a deck, a face-down pile). When the rules make its size
    public, the observation shows it as `size` (measured by `measure`)."""

    size: str | None = None
    measure: str = "len"
    #: description of the `size` observation field
    size_doc: str = ""


#: the description of `stack` when a game does not write its own
STACK_DOC = ("the pending decisions, the last one is decided now; each is a tagged object "
             "naming the decision (`type`) and the seat that takes it")


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def declarations(cls: type) -> dict[str, Visibility]:
    """Each field's visibility, written with its type: `name: Annotated[T, Public("...")]`
    (`decision` is never observed as a state field; `stack` is public by default)."""
    hints = _hints(cls)
    out: dict[str, Visibility] = {"decision": DERIVED, "stack": Public(STACK_DOC)}
    for f in msgspec.structs.fields(cls):
        marks = [m for m in getattr(hints.get(f.name), "__metadata__", ())
                 if isinstance(m, Visibility)]
        if len(marks) > 1:
            raise TypeError(f"{cls.__name__}.{f.name}: more than one visibility")
        if marks:
            out[f.name] = marks[0]
    return out


def _plain(hint: Any) -> Any:
    return typing.get_args(hint)[0] if typing.get_origin(hint) is Annotated else hint


def observation_type(cls: type, action: Any, **extra: Any) -> type[Observation]:
    """The observation type of state class `cls`, generated from its fields' declarations:
    public fields under their names and types, each seat's own entry and the public sizes of
    owner-only fields, the public sizes of hidden ones, the fields custom views show; each
    with the description written beside its field (`FIELD_DOCS`). `legal_actions` holds
    `action`s; `extra` adds class attributes (e.g. `TENSOR_HINTS`, engine.tensor). Assign it
    to `cls.OBSERVATION` and to the name it has in the state's module (`<Game>Observation`),
    so that it pickles."""
    hints, declared = _hints(cls), declarations(cls)
    fields: list[tuple[Any, ...]] = [("legal_actions", list[action], [])]
    docs: dict[str, str] = {}

    def add(name: str, typ: Any, doc: str) -> None:
        if not doc:
            raise TypeError(f"{cls.__name__}: observation field {name!r} has no description")
        if name in docs:
            raise TypeError(f"{cls.__name__}: observation field {name!r} declared twice")
        fields.append((name, typ))
        docs[name] = doc

    for f in msgspec.structs.fields(cls):
        vis, typ = declared.get(f.name), _plain(hints[f.name])
        if isinstance(vis, Public):
            add(f.name, typ, vis.doc)
        elif isinstance(vis, Owner):
            add(vis.own, typ if vis.stride else typing.get_args(typ)[0], vis.doc)
            if vis.sizes:
                add(vis.sizes, list[int], vis.sizes_doc)
        elif isinstance(vis, Hidden) and vis.size:
            add(vis.size, int, vis.size_doc)
        elif isinstance(vis, Custom):
            for seen in vis.shows:
                add(seen.name, seen.type, seen.doc)
    name = cls.__name__.removesuffix("State") + "Observation"
    obs = msgspec.defstruct(
        name, fields, bases=(Observation,), kw_only=True, module=cls.__module__,
        namespace={"FIELD_DOCS": docs, "__doc__": f"What one seat of {cls.__name__} may "
                   "know: generated from the state's declared visibility (engine.kernel).",
                   **extra})
    cls.OBSERVATION = obs  # type: ignore[attr-defined]
    return obs

