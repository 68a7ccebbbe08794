"""The contract every game and bot keeps (docs/architecture.md, "The contract").

A game provides a `State` (usually a msgspec Struct that also inherits `State`),
a tagged union of frozen `Action` structs, an `Observation` subclass, and a `Game`
descriptor (see `engine.registry`). Everything here is game-independent.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Self

import msgspec
import numpy as np
from rich.text import Text

#: `State.current_player()` when the game is over (same value as OpenSpiel's kTerminalPlayerId).
TERMINAL = -4
#: `MatchRecord.outcome` of a game that ended by its rules with nobody winning: the seats
#: sharing place 0 share no win (`State.no_winner()`; e.g. Huang §10, all four colours tied)
NO_WINNER = "no_winner"


class ArenaError(Exception):
    """Base of every error this project raises on purpose."""


class IllegalActionError(ArenaError, ValueError):
    """An action that is not legal in the current state; the state is left unchanged."""


class UnknownGameError(ArenaError, ValueError):
    """A game id that is not registered."""


class InvalidConfigError(ArenaError, ValueError):
    """A player count or option that the game does not accept."""


class Action(msgspec.Struct, frozen=True, tag=True):
    """Base of every action. Subclasses are tagged by class name (`{"type": "Pass", ...}`),
    frozen and hashable, so they can be dict keys and compared by value."""


def field_docs(cls: type) -> dict[str, str]:
    """The descriptions of a struct's fields for bot authors: the `FIELD_DOCS` of the class
    and of its bases (a subclass's entry wins). Every struct a bot reads or writes (the
    observation, what it holds, actions, requests) declares one; `arena schema` and the
    game reference pages (docs/games/) are generated from them."""
    out: dict[str, str] = {}
    for k in reversed(cls.__mro__):
        out.update(vars(k).get("FIELD_DOCS", {}))
    return out


class Observation(msgspec.Struct, kw_only=True):
    """What one seat may know at one moment. Games subclass this, narrowing
    `legal_actions` to their action union and adding public and private fields."""

    FIELD_DOCS: ClassVar[dict[str, str]] = {
        "game": "the game's id",
        "seat": "the seat this observation is for, numbered from 0 (as on every screen)",
        "decision": "how many decisions the game has taken so far (0 at the start)",
        "phase": "the rulebook's name of the current phase or step",
        "current_player": "the seat that decides now (equal to `seat` when you are asked); "
                          "-4 when the game is over",
        "legal_actions": "every action you may take now, each a tagged object "
                         "(`{\"type\": ...}`); answer with one of them or with "
                         "`{\"index\": i}` into this list",
    }

    game: str
    seat: int
    decision: int
    phase: str
    current_player: int
    legal_actions: list[Any] = []


class ActionSpace:
    """A fixed, per-game (and per player count/options) numbering of every action.

    Ids are stable: the enumeration order is part of the game's definition, so
    learning bots and the OpenSpiel/PettingZoo adapters can use masks.
    """

    __slots__ = ("actions", "_ids")

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._ids: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self._ids) != len(self.actions):
            raise ValueError("action space lists an action twice")

    @property
    def size(self) -> int:
        return len(self.actions)

    def id_of(self, action: Action) -> int:
        try:
            return self._ids[action]
        except (KeyError, TypeError):
            raise IllegalActionError(f"{action!r} is not in this game's action space") from None

    def from_id(self, action_id: int) -> Action:
        if not 0 <= action_id < len(self.actions):
            raise IllegalActionError(
                f"action id {action_id} is outside the action space [0, {len(self.actions)})"
            )
        return self.actions[action_id]

    def mask(self, legal: Sequence[Action]) -> np.ndarray:
        m = np.zeros(len(self.actions), dtype=bool)
        for a in legal:
            m[self._ids[a]] = True
        return m


_ENCODER = msgspec.msgpack.Encoder()


def action_words(action: Action) -> str:
    """Generic words for an action: its type and fields ("TakeStone x=3 y=2")."""
    fields = " ".join(f"{f}={getattr(action, f)!r}" for f in action.__struct_fields__)
    return f"{type(action).__name__} {fields}".rstrip()


class State:
    """The state contract. Concrete games subclass it (typically together with
    `msgspec.Struct`) and implement the methods that raise `NotImplementedError`.

    The defaults below assume the subclass is a msgspec Struct: `clone`,
    `to_bytes` and `from_bytes` are a MessagePack round trip (cheap, no deepcopy).
    """

    __slots__ = ()
    #: the registered game id
    game_id: ClassVar[str] = ""
    _decoders: ClassVar[dict[type, msgspec.msgpack.Decoder]] = {}

    # --- required -------------------------------------------------------------
    def current_player(self) -> int:
        """Seat whose decision is next, or `TERMINAL`."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """Deterministic, duplicate-free options of the pending decision ([] when terminal)."""
        raise NotImplementedError

    def apply(self, action: Action) -> None:
        """Perform one decision. Raises `IllegalActionError` and changes nothing if illegal."""
        raise NotImplementedError

    def apply_legal(self, action: Action) -> None:
        """`apply` for an action taken from this very state's `legal_actions()`: a game may
        skip re-validating it (searches and playouts call this in their inner loops).
        Anything from outside (bots, records, users) goes through `apply`."""
        self.apply(action)

    def scores(self) -> list[int]:
        """Victory points per seat (final once terminal)."""
        raise NotImplementedError

    def observation(self, seat: int) -> Observation:
        """Everything `seat` may know, nothing it may not."""
        raise NotImplementedError

    def render(self, seat: int | None = None) -> str:
        """A readable plain-text picture: the whole state (`seat=None`, the god view) or
        exactly what `seat` may know (its observation). Coordinates on every board, names
        rather than numbers, the pending decision in words and, once the game is over, every
        score's breakdown. Default: the plain text of `render_text`."""
        return self.render_text(seat).plain

    def render_text(self, seat: int | None = None) -> Text:
        """`render` with Rich styles (player and tile colours); terminals print this."""
        raise NotImplementedError

    def describe_action(self, action: Action) -> str:
        """`action`, an option of the pending decision, in the rulebook's words ("take
        Soldier 3 at castle D2"). Distinct legal actions read differently. Default: the
        action's type and fields."""
        return action_words(action)

    def describe_pending(self) -> str:
        """The pending decision in words, naming the seat that decides."""
        p = self.current_player()
        return "the game is over" if p == TERMINAL else f"seat {p} to decide"

    def score_breakdown(self) -> dict[str, list[int]]:
        """Every score's parts: category -> points per seat; the parts sum to `scores()`.
        Default: one category."""
        return {"total": list(self.scores())}

    def action_space(self) -> ActionSpace:
        """The game's fixed action space for this player count and options."""
        raise NotImplementedError

    @property
    def num_players(self) -> int:  # pragma: no cover - overridden by a field
        raise NotImplementedError

    # --- defaults --------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Rulebook tie-break key after score (larger is better). Default: none."""
        return ()

    def ranking(self) -> list[int]:
        """Final place per seat (0 = winner); equal (score, tie-break) share a place."""
        sc = self.scores()
        keys = [(sc[p], *self.tiebreak(p)) for p in range(len(sc))]
        return [sum(1 for k in keys if k > mine) for mine in keys]

    def no_winner(self) -> bool:
        """True when the game is over and its rules say nobody wins: the seats sharing
        place 0 in `ranking()` then share no win (ratings count them as a draw between
        them, above the seats they beat; `ratings.elo.first_share` gives them 0).
        Default: False (the best place wins)."""
        return False

    def heuristic(self, seat: int) -> float:
        """Cheap value estimate in [0, 1] of `seat`'s position; default from score share."""
        sc = self.scores()
        total = sum(max(0, s) for s in sc)
        if total == 0:
            return 1.0 / len(sc)
        return max(0, sc[seat]) / total

    def action_id(self, action: Action) -> int:
        return self.action_space().id_of(action)

    def action_from_id(self, action_id: int) -> Action:
        return self.action_space().from_id(action_id)

    def legal_action_mask(self) -> np.ndarray:
        return self.action_space().mask(self.legal_actions())

    def num_distinct_actions(self) -> int:
        return self.action_space().size

    def to_bytes(self) -> bytes:
        return _ENCODER.encode(self)

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        dec = State._decoders.get(cls)
        if dec is None:
            dec = State._decoders[cls] = msgspec.msgpack.Decoder(cls)
        return dec.decode(data)

    def clone(self) -> Self:
        return type(self).from_bytes(_ENCODER.encode(self))

    def _illegal(self, action: object, why: str = "") -> IllegalActionError:
        """Build the standard error for an illegal `action` (callers `raise` it)."""
        legal = self.legal_actions()
        shown = ", ".join(repr(a) for a in legal[:8]) + (" ..." if len(legal) > 8 else "")
        reason = f" ({why})" if why else ""
        return IllegalActionError(
            f"{action!r} is not legal for seat {self.current_player()}{reason}; legal: [{shown}]"
        )
