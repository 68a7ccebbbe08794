"""Decisions of Dragon Castle (rules §6, §11) and the fixed action space.

Castle cells are (x, y) on the 12x8 main-board grid; realm cells are (r, c) on the 6x6
realm board.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.protocol import Action, ActionSpace

from . import docs
from .data import CASTLE_COLS, CASTLE_ROWS, REALM_CELLS, REALM_SIZE, SPIRIT_CARDS, castle_index

#: at most every spirit card in play at once (rules §8.1, "więcej niż 1 kartą ducha")
MAX_SPIRIT_CARDS = len(SPIRIT_CARDS)


class TakeStone(Action, frozen=True):
    """Rules §6.1: take the first stone, an available stone from the top level T."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.XY
    x: int
    y: int


class Pair(Action, frozen=True):
    """Rules §6.1a: take a second available stone identical to the first."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.XY
    x: int
    y: int


class StoneAndShrine(Action, frozen=True):
    """Rules §6.1b: move 1 shrine from the supply to your pool."""


class DiscardStone(Action, frozen=True):
    """Rules §6.1c: remove the first stone from the game and gain 1 VP."""


class SummonDragon(Action, frozen=True):
    """Rules §6.1d: take the rightmost countdown token (legal iff T <= 1)."""


class Place(Action, frozen=True):
    """Rules §6.2: put the next taken stone face up on realm cell (r, c)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.RC
    r: int
    c: int


class BuildShrine(Action, frozen=True):
    """Rules §6.3 step 4: build a pool shrine on a stone of the set just merged."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.RC
    r: int
    c: int


class StopBuilding(Action, frozen=True):
    """Rules §6.3 step 4: build no more shrines on this set."""


# --- spirit cards (rules §8) ---------------------------------------------------------------
class ActivateSpirit(Action, frozen=True):
    """Rules §8.1: activate spirit card `card` (its index among the cards in play, 0 when
    there is one), paying with the face-up realm stone at (r, c)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.ACTIVATE
    r: int
    c: int
    card: int = 0


class ActivateSpiritShrine(Action, frozen=True):
    """Rules §8.1: activate spirit card `card` (index among the cards in play), paying with
    a shrine from your pool."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.ACTIVATE_SHRINE
    card: int = 0


class Proceed(Action, frozen=True):
    """Rules §8.1: go on without activating the spirit in this window."""


class DestroyStone(Action, frozen=True):
    """Rules §8.2 Destruction: remove this available castle stone from the game."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.XY
    x: int
    y: int


class MergeGroup(Action, frozen=True):
    """Rules §8.2 Beauty / Cunning: merge the set whose lowest cell is (r, c)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.RC
    r: int
    c: int


class ChangeStone(Action, frozen=True):
    """Rules §8.2 Change: treat the face-up special stone at (r, c) as type `kind`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.CHANGE_STONE
    r: int
    c: int
    kind: int


class MoveFrom(Action, frozen=True):
    """Rules §8.2 Strength: pick up the shrineless top stone at (r, c)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.RC
    r: int
    c: int


class MoveTo(Action, frozen=True):
    """Rules §8.2 Strength: put the picked-up stone on (r, c) (placement rules)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.RC
    r: int
    c: int


class StopMoving(Action, frozen=True):
    """Rules §8.2 Strength: move only one stone."""


class FlipStone(Action, frozen=True):
    """Rules §8.2 Wind: flip the face-up stone at (r, c) face down (not a merge)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.RC
    r: int
    c: int


class NoFlip(Action, frozen=True):
    """Rules §8.2 Wind: flip nothing (then a shrine must move)."""


class ShrineFrom(Action, frozen=True):
    """Rules §8.2 Wind: move the built shrine at (r, c) ..."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.RC
    r: int
    c: int


class ShrineTo(Action, frozen=True):
    """Rules §8.2 Wind: ... onto the face-down shrineless top stone at (r, c)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.RC
    r: int
    c: int


DragonCastleAction = (
    TakeStone | Pair | StoneAndShrine | DiscardStone | SummonDragon | Place | BuildShrine
    | StopBuilding | ActivateSpirit | ActivateSpiritShrine | Proceed | DestroyStone
    | MergeGroup | ChangeStone | MoveFrom | MoveTo | StopMoving | FlipStone | NoFlip
    | ShrineFrom | ShrineTo
)

#: canonical action objects, indexed by padded castle index / realm cell index
TAKE: dict[int, TakeStone] = {}
PAIR: dict[int, Pair] = {}
for _y in range(CASTLE_ROWS):
    for _x in range(CASTLE_COLS):
        TAKE[castle_index(_x, _y)] = TakeStone(_x, _y)
        PAIR[castle_index(_x, _y)] = Pair(_x, _y)
PLACE: tuple[Place, ...] = tuple(Place(*divmod(i, REALM_SIZE)) for i in range(REALM_CELLS))
BUILD: tuple[BuildShrine, ...] = tuple(
    BuildShrine(*divmod(i, REALM_SIZE)) for i in range(REALM_CELLS)
)
_R = tuple(divmod(i, REALM_SIZE) for i in range(REALM_CELLS))
#: the activations of each spirit card in play (index k < MAX_SPIRIT_CARDS), per cell
ACTIVATE_OF: tuple[tuple[ActivateSpirit, ...], ...] = tuple(
    tuple(ActivateSpirit(r, c, k) for r, c in _R) for k in range(MAX_SPIRIT_CARDS))
ACTIVATE_SHRINE_OF: tuple[ActivateSpiritShrine, ...] = tuple(
    ActivateSpiritShrine(k) for k in range(MAX_SPIRIT_CARDS))
ACTIVATE = ACTIVATE_OF[0]
MERGE_GROUP: tuple[MergeGroup, ...] = tuple(MergeGroup(r, c) for r, c in _R)
CHANGE: tuple[tuple[ChangeStone, ...], ...] = tuple(
    tuple(ChangeStone(r, c, k) for k in range(6)) for r, c in _R)
MOVE_FROM: tuple[MoveFrom, ...] = tuple(MoveFrom(r, c) for r, c in _R)
MOVE_TO: tuple[MoveTo, ...] = tuple(MoveTo(r, c) for r, c in _R)
FLIP: tuple[FlipStone, ...] = tuple(FlipStone(r, c) for r, c in _R)
SHRINE_FROM: tuple[ShrineFrom, ...] = tuple(ShrineFrom(r, c) for r, c in _R)
SHRINE_TO: tuple[ShrineTo, ...] = tuple(ShrineTo(r, c) for r, c in _R)
DESTROY: dict[int, DestroyStone] = {i: DestroyStone(a.x, a.y) for i, a in TAKE.items()}
ACTIVATE_SHRINE = ACTIVATE_SHRINE_OF[0]
PROCEED = Proceed()
STOP_MOVING = StopMoving()
NO_FLIP = NoFlip()
STONE_AND_SHRINE = StoneAndShrine()
DISCARD = DiscardStone()
SUMMON = SummonDragon()
STOP = StopBuilding()

_SPACES: dict[tuple[int, tuple[tuple[str, Any], ...]], ActionSpace] = {}


def action_space(num_players: int, options: dict[str, Any]) -> ActionSpace:
    """The fixed enumeration: takes, pairs (castle order), the three finishing actions,
    summon, placements, shrine builds (realm order), stop, then the spirit decisions (the
    activations of the first card in play; those of further cards, §8.1, at the end).
    Same for every player count and option set."""
    key = (num_players, tuple(sorted((options or {}).items())))
    space = _SPACES.get(key)
    if space is None:
        space = _SPACES[key] = ActionSpace(
            [*TAKE.values(), *PAIR.values(), STONE_AND_SHRINE, DISCARD, SUMMON, *PLACE,
             *BUILD, STOP, *ACTIVATE, ACTIVATE_SHRINE, PROCEED, *DESTROY.values(),
             *MERGE_GROUP, *(a for row in CHANGE for a in row), *MOVE_FROM, *MOVE_TO,
             STOP_MOVING, *FLIP, NO_FLIP, *SHRINE_FROM, *SHRINE_TO,
             *(a for k in range(1, MAX_SPIRIT_CARDS) for a in (*ACTIVATE_OF[k],
                                                            ACTIVATE_SHRINE_OF[k]))]
        )
    return space


def castle_cell(a: TakeStone | Pair | DestroyStone) -> int:
    """Padded castle index of an action's cell, or -1 when off the grid."""
    x, y = a.x, a.y
    if type(x) is not int or type(y) is not int:
        return -1
    if 0 <= x < CASTLE_COLS and 0 <= y < CASTLE_ROWS:
        return castle_index(x, y)
    return -1


def realm_cell(a: Any) -> int:
    """Realm index of an action's cell, or -1 when off the board."""
    r, c = a.r, a.c
    if type(r) is not int or type(c) is not int:
        return -1
    if 0 <= r < REALM_SIZE and 0 <= c < REALM_SIZE:
        return r * REALM_SIZE + c
    return -1



def cell_of(a: Any) -> int:
    """Realm index of a legal action's cell; its fields may be look-alikes of the canonical
    ints (1.0 == 1), as membership in the options accepts them."""
    return int(a.r) * REALM_SIZE + int(a.c)


def castle_cell_of(a: Any) -> int:
    """Padded castle index of a legal action's cell (look-alike fields accepted)."""
    return castle_index(int(a.x), int(a.y))
