"""Spirit cards (rules §8): activation (cost, windows, "must be used") and the ten powers.

Option `spirit_card`: one random spirit card is in play; each player may activate it at
most once per turn in the windows W1-W4 its card allows (data.SPIRIT_WINDOWS), paying a
face-up realm stone or a pool shrine, and only when the power then has a legal use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import (
    ACTIVATE,
    ACTIVATE_SHRINE,
    BUILD,
    CHANGE,
    DESTROY,
    FLIP,
    MERGE_GROUP,
    MOVE_FROM,
    MOVE_TO,
    NO_FLIP,
    SHRINE_FROM,
    SHRINE_TO,
    STOP_MOVING,
    ActivateSpirit,
    ActivateSpiritShrine,
    FlipStone,
    MoveFrom,
)
from .data import (
    BEAUTY,
    BEAUTY_BONUS,
    BEAUTY_SHRINES,
    CUNNING,
    CUNNING_POINTS,
    CUNNING_SET,
    DECEPTION,
    DEPTHS,
    DESTRUCTION,
    DRAGON,
    DRAGON_SET_BONUS,
    ELEGANCE,
    FAITH,
    IS_SPECIAL,
    MAX_CASTLE_HEIGHT,
    MIN_SET,
    NUMBER_OF,
    PAD_W,
    REALM_CELLS,
    REALM_NB,
    SHRINE_ALLOWANCE_FACTION,
    SHRINE_ALLOWANCE_SPECIAL,
    SPECIALS,
    SPIRIT_WINDOWS,
    STRENGTH,
    TYPE_OF,
    W2,
    WIND_SPIRIT,
    merge_points,
)
from .data import (
    CHANGE as CHANGE_SPIRIT,
)
from .requests import (
    BeautyMerge,
    BuildShrines,
    ChangeRequest,
    CheckMerges,
    CunningMerge,
    DestroyRequest,
    FaithShrine,
    FinishAction,
    StrengthFrom,
    StrengthTo,
    WindFlip,
    WindShrineFrom,
    WindShrineTo,
)

if TYPE_CHECKING:
    from .state import DragonCastleState

M = MAX_CASTLE_HEIGHT
#: values of state.pair_mode (0 = the normal Pair rule)
PAIR_MODE = {DECEPTION: 1, DEPTHS: 2}
TYPES_ALL = range(6)


# --- castle helpers (Elegance, Deception, Depths, Destruction) -------------------------------
def is_available(h: list[int], i: int) -> bool:
    level = h[i]
    return level > 0 and (h[i - 1] < level or h[i + 1] < level)


def is_short_exposed(h: list[int], i: int) -> bool:
    """Rules §4.1: a free stone with a short side (north/south) touching no stone at its
    level."""
    level = h[i]
    return level > 0 and (h[i - PAD_W] < level or h[i + PAD_W] < level)


def elegance_first_cells(s: DragonCastleState, cells: tuple[int, ...]) -> list[int]:
    """Rules §8.2 Elegance: the next take must be short-exposed and not available; the
    first stone still comes from the top level."""
    h = s.castle_h
    t = max(h)
    return [i for i in cells if t and h[i] == t and is_short_exposed(h, i)
            and not is_available(h, i)]


def castle_top(s: DragonCastleState, i: int) -> int:
    h = s.castle_h[i]
    return s.castle[i * M + h - 1] if h else -1


def pair_ok(s: DragonCastleState, i: int, stone: int) -> bool:
    """Rules §6.1a with the spirit modes: Deception (a free stone next to the first stone's
    cell at its former level), Depths (any available stone of the same type), Elegance
    (short-exposed stones too; the first take after activation must be one that is not
    available)."""
    h = s.castle_h
    level = h[i]
    if level == 0:
        return False
    top = s.castle[i * M + level - 1]
    if s.pair_mode == 1:  # Deception
        f = s.first_cell
        return level == s.first_level and i in (f - 1, f + 1, f - PAD_W, f + PAD_W)
    if s.pair_mode == 2:  # Depths
        return TYPE_OF[top] == TYPE_OF[stone] and is_available(h, i)
    if top != stone:
        return False
    if s.elegance == 1:
        return is_short_exposed(h, i) and not is_available(h, i)
    if s.elegance == 2:
        return is_available(h, i) or is_short_exposed(h, i)
    return is_available(h, i)


def destroy_cells(s: DragonCastleState, cells: tuple[int, ...]) -> list[int]:
    """Rules §8.2 Destruction: available stones, normal rule, any level."""
    h = s.castle_h
    return [i for i in cells if is_available(h, i)]


# --- realm helpers ---------------------------------------------------------------------------
def _components(s: DragonCastleState, seat: int, key: Any) -> list[list[int]]:
    """Maximal orthogonally connected sets of face-up stones with equal key(identity)
    (None: not part of any set), lowest cell first."""
    base = seat * REALM_CELLS
    up, top = s.up, s.top
    seen = [False] * REALM_CELLS
    out = []
    for i in range(REALM_CELLS):
        if seen[i] or not up[base + i]:
            continue
        k = key(top[base + i])
        if k is None:
            continue
        seen[i] = True
        comp, stack = [i], [i]
        while stack:
            j = stack.pop()
            for n in REALM_NB[j]:
                if not seen[n] and up[base + n] and key(top[base + n]) == k:
                    seen[n] = True
                    comp.append(n)
                    stack.append(n)
        comp.sort()
        out.append(comp)
    return out


def _type_key(k: int) -> int:
    return TYPE_OF[k]


def _number_key(k: int) -> int | None:
    n = NUMBER_OF[k]
    return n if n else None


def locked_cells(s: DragonCastleState, seat: int) -> set[int]:
    """[reconstructed] Face-up stones in a 4+ set waiting for its merge check (only in W3):
    they cannot pay for, be flipped, moved or changed by a spirit, since a power cannot
    stop a mandatory merge (Change FAQ)."""
    return {c for comp in _components(s, seat, _type_key) if len(comp) >= MIN_SET for c in comp}


def cunning_groups(s: DragonCastleState, seat: int) -> list[list[int]]:
    """Rules §8.2 Cunning: connected groups of exactly 3 face-up same-type stones."""
    return [g for g in _components(s, seat, _type_key) if len(g) == CUNNING_SET]


def beauty_groups(s: DragonCastleState, seat: int) -> list[list[int]]:
    """Rules §8.2 Beauty: maximal connected groups of 4+ face-up faction stones with the
    same number (factions may mix), with no stone awaiting another merge."""
    locked = locked_cells(s, seat)
    return [g for g in _components(s, seat, _number_key)
            if len(g) >= MIN_SET and not locked.intersection(g)]


def change_options(s: DragonCastleState, seat: int) -> list[tuple[int, int, list[int]]]:
    """Rules §8.2 Change: (special stone S, type X != type(S), the group of X containing S)
    where the group reaches 4; S may not be a stone awaiting its own merge."""
    base = seat * REALM_CELLS
    up, top = s.up, s.top
    locked = locked_cells(s, seat)
    out = []
    for c in range(REALM_CELLS):
        j = base + c
        if not up[j] or not IS_SPECIAL[top[j]] or c in locked:
            continue
        for x in TYPES_ALL:
            if x == TYPE_OF[top[j]]:
                continue
            comp, stack, seen = [c], [c], {c}
            while stack:
                q = stack.pop()
                for n in REALM_NB[q]:
                    if n not in seen and up[base + n] and TYPE_OF[top[base + n]] == x:
                        seen.add(n)
                        comp.append(n)
                        stack.append(n)
            if len(comp) >= MIN_SET:
                out.append((c, x, sorted(comp)))
    return out


def placeable(s: DragonCastleState, seat: int, c: int) -> bool:
    j = seat * REALM_CELLS + c
    return s.height[j] == 0 or (not s.up[j] and not s.shrine[j])


def strength_sources(s: DragonCastleState, seat: int) -> list[int]:
    """Rules §8.2 Strength: shrineless top stones that have another legal cell to go to."""
    base = seat * REALM_CELLS
    locked = locked_cells(s, seat)
    free = [c for c in range(REALM_CELLS) if placeable(s, seat, c)]
    out = []
    for c in range(REALM_CELLS):
        j = base + c
        if s.height[j] and not s.shrine[j] and c not in locked and any(d != c for d in free):
            out.append(c)
    return out


def strength_targets(s: DragonCastleState, seat: int, src: int) -> list[int]:
    return [c for c in range(REALM_CELLS) if c != src and placeable(s, seat, c)]


def wind_flips(s: DragonCastleState, seat: int) -> list[int]:
    base = seat * REALM_CELLS
    locked = locked_cells(s, seat)
    return [c for c in range(REALM_CELLS) if s.up[base + c] and c not in locked]


def shrine_targets(s: DragonCastleState, seat: int, src: int) -> list[int]:
    """Rules §8.2 Wind: another face-down top stone without a shrine."""
    base = seat * REALM_CELLS
    return [c for c in range(REALM_CELLS) if c != src and s.height[base + c]
            and not s.up[base + c] and not s.shrine[base + c]]


def shrine_sources(s: DragonCastleState, seat: int) -> list[int]:
    base = seat * REALM_CELLS
    return [c for c in range(REALM_CELLS) if s.shrine[base + c] and shrine_targets(s, seat, c)]


def faith_cells(s: DragonCastleState, seat: int) -> list[int]:
    """Rules §8.2 Faith: shrineless stones merged this turn (still face-down tops)."""
    base = seat * REALM_CELLS
    return sorted(c for c in s.merged_now if s.height[base + c] and not s.up[base + c]
                  and not s.shrine[base + c])


# --- activation (rules §8.1) --------------------------------------------------------------
def has_use(s: DragonCastleState, seat: int, spirit: int, pool_after: int) -> bool:
    """Does the power have a legal resolution in the current position (after payment)?"""
    if spirit == DECEPTION or spirit == DEPTHS:
        req = s.pending[-1]
        saved = s.pair_mode
        s.pair_mode = PAIR_MODE[spirit]
        ok = any(pair_ok(s, i, req.stone) for i in _layout(s))
        s.pair_mode = saved
        return ok
    if spirit == ELEGANCE:
        req = s.pending[-1]
        saved = s.elegance
        s.elegance = 1
        if isinstance(req, FinishAction):
            ok = any(pair_ok(s, i, req.stone) for i in _layout(s))
        else:
            ok = bool(elegance_first_cells(s, _layout(s)))
        s.elegance = saved
        return ok
    if spirit == DESTRUCTION:
        return bool(destroy_cells(s, _layout(s)))
    if spirit == FAITH:
        return pool_after > 0 and bool(faith_cells(s, seat))
    if spirit == CUNNING:
        return bool(cunning_groups(s, seat))
    if spirit == BEAUTY:
        return bool(beauty_groups(s, seat))
    if spirit == CHANGE_SPIRIT:
        return bool(change_options(s, seat))
    if spirit == STRENGTH:
        return bool(strength_sources(s, seat))
    if spirit == WIND_SPIRIT:
        return bool(wind_flips(s, seat)) or bool(shrine_sources(s, seat))
    raise AssertionError(spirit)  # pragma: no cover


def _layout(s: DragonCastleState) -> tuple[int, ...]:
    from .rules import LAYOUT_CELLS

    return LAYOUT_CELLS[s.layout]


REALM_DEPENDENT = frozenset((CUNNING, BEAUTY, CHANGE_SPIRIT, STRENGTH, WIND_SPIRIT))


def activation_options(s: DragonCastleState, seat: int, window: int) -> list:
    """Rules §8.1: payments (a face-up realm stone, or a pool shrine) after which the
    spirit in play has a legal use in this window; none once used this turn."""
    if not s.spirit_cards or s.spirit_used[0] or window not in SPIRIT_WINDOWS[s.spirit_cards[0]]:
        return []
    spirit = s.spirit_cards[0]
    base = seat * REALM_CELLS
    locked = locked_cells(s, seat)
    payers = [c for c in range(REALM_CELLS) if s.up[base + c] and c not in locked]
    pool = s.pool[seat]
    out: list = []
    groups: list[list[int]] | None = None
    if spirit == CUNNING:
        groups = cunning_groups(s, seat)
    elif spirit == BEAUTY:
        groups = beauty_groups(s, seat)
    elif spirit == CHANGE_SPIRIT:
        groups = [g for _, _, g in change_options(s, seat)]
    if groups is not None:
        # paying cannot create such a set; a payment outside one of them keeps it intact
        if not groups:
            return []
        for c in payers:
            if any(c not in g for g in groups):
                out.append(ACTIVATE[c])
                continue
            j = base + c
            saved = (s.height[j], s.top[j], s.up[j])
            pay_with_stone(s, seat, c)
            if has_use(s, seat, spirit, pool):
                out.append(ACTIVATE[c])
            s.height[j], s.top[j], s.up[j] = saved
    elif spirit in REALM_DEPENDENT:
        for c in payers:
            j = base + c
            saved = (s.height[j], s.top[j], s.up[j])
            pay_with_stone(s, seat, c)
            if has_use(s, seat, spirit, pool):
                out.append(ACTIVATE[c])
            s.height[j], s.top[j], s.up[j] = saved
    elif has_use(s, seat, spirit, pool):
        out += [ACTIVATE[c] for c in payers]
    if pool > 0 and has_use(s, seat, spirit, pool - 1):
        out.append(ACTIVATE_SHRINE)
    return out


def pay_with_stone(s: DragonCastleState, seat: int, c: int) -> None:
    """Rules §8.1: the face-up stone leaves the game; the face-down stone beneath (identity
    no longer tracked: -1) becomes the top, or the cell is empty."""
    j = seat * REALM_CELLS + c
    s.height[j] -= 1
    s.top[j] = -1
    s.up[j] = 0


def activate(s: DragonCastleState, seat: int, window: int, a: object) -> bool:
    """Pay and start the power; False if `a` is not a legal activation here."""
    if type(a) not in (ActivateSpirit, ActivateSpiritShrine):
        return False
    options = activation_options(s, seat, window)
    if a not in options:
        return False
    a = options[options.index(a)]  # the canonical (int-valued) action
    if type(a) is ActivateSpiritShrine:
        s.pool[seat] -= 1
        s.shrines_out += 1
    else:
        pay_with_stone(s, seat, a.r * 6 + a.c)  # type: ignore[union-attr]
    s.spirit_used[0] = 1
    spirit = s.spirit_cards[0]
    pend = s.pending
    if spirit in (DECEPTION, DEPTHS):
        s.pair_mode = PAIR_MODE[spirit]
        req = pend.pop()
        pend.append(FinishAction(req.seat, req.stone, True))
    elif spirit == ELEGANCE:
        s.elegance = 1
        if window == W2:
            req = pend.pop()
            pend.append(FinishAction(req.seat, req.stone, True))
    elif spirit == DESTRUCTION:
        pend.append(DestroyRequest(seat))
    elif spirit == FAITH:
        pend.append(FaithShrine(seat))
    elif spirit == CUNNING:
        pend.append(CunningMerge(seat))
    elif spirit == BEAUTY:
        pend.append(BeautyMerge(seat))
    elif spirit == CHANGE_SPIRIT:
        pend.append(ChangeRequest(seat))
    elif spirit == STRENGTH:
        pend += [CheckMerges(seat), StrengthFrom(seat, 0)]
    elif spirit == WIND_SPIRIT:
        pend.append(WindFlip(seat))
    return True


# --- the powers' decisions (rules §8.2) -------------------------------------------------------
SPIRIT_REQUESTS = (DestroyRequest, FaithShrine, CunningMerge, BeautyMerge, ChangeRequest,
                   StrengthFrom, StrengthTo, WindFlip, WindShrineFrom, WindShrineTo)


def spirit_legal(s: DragonCastleState, req: Any) -> list:
    t = type(req)
    seat = req.seat
    if t is DestroyRequest:
        return [DESTROY[i] for i in destroy_cells(s, _layout(s))]
    if t is FaithShrine:
        return [BUILD[c] for c in faith_cells(s, seat)]
    if t is CunningMerge:
        return [MERGE_GROUP[g[0]] for g in cunning_groups(s, seat)]
    if t is BeautyMerge:
        return [MERGE_GROUP[g[0]] for g in beauty_groups(s, seat)]
    if t is ChangeRequest:
        return [CHANGE[c][x] for c, x, _ in change_options(s, seat)]
    if t is StrengthFrom:
        out: list = [MOVE_FROM[c] for c in strength_sources(s, seat)]
        if req.moved:
            out.append(STOP_MOVING)
        return out
    if t is StrengthTo:
        return [MOVE_TO[c] for c in strength_targets(s, seat, req.src)]
    if t is WindFlip:
        out = [FLIP[c] for c in wind_flips(s, seat)]
        if shrine_sources(s, seat):
            out.append(NO_FLIP)
        return out
    if t is WindShrineFrom:
        return [SHRINE_FROM[c] for c in shrine_sources(s, seat)]
    if t is WindShrineTo:
        return [SHRINE_TO[c] for c in shrine_targets(s, seat, req.src)]
    raise AssertionError(req)  # pragma: no cover


def spirit_merge(s: DragonCastleState, seat: int, cells: list[int], points: int,
                 allowance: int) -> None:
    """Rules §8.1: a power-made set merges at once: flip, score, then its shrines."""
    base = seat * REALM_CELLS
    for c in cells:
        s.up[base + c] = 0
    s.vp[seat] += points
    s.merged_now += [c for c in cells if c not in s.merged_now]
    s.pending.append(BuildShrines(seat, tuple(cells), allowance))


def _allowance(kind: int) -> int:
    return SHRINE_ALLOWANCE_SPECIAL if kind in SPECIALS else SHRINE_ALLOWANCE_FACTION


def spirit_apply(s: DragonCastleState, req: Any, a: Any) -> None:
    """Perform a legal power decision (the caller has validated `a`)."""
    t = type(req)
    seat = req.seat
    base = seat * REALM_CELLS
    pend = s.pending
    pend.pop()
    if t is DestroyRequest:
        from .rules import take_from_castle

        take_from_castle(s, (a.y + 1) * PAD_W + a.x + 1)
    elif t is FaithShrine:
        c = a.r * 6 + a.c
        s.shrine[base + c] = 1
        s.pool[seat] -= 1
    elif t is CunningMerge:
        cell = a.r * 6 + a.c
        comp = next(g for g in cunning_groups(s, seat) if g[0] == cell)
        kind = TYPE_OF[s.top[base + cell]]
        points = CUNNING_POINTS + (DRAGON_SET_BONUS if kind == DRAGON else 0)
        spirit_merge(s, seat, comp, points, _allowance(kind))
    elif t is BeautyMerge:
        cell = a.r * 6 + a.c
        comp = next(g for g in beauty_groups(s, seat) if g[0] == cell)
        spirit_merge(s, seat, comp, merge_points(len(comp)) + BEAUTY_BONUS, BEAUTY_SHRINES)
    elif t is ChangeRequest:
        cell = a.r * 6 + a.c
        comp = next(g for c, x, g in change_options(s, seat) if c == cell and x == a.kind)
        points = merge_points(len(comp)) + (DRAGON_SET_BONUS if a.kind == DRAGON else 0)
        spirit_merge(s, seat, comp, points, _allowance(a.kind))
    elif t is StrengthFrom:
        if type(a) is not MoveFrom:  # StopMoving
            return
        c = a.r * 6 + a.c
        j = base + c
        stone, up = s.top[j], bool(s.up[j])
        merged = c in s.merged_now
        if merged:
            s.merged_now.remove(c)
        pay_with_stone(s, seat, c)  # lifts the top stone; the one beneath becomes top
        pend.append(StrengthTo(seat, req.moved, c, stone, up, merged))
    elif t is StrengthTo:
        c = a.r * 6 + a.c
        j = base + c
        if c in s.merged_now:
            s.merged_now.remove(c)  # covered: no longer a top for Faith
        s.height[j] += 1
        s.top[j] = req.stone
        s.up[j] = int(req.up)
        if req.merged:
            s.merged_now.append(c)
        if req.moved + 1 < 2 and strength_sources(s, seat):
            pend.append(StrengthFrom(seat, req.moved + 1))
    elif t is WindFlip:
        if type(a) is FlipStone:
            s.up[base + a.r * 6 + a.c] = 0
        if shrine_sources(s, seat):
            pend.append(WindShrineFrom(seat))
    elif t is WindShrineFrom:
        pend.append(WindShrineTo(seat, a.r * 6 + a.c))
    elif t is WindShrineTo:
        s.shrine[base + req.src] = 0
        s.shrine[base + a.r * 6 + a.c] = 1

