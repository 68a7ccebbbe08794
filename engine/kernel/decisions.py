"""Decisions (docs/architecture.md, "A turn is a stack of small decisions"): what is pending
is a stack of small typed requests (`Request`), and a game's `Rules` registry maps each
request type to its `Handler`: the options it offers, how a chosen option is applied, an
optional fast legality test, and optionally an automatic step. `Rules.perform` is the apply
template (the top request taken off, its handler run, the decision counted, the automatic
steps that follow run), `Rules.random_steps` a uniformly random playout in one loop, for
search. How a request and its options read to a person is registered beside (`Words`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import msgspec

from engine.protocol import TERMINAL, Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython


class Request(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """A pending decision of `seat`. Subclasses add what the decision needs to know; all
    requests are public (everybody sees what is being asked and of whom)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = {"seat": "the seat that takes this decision"}

    seat: int


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
    #: request type -> its legality test (the handler's, or membership in its options)
    legality: dict[type, Legal] = field(default_factory=dict)

    def on(self, request: type, *, options: Options, apply: Apply,
           legal: Legal | None = None, auto: Auto | None = None) -> None:
        """Register the handler of `request` (once per type)."""
        if request in self.handlers:
            raise ValueError(f"{self.game}: {request.__name__} has a handler already")
        self.handlers[request] = Handler(options, apply, legal, auto)
        self.legality[request] = legal or _member(options)

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
        return self.legality[type(req)](s, req, action)

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
