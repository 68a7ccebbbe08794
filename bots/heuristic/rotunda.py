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
   keep the best potential. Ties: the first legal option. (Advanced Experts: the discard
   pile's top card is one more hire option; the potential counts the §11 back points.)
4. 2 players, neutral leaders (§10): a neutral move is worth what it costs (the cube, in
   potential) plus how much it changes the best next leader move of each seat: for every
   room, the potential gain of standing there (room action played greedily) is estimated
   once per decision; a seat's best move is the best room it can reach. Moving a neutral
   is bought when it lowers the opponent's best next move (blocking a room or its path)
   and, in window A, raises our own, by more than the cube is worth; with
   `neutral_actions` the neutral room's action (played greedily) counts as well. The
   destination is the one with the best such value.
"""

from __future__ import annotations

import random

import engine
from bots.heuristic.rotunda_win import WIN_FEATURES, WIN_WEIGHTS, win_features
from bots.search_hints import HintedBot
from engine.games.rotunda import board, data
from engine.games.rotunda.actions import Move
from engine.games.rotunda.heuristic import position_value as potential
from engine.games.rotunda.requests import Cleanup, LodgeStep, MoveStep, RoomTurn
from engine.games.rotunda.rules import RULES
from engine.games.rotunda.state import RotundaObservation, RotundaState
from engine.games.rotunda.turn import occupied
from engine.protocol import Action, State

#: requests that end "this part of the turn" for the look-ahead
_BOUNDARY = ("BonusStep", "OrdersStep", "ExpertStep", "MoveStep", "EndTurn", "NeutralWindow")
LOOKAHEAD = 10
_NEUTRAL = ("NeutralWindow", "NeutralMove")


class HeuristicBot(HintedBot):
    """Greedy potential-maximiser following the strategy in the module docstring."""

    name = "heuristic:rotunda"
    win_models = WIN_WEIGHTS
    win_feature_names = WIN_FEATURES

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
        if observation.phase in _NEUTRAL:
            return NeutralPlanner(base, me).values(legal)
        deep = observation.phase in ("MoveStep", "RoomTurn")
        return [self._value_after(base, a, me, LOOKAHEAD if deep else 4) for a in legal]

    def win_features(self, state: State) -> list[list[float]]:
        """Every seat's features for a win model (`rotunda_win.win_features`)."""
        assert isinstance(state, RotundaState)
        return win_features(state)

    def _value_after(self, base: RotundaState, a: Action, me: int, depth: int) -> float:
        s = base.clone()
        s.apply_legal(a)
        greedy(s, me, depth)
        return potential(s, me)


def greedy(s: RotundaState, me: int, depth: int) -> None:
    """Play seat `me`'s decisions greedily by potential until a boundary (in place)."""
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


class NeutralPlanner:
    """Strategy point 4: values of the neutral-leader decisions (2 players)."""

    def __init__(self, base: RotundaState, me: int) -> None:
        self.base, self.me = base, me
        self.opp = 1 - me
        #: in window A our own leader move is still to come
        self.own_move = any(type(r) is MoveStep for r in base.stack)
        self.room_gain: dict[tuple[int, int], float] = {}

    def gain(self, p: int, node: int) -> float:
        """Potential gain of seat p standing in `node` now (room action played greedily)."""
        key = (p, node)
        if key not in self.room_gain:
            t = self.base.clone()
            t.stack = [Cleanup(p),
                       LodgeStep(p) if node == data.LODGE else RoomTurn(p, node, 0, 0, 0)]
            before = potential(t, p)
            RULES.settle(t)
            greedy(t, p, LOOKAHEAD)
            self.room_gain[key] = potential(t, p) - before
        return self.room_gain[key]

    def best_move(self, s: RotundaState, p: int) -> float:
        k = s.per_seat
        best = 0.0
        for i in range(p * k, p * k + k):
            frm = s.leaders[i]
            if frm < 0:
                continue
            for to in board.destinations(s.lodge, frm, occupied(s, i)):
                best = max(best, self.gain(p, to))
        return best

    def after_move(self, s: RotundaState) -> float:
        """The value of a position right after a neutral moved (its room action, if any,
        played greedily)."""
        greedy(s, self.me, LOOKAHEAD)
        v = potential(s, self.me) - self.best_move(s, self.opp)
        if self.own_move:
            v += self.best_move(s, self.me)
        return v

    def values(self, legal: list[Action]) -> list[float]:
        out = []
        for a in legal:
            s = self.base.clone()
            s.apply_legal(a)
            req = s.pending()
            if type(a) is Move or req is None or type(req).__name__ != "NeutralMove":
                out.append(self.after_move(s))
                continue
            best = -1e9
            for m in s.legal_actions():
                t = s.clone()
                t.apply_legal(m)
                best = max(best, self.after_move(t))
            out.append(best)
        return out
