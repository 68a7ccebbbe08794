"""Rule-based Rotunda bot (`heuristic:rotunda`).

Strategy (it sees only its Observation; `engine.sample_state` turns it into a state to try
moves on, with the face-down piles redrawn, never the hidden truth):

1. Value a position by a *potential*: victory points so far plus what the seat's holdings
   will be worth, i.e. the final-scoring parts (amulet sets, fulfilled Orders, uncovered
   track spaces, Assistants on chairs and in villages, coins/3) plus the early-game value of
   things that make more points later: coins and cubes (worth more than 1/3 VP while there
   are rooms to spend them in), chair Assistants (extra executions), village Assistants
   (fuel for honouring), unused Experts, Orders that are nearly payable, elders on the
   worship board. Early weights slide to the final conversion rates as the round marker
   nears its end space.
2. Choose the leader move by playing each destination's room action to its end greedily
   and keeping the destination with the best potential (this sees the Lodge's honour, a
   Bank's payments, a Market sale...).
3. Every other decision: try each option, finish the current room action or loop greedily,
   keep the best potential. Ties: the first legal option.
"""

from __future__ import annotations

import random

import engine
from bots.base import Bot
from engine.games.rotunda.scoring import position_value as potential
from engine.games.rotunda.state import RotundaObservation, RotundaState
from engine.protocol import Action

#: requests that end "this part of the turn" for the look-ahead
_BOUNDARY = ("BonusStep", "OrdersStep", "ExpertStep", "MoveStep", "EndTurn")
LOOKAHEAD = 10


class HeuristicBot(Bot):
    """Greedy potential-maximiser following the strategy in the module docstring."""

    name = "heuristic:rotunda"

    def __init__(self) -> None:
        self.rng = random.Random(0)
        self.seed = 0

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seed = seed

    def act(self, observation: RotundaObservation, time_left: float | None) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        values = self.action_values(observation)
        return legal[max(range(len(legal)), key=values.__getitem__)]

    def action_values(self, observation: RotundaObservation) -> list[float]:
        """The potential after each legal action (in `legal_actions` order), with the rest
        of the room action played greedily."""
        legal = observation.legal_actions
        if len(legal) == 1:
            return [0.0]
        me = observation.seat
        base = engine.sample_state(observation, self.seed ^ observation.decision)
        assert isinstance(base, RotundaState)
        deep = observation.phase in ("MoveStep", "RoomTurn")
        return [self._value_after(base, a, me, LOOKAHEAD if deep else 4) for a in legal]

    def _value_after(self, base: RotundaState, a: Action, me: int, depth: int) -> float:
        s = base.clone()
        s.apply_legal(a)
        for _ in range(depth):
            req = s.pending()
            if req is None or req.seat != me or type(req).__name__ in _BOUNDARY:
                break
            options = s.legal_actions()
            best, best_v = options[0], -1e9
            for o in options:
                t = s.clone()
                t.apply_legal(o)
                v = potential(t, me)
                if v > best_v + 1e-9:
                    best, best_v = o, v
            s.apply_legal(best)
        return potential(s, me)
