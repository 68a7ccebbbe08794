"""The fitted win model of the rule-based Dragon Castle bot (`bots.win_model`): its
features and weights, data fitted on the rule-based bots' own games."""

from __future__ import annotations

#: the features of a seat (`dragon_castle_values.win_features`)
WIN_FEATURES = ("points", "cards", "promise", "threat", "points late", "cards late",
                "promise late", "seats before")
#: weights of WIN_FEATURES by number of players (none yet: `position_values` keeps its
#: logistic of the margin over the best other seat)
WIN_WEIGHTS: dict[int, tuple[float, ...]] = {}
