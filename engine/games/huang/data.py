"""Huang component tables and map geometry (rules §2, §4, §12).

Colours are indexed Y, R, B, G, W (0..4) as in the rules document. Hexes are indexed
``r * COLS + c`` with picture column ``c = q + r // 2`` (§4: rows r = 0..10, 15 hexes each).
Everything here is read-only and shared by all states.
"""

from __future__ import annotations

from typing import NamedTuple

# --- colours (§1) -------------------------------------------------------------------
YELLOW, RED, BLUE, GREEN, WHITE = 0, 1, 2, 3, 4
COLOURS = (YELLOW, RED, BLUE, GREEN, WHITE)
COLOUR_NAMES = ("yellow", "red", "blue", "green", "white")
COLOUR_LETTERS = "YRBGW"
#: leader names per colour (§12, [seed])
LEADER_NAMES = ("Governor", "Soldier", "Farmer", "Trader", "Artisan")
#: dynasties (§12, [seed]); the Dragon dynasty (§11.4) is the 5th player's
DYNASTIES = ("Tiger", "Rabbit", "Rat", "Goat", "Dragon")

# --- components (§2, §12) -------------------------------------------------------------
#: tiles per colour: Y 42, R 36, B 24, G 24, W 12 = 138 ([seed])
TILE_COUNTS = (42, 36, 24, 24, 12)
#: pagodas (§2, §12): Court, Garrison, Granary, Market, Workshop; Y2 R2 B2 G2 W1
PAGODA_NAMES = ("Court", "Garrison", "Granary", "Market", "Workshop")
PAGODA_COLOUR = (YELLOW, YELLOW, RED, RED, BLUE, BLUE, GREEN, GREEN, WHITE)
NUM_PAGODAS = len(PAGODA_COLOUR)
#: pagoda indices of each colour, ascending
PAGODAS_OF_COLOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(NUM_PAGODAS) if PAGODA_COLOUR[k] == c) for c in range(5))
HAND_SIZE = 6  # §9 hand target
MARKET_SIZE = 6  # §3.6
EXCHANGE_MAX = 6  # §6.5
ACTIONS_PER_TURN = 2  # §5

# --- board cell encoding ----------------------------------------------------------------
EMPTY = 0
#: a tile of colour c is stored as TILE + c (1..5)
TILE = 1
#: a leader with index i = seat * 5 + colour is stored as LEADER + i
LEADER = 10
#: leader indices there can be: 5 dynasties (4, and the Dragon dynasty module) of 5 leaders
#: each, one per colour (§2)
MAX_LEADERS = 25

# --- geometry (§4) ----------------------------------------------------------------------
ROWS = 11
COLS = 15
NUM_HEXES = ROWS * COLS
#: neighbour directions d0..d5 in axial (dq, dr)
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_index(q: int, r: int) -> int:
    """Index of axial hex (q, r); -1 if it is off the board."""
    c = q + r // 2
    if 0 <= r < ROWS and 0 <= c < COLS:
        return r * COLS + c
    return -1


def axial(h: int) -> tuple[int, int]:
    """Axial (q, r) of hex index h."""
    r, c = divmod(h, COLS)
    return c - r // 2, r


def _neighbours(h: int) -> tuple[int, ...]:
    q, r = axial(h)
    out = []
    for dq, dr in DIRECTIONS:
        n = hex_index(q + dq, r + dr)
        if n >= 0:
            out.append(n)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(h) for h in range(NUM_HEXES))


def _ring_steps(h: int) -> tuple[tuple[int, int], ...]:
    """(n, previous) for each on-board neighbour n of h, walking round h in direction order;
    `previous` is the neighbour one direction before n (itself adjacent to n), -1 off-board."""
    q, r = axial(h)
    ring = [hex_index(q + dq, r + dr) for dq, dr in DIRECTIONS]
    return tuple((ring[d], ring[d - 1]) for d in range(6) if ring[d] >= 0)


def _near_bits(h: int) -> tuple[tuple[int, int], ...]:
    """(n, bit) for each on-board neighbour n of h: the bit h takes in n's mask of occupied
    neighbours (bit d = the neighbour in direction d, round the hex in direction order)."""
    q, r = axial(h)
    out = []
    for d, (dq, dr) in enumerate(DIRECTIONS):
        n = hex_index(q + dq, r + dr)
        if n >= 0:
            out.append((n, 1 << ((d + 3) % 6)))  # from n, h lies the opposite way
    return tuple(out)


#: per hex h, (n, bit of h in n's occupied-neighbour mask) (board.occupy, board.vacate)
NEAR_BITS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    _near_bits(h) for h in range(NUM_HEXES))


def _one_arc(mask: int) -> bool:
    """Whether the set bits of a 6-bit ring mask form at most one unbroken run."""
    starts = sum(1 for d in range(6) if mask >> d & 1 and not mask >> ((d - 1) % 6) & 1)
    return starts <= 1


#: per occupied-neighbour mask: the occupied neighbours form at most one unbroken arc round
#: the hex, so they lie in one group (consecutive neighbours touch, §4)
ONE_ARC: tuple[bool, ...] = tuple(_one_arc(m) for m in range(64))


#: per hex, its neighbours paired with their predecessor round the hex (board.leave: the
#: occupied neighbours of a vacated hex forming one unbroken arc stay connected, §4)
RING_STEPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    _ring_steps(h) for h in range(NUM_HEXES))


def _triangles() -> tuple[tuple[int, int, int], ...]:
    """§4: every triangle is {h, h+(1,-1), h+(1,0)} or {h, h+(1,0), h+(0,1)}."""
    out = []
    for h in range(NUM_HEXES):
        q, r = axial(h)
        for (a, b), (c, d) in (((1, -1), (1, 0)), ((1, 0), (0, 1))):
            x, y = hex_index(q + a, r + b), hex_index(q + c, r + d)
            if x >= 0 and y >= 0:
                out.append((h, x, y))
    return tuple(out)


TRIANGLES = _triangles()
#: triangle indices containing each hex
TRIANGLES_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, t in enumerate(TRIANGLES) if h in t) for h in range(NUM_HEXES)
)
#: per hex h, (index, b, c) of the triangles (h, b, c) listed first at h (ascending; all of
#: them, hex by hex, are the triangles in index order)
TRIANGLES_FIRST: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((i, b, c) for i, (a, b, c) in enumerate(TRIANGLES) if a == h)
    for h in range(NUM_HEXES)
)


def _rhombi() -> tuple[tuple[int, int, int, int], ...]:
    """§4 palace shape [reconstructed]: {h, h+d_i, h+d_(i-1), h+d_(i+1)}, i in {0, 1, 2}."""
    out = []
    for h in range(NUM_HEXES):
        q, r = axial(h)
        for i in range(3):
            cells = [h]
            for j in (i, (i - 1) % 6, (i + 1) % 6):
                dq, dr = DIRECTIONS[j]
                cells.append(hex_index(q + dq, r + dr))
            if min(cells) >= 0:
                out.append(tuple(cells))
    return tuple(out)  # type: ignore[return-value]


#: Imperial Palace footprints (§11.3) [reconstructed shape]
RHOMBI: tuple[tuple[int, int, int, int], ...] = _rhombi()
RHOMBI_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, rh in enumerate(RHOMBI) if h in rh) for h in range(NUM_HEXES)
)
#: per hex h, the indices of the rhombi listed first at h (ascending; all of them, taken
#: hex by hex, are the rhombi in index order)
RHOMBI_ANCHORED: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, rh in enumerate(RHOMBI) if rh[0] == h) for h in range(NUM_HEXES)
)
assert [i for a in RHOMBI_ANCHORED for i in a] == list(range(len(RHOMBI)))
#: hand target while your yellow leader shares a kingdom with the palace (§9, §11.3)
PALACE_HAND_SIZE = 7

# --- base map (§12) [reconstructed: the board is only pictured in the seed] -------------
_YELLOW_RIVER = ((-1, 3), (0, 3), (1, 3), (2, 2), (3, 2), (4, 2), (4, 3), (5, 3), (6, 3),
                 (7, 3), (8, 2), (9, 2), (10, 2), (11, 2), (11, 3), (12, 3), (13, 3),
                 (5, 4), (10, 1))  # [reconstructed] incl. widenings [5,4] [10,1]
_YANGTZE = ((-4, 8), (-3, 8), (-2, 8), (-1, 7), (0, 7), (1, 7), (2, 7), (3, 6), (4, 6),
            (5, 6), (5, 7), (6, 7), (7, 7), (7, 8), (8, 8), (9, 8), (10, 8),
            (8, 9), (1, 6))  # [reconstructed] incl. widenings [8,9] [1,6]
#: the seven capitals (§12) [reconstructed positions]
CAPITALS: dict[str, tuple[int, int]] = {
    "Qin": (-1, 5), "Zhao": (6, 1), "Yan": (13, 1), "Wei": (7, 4),
    "Han": (3, 5), "Qi": (11, 5), "Chu": (2, 9),
}
RIVER_HEXES = frozenset(hex_index(q, r) for q, r in _YELLOW_RIVER + _YANGTZE)
IS_RIVER: tuple[bool, ...] = tuple(h in RIVER_HEXES for h in range(NUM_HEXES))
RIVER: tuple[int, ...] = tuple(h for h in range(NUM_HEXES) if IS_RIVER[h])
CAPITAL_HEXES: tuple[int, ...] = tuple(sorted(hex_index(q, r) for q, r in CAPITALS.values()))
#: tiles in the bag after setup (§12: base 131)
BAG_AFTER_SETUP = tuple(n - (len(CAPITAL_HEXES) if c == YELLOW else 0)
                        for c, n in enumerate(TILE_COUNTS))

assert len(RIVER) == 38 and -1 not in RIVER_HEXES
assert sum(BAG_AFTER_SETUP) == 131
#: 2-player short game (§3 step 2, §12): tiles removed unseen from the bag to the box
SHORT_GAME_REMOVED = 24

# --- Bandits module (§11.1, §12) ---------------------------------------------------------
#: bandit tile n (1..10) covers these hexes of the base side [reconstructed]
_BANDIT_SITES = {
    1: ((0, 0), (1, 0), (0, 1)), 2: ((2, 1), (3, 0), (3, 1)), 3: ((8, 0), (9, 0), (8, 1)),
    4: ((11, 0), (12, 0), (11, 1)), 5: ((2, 3), (1, 4), (2, 4)), 6: ((9, 3), (10, 3), (9, 4)),
    7: ((8, 7), (9, 6), (9, 7)), 8: ((4, 9), (5, 8), (5, 9)), 9: ((-4, 9), (-5, 10), (-4, 10)),
    10: ((9, 9), (8, 10), (9, 10)),
}
BANDIT_SITES: tuple[tuple[int, ...], ...] = ((),) + tuple(
    tuple(sorted(hex_index(q, r) for q, r in _BANDIT_SITES[n])) for n in range(1, 11))
#: bandits printed on tile n [reconstructed: printed counts not in the seed's text]
BANDIT_COUNT = (0, 1, 2, 2, 3, 1, 2, 3, 2, 1, 3)  # [reconstructed]
BANDITS_IN_PLAY = 5  # §11.1: 5 of the 10 tiles
#: a bandit tile n is stored on its hexes as the negative number -n (occupied, no colour)
assert all(not IS_RIVER[h] and h not in CAPITAL_HEXES for s in BANDIT_SITES for h in s)

# --- Eighteen Kingdoms side (§11.2, §12) [reconstructed] ---------------------------------
_YELLOW_RIVER_18K = ((-1, 2), (0, 2), (1, 2), (1, 3), (2, 3), (2, 4), (3, 4), (4, 4), (5, 3),
                     (6, 3), (7, 3), (8, 3), (9, 2), (10, 2), (11, 2), (12, 1), (13, 1),
                     (14, 1))  # [reconstructed]
_YANGTZE_18K = ((-3, 7), (-2, 7), (-2, 8), (-1, 8), (0, 8), (1, 7), (2, 7), (3, 7), (4, 6),
                (5, 6), (6, 6), (6, 7), (7, 7), (7, 8), (8, 8), (8, 9), (9, 9),
                (10, 9))  # [reconstructed]
#: the 19 capitals of the Eighteen Kingdoms side (pairwise distance >= 3) [reconstructed]
CAPITALS_18K = ((1, 0), (12, 0), (5, 1), (8, 1), (2, 2), (12, 3), (-1, 4), (6, 4), (3, 5),
                (8, 5), (0, 6), (10, 6), (4, 7), (-4, 9), (1, 9), (6, 9), (-2, 10), (3, 10),
                (8, 10))
RIVER_HEXES_18K = frozenset(hex_index(q, r) for q, r in _YELLOW_RIVER_18K + _YANGTZE_18K)
GRANARY_VP = 2  # blue VP per granary held at the end (§11.2)


class MapSide(NamedTuple):
    """One side of the board: river flags per hex, land and river hexes, capitals."""

    is_river: tuple[bool, ...]
    land: tuple[int, ...]
    river: tuple[int, ...]
    capitals: tuple[int, ...]


def _side(rivers: frozenset[int], capitals: tuple[int, ...]) -> MapSide:
    is_river = tuple(h in rivers for h in range(NUM_HEXES))
    return MapSide(is_river, tuple(h for h in range(NUM_HEXES) if not is_river[h]),
                   tuple(h for h in range(NUM_HEXES) if is_river[h]), capitals)


BASE_SIDE, EIGHTEEN_SIDE = 0, 1
MAPS: tuple[MapSide, ...] = (
    _side(RIVER_HEXES, CAPITAL_HEXES),
    _side(RIVER_HEXES_18K, tuple(sorted(hex_index(q, r) for q, r in CAPITALS_18K))),
)
assert len(MAPS[1].river) == 36 and len(MAPS[1].capitals) == 19
assert not any(all(MAPS[1].is_river[h] for h in t) for t in TRIANGLES)  # no blue pagoda
assert not set(MAPS[1].capitals) & RIVER_HEXES_18K
