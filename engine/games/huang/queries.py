"""Read-only questions about a Huang position: groups, kingdoms, legal targets (rules §4,
§6, §8). Nothing here changes the state."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress
from typing import TYPE_CHECKING

from engine.games.huang import requests
from engine.games.huang.board import group_cells, leave
from engine.games.huang.data import (
    BANDIT_COUNT,
    BANDIT_SITES,
    BLUE,
    EMPTY,
    LEADER,
    MAPS,
    NEAR_BITS,
    NEIGHBOURS,
    NUM_HEXES,
    ONE_ARC,
    RED,
    RHOMBI,
    RHOMBI_ANCHORED,
    RHOMBI_AT,
    TILE,
    TRIANGLES,
    TRIANGLES_AT,
    YELLOW,
)

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState

YELLOW_TILE = TILE + YELLOW
HEXES = range(NUM_HEXES)
RED_TILE = TILE + RED
#: colour bit of leader index i (seat * 5 + colour)
LEADER_BIT = tuple(1 << (i % 5) for i in range(40))
#: ONE_ARC's stand-in while the unification marker is out (§8.2): the marker hex is
#: occupied but connects nothing, so the occupied-neighbour masks say nothing then
NO_ARC = (False,) * 64


@cython.locals(p=cython.Py_ssize_t, h=list, b=cython.Py_ssize_t)
def hand_total(s: HuangState, p: int) -> int:
    h = s.hands
    b = p * 5
    return h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]


def leaders_in(s: HuangState, label: int) -> list[int]:
    """Leader indices (seat * 5 + colour) in the group with this label."""
    lab = s.labels
    return [i for i, pos in enumerate(s.leaders) if pos >= 0 and lab[pos] == label]


def supported_hexes(s: HuangState) -> set[int]:
    """Hexes under a pagoda (§4: support tiles)."""
    out: set[int] = set()
    for t in s.pagodas:
        if t >= 0:
            out.update(TRIANGLES[t])
    if s.palace >= 0:
        out.update(RHOMBI[s.palace])
    return out


def free_rhombus(s: HuangState, r: int, supported: set[int]) -> bool:
    """§11.3: 4 yellow tiles, none supporting a building."""
    board = s.board
    for h in RHOMBI[r]:
        if board[h] != YELLOW_TILE or h in supported:
            return False
    return True


def palace_rhombi(s: HuangState, h: int | None = None) -> list[int]:
    """§11.3: free rhombi (containing hex h, if given) when the module is in play."""
    if not s.palace_module:
        return []
    board = s.board
    if h is None:  # the rhombi listed first at a yellow tile, in index order
        cands: Iterable[int] = [r for x in compress(HEXES, board) if board[x] == YELLOW_TILE
                                for r in RHOMBI_ANCHORED[x]]
    else:
        cands = RHOMBI_AT[h]
    yellow = []  # those with 4 yellow tiles (the support check only for them)
    for r in cands:
        a, b, c, d = RHOMBI[r]
        if (board[a] == YELLOW_TILE and board[b] == YELLOW_TILE and board[c] == YELLOW_TILE
                and board[d] == YELLOW_TILE):
            yellow.append(r)
    if not yellow:
        return []
    sup = supported_hexes(s)
    return [r for r in yellow if free_rhombus(s, r, sup)]


def yellow_adjacent(board: list[int], h: int) -> int:
    """§8.1: yellow tiles adjacent to hex h (tiles under buildings count)."""
    n = 0
    for x in NEIGHBOURS[h]:
        if board[x] == YELLOW_TILE:
            n += 1
    return n


def free_triangle(s: HuangState, t: int, supported: set[int]) -> bool:
    """§6.2.5: three same-colour tiles, none supporting a building."""
    a, b, c = TRIANGLES[t]
    board = s.board
    x = board[a]
    return (TILE <= x < LEADER and board[b] == x and board[c] == x
            and a not in supported and b not in supported and c not in supported)


def building_triangles(s: HuangState, h: int) -> list[int]:
    """§6.2.5: free triangles containing the tile just placed on h (the support check only
    once some triangle there has three tiles of one colour)."""
    mono = s.mono  # the triangles at h whose three hexes hold one colour
    if not mono:
        return []
    same = [t for t in TRIANGLES_AT[h] if t in mono]
    if not same:
        return []
    sup = supported_hexes(s)
    if h in sup:
        return []
    return [t for t in same if free_triangle(s, t, sup)]


def any_free_triangle(s: HuangState) -> bool:
    """§6.4: some free triangle exists on the board."""
    mono = s.mono
    if not mono:
        return False
    sup = supported_hexes(s)
    for t in mono:
        a, b, c = TRIANGLES[t]
        if a not in sup and b not in sup and c not in sup:
            return True
    return False


def all_free_triangles(s: HuangState) -> list[int]:
    sup = supported_hexes(s)
    return [t for t in s.mono if free_triangle(s, t, sup)]


def leader_candidates(
    board: list[int], yellow_next: list[int], land: tuple[int, ...]
) -> list[int]:
    """§6.1: empty land hexes adjacent to a yellow tile, ascending."""
    return [t for t in land if yellow_next[t] and board[t] == EMPTY]


def _lifted_labels(s: HuangState, i: int) -> tuple[list[int], int]:
    """Labels with leader i lifted (§6.1: moves are evaluated after lifting), and its hex
    (-1 off-board). The board is not copied: the lifted hex is kept out of every group by
    passing it to `leave` as the hex that connects nothing. When its occupied neighbours
    form one arc nothing splits, so only its own label goes: the group's cells keep their
    label even when it was the lifted hex (callers only compare labels)."""
    x = s.leaders[i]
    if x < 0:
        return s.labels, -1
    lab = s.labels[:]
    if s.marker < 0 and ONE_ARC[s.near[x]]:
        lab[x] = -1  # its group stays connected (§4); its cells keep one label, maybe x
    else:
        leave(s.board, lab, x, x)
    return lab, x


@cython.locals(lab=list, km=list, leaders=list, i=cython.Py_ssize_t, pos=cython.Py_ssize_t,
               lb=cython.Py_ssize_t)
def _kingdom_masks(s: HuangState, lab: list[int]) -> list[int]:
    """Colour bitmask of the leaders of each kingdom, indexed by label; a leader on an
    unlabelled hex (the one lifted by `_lifted_labels`) is ignored. One spare last entry,
    always 0, is what label -1 reads."""
    km = [0] * (NUM_HEXES + 1)
    leaders = s.leaders
    for i in range(len(leaders)):  # leader i has colour bit 1 << i % 5 (5 per seat)
        pos = leaders[i]
        if pos >= 0:
            lb = lab[pos]
            km[lb] |= 1 << i % 5
    km[-1] = 0  # the lifted leader's bit, if any
    return km


@cython.locals(lab=list, km=list, t=cython.Py_ssize_t, near=tuple, k=cython.Py_ssize_t,
               j=cython.Py_ssize_t, lb=cython.Py_ssize_t, other=cython.Py_ssize_t,
               m=cython.long, acc=cython.long, kingdoms=cython.int, again=cython.bint)
def _allowed_colours(lab: list[int], km: list[int], t: int) -> int:
    """Bitmask of leader colours the §6.1 join rule allows on hex t (nothing lifted): all
    next to at most one kingdom; none if two adjacent kingdoms share a leader colour; else
    the colours none of them has."""
    near = NEIGHBOURS[t]
    acc = kingdoms = 0  # the adjacent kingdoms' colours, and how many they are
    for k in range(len(near)):
        lb = lab[near[k]]
        m = km[lb]
        if m:
            again = False  # a kingdom met at an earlier neighbour counts once
            for j in range(k):
                other = lab[near[j]]
                if other == lb:
                    again = True
                    break
            if not again:
                if acc & m:
                    return 0
                acc |= m
                kingdoms += 1
    return 31 if kingdoms < 2 else 31 & ~acc


@cython.locals(lab=list, t=cython.Py_ssize_t, first=cython.Py_ssize_t, n=cython.Py_ssize_t,
               lb=cython.Py_ssize_t)
def _one_group_next_to(lab: list[int], t: int) -> bool:
    """Whether the occupied neighbours of t all belong to one group (then at most one
    kingdom is adjacent and the §6.1 join rule allows every colour on t)."""
    first = -1
    for n in NEIGHBOURS[t]:
        lb = lab[n]
        if lb >= 0 and lb != first:
            if first >= 0:
                return False
            first = lb
    return True


def placeable_colours(s: HuangState, need: int) -> int:
    """Among the colour bits `need` of off-board leaders, those with some legal hex (§6.1);
    scans the candidate hexes lazily and stops once every needed colour has one."""
    lab, near = s.labels, s.near
    arc = ONE_ARC if s.marker < 0 else NO_ARC
    km: list[int] | None = None  # built at the first hex between two groups
    bad = bandit_labels(s, lab) if s.bandits else None
    got = 0
    for t in s.leader_hexes:
        if bad and not bad.isdisjoint([lab[n] for n in NEIGHBOURS[t]]):
            continue
        if arc[near[t]] or _one_group_next_to(lab, t):
            return need
        if km is None:
            km = _kingdom_masks(s, lab)
        got |= _allowed_colours(lab, km, t)
        if got & need == need:
            break
    return got & need


def _lifted_near(s: HuangState, x: int) -> list[int]:
    """The occupied-neighbour masks with the piece on x lifted (x >= 0), else the state's."""
    near = s.near
    if x >= 0:
        near = near[:]
        for n, bit in NEAR_BITS[x]:
            near[n] &= ~bit
    return near


@cython.locals(i=cython.Py_ssize_t, first_only=cython.bint, near=list, bit=cython.long,
               lab=list, km=list, out=list, t=cython.Py_ssize_t, arc=tuple,
               m=cython.Py_ssize_t)
def leader_targets(s: HuangState, i: int, first_only: bool = False) -> list[int]:
    """§6.1: legal hexes for leader i (seat * 5 + colour), evaluated after lifting it (its
    own hex is occupied on the unlifted board, so it is never a candidate). A hex whose
    occupied neighbours form one arc touches one group, so at most one kingdom: legal; the
    join check (lifted labels, kingdom colours) runs only for the others."""
    if s.bandits or s.marker >= 0:
        return _leader_targets_labelled(s, i, first_only)
    near = _lifted_near(s, s.leaders[i])
    bit = 1 << i % 5
    lab = []
    km = []
    out = []
    arc = ONE_ARC
    for t in s.leader_hexes:
        m = near[t]
        if not arc[m]:
            if not km:
                lab = _lifted_labels(s, i)[0]
                km = _kingdom_masks(s, lab)
            if not _allowed_colours(lab, km, t) & bit:
                continue
        out.append(t)
        if first_only:
            break
    return out


def _leader_targets_labelled(s: HuangState, i: int, first_only: bool) -> list[int]:
    """leader_targets by the labels alone: with bandits (§11.1: no leader may join a group
    holding a bandit tile) or while the marker is out."""
    lab, _ = _lifted_labels(s, i)
    bit = 1 << (i % 5)
    bad = bandit_labels(s, lab) if s.bandits else None
    km = _kingdom_masks(s, lab)
    out = []
    for t in s.leader_hexes:
        if bad and not bad.isdisjoint([lab[n] for n in NEIGHBOURS[t]]):
            continue
        first = -1
        for n in NEIGHBOURS[t]:
            lb = lab[n]
            if lb != first and km[lb]:
                if first >= 0:
                    break  # a second kingdom: the full join check below
                first = lb
        else:  # at most one adjacent kingdom: always legal (maybe a revolt)
            out.append(t)
            if first_only:
                break
            continue
        if not _allowed_colours(lab, km, t) & bit:
            continue
        out.append(t)
        if first_only:
            break
    return out


def leader_target_ok(s: HuangState, i: int, t: int) -> bool:
    """§6.1: whether leader i may go to hex t (leader_targets' test for one hex)."""
    if (not (0 <= t < NUM_HEXES) or s.board[t] != EMPTY or MAPS[s.side].is_river[t]
            or t == s.leaders[i] or not s.yellow_next[t]):
        return False
    if not s.bandits and s.marker < 0:
        m = s.near[t]
        x = s.leaders[i]
        if x >= 0:  # lifted first
            for n, b in NEAR_BITS[x]:
                if n == t:
                    m &= ~b
        if ONE_ARC[m]:
            return True  # one group next to t, so at most one kingdom
    lab, _ = _lifted_labels(s, i)
    near = {lab[n] for n in NEIGHBOURS[t]}
    near.discard(-1)
    if s.bandits and not bandit_labels(s, lab).isdisjoint(near):
        return False
    if len(near) < 2:
        return True  # next to at most one group, so to at most one kingdom
    masks = dict.fromkeys(near, 0)  # the colours of the leaders of each adjacent group
    for pos, bit in zip(s.leaders, LEADER_BIT):  # noqa: B905 - LEADER_BIT is the longer
        if pos >= 0:  # leader i is off the board or lifted (label -1, not in masks)
            lb = lab[pos]
            if lb in masks:
                masks[lb] |= bit
    acc = 0
    for m in masks.values():
        if acc & m:
            return False  # two adjacent kingdoms share a leader colour
        acc |= m
    kingdoms = sum(1 for m in masks.values() if m)
    return kingdoms < 2 or not acc & LEADER_BIT[i]


def tile_hex_ok(s: HuangState, colour: int, h: int) -> bool:
    """§6.2: empty hex; blue on a river, every other colour on land."""
    return (0 <= h < NUM_HEXES and s.board[h] == EMPTY
            and MAPS[s.side].is_river[h] == (colour == BLUE)
            and (not s.bandits or bandit_status(s, h) != BANDIT_ILLEGAL))


def tile_hexes(s: HuangState, colour: int) -> list[int]:
    board = s.board
    m = MAPS[s.side]
    out = [h for h in (m.river if colour == BLUE else m.land) if board[h] == EMPTY]
    if s.bandits:
        ok = _bandit_check(s)
        out = [h for h in out if ok(h)]
    return out


def _bandit_check(s: HuangState) -> Callable[[int], bool]:
    """§11.1: whether a tile may go on an empty hex as far as the bandits are concerned;
    only hexes next to a group holding a bandit tile need `bandit_status`."""
    lab = s.labels
    groups = bandit_groups(s, lab)
    kingdoms = {lab[pos] for pos in s.leaders if pos >= 0}
    near = {n for lb in groups for x in group_cells(lab, lb) for n in NEIGHBOURS[x]}

    def ok(h: int) -> bool:
        return h not in near or bandit_status(s, h, groups, kingdoms) != BANDIT_ILLEGAL

    return ok


@cython.locals(board=list, h=cython.Py_ssize_t)
def has_tile_hex(s: HuangState, colour: int) -> bool:
    board = s.board
    m = MAPS[s.side]
    if s.bandits:
        ok = _bandit_check(s)
        for h in m.river if colour == BLUE else m.land:
            if board[h] == EMPTY and ok(h):
                return True
        return False
    for h in m.river if colour == BLUE else m.land:
        if board[h] == EMPTY:
            return True
    return False


def can_discard_two(s: HuangState, p: int, colour: int) -> bool:
    """§6.3/§6.4: two tiles of `colour`, or one plus the off-board leader of that colour."""
    n = s.hands[p * 5 + colour]
    return n >= 2 or (n >= 1 and s.leaders[p * 5 + colour] < 0)


@cython.locals(board=list)
def any_tile_on_board(s: HuangState) -> bool:
    board = s.board
    for x in board:
        if TILE <= x < LEADER:
            return True
    return False


def war_parties(s: HuangState, h: int) -> tuple[list[int], int] | None:
    """§8.2: kingdoms adjacent to h (computed without h) and the conflict colour mask, or
    None when no war starts."""
    if s.marker < 0 and ONE_ARC[s.near[h]]:
        return None  # the occupied neighbours form one arc: one group at most
    lab = s.labels
    ks = {lab[n] for n in NEIGHBOURS[h]}
    ks.discard(-1)
    if len(ks) < 2:
        return None
    km = {k: 0 for k in ks}
    for j, pos in enumerate(s.leaders):
        if pos >= 0 and lab[pos] in km:
            km[lab[pos]] |= 1 << (j % 5)
    seen = conflict = 0
    for m in km.values():
        conflict |= seen & m
        seen |= m
    if not conflict:
        return None
    parties = sorted(k for k, m in km.items() if m & conflict)
    return parties, conflict


def red_tiles_in(s: HuangState, label: int) -> list[int]:
    board, lab = s.board, s.labels
    return [h for h in range(NUM_HEXES) if lab[h] == label and board[h] == RED_TILE]


def revolt_strengths(rv: requests.Revolt) -> tuple[int, int]:
    return (rv.attacker_base + max(0, rv.attacker_tiles),
            rv.defender_base + max(0, rv.defender_tiles))


def war_strengths(war: requests.War) -> list[int]:
    return [b + t + ld for b, t, ld in zip(war.base, war.tiles, war.leaders, strict=True)]


def triangle_colour(s: HuangState, t: int) -> int:
    return s.board[TRIANGLES[t][0]] - TILE


def kingdom_granaries(s: HuangState, p: int) -> list[int]:
    """§11.2: granary hexes in the kingdom of p's blue leader (a granary belongs to the
    group of the piece on its hex; none while the hex is empty)."""
    pos = s.leaders[p * 5 + BLUE]
    if pos < 0 or not s.granaries:
        return []
    lb = s.labels[pos]
    return [g for g in s.granaries if s.labels[g] == lb]


# --- Bandits (§11.1) ------------------------------------------------------------------------

BANDIT_OK, BANDIT_FIGHT, BANDIT_ILLEGAL = 0, 1, -1


def bandit_groups(s: HuangState, lab: list[int]) -> dict[int, list[int]]:
    """Label -> numbers of the bandit tiles in that group."""
    out: dict[int, list[int]] = {}
    for n in s.bandits:
        out.setdefault(lab[BANDIT_SITES[n][0]], []).append(n)
    return out


def bandit_status(s: HuangState, h: int,
                  groups: dict[int, list[int]] | None = None,
                  kingdoms: set[int] | None = None) -> int:
    """§11.1: a tile on h whose group would hold a bandit tile and a leader is legal only
    without a war, with exactly one bandit tile, and with >= N red tiles in the kingdom(s)
    being connected (BANDIT_FIGHT); otherwise BANDIT_ILLEGAL. BANDIT_OK: no such group."""
    if not s.bandits:
        return BANDIT_OK
    lab = s.labels
    if groups is None:
        groups = bandit_groups(s, lab)
    if kingdoms is None:
        kingdoms = {lab[pos] for pos in s.leaders if pos >= 0}
    near = {lab[n] for n in NEIGHBOURS[h]}
    near.discard(-1)
    bandits = [b for lb in near for b in groups.get(lb, ())]
    if not bandits:
        return BANDIT_OK
    ks = [lb for lb in near if lb in kingdoms]
    if not ks:
        return BANDIT_OK
    if len(bandits) != 1 or war_parties(s, h) is not None:
        return BANDIT_ILLEGAL
    red = sum(len(red_tiles_in(s, lb)) for lb in ks)
    return BANDIT_FIGHT if red >= BANDIT_COUNT[bandits[0]] else BANDIT_ILLEGAL


def bandit_labels(s: HuangState, lab: list[int]) -> set[int]:
    """Labels of the groups holding a bandit tile (§11.1: no leader may join them)."""
    return {lab[BANDIT_SITES[n][0]] for n in s.bandits}


def building_rhombi(s: HuangState, h: int) -> list[int]:
    """§11.3: with the palace module, a yellow tile may yield the palace instead."""
    if s.board[h] != YELLOW_TILE:
        return []
    return palace_rhombi(s, h)


# --- conflicts in progress (§8.2, §11.1) ---------------------------------------------------


def war_top_parties(s: HuangState) -> list[int]:
    """§8.2: the parties of highest strength (more than one: the active player chooses)."""
    war = s.war
    assert war is not None
    st = war_strengths(war)
    top = max(st)
    return [i for i, x in enumerate(st) if x == top]


def winner_red_tiles(s: HuangState) -> list[int]:
    """§8.2(d): red board tiles of the winning party still there to remove."""
    war = s.war
    assert war is not None
    board = s.board
    return [h for h in war.winner_tiles if board[h] == RED_TILE]


def bandit_loss_tiles(s: HuangState) -> list[int]:
    """§11.1: red tiles of the kingdom that beat the bandits still there to remove."""
    fight = s.bandit_fight
    assert fight is not None
    board = s.board
    return [x for x in fight.tiles if board[x] == RED_TILE]
