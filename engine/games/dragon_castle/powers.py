"""The spirits' powers (rules §8.2): the decisions each power asks for, as request
handlers (options and effects), registered in rules.RULES."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.protocol import Action

from .actions import (
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
    FlipStone,
    MoveFrom,
    castle_cell_of,
    cell_of,
)
from .castle import destroy_cells, take_from_castle
from .data import (
    BEAUTY_BONUS,
    BEAUTY_SHRINES,
    CUNNING_POINTS,
    DRAGON,
    DRAGON_SET_BONUS,
    REALM_CELLS,
    SHRINE_ALLOWANCE_FACTION,
    SHRINE_ALLOWANCE_SPECIAL,
    SPECIALS,
    TYPE_OF,
    merge_points,
)
from .realm import close_cell, pay_with_stone, realm_changed
from .requests import (
    BeautyMerge,
    BuildShrines,
    ChangeRequest,
    CunningMerge,
    DestroyRequest,
    FaithShrine,
    StrengthFrom,
    StrengthTo,
    WindFlip,
    WindShrineFrom,
    WindShrineTo,
)
from .spirits import (
    beauty_groups,
    change_options,
    cunning_groups,
    faith_cells,
    shrine_sources,
    shrine_targets,
    strength_sources,
    strength_targets,
    wind_flips,
)

if TYPE_CHECKING:
    from .state import DragonCastleState


def spirit_merge(s: DragonCastleState, seat: int, cells: list[int], points: int,
                 allowance: int) -> None:
    """Rules §8.1: a power-made set merges at once: flip, score, then its shrines."""
    base = seat * REALM_CELLS
    for c in cells:
        s.up[base + c] = 0
    realm_changed(s, seat)
    s.vp[seat] += points
    s.merged_now += [c for c in cells if c not in s.merged_now]
    s.stack.append(BuildShrines(seat, tuple(cells), allowance))


def allowance_of(kind: int) -> int:
    """Rules §6.3 step 4: shrines a merged set of this type allows."""
    return SHRINE_ALLOWANCE_SPECIAL if kind in SPECIALS else SHRINE_ALLOWANCE_FACTION


# --- Destruction ---------------------------------------------------------------------------
def destroy_options(s: DragonCastleState, req: DestroyRequest) -> list[Action]:
    return [DESTROY[i] for i in destroy_cells(s)]


def destroy(s: DragonCastleState, req: DestroyRequest, a: Action) -> None:
    """Rules §8.2 Destruction: the chosen castle stone leaves the game."""
    take_from_castle(s, castle_cell_of(a))


# --- Faith ---------------------------------------------------------------------------------
def faith_options(s: DragonCastleState, req: FaithShrine) -> list[Action]:
    return [BUILD[c] for c in faith_cells(s, req.seat)]


def faith(s: DragonCastleState, req: FaithShrine, a: Action) -> None:
    """Rules §8.2 Faith: one more pool shrine on a stone merged this turn."""
    cell = cell_of(a)
    s.shrine[req.seat * REALM_CELLS + cell] = 1
    close_cell(s, req.seat, cell)
    s.pool[req.seat] -= 1


# --- Cunning, Beauty, Change ---------------------------------------------------------------
def cunning_options(s: DragonCastleState, req: CunningMerge) -> list[Action]:
    return [MERGE_GROUP[g[0]] for g in cunning_groups(s, req.seat)]


def cunning(s: DragonCastleState, req: CunningMerge, a: Action) -> None:
    """Rules §8.2 Cunning: the chosen group of 3 merges as a set."""
    seat, cell = req.seat, cell_of(a)
    comp = next(g for g in cunning_groups(s, seat) if g[0] == cell)
    kind = TYPE_OF[s.top[seat * REALM_CELLS + cell]]
    points = CUNNING_POINTS + (DRAGON_SET_BONUS if kind == DRAGON else 0)
    spirit_merge(s, seat, comp, points, allowance_of(kind))


def beauty_options(s: DragonCastleState, req: BeautyMerge) -> list[Action]:
    return [MERGE_GROUP[g[0]] for g in beauty_groups(s, req.seat)]


def beauty(s: DragonCastleState, req: BeautyMerge, a: Action) -> None:
    """Rules §8.2 Beauty: the chosen same-number group merges (+1 VP, 2 shrines)."""
    cell = cell_of(a)
    comp = next(g for g in beauty_groups(s, req.seat) if g[0] == cell)
    spirit_merge(s, req.seat, comp, merge_points(len(comp)) + BEAUTY_BONUS, BEAUTY_SHRINES)


def change_choices(s: DragonCastleState, req: ChangeRequest) -> list[Action]:
    return [CHANGE[c][x] for c, x, _ in change_options(s, req.seat)]


def change(s: DragonCastleState, req: ChangeRequest, a: Action) -> None:
    """Rules §8.2 Change: the special stone counts as the chosen type; its group merges."""
    cell, kind = cell_of(a), int(a.kind)  # type: ignore[attr-defined]
    comp = next(g for c, x, g in change_options(s, req.seat) if c == cell and x == kind)
    points = merge_points(len(comp)) + (DRAGON_SET_BONUS if kind == DRAGON else 0)
    spirit_merge(s, req.seat, comp, points, allowance_of(kind))


# --- Strength ------------------------------------------------------------------------------
def strength_from_options(s: DragonCastleState, req: StrengthFrom) -> list[Action]:
    out: list[Action] = [MOVE_FROM[c] for c in strength_sources(s, req.seat, req.locked)]
    if req.moved:
        out.append(STOP_MOVING)
    return out


def strength_from(s: DragonCastleState, req: StrengthFrom, a: Action) -> None:
    """Rules §8.2 Strength: pick up a top stone (or stop after the first move)."""
    if type(a) is not MoveFrom:  # StopMoving
        return
    seat, c = req.seat, cell_of(a)
    j = seat * REALM_CELLS + c
    stone, up = s.top[j], bool(s.up[j])
    merged = c in s.merged_now
    if merged:
        s.merged_now.remove(c)
    pay_with_stone(s, seat, c)  # lifts the top stone; the one beneath becomes top
    s.stack.append(StrengthTo(seat, req.moved, c, stone, up, merged, req.locked))


def strength_to_options(s: DragonCastleState, req: StrengthTo) -> list[Action]:
    return [MOVE_TO[c] for c in strength_targets(s, req.seat, req.src)]


def strength_to(s: DragonCastleState, req: StrengthTo, a: Action) -> None:
    """Rules §8.2 Strength: put the stone down (placement rules); up to two moves."""
    seat, c = req.seat, cell_of(a)
    j = seat * REALM_CELLS + c
    if c in s.merged_now:
        s.merged_now.remove(c)  # covered: no longer a top for Faith
    s.height[j] += 1
    s.top[j] = req.stone
    s.up[j] = int(req.up)
    realm_changed(s, seat)
    if req.merged:
        s.merged_now.append(c)
    if req.moved + 1 < 2 and strength_sources(s, seat, req.locked):
        s.stack.append(StrengthFrom(seat, req.moved + 1, req.locked))


# --- Wind ----------------------------------------------------------------------------------
def wind_flip_options(s: DragonCastleState, req: WindFlip) -> list[Action]:
    """Rules §8.2 Wind: flip a face-up stone, or not when a shrine can move without it
    (Wind is activated only when a built shrine can move: spirits.wind_can_move_shrine)."""
    out: list[Action] = [FLIP[c] for c in wind_flips(s, req.seat)]
    if shrine_sources(s, req.seat):
        out.append(NO_FLIP)
    return out


def wind_flip(s: DragonCastleState, req: WindFlip, a: Action) -> None:
    """Rules §8.2 Wind: flip a face-up stone face down (or not); then a shrine moves if
    one can."""
    if type(a) is FlipStone:
        s.up[req.seat * REALM_CELLS + cell_of(a)] = 0
        realm_changed(s, req.seat)
    if shrine_sources(s, req.seat):
        s.stack.append(WindShrineFrom(req.seat))


def wind_shrine_from_options(s: DragonCastleState, req: WindShrineFrom) -> list[Action]:
    return [SHRINE_FROM[c] for c in shrine_sources(s, req.seat)]


def wind_shrine_from(s: DragonCastleState, req: WindShrineFrom, a: Action) -> None:
    s.stack.append(WindShrineTo(req.seat, cell_of(a)))


def wind_shrine_to_options(s: DragonCastleState, req: WindShrineTo) -> list[Action]:
    return [SHRINE_TO[c] for c in shrine_targets(s, req.seat, req.src)]


def wind_shrine_to(s: DragonCastleState, req: WindShrineTo, a: Action) -> None:
    """Rules §8.2 Wind: the shrine moves to another face-down shrineless top stone."""
    base = req.seat * REALM_CELLS
    s.shrine[base + req.src] = 0
    s.shrine[base + cell_of(a)] = 1
    realm_changed(s, req.seat)
