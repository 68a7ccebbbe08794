"""A small builder for Gugong positions: a fresh state with chosen cards, a chosen pending
decision, and helpers to apply decisions by name."""

from __future__ import annotations

from typing import Any

from engine.games.gugong import data, masks
from engine.games.gugong.data import SEEN_DISCARD, SEEN_HAND
from engine.games.gugong.setup import new_state
from engine.games.gugong.state import GugongState


def build(n: int, *, hands: dict[int, list[int]] | None = None,
          discards: dict[int, list[int]] | None = None,
          board: dict[int, int] | None = None, seed: int = 7, first: int = 0,
          **fields: Any) -> GugongState:
    """A set-up state with seat `first` first; given cards placed, the rest of the board from
    unused cards, the draw pile = every other card not in the box. Other `fields` override."""
    s = new_state(n, seed, {})
    s.stack = []
    s.first = s.turn = first
    hands = hands or {}
    discards = discards or {}
    board = board or {}
    s.hands = [list(hands.get(p, [])) for p in range(n)]
    s.discards = [list(discards.get(p, [])) for p in range(n)]
    used = {c for cs in s.hands + s.discards for c in cs} | set(board.values())
    spare = [c for c in data.BOARD_CARDS + data.DRAW_CARDS if c not in used]
    s.board = [board[loc] if loc in board else spare.pop(0) for loc in range(7)]
    used |= set(s.board)
    s.draw_pile = [c for c in range(data.NUM_CARDS)
                   if c not in used and c not in data.unused_sets(n)]
    s.seen = [-1] * data.NUM_CARDS
    for p in range(n):
        for c in s.hands[p]:
            s.seen[c] = p * 3 + SEEN_HAND
        for c in s.discards[p]:
            s.seen[c] = p * 3 + SEEN_DISCARD
    for k, v in fields.items():
        setattr(s, k, v)
    masks.refresh(s)  # the caches of the fields just set (DERIVED)
    return s


def card(name: str) -> int:
    """Card id of `Gnn`."""
    return data.CARD_NAMES.index(name)


def city(name: str) -> int:
    return data.CITY_NAMES.index(name)


def play(s: GugongState, *actions: Any) -> None:
    for a in actions:
        s.apply(a)


def pending(s: GugongState) -> tuple[int, str]:
    r = s.pending()
    return (r.seat, type(r).__name__) if r else (-1, "over")
