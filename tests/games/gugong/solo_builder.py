"""Builder for solo Gugong positions (the human, seat 0, against the Automa Meng)."""

from __future__ import annotations

from typing import Any

from engine.games.gugong import automa, data
from engine.games.gugong.automa_data import MENG
from engine.games.gugong.setup import new_state
from engine.games.gugong.state import GugongState

A_TRAVEL, A_TRAVEL2, A_WALL, A_JADE, A_INTRIGUE, A_PALACE, A_PALACE2, A_DECREES, A_CANAL, \
    A_SPECIAL, A_SPECIAL2 = range(11)


def solo(level: str = "normal", focus: str = "palace", seed: int = 3,
         **fields: Any) -> GugongState:
    """A fresh solo set-up with nothing pending; `fields` override."""
    s = new_state(1, seed, {"automa_level": level, "focus": focus, "card_sets": 1})
    s.stack = []
    for k, v in fields.items():
        setattr(s, k, v)
    return s


def meng_turn(s: GugongState, gift: int, automa_card: int) -> None:
    """Meng's next turn with this gift card and Automa card on top, run to its end (the
    human keeps one hand card so that the game then waits for her)."""
    s.meng_stack = [gift]
    s.automa_deck = [automa_card]
    s.turn = MENG
    if not s.hands[0]:
        s.hands[0] = [card("G02")]
    automa.next_turn(s)
    s.RULES.settle(s)


def run(s: GugongState) -> None:
    """Resolve Meng's automatic steps pushed by hand (nothing else pending)."""
    while s.stack:
        h = s.RULES.handlers[type(s.stack[-1])]
        req = s.stack.pop()
        assert h.auto is not None and h.auto(s, req), f"{type(req).__name__} is not automatic"


def card(name: str) -> int:
    return data.CARD_NAMES.index(name)


def city(name: str) -> int:
    return data.CITY_NAMES.index(name)


def clear_map(s: GugongState) -> None:
    s.cities = [-1] * data.NUM_CITIES
    s.tokens = 0  # its cache (masks.py)
