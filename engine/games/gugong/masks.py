"""Bitmask caches of what the state already knows (its DERIVED fields): the cities holding a
face-up travel token (rules §5.1) and the taken harbors of the Grand Canal (rules §5.7).

The rules keep them up to date where the facts change (a token taken or laid, a ship put on,
moved or returned); `refresh` recomputes them from the public fields: the state does on being
built or decoded (`GugongState.__post_init__`), tests after setting fields by hand.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from engine.games.gugong.data import HARBORS, NUM_CITIES, ROADS

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

# --- the travel map (bit c: city c) --------------------------------------------------------------
#: cities are looked up in two blocks of `BLOCK` bits (10 + 10 for the 20 cities)
BLOCK = 10
LOW = (1 << BLOCK) - 1
assert NUM_CITIES <= 2 * BLOCK


def _bits(m: int, base: int) -> tuple[int, ...]:
    return tuple(base + c for c in range(BLOCK) if m >> c & 1)


#: per block mask: its cities, ascending (block 0: cities 0-9, block 1: 10-19)
CITIES = tuple(tuple(_bits(m, b * BLOCK) for m in range(1 << BLOCK)) for b in range(2))
_ROAD = tuple(sum(1 << nb for nb in ROADS[c]) for c in range(NUM_CITIES))


def _near(cities: tuple[int, ...]) -> int:
    m = 0
    for c in cities:
        if c < NUM_CITIES:
            m |= _ROAD[c]
    return m


#: per block mask: every city a road joins to one of its cities
NEAR = tuple(tuple(_near(_bits(m, b * BLOCK)) for m in range(1 << BLOCK)) for b in range(2))


def cities_in(m: int) -> tuple[int, ...]:
    """The cities of mask `m`, ascending."""
    return CITIES[0][m & LOW] + CITIES[1][m >> BLOCK]


#: bit c, per city c
BIT = tuple(1 << c for c in range(NUM_CITIES))
#: `placed(x)`: whether x >= 0 (a token type, a harbor index), as a C-level predicate
placed = (-1).__lt__


def token_mask(cities: list[int]) -> int:
    """Cities with a face-up token (`cities[c] >= 0`)."""
    return sum(compress(BIT, map(placed, cities)))


def destination_mask(tokens: int, here: int) -> int:
    """Rules §5.1: token cities adjacent to the connected token-less area around the
    Traveller at `here` (any token city while off the map, `here` < 0)."""
    if here < 0:
        return tokens
    near0, near1 = NEAR
    area = 1 << here
    while True:
        near = (near0[area & LOW] | near1[area >> BLOCK]) & ~area
        grow = near & ~tokens
        if not grow:
            return near & tokens
        area |= grow


def has_destination(tokens: int, here: int) -> bool:
    """Whether `destination_mask` is non-zero, stopping at the first token city found."""
    if here < 0:
        return tokens != 0
    near0, near1 = NEAR
    area = 1 << here
    while True:
        near = (near0[area & LOW] | near1[area >> BLOCK]) & ~area
        if near & tokens:
            return True
        if not near:
            return False
        area |= near


# --- the Grand Canal (bit path * HARBORS + h: harbor h of that path is taken) ---------------------
HARBOR_BITS = (1 << HARBORS) - 1
#: all harbors of both paths
ALL_HARBORS = (1 << 2 * HARBORS) - 1


def harbor_mask(ship_harbor: list[int], ship_path: list[int]) -> int:
    """Harbors taken by a ship (on a path: a ship without one is not on the canal)."""
    m = 0
    for i in compress(range(len(ship_harbor)), map(placed, ship_harbor)):
        path = ship_path[i]
        if path >= 0:
            m |= 1 << (path * HARBORS + ship_harbor[i])
    return m


def refresh(s: GugongState) -> None:
    """Recompute every cache from the public fields."""
    s.tokens = token_mask(s.cities)
    s.harbors = harbor_mask(s.ship_harbor, s.ship_path)
