"""The v1 baseline of the Year of the Dragon rule-based bot, kept unchanged for comparisons
(spec `python:tests.baseline_bots.year_of_the_dragon_v1:HeuristicBot`); the current bot
is `heuristic:year_of_the_dragon` (bots/heuristic/year_of_the_dragon.py).

Strategy (one-ply greedy on a hand-written evaluation; the game is fully public, so the
bot rebuilds a state from its observation with `engine.sample_state` and tries moves on
clones of it):

1. For every legal decision, apply it to a copy and finish the rest of the same turn
   greedily (build floors, privilege size, which tile, which palace), then score the result.
2. The score is "VP now + what the persons, monks and money would score at the end +
   per-round income (palaces, court ladies, privileges) for the rounds left", plus the
   value of symbols for the actions still to come, minus the persons the next two events
   would cost (tribute money, drought rice, contagion mortars, Mongol helmets) and plus the
   Dragon Festival prize in reach (with the Great Wall, also the wall checks at Mongol
   invasions); a little for turn order, free floors and no empty palaces (they decay).
3. So it prepares for the coming event (Taxes before Tribute, Harvest before Drought,
   Fireworks before a Festival, healers before Contagion), keeps room for new persons,
   buys privileges early, places monks in tall palaces, and releases its least useful person.
"""

from __future__ import annotations

import engine
from bots.search_hints import HintedBot
from engine.games.year_of_the_dragon import data
from engine.games.year_of_the_dragon.board import persons, symbols
from engine.games.year_of_the_dragon.data import (
    ST_ACTIONS,
    ST_DRAFT,
    ST_EVENT,
    ST_GREAT_EVENT,
    ST_OVER,
    ST_PERSONS,
)
from engine.games.year_of_the_dragon.events import final_points
from engine.games.year_of_the_dragon.requests import (
    BuildFloors,
    ChoosePrivilege,
    ChooseTile,
    ChooseWallTile,
    PlaceRecruit,
)
from engine.games.year_of_the_dragon.state import YotdState
from engine.protocol import Action, Observation

#: requests that continue the same turn (resolved greedily inside the look-ahead)
_SAME_TURN = {PlaceRecruit, BuildFloors, ChoosePrivilege, ChooseTile, ChooseWallTile}
#: steps in which this round's scoring phase is still to come
_SCORING_AHEAD = (ST_ACTIONS, ST_PERSONS, ST_EVENT, ST_GREAT_EVENT)
#: what losing one person costs: a base plus a share per round left
PERSON_BASE = 3.0
PERSON_PER_ROUND = 1.2
EVENT_DECAY = 0.6
#: value of one symbol per action phase still to come
SYMBOL_VALUE = {
    data.TAX_COLLECTOR: 0.12, data.CRAFTSMAN: 0.2, data.FARMER: 0.2, data.PYROTECHNIST: 0.2,
    data.WARRIOR: 0.15, data.SCHOLAR: 0.3, data.HEALER: 0.0, data.MONK: 0.0, data.COURT_LADY: 0.0,
}


def _upcoming_events(s: YotdState) -> list[tuple[int, int, float]]:
    """Events not yet resolved, with weights 1, 0.6, 0.36, ... (nearer counts more)."""
    first = s.round if s.step in (ST_ACTIONS, ST_PERSONS) else s.round + 1
    if s.step == ST_DRAFT:
        first = 1
    return [(r, s.events[r - 1], EVENT_DECAY ** (r - first)) for r in range(first, data.ROUNDS + 1)]


def evaluate(s: YotdState, p: int) -> float:
    """Greedy evaluation of seat p's position (see the module docstring)."""
    if s.step == ST_OVER:
        best_other = max(s.vp[q] for q in range(s.num_players) if q != p)
        return 1000.0 + s.vp[p] - best_other
    rounds_left = data.ROUNDS - s.round + (1 if s.step in _SCORING_AHEAD else 0)
    if s.step == ST_DRAFT:
        rounds_left = data.ROUNDS
    pals = s.palaces[p]
    income = (
        sum(1 for q in pals if len(q) > 1 or q[0] > 1)  # empty 1-floor palaces will decay
        + symbols(s, p, data.COURT_LADY) + s.small_privileges[p] + 2 * s.large_privileges[p]
    )
    v = float(s.vp[p] + final_points(s, p) + rounds_left * income)
    actions_left = max(0, rounds_left - (1 if s.step in _SCORING_AHEAD[1:] else 0))
    for k, w in SYMBOL_VALUE.items():
        if w:
            v += w * actions_left * symbols(s, p, k)
    v += 0.15 * s.track[p]
    n_persons = persons(s, p)
    free = sum(q[0] for q in pals) - n_persons
    cards_left = sum(s.hands[p])
    v += 1.5 * min(free, 2, cards_left)
    v -= 1.0 * sum(1 for q in pals if len(q) == 1)
    others = [q for q in range(s.num_players) if q != p]
    person_value = PERSON_BASE + PERSON_PER_ROUND * rounds_left
    yuan, rice = s.yuan[p], s.rice[p]
    inhabited = sum(1 for q in pals if len(q) > 1)
    mortars = symbols(s, p, data.HEALER)
    helmets = symbols(s, p, data.WARRIOR)
    low_helmets = min(symbols(s, q, data.WARRIOR) for q in others)
    wall_mine = s.wall.count(p)
    wall_low = min((s.wall.count(q) for q in others), default=0)
    for r, event, w in _upcoming_events(s):
        loss = 0
        if s.great_wall and event == data.MONGOL_INVASION:  # rules §7 Mongol check
            if len(s.wall) >= r:
                v += w * wall_mine
            elif wall_mine <= wall_low:
                loss += 1
        if event == data.IMPERIAL_TRIBUTE:
            paid = min(data.TRIBUTE_YUAN, yuan)
            yuan -= paid
            loss = data.TRIBUTE_YUAN - paid
        elif event == data.DROUGHT:
            paid = min(inhabited, rice)
            rice -= paid
            loss = inhabited - paid
        elif event == data.CONTAGION:
            loss = max(0, data.CONTAGION_RELEASES - mortars)
        elif event == data.MONGOL_INVASION:
            loss += 1 if helmets <= low_helmets else 0
            v += w * helmets
        elif event == data.DRAGON_FESTIVAL:
            f = s.fireworks[p]
            if f > 0:
                higher = {s.fireworks[q] for q in others if s.fireworks[q] > f}
                v += w * (6 if not higher else 3 if len(higher) == 1 else 0)
        v -= w * person_value * min(loss, n_persons)
    return v


class HeuristicBot(HintedBot):
    """Greedy one-ply bot on the evaluation above (strategy in the module docstring)."""

    name = "heuristic:year_of_the_dragon"

    def __init__(self) -> None:
        self.seed = 0

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.seed = seed

    def act(self, observation: Observation, time_left: float | None) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        state = engine.sample_state(observation, self.seed + observation.decision)
        assert isinstance(state, YotdState)
        return _best(state, observation.seat, legal)


def _finish_turn(s: YotdState, p: int, depth: int = 16) -> None:
    """Resolve the rest of p's turn greedily (in place)."""
    while depth and s.stack and s.stack[-1].seat == p and type(s.stack[-1]) in _SAME_TURN:
        s.apply(_best(s, p, s.legal_actions(), finish=False))
        depth -= 1


def _best(s: YotdState, p: int, legal: list, finish: bool = True) -> Action:
    best, best_v = legal[0], float("-inf")
    for a in legal:
        c = s.clone()
        c.apply(a)
        if finish:
            _finish_turn(c, p)
        v = evaluate(c, p)
        if v > best_v:
            best, best_v = a, v
    return best
