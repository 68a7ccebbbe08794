"""A Day turn (rules §4.2): the gift exchange (step 1, with its cost when the card is not
higher) and the card action (§6); the location action (§5) is in locations.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong import data
from engine.games.gugong.actions import (
    Do,
    Exchange,
    NoActions,
    PayTwo,
    Sacrifice,
    Skip,
    Swap,
    Trade,
)
from engine.games.gugong.data import (
    A_INTRIGUE,
    A_NONE,
    A_PALACE,
    A_SERV1,
    A_SERV2,
    A_SWAP,
    ACTION_LOCATION,
    B_PLUS1,
    CARD_VALUE,
    D2D,
    F_POOL,
    NUM_CARDS,
    SEEN_DISCARD,
    T_DOUBLE,
)
from engine.games.gugong.effects import (
    do_trade,
    gain,
    hand_to_discard_hidden,
    holds_decree,
    pay,
    pay_ways,
    swap_with_board,
    trade_choices,
    trade_legal,
    with_trades,
)
from engine.games.gugong.locations import can_option_a, option_a
from engine.games.gugong.requests import (
    CardAction,
    ExchangeCost,
    GiftExchange,
    LocationAction,
    TurnEnd,
)

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

SKIP = Skip()
DO = Do()
#: prebuilt actions (building structs is a large part of option generation)
EXCHANGES = tuple(tuple(Exchange(c, loc) for loc in range(7)) for c in range(NUM_CARDS))
SWAPS = tuple(tuple(Swap(c, loc) for loc in range(7)) for c in range(NUM_CARDS))
NO_ACTIONS = NoActions()
PAY_TWO = (PayTwo(False), PayTwo(True))
SACRIFICE = tuple(Sacrifice(c) for c in range(NUM_CARDS))
#: prebuilt requests by seat (colours: Meng's too), requests being immutable
SEATS = range(6)
TURN_END = tuple(TurnEnd(p) for p in SEATS)
LOCATION_ACTION = tuple(tuple(LocationAction(p, loc) for loc in range(7)) for p in SEATS)
CARD_ACTION = tuple(tuple(CardAction(p, c) for c in range(NUM_CARDS)) for p in SEATS)
EXCHANGE_COST = tuple(tuple(tuple(ExchangeCost(p, c, loc) for loc in range(7))
                            for c in range(NUM_CARDS)) for p in SEATS)


# --- step 1: the gift exchange -------------------------------------------------------------------
@cython.locals(v=cython.long, b=cython.long)
def is_free(s: GugongState, p: int, card: int, loc: int) -> bool:
    """Rules §4.2 step 1: higher value; equal with D2d; a printed 1 onto a printed 9.
    An active B_PLUS1 adds 1 to the value played, not to the printed 1 (§12, A14)."""
    v, b = CARD_VALUE[card], CARD_VALUE[s.board[loc]]
    if v == 1 and b == 9:
        return True
    for x in s.bonus_active:
        if x.seat == p and x.token == B_PLUS1:
            v += 1
    if v > b:
        return True
    return v == b and holds_decree(s, p, D2D)


@cython.locals(out=list, c=cython.Py_ssize_t)
def gift_options(s: GugongState, req: GiftExchange) -> list:
    p = req.seat
    out = []
    for c in sorted(s.hands[p]):
        out += EXCHANGES[c]
    return with_trades(s, p, out)


def gift_legal(s: GugongState, req: GiftExchange, a: object) -> bool:
    if type(a) is Exchange:
        return a.card in s.hands[req.seat] and 0 <= a.loc < 7
    return type(a) is Trade and a in trade_choices(s, req.seat)


@cython.locals(p=cython.Py_ssize_t, card=cython.Py_ssize_t, loc=cython.Py_ssize_t,
               v=cython.long, b=cython.long)
def gift_apply(s: GugongState, req: GiftExchange, a: Exchange | Trade) -> None:
    p = req.seat
    if type(a) is Trade:
        s.stack.append(req)
        do_trade(s, p, a.units, a.doubles)
        return
    card, loc = a.card, a.loc
    s.stack.append(TURN_END[p])
    s.hands[p].remove(card)
    s.seen[card] = -1  # effects.forget: the card left p's cards face up
    v, b = CARD_VALUE[card], CARD_VALUE[s.board[loc]]
    # higher or a 1 onto a 9 is free whatever else holds; else `is_free` decides
    if v > b or (v == 1 and b == 9) or ((v == b or s.bonus_active) and is_free(s, p, card, loc)):
        complete_exchange(s, p, card, loc, True)
    else:
        s.stack.append(EXCHANGE_COST[p][card][loc])


def turn_end_options(s: GugongState, req: TurnEnd) -> list:
    return with_trades(s, req.seat, [SKIP])


def turn_end_auto(s: GugongState, req: TurnEnd) -> bool:
    stored = s.stored[req.seat]  # fewer than 2 units: no exchange (`effects.trade_choices`)
    return not (stored and (len(stored) > 1 or stored[0] == T_DOUBLE)
                and trade_choices(s, req.seat))


def turn_end_apply(s: GugongState, req: TurnEnd, a: object) -> None:
    if type(a) is Trade:
        s.stack.append(req)
        do_trade(s, req.seat, a.units, a.doubles)


@cython.locals(p=cython.Py_ssize_t, out=list, c=cython.Py_ssize_t)
def cost_options(s: GugongState, req: ExchangeCost) -> list:
    p = req.seat
    out = [PAY_TWO[False]] if s.pool[p] >= 2 else []  # effects.pay_ways(s, p, 2) inline
    if s.foreman[p] == F_POOL:
        out.append(PAY_TWO[True])
    for c in sorted(s.hands[p]):
        out.append(SACRIFICE[c])
    out.append(NO_ACTIONS)
    return with_trades(s, p, out)


def cost_legal(s: GugongState, req: ExchangeCost, a: object) -> bool:
    t = type(a)
    if t is NoActions:
        return True
    if t is Sacrifice:
        return a.card in s.hands[req.seat]
    if t is PayTwo:
        return a.foreman in pay_ways(s, req.seat, 2)
    return t is Trade and trade_legal(s, req.seat, a)


def cost_apply(s: GugongState, req: ExchangeCost, a: object) -> None:
    p = req.seat
    if type(a) is Trade:
        s.stack.append(req)
        do_trade(s, p, a.units, a.doubles)
        return
    if type(a) is PayTwo:
        pay(s, p, 2, a.foreman)
    elif type(a) is Sacrifice:
        hand_to_discard_hidden(s, p, a.card)
    complete_exchange(s, p, req.card, req.loc, type(a) is not NoActions)


@cython.locals(p=cython.Py_ssize_t, card=cython.Py_ssize_t, loc=cython.Py_ssize_t,
               taken=cython.Py_ssize_t, act=cython.long)
def complete_exchange(s: GugongState, p: int, card: int, loc: int, actions: bool) -> None:
    """The played card goes face up on the location, the board card face down onto the
    discard pile; then the card action (first) and the location action (rules §4.2)."""
    board = s.board
    taken = board[loc]
    s.discards[p].append(taken)  # effects.to_discard_seen: everybody saw it go there
    s.seen[taken] = p * 3 + SEEN_DISCARD
    board[loc] = card
    if not actions:
        return
    s.stack.append(LOCATION_ACTION[p][loc])
    act = data.CARD_ACTION[card]
    if act == A_SERV1 or act == A_SERV2:
        gain(s, p, 1 if act == A_SERV1 else 2)  # never harmful: always taken
    elif act != A_NONE:
        s.stack.append(CARD_ACTION[p][card])


# --- step 2: the card action (rules §6) ----------------------------------------------------------
def swap_options(s: GugongState, p: int, discard_too: bool = True) -> list:
    cards = sorted(s.hands[p] + s.discards[p]) if discard_too else sorted(s.hands[p])
    out: list = []
    for c in cards:
        out.extend(SWAPS[c])
    return out


def card_options(s: GugongState, req: CardAction) -> list:
    p = req.seat
    act = data.CARD_ACTION[req.card]
    if act == A_SWAP:
        out = swap_options(s, p)
    else:
        out = [DO] if can_option_a(s, p, ACTION_LOCATION[act]) else []
    out.append(SKIP)
    return with_trades(s, p, out)


def card_legal(s: GugongState, req: CardAction, a: object) -> bool:
    t = type(a)
    p = req.seat
    act = data.CARD_ACTION[req.card]
    if t is Skip:
        return True
    if t is Do:
        return act != A_SWAP and can_option_a(s, p, ACTION_LOCATION[act])
    if t is Swap:
        return (act == A_SWAP and (a.card in s.hands[p] or a.card in s.discards[p])
                and 0 <= a.loc < 7)
    return t is Trade and trade_legal(s, p, a)


def card_auto(s: GugongState, req: CardAction) -> bool:
    """Nothing to decide (public): only Skip is possible."""
    p = req.seat
    act = data.CARD_ACTION[req.card]
    if act == A_INTRIGUE or act == A_PALACE:
        return False  # their option A is always possible
    stored = s.stored[p]  # fewer than 2 units: no exchange (`effects.trade_choices`)
    if stored and (len(stored) > 1 or stored[0] == T_DOUBLE) and trade_choices(s, p):
        return False
    if act == A_SWAP:
        return not (s.hands[p] or s.discards[p])
    return not can_option_a(s, p, ACTION_LOCATION[act])


def card_apply(s: GugongState, req: CardAction, a: object) -> None:
    p = req.seat
    if type(a) is Trade:
        s.stack.append(req)
        do_trade(s, p, a.units, a.doubles)
    elif type(a) is Swap:
        swap_with_board(s, p, a.card, a.loc)
    elif type(a) is Do:
        option_a(s, p, ACTION_LOCATION[data.CARD_ACTION[req.card]])
