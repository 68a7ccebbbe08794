"""Groups and kingdoms on the hex map (rules §4), kept as component labels.

`labels[h]` is the smallest hex index of the group containing h (-1 for an empty hex and
for the hex under the unification marker, which connects nothing during a war, §8.2).
Labels are updated incrementally when a piece arrives and recomputed for one group when
a piece leaves, so they always equal `compute_labels(board, marker)`.

`near[h]` is the mask of h's occupied neighbours (bit d: the neighbour in direction d,
data.DIRECTIONS) and `leader_hexes` the §6.1 candidate hexes (empty land next to a yellow
tile, ascending), `mono` the triangles of three same-colour tiles (§6.2.5, ascending);
`occupy`/`vacate` at every board write and `add_yellow`/`drop_yellow` keep them and
`yellow_next`, so they always equal what `refresh` computes from the board
(the marker hex counts as occupied).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import compress
from typing import TYPE_CHECKING

from engine.games.huang.data import (
    EMPTY,
    LEADER,
    MAPS,
    NEAR_BITS,
    NEIGHBOURS,
    NUM_HEXES,
    RING_STEPS,
    TILE,
    TRIANGLES,
    TRIANGLES_AT,
    TRIANGLES_FIRST,
    YELLOW,
)

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState

_RANGE = range(NUM_HEXES)
_YELLOW_TILE = TILE + YELLOW


@cython.locals(lab=list, marker=cython.Py_ssize_t, h=cython.Py_ssize_t, x=cython.Py_ssize_t,
               n=cython.Py_ssize_t, stack=list)
def _flood(board: Sequence[int], lab: list[int], starts: Iterable[int], marker: int) -> None:
    """Label every unlabelled occupied hex reachable from `starts` by its start hex
    (starts in increasing order, so a group's label is its smallest hex)."""
    for h in starts:
        if board[h] and lab[h] < 0 and h != marker:
            lab[h] = h
            stack = [h]
            while stack:
                x = stack.pop()
                for n in NEIGHBOURS[x]:
                    if board[n] and lab[n] < 0 and n != marker:
                        lab[n] = h
                        stack.append(n)


def compute_labels(board: Sequence[int], marker: int = -1) -> list[int]:
    """§4 groups: maximal connected sets of occupied hexes (the marker hex excluded)."""
    lab = [-1] * NUM_HEXES
    _flood(board, lab, compress(_RANGE, board), marker)  # the occupied hexes, ascending
    return lab


def yellow_counts(board: list[int]) -> list[int]:
    """Per hex, the number of adjacent yellow tiles (§6.1 leader hexes, §8.4 stranding)."""
    out = [0] * NUM_HEXES
    for h in _RANGE:
        if board[h] == TILE + YELLOW:
            for n in NEIGHBOURS[h]:
                out[n] += 1
    return out


def near_masks(board: list[int]) -> list[int]:
    """Per hex, the mask of its occupied neighbours (§4 adjacency; see `occupy`)."""
    out = [0] * NUM_HEXES
    for h in _RANGE:
        if board[h]:
            for n, bit in NEAR_BITS[h]:
                out[n] |= bit
    return out


def candidate_hexes(board: Sequence[int], yellow_next: list[int], side: int) -> list[int]:
    """§6.1: empty land hexes adjacent to a yellow tile, ascending."""
    return [t for t in MAPS[side].land if yellow_next[t] and board[t] == EMPTY]


def caches(board: Sequence[int], marker: int, side: int) -> dict[str, list[int]]:
    """Every cache of the board by field name, in one pass over the occupied hexes (equal to
    compute_labels, yellow_counts, near_masks, candidate_hexes and mono_triangles)."""
    yn = [0] * NUM_HEXES
    near = [0] * NUM_HEXES
    mono = []
    for h in compress(_RANGE, board):
        for n, bit in NEAR_BITS[h]:
            near[n] |= bit
        x = board[h]
        if TILE <= x < LEADER:
            if x == _YELLOW_TILE:
                for n in NEIGHBOURS[h]:
                    yn[n] += 1
            for t, b, c in TRIANGLES_FIRST[h]:
                if board[b] == x and board[c] == x:
                    mono.append(t)
    return {"labels": compute_labels(board, marker), "yellow_next": yn, "near": near,
            "leader_hexes": candidate_hexes(board, yn, side), "mono": mono}


@lru_cache(maxsize=64)
def _board_caches(board: tuple[int, ...], marker: int, side: int) -> dict[str, list[int]]:
    return caches(board, marker, side)


def caches_of(board: list[int], marker: int, side: int) -> dict[str, list[int]]:
    """`caches`, memoised by the board's contents (copies of the lists): sample_state redraws
    one observation's board once per determinization, and search repeats it (§13)."""
    return {name: value[:] for name, value in _board_caches(tuple(board), marker, side).items()}


def refresh(s: HuangState) -> None:
    """Recompute every cache of the board (after the board was written directly)."""
    for name, value in caches(s.board, s.marker, s.side).items():
        setattr(s, name, value)


def mono_triangles(board: list[int]) -> list[int]:
    """§6.2.5: the triangles whose three hexes hold tiles of one colour, ascending."""
    out = []
    for t, (a, b, c) in enumerate(TRIANGLES):
        x = board[a]
        if TILE <= x < LEADER and board[b] == x and board[c] == x:
            out.append(t)
    return out


def _drop(cands: list[int], h: int) -> None:
    i = bisect_left(cands, h)
    if i < len(cands) and cands[i] == h:
        del cands[i]


@cython.locals(h=cython.Py_ssize_t, near=list, n=cython.Py_ssize_t, bit=cython.long,
               board=list, t=cython.Py_ssize_t, a=cython.Py_ssize_t,
               b=cython.Py_ssize_t, c=cython.Py_ssize_t)
def occupy(s: HuangState, h: int) -> None:
    """A piece now stands on h (already written to the board): its neighbours see it, and
    it is no leader hex any more."""
    near = s.near
    for n, bit in NEAR_BITS[h]:
        near[n] |= bit
    if s.yellow_next[h]:
        _drop(s.leader_hexes, h)
    board = s.board
    x = board[h]
    if TILE <= x < LEADER:  # a tile: the triangles it completes
        for t in TRIANGLES_AT[h]:
            a, b, c = TRIANGLES[t]
            if board[a] == x and board[b] == x and board[c] == x:
                insort(s.mono, t)


@cython.locals(h=cython.Py_ssize_t, near=list, n=cython.Py_ssize_t, bit=cython.long)
def vacate(s: HuangState, h: int) -> None:
    """h is empty now: its neighbours no longer see a piece there; next to a yellow tile on
    land it is a leader hex again."""
    near = s.near
    for n, bit in NEAR_BITS[h]:
        near[n] &= ~bit
    if s.yellow_next[h] and not MAPS[s.side].is_river[h]:
        insort(s.leader_hexes, h)
    mono = s.mono
    if mono:
        for t in TRIANGLES_AT[h]:
            if t in mono:
                mono.remove(t)


def add_yellow(s: HuangState, h: int) -> None:
    """A yellow tile arrives on h (before the board is written): its empty land neighbours
    become leader hexes."""
    yn, board, river = s.yellow_next, s.board, MAPS[s.side].is_river
    for n in NEIGHBOURS[h]:
        yn[n] += 1
        if yn[n] == 1 and board[n] == EMPTY and not river[n]:
            insort(s.leader_hexes, n)


def drop_yellow(s: HuangState, h: int) -> None:
    """The yellow tile on h left: neighbours with no other yellow tile are no leader hexes."""
    yn = s.yellow_next
    for n in NEIGHBOURS[h]:
        yn[n] -= 1
        if not yn[n]:
            _drop(s.leader_hexes, n)


def group_cells(lab: list[int], label: int) -> list[int]:
    """Hexes carrying `label` (all at or after the label's own hex, its smallest)."""
    cells = []
    h = label - 1
    try:
        while True:
            h = lab.index(label, h + 1)
            cells.append(h)
    except ValueError:
        pass
    return cells


def relabel_group(board: list[int], lab: list[int], old: int, marker: int = -1) -> None:
    """Recompute the labels of the hexes that carried label `old` (after a removal)."""
    cells = group_cells(lab, old)
    for h in cells:
        lab[h] = -1
    _flood(board, lab, cells, marker)


def join(lab: list[int], h: int) -> None:
    """A piece arrived on h (already on the board): merge h with its neighbouring groups."""
    found = {lab[n] for n in NEIGHBOURS[h]}
    found.discard(-1)
    if not found:
        lab[h] = h
        return
    new = min(found)
    if h < new:
        new = h
    lab[h] = new
    for old in found:
        if old != new:
            for x in group_cells(lab, old):
                lab[x] = new


@cython.locals(lab=list, h=cython.Py_ssize_t, starts=cython.int, n=cython.Py_ssize_t,
               prev=cython.Py_ssize_t)
def stays_connected(lab: list[int], h: int) -> bool:
    """Whether the labelled neighbours of the unlabelled hex h form at most one unbroken arc
    round h: then they stay connected without h and its group does not split (§4)."""
    starts = 0
    for n, prev in RING_STEPS[h]:
        if lab[n] >= 0 and (prev < 0 or lab[prev] < 0):
            starts += 1
    return starts <= 1


def leave(board: list[int], lab: list[int], h: int, marker: int = -1) -> None:
    """The piece on h left the board (board[h] already emptied): split its group if needed."""
    old = lab[h]
    lab[h] = -1
    if old < 0:
        return
    if not stays_connected(lab, h):
        relabel_group(board, lab, old, marker)
    elif old == h:  # nothing splits, but the group's smallest hex left: relabel its cells
        cells = group_cells(lab, old)
        for x in cells:
            lab[x] = cells[0]
    # else nothing splits and the group's smallest hex is unchanged
