"""The fitted win model of the rule-based Huang bot (`bots.win_model`): its features and
weights, data fitted on the rule-based bots' own games."""

from __future__ import annotations

#: the win model (`bots.win_model`, used by `position_values`) by number of players:
#: weights of WIN_FEATURES, fitted by `python -m bots.win_model huang --players <n>
#: --games 600 --seed 10000` on the rule-based bots' own games; log-loss on the last
#: quarter of them, held out: 2 players 0.451 (even chances 0.693), 3 players 0.718
#: (1.099), 4 players 0.910 (1.386), 5 players 1.092 (1.609). The bot's `position_values`
#: (`mcts:leaf=bot`) read them at 3-5 players; at 2, `mcts:leaf=win` does.
WIN_FEATURES = ("v0", "v1", "v2", "v3", "leaders", "hand", "v0 late", "v1 late", "v2 late",
                "leaders late", "hand late", "seats before")
WIN_WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (-0.228, 0.102, 0.153, 0.074, 0.310, -0.038, 0.812, -0.066, -0.187, 0.136, 0.170,
        -0.161),
    3: (-0.178, 0.029, 0.300, 0.085, 0.287, -0.064, 1.087, 0.381, -0.370, 0.205, -0.225,
        -0.115),
    4: (-0.367, 0.124, 0.580, 0.165, 0.424, 0.073, 1.491, 0.687, -0.575, -0.117, -0.414,
        -0.115),
    5: (-0.531, 0.523, 0.581, 0.193, 0.380, 0.144, 1.928, 0.127, -0.115, 0.007, -0.401,
        -0.101),
}
#: the bag holds 95-107 tiles at 3-5 players: `late` is 0 with WIN_BAG or more left
WIN_BAG = 100
