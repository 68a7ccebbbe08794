"""The base of every game state on the kernel (`GameState`): the decisions of its stack
(engine/kernel/decisions.py) as the State protocol's methods, its copies, observations and
samples generated from its fields' declarations (copies.py, generated.py), each generated
once per class and kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Self

import msgspec

from engine.common.rng import Rng
from engine.kernel.copies import COPIERS, struct_copier
from engine.kernel.decisions import Request, Rules
from engine.kernel.generated import make_observer, make_sampler, plan_of
from engine.kernel.visibility import Owner
from engine.protocol import TERMINAL, Action, IllegalActionError, Observation, State


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
        if not isinstance(action, Action) or not rules.legality[kind](self, req, action):
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
        copy = COPIERS.get(type(self)) or struct_copier(type(self))
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
        names = plan_of(cls).generator
        return names[0] if names else None

    @classmethod
    def owner_fields(cls) -> dict[str, Owner]:
        return dict(plan_of(cls).owner)


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


_OBSERVERS: dict[type, Callable[[Any, int], Any]] = {}


def _observer_of(cls: type) -> Callable[[Any, int], Any]:
    fn = _OBSERVERS.get(cls)
    if fn is None:
        fn = _OBSERVERS[cls] = make_observer(cls)
    return fn


_SAMPLERS: dict[type, Callable[[Any, Any, Rng], Any]] = {}


def _sampler_of(cls: type) -> Callable[[Any, Any, Rng], Any]:
    fn = _SAMPLERS.get(cls)
    if fn is None:
        redraws = cls.redraw.__func__ is not GameState.redraw.__func__  # type: ignore[attr-defined]
        fn = _SAMPLERS[cls] = make_sampler(cls, redraws)
    return fn

