"""Rule-based bot for In the Year of the Dragon (`heuristic:year_of_the_dragon`).

Strategy: the game is fully public (only the future action-card deals are hidden), so the
bot rebuilds a state from its observation with `engine.sample_state` and thinks in whole
turns. A turn is the request on top of the stack plus everything it pushes for the same
seat (an action and its floors or privilege; a card, its tile and its palace; every person
of a release, a drought, an earthquake or a flood; the draft pair and both placements). The
bot enumerates every complete turn on clones (depth first, merging transpositions such as
"release A then B" and "B then A"), scores each end state with `evaluate` and plays the
first step of the best one; it re-plans at each step of the turn, which follows that plan.

`evaluate` is VP now + what final scoring would give (2 per person, monks, money / 3) +
income per scoring phase left (palaces, court ladies, privileges) + symbols for the action
phases left + room for the recruits still to come (an unbuilt floor means a discarded
recruit) - the persons the events still ahead would cost. Tribute and Drought are judged
on yuan and rice, which can still be earned, so later ones count less; Contagions and
Mongol invasions are judged on healers and warriors, which are hard to replace, so every
one still to come counts, and each helmet also scores at each invasion. So the bot keeps
its healers and warriors, builds before its palaces fill up, removes floors where nobody
lives, and releases or discards exactly the persons and goods that hurt least.
"""

from __future__ import annotations

import engine
from bots.base import Bot
from engine.games.year_of_the_dragon import data as D
from engine.games.year_of_the_dragon.board import persons, symbols
from engine.games.year_of_the_dragon.events import monk_points
from engine.games.year_of_the_dragon.requests import (
    ST_ACTIONS,
    ST_DRAFT,
    ST_EVENT,
    ST_GREAT_EVENT,
    ST_OVER,
    ST_PERSONS,
    PlayPersonCard,
)
from engine.games.year_of_the_dragon.state import YotdState
from engine.protocol import Action, Observation

#: stages in which this round's scoring phase is still to come
_SCORING_AHEAD = (ST_ACTIONS, ST_PERSONS, ST_EVENT, ST_GREAT_EVENT)
#: end states scored per turn before the rest of the turn is finished greedily
MAX_NODES = 4000
#: what losing one person costs: a base plus a share per scoring phase left
PERSON_BASE = 3.0
PERSON_PER_ROUND = 0.6
#: weight of an event k rounds ahead: money and rice can still be earned (fast decay);
#: healers and warriors are persons, hard to come by (slow decay)
RESOURCE_DECAY = 0.6
PERSON_DECAY = 0.85
#: a free floor for the j-th recruit still to come is worth ROOM * ROOM_DECAY ** j
ROOM = 5.0
ROOM_DECAY = 0.75
#: value of one symbol per action phase still to come
SYMBOL_VALUE = {
    D.TAX_COLLECTOR: 0.12, D.CRAFTSMAN: 0.2, D.FARMER: 0.2, D.PYROTECHNIST: 0.2,
    D.WARRIOR: 0.15, D.SCHOLAR: 0.3,
}


def _phases_left(s: YotdState, p: int) -> tuple[int, int, int]:
    """(scoring phases, action phases, person phases) still to come for seat p."""
    if s.stage == ST_DRAFT:
        return D.ROUNDS, D.ROUNDS, D.ROUNDS - 1
    r = s.round
    scoring = D.ROUNDS - r + (1 if s.stage in _SCORING_AHEAD else 0)
    actions = D.ROUNDS - r + (1 if s.stage == ST_ACTIONS else 0)
    recruits = max(0, D.ROUNDS - 1 - r)
    if r < D.ROUNDS and (s.stage == ST_ACTIONS or s.stage == ST_PERSONS and any(
            type(q) is PlayPersonCard and q.seat == p for q in s.stack)):
        recruits += 1
    return scoring, actions, recruits


def _upcoming(s: YotdState) -> list[tuple[int, int]]:
    """(round, event) of the events not yet resolved."""
    first = 1 if s.stage == ST_DRAFT else s.round + (
        0 if s.stage in (ST_ACTIONS, ST_PERSONS) else 1)
    return [(r, s.events[r - 1]) for r in range(first, D.ROUNDS + 1)]


def evaluate(s: YotdState, p: int) -> float:
    """Seat p's position in VP-like units (see the module docstring)."""
    n = s.num_players
    if s.stage == ST_OVER:
        return 1000.0 + s.vp[p] - max(s.vp[q] for q in range(n) if q != p)
    scoring, actions, recruits = _phases_left(s, p)
    pals = s.palaces[p]
    n_persons = persons(s, p)
    privileges = s.small_privileges[p] + 2 * s.large_privileges[p]
    priv_rounds = scoring
    if s.great_event == D.ASSASSINATION_ATTEMPT and _before_great_event(s):
        priv_rounds = max(0, D.GREAT_EVENT_ROUND - 1 - (D.ROUNDS - scoring))
    income = sum(1 for q in pals if len(q) > 1 or q[0] > 1) + symbols(s, p, D.COURT_LADY)
    money = s.yuan[p] + D.GOODS_SALE_YUAN * (s.rice[p] + s.fireworks[p])
    v = (s.vp[p] + D.FINAL_VP_PER_PERSON * n_persons + monk_points(s, p) + money / 3
         + scoring * income + priv_rounds * privileges)
    if _before_great_event(s):
        v += _great_event_value(s, p)
    for k, w in SYMBOL_VALUE.items():
        v += w * actions * symbols(s, p, k)
    v += 0.15 * s.track[p]
    free = sum(q[0] for q in pals) - n_persons
    v += sum(ROOM * ROOM_DECAY ** j for j in range(min(free, recruits, sum(s.hands[p]))))
    v -= 1.0 * sum(1 for q in pals if len(q) == 1)
    return v - _threats(s, p, n_persons, scoring)


def _before_great_event(s: YotdState) -> bool:
    return s.great_events and s.great_event >= 0 and (
        s.round < D.GREAT_EVENT_ROUND or s.round == D.GREAT_EVENT_ROUND
        and s.stage in (ST_ACTIONS, ST_PERSONS, ST_EVENT))


def _great_event_value(s: YotdState, p: int) -> float:
    """The coming Great Event's VP for what p holds now (Lantern Festival, Buddha)."""
    if s.great_event == D.LANTERN_FESTIVAL:
        return D.LANTERN_VP_PER_PERSON * persons(s, p)
    if s.great_event == D.BUDDHA:
        return monk_points(s, p)
    return 0.0


def _threats(s: YotdState, p: int, n_persons: int, scoring: int) -> float:
    """Expected cost of the events ahead: persons released (weighted) minus helmet VP and
    the Dragon Festival prizes in reach (and the Great Wall checks)."""
    others = [q for q in range(s.num_players) if q != p]
    person_value = PERSON_BASE + PERSON_PER_ROUND * scoring
    yuan, rice = s.yuan[p], s.rice[p]
    inhabited = sum(1 for q in s.palaces[p] if len(q) > 1)
    mortars = symbols(s, p, D.HEALER)
    helmets = symbols(s, p, D.WARRIOR)
    low_helmets = min(symbols(s, q, D.WARRIOR) for q in others)
    wall_mine = s.wall.count(p)
    wall_low = min((s.wall.count(q) for q in others), default=0)
    now = s.round if s.stage != ST_DRAFT else 1
    cost = 0.0
    for r, event in _upcoming(s):
        fast, slow = RESOURCE_DECAY ** (r - now), PERSON_DECAY ** (r - now)
        loss, w = 0.0, fast
        if event == D.IMPERIAL_TRIBUTE:
            paid = min(D.TRIBUTE_YUAN, yuan)
            yuan -= paid
            loss = D.TRIBUTE_YUAN - paid
        elif event == D.DROUGHT:
            paid = min(inhabited, rice)
            rice -= paid
            loss = inhabited - paid
        elif event == D.CONTAGION:
            loss, w = max(0, D.CONTAGION_RELEASES - mortars), slow
        elif event == D.MONGOL_INVASION:
            loss, w = (1 if helmets <= low_helmets else 0), slow
            cost -= helmets
            if s.great_wall:  # rules §7 Mongol check
                if len(s.wall) >= r:
                    cost -= fast * wall_mine
                elif wall_mine <= wall_low:
                    loss += fast / slow
        elif event == D.DRAGON_FESTIVAL:
            f = s.fireworks[p]
            if f > 0:
                higher = {s.fireworks[q] for q in others if s.fireworks[q] > f}
                cost -= fast * (6 if not higher else 3 if len(higher) == 1 else 0)
        cost += w * person_value * min(loss, n_persons)
    return cost


def _key(s: YotdState, p: int, base: int) -> tuple:
    """What the rest of p's turn depends on (palaces and persons in any order)."""
    pals = tuple(sorted((q[0], *sorted(q[1:])) for q in s.palaces[p]))
    return (pals, s.yuan[p], s.rice[p], s.fireworks[p], s.vp[p], s.track[p],
            s.small_privileges[p], s.large_privileges[p], tuple(s.hands[p]), tuple(s.supply),
            tuple(s.wall), tuple(s.group_dragons), tuple(s.stack[base:]))


class TurnPlanner:
    """Enumerates seat p's complete turn from state s (see the module docstring)."""

    def __init__(self, s: YotdState, p: int) -> None:
        self.p = p
        self.base = len(s.stack) - 1
        self.stage, self.round = s.stage, s.round
        self.memo: dict[tuple, float] = {}
        self.nodes = 0

    def in_turn(self, s: YotdState) -> bool:
        """True while p's turn goes on (the first request's follow-ups are pending)."""
        st = s.stack
        return (len(st) > self.base and s.stage == self.stage and s.round == self.round
                and st[-1].seat == self.p)

    def best(self, s: YotdState, legal: list[Action]) -> tuple[Action, float]:
        best, best_v = legal[0], float("-inf")
        for a in legal:
            c = s.clone()
            c.apply_legal(a)
            v = self.value(c)
            if v > best_v:
                best, best_v = a, v
        return best, best_v

    def value(self, s: YotdState) -> float:
        """The best end-of-turn evaluation reachable from s."""
        if not self.in_turn(s):
            self.nodes += 1
            return evaluate(s, self.p)
        key = _key(s, self.p, self.base)
        v = self.memo.get(key)
        if v is None:
            if self.nodes >= MAX_NODES:
                v = self.greedy(s)
            else:
                v = self.best(s, s.legal_actions())[1]
            self.memo[key] = v
        return v

    def greedy(self, s: YotdState) -> float:
        """Past the node budget: finish the turn one step at a time."""
        s = s.clone()
        while self.in_turn(s):
            best, best_v = None, float("-inf")
            for a in s.legal_actions():
                c = s.clone()
                c.apply_legal(a)
                v = evaluate(c, self.p)
                if v > best_v:
                    best, best_v = a, v
            s.apply_legal(best)
        return evaluate(s, self.p)


def plan(s: YotdState, p: int, legal: list[Action] | None = None) -> Action:
    """The first step of the best complete turn for seat p (p is to move in s)."""
    return TurnPlanner(s, p).best(s, legal or s.legal_actions())[0]


class HeuristicBot(Bot):
    """Whole-turn planner on the evaluation above (strategy in the module docstring)."""

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
        return plan(state, observation.seat, legal)
