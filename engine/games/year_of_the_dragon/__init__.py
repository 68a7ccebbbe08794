"""In the Year of the Dragon (Stefan Feld; 10th-anniversary edition), 2-5 players.

Base game complete (rules §1-§6); options: the Great Wall (rules §7) and Great Events
(rules §8) expansions, usable together, and the original edition's privilege price (D17).
§ numbers are the sections of docs/rules/year_of_the_dragon.md; decisions where the rulebook
left a question open, and where the original rulebook settled one: docs/rules-notes.md (In
the Year of the Dragon).
"""

from __future__ import annotations

from typing import Any

from engine import registry
from engine.common.rng import Rng
from engine.games.year_of_the_dragon import data as D
from engine.games.year_of_the_dragon import flow, static, words  # noqa: F401 - registers the words
from engine.games.year_of_the_dragon.actions import YotdAction
from engine.games.year_of_the_dragon.observe import YotdObservation
from engine.games.year_of_the_dragon.space import action_space
from engine.games.year_of_the_dragon.state import YotdState
from engine.protocol import InvalidConfigError

__all__ = ["GAME", "YotdState", "YotdObservation", "new_state", "action_space"]


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> YotdState:
    """Rules §3: supply, event track, 6 yuan, two 2-floor palaces, 11 cards, draft."""
    n = num_players
    great = bool(options.get("great_events", False))
    chosen = int(options.get("great_event", -1))
    if chosen >= 0 and not great:
        raise InvalidConfigError("option great_event needs great_events=True")
    rng = Rng.from_seed(seed, "year_of_the_dragon")
    events = flow.arrange_event_track(rng)
    hidden = bool(options.get("hidden_great_event", False))
    if hidden and (not great or chosen >= 0):
        raise InvalidConfigError("option hidden_great_event needs great_events=True and a "
                                 "drawn Great Event (great_event=-1)")
    great_event = -1
    if great and not hidden:  # rules §3.3: drawn at random, or chosen by the players
        great_event = chosen if chosen >= 0 else rng.below(D.NUM_GREAT_EVENTS)
    s = YotdState(
        num_players=n, great_wall=bool(options.get("great_wall", False)),
        original_privilege=bool(options.get("original_privilege", False)),
        great_events=great, great_event=great_event, hidden_great_event=hidden, rng=rng,
        events=events,
        supply=D.initial_supply(n),
        yuan=[D.START_YUAN] * n, rice=[0] * n, fireworks=[0] * n, vp=[0] * n,
        small_privileges=[0] * n, large_privileges=[0] * n, track=[0] * n,
        track_stamp=[0] * n, hands=[list(D.INITIAL_HAND) for _ in range(n)],
        palaces=[[[f] for f in D.START_PALACES] for _ in range(n)],
        wall_used=[0] * n,
    )
    flow.setup(s)
    return s


GAME = registry.Game(
    id="year_of_the_dragon",
    name="In the Year of the Dragon",
    min_players=2,
    max_players=5,
    new_state=new_state,
    sample_state=YotdState.sample,
    action_space=action_space,
    state_type=YotdState,
    observation_type=YotdObservation,
    action_type=YotdAction,
    options=(
        registry.Option("great_wall", False, "Great Wall expansion: Build Wall card, wall tiles"),
        registry.Option("great_events", False, "Great Events expansion: a Great Event in round 7"),
        registry.Option(
            "great_event", -1,
            "with great_events: the Great Event to use, 0-9 in rules §8 order (-1: draw one)",
            choices=tuple(range(-1, D.NUM_GREAT_EVENTS)),
        ),
        registry.Option(
            "hidden_great_event", False,
            "with great_events: the drawn Great Event stays face down until round 7 (default: "
            "shown from the start)",
        ),
        registry.Option(
            "original_privilege", False, "original edition price: large privilege costs 6 yuan"
        ),
    ),
    presets=(
        {"great_wall": True},
        {"original_privilege": True},
        {"great_events": True},
        {"great_wall": True, "great_events": True},
        {"great_events": True, "hidden_great_event": True},
        {"great_wall": True, "great_events": True, "hidden_great_event": True},
        *({"great_events": True, "great_event": k} for k in range(D.NUM_GREAT_EVENTS)),
    ),
    max_decisions=4000,
    static_data=static.static_data,
    static_docs=static.STATIC_DOCS,
    summary="12 months of disasters: recruit courtiers, keep palaces standing (2-5 players)",
    bot="bots.heuristic.year_of_the_dragon:HeuristicBot",
)
