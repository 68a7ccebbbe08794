"""The castle (rules §4): layouts, availability, taking stones.

`castle_h` is the padded height map (data.castle_index), `castle[i*3 + L-1]` the identity
of the stone at level L of cell i (-1 none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import (
    ALL_LAYOUTS,
    CASTLE_CELLS,
    MAX_CASTLE_HEIGHT,
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


def top_level(s: DragonCastleState) -> int:
    """Rules §4.2: T = the highest stack (0 when the castle is empty)."""
    return max(s.castle_h)


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
    """Remove the top stone of castle cell i; the stone below (if any) becomes visible."""
    level = s.castle_h[i]
    k = s.castle[i * M + level - 1]
    s.castle[i * M + level - 1] = -1
    s.castle_h[i] = level - 1
    s.gone[k] += 1
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
    h = s.castle_h
    return [i for i in LAYOUT_CELLS[s.layout] if is_available(h, i)]
