"""A small builder for Rotunda scenario tests: a fresh game with an empty board, then the
test puts the pieces where the rulebook example has them."""

from __future__ import annotations

import engine
from engine.games.rotunda import data
from engine.games.rotunda.flow import start_turn
from engine.games.rotunda.rules import RULES
from engine.games.rotunda.state import RotundaState


def blank(n: int = 4, seed: int = 0, rooms: dict[int, int] | None = None,
          **options: bool) -> RotundaState:
    """A game with every leader in the Lodge, no Orders/Experts/amulets held, 0 coins and
    no cubes; `rooms` overrides outer-room tiles (node -> room)."""
    s = engine.make("rotunda", n, seed, **options)
    assert isinstance(s, RotundaState)
    s.stack = []
    s.coins = [0] * n
    s.cubes = [0] * (4 * n)
    s.order_deck += tuple(o for held in s.orders_open for o in held)  # keep 20 in play
    s.orders_open = ((),) * n
    board = list(s.rooms)
    for node, room in (rooms or {}).items():
        board[node] = room
    s.rooms = tuple(board)
    if data.RETAILER in s.rooms and not s.retailer:
        s.retailer = [-1] * 3
    if data.WHOLESALER in s.rooms and not s.wholesaler:
        s.wholesaler = [-1] * 3
    return s


def begin(s: RotundaState, p: int) -> RotundaState:
    """Start seat p's turn and run the automatic steps."""
    s.stack = []
    start_turn(s, p)
    RULES.settle(s)
    return s


def play(s: RotundaState, *actions: object) -> None:
    for a in actions:
        s.apply(a)  # type: ignore[arg-type]


def leaders_off(s: RotundaState) -> None:
    """Park every leader in the Lodge."""
    s.leaders = [data.LODGE] * len(s.leaders)


def put_leader(s: RotundaState, p: int, node: int, k: int = 0) -> None:
    s.leaders[p * s.per_seat + k] = node


def seat_chair(s: RotundaState, p: int, node: int, elder: bool = False) -> None:
    k = (node - data.I1) * 3
    i = s.chairs.index(-1, k, k + 3)
    s.chairs[i] = p * 2 + int(elder)


def set_seat(s: RotundaState, name: str, p: int, values: list[int]) -> None:
    """Set seat p's entry of a per-seat tuple zone (orders, experts, kept, amulets)."""
    t = getattr(s, name)
    setattr(s, name, t[:p] + (tuple(values),) + t[p + 1:])


def set_item(s: RotundaState, name: str, i: int, value: int) -> None:
    """Set item i of a tuple zone (pools, worship board, temples)."""
    t = getattr(s, name)
    setattr(s, name, t[:i] + (value,) + t[i + 1:])
