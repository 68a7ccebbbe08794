"""Board geometry (rules §4.4 movement, §7 the worship chain). Pure functions over small
integers, memoised: the same positions recur all game."""

from __future__ import annotations

from functools import lru_cache

from engine.games.rotunda import data
from engine.games.rotunda.data import GRAPHS, NODES, WORSHIP_COLS, WORSHIP_ROWS

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

_CELLS = WORSHIP_ROWS * WORSHIP_COLS


#: a walk deeper than this stops (rooms with a leader are passed without counting, so a
#: walk could circle through them)
DEPTH_LIMIT = cython.declare(cython.int, NODES * 2)


#: the Lodge's node (a C int where compiled)
LODGE = cython.declare(cython.int, data.LODGE)


@cython.cfunc
@cython.locals(stack=list, seen=bytearray, node=cython.int, count=cython.int,
               depth=cython.int, key=cython.int)
def _push(stack: list[int], seen: bytearray, node: int, count: int, depth: int) -> None:
    """Queue the walk state (node, moves counted, depth) once: a state met again adds no
    destination (its walk on is the same)."""
    key = node | count << 4 | depth << 6
    if not seen[key]:
        seen[key] = 1
        stack.append(key)


#: walk states (`_push`'s keys) fit below this
_STATES = (DEPTH_LIMIT + 2) << 6


@cython.locals(found=cython.int, n=cython.int)
def _sorted_nodes(found: int) -> tuple[int, ...]:
    """The nodes of bit set `found`, ascending."""
    out = []
    for n in range(NODES):
        if found >> n & 1:
            out.append(n)
    return tuple(out)


@cython.cfunc
@cython.locals(lodge=cython.int, start=cython.int, occ=cython.int, neutral=cython.bint,
               node=cython.int, count=cython.int, depth=cython.int, nxt=cython.int,
               key=cython.int, found=cython.int, stack=list, seen=bytearray, succ=tuple)
def _walk(lodge: int, start: int, occ: int, neutral: bool) -> int:
    """The bit set of nodes a leader in `start` may end in (`destinations` for a family
    leader, `neutral_destinations` for a neutral one), from each walk state met once."""
    succ = GRAPHS[lodge]
    found = 0
    seen = bytearray(_STATES)
    stack: list[int] = []
    _push(stack, seen, start, 0, 0)
    while stack:
        key = stack.pop()
        node, count, depth = key & 15, key >> 4 & 3, key >> 6
        if depth > DEPTH_LIMIT:
            continue
        for nxt in succ[node]:
            if nxt == LODGE and not neutral:  # entering the Lodge counts and ends the move
                if count + 1 <= 3:
                    found |= 1 << LODGE
                continue
            if nxt == LODGE or occ >> nxt & 1:  # passed uncounted
                _push(stack, seen, nxt, count, depth + 1)
                continue
            if not (neutral and nxt == start):
                found |= 1 << nxt
            if count + 1 < 3:
                _push(stack, seen, nxt, count + 1, depth + 1)
    return found


@lru_cache(maxsize=65536)
def destinations(lodge: int, start: int, occupied: int) -> tuple[int, ...]:
    """§4.4: nodes a family leader in `start` may end in (sorted). `occupied` is a bit set
    of nodes holding another leader (the Lodge never blocks). Rooms with a leader are
    passed without counting; entering the Lodge counts and ends the move."""
    return _sorted_nodes(_walk(lodge, start, occupied, False))


@lru_cache(maxsize=16384)
def neutral_destinations(lodge: int, start: int, occupied: int) -> tuple[int, ...]:
    """§10, §4.4: nodes a neutral leader in `start` may end in (sorted). It passes the Lodge
    uncounted and never stops there; rooms with another leader are passed uncounted; it
    may not end in its start room, which counts as an empty room if passed again [rec]."""
    return _sorted_nodes(_walk(lodge, start, occupied, True))


def _neighbours(cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, WORSHIP_COLS)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < WORSHIP_ROWS and 0 <= cc < WORSHIP_COLS:
            out.append(rr * WORSHIP_COLS + cc)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(c) for c in range(_CELLS))


@lru_cache(maxsize=8192)
def chain_ends(elders: int, count: int) -> tuple[int, tuple[int, ...]]:
    """§7 honour step 2: (discs placed, cells where the chain may end). The chain is a
    self-avoiding orthogonal path from the top-left cell; a cell holding the seat's elder
    (bit set `elders`) is a free link; every other cell takes one new disc; the path ends
    on a new disc. If no path places all `count`, the longest possible chain is placed."""
    ends: dict[int, set[int]] = {}

    def walk(cell: int, visited: int, placed: int) -> None:
        if not elders >> cell & 1:
            placed += 1
            ends.setdefault(placed, set()).add(cell)
            if placed == count:
                return
        for nxt in NEIGHBOURS[cell]:
            if not visited >> nxt & 1:
                walk(nxt, visited | 1 << nxt, placed)

    walk(0, 1, 0)
    if not ends:
        return 0, ()
    best = min(count, max(ends))
    return best, tuple(sorted(ends[best]))
