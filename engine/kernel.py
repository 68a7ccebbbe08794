"""The engine kernel: one decision mechanism and declared visibility for every game
(docs/architecture.md, "A turn is a stack of small decisions", "Who sees each zone is declared").

A game writes:

- its `Request` types (frozen structs with `seat`), and a `Rules` registry that maps each
  request type to a `Handler`: the options it offers, how a chosen option is applied, an
  optional fast legality test, and optionally an automatic step (`auto`);
- a state class deriving from `GameState` whose fields each carry their visibility and
  description with their type (`Annotated[T, Public("...")]`, `Owner(...)`, `Hidden(...)`,
  `GENERATOR`, `DERIVED`, `Custom(...)`), and the observation type generated from them
  (`observation_type`);
- `redraw(fields, obs, rng)`: how hidden fields are redrawn in `sample_state`, consistently
  with the observation.

From that the kernel derives `apply` / `apply_legal` (one template), `current_player`,
`legal_actions`, `random_steps` (a uniformly random playout in one loop, for search),
`clone` (generated once per class), `observation(seat)` and the copying of public and own
fields in `sample_state`.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Self

import msgspec

from engine.common.rng import Rng
from engine.protocol import TERMINAL, Action, IllegalActionError, Observation, State

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

__all__ = [
    "CUSTOM", "DERIVED", "GENERATOR", "Custom", "Derived", "GameState", "Handler",
    "Hidden", "Owner", "Public", "Request", "Rules", "Seen", "Visibility", "Words",
    "declarations", "observation_type",
]


class Request(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """A pending decision of `seat`. Subclasses add what the decision needs to know; all
    requests are public (everybody sees what is being asked and of whom)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = {"seat": "the seat that takes this decision"}

    seat: int


# ============================================================================================
# decisions
# ============================================================================================

Options = Callable[[Any, Any], list[Action]]
Apply = Callable[[Any, Any, Any], None]
Legal = Callable[[Any, Any, Any], bool]
Auto = Callable[[Any, Any], bool]
#: the pending decision in words: `ask(s, req)` -> "take a stone from the castle"
Ask = Callable[[Any, Any], str]
#: one option in rulebook words: `say(s, req, action)` -> "take Soldier 3 at castle D2"
Say = Callable[[Any, Any, Any], str]


@dataclass(frozen=True, slots=True)
class Words:
    """How a request and its options read to a person (`Rules.words`)."""

    ask: Ask | None = None
    say: Say | None = None


@dataclass(frozen=True, slots=True)
class Handler:
    """What one request type does. `apply(s, req, action)` and `auto(s, req)` are called
    with `req` already taken off the stack; they push whatever comes next."""

    options: Options
    apply: Apply
    #: fast test of one candidate (default: membership in `options`); must agree with it
    legal: Legal | None = None
    #: an automatic step: resolve `req` without a decision and return True, or return False
    #: (the kernel puts `req` back and asks its seat). Only where the condition is public.
    auto: Auto | None = None


def _member(options: Options) -> Legal:
    def legal(s: Any, req: Any, action: Any) -> bool:
        try:
            return action in options(s, req)
        except TypeError:
            return False

    return legal


@dataclass
class Rules:
    """One game's registry: request type -> handler, and what happens when the stack is
    empty (`on_empty(s)`: push the next decisions, or nothing when the game is over)."""

    game: str
    on_empty: Callable[[Any], None] | None = None
    handlers: dict[type, Handler] = field(default_factory=dict)
    #: request type -> its words (registered by the game's describing module)
    texts: dict[type, Words] = field(default_factory=dict)
    _legal: dict[type, Legal] = field(default_factory=dict)

    def on(self, request: type, *, options: Options, apply: Apply,
           legal: Legal | None = None, auto: Auto | None = None) -> None:
        """Register the handler of `request` (once per type)."""
        if request in self.handlers:
            raise ValueError(f"{self.game}: {request.__name__} has a handler already")
        self.handlers[request] = Handler(options, apply, legal, auto)
        self._legal[request] = legal or _member(options)

    def automatic(self, request: type, run: Callable[[Any, Any], None]) -> None:
        """Register a request that is always resolved without a decision (e.g. a check that
        runs once all stones are placed)."""

        def auto(s: Any, req: Any) -> bool:
            run(s, req)
            return True

        self.on(request, options=_no_options, apply=_no_apply, auto=auto)

    def words(self, request: type, *, ask: Ask | None = None, say: Say | None = None) -> None:
        """Register how `request` reads: `ask(s, req)` the decision, `say(s, req, action)`
        one of its options, both in the rulebook's words (once per type)."""
        if request in self.texts:
            raise ValueError(f"{self.game}: {request.__name__} has words already")
        self.texts[request] = Words(ask, say)

    def handler(self, request: type) -> Handler:
        try:
            return self.handlers[request]
        except KeyError:
            raise AssertionError(f"{self.game}: no handler for {request.__name__}") from None

    def options(self, s: Any) -> list[Action]:
        stack = s.stack
        if not stack:
            return []
        req = stack[-1]
        return self.handlers[type(req)].options(s, req)

    def is_legal(self, s: Any, action: Any) -> bool:
        stack = s.stack
        if not stack or not isinstance(action, Action):
            return False
        req = stack[-1]
        return self._legal[type(req)](s, req, action)

    def perform(self, s: Any, action: Any) -> None:
        """The apply template: take the top request, run its handler, count the decision,
        run the automatic steps that follow."""
        stack = s.stack
        req = stack.pop()
        self.handlers[type(req)].apply(s, req, action)
        s.decision += 1
        # `settle` inline for its commonest case: a decision is pending and is not automatic
        stack = s.stack
        if not stack or self.handlers[type(stack[-1])].auto is not None:
            self.settle(s)

    @cython.locals(stack=list)
    def settle(self, s: Any) -> None:
        """Run automatic steps until a decision is pending or the game is over."""
        stack = s.stack
        handlers = self.handlers
        on_empty = self.on_empty
        while True:
            if not stack:
                if on_empty is None:
                    return
                on_empty(s)
                if not stack:
                    return
                continue
            auto = handlers[type(stack[-1])].auto
            if auto is None:
                return
            req = stack.pop()
            if not auto(s, req):
                stack.append(req)
                return

    @cython.locals(limit=cython.Py_ssize_t, steps=cython.Py_ssize_t, stack=list,
                   r=cython.double, n=cython.Py_ssize_t)
    def random_steps(self, s: Any, rand: Callable[[], float], limit: int) -> int:
        """At most `limit` uniformly random decisions on `s`, each the option at
        `int(rand() * len(options))` of the pending request, applied by the apply template
        (`perform`): the same as that many `legal_actions()` / `apply_legal()` rounds while
        the game is not over, without their calls. The number of decisions taken."""
        handlers = self.handlers
        settle = self.settle
        steps = 0
        while steps < limit:
            stack = s.stack
            if not stack:
                break
            req = stack[-1]
            if req.seat == TERMINAL:
                break
            h = handlers[type(req)]
            legal = h.options(s, req)
            r = rand()
            n = len(legal)
            action = legal[cython.cast(cython.Py_ssize_t, r * n)]  # int(): toward zero
            stack.pop()
            h.apply(s, req, action)
            s.decision += 1
            stack = s.stack
            if not stack or handlers[type(stack[-1])].auto is not None:
                settle(s)
            steps += 1
        return steps


def _no_options(s: Any, req: Any) -> list[Action]:
    return []


def _no_apply(s: Any, req: Any, action: Any) -> None:  # pragma: no cover - never asked
    raise AssertionError("an automatic request takes no decision")


# ============================================================================================
# visibility
# ============================================================================================


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


# ============================================================================================
# generated copies
# ============================================================================================


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


def _copy_expr(t: Any, x: str, depth: int, helpers: dict[str, Any]) -> str:
    """A Python expression copying the value `x` of type `t` (immutable parts shared)."""
    mi = msgspec.inspect
    if _is_immutable(t):
        return x
    if isinstance(t, mi.ListType):
        if _is_immutable(t.item_type):
            return f"{x}[:]"
        v = f"_v{depth}"
        return f"[{_copy_expr(t.item_type, v, depth + 1, helpers)} for {v} in {x}]"
    if isinstance(t, mi.StructType):
        if not _mutable_fields(t.cls):  # a struct of immutable fields (the generator)
            return f"{x}.__copy__()"
        name = f"_clone_{t.cls.__name__}_{len(helpers)}"
        helpers[name] = struct_copier(t.cls)
        return f"{name}({x})"
    if isinstance(t, mi.UnionType):
        mutable = [u for u in t.types if not isinstance(u, mi.NoneType)]
        if len(mutable) == 1 and len(t.types) == 2:
            return f"(None if {x} is None else {_copy_expr(mutable[0], x, depth, helpers)})"
    raise TypeError(f"cannot generate a copy for a field of type {t!r}: use lists, tuples, "
                    "ints and structs")


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _mutable_fields(cls: type) -> list[tuple[str, Any]]:
    """(name, type) of the fields of struct `cls` that a copy must copy afresh."""
    return [(f.name, f.type) for f in msgspec.inspect.type_info(cls).fields
            if not _is_immutable(f.type)]


def struct_copier(cls: type) -> Callable[[Any], Any]:
    """A generated function copying a mutable struct of type `cls`: a shallow `__copy__`,
    then fresh copies of the mutable fields only (lists, nested mutable structs)."""
    fn = _COPIERS.get(cls)
    if fn is not None:
        return fn
    helpers: dict[str, Any] = {}
    lines = ["def copy(self):", "    c = self.__copy__()"]
    for name, typ in _mutable_fields(cls):
        lines.append(f"    c.{name} = {_copy_expr(typ, f'self.{name}', 0, helpers)}")
    lines.append("    return c")
    ns: dict[str, Any] = dict(helpers)
    exec("\n".join(lines), ns)  # noqa: S102 - generated from the struct's own field types
    fn = _COPIERS[cls] = ns["copy"]
    return fn


# ============================================================================================
# the state base
# ============================================================================================


class GameState(State, msgspec.Struct, kw_only=True):
    """Base of every game state on the kernel. A subclass sets `RULES`, declares every field
    with its visibility (`Annotated[T, Public("...")]`; `decision` and `stack` are public),
    narrows `stack` to its request union, and generates its `OBSERVATION` type with
    `observation_type`."""

    RULES: ClassVar[Rules]
    OBSERVATION: ClassVar[type[Observation]]

    decision: int = 0
    #: pending decisions; the last one is decided now
    stack: list[Request] = []

    # --- decisions -------------------------------------------------------------------------
    def current_player(self) -> int:
        stack = self.stack
        return stack[-1].seat if stack else TERMINAL

    def legal_actions(self) -> list[Action]:
        stack = self.stack  # `Rules.options` inline: one call less per decision
        if not stack:
            return []
        req = stack[-1]
        return self.RULES.handlers[type(req)].options(self, req)

    def is_terminal(self) -> bool:
        stack = self.stack  # `current_player() == TERMINAL` without the call
        return not stack or stack[-1].seat == TERMINAL

    def is_legal(self, action: Any) -> bool:
        """The fast legality test of the pending request (agrees with `legal_actions`)."""
        return self.RULES.is_legal(self, action)

    def apply(self, action: Action) -> None:
        stack = self.stack
        if not stack:
            raise IllegalActionError(f"{action!r}: the game is over")
        # Rules.is_legal and Rules.perform inline: two calls fewer per checked decision
        rules, req = self.RULES, stack[-1]
        kind = type(req)
        if not isinstance(action, Action) or not rules._legal[kind](self, req, action):
            raise self._illegal(action, f"not an option of the pending decision {kind.__name__}")
        stack.pop()
        handlers = rules.handlers
        handlers[kind].apply(self, req, action)
        self.decision += 1
        stack = self.stack
        if not stack or handlers[type(stack[-1])].auto is not None:
            rules.settle(self)

    def apply_legal(self, action: Action) -> None:
        self.RULES.perform(self, action)

    def random_steps(self, rand: Callable[[], float], limit: int) -> int | None:
        """At most `limit` uniformly random decisions (`Rules.random_steps`: option
        `int(rand() * len(legal_actions()))` each, stopping when the game is over), as a
        loop of `legal_actions()` and `apply_legal()` would take them; the number taken.
        None (nothing done) where a subclass changes how decisions are listed or applied:
        the caller then runs that loop itself."""
        if not _plain_decisions(type(self)):
            return None
        return self.RULES.random_steps(self, rand, limit)

    def pending(self) -> Request | None:
        """The request decided now (None when the game is over)."""
        return self.stack[-1] if self.stack else None

    def describe_pending(self) -> str:
        """The pending decision in words ("Red: take a stone from the castle")."""
        req = self.pending()
        if req is None:
            return "the game is over"
        w = self.RULES.texts.get(type(req))
        if w is None or w.ask is None:
            return super().describe_pending()
        return w.ask(self, req)

    def describe_action(self, action: Action) -> str:
        """`action`, an option of the pending decision, in the rulebook's words."""
        req = self.pending()
        w = self.RULES.texts.get(type(req)) if req is not None else None
        if w is None or w.say is None:
            return super().describe_action(action)
        return w.say(self, req, action)

    def phase(self) -> str:
        """The observation's phase: the pending request's name, or "over"."""
        return type(self.stack[-1]).__name__ if self.stack else "over"

    # --- copies ----------------------------------------------------------------------------
    def clone(self) -> Self:
        copy = _COPIERS.get(type(self)) or struct_copier(type(self))
        return copy(self)  # type: ignore[no-any-return]

    # --- views -----------------------------------------------------------------------------
    def observation(self, seat: int) -> Any:
        """Everything `seat` may know, derived from the declarations (plus `observe_custom`)."""
        return _observer_of(type(self))(self, seat)

    def observe_custom(self, seat: int) -> dict[str, Any]:
        """Observation fields of the `CUSTOM` declarations (games that have some override)."""
        return {}

    # --- determinization -------------------------------------------------------------------
    @classmethod
    def sample(cls, obs: Observation, seed: int) -> Self:
        """`sample_state`: public fields from `obs`, the seat's own owner-only entries, a
        fresh generator; the game's `redraw` fills the hidden fields and derived caches."""
        if not isinstance(obs, cls.OBSERVATION):
            raise TypeError(f"not a {cls.game_id} observation: {type(obs).__name__}")
        return _sampler_of(cls)(cls, obs, Rng.from_seed(seed, f"{cls.game_id}-sample"))

    @classmethod
    def redraw(cls, fields: dict[str, Any], obs: Any, rng: Rng) -> None:
        """Fill the hidden, other seats' owner-only, custom and derived fields of `fields`
        consistently with `obs`, drawing from `rng`. Games with hidden information override."""

    @classmethod
    def generator_field(cls) -> str | None:
        names = _plan_of(cls).generator
        return names[0] if names else None

    @classmethod
    def owner_fields(cls) -> dict[str, Owner]:
        return dict(_plan_of(cls).owner)


_PLAIN: dict[type, bool] = {}


def _plain_decisions(cls: type) -> bool:
    """True when `cls` lists and applies decisions by the kernel's own methods (so that
    `Rules.random_steps` takes the same decisions as its `legal_actions`/`apply_legal`)."""
    plain = _PLAIN.get(cls)
    if plain is None:
        rules = getattr(cls, "RULES", None)
        plain = _PLAIN[cls] = (
            type(rules) is Rules
            and all(getattr(cls, m) is getattr(GameState, m)
                    for m in ("legal_actions", "apply_legal", "is_terminal",
                              "current_player")))
    return plain


@dataclass
class _Plan:
    public: list[str]
    owner: list[tuple[str, Owner]]
    sized: list[tuple[str, Hidden]]
    generator: list[str]
    custom: bool


_PLANS: dict[type, _Plan] = {}


def _plan_of(cls: type) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _make_plan(cls)
    return plan


_OBSERVERS: dict[type, Callable[[Any, int], Any]] = {}


def _observer_of(cls: type) -> Callable[[Any, int], Any]:
    fn = _OBSERVERS.get(cls)
    if fn is None:
        fn = _OBSERVERS[cls] = _make_observer(cls)
    return fn


_SAMPLERS: dict[type, Callable[[Any, Any, Rng], Any]] = {}


def _sampler_of(cls: type) -> Callable[[Any, Any, Rng], Any]:
    fn = _SAMPLERS.get(cls)
    if fn is None:
        fn = _SAMPLERS[cls] = _make_sampler(cls)
    return fn


def _make_sampler(cls: type) -> Callable[[Any, Any, Rng], Any]:
    """A generated `sample(cls, obs, rng)` for `cls`: the public fields copied from `obs`,
    the seat's own owner-only entries, the generator; then the game's `redraw` on the field
    dict (or, for a game without one, the state built directly)."""
    plan = _plan_of(cls)
    types = {f.name: f.type for f in msgspec.inspect.type_info(cls).fields}
    helpers: dict[str, Any] = {}
    items = [(name, _copy_expr(types[name], f"obs.{name}", 0, helpers))
             for name in plan.public]
    items.append(("decision", "obs.decision"))
    for k, (name, vis) in enumerate(plan.owner):
        helpers[f"_own{k}"] = vis
        items.append((name, f"_own{k}.blank(obs.num_players, obs.seat, obs.{vis.own})"))
    items += [(name, "rng") for name in plan.generator]
    if cls.redraw.__func__ is GameState.redraw.__func__:  # type: ignore[attr-defined]
        body = "    return cls(" + ", ".join(f"{k}={v}" for k, v in items) + ")"
    else:
        body = ("    f = {" + ", ".join(f"{k!r}: {v}" for k, v in items) + "}\n"
                "    cls.redraw(f, obs, rng)\n    return cls(**f)")
    exec("def sample(cls, obs, rng):\n" + body, helpers)  # noqa: S102 - from the declarations
    return helpers["sample"]  # type: ignore[no-any-return]


def _make_observer(cls: type) -> Callable[[Any, int], Any]:
    """A generated `observation(self, seat)` for `cls`, following its plan: one constructor
    call with the public copies, the seat's own entries, the sizes and the custom fields."""
    plan = _plan_of(cls)
    types = {f.name: f.type for f in msgspec.inspect.type_info(cls).fields}
    helpers: dict[str, Any] = {"_OBS": cls.OBSERVATION}  # type: ignore[attr-defined]
    args = ["game=self.game_id", "seat=seat", "decision=self.decision", "phase=self.phase()",
            "current_player=cp", "legal_actions=self.legal_actions() if cp == seat else []"]
    for name in plan.public:
        args.append(f"{name}={_copy_expr(types[name], f'self.{name}', 0, helpers)}")
    for k, (name, vis) in enumerate(plan.owner):
        helpers[f"_own{k}"] = vis
        x, st = f"self.{name}", vis.stride
        args.append(f"{vis.own}={x}[seat * {st}:(seat + 1) * {st}]" if st
                    else f"{vis.own}=_own{k}.entry({x}, seat)")
        if vis.sizes:
            agg = "sum" if vis.measure == "sum" else "len"
            args.append(f"{vis.sizes}=[{agg}({x}[i:i + {st}]) for i in range(0, n * {st}, {st})]"
                        if st else f"{vis.sizes}=[{agg}({x}[p]) for p in range(n)]")
    for name, vis in plan.sized:
        args.append(f"{vis.size}={'sum' if vis.measure == 'sum' else 'len'}(self.{name})")
    lines = ["def observation(self, seat):", "    cp = self.current_player()",
             "    n = self.num_players" if plan.owner else "    pass"]
    if plan.custom:
        lines += ["    kw = dict(" + ", ".join(args) + ")",
                  "    kw.update(self.observe_custom(seat))", "    return _OBS(**kw)"]
    else:
        lines.append("    return _OBS(" + ", ".join(args) + ")")
    exec("\n".join(lines), helpers)  # noqa: S102 - generated from the declarations
    return helpers["observation"]  # type: ignore[no-any-return]


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


def _make_plan(cls: type) -> _Plan:
    info = msgspec.inspect.type_info(cls)
    declared = declarations(cls)
    names = {f.name for f in info.fields}
    missing = sorted(names - set(declared))
    extra = sorted(set(declared) - names)
    if missing or extra:
        raise TypeError(f"{cls.__name__} must declare every field's visibility: "
                        f"undeclared {missing}, unknown {extra}")
    plan = _Plan([], [], [], [], False)
    for f in info.fields:
        vis = declared[f.name]
        if isinstance(vis, Public):
            _copy_expr(f.type, "x", 0, {})  # fails early on a type it cannot copy
            plan.public.append(f.name)
        elif isinstance(vis, Owner):
            plan.owner.append((f.name, vis))
        elif isinstance(vis, Hidden):
            if vis.size:
                plan.sized.append((f.name, vis))
        elif vis is GENERATOR:
            plan.generator.append(f.name)
        elif isinstance(vis, Custom):
            plan.custom = True
        elif not isinstance(vis, Derived):
            raise TypeError(f"{cls.__name__}.{f.name}: unknown visibility {vis!r}")
    return plan
