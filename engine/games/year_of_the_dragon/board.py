"""Board queries and the person track (rules §4), shared by the rule modules (recruit.py,
action_phase.py, events.py, great_events.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon.data import NUM_TILES, NUM_TYPES, TILE_SYMBOLS, TILE_TYPE
from engine.protocol import Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState

#: symbols of `tile` that count for person type k: SYM[k][tile]
SYM: tuple[tuple[int, ...], ...] = tuple(
    tuple(TILE_SYMBOLS[t] if TILE_TYPE[t] == k else 0 for t in range(NUM_TILES))
    for k in range(NUM_TYPES)
)


# --- small helpers ---------------------------------------------------------------------------
def int_in(x: object, lo: int, hi: int) -> bool:
    """An int in [lo, hi) (fast legality tests of untrusted actions)."""
    return type(x) is int and lo <= x < hi


@cython.locals(i=cython.Py_ssize_t, row=tuple, pal=list, n=cython.Py_ssize_t,
               a=cython.Py_ssize_t, b=cython.Py_ssize_t)
def persons_of(table: tuple[tuple[Action, ...], ...], pals: list[list[int]],
               i: int) -> list[Action]:
    """The options naming a person of palace i (`table[i][tile]`), one per distinct tile."""
    row, pal = table[i], pals[i]
    n = len(pal)
    if n == 2:  # one person (the common case)
        return [row[pal[1]]]
    if n == 3:  # two persons
        a, b = pal[1], pal[2]
        if a == b:
            return [row[a]]
        return [row[a], row[b]] if a < b else [row[b], row[a]]
    return [row[t] for t in sorted(set(pal[1:]))]


@cython.locals(sym=tuple, pal=list, total=cython.Py_ssize_t, j=cython.Py_ssize_t,
               t=cython.Py_ssize_t)
def symbols(s: YotdState, p: int, person_type: int) -> int:
    """Symbols of `person_type` over all persons in all of p's palaces."""
    sym = SYM[person_type]
    total = 0
    for pal in s.palaces[p]:
        for j in range(1, len(pal)):  # pal[0] counts floors
            t = pal[j]
            total += sym[t]
    return total


@cython.locals(pal=list, n=cython.Py_ssize_t)
def persons(s: YotdState, p: int) -> int:
    n = 0
    for pal in s.palaces[p]:
        n += len(pal) - 1
    return n


def floors(s: YotdState, p: int) -> int:
    return sum([pal[0] for pal in s.palaces[p]])


@cython.locals(track=list, stamp=list, order=list, p=cython.Py_ssize_t, j=cython.Py_ssize_t,
               q=cython.Py_ssize_t, t=cython.long, st=cython.long, tq=cython.long,
               sq=cython.long)
def turn_order(s: YotdState) -> list[int]:
    """Rules §4: higher space first; on one space the marker on top (latest arrival) first.
    Seats in a tie keep seat order (an insertion sort: at most five seats)."""
    track, stamp = s.track, s.track_stamp
    order = []
    for p in range(s.num_players):
        t, st = track[p], stamp[p]
        j = len(order)
        while j > 0:  # p goes after every seat ahead of it or level with it
            q = order[j - 1]
            tq, sq = track[q], stamp[q]
            if tq > t or (tq == t and sq >= st):
                break
            j -= 1
        order.insert(j, p)
    return order


def move_marker(s: YotdState, p: int, steps: int) -> None:
    """Rules §4: one jump of `steps` spaces; arriving on an occupied space goes on top."""
    if steps <= 0:
        return
    s.track[p] += steps
    s.moves += 1
    s.track_stamp[p] = s.moves


