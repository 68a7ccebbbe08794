"""The turn (rules §6, §8.1): the handlers of its decisions - the action (take a first
stone, summon the dragon), finishing it (Pair, Stone and shrine, Discard), placing the taken
stones, the merge check and its shrines, and the spirit windows between the steps.

Handlers get the request already taken off the stack and push what comes next; the kernel
validates with the `legal` tests before any mutation, so an illegal action changes nothing.
They are registered in rules.RULES; the spirits' powers are in powers.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.protocol import Action

from .actions import (
    DISCARD,
    PAIR,
    PROCEED,
    STONE_AND_SHRINE,
    STOP,
    SUMMON,
    TAKE,
    ActivateSpirit,
    ActivateSpiritShrine,
    BuildShrine,
    DiscardStone,
    Pair,
    Place,
    Proceed,
    StoneAndShrine,
    StopBuilding,
    SummonDragon,
    TakeStone,
    castle_cell,
    realm_cell,
)
from .castle import (
    LAYOUT_CELLS,
    castle_top,
    elegance_first_cells,
    is_available,
    take_from_castle,
)
from .data import CASTLE_CELLS, DISCARD_VP, PAD_W, REALM_CELLS, REALM_SIZE, W1, W2, W3, W4
from .realm import (
    can_place,
    close_cell,
    has_room,
    place_options,
    place_stone,
    resolve_merges,
    shrine_options,
)
from .requests import (
    BuildShrines,
    CheckMerges,
    ChooseAction,
    FinishAction,
    PlaceTaken,
    SpiritWindow,
)
from .spirits import activate, activation_ok, activation_options, pair_ok

if TYPE_CHECKING:
    from .state import DragonCastleState

ACTIVATIONS = (ActivateSpirit, ActivateSpiritShrine)


# --- taking stones (rules §6.1) ---------------------------------------------------------------
def first_stone_options(s: DragonCastleState) -> list[Action]:
    """Rules §6.1: the available stones at the top level T (the `top_takes` cache; after
    Elegance: short-exposed stones at T that are not available, §8.2)."""
    if s.elegance == 1:
        return [TAKE[i] for i in elegance_first_cells(s, LAYOUT_CELLS[s.layout])]
    return s.top_takes[:]


def first_stone_ok(s: DragonCastleState, i: int) -> bool:
    h = s.castle_h
    level = h[i] if i >= 0 else 0
    if level == 0 or level != s.top_level:
        return False
    if s.elegance == 1:
        return i in elegance_first_cells(s, (i,))
    return is_available(h, i)


def pair_options(s: DragonCastleState, stone: int) -> list[Action]:
    """Rules §6.1a: available stones (any level) identical to the first stone: the cells
    it tops (found in the `top_ids` cache), ascending (spirit modes: spirits.pair_ok)."""
    if s.pair_mode or s.elegance:
        return [PAIR[i] for i in LAYOUT_CELLS[s.layout] if pair_ok(s, i, stone)]
    h, tops = s.castle_h, s.top_ids
    out: list[Action] = []
    r = tops.find(stone)
    while r >= 0:
        i = CASTLE_CELLS[r]
        level = h[i]
        if h[i - 1] < level or h[i + 1] < level:
            out.append(PAIR[i])
        r = tops.find(stone, r + 1)
    return out


def pair_is_ok(s: DragonCastleState, i: int, stone: int) -> bool:
    if i < 0:
        return False
    if s.pair_mode or s.elegance:
        return pair_ok(s, i, stone)
    return is_available(s.castle_h, i) and castle_top(s, i) == stone


def summon_dragon(s: DragonCastleState, seat: int) -> None:
    """Rules §6.1d / §7: take the rightmost countdown token; uncovering "!" (space 1)
    starts the last round; afterwards tokens come from the space-0 stack."""
    if s.track_singles:
        s.track_singles -= 1
        if s.track_singles == 0:
            s.last_round = True
    else:
        s.track_stack -= 1
    s.tokens[seat] += 1


def can_summon(s: DragonCastleState) -> bool:
    """Rules §6.1d: legal iff T <= 1 (and a token is left, always true by §7's count)."""
    return s.top_level <= 1 and (s.track_singles + s.track_stack) > 0


def push_placement(s: DragonCastleState, seat: int, stones: list[int]) -> None:
    """Rules §6.2-6.3 (+ §8.1 "W dowolnym momencie swojej tury"): place the taken stones in
    taken order, each after a window [W3], then [W3], merge check, [W4]."""
    stack = s.stack
    if s.spirit_cards:
        stack += [SpiritWindow(seat, W4), CheckMerges(seat), SpiritWindow(seat, W3)]
        for k in reversed(stones):
            stack += [PlaceTaken(seat, k), SpiritWindow(seat, W3)]
        return
    stack.append(CheckMerges(seat))
    if len(stones) == 2:
        stack.append(PlaceTaken(seat, stones[1]))
    stack.append(PlaceTaken(seat, stones[0]))


# --- ChooseAction (rules §6.1, §8.1 W1) --------------------------------------------------------
def choose_options(s: DragonCastleState, req: ChooseAction) -> list[Action]:
    out = first_stone_options(s)
    if s.elegance == 1:  # Elegance must be used: the next take is the special one
        return out
    if can_summon(s):
        out.append(SUMMON)
    if s.spirit_cards:
        out += activation_options(s, req.seat, W1)
    return out


def choose_ok(s: DragonCastleState, req: ChooseAction, a: Action) -> bool:
    t = type(a)
    if t is TakeStone:
        return first_stone_ok(s, castle_cell(a))  # type: ignore[arg-type]
    if t is SummonDragon:
        return can_summon(s) and s.elegance != 1
    return (t in ACTIVATIONS and bool(s.spirit_cards) and s.elegance != 1
            and activation_ok(s, req.seat, W1, a))


def choose(s: DragonCastleState, req: ChooseAction, a: Action) -> None:
    """Rules §6.1: take the first stone, summon the dragon (§6.1d), or activate (§8.1)."""
    t = type(a)
    if t is TakeStone:
        i = (a.y + 1) * PAD_W + a.x + 1  # type: ignore[attr-defined]  # castle_cell, legal
        s.first_cell, s.first_level = i, s.castle_h[i]
        if s.elegance == 1:
            s.elegance = 2
        k = take_from_castle(s, i)
        s.stack.append(FinishAction(req.seat, k))
    elif t is SummonDragon:
        summon_dragon(s, req.seat)
        if s.spirit_cards:
            s.stack.append(SpiritWindow(req.seat, W4))
    else:
        activate(s, req, W1, a)


# --- FinishAction (rules §6.1a-c, §8.1 W2) -----------------------------------------------------
def finish_options(s: DragonCastleState, req: FinishAction) -> list[Action]:
    out = pair_options(s, req.stone)
    if req.must_pair:
        return out
    if s.supply > 0:
        out.append(STONE_AND_SHRINE)
    out.append(DISCARD)
    if s.spirit_cards:
        out += activation_options(s, req.seat, W2, req.stone)
    return out


def finish_ok(s: DragonCastleState, req: FinishAction, a: Action) -> bool:
    t = type(a)
    if t is Pair:
        return pair_is_ok(s, castle_cell(a), req.stone)  # type: ignore[arg-type]
    if req.must_pair:
        return False
    if t is StoneAndShrine:
        return s.supply > 0
    if t is DiscardStone:
        return True
    return (t in ACTIVATIONS and bool(s.spirit_cards)
            and activation_ok(s, req.seat, W2, a, req.stone))


def finish(s: DragonCastleState, req: FinishAction, a: Action) -> None:
    """Rules §6.1a Pair, §6.1b Stone and shrine, §6.1c Discard, or activate (§8.1)."""
    t = type(a)
    if t is Pair:
        if s.elegance == 1:
            s.elegance = 2
        k = take_from_castle(s, (a.y + 1) * PAD_W + a.x + 1)  # type: ignore[attr-defined]
        push_placement(s, req.seat, [req.stone, k])
    elif t is StoneAndShrine:
        s.supply -= 1
        s.pool[req.seat] += 1
        push_placement(s, req.seat, [req.stone])
    elif t is DiscardStone:
        s.vp[req.seat] += DISCARD_VP
        if s.spirit_cards:
            s.stack.append(SpiritWindow(req.seat, W4))
    else:
        activate(s, req, W2, a)


# --- PlaceTaken (rules §6.2) -------------------------------------------------------------------
def place_taken_options(s: DragonCastleState, req: PlaceTaken) -> list[Action]:
    """Rules §6.2: an empty cell, or a face-down top stone without a shrine."""
    return place_options(s, req.seat)


def place_ok(s: DragonCastleState, req: PlaceTaken, a: Action) -> bool:
    if type(a) is not Place:
        return False
    cell = realm_cell(a)
    return cell >= 0 and can_place(s, req.seat, cell)


def place(s: DragonCastleState, req: PlaceTaken, a: Action) -> None:
    """Rules §6.2: the taken stone goes face up on the chosen cell."""
    place_stone(s, req.seat, a.r * REALM_SIZE + a.c, req.stone)  # type: ignore[attr-defined]


def no_cell(s: DragonCastleState, req: PlaceTaken) -> bool:
    """Rules §6.2 [reconstructed]: a stone with no legal cell is removed from the game
    (realm.has_room; the open-cell cache read at once when known)."""
    m = s.realm_open[req.seat]
    return m == 0 if m >= 0 else not has_room(s, req.seat)


# --- CheckMerges (rules §6.3) ------------------------------------------------------------------
def check_merges(s: DragonCastleState, req: CheckMerges) -> None:
    """Rules §6.3: once the taken stones are placed, every face-up group of 4+ merges (none
    when no merge is due: realm.merge_due)."""
    if s.merge_due[req.seat]:
        resolve_merges(s, req.seat)


# --- BuildShrines (rules §6.3 step 4) ----------------------------------------------------------
def build_options(s: DragonCastleState, req: BuildShrines) -> list[Action]:
    out: list[Action] = list(shrine_options(s, req))
    out.append(STOP)
    return out


def build_ok(s: DragonCastleState, req: BuildShrines, a: Action) -> bool:
    t = type(a)
    if t is StopBuilding:
        return True
    if t is not BuildShrine:
        return False
    cell = realm_cell(a)
    return cell in req.cells and not s.shrine[req.seat * REALM_CELLS + cell]


def build(s: DragonCastleState, req: BuildShrines, a: Action) -> None:
    """Rules §6.3 step 4: build a pool shrine on the merged set, or stop."""
    if type(a) is not BuildShrine:
        return
    cell = realm_cell(a)
    s.shrine[req.seat * REALM_CELLS + cell] = 1
    close_cell(s, req.seat, cell)
    s.pool[req.seat] -= 1
    if req.allowance > 1:
        s.stack.append(BuildShrines(req.seat, req.cells, req.allowance - 1))


def nothing_to_build(s: DragonCastleState, req: BuildShrines) -> bool:
    """No pool shrine, no allowance left or no shrineless stone: no decision."""
    return not (s.pool[req.seat] and req.allowance and shrine_options(s, req))


# --- SpiritWindow (rules §8.1 W3, W4) ----------------------------------------------------------
def window_options(s: DragonCastleState, req: SpiritWindow) -> list[Action]:
    out = activation_options(s, req.seat, req.window)
    out.append(PROCEED)
    return out


def window_ok(s: DragonCastleState, req: SpiritWindow, a: Action) -> bool:
    return type(a) is Proceed or activation_ok(s, req.seat, req.window, a)


def window(s: DragonCastleState, req: SpiritWindow, a: Action) -> None:
    """Rules §8.1: proceed, or activate the spirit (the window closes once it is used)."""
    if type(a) is not Proceed:
        activate(s, req, req.window, a)


def no_activation(s: DragonCastleState, req: SpiritWindow) -> bool:
    return not activation_options(s, req.seat, req.window)
