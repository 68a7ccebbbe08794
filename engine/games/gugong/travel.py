"""Travel (rules §5.1) and the travel tokens (rules §8, D3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong.actions import Jade7, MoveTo, Retrieve, Skip, Swap, Trade, UseToken
from engine.games.gugong.data import (
    BONUS_TOKENS,
    CARD_VALUE,
    NUM_CITIES,
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
    TOKEN_STORAGE,
)
from engine.games.gugong.effects import (
    discard_to_hand_hidden,
    do_trade,
    envoy_step,
    forget,
    gain,
    has_destination,
    intrigue_move,
    pay,
    pay_ways,
    swap_with_board,
    to_discard_seen,
    trade_options,
    with_trades,
)
from engine.games.gugong.masks import BLOCK, CITIES, LOW, destination_mask
from engine.games.gugong.requests import (
    CANAL_FROM_SUPPLY,
    STORE_TOKEN,
    TRAVEL_MOVE,
    WALL_FROM_SUPPLY,
    ActivateBonus,
    StoreToken,
    TokenReward,
    TravelMove,
)
from engine.games.gugong.turn import swap_options

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

SKIP = Skip()
BUY_JADE_COST = 3


# --- moving --------------------------------------------------------------------------------------
MOVE_TO = tuple(MoveTo(c) for c in range(NUM_CITIES))


#: per block mask of destinations (masks.CITIES): their moves, ascending
MOVES = tuple(tuple(tuple(MOVE_TO[c] for c in cities) for cities in block)
              for block in CITIES)


def move_options(s: GugongState, req: TravelMove) -> list:
    m = destination_mask(s.tokens, s.traveller[req.seat])
    return list(MOVES[0][m & LOW] + MOVES[1][m >> BLOCK])


def move_legal(s: GugongState, req: TravelMove, a: object) -> bool:
    if type(a) is not MoveTo or not 0 <= a.city < NUM_CITIES:
        return False
    return bool(destination_mask(s.tokens, s.traveller[req.seat]) >> a.city & 1)


def move_auto(s: GugongState, req: TravelMove) -> bool:
    """No destination: the move (and any further one) is lost."""
    return not has_destination(s, req.seat)


def move_apply(s: GugongState, req: TravelMove, a: MoveTo) -> None:
    p = req.seat
    token = s.cities[a.city]
    s.cities[a.city] = -1
    s.tokens &= ~(1 << a.city)
    s.traveller[p] = a.city
    if req.moves > 1:
        s.stack.append(TRAVEL_MOVE[p][req.moves - 1])
    if token in BONUS_TOKENS:
        s.stack.append(ActivateBonus(p, token))  # activate or store (rules §12, bonus.py)
        return
    s.stack.append(STORE_TOKEN[p][token])
    token_reward(s, p, token)


def token_reward(s: GugongState, p: int, token: int) -> None:
    """The reward of a token just taken (optional; rules §8, D3)."""
    if token == T_S1:
        gain(s, p, 1)
    elif token == T_S2:
        gain(s, p, 2)
    elif token == T_ENV:
        envoy_step(s, p, 1)
    elif token == T_INT:
        intrigue_move(s, p, 1)  # never the Medal (A9)
    elif token == T_VP2:
        s.vp[p] += 2
    elif token == T_SHIP:
        s.stack.append(CANAL_FROM_SUPPLY[p])
    elif token == T_WALL:
        s.stack += WALL_FROM_SUPPLY[p]
    elif token != T_DOUBLE:
        s.stack.append(TokenReward(p, token))


# --- rewards that need a decision ----------------------------------------------------------------
def reward_options(s: GugongState, req: TokenReward) -> list:
    p, t = req.seat, req.token
    out: list = []
    if t == T_JADE7:
        out = [Jade7(c) for c in sorted(s.hands[p]) if CARD_VALUE[c] >= 7]
    elif t == T_RETRIEVE:
        out = [Retrieve(c) for c in sorted(s.discards[p])]
    elif t == T_SWAP:
        out = swap_options(s, p)
    elif t == T_BUYJADE:
        out = [UseToken(f) for f in pay_ways(s, p, BUY_JADE_COST)]
    out.append(SKIP)
    return with_trades(s, p, out)


def reward_apply(s: GugongState, req: TokenReward, a: object) -> None:
    p = req.seat
    t = type(a)
    if t is Trade:
        s.stack.append(req)
        do_trade(s, p, a.units, a.doubles)
    elif t is Jade7:
        s.hands[p].remove(a.card)
        forget(s, p, a.card)
        to_discard_seen(s, p, a.card)  # shown to prove its value, then face down
        s.jade[p] += 1
    elif t is Retrieve:
        discard_to_hand_hidden(s, p, a.card)
    elif t is Swap:
        swap_with_board(s, p, a.card, a.loc)
    elif t is UseToken:
        pay(s, p, BUY_JADE_COST, a.foreman)
        s.jade[p] += 1


# --- storage -------------------------------------------------------------------------------------
def store_options(s: GugongState, req: StoreToken) -> list:
    return trade_options(s, req.seat, forced=True)


def store_auto(s: GugongState, req: StoreToken) -> bool:
    """Room on the board: store it. Full: the seat must exchange first."""
    if len(s.stored[req.seat]) < TOKEN_STORAGE:
        s.stored[req.seat].append(req.token)
        return True
    return False


def store_apply(s: GugongState, req: StoreToken, a: Trade) -> None:
    s.stack.append(req)
    do_trade(s, req.seat, a.units, a.doubles)
