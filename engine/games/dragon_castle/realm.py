"""The realm (rules §5, §6.2, §6.3): placing stones, face-up groups, merging sets.

Per seat REALM_CELLS entries in `height`, `top` (identity of the top stone, -1 empty), `up`
(top face up) and `shrine` (a shrine on the top).

Two derived caches per seat (state.py): `realm_open`, a bit mask of the cells that can take
a stone, and `merge_due`, whether a face-up set of 4+ awaits its merge; -1 in either means
not known (a sampled state, or after a spirit's power changed the realm: `realm_changed`),
and the next use computes it. Placing and merging keep them up to date.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING

from engine.protocol import Action

from .actions import BUILD, PLACE
from .data import (
    DRAGON,
    DRAGON_SET_BONUS,
    IS_SPECIAL,
    MIN_SET,
    REALM_CELLS,
    REALM_NB,
    REALM_SIZE,
    SHRINE_ALLOWANCE_FACTION,
    SHRINE_ALLOWANCE_SPECIAL,
    TYPE_OF,
    W4,
    merge_points,
)
from .requests import BuildShrines, SpiritWindow

if TYPE_CHECKING:
    from .state import DragonCastleState


#: the cells of one realm, in order
_CELLS = range(REALM_CELLS)


def can_place(s: DragonCastleState, seat: int, cell: int) -> bool:
    """Rules §6.2: an empty cell, or a face-down top stone without a shrine."""
    j = seat * REALM_CELLS + cell
    return s.height[j] == 0 or (not s.up[j] and not s.shrine[j])


def has_room(s: DragonCastleState, seat: int) -> bool:
    """Rules §6.2: is any cell of the realm legal for a stone (`can_place`)?"""
    return open_mask(s, seat) != 0


def place_options(s: DragonCastleState, seat: int) -> list[Action]:
    """Rules §6.2: a Place per cell that can take the stone, in cell order (row by row from
    the open-cell mask)."""
    m = s.realm_open[seat]
    if m < 0:
        m = open_mask(s, seat)
    return [*_ROW0[m & 63], *_ROW1[m >> 6 & 63], *_ROW2[m >> 12 & 63],
            *_ROW3[m >> 18 & 63], *_ROW4[m >> 24 & 63], *_ROW5[m >> 30]]


def place_stone(s: DragonCastleState, seat: int, cell: int, stone: int) -> None:
    """Rules §6.2: the stone goes face up on top of the cell's stack (its cell is closed;
    a merge is due if its group reaches 4)."""
    j = seat * REALM_CELLS + cell
    s.height[j] += 1
    s.top[j] = stone
    s.up[j] = 1
    m = s.realm_open[seat]
    if m >= 0:
        s.realm_open[seat] = m & ~_BIT[cell]
    if s.merge_due[seat] == 0 and group_reaches(s, seat, cell, MIN_SET):
        s.merge_due[seat] = 1


def pay_with_stone(s: DragonCastleState, seat: int, c: int) -> None:
    """Rules §8.1: the face-up stone leaves the game; the face-down stone beneath (identity
    no longer tracked: -1) becomes the top, or the cell is empty."""
    j = seat * REALM_CELLS + c
    s.height[j] -= 1
    s.top[j] = -1
    s.up[j] = 0
    realm_changed(s, seat)


def components(s: DragonCastleState, seat: int, key: Sequence[int | None],
               least: int = 1) -> list[list[int]]:
    """Maximal orthogonally connected sets of face-up stones with equal `key[identity]`
    (a table such as TYPE_OF; None: not part of any set), lowest cell first; only those of
    at least `least` stones."""
    base = seat * REALM_CELLS
    ups = s.up[base:base + REALM_CELLS]
    if least > 1 and ups.count(1) < least:
        return []
    tops = s.top[base:base + REALM_CELLS]
    seen = [False] * REALM_CELLS
    out = []
    for i in compress(_CELLS, ups):
        if seen[i]:
            continue
        k = key[tops[i]]
        if k is None:
            continue
        seen[i] = True
        comp, stack = [i], [i]
        while stack:
            for n in REALM_NB[stack.pop()]:
                if not seen[n] and ups[n] and key[tops[n]] == k:
                    seen[n] = True
                    comp.append(n)
                    stack.append(n)
        if len(comp) >= least:
            comp.sort()
            out.append(comp)
    return out


def face_up_groups(s: DragonCastleState, seat: int) -> list[list[int]]:
    """Rules §6.3: maximal orthogonally connected sets of face-up stones of one type, at
    any levels, in canonical order (lowest cell first); each sorted."""
    return components(s, seat, TYPE_OF)


def sets_to_merge(s: DragonCastleState, seat: int) -> list[list[int]]:
    """Rules §6.3: the face-up groups of 4+ stones of one type, lowest cell first."""
    return components(s, seat, TYPE_OF, MIN_SET)


def merge_set(s: DragonCastleState, seat: int, cells: list[int]) -> int:
    """Rules §6.3 steps 1-3: flip the whole set face down and score it. Returns the shrine
    allowance of the set (1 faction, 2 special)."""
    base = seat * REALM_CELLS
    kind = TYPE_OF[s.top[base + cells[0]]]
    for c in cells:
        s.up[base + c] = 0
    m = s.realm_open[seat]
    if m >= 0:  # face down without a shrine: open
        s.realm_open[seat] = m | sum(_BIT[c] for c in cells)
    points = merge_points(len(cells))
    if kind == DRAGON:
        points += DRAGON_SET_BONUS
    s.vp[seat] += points
    if s.spirit_cards:
        s.merged_now += [c for c in cells if c not in s.merged_now]
    special = IS_SPECIAL[s.top[base + cells[0]]]
    return SHRINE_ALLOWANCE_SPECIAL if special else SHRINE_ALLOWANCE_FACTION


def resolve_merges(s: DragonCastleState, seat: int) -> None:
    """Rules §6.3: every face-up group of 4+ stones must be merged, each a separate merge
    with its own VP and shrine allowance, in canonical order; shrine decisions follow."""
    if s.merge_due[seat] == 0:
        return
    builds = []
    for comp in sets_to_merge(s, seat):
        allowance = merge_set(s, seat, comp)
        builds.append(BuildShrines(seat, tuple(comp), allowance))
    s.merge_due[seat] = 0
    stack = s.stack
    for k, req in enumerate(reversed(builds)):  # the first merged set decides first
        if k and s.spirit_cards:  # §8.1: any step of the turn, also between two sets
            stack.append(SpiritWindow(seat, W4))
        stack.append(req)


def shrine_options(s: DragonCastleState, req: BuildShrines) -> list[Action]:
    base = req.seat * REALM_CELLS
    return [BUILD[c] for c in req.cells if not s.shrine[base + c]]


# --- derived caches (state.py: realm_open, merge_due) ----------------------------------------
_BIT = tuple(1 << c for c in _CELLS)
#: every cell open: an empty realm
FULL_REALM = (1 << REALM_CELLS) - 1
#: per realm row, per 6-bit pattern of its open cells: their Place actions, in cell order
_ROW0, _ROW1, _ROW2, _ROW3, _ROW4, _ROW5 = (
    tuple(tuple(PLACE[r * 6 + c] for c in range(6) if bits >> c & 1) for bits in range(64))
    for r in range(REALM_SIZE))


def open_mask(s: DragonCastleState, seat: int) -> int:
    """The `realm_open` cache of `seat`: bit c set iff cell c can take a stone (§6.2
    `can_place`); computed when not known."""
    m = s.realm_open[seat]
    if m < 0:
        base = seat * REALM_CELLS
        height, up, shrine = s.height, s.up, s.shrine
        m = s.realm_open[seat] = sum(_BIT[c] for c in _CELLS if not height[base + c] or not (
            up[base + c] or shrine[base + c]))
    return m


def group_reaches(s: DragonCastleState, seat: int, cell: int, n: int) -> bool:
    """Rules §6.3: does the face-up group of the stone on `cell` hold at least n stones?"""
    base = seat * REALM_CELLS
    up, top = s.up, s.top
    kind = TYPE_OF[top[base + cell]]
    stack = [nb for nb in REALM_NB[cell] if up[base + nb] and TYPE_OF[top[base + nb]] == kind]
    if not stack:  # the commonest case: no neighbour of its type
        return False
    seen = {cell, *stack}
    while stack:
        if len(seen) >= n:
            return True
        for nb in REALM_NB[stack.pop()]:
            j = base + nb
            if nb not in seen and up[j] and TYPE_OF[top[j]] == kind:
                seen.add(nb)
                stack.append(nb)
    return len(seen) >= n


def close_cell(s: DragonCastleState, seat: int, cell: int) -> None:
    """A shrine was built on `cell` (§6.3 step 4): it can take no stone."""
    m = s.realm_open[seat]
    if m >= 0:
        s.realm_open[seat] = m & ~_BIT[cell]


def realm_changed(s: DragonCastleState, seat: int) -> None:
    """A spirit's power changed the realm of `seat` (§8.2): its caches are not known."""
    s.realm_open[seat] = -1
    s.merge_due[seat] = -1


def realm_caches(s: DragonCastleState) -> dict[str, list[int]]:
    """The realm caches of every seat computed afresh (tests)."""
    n = s.num_players
    return {"realm_open": [sum(_BIT[c] for c in _CELLS if can_place(s, p, c)) for p in range(n)],
            "merge_due": [int(bool(sets_to_merge(s, p))) for p in range(n)]}
