"""Gains, once-per-turn triggers, pools and the Assistant actions (rules §5, §6, §9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda.data import (
    CHAIRS_PER_ROOM,
    CLERK_VP,
    DISCARD_SLOT,
    E1,
    E2,
    E2_VP,
    E3,
    E4A,
    E4B,
    GOLD,
    H3,
    H4,
    I1,
    INNER,
    OLD_MAN_VP,
    ORDER_EFFECTS,
    P7,
    P8,
    POOL_SIZE,
    RICH_MAN_VP,
    SHOPKEEPER_VP,
    VILLAGES,
)

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

_EXPERT_BIT = 20
Seats = tuple[tuple[int, ...], ...]


# --- copy-on-write helpers (rarely changed zones are tuples, shared by clones) ---------------
def seat_add(t: Seats, p: int, x: int) -> Seats:
    """`t` with x appended to seat p's entry."""
    return t[:p] + (t[p] + (x,),) + t[p + 1:]


def seat_remove(t: Seats, p: int, x: int) -> Seats:
    """`t` with one x removed from seat p's entry."""
    e = list(t[p])
    e.remove(x)
    return t[:p] + (tuple(e),) + t[p + 1:]


def without(t: tuple[int, ...], i: int) -> tuple[int, ...]:
    return t[:i] + t[i + 1:]


# --- once-per-turn effects (§5 "Once per turn", §9) ------------------------------------------
def _fire(s: RotundaState, p: int, bit: int) -> bool:
    """Mark effect `bit` of seat p as used this turn; False if it already fired."""
    f = s.fired[p]
    if f >> bit & 1:
        return False
    s.fired[p] = f | 1 << bit
    return True


def _expert_fires(s: RotundaState, p: int, expert: int) -> bool:
    return expert in s.experts[p] and _fire(s, p, _EXPERT_BIT + expert)


def gain_coins(s: RotundaState, p: int, n: int) -> None:
    """Seat p gains n coins; its fulfilled E1 Orders add their coins once per turn."""
    if n <= 0:
        return
    s.coins[p] += n
    for o in s.orders_done[p]:
        kind, arg, _ = ORDER_EFFECTS[o]
        if kind == E1 and _fire(s, p, o):
            s.coins[p] += arg


def add_vp(s: RotundaState, p: int, n: int) -> None:
    s.vp[p] += n


def gain_cube(s: RotundaState, p: int, t: int, from_supply: bool = True) -> bool:
    """Seat p gains one cube of type t (from the general supply unless the caller took it
    from a room); triggers E2/E3/E4, Shopkeeper and Rich Man once per turn. A gain from an
    empty supply is lost [rec]."""
    if from_supply:
        if s.supply[t] == 0:
            return False
        s.supply[t] -= 1
    s.cubes[p * 4 + t] += 1
    for o in s.orders_done[p]:
        kind, arg, name = ORDER_EFFECTS[o]
        if kind == E2:
            if arg == t and _fire(s, p, o):
                add_vp(s, p, E2_VP[name])
        elif kind == E3:
            if arg == t and _fire(s, p, o):
                _bonus_cube(s, p, t)
        elif kind == E4A:
            if _fire(s, p, o):
                add_vp(s, p, arg)
        elif kind == E4B and _fire(s, p, o):
            _bonus_cube(s, p, t)
    if t == GOLD:
        if _expert_fires(s, p, H4):
            add_vp(s, p, RICH_MAN_VP)
    elif _expert_fires(s, p, P7):
        add_vp(s, p, SHOPKEEPER_VP)
    return True


def _bonus_cube(s: RotundaState, p: int, t: int) -> None:
    """A cube from an effect: triggers nothing further (§9)."""
    if s.supply[t]:
        s.supply[t] -= 1
        s.cubes[p * 4 + t] += 1


def pay_cube(s: RotundaState, p: int, t: int) -> None:
    """Pay one cube of type t to the general supply."""
    s.cubes[p * 4 + t] -= 1
    s.supply[t] += 1


# --- Assistants (§6) -------------------------------------------------------------------------
def recruit(s: RotundaState, p: int) -> None:
    """Recruit: the leftmost track Assistant to the personal supply; empty track: nothing."""
    if s.track[p] > 0:
        s.track[p] -= 1
        s.supply_discs[p] += 1


def fire(s: RotundaState, p: int, k: int = 1) -> None:
    """Fire (a cost): supply Assistants back onto the track (stacked when it is full)."""
    s.supply_discs[p] -= k
    s.track[p] += k


def peddler_place(s: RotundaState, p: int) -> None:
    """Peddler: one supply Assistant to the village with the Peddler tile."""
    if s.supply_discs[p] > 0:
        s.supply_discs[p] -= 1
        s.villages[s.peddler * s.num_players + p] += 1


def move_peddler(s: RotundaState, villages: int) -> None:
    s.peddler = (s.peddler + villages) % VILLAGES


@cython.locals(chairs=list, k=cython.Py_ssize_t, i=cython.Py_ssize_t, n=cython.Py_ssize_t)
def free_chairs(s: RotundaState, node: int) -> int:
    chairs = s.chairs
    k = (node - I1) * CHAIRS_PER_ROOM
    n = 0
    for i in range(k, k + CHAIRS_PER_ROOM):
        if chairs[i] < 0:
            n += 1
    return n


@cython.locals(p=cython.long, chairs=list, k=cython.Py_ssize_t, i=cython.Py_ssize_t,
               c=cython.long, young=cython.Py_ssize_t, elder=cython.Py_ssize_t)
def chair_discs(s: RotundaState, p: int, node: int) -> tuple[int, int]:
    """(young, elder) Assistants of seat p on the chairs of inner room `node`."""
    if node not in INNER:
        return 0, 0
    chairs = s.chairs
    k = (node - I1) * CHAIRS_PER_ROOM
    young = elder = 0
    for i in range(k, k + CHAIRS_PER_ROOM):
        c = chairs[i]
        if c == p * 2:
            young += 1
        elif c == p * 2 + 1:
            elder += 1
    return young, elder


def seat_apprentice(s: RotundaState, p: int, node: int, elder: bool) -> None:
    """(Elder) Apprentice: a supply Assistant to a free chair of `node`; Old Man (§12.5 H3)
    scores for a plain Apprentice."""
    k = (node - I1) * CHAIRS_PER_ROOM
    for i in range(k, k + CHAIRS_PER_ROOM):
        if s.chairs[i] < 0:
            s.chairs[i] = p * 2 + int(elder)
            s.supply_discs[p] -= 1
            break
    if not elder and _expert_fires(s, p, H3):
        add_vp(s, p, OLD_MAN_VP)


def unseat_young(s: RotundaState, p: int, node: int) -> None:
    """An extra execution: a young chair Assistant returns to the personal supply."""
    k = (node - I1) * CHAIRS_PER_ROOM
    for i in range(k, k + CHAIRS_PER_ROOM):
        if s.chairs[i] == p * 2:
            s.chairs[i] = -1
            s.supply_discs[p] += 1
            return


@cython.locals(young=cython.long, c=cython.long, n=cython.Py_ssize_t)
def chair_count(s: RotundaState, p: int) -> int:
    """Seat p's chair Assistants (young ones are coded 2p, elders 2p + 1)."""
    young = p * 2
    n = 0
    for c in s.chairs:
        if c == young or c == young + 1:
            n += 1
    return n


# --- pools (§5 "Decks and pools") ------------------------------------------------------------
def take_order(s: RotundaState, p: int, slot: int) -> None:
    s.orders_open = seat_add(s.orders_open, p, s.order_pool[slot])
    s.order_pool = without(s.order_pool, slot)
    if s.order_deck:
        s.order_pool += s.order_deck[-1:]
        s.order_deck = s.order_deck[:-1]


def take_amulet(s: RotundaState, p: int, slot: int) -> None:
    s.amulets = seat_add(s.amulets, p, s.amulet_pool[slot])
    s.amulet_pool = without(s.amulet_pool, slot)
    refill_amulets(s)


def refill_amulets(s: RotundaState) -> None:
    while len(s.amulet_pool) < POOL_SIZE and s.amulet_stack:
        s.amulet_pool += s.amulet_stack[-1:]
        s.amulet_stack = s.amulet_stack[:-1]


def sell_amulet(s: RotundaState, p: int, t: int) -> None:
    """Black Market: the sold amulet is shuffled into the stack."""
    s.amulets = seat_remove(s.amulets, p, t)
    stack = [*s.amulet_stack, t]
    s.rng.shuffle(stack)
    s.amulet_stack = tuple(stack)


def hire(s: RotundaState, p: int, slot: int) -> None:
    """Hire the pool Expert in `slot`, refill the pool (deck empty: reshuffle the discard
    pile; advanced variant §11: no reshuffle, the pool stays short); `slot` DISCARD_SLOT
    takes the discard pile's top card (§11). Clerk scores the hire (its own included)."""
    if slot == DISCARD_SLOT:
        s.experts = seat_add(s.experts, p, s.expert_discard[0])
        s.expert_discard = s.expert_discard[1:]
    else:
        s.experts = seat_add(s.experts, p, s.expert_pool[slot])
        s.expert_pool = without(s.expert_pool, slot)
        if not s.expert_deck and s.expert_discard and not s.advanced_experts:
            deck = list(s.expert_discard)
            s.rng.shuffle(deck)
            s.expert_deck = tuple(deck)
            s.expert_discard = ()
        if s.expert_deck:
            s.expert_pool += s.expert_deck[-1:]
            s.expert_deck = s.expert_deck[:-1]
    if _expert_fires(s, p, P8):
        add_vp(s, p, CLERK_VP)


def hire_slots(s: RotundaState) -> list[int]:
    """The Experts a seat may hire now: the pool slots, and in the advanced variant the
    discard pile's top card (§11)."""
    out = list(range(len(s.expert_pool)))
    if s.advanced_experts and s.expert_discard:
        out.append(DISCARD_SLOT)
    return out


def hired_card(s: RotundaState, slot: int) -> int:
    """The Expert that `Hire(slot)` takes."""
    return s.expert_discard[0] if slot == DISCARD_SLOT else s.expert_pool[slot]


def take_smuggler(s: RotundaState, slot: int) -> int:
    """Harbour: take a pool Smuggler; it goes face down under the stack; reveal the next."""
    tok = s.smuggler_pool[slot]
    s.smuggler_pool = without(s.smuggler_pool, slot)
    s.smuggler_returned += (tok,)
    if s.smuggler_stack:
        s.smuggler_pool += s.smuggler_stack[-1:]
        s.smuggler_stack = s.smuggler_stack[:-1]
    else:
        s.smuggler_pool += s.smuggler_returned[:1]
        s.smuggler_returned = s.smuggler_returned[1:]
    return tok
