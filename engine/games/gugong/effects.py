"""Small effects shared by the rules: servants and the Foreman (rules §2 terms, §7), tracks
(§5.4, §5.5, §9), the Wall and ships (§5.2, §5.7), the travel map (§5.1), token exchanges
(§8) and what the others know of a seat's cards (§15 "Hidden information")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong import masks
from engine.games.gugong.actions import TakeForeman, Trade
from engine.games.gugong.data import (
    CANAL_PATHS,
    EXCHANGE_JADE,
    EXCHANGE_SERVANT,
    EXCHANGE_VP,
    EXCHANGES,
    F_POOL,
    F_SHIP,
    F_SUPPLY,
    F_WALL,
    HARBORS,
    INTRIGUE_MAX,
    PALACE_INSIDE,
    PALACE_SLOTS,
    SEEN_DISCARD,
    SEEN_EITHER,
    SEEN_HAND,
    SHIPS,
    T_DOUBLE,
    TOKEN_STORAGE,
)
from engine.games.gugong.masks import HARBOR_BITS, cities_in, destination_mask
from engine.games.gugong.requests import ChooseGain

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState


#: prebuilt answers: the Foreman taken as one unit gained, or not
TAKE_FOREMAN = (TakeForeman(False), TakeForeman(True))


def pay_ways(s: GugongState, p: int, cost: int, keep: int = 0) -> list[bool]:
    """How `p` can pay `cost` and keep `keep` normal servants in the pool: False = normal
    servants only, True = the Foreman pays 2 units (costs >= 2 only, A7)."""
    out = []
    if s.pool[p] >= cost + keep:
        out.append(False)
    if cost >= 2 and s.foreman[p] == F_POOL and s.pool[p] >= cost - 2 + keep:
        out.append(True)
    return out


def pay(s: GugongState, p: int, cost: int, foreman: bool = False) -> None:
    """Move `cost` servant units pool -> own supply."""
    if foreman:
        s.foreman[p] = F_SUPPLY
        cost -= 2
    s.pool[p] -= cost
    s.supply[p] += cost


def can_gain(s: GugongState, p: int) -> bool:
    return s.supply[p] > 0 or s.foreman[p] == F_SUPPLY


def gain(s: GugongState, p: int, n: int) -> None:
    """Gain up to `n` servants from the own supply. With the Foreman and normal servants in
    the supply the seat chooses (a `ChooseGain` request on top of the stack: callers gain
    last)."""
    if n <= 0:
        return
    if s.foreman[p] == F_SUPPLY and s.supply[p] > 0:
        s.stack.append(ChooseGain(p, n))
        return
    gain_now(s, p, n, s.foreman[p] == F_SUPPLY)


@cython.locals(p=cython.Py_ssize_t, n=cython.long, k=cython.long)
def gain_now(s: GugongState, p: int, n: int, foreman: bool) -> None:
    if n <= 0:
        return
    if foreman and s.foreman[p] == F_SUPPLY:
        s.foreman[p] = F_POOL
        n -= 1
    supply = s.supply
    k = supply[p]
    if n < k:
        k = n
    supply[p] -= k
    s.pool[p] += k


def choose_gain_options(s: GugongState, req: ChooseGain) -> list[TakeForeman]:
    return [TAKE_FOREMAN[True], TAKE_FOREMAN[False]]


def choose_gain_apply(s: GugongState, req: ChooseGain, a: TakeForeman) -> None:
    gain_now(s, req.seat, req.n, a.yes)


# --- turn order (rules §4) -----------------------------------------------------------------------
def turn_order(s: GugongState) -> list[int]:
    """The seats from the first player clockwise."""
    n = s.num_players
    return [(s.first + k) % n for k in range(n)]


def push_in_turn_order(s: GugongState, requests: list) -> None:
    """Push so that the first player's request is decided first."""
    s.stack.extend(reversed(requests))


# --- tracks (rules §5.4, §5.5, §9) ---------------------------------------------------------------
def intrigue_key(s: GugongState, p: int) -> tuple[int, int]:
    """Higher position wins; on the same space the marker on top (arrived later) wins."""
    return (s.intrigue[p], s.intrigue_t[p])


def intrigue_move(s: GugongState, p: int, d: int) -> None:
    """Move the Intrigue marker by `d` (0..14, beyond is lost); arriving on top (A16)."""
    new = max(0, min(INTRIGUE_MAX, s.intrigue[p] + d))
    if new != s.intrigue[p]:
        s.intrigue[p] = new
        s.clock += 1
        s.intrigue_t[p] = s.clock


def envoy_step(s: GugongState, p: int, k: int = 1) -> None:
    """Envoy +k; entering takes the highest free VP slot; inside, each step = 1 VP (§5.5)."""
    for _ in range(k):
        if s.envoy[p] >= PALACE_INSIDE:
            s.vp[p] += 1
            continue
        s.envoy[p] += 1
        if s.envoy[p] == PALACE_INSIDE:
            taken = set(s.palace_slot)
            s.palace_slot[p] = next(v for v in PALACE_SLOTS if v not in taken)


@cython.locals(best=cython.Py_ssize_t, p=cython.Py_ssize_t, v=cython.long, top=cython.long,
               i=cython.long, it=cython.long, t=cython.long, tt=cython.long)
def best_by_intrigue(s: GugongState, seats: list[int], value: list[int]) -> int:
    """The seat with the highest value, ties by Intrigue (rules §9, `intrigue_key`); -1 if
    none above 0."""
    intrigue, stamp = s.intrigue, s.intrigue_t
    best, top, it, tt = -1, 0, 0, 0
    for p in seats:
        v = value[p]
        if v <= 0:
            continue
        i, t = intrigue[p], stamp[p]
        if best < 0 or v > top or (v == top and (i > it or (i == it and t > tt))):
            best, top, it, tt = p, v, i, t
    return best


def by_intrigue_ascending(s: GugongState, seats: list[int]) -> list[int]:
    return sorted(seats, key=lambda p: intrigue_key(s, p))


# --- the Great Wall (rules §5.2) -----------------------------------------------------------------
def wall_units(s: GugongState, p: int) -> int:
    return s.wall[p] + (2 if s.foreman[p] == F_WALL else 0)


# --- ships (rules §5.7) --------------------------------------------------------------------------
def ship_units(s: GugongState, p: int, k: int) -> int:
    return s.ship_load[p * 3 + k] + (2 if s.foreman[p] == F_SHIP + k else 0)


#: per bitmask of a path's taken harbors (bit h: harbor h): its lowest free harbor, -1 none
FIRST_FREE = tuple(next((h for h in range(HARBORS) if not m >> h & 1), -1)
                   for m in range(1 << HARBORS))
#: per bitmask and harbor h: the next free harbor after h, -1 none
NEXT_FREE = tuple(tuple(next((x for x in range(h + 1, HARBORS) if not m >> x & 1), -1)
                        for h in range(HARBORS)) for m in range(1 << HARBORS))


def path_taken(s: GugongState, path: int) -> int:
    """Taken harbors of `path` as a bitmask (bit h: harbor h), from the `harbors` cache."""
    return s.harbors >> path * HARBORS & HARBOR_BITS


def path_has_free(s: GugongState, path: int) -> bool:
    """Whether `path` has a free harbor (`first_free` >= 0)."""
    return s.harbors >> path * HARBORS & HARBOR_BITS != HARBOR_BITS


def first_free(s: GugongState, path: int) -> int:
    """Lowest free harbor of `path` (-1 if none): where a new ship goes."""
    return FIRST_FREE[s.harbors >> path * HARBORS & HARBOR_BITS]


def next_free_ahead(s: GugongState, i: int) -> int:
    """Next free harbor ahead of ship `i` (flat index) on its path, -1 if none."""
    return NEXT_FREE[path_taken(s, s.ship_path[i])][s.ship_harbor[i]]


def take_harbor(s: GugongState, i: int, h: int) -> None:
    """Ship `i` (flat index, on a path) goes to harbor `h` (`harbors` kept up to date)."""
    base = s.ship_path[i] * HARBORS
    old = s.ship_harbor[i]
    if old >= 0:
        s.harbors &= ~(1 << (base + old))
    s.harbors |= 1 << (base + h)
    s.ship_harbor[i] = h


def paths(s: GugongState) -> int:
    return CANAL_PATHS[s.num_players]


def free_ship(s: GugongState, p: int) -> int:
    """An own ship beside the board (-1 if all three are on the canal)."""
    for k in range(SHIPS):
        if s.ship_harbor[p * 3 + k] < 0:
            return k
    return -1


def return_ship(s: GugongState, p: int, k: int) -> None:
    """Ship back beside the board; its pieces to the own supply."""
    i = p * 3 + k
    s.supply[p] += s.ship_load[i]
    s.ship_load[i] = 0
    h, path = s.ship_harbor[i], s.ship_path[i]
    if h >= 0 and path >= 0:
        s.harbors &= ~(1 << (path * HARBORS + h))
    s.ship_harbor[i] = -1
    s.ship_path[i] = -1
    if s.foreman[p] == F_SHIP + k:
        s.foreman[p] = F_SUPPLY


# --- travel (rules §5.1) -------------------------------------------------------------------------
def destinations(s: GugongState, p: int) -> list[int]:
    """Token cities reachable by one move: adjacent to the connected token-less area around
    the Traveller; off-map, any token city."""
    return list(cities_in(destination_mask(s.tokens, s.traveller[p])))


def has_destination(s: GugongState, p: int) -> bool:
    """Whether `destinations` is non-empty, searching only until the first token city."""
    return masks.has_destination(s.tokens, s.traveller[p])


# --- travel-token exchanges (rules §8) -----------------------------------------------------------
_TRADES: dict[tuple[int, int, bool], tuple[Trade, ...]] = {}


def trades(singles: int, doubles: int, servant: bool) -> tuple[Trade, ...]:
    """Exchanges of `singles` single and `doubles` T_DOUBLE tokens: units 2/4/6 (2 only
    with `servant`) with 0.. doubles, in that order (memoized)."""
    key = (singles, doubles, servant)
    out = _TRADES.get(key)
    if out is None:
        found = []
        for units in EXCHANGES:
            if units == EXCHANGE_SERVANT and not servant:
                continue
            for d in range(min(doubles, units // 2) + 1):
                if units - 2 * d <= singles:
                    found.append(Trade(units, d))
        out = _TRADES[key] = tuple(found)
    return out


#: `trades` by [servant gainable][doubles][singles] for every storage a seat can hold
TRADE_TABLE = tuple(tuple(tuple(trades(ns, nd, servant) for ns in range(TOKEN_STORAGE + 1))
                          for nd in range(TOKEN_STORAGE + 1)) for servant in (False, True))


@cython.locals(n=cython.Py_ssize_t, nd=cython.Py_ssize_t, ns=cython.Py_ssize_t, t=cython.long)
def trade_choices(s: GugongState, p: int, forced: bool = False) -> tuple[Trade, ...]:
    """Exchanges the stored tokens allow: units 2/4/6 with 0.. T_DOUBLE tokens. A 2-token
    exchange must yield a servant unless it is forced (storage full)."""
    stored = s.stored[p]
    n = len(stored)
    if n < 2 and (not n or stored[0] != T_DOUBLE):
        return ()  # fewer than 2 units
    nd = 0
    for t in stored:
        if t == T_DOUBLE:
            nd += 1
    ns = n - nd
    servant = forced or s.supply[p] > 0 or s.foreman[p] == F_SUPPLY
    if ns <= TOKEN_STORAGE and nd <= TOKEN_STORAGE:
        return TRADE_TABLE[servant][nd][ns]
    return trades(ns, nd, servant)  # Meng's storage may hold more (automa.py)


def trade_options(s: GugongState, p: int, forced: bool = False) -> list[Trade]:
    """`trade_choices` as a new list."""
    return list(trade_choices(s, p, forced))


@cython.locals(n=cython.Py_ssize_t)
def with_trades(s: GugongState, p: int, options: list) -> list:
    """Every own decision also offers travel-token exchanges (rules §8, §15, A22)."""
    stored = s.stored[p]
    n = len(stored)
    if n > 1 or (n == 1 and stored[0] == T_DOUBLE):  # 2 units at least
        options.extend(trade_choices(s, p))
    return options


def trade_legal(s: GugongState, p: int, a: Trade) -> bool:
    return bool(s.stored[p]) and a in trade_choices(s, p)


def do_trade(s: GugongState, p: int, units: int, doubles: int) -> None:
    """Exchange tokens (the oldest single tokens go first); the tokens go to the token
    discard. Gains last (a Foreman choice may follow)."""
    stored = s.stored[p]
    singles = units - 2 * doubles
    keep = []
    for t in stored:
        if t == T_DOUBLE and doubles:
            doubles -= 1
            s.token_discard.append(t)
        elif t != T_DOUBLE and singles:
            singles -= 1
            s.token_discard.append(t)
        else:
            keep.append(t)
    s.stored[p] = keep
    if units == EXCHANGE_VP:
        s.vp[p] += 2
    elif units == EXCHANGE_JADE:
        s.jade[p] += 1
    else:
        gain(s, p, 1)


# --- cards and what the others know of them (rules §4.2, §15) ------------------------------------
def seen_cards(seen: list[int], p: int, kind: int) -> list[int]:
    """Cards the others know to be in p's hand / discard / either (SEEN_*)."""
    code = p * 3 + kind
    return [c for c, v in enumerate(seen) if v == code]


def forget(s: GugongState, p: int, card: int) -> None:
    """`card` left p's cards face up."""
    s.seen[card] = -1


def to_discard_seen(s: GugongState, p: int, card: int) -> None:
    """A card everybody saw goes face down onto p's discard pile."""
    s.discards[p].append(card)
    s.seen[card] = p * 3 + SEEN_DISCARD


@cython.locals(code=cython.long, c=cython.Py_ssize_t)
def _blur(s: GugongState, p: int, kind: int) -> None:
    """The cards the others knew to be in p's hand (or discard pile: `kind`) become known
    to be in either."""
    code, either = p * 3 + kind, p * 3 + SEEN_EITHER
    seen = s.seen
    for c in range(len(seen)):
        if seen[c] == code:
            seen[c] = either


def hand_to_discard_hidden(s: GugongState, p: int, card: int) -> None:
    """A hand card goes face down onto the discard pile unseen (sacrifice): the others no
    longer know which of the known hand cards are still in hand."""
    s.hands[p].remove(card)
    s.discards[p].append(card)
    _blur(s, p, SEEN_HAND)


def discard_to_hand_hidden(s: GugongState, p: int, card: int) -> None:
    """T_RETRIEVE: a discard card back into hand, unseen."""
    s.discards[p].remove(card)
    s.hands[p].append(card)
    _blur(s, p, SEEN_DISCARD)


@cython.locals(c=cython.Py_ssize_t, v=cython.long)
def discards_to_hands(s: GugongState) -> None:
    """End of Night: every discard pile becomes part of its owner's hand (a `seen` code
    p * 3 + kind becomes known in p's hand; -1 stays -1)."""
    seen = s.seen
    for c in range(len(seen)):
        v = seen[c]
        if v >= 0:
            seen[c] = v - v % 3 + SEEN_HAND
    for p in range(s.num_players):
        s.hands[p].extend(s.discards[p])
        s.discards[p].clear()


def swap_with_board(s: GugongState, p: int, card: int, loc: int) -> None:
    """SWAP (rules §6): own card <-> board card; the new card goes where the old one was."""
    new = s.board[loc]
    s.board[loc] = card
    forget(s, p, card)
    if card in s.hands[p]:
        s.hands[p].remove(card)
        s.hands[p].append(new)
        s.seen[new] = p * 3 + SEEN_HAND
    else:
        s.discards[p].remove(card)
        s.discards[p].append(new)
        s.seen[new] = p * 3 + SEEN_DISCARD


def draw_card(s: GugongState, p: int) -> None:
    """Harbor card reward: top card of the draw pile into hand (unseen); solo: the pile is
    sorted and the card drawn by the generator (automa.py)."""
    s.hands[p].append(s.draw_pile.pop(s.rng.below(len(s.draw_pile)) if s.automa else -1))


@cython.locals(p=cython.Py_ssize_t, tile=cython.long, slot=cython.Py_ssize_t)
def holds_decree(s: GugongState, p: int, tile: int) -> bool:
    """Whether `p` has a servant on decree `tile` (each face-up tile is in one slot)."""
    decrees = s.decrees
    for slot in range(len(decrees)):
        if decrees[slot] == tile:
            return bool(s.decree_servants[p * 6 + slot])
    return False


