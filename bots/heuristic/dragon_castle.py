"""Rule-based Dragon Castle bot (`heuristic:dragon_castle`): it plans whole turns.

Strategy. A turn is several small decisions (take a stone, finish with Pair, Stone and
shrine or Discard, place one or two stones, build shrines after merges, spirit windows and
powers, rules §6, §8); the bot values the turn as one. At each of its decisions it samples
a full state from its observation (seeded, so it is deterministic), searches the rest of
its own turn on clones - the TAKE_WIDTH most promising first stones, every finish, summon
and shrine choice, the PLACE_WIDTH most promising cells for each stone, valued exactly -
and plays the first step of the best complete turn. A turn's end is valued as my points
plus my promise minus the best opponent's: points are the game's own score (VP, built
shrines, countdown tokens and the dragon card(s) in play, so the dragon card steers
placements, shrines and merges); promise is what unbuilt pool shrines and face-up groups
short of a merge are likely to become (a group of 3 with room is nearly a merge), scaled
down as the game nears its end and nothing once my last turn is over. The castle I leave
costs THREAT_WEIGHT x the next player's best take there (a pair that completes one of
their sets most). So two stones of a pair go where they merge together, a last turn
discards rather than places a stone that can no longer score, and summoning the dragon
is one more complete turn, worth its token plus a bonus for ending the game while ahead.
Spirits: every card in play (all ten) is weighed when its window comes, against the rest
of the turn searched with and without it - Deception, Depths, Elegance and Destruction
around the take, Beauty, Change, Cunning, Faith, Strength and Wind before the merge check
and at the end of the turn - paid with a pool shrine or one of the cheapest face-up
stones; a tie keeps it for a later window. Sub-turns already valued are memoised by the
realm state; a node budget (and, given a time limit, a deadline) bounds the search.
`action_values` is a cheap one-step prior (`quick_values`) for the MCTS bot's ordering.
"""

from __future__ import annotations

import math
import time
from typing import Any

import engine
from bots.heuristic.dragon_castle_search import TurnSearch
from bots.heuristic.dragon_castle_values import (
    position_values,
    quick_values,
    state_quick_values,
    win_features,
)
from bots.heuristic.dragon_castle_win import WIN_FEATURES, WIN_WEIGHTS
from bots.search_hints import HintedBot
from engine.common.rng import derive_seed
from engine.games.dragon_castle.data import (
    REALM_CELLS,
)
from engine.games.dragon_castle.state import DragonCastleObservation, DragonCastleState
from engine.protocol import Action

#: searches (with their memos) kept for recently seen positions
KEPT_SEARCHES = 32
#: share of the time left for a decision (if the harness gives one) the search may use
TIME_SHARE = 0.25

class HeuristicBot(HintedBot):
    """Whole-turn planner; see the module docstring for the strategy."""

    name = "heuristic:dragon_castle"
    win_models = WIN_WEIGHTS
    win_feature_names = WIN_FEATURES

    def __init__(self) -> None:
        self.seat = 0
        self.seed = 0
        #: the searches of recent positions by the opponents' part of the game (a search
        #: in a tree revisits them), least recently used first
        self._searches: dict[Any, TurnSearch] = {}

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self._searches = {}

    def act(self, observation: DragonCastleObservation, time_left: float | None) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        deadline = math.inf
        if time_left is not None:
            deadline = time.perf_counter() + TIME_SHARE * time_left
        values = self._values(observation, deadline)
        return legal[max(range(len(legal)), key=values.__getitem__)]

    def action_values(self, observation: DragonCastleObservation) -> list[float]:
        """A cheap prior of every legal action, in `legal_actions` order, for the MCTS
        bot's move ordering (the whole-turn search per expanded node would leave it a
        handful of iterations): `quick_values`. `act` searches whole turns instead."""
        return quick_values(observation)

    def state_values(self, state: DragonCastleState, legal: list[Action]) -> list[float]:
        """`action_values` on a search's own determinization (no sample of its own)."""
        return state_quick_values(state, legal)

    def position_values(self, state: DragonCastleState) -> list[float]:
        """Every seat's value of a position as this bot values a turn's end
        (`position_values`), for searches that cut playouts short (`mcts:leaf=bot`)."""
        return position_values(state)

    def win_features(self, state: DragonCastleState) -> list[list[float]]:
        """Every seat's features for a win model (`win_features`: the terms of its
        position values, how near the end is, the seats before it)."""
        return win_features(state)

    def plan_values(self, observation: DragonCastleObservation) -> list[float]:
        """The value of the best complete turn through every legal action (`act` plays the
        first best one)."""
        return self._values(observation, math.inf)

    def _values(self, obs: DragonCastleObservation, deadline: float) -> list[float]:
        legal = obs.legal_actions
        if len(legal) == 1:
            return [0.0]
        state = engine.sample_state(obs, derive_seed(self.seed, "plan", obs.decision))
        return self._search(obs).root_values(state, legal, deadline)

    def _search(self, obs: DragonCastleObservation) -> TurnSearch:
        """The turn's search, kept over the turn's decisions (its memo stays valid while the
        opponents' part of the game is unchanged)."""
        me = obs.seat
        b, e = me * REALM_CELLS, (me + 1) * REALM_CELLS
        others = (obs.height[:b] + obs.height[e:], obs.top[:b] + obs.top[e:],
                  obs.up[:b] + obs.up[e:], obs.shrine[:b] + obs.shrine[e:])
        sig = (me, obs.turn, tuple(tuple(x) for x in others),
               tuple(v for p, v in enumerate(obs.vp) if p != me),
               tuple(v for p, v in enumerate(obs.tokens) if p != me),
               tuple(v for p, v in enumerate(obs.pool) if p != me))
        search = self._searches.pop(sig, None)
        if search is None:
            search = TurnSearch(me)
            if len(self._searches) >= KEPT_SEARCHES:
                del self._searches[next(iter(self._searches))]
        self._searches[sig] = search  # most recently used last
        return search
