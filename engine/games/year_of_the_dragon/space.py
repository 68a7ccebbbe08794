"""The fixed action space (stable ids) per (player count, options)."""

from __future__ import annotations

from typing import Any

from engine.games.year_of_the_dragon import data as D
from engine.games.year_of_the_dragon import great_events as G
from engine.games.year_of_the_dragon import rules as R
from engine.protocol import Action, ActionSpace

_SPACES: dict[tuple[int, bool, bool], ActionSpace] = {}


def action_space(num_players: int, options: dict[str, Any]) -> ActionSpace:
    """Every possible decision, in a fixed order; built once per (player count, options)."""
    wall = bool(options.get("great_wall", False))
    great = bool(options.get("great_events", False))
    key = (num_players, wall, great)
    space = _SPACES.get(key)
    if space is None:
        acts: list[Action] = list(R.DRAFT_PAIRS)
        acts += R.PLACE
        acts += [R.REPLACE[i][t] for i in range(D.MAX_PALACES) for t in D.VALID_TILES]
        acts.append(R.DISCARD)
        cards = D.BASE_ACTION_CARDS + ((D.BUILD_WALL,) if wall else ())
        acts += [R.TAKE[c] for c in cards]
        acts.append(R.MONEY)
        acts.append(R.BUILD_NEW)
        acts += R.BUILD_ON
        acts += [R.SMALL, R.LARGE]
        acts += R.PLAY
        acts += [R.CHOOSE[t] for t in D.VALID_TILES]
        acts += [R.RELEASE[i][t] for i in range(D.MAX_PALACES) for t in D.VALID_TILES]
        if wall:
            acts += R.WALL
        if great:
            acts += G.REMOVE
            acts += G.GOODS
            acts += G.DISCARD_CARD
            acts += G.EDICTS
        space = _SPACES[key] = ActionSpace(acts)
    return space
