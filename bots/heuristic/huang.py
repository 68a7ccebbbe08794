"""Rule-based Huang bot (`heuristic:huang`): it plans whole turns.

Strategy. A turn is two actions (rules §5), and each action is itself several decisions
(colour, hex, market pick, building, blue chain, revolt commitments...). At the first
decision of its turn the bot enumerates complete actions on clones of a determinized state
(`HuangState.sample`: its own hand, the hidden tiles redrawn): every action type, the most
promising hexes, leader targets, revolt targets and triangles, each followed through its
sub-decisions and conflicts by cheap rules. It keeps the best few end states and plans the
second action from each, then plays the best pair and follows the plan step by step
(re-planning the moment anything unplanned happens). An end state is valued as one: the
final score vector (the weakest colour counts most, white water-filled), every leader on
the board (more for a pagoda of its colour, less next to a single yellow tile, much less
when an opponent likely holds the blue tiles of a peasant revolt that strands it), the hand
it keeps (scoring colours, yellow for revolts, red for wars) and the expected worth of the
tiles it will draw; leaders and hand count less as the bag runs out (§10), and the
opponents' side counts against it. An exchange is valued in expectation over the unseen
tiles. So it exchanges a hand that cannot score, moves and withdraws leaders,
prefers leader hexes with two yellow neighbours, and as a revolt attacker commits only the
yellow tiles that buy a real chance against the defender's likely hand (a hypergeometric
estimate from the unseen tiles), nothing when the defence holds anyway.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter

from bots import win_model
from bots.heuristic.huang_plan import PLAN_CACHE, HuangPlanner
from bots.heuristic.huang_win import WIN_BAG, WIN_FEATURES, WIN_WEIGHTS
from bots.search_hints import HintedBot
from engine.games.huang import actions
from engine.games.huang import requests as Rq
from engine.games.huang.state import HuangObservation, HuangState
from engine.protocol import Action, Observation, State

__all__ = ["HeuristicBot", "VALUE_SCALE", "WIN_FEATURES", "WIN_WEIGHTS"]

#: the `evaluate` difference that `position_values` maps to about 0.73
VALUE_SCALE = 3.0
#: a decision with a time limit plans for at most this share of it, then plays its best
TIME_SHARE = 0.3


class HeuristicBot(HuangPlanner, HintedBot):
    """Whole-turn planner following the strategy in the module docstring. Of the complete
    actions the cheap static values screen, the best of each kind (a colour of tile, a
    leader, a withdrawal, a peasant revolt, a green build) and `breadth` more are played out
    on clones; the `beam` best are followed by every kind of second action. Untimed, its
    choices depend only on its seed and what it observes; with a time limit it stops
    widening a plan at `TIME_SHARE` of it (then the load of the machine can matter)."""

    name = "heuristic:huang"
    win_models = WIN_WEIGHTS
    win_feature_names = WIN_FEATURES

    def __init__(self, breadth: int = 4, beam: int = 2) -> None:
        self.rng = random.Random(0)
        self.seat = 0
        self.breadth = breadth
        self.beam = beam
        #: the rest of the planned action: (decision number, board digest, action)
        self._plan: list[tuple[int, int, Action]] = []
        self._tables: dict[tuple, list[list[float]]] = {}
        #: plans by information set (a search asks the same question from many samples)
        self._plans: dict[tuple, list[tuple[int, int, Action]]] = {}
        #: where a turn began, by the position its planned first action leads to
        self._began: dict[tuple, tuple] = {}
        #: positions met at the start of my turns (leaders moving in a circle repeat them)
        self._seen: set[tuple] = set()
        #: a timed decision stops widening its plan past this moment (untimed: never)
        self._deadline = math.inf

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seat = seat
        self._plan = []
        self._plans = {}
        self._began = {}
        self._seen = set()

    # --- the decision ----------------------------------------------------------------------
    def act(self, observation: Observation, time_left: float | None) -> Action:
        obs = observation
        assert isinstance(obs, HuangObservation)
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        planned = self._planned(obs)
        if planned is not None and planned in legal:
            return planned
        self._deadline = (math.inf if time_left is None
                          else time.perf_counter() + TIME_SHARE * time_left)
        me = obs.seat
        turn_start = isinstance(obs.stack[-1], Rq.ChooseAction)
        if turn_start:  # the same information set met again (search bots ask repeatedly)
            key = (obs.decision, obs.actions_left, tuple(obs.board), tuple(obs.hand),
                   tuple(obs.vp), tuple(obs.market))
            steps = self._plans.get(key)
            if steps is not None and steps[0][2] in legal:
                self._plan = steps[1:]
                return steps[0][2]
        s = HuangState.sample(obs, self.rng.getrandbits(32))
        assert isinstance(s, HuangState)
        if turn_start:
            steps = self.plan_turn(s, me)
            if steps and steps[0][2] in legal:
                if len(self._plans) >= PLAN_CACHE:
                    self._plans.clear()
                self._plans[key] = steps
                self._plan = steps[1:]
                return steps[0][2]
        best = self.respond(s, legal, me)
        return best if best in legal else self.rng.choice(legal)

    def action_values(self, observation: Observation) -> list[float]:
        """Cheap static values of the legal actions, for searches that order their expansions
        (docs/mcts.md): at a turn's first decision the best screened complete action of each
        action type, inside an action the static value of each hex or target; other requests
        rank the bot's own answer first. No turn is planned here (searches call this often)."""
        obs = observation
        assert isinstance(obs, HuangObservation)
        legal = obs.legal_actions
        if len(legal) == 1:
            return [0.0]
        s = HuangState.sample(obs, self.rng.getrandbits(32))
        assert isinstance(s, HuangState)
        return self._cheap_values(s, legal, obs.seat)

    def state_values(self, state: State, legal: list[Action]) -> list[float]:
        """`action_values` on a search's own determinization, not a fresh sample: cheaper,
        and the values fit the tiles that determinization deals."""
        assert isinstance(state, HuangState)
        if len(legal) == 1:
            return [0.0]
        return self._cheap_values(state, legal, state.current_player())

    def position_values(self, state: State) -> list[float]:
        """Every seat's value of a position in [0, 1] as this bot values its turns' ends
        (`evaluate`: score vector, leaders and hand, less the opponents'), a logistic of
        it / VALUE_SCALE; for searches that cut playouts short (`mcts:leaf=bot`). At 3-5
        players the win model's chances instead; at 2 the logistic stays (`mcts:leaf=win`
        reads the 2-player model)."""
        assert isinstance(state, HuangState)
        if state.over:
            return [1.0 if r == 0 else 0.0 for r in state.ranking()]
        weights = WIN_WEIGHTS.get(state.num_players) if state.num_players > 2 else None
        if weights is not None:
            return win_model.chances(weights, self.win_features(state))
        return [1.0 / (1.0 + math.exp(-self.evaluate(state, p) / VALUE_SCALE))
                for p in range(state.num_players)]

    def win_features(self, state: State) -> list[list[float]]:
        """Per seat, as `evaluate` sees its own position: its sorted score vector (§10), its
        leaders' and its hand's worth, the first three and the worths again scaled by how
        far the bag has run down (late in the game the lowest colour decides), and how many
        seats move before it: WIN_FEATURES."""
        assert isinstance(state, HuangState)
        s, n = state, state.num_players
        sizes = Counter(s.labels)
        late = 1.0 - min(1.0, sum(s.bag) / WIN_BAG)
        mover = s.current_player() if s.stack else 0
        out = []
        for p in range(n):
            v = s.final_vector(p)
            leaders = self._leaders_value(s, p, sizes, self._threat(s, p, p))
            worth = self._hand_worth(s, p)
            out.append([v[0], v[1], v[2], v[3], leaders, worth, v[0] * late, v[1] * late,
                        v[2] * late, leaders * late, worth * late, (p - mover) % n])
        return out

    def _cheap_values(self, s: HuangState, legal: list[Action], me: int) -> list[float]:
        req = s.stack[-1]
        self._deadline = math.inf
        if isinstance(req, Rq.ChooseAction):
            best: dict[Action, float] = {}
            for v, _, macro in self.screen(s, me):
                if v > best.get(macro[0], -math.inf):
                    best[macro[0]] = v
            for v, _, _ in self._exchanges(s, me):
                best[actions.Exchange()] = max(best.get(actions.Exchange(), -math.inf),
                                         v - self.evaluate(s, me))
            return [best.get(a, -1.0) for a in legal]
        if isinstance(req, Rq.ChooseTileHex):
            view = self._view(s)
            return [self._tile_value(s, req.colour, a.hex, me, view) for a in legal]
        if isinstance(req, Rq.ChooseLeaderHex):
            view = self._view(s)
            i = me * 5 + req.colour
            return [self._leader_value(s, i, a.hex, view) if isinstance(a, actions.LeaderTo)
                    else 0.0 for a in legal]
        choice = self.respond(s, legal, me)
        return [1.0 if a == choice else 0.0 for a in legal]

