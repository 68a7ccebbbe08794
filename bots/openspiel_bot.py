"""OpenSpiel's search bots as arena bots (spec `openspiel:mcts[:k=v,...]`, `openspiel:ismcts`).

Each decision, the bot turns its observation into a full state with
`engine.sample_state` (hidden parts and future chance resampled, so it never sees the
truth), wraps it as an OpenSpiel state through our adapter, and asks OpenSpiel's Python
`MCTSBot` (on that determinization) or `ISMCTSBot` (which keeps resampling from the
information state) for an action id.

Parameters: `sims` (simulations per move, default 50), `c` (UCT constant, 1.4),
`evaluator` (`heuristic`, the game's own estimate, the default; or `random` rollouts);
any other parameter is a game option, passed to the OpenSpiel game (bots are not told
the options). The time budget is not read: `sims` bounds the search.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import engine
from bots.base import Bot
from engine.common.rng import derive_seed
from engine.protocol import Action, Observation

KINDS = ("mcts", "ismcts")


class OpenSpielBot(Bot):
    """OpenSpiel's `MCTSBot` or `ISMCTSBot` on states resampled from the observation."""

    def __init__(self, kind: str = "mcts", sims: int = 50, c: float = 1.4,
                 evaluator: str = "heuristic", **options: Any) -> None:
        if kind not in KINDS:
            raise ValueError(f"openspiel bots are {', '.join(KINDS)}, not {kind!r}")
        if evaluator not in ("heuristic", "random"):
            raise ValueError(f"evaluator is heuristic or random, not {evaluator!r}")
        from engine.adapters import openspiel  # needs open_spiel: imported when used

        self.adapter = openspiel
        self.kind, self.sims, self.c, self.evaluator = kind, int(sims), float(c), evaluator
        self.options = options
        self.name = f"openspiel:{kind}"
        self.game: Any = None
        self.bot: Any = None
        self.seed = 0
        self.moves = 0

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        self.game = self.adapter.load_game(game_id, players=num_players, **self.options)
        self.seed, self.moves = seed, 0
        rs = np.random.RandomState(seed % 2**32)
        evaluator = (self.adapter.HeuristicEvaluator() if self.evaluator == "heuristic"
                     else mcts.RandomRolloutEvaluator(1, rs))
        sims = max(2, self.sims)  # its first simulation only visits the root
        if self.kind == "mcts":
            self.bot = mcts.MCTSBot(self.game, self.c, sims, evaluator, solve=False,
                                    random_state=rs)
        else:
            self.bot = ismcts.ISMCTSBot(self.game, evaluator, self.c, sims, random_state=rs)

    def act(self, observation: Observation, time_left: float | None) -> Action:
        if self.game is None:
            raise RuntimeError("reset() first")
        if len(observation.legal_actions) == 1:
            return observation.legal_actions[0]
        self.moves += 1
        sampled = engine.sample_state(observation, derive_seed(self.seed, "openspiel",
                                                               self.moves))
        state = self.adapter.wrap(self.game, sampled)
        return sampled.action_from_id(int(self.bot.step(state)))
