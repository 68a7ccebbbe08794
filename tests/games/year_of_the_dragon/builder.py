"""A small position builder for scenario tests."""

from __future__ import annotations

from typing import Any

from engine.games.year_of_the_dragon import data, new_state
from engine.games.year_of_the_dragon.data import ST_ACTIONS
from engine.games.year_of_the_dragon.requests import PlayPersonCard
from engine.games.year_of_the_dragon.state import YotdState
from engine.kernel import Request

#: a pending decision left at the bottom of the stack so that nothing automatic runs after
#: the decisions under test (the round flow only advances when the stack is empty)
SENTINEL = PlayPersonCard(0)

Y = {k: data.tile_of(k, False) for k in range(data.NUM_TYPES)}
OLD = {k: data.tile_of(k, True) for k in range(data.NUM_TYPES) if k not in data.SINGLE_LEVEL}


def position(
    n: int = 3,
    *,
    step: int = ST_ACTIONS,
    round: int = 3,
    palaces: dict[int, list[list[int]]] | None = None,
    groups: list[list[int]] | None = None,
    stack: list[Request] | None = None,
    sentinel: bool = True,
    **fields: Any,
) -> YotdState:
    """A state after the draft with the given fields. `palaces[p]` lists palaces as
    [floors, tile, ...]; `groups` lists the action cards of each group; `stack` lists the
    pending decisions in the order they are taken (first = next)."""
    s = new_state(n, 7, {"great_wall": fields.pop("great_wall", False),
                         "original_privilege": fields.pop("original_privilege", False)})
    s.stack = []
    s.round = round
    s.step = step
    s.track = list(range(n, 0, -1))  # seat 0 first by default
    s.track_stamp = list(range(1, n + 1))
    s.moves = n
    s.drafted = []
    for p, pals in (palaces or {}).items():
        s.palaces[p] = [list(q) for q in pals]
    if groups is not None:
        card_group = [-1] * len(data.ACTION_NAMES)
        for g, cards in enumerate(groups):
            for c in cards:
                card_group[c] = g
        s.card_group = card_group
        s.group_dragons = [0] * len(groups)
    for k, v in fields.items():
        assert hasattr(s, k), k
        setattr(s, k, v)
    s.stack = ([SENTINEL] if sentinel else []) + list(reversed(stack or []))
    return s


def legal(s: YotdState) -> set:
    return set(s.legal_actions())
