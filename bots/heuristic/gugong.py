"""Rule-based Gugong bot (`heuristic:gugong`).

Strategy (from the observation only, on one sampled state per decision):
1. Every option is tried on a copy of the state and the rest of my own turn is finished
   greedily (each later decision of mine by the same one-step rule, at most 6 of them), so
   an exchange is judged by the actions it leads to and an option B by its moves.
2. The resulting positions are compared by `engine.games.gugong.heuristic.value`: VP, jade,
   the Envoy (a step is worth more each Day; entering the Palace is worth a large bonus,
   since an Envoy outside scores 0), servants in pool and supply, pieces on the Wall and on
   ships, decrees, travel tokens, Intrigue, cards and Destiny-die matches.
3. Ties go to the first option in legal order (cheap, action-preserving choices first).
Solo (against the Automa Meng, rules §13) the same rule applies; Meng's turns run between
mine, so the look-ahead stops at my next gift exchange.
"""

from __future__ import annotations

import engine
from bots.heuristic.gugong_win import WIN_FEATURES, WIN_WEIGHTS, win_features
from bots.search_hints import HintedBot
from engine.games.gugong.heuristic import value
from engine.games.gugong.requests import GiftExchange
from engine.games.gugong.state import GugongState
from engine.protocol import Action, Observation, State

#: own decisions finished greedily after the one being valued
DEPTH = 6


def greedy_step(state: GugongState, me: int) -> None:
    """Apply my best one-step option."""
    legal = state.legal_actions()
    if len(legal) == 1:
        state.apply_legal(legal[0])
        return
    best, best_v = legal[0], -1e9
    for a in legal:
        s2 = state.clone()
        s2.apply_legal(a)
        v = value(s2, me)
        if v > best_v:
            best, best_v = a, v
    state.apply_legal(best)


def finish_turn(state: GugongState, me: int, depth: int = DEPTH) -> None:
    for _ in range(depth):
        if state.current_player() != me or type(state.pending()) is GiftExchange:
            return  # another seat's decision, or my next turn (solo: Meng's turn ran between)
        greedy_step(state, me)


class HeuristicBot(HintedBot):
    name = "heuristic:gugong"
    win_models = WIN_WEIGHTS
    win_feature_names = WIN_FEATURES

    def __init__(self) -> None:
        self.seed = 0

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.seed = seed

    def action_values(self, observation: Observation) -> list[float]:
        legal = observation.legal_actions
        if len(legal) == 1:
            return [0.0]
        state = engine.sample_state(observation, self.seed * 7919 + observation.decision)
        me = observation.seat
        out = []
        for a in legal:
            s2 = state.clone()
            s2.apply_legal(a)
            finish_turn(s2, me)
            out.append(value(s2, me))
        return out

    def win_features(self, state: State) -> list[list[float]]:
        """Every seat's features for a win model (`gugong_win.win_features`)."""
        assert isinstance(state, GugongState)
        return win_features(state)

    def act(self, observation: Observation, time_left: float | None) -> Action:
        legal = observation.legal_actions
        vals = self.action_values(observation)
        return legal[max(range(len(legal)), key=lambda i: (vals[i], -i))]
