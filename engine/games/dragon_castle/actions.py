"""Decisions of Dragon Castle (rules §6, §11) and the fixed action space.

Castle cells are (x, y) on the 12x8 main-board grid; realm cells are (r, c) on the 6x6
realm board.
"""

from __future__ import annotations

from typing import Any

from engine.protocol import Action, ActionSpace

from .data import CASTLE_COLS, CASTLE_ROWS, REALM_CELLS, REALM_SIZE, castle_index


class TakeStone(Action, frozen=True):
    """Rules §6.1: take the first stone, an available stone from the top level T."""

    x: int
    y: int


class Pair(Action, frozen=True):
    """Rules §6.1a: take a second available stone identical to the first."""

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

    r: int
    c: int


class BuildShrine(Action, frozen=True):
    """Rules §6.3 step 4: build a pool shrine on a stone of the set just merged."""

    r: int
    c: int


class StopBuilding(Action, frozen=True):
    """Rules §6.3 step 4: build no more shrines on this set."""


DragonCastleAction = (
    TakeStone | Pair | StoneAndShrine | DiscardStone | SummonDragon | Place | BuildShrine
    | StopBuilding
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
STONE_AND_SHRINE = StoneAndShrine()
DISCARD = DiscardStone()
SUMMON = SummonDragon()
STOP = StopBuilding()

_SPACES: dict[tuple[int, tuple[tuple[str, Any], ...]], ActionSpace] = {}


def action_space(num_players: int, options: dict[str, Any]) -> ActionSpace:
    """The fixed enumeration: takes, pairs (castle order), the three finishing actions,
    summon, placements, shrine builds (realm order), stop. Same for every player count."""
    key = (num_players, tuple(sorted((options or {}).items())))
    space = _SPACES.get(key)
    if space is None:
        space = _SPACES[key] = ActionSpace(
            [*TAKE.values(), *PAIR.values(), STONE_AND_SHRINE, DISCARD, SUMMON, *PLACE,
             *BUILD, STOP]
        )
    return space


def castle_cell(a: TakeStone | Pair) -> int:
    """Padded castle index of an action's cell, or -1 when off the grid."""
    x, y = a.x, a.y
    if type(x) is not int or type(y) is not int:
        return -1
    if 0 <= x < CASTLE_COLS and 0 <= y < CASTLE_ROWS:
        return castle_index(x, y)
    return -1


def realm_cell(a: Place | BuildShrine) -> int:
    """Realm index of an action's cell, or -1 when off the board."""
    r, c = a.r, a.c
    if type(r) is not int or type(c) is not int:
        return -1
    if 0 <= r < REALM_SIZE and 0 <= c < REALM_SIZE:
        return r * REALM_SIZE + c
    return -1

