"""The rulebook's setup (rules §3): options checked, the event track, the supply, 6 yuan,
two 2-floor palaces and 11 person cards per seat, then the draft."""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.games.year_of_the_dragon.data import (
    INITIAL_HAND,
    NUM_GREAT_EVENTS,
    PEACE,
    SHUFFLED_EVENTS,
    START_PALACES,
    START_YUAN,
    initial_supply,
)
from engine.games.year_of_the_dragon.flow import push
from engine.games.year_of_the_dragon.requests import Draft
from engine.games.year_of_the_dragon.state import YotdState
from engine.protocol import InvalidConfigError


def arrange_event_track(rng: Rng) -> list[int]:
    """Rules §3.2, D1: Peace on slots 1-2; the other 10 tiles uniformly at random such that no
    two adjacent slots hold the same kind (rejection sampling)."""
    while True:
        tiles = list(SHUFFLED_EVENTS)
        rng.shuffle(tiles)
        if all(tiles[i] != tiles[i + 1] for i in range(len(tiles) - 1)):
            return [PEACE, PEACE, *tiles]


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> YotdState:
    """Rules §3: supply, event track, 6 yuan, two 2-floor palaces, 11 cards, draft."""
    n = num_players
    great = bool(options.get("great_events", False))
    chosen = int(options.get("great_event", -1))
    if chosen >= 0 and not great:
        raise InvalidConfigError("option great_event needs great_events=True")
    rng = Rng.from_seed(seed, "year_of_the_dragon")
    events = arrange_event_track(rng)
    hidden = bool(options.get("hidden_great_event", False))
    if hidden and (not great or chosen >= 0):
        raise InvalidConfigError("option hidden_great_event needs great_events=True and a "
                                 "drawn Great Event (great_event=-1)")
    great_event = -1
    if great and not hidden:  # rules §3.3: drawn at random, or chosen by the players
        great_event = chosen if chosen >= 0 else rng.below(NUM_GREAT_EVENTS)
    s = YotdState(
        num_players=n, great_wall=bool(options.get("great_wall", False)),
        original_privilege=bool(options.get("original_privilege", False)),
        great_events=great, great_event=great_event, hidden_great_event=hidden, rng=rng,
        events=events,
        supply=initial_supply(n),
        yuan=[START_YUAN] * n, rice=[0] * n, fireworks=[0] * n, vp=[0] * n,
        small_privileges=[0] * n, large_privileges=[0] * n, track=[0] * n,
        track_stamp=[0] * n, hands=[list(INITIAL_HAND) for _ in range(n)],
        palaces=[[[f] for f in START_PALACES] for _ in range(n)],
        wall_used=[0] * n,
    )
    # rules §3.6: the draft requests, in seat order from seat 0 (the start player)
    push(s, [Draft(p) for p in range(n)])
    return s
