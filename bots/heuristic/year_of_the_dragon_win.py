"""The fitted win model of the rule-based In the Year of the Dragon bot (`bots.win_model`):
its features and weights, data fitted on the rule-based bots' own games."""

from __future__ import annotations

#: the features of a seat (`year_of_the_dragon.win_features`)
WIN_FEATURES = ("vp", "money", "persons", "palaces", "privileges", "track", "crowding",
                "threats", "vp late", "money late", "persons late", "seats before")
#: weights of WIN_FEATURES by number of players, for `mcts:leaf=win`, fitted by `python -m
#: bots.win_model year_of_the_dragon --players <n> --games 600 --seed 10000` on the
#: rule-based bots' own games with one winner; log-loss on the last quarter of them, held
#: out: 2 players 0.315 (even chances 0.693; 600 games, 29,038 positions)
WIN_WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (0.008, 1.523, 0.095, 0.028, 0.293, 0.295, 0.438, 0.060, 0.537, -0.690, 0.231, -0.542),
}
