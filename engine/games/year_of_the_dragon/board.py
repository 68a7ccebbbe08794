"""Board queries and the person track (rules §4), shared by rules.py and events.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon import data as D

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState

#: symbols of `tile` that count for person type k: SYM[k][tile]
SYM: tuple[tuple[int, ...], ...] = tuple(
    tuple(D.TILE_SYMBOLS[t] if D.TILE_TYPE[t] == k else 0 for t in range(D.NUM_TILES))
    for k in range(D.NUM_TYPES)
)
# --- small helpers ---------------------------------------------------------------------------
def symbols(s: YotdState, p: int, person_type: int) -> int:
    """Symbols of `person_type` over all persons in all of p's palaces."""
    sym = SYM[person_type]
    return sum(sym[t] for pal in s.palaces[p] for t in pal[1:])


def persons(s: YotdState, p: int) -> int:
    return sum(len(pal) for pal in s.palaces[p]) - len(s.palaces[p])


def floors(s: YotdState, p: int) -> int:
    return sum(pal[0] for pal in s.palaces[p])


def turn_order(s: YotdState) -> list[int]:
    """Rules §4: higher space first; on one space the marker on top (latest arrival) first."""
    tr, st = s.track, s.track_stamp
    return sorted(range(s.num_players), key=lambda p: (-tr[p], -st[p]))


def move_marker(s: YotdState, p: int, steps: int) -> None:
    """Rules §4: one jump of `steps` spaces; arriving on an occupied space goes on top."""
    if steps <= 0:
        return
    s.track[p] += steps
    s.moves += 1
    s.track_stamp[p] = s.moves


