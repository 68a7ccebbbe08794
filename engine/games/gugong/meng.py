"""The Automa Meng's own effects (rules doc §13, seed "WARIANT SOLO" / "AKCJE Z KART I
LOKACJI"): his forced token exchanges, his travel route and token rewards, his ships and
Harbor rewards, his Wall rewards and his decree choice. Meng's turn order, Dusk and Night
are in `automa.py`."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from engine.games.gugong import data, effects
from engine.games.gugong.automa_data import CARD_CLAIMS, MENG, MENG_JADE_UNITS, PERIMETER
from engine.games.gugong.data import (
    D2C,
    DECREE_VP,
    EXCHANGE_SERVANT,
    HARBOR_VP,
    HOUSE_COSTS,
    MARKET,
    NUM_CITIES,
    R_CARD,
    R_VP,
    ROADS,
    S_DUSK,
    SHIP_CAPACITY,
    SHIPS,
    T_BUYJADE,
    T_DOUBLE,
    T_ENV,
    T_INT,
    T_JADE7,
    T_RETRIEVE,
    T_S1,
    T_S2,
    T_SHIP,
    T_SWAP,
    T_VP2,
    T_WALL,
    WALL,
)
from engine.games.gugong.effects import (
    do_trade,
    envoy_step,
    first_free,
    free_ship,
    gain_now,
    holds_decree,
    intrigue_move,
    return_ship,
    take_harbor,
)
from engine.games.gugong.locations import decree_cost, jade_cost
from engine.games.gugong.requests import MengAction, WallCheck

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState


# --- servants and token exchanges ----------------------------------------------------------------
def token_units(s: GugongState) -> int:
    return sum(data.token_units(t) for t in s.stored[MENG])


def can_afford(s: GugongState, cost: int) -> bool:
    """Whether Meng can pay `cost` from his pool, counting the 2-tokens -> 1-servant
    exchanges he is forced to make for it (seed: "zarówno w czasie Fazy Dnia, jak i w Fazie
    Zmierzchu")."""
    short = cost - s.pool[MENG]
    if short <= 0:
        return True
    return min(token_units(s) // 2, s.supply[MENG]) >= short


def afford(s: GugongState, cost: int) -> bool:
    """`can_afford`, and if so make the forced exchanges (2 units -> 1 servant) now."""
    if not can_afford(s, cost):
        return False
    while s.pool[MENG] < cost:
        singles = sum(1 for t in s.stored[MENG] if t != T_DOUBLE)
        do_trade(s, MENG, EXCHANGE_SERVANT, 0 if singles >= 2 else 1)
    return True


def pay(s: GugongState, cost: int) -> None:
    effects.pay(s, MENG, cost)


def jade_exchange(s: GugongState) -> None:
    """Whenever Meng holds 6 token units he must exchange them for 1 jade (singles first);
    he never trades 4 units for 2 VP by choice."""
    while token_units(s) >= MENG_JADE_UNITS:
        singles = sum(1 for t in s.stored[MENG] if t != T_DOUBLE)
        doubles = max(0, (MENG_JADE_UNITS - singles + 1) // 2)
        do_trade(s, MENG, MENG_JADE_UNITS, doubles)


def take_piece(s: GugongState, supply_first: bool) -> bool:
    """Take one of Meng's normal servants to place: from the pool, or (Special card, ship and
    wall tokens, D1b, D2c) from his supply, the pool when the supply is empty."""
    if supply_first and s.supply[MENG] > 0:
        s.supply[MENG] -= 1
        return True
    if s.pool[MENG] > 0:
        s.pool[MENG] -= 1
        return True
    return False


def gain(s: GugongState, n: int) -> None:
    """Meng never has his Foreman (it marks his focus): a plain gain from his supply."""
    gain_now(s, MENG, n, False)


# --- the Great Wall ------------------------------------------------------------------------------
def wall(s: GugongState, pieces: int, supply_first: bool, only_supply: bool = False) -> None:
    """Place up to `pieces` of Meng's servants on the Wall (one scoring check after them);
    with D2c one more from his supply after each of his Wall actions, checked apart."""
    placed = 0
    for _ in range(pieces):
        if only_supply and s.supply[MENG] == 0:
            break
        if not take_piece(s, supply_first or only_supply):
            break
        s.wall[MENG] += 1
        placed += 1
    if not placed:
        return
    if not only_supply and holds_decree(s, MENG, D2C):
        s.stack.append(MengAction(MENG, WALL, 3))  # the D2c piece, after this check
    s.stack.append(WallCheck(MENG))


def wall_reward(s: GugongState) -> None:
    """Meng's Intrigue reward at a Wall scoring: jade if Intrigue >= 7, else 1 servant if
    Intrigue >= 1 and his supply is not empty."""
    if s.intrigue[MENG] >= 7:
        intrigue_move(s, MENG, -7)
        s.jade[MENG] += 1
    elif s.intrigue[MENG] >= 1 and s.supply[MENG] > 0:
        intrigue_move(s, MENG, -1)
        gain(s, 1)


# --- ships and Harbor rewards --------------------------------------------------------------------
def ship_target(s: GugongState) -> int:
    """His fullest unfinished ship on the canal (tie: furthest); else a new ship at the first
    free harbor; -1 when neither exists."""
    best, key = -1, (-1, -1)
    for k in range(SHIPS):
        i = MENG * 3 + k
        if s.ship_harbor[i] >= 0 and s.ship_load[i] < SHIP_CAPACITY:
            kk = (s.ship_load[i], s.ship_harbor[i])
            if kk > key:
                best, key = k, kk
    if best >= 0:
        return best
    k = free_ship(s, MENG)
    if k < 0 or first_free(s, 0) < 0:
        return -1
    i = MENG * 3 + k
    s.ship_path[i] = 0
    take_harbor(s, i, first_free(s, 0))
    return k


def ship(s: GugongState, pieces: int, supply_first: bool, only_supply: bool = False) -> None:
    """Place Meng's servants on ships one at a time; a ship reaching 3 is claimed at once."""
    for _ in range(pieces):
        if only_supply and s.supply[MENG] == 0:
            return
        if not (s.pool[MENG] or s.supply[MENG] and (supply_first or only_supply)):
            return
        k = ship_target(s)
        if k < 0 or not take_piece(s, supply_first or only_supply):
            return
        s.ship_load[MENG * 3 + k] += 1
        if s.ship_load[MENG * 3 + k] >= SHIP_CAPACITY:
            claim(s, k)


def claim(s: GugongState, k: int) -> None:
    """Any harbor: the 1st and 2nd claims give a DRAW card (only the 1st on hard; 4 VP when
    the draw pile is empty), later ones 4 VP; marked with neutral cubes (his `rewards`);
    all his servants back to his supply. A card gained at Dusk goes to his discard pile,
    otherwise to the bottom of his gift stack (A24)."""
    claims = s.rewards[MENG * 3 + R_VP] + s.rewards[MENG * 3 + R_CARD]
    return_ship(s, MENG, k)
    if claims < CARD_CLAIMS[s.automa] and len(s.draw_pile) > s.meng_reserved:
        s.rewards[MENG * 3 + R_CARD] += 1
        s.meng_reserved += 1  # an unseen card: decided when revealed
        if s.step == S_DUSK:
            s.meng_discard.append(UNSEEN)
        else:
            s.meng_bottom.append(UNSEEN)
    else:
        s.rewards[MENG * 3 + R_VP] += 1
        s.vp[MENG] += HARBOR_VP


# --- travel --------------------------------------------------------------------------------------
def nearest_token_city(s: GugongState) -> int:
    """Fewest roads from his city (C20 when off the map), tie lowest id; -1 if none."""
    here = s.traveller[MENG]
    start = here if here >= 0 else PERIMETER[0]
    dist = {start: 0}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        for nb in ROADS[c]:
            if nb not in dist:
                dist[nb] = dist[c] + 1
                todo.append(nb)
    best = [c for c in range(NUM_CITIES) if s.cities[c] >= 0]
    return min(best, key=lambda c: (dist[c], c)) if best else -1


def next_city(s: GugongState) -> int:
    """The next token city counter-clockwise on the perimeter after his last perimeter city
    (his first move: C20, or the next token city after it), ignoring roads. With no token on
    the perimeter: the nearest token city, for the rest of that Day."""
    if not s.meng_astray:
        n = len(PERIMETER)
        for k in range(n):
            idx = (s.meng_route + 1 + k) % n
            if s.cities[PERIMETER[idx]] >= 0:
                s.meng_route = idx
                return PERIMETER[idx]
        s.meng_astray = 1
    return nearest_token_city(s)


def move(s: GugongState) -> None:
    """One move: take the token and its reward, store it, exchange 6 units for jade."""
    c = next_city(s)
    if c < 0:
        return  # no token anywhere: the move is lost
    token = s.cities[c]
    s.cities[c] = -1
    s.tokens &= ~(1 << c)
    s.traveller[MENG] = c
    token_reward(s, token)
    s.stored[MENG].append(token)
    jade_exchange(s)


def token_reward(s: GugongState, t: int) -> None:
    """He always takes the reward; the card tokens are his own versions (seed "Wyjątkowe
    sytuacje")."""
    dusk = s.step == S_DUSK
    if t == T_S1:
        gain(s, 1)
    elif t == T_S2:
        gain(s, 2)
    elif t == T_ENV:
        envoy_step(s, MENG, 1)
    elif t == T_INT:
        intrigue_move(s, MENG, 1)
    elif t == T_VP2:
        s.vp[MENG] += 2
    elif t == T_SHIP:
        ship(s, 1, True, only_supply=True)
    elif t == T_WALL:
        wall(s, 1, True, only_supply=True)
    elif t == T_BUYJADE:
        if afford(s, 3):
            pay(s, 3)
            s.jade[MENG] += 1
    elif t == T_RETRIEVE:
        if dusk or not s.meng_discard:
            s.vp[MENG] += 1
        else:
            retrieve(s)
    elif t == T_JADE7:
        if dusk or not (s.meng_stack or s.meng_bottom):
            s.vp[MENG] += 1
        else:
            s.meng_discard.append(reveal_gift(s))  # shown, as a 7+ card must be
            s.jade[MENG] += 1
    elif t == T_SWAP:
        s.vp[MENG] += 1


def retrieve(s: GugongState) -> None:
    """T_RETRIEVE on a Day: the top card of his discard pile to the bottom of his stack
    (revealed after the shuffled stack, in the order put there)."""
    s.meng_bottom.append(s.meng_discard.pop())


# --- his cards -----------------------------------------------------------------------------------
#: a card Meng drew from the draw pile unseen (decided when revealed)
UNSEEN = -1


def draw_unseen(s: GugongState) -> int:
    """Reveal one of the `meng_reserved` unseen cards: a card of the (sorted) draw pile
    chosen by the generator, as the human cannot tell them apart."""
    s.meng_reserved -= 1
    return s.draw_pile.pop(s.rng.below(len(s.draw_pile)))


def reveal_gift(s: GugongState) -> int:
    """The top card of his face-down gift stack: drawn by the generator (the shuffled stack's
    order is chance the human cannot know); then the cards put under it, in order."""
    if s.meng_stack:
        card = s.meng_stack.pop(s.rng.below(len(s.meng_stack)))
    else:
        card = s.meng_bottom.pop(0)
    return draw_unseen(s) if card == UNSEEN else card


def take_from_board(s: GugongState, card: int, loc: int) -> None:
    """His gift exchange: the revealed gift card onto the location, the board card face down
    onto his discard pile (values do not matter)."""
    taken = s.board[loc]
    s.board[loc] = card
    s.meng_discard.append(taken)


# --- decrees -------------------------------------------------------------------------------------
def decree_order(s: GugongState) -> list[int]:
    """Slots in Meng's order: target level = Day (Days 3-4: level 3), then lower levels
    (descending), then higher (ascending); in a level, if the human holds exactly one tile
    the other first, otherwise the lower tile on the board (the second) first."""
    target = min(s.day, 3)
    levels = [target, *range(target - 1, 0, -1), *range(target + 1, 4)]
    out = []
    for lvl in levels:
        a, b = 2 * (lvl - 1), 2 * (lvl - 1) + 1
        ha, hb = s.decree_servants[a], s.decree_servants[b]
        out += [a, b] if hb and not ha else [b, a]
    return out


def choose_decree(s: GugongState, free: bool) -> int:
    """The first slot in `decree_order` that he does not hold and can afford (cost + the
    servant placed on it); -1 if none."""
    for slot in decree_order(s):
        if s.decree_servants[MENG * 6 + slot]:
            continue
        if free:
            if s.supply[MENG] or s.pool[MENG]:
                return slot
        elif can_afford(s, decree_cost(s, MENG, slot) + 1):
            return slot
    return -1


def take_decree(s: GugongState, free: bool) -> None:
    slot = choose_decree(s, free)
    if slot < 0:
        return
    if free:
        take_piece(s, True)
    else:
        cost = decree_cost(s, MENG, slot)
        afford(s, cost + 1)
        pay(s, cost)
        s.pool[MENG] -= 1
    s.decree_servants[MENG * 6 + slot] = 1
    s.vp[MENG] += DECREE_VP[s.decrees[slot]]


# --- jade ----------------------------------------------------------------------------------------
def cheapest_jade(s: GugongState) -> int:
    spaces = [h for h in range(len(HOUSE_COSTS)) if s.houses[h]]
    return min(spaces, key=lambda h: (HOUSE_COSTS[h], h)) if spaces else MARKET


def buy_jade(s: GugongState, free: bool) -> None:
    """The cheapest jade (D2b: 1 less); free with the Special card."""
    space = cheapest_jade(s)
    if not free:
        cost = jade_cost(s, MENG, space)
        if not afford(s, cost):
            return
        pay(s, cost)
    if space != MARKET:
        s.houses[space] = 0
    s.jade[MENG] += 1


def ship_target_exists(s: GugongState) -> bool:
    """Whether `ship_target` would find a ship (without placing a new one)."""
    for k in range(SHIPS):
        i = MENG * 3 + k
        if s.ship_harbor[i] >= 0 and s.ship_load[i] < SHIP_CAPACITY:
            return True
    return free_ship(s, MENG) >= 0 and first_free(s, 0) >= 0
