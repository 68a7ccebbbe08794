"""The castle (rules §4): layouts, availability, taking stones.

`castle_h` is the padded height map (data.castle_index), `castle[i*3 + L-1]` the identity
of the stone at level L of cell i (-1 none).

The whole-castle queries work on the height map as bytes (`bytes(castle_h)`, heights 0-3)
and on byte masks: an int with one byte per padded cell, 1 where a property holds; the
comparisons run for all cells at once in C (no rule depends on how they are computed).

The state keeps derived caches of the castle (`top_level`, `at_top`, `top_takes`,
`top_ids`): `take_from_castle`, the castle's one change, updates them in place, so the
first stones, the Pair's candidates and Summon's T <= 1 are read, not searched for.
"""

from __future__ import annotations

from bisect import insort
from operator import attrgetter
from struct import Struct
from typing import TYPE_CHECKING, Any

from .actions import TAKE
from .data import (
    ALL_LAYOUTS,
    CASTLE_CELLS,
    MAX_CASTLE_HEIGHT,
    NUM_IDENTITIES,
    PAD_CELLS,
    PAD_W,
    layout_heights,
    layout_rows,
)

if TYPE_CHECKING:
    from .state import DragonCastleState

class _Heights(dict[str, tuple[int, ...]]):
    """Padded height maps by layout name; a user's layout (data.CUSTOM_PREFIX + rows) is
    parsed the first time it is looked up (rules §4.4: "tworzenia własnych układów")."""

    def __missing__(self, name: str) -> tuple[int, ...]:
        h = self[name] = tuple(layout_heights(layout_rows(name)))
        return h


class _Cells(dict[str, tuple[int, ...]]):
    """The cells of a layout that hold a stack at setup (only these can ever hold stones)."""

    def __missing__(self, name: str) -> tuple[int, ...]:
        h = LAYOUT_HEIGHTS[name]
        cells = self[name] = tuple(i for i in CASTLE_CELLS if h[i])
        return cells


#: padded height maps of every layout (rules §4.3, §4.4, and users' own layouts)
LAYOUT_HEIGHTS: dict[str, tuple[int, ...]] = _Heights(
    {name: tuple(layout_heights(layout_rows(name))) for name in ALL_LAYOUTS})
#: the cells of each layout that hold a stack at setup (only these can ever hold stones)
LAYOUT_CELLS: dict[str, tuple[int, ...]] = _Cells(
    {p: tuple(i for i in CASTLE_CELLS if h[i]) for p, h in LAYOUT_HEIGHTS.items()})
M = MAX_CASTLE_HEIGHT


#: byte masks: every padded cell, and the byte value 0x7F / 0x80 in every cell
_BYTES = 8 * PAD_CELLS
FULL = (1 << _BYTES) - 1
_ONES = int.from_bytes(b"\x01" * PAD_CELLS, "little")
_BIAS = 0x7F * _ONES
_HIGH = 0x80 * _ONES
#: byte i holds i: (mask * 0xFF) & POSITIONS keeps the index of every set cell
_POSITIONS = int.from_bytes(bytes(range(PAD_CELLS)), "little")
#: per level t, a bytes.translate table: height -> 1 if it equals t
EQUALS: tuple[bytes, ...] = tuple(bytes(int(v == t) for v in range(256)) for t in range(M + 1))


class _Masks(dict[str, int]):
    """The cells of each layout as a byte mask."""

    def __missing__(self, name: str) -> int:
        cells = set(LAYOUT_CELLS[name])
        m = self[name] = int.from_bytes(bytes(int(i in cells) for i in range(PAD_CELLS)),
                                        "little")
        return m


#: the cells of each layout as a byte mask (only these can ever hold stones)
LAYOUT_MASKS: dict[str, int] = _Masks()


def top_level(s: DragonCastleState) -> int:
    """Rules §4.2: T = the highest stack (0 when the castle is empty)."""
    return level_of(bytes(s.castle_h))


def level_of(b: bytes) -> int:
    """Rules §4.2: T of the height map `b` (heights are 0-3; 0 when the castle is empty)."""
    return 3 if 3 in b else 2 if 2 in b else 1 if 1 in b else 0


def available_mask(b: bytes) -> int:
    """Rules §4.1 for every cell of the height map `b` at once: a byte mask of the top
    stones higher than their west or east neighbour (at least one long side free)."""
    h = int.from_bytes(b, "little")
    west, east = (h << 8) & FULL, h >> 8
    # per byte 0x7F + h[i] - h[neighbour] (124-130: no carry, no borrow); its high bit is
    # set iff h[i] > h[neighbour]
    return (((h + _BIAS - west) | (h + _BIAS - east)) & _HIGH) >> 7


def level_mask(b: bytes, t: int) -> int:
    """A byte mask of the cells of height map `b` whose stack is t high."""
    return int.from_bytes(b.translate(EQUALS[t]), "little")


def cells_of(mask: int) -> bytes:
    """The padded indices of the cells set in byte mask `mask`, ascending (index 0 is a
    border cell, never set)."""
    return ((mask * 0xFF) & _POSITIONS).to_bytes(PAD_CELLS, "little").translate(None, b"\0")


def is_available(h: list[int], i: int) -> bool:
    """Rules §4.1: a top stone with at least one long side (west/east) not touching a stone
    at its level."""
    level = h[i]
    return level > 0 and (h[i - 1] < level or h[i + 1] < level)


def is_short_exposed(h: list[int], i: int) -> bool:
    """Rules §4.1: a free stone with a short side (north/south) touching no stone at its
    level."""
    level = h[i]
    return level > 0 and (h[i - PAD_W] < level or h[i + PAD_W] < level)


def castle_top(s: DragonCastleState, i: int) -> int:
    """Identity of the top stone of castle cell i (-1 when empty)."""
    h = s.castle_h[i]
    return s.castle[i * M + h - 1] if h else -1


def take_from_castle(s: DragonCastleState, i: int) -> int:
    """Remove the top stone of castle cell i; the stone below (if any) becomes visible.
    The derived caches follow: the cell's top in `top_ids`, and at T `take_at_top`."""
    h, castle = s.castle_h, s.castle
    level = h[i]
    j = i * M + level - 1
    k = castle[j]
    castle[j] = -1
    h[i] = level - 1
    s.gone[k] += 1
    b, r = s.top_ids, ROW_MAJOR[i]
    s.top_ids = b[:r] + ID_BYTE[castle[j - 1] if level > 1 else -1] + b[r + 1:]
    if level == s.top_level:
        take_at_top(s, i)
    return k


def elegance_first_cells(s: DragonCastleState, cells: tuple[int, ...]) -> list[int]:
    """Rules §8.2 Elegance: the next take must be short-exposed and not available; the
    first stone still comes from the top level."""
    h = s.castle_h
    t = max(h)
    return [i for i in cells if t and h[i] == t and is_short_exposed(h, i)
            and not is_available(h, i)]


def destroy_cells(s: DragonCastleState) -> list[int]:
    """Rules §8.2 Destruction: available stones, normal rule, any level."""
    return list(cells_of(available_mask(bytes(s.castle_h)) & LAYOUT_MASKS[s.layout]))


# --- derived caches (state.py: top_level, at_top, top_takes, top_ids) -----------------------
#: identity k -> its byte in `top_ids`; index -1 (no stone) -> 0xFF, the signed byte -1
ID_BYTE: tuple[bytes, ...] = tuple(bytes((k,)) for k in range(NUM_IDENTITIES)) + (b"\xff",)
#: the `top_ids` bytes: one signed byte per castle cell, row-major
TOP_IDS = Struct(f"{len(CASTLE_CELLS)}b")
#: padded cell -> its row-major index among CASTLE_CELLS (-1 for a border cell)
ROW_MAJOR: tuple[int, ...] = tuple(
    CASTLE_CELLS.index(i) if i in CASTLE_CELLS else -1 for i in range(PAD_CELLS))
#: the order of castle cells (row-major: ascending padded index) by their actions
CELL_ORDER = attrgetter("y", "x")


def castle_caches(h: list[int], castle: list[int]) -> dict[str, Any]:
    """The castle's derived state fields computed afresh from heights `h` and stones
    `castle`: `level_caches`, and `top_ids`: per castle cell (row-major, as the observation
    lists them) the identity of its top stone as a signed byte (-1 empty), where the Pair's
    candidates are found (§6.1a)."""
    tops = [castle[i * M + h[i] - 1] if h[i] else -1 for i in CASTLE_CELLS]
    return {"top_ids": TOP_IDS.pack(*tops), **level_caches(bytes(h))}


def level_caches(b: bytes) -> dict[str, Any]:
    """Of the height map `b`: T (rules §4.2), the number of stacks at T, and the TakeStone
    of every available cell at T in cell order (§4.1: the first stones without Elegance,
    §6.1)."""
    t = level_of(b)
    free = cells_of(available_mask(b) & level_mask(b, t)) if t else b""
    return {"top_level": t, "at_top": b.count(t) if t else 0,
            "top_takes": list(map(TAKE.__getitem__, free))}


def take_at_top(s: DragonCastleState, i: int) -> None:
    """The caches after a stone at level T was taken from cell i: only i and its west/east
    neighbours change availability (§4.1): i leaves the takes if it was free (a lower
    neighbour), and a neighbour at T that was not free (T on its other side) joins them;
    T drops when its last stack is gone (§4.2)."""
    s.at_top -= 1
    if not s.at_top:
        for name, value in level_caches(bytes(s.castle_h)).items():
            setattr(s, name, value)
        return
    takes, h, t = s.top_takes, s.castle_h, s.top_level
    if h[i - 1] < t or h[i + 1] < t:  # i was free: a new neighbour takes its place
        pos = takes.index(TAKE[i])
        del takes[pos]
        if h[i - 1] == t and h[i - 2] == t:
            takes.insert(pos, TAKE[i - 1])
        elif h[i + 1] == t and h[i + 2] == t:
            takes.insert(pos, TAKE[i + 1])
        return
    # i was not free (both neighbours at T, a spirit's take): each may become free
    if h[i - 2] == t:
        insort(takes, TAKE[i - 1], key=CELL_ORDER)
    if h[i + 2] == t:
        insort(takes, TAKE[i + 1], key=CELL_ORDER)
