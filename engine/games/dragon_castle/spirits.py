"""Spirit cards (rules §8): activation (cost, windows, "must be used") and where each
power has a legal use.

Options `spirit_card` / `spirit_cards` / `spirits`: the spirit cards in play (one, or
several: "możecie spróbować rozgrywki z więcej niż 1 kartą ducha lub smoka naraz"); each
player may activate each card at most once per turn in the windows W1-W4 it allows
(data.SPIRIT_WINDOWS), paying a face-up realm stone or a pool shrine, and only when the
power then has a legal use. The
powers' own decisions are in powers.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.kernel import Request
from engine.protocol import Action

from .actions import (
    ACTIVATE_OF,
    ACTIVATE_SHRINE_OF,
    ActivateSpirit,
    ActivateSpiritShrine,
    cell_of,
)
from .castle import (
    LAYOUT_CELLS,
    destroy_cells,
    elegance_first_cells,
    is_available,
    is_short_exposed,
)
from .data import (
    BEAUTY,
    CUNNING,
    CUNNING_SET,
    DECEPTION,
    DEPTHS,
    DESTRUCTION,
    ELEGANCE,
    FAITH,
    IS_SPECIAL,
    MAX_CASTLE_HEIGHT,
    MIN_SET,
    NUMBER_OF,
    PAD_W,
    REALM_CELLS,
    REALM_NB,
    SPIRIT_WINDOWS,
    STRENGTH,
    TYPE_OF,
    W2,
    WIND_SPIRIT,
)
from .data import CHANGE as CHANGE_SPIRIT
from .realm import can_place, components, pay_with_stone
from .requests import (
    BeautyMerge,
    ChangeRequest,
    CheckMerges,
    CunningMerge,
    DestroyRequest,
    FaithShrine,
    FinishAction,
    StrengthFrom,
    WindFlip,
)

if TYPE_CHECKING:
    from .state import DragonCastleState

M = MAX_CASTLE_HEIGHT
#: values of state.pair_mode (0 = the normal Pair rule)
PAIR_MODE = {DECEPTION: 1, DEPTHS: 2}
TYPES_ALL = range(6)
#: the cells of one realm
_CELLS = range(REALM_CELLS)


# --- castle (Elegance, Deception, Depths) ------------------------------------------------------
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


# --- realm -------------------------------------------------------------------------------------
#: the set key of each stone identity for Beauty: its number (None: no number)
NUMBER_KEY: tuple[int | None, ...] = tuple(n if n else None for n in NUMBER_OF)


def locked_cells(s: DragonCastleState, seat: int) -> set[int]:
    """[reconstructed] Face-up stones in a 4+ set waiting for its merge check (only in W3):
    they cannot pay for, be flipped, moved or changed by a spirit, since a power cannot
    stop a mandatory merge (Change FAQ). Empty at once when no merge is due (merge_due)."""
    if s.merge_due[seat] == 0:
        return set()
    return {c for comp in components(s, seat, TYPE_OF, MIN_SET) for c in comp}


def cunning_groups(s: DragonCastleState, seat: int) -> list[list[int]]:
    """Rules §8.2 Cunning: connected groups of exactly 3 face-up same-type stones."""
    return [g for g in components(s, seat, TYPE_OF, CUNNING_SET) if len(g) == CUNNING_SET]


def beauty_groups(s: DragonCastleState, seat: int) -> list[list[int]]:
    """Rules §8.2 Beauty: maximal connected groups of 4+ face-up faction stones with the
    same number (factions may mix), with no stone awaiting another merge."""
    locked = locked_cells(s, seat)
    return [g for g in components(s, seat, NUMBER_KEY, MIN_SET) if not locked.intersection(g)]


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


def strength_sources(s: DragonCastleState, seat: int,
                     locked: set[int] | tuple[int, ...] | None = None) -> list[int]:
    """Rules §8.2 Strength: shrineless top stones that have another legal cell to go to.
    `locked`: the stones awaiting a merge when the power began (default: now); a set the
    first move completes is checked only after the power ("Dopiero gdy skończysz korzystać
    z mocy, sprawdź, czy jakieś zestawy kamieni nie wymagają scalenia"), so its stones may
    still move."""
    base = seat * REALM_CELLS
    end = base + REALM_CELLS
    height, up, shrine = s.height[base:end], s.up[base:end], s.shrine[base:end]
    free = [c for c in _CELLS if not height[c] or not (up[c] or shrine[c])]  # can_place
    if not free:
        return []
    if locked is None:
        locked = locked_cells(s, seat)
    only = free[0] if len(free) == 1 else -1  # the one free cell is no move for itself
    return [c for c in _CELLS if height[c] and not shrine[c] and c not in locked and c != only]


def strength_targets(s: DragonCastleState, seat: int, src: int) -> list[int]:
    return [c for c in range(REALM_CELLS) if c != src and can_place(s, seat, c)]


def wind_flips(s: DragonCastleState, seat: int, locked: set[int] | None = None) -> list[int]:
    """Rules §8.2 Wind: face-up stones that may flip (`locked`: locked_cells, if known)."""
    base = seat * REALM_CELLS
    if locked is None:
        locked = locked_cells(s, seat)
    return [c for c in range(REALM_CELLS) if s.up[base + c] and c not in locked]


def shrine_targets(s: DragonCastleState, seat: int, src: int) -> list[int]:
    """Rules §8.2 Wind: another face-down top stone without a shrine."""
    base = seat * REALM_CELLS
    return [c for c in range(REALM_CELLS) if c != src and s.height[base + c]
            and not s.up[base + c] and not s.shrine[base + c]]


def shrine_sources(s: DragonCastleState, seat: int) -> list[int]:
    """Rules §8.2 Wind: built shrines that have a face-down shrineless top stone to move to
    (never their own cell, which has a shrine: so all of them, or none)."""
    base = seat * REALM_CELLS
    end = base + REALM_CELLS
    shrine = s.shrine[base:end]
    if 1 not in shrine or not any(h and not u and not sh for h, u, sh in zip(
            s.height[base:end], s.up[base:end], shrine, strict=True)):
        return []
    return [c for c in _CELLS if shrine[c]]


def wind_can_move_shrine(s: DragonCastleState, seat: int,
                         locked: set[int] | None = None) -> bool:
    """Rules §8.2 Wind: "Możesz odwrócić 1 odkryty kamień … Następnie przesuń 1 wybudowaną
    już świątynię" - the flip is optional, the shrine move is not ("Jeśli zapłacisz za
    aktywację ducha, musisz skorzystać z jego mocy"): Wind has a use only when a built
    shrine can move, at once or onto the stone the flip turns face down."""
    if shrine_sources(s, seat):
        return True
    base = seat * REALM_CELLS
    return any(s.shrine[base:base + REALM_CELLS]) and bool(wind_flips(s, seat, locked))


def faith_cells(s: DragonCastleState, seat: int) -> list[int]:
    """Rules §8.2 Faith: shrineless stones merged this turn (still face-down tops)."""
    base = seat * REALM_CELLS
    return sorted(c for c in s.merged_now if s.height[base + c] and not s.up[base + c]
                  and not s.shrine[base + c])


# --- activation (rules §8.1) --------------------------------------------------------------
def has_use(s: DragonCastleState, seat: int, spirit: int, pool_after: int, stone: int,
            locked: set[int] | None = None) -> bool:
    """Does the power have a legal resolution in the current position (after payment)?
    `stone`: the first stone taken when activating in W2 (-1 otherwise); `locked`: the
    position's locked_cells, if known (a payment never changes them: it turns a stone that
    is in no 4+ group face down)."""
    if spirit == DECEPTION or spirit == DEPTHS:
        saved = s.pair_mode
        s.pair_mode = PAIR_MODE[spirit]
        ok = any(pair_ok(s, i, stone) for i in LAYOUT_CELLS[s.layout])
        s.pair_mode = saved
        return ok
    if spirit == ELEGANCE:
        saved = s.elegance
        s.elegance = 1
        if stone >= 0:
            ok = any(pair_ok(s, i, stone) for i in LAYOUT_CELLS[s.layout])
        else:
            ok = bool(elegance_first_cells(s, LAYOUT_CELLS[s.layout]))
        s.elegance = saved
        return ok
    if spirit == DESTRUCTION:
        return bool(destroy_cells(s))
    if spirit == FAITH:
        return pool_after > 0 and bool(faith_cells(s, seat))
    if spirit == CUNNING:
        return bool(cunning_groups(s, seat))
    if spirit == BEAUTY:
        return bool(beauty_groups(s, seat))
    if spirit == CHANGE_SPIRIT:
        return bool(change_options(s, seat))
    if spirit == STRENGTH:
        return bool(strength_sources(s, seat, locked))
    if spirit == WIND_SPIRIT:
        return wind_can_move_shrine(s, seat, locked)
    raise AssertionError(spirit)  # pragma: no cover


REALM_DEPENDENT = frozenset((CUNNING, BEAUTY, CHANGE_SPIRIT, STRENGTH, WIND_SPIRIT))


def activation_options(s: DragonCastleState, seat: int, window: int,
                       stone: int = -1) -> list[Action]:
    """Rules §8.1: for each spirit card in play, in order, the payments (a face-up realm
    stone, or a pool shrine) after which it has a legal use in this window. "Każdego ducha
    możesz aktywować tylko raz na turę": each card once per turn, several cards in one
    turn."""
    used = s.spirit_used
    out: list[Action] = []
    for k, spirit in enumerate(s.spirit_cards):
        if not used[k] and window in SPIRIT_WINDOWS[spirit]:
            out += card_activations(s, seat, k, spirit, stone)
    return out


def card_activations(s: DragonCastleState, seat: int, k: int, spirit: int,
                     stone: int) -> list[Action]:
    """Rules §8.1: the legal activations of spirit card k (`spirit`) in play."""
    activate_at = ACTIVATE_OF[k]
    base = seat * REALM_CELLS
    locked = locked_cells(s, seat)
    payers = [c for c in range(REALM_CELLS) if s.up[base + c] and c not in locked]
    pool = s.pool[seat]
    out: list[Action] = []
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
                out.append(activate_at[c])
                continue
            j = base + c
            saved = (s.height[j], s.top[j], s.up[j], s.realm_open[seat], s.merge_due[seat])
            pay_with_stone(s, seat, c)
            if has_use(s, seat, spirit, pool, stone):
                out.append(activate_at[c])
            s.height[j], s.top[j], s.up[j], s.realm_open[seat], s.merge_due[seat] = saved
    elif spirit == WIND_SPIRIT and 1 not in s.shrine[base:base + REALM_CELLS]:
        return []  # Wind moves a built shrine; paying builds none (wind_can_move_shrine)
    elif spirit in REALM_DEPENDENT:
        for c in payers:
            j = base + c
            saved = (s.height[j], s.top[j], s.up[j], s.realm_open[seat], s.merge_due[seat])
            pay_with_stone(s, seat, c)
            if has_use(s, seat, spirit, pool, stone, locked):
                out.append(activate_at[c])
            s.height[j], s.top[j], s.up[j], s.realm_open[seat], s.merge_due[seat] = saved
    elif has_use(s, seat, spirit, pool, stone):
        out += [activate_at[c] for c in payers]
    if pool > 0 and has_use(s, seat, spirit, pool - 1, stone, locked):
        out.append(ACTIVATE_SHRINE_OF[k])
    return out


def activation_ok(s: DragonCastleState, seat: int, window: int, a: Action,
                  stone: int = -1) -> bool:
    """Is `a` a legal activation here (rules §8.1)?"""
    t = type(a)
    return (t is ActivateSpirit or t is ActivateSpiritShrine) and a in activation_options(
        s, seat, window, stone)


def activate(s: DragonCastleState, req: Request, window: int, a: Action) -> None:
    """Rules §8.1: pay and start the power of the card `a` names (`a` is a legal
    activation; `req`, taken off the stack, stays pending under the power's decisions)."""
    seat = req.seat
    if type(a) is ActivateSpiritShrine:
        s.pool[seat] -= 1
        s.shrines_out += 1
    else:
        pay_with_stone(s, seat, cell_of(a))
    k = int(a.card)  # type: ignore[attr-defined]
    s.spirit_used[k] = 1
    spirit = s.spirit_cards[k]
    stack = s.stack
    if spirit in PAIR_MODE:
        s.pair_mode = PAIR_MODE[spirit]
        req = FinishAction(seat, req.stone, True)  # type: ignore[attr-defined]
    elif spirit == ELEGANCE:
        s.elegance = 1
        if window == W2:
            req = FinishAction(seat, req.stone, True)  # type: ignore[attr-defined]
    stack.append(req)
    if spirit == DESTRUCTION:
        stack.append(DestroyRequest(seat))
    elif spirit == FAITH:
        stack.append(FaithShrine(seat))
    elif spirit == CUNNING:
        stack.append(CunningMerge(seat))
    elif spirit == BEAUTY:
        stack.append(BeautyMerge(seat))
    elif spirit == CHANGE_SPIRIT:
        stack.append(ChangeRequest(seat))
    elif spirit == STRENGTH:
        locked = tuple(sorted(locked_cells(s, seat)))
        stack += [CheckMerges(seat), StrengthFrom(seat, 0, locked)]
    elif spirit == WIND_SPIRIT:
        stack.append(WindFlip(seat))
