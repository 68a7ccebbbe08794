"""Board geometry (rules §4.4 movement, §7 the worship chain). Pure functions over small
integers, memoised: the same positions recur all game."""

from __future__ import annotations

from functools import lru_cache

from engine.games.rotunda import data as D

_CELLS = D.WORSHIP_ROWS * D.WORSHIP_COLS


@lru_cache(maxsize=65536)
def destinations(lodge: int, start: int, occupied: int) -> tuple[int, ...]:
    """§4.4: nodes a family leader in `start` may end in (sorted). `occupied` is a bit set
    of nodes holding another leader (the Lodge never blocks). Rooms with a leader are
    passed without counting; entering the Lodge counts and ends the move."""
    succ = D.GRAPHS[lodge]
    found: set[int] = set()

    def walk(node: int, count: int, depth: int) -> None:
        if depth > D.NODES * 2:
            return
        for nxt in succ[node]:
            if nxt == D.LODGE:
                if count + 1 <= 3:
                    found.add(D.LODGE)
                continue
            if occupied >> nxt & 1:
                walk(nxt, count, depth + 1)
                continue
            found.add(nxt)
            if count + 1 < 3:
                walk(nxt, count + 1, depth + 1)

    walk(start, 0, 0)
    return tuple(sorted(found))


@lru_cache(maxsize=16384)
def neutral_destinations(lodge: int, start: int, occupied: int) -> tuple[int, ...]:
    """§10, §4.4: nodes a neutral leader in `start` may end in (sorted). It passes the Lodge
    uncounted and never stops there; rooms with another leader are passed uncounted; it
    may not end in its start room, which counts as an empty room if passed again [rec]."""
    succ = D.GRAPHS[lodge]
    found: set[int] = set()

    def walk(node: int, count: int, depth: int) -> None:
        if depth > D.NODES * 2:
            return
        for nxt in succ[node]:
            if nxt == D.LODGE or occupied >> nxt & 1:
                walk(nxt, count, depth + 1)
                continue
            if nxt != start:
                found.add(nxt)
            if count + 1 < 3:
                walk(nxt, count + 1, depth + 1)

    walk(start, 0, 0)
    return tuple(sorted(found))


def _neighbours(cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, D.WORSHIP_COLS)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < D.WORSHIP_ROWS and 0 <= cc < D.WORSHIP_COLS:
            out.append(rr * D.WORSHIP_COLS + cc)
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
