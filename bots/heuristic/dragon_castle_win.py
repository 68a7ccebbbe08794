"""The fitted win model of the rule-based Dragon Castle bot (`bots.win_model`): its
features and weights, data fitted on the rule-based bots' own games."""

from __future__ import annotations

#: the features of a seat (`dragon_castle_values.win_features`)
WIN_FEATURES = ("points", "cards", "promise", "threat", "points late", "cards late",
                "promise late", "seats before")
#: weights of WIN_FEATURES by number of players, for `mcts:leaf=win` (`position_values`
#: keeps its logistic of the margin over the best other seat), fitted by `python -m
#: bots.win_model dragon_castle --players 4 --games 600 --seed 10000` on the rule-based
#: bots' own games (597 with one winner): log-loss on the last quarter of them, held out, 1.250
#: (even chances 1.386)
WIN_WEIGHTS: dict[int, tuple[float, ...]] = {
    4: (0.372, 0.000, 0.352, 0.167, 0.299, 0.000, -0.373, -0.119),
}
