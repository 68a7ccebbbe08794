"""Rule-based bot for In the Year of the Dragon (`heuristic:year_of_the_dragon`).

Strategy: the game is fully public (only the future action-card deals are hidden), so the
bot rebuilds a state from its observation with `engine.sample_state` and thinks in whole
turns. A turn is the request on top of the stack plus everything it pushes for the same
seat (an action and its floors or privilege; a card, its tile and its palace; every person
of a release, a drought, an earthquake or a flood; the draft pair and both placements). The
bot enumerates every complete turn on clones (depth first, merging transpositions such as
"release A then B" and "B then A"), scores each end state with `evaluate` and plays the
first step of the best one; it re-plans at each step of the turn, which follows that plan.

`evaluate` is VP now + money / 3 + each person's worth (2 VP at the end, 2 more for what
it brings beyond that, its symbols for the action phases left, court-lady fans and monk
Buddhas, helmets at the Mongol invasions ahead) + palace and privilege income for the
scoring phases left (an empty palace only until it decays) - crowding - threats. Crowding:
each recruit still to come beyond the free floors will replace the cheapest person, so a
floor is worth (a little less than) that person. Threats: each event ahead releases persons
(Tribute per missing yuan, Drought per unsupplied palace, Contagion per missing mortar,
Mongols at the fewest helmets), charged at the worth of the cheapest persons left, so
owning fewer persons never looks safer; Tribute and Drought are judged on yuan and rice,
which can still be earned, so later ones count less, while every Contagion and Mongol
invasion still to come counts nearly in full (healers and warriors are hard to replace);
Dragon Festival prizes in reach and Great Wall scoring count as gains. So the bot keeps its
healers and warriors, builds when its palaces are full and recruits are still to come,
removes floors where nobody lives, and releases, replaces or discards exactly the persons and
goods that hurt least. (A floor is never valued above the person it would save: valuing it
higher makes the bot build more but sacrifice persons for floors in an Earthquake.)
"""

from __future__ import annotations

import time

import engine
from bots.heuristic.year_of_the_dragon_win import WIN_FEATURES, WIN_WEIGHTS
from bots.search_hints import HintedBot
from engine.games.year_of_the_dragon import data
from engine.games.year_of_the_dragon.board import symbols
from engine.games.year_of_the_dragon.data import (
    ST_ACTIONS,
    ST_DRAFT,
    ST_EVENT,
    ST_GREAT_EVENT,
    ST_OVER,
    ST_PERSONS,
)
from engine.games.year_of_the_dragon.requests import PlayPersonCard
from engine.games.year_of_the_dragon.state import YotdState
from engine.protocol import Action, Observation, State

#: steps in which this round's scoring phase is still to come
_SCORING_AHEAD = (ST_ACTIONS, ST_PERSONS, ST_EVENT, ST_GREAT_EVENT)
#: end states scored per turn before the rest of the turn is finished greedily
MAX_NODES = 4000
#: share of a decision's time limit the enumeration may use (MCTS asks it for hints)
DEADLINE_SHARE = 0.3
#: weight of an event k rounds ahead: money and rice can still be earned (fast decay);
#: healers and warriors are persons, hard to come by (slow decay)
RESOURCE_DECAY = 0.6
PERSON_DECAY = 0.95
#: the j-th recruit still to come without a free floor costs a person, weighted ROOM_DECAY ** j
ROOM_DECAY = 0.75
#: what a recruit discarded for lack of any palace costs
RECRUIT = 6.0
#: a free floor is worth this share of the person it will save (< 1: a person now beats a
#: floor for a recruit to come)
ROOM_SCALE = 0.9
PERSON_EXTRA = 2.0
#: value of one symbol per action phase still to come
SYMBOL_VALUE = {
    data.TAX_COLLECTOR: 0.12, data.CRAFTSMAN: 0.2, data.FARMER: 0.2, data.PYROTECHNIST: 0.2,
    data.WARRIOR: 0.15, data.SCHOLAR: 0.3,
}
_TILE_ACTION_VALUE = tuple(SYMBOL_VALUE.get(data.TILE_TYPE[t], 0.0) * data.TILE_SYMBOLS[t]
                           for t in range(data.NUM_TILES))
#: a released person costs this many times what it adds to the evaluation
LOSS_SCALE = 1.0


def _phases_left(s: YotdState, p: int) -> tuple[int, int, int]:
    """(scoring phases, action phases, person phases) still to come for seat p."""
    if s.step == ST_DRAFT:
        return data.ROUNDS, data.ROUNDS, data.ROUNDS - 1
    r = s.round
    scoring = data.ROUNDS - r + (1 if s.step in _SCORING_AHEAD else 0)
    actions = data.ROUNDS - r + (1 if s.step == ST_ACTIONS else 0)
    recruits = max(0, data.ROUNDS - 1 - r)
    if r < data.ROUNDS and (s.step == ST_ACTIONS or s.step == ST_PERSONS and any(
            type(q) is PlayPersonCard and q.seat == p for q in s.stack)):
        recruits += 1
    return scoring, actions, recruits


def _upcoming(s: YotdState) -> list[tuple[int, int]]:
    """(round, event) of the events not yet resolved."""
    first = 1 if s.step == ST_DRAFT else s.round + (
        0 if s.step in (ST_ACTIONS, ST_PERSONS) else 1)
    return [(r, s.events[r - 1]) for r in range(first, data.ROUNDS + 1)]


def evaluate(s: YotdState, p: int) -> float:
    """Seat p's position in VP-like units (see the module docstring)."""
    n = s.num_players
    if s.step == ST_OVER:
        return 1000.0 + s.vp[p] - max(s.vp[q] for q in range(n) if q != p)
    vp, money, persons, palaces, privileges, track, crowd, threats = _terms(s, p)
    return vp + money + persons + palaces + privileges + track - crowd - threats


def _terms(s: YotdState, p: int) -> tuple[float, float, float, float, float, float, float,
                                          float]:
    """The parts of `evaluate` of an unfinished game: VP, money / 3, the persons' worth,
    palace and privilege income for the scoring phases left, the person track, crowding
    and threats (the last two are subtracted)."""
    scoring, actions, recruits = _phases_left(s, p)
    upcoming = _upcoming(s)
    pals = s.palaces[p]
    privileges = s.small_privileges[p] + 2 * s.large_privileges[p]
    priv_rounds = scoring
    if s.great_event == data.ASSASSINATION_ATTEMPT and _before_great_event(s):
        priv_rounds = max(0, data.GREAT_EVENT_ROUND - 1 - (data.ROUNDS - scoring))
    money = s.yuan[p] + data.GOODS_SALE_YUAN * (s.rice[p] + s.fireworks[p])
    worth = _person_values(s, p, scoring, actions, upcoming)
    palaces = sum(scoring if len(q) > 1 else min(q[0] - 1, scoring) for q in pals)
    free = sum(q[0] for q in pals) - len(worth)
    cheapest = sorted(w + sole for w, sole in worth)
    least = min((w for w, _ in worth), default=RECRUIT)
    crowd = _crowding(free, min(recruits, sum(s.hands[p])), least)
    return (float(s.vp[p]), money / 3, sum(w for w, _ in worth), float(palaces),
            float(priv_rounds * privileges), 0.15 * s.track[p], crowd,
            _threats(s, p, upcoming, cheapest))


def win_features(s: YotdState) -> list[list[float]]:
    """Every seat's features for the win model (`bots.win_model`; WIN_FEATURES): the terms
    of `evaluate`, the VP, money and persons again scaled by how far the year has run
    (`late`: the round over ROUNDS), and how many seats move before it from the seat to
    move on."""
    late = min(1.0, s.round / data.ROUNDS)
    mover, n = s.current_player(), s.num_players
    out = []
    for p in range(n):
        vp, money, persons, palaces, privileges, track, crowd, threats = _terms(s, p)
        out.append([vp, money, persons, palaces, privileges, track, -crowd, -threats,
                    vp * late, money * late, persons * late, float((p - mover) % n)])
    return out


def _crowding(free: int, recruits: int, cheapest: float) -> float:
    """Each recruit still to come beyond the free floors replaces the cheapest person (or
    is discarded): its cost, later ones weighted less (floors can still be built). A floor
    is thus worth less than the person it saves, so a person is never given up for one."""
    each = ROOM_SCALE * min(cheapest, RECRUIT)
    return each * sum(ROOM_DECAY ** j for j in range(max(0, free), recruits))


def _person_values(s: YotdState, p: int, scoring: int, actions: int,
                   upcoming: list[tuple[int, int]]) -> list[tuple[float, float]]:
    """Per person: (what it adds to the evaluation, what its palace loses without it)."""
    invasions = sum(1 for _, e in upcoming if e == data.MONGOL_INVASION)
    great = _before_great_event(s)
    out = []
    for q in s.palaces[p]:
        sole = scoring - min(q[0] - 1, scoring) if len(q) == 2 else 0.0
        for t in q[1:]:
            v = data.FINAL_VP_PER_PERSON + PERSON_EXTRA + _TILE_ACTION_VALUE[t] * actions
            k, sym = data.TILE_TYPE[t], data.TILE_SYMBOLS[t]
            if k == data.COURT_LADY:
                v += sym * scoring
            elif k == data.MONK:
                v += sym * q[0] * (2 if great and s.great_event == data.BUDDHA else 1)
            elif k == data.WARRIOR:
                v += sym * invasions
            if great and s.great_event == data.LANTERN_FESTIVAL:
                v += data.LANTERN_VP_PER_PERSON
            out.append((v, sole))
    return out


def _before_great_event(s: YotdState) -> bool:
    return s.great_events and s.great_event >= 0 and (
        s.round < data.GREAT_EVENT_ROUND or s.round == data.GREAT_EVENT_ROUND
        and s.step in (ST_ACTIONS, ST_PERSONS, ST_EVENT))


def _threats(s: YotdState, p: int, upcoming: list[tuple[int, int]],
             cheapest: list[float]) -> float:
    """Cost of the events ahead: each release takes the cheapest person left (what it adds
    to the evaluation; a recruit's worth once none is left, so owning fewer persons never
    looks safer), weighted by how soon and how hard it is to prevent; minus the Dragon
    Festival prizes in reach and (Great Wall) the wall scoring at Mongol invasions."""
    others = [q for q in range(s.num_players) if q != p]
    yuan, rice = s.yuan[p], s.rice[p]
    inhabited = sum(1 for q in s.palaces[p] if len(q) > 1)
    mortars = symbols(s, p, data.HEALER)
    helmets = symbols(s, p, data.WARRIOR)
    low_helmets = min(symbols(s, q, data.WARRIOR) for q in others)
    wall_mine = s.wall.count(p)
    wall_low = min((s.wall.count(q) for q in others), default=0)
    now = s.round if s.step != ST_DRAFT else 1
    cost, lost = 0.0, 0
    for r, event in upcoming:
        fast, slow = RESOURCE_DECAY ** (r - now), PERSON_DECAY ** (r - now)
        losses: list[tuple[int, float]] = []
        if event == data.IMPERIAL_TRIBUTE:
            paid = min(data.TRIBUTE_YUAN, yuan)
            yuan -= paid
            losses.append((data.TRIBUTE_YUAN - paid, fast))
        elif event == data.DROUGHT:
            paid = min(inhabited, rice)
            rice -= paid
            losses.append((inhabited - paid, fast))
        elif event == data.CONTAGION:
            losses.append((max(0, data.CONTAGION_RELEASES - mortars), slow))
        elif event == data.MONGOL_INVASION:
            losses.append((1 if helmets <= low_helmets else 0, slow))
            if s.great_wall:  # rules §7 Mongol check
                if len(s.wall) >= r:
                    cost -= fast * wall_mine
                elif wall_mine <= wall_low:
                    losses.append((1, fast))
        elif event == data.DRAGON_FESTIVAL:
            f = s.fireworks[p]
            if f > 0:
                higher = {s.fireworks[q] for q in others if s.fireworks[q] > f}
                cost -= fast * (6 if not higher else 3 if len(higher) == 1 else 0)
        for k, w in losses:
            taken = cheapest[lost:lost + k]
            cost += w * LOSS_SCALE * (sum(taken) + RECRUIT * (k - len(taken)))
            lost += k
    return cost


def _key(s: YotdState, p: int, base: int) -> tuple:
    """What the rest of p's turn depends on (palaces and persons in any order)."""
    pals = tuple(sorted((q[0], *sorted(q[1:])) for q in s.palaces[p]))
    return (pals, s.yuan[p], s.rice[p], s.fireworks[p], s.vp[p], s.track[p],
            s.small_privileges[p], s.large_privileges[p], tuple(s.hands[p]), tuple(s.supply),
            tuple(s.wall), tuple(s.group_dragons), tuple(s.stack[base:]))


class TurnPlanner:
    """Enumerates seat p's complete turn from state s (see the module docstring)."""

    def __init__(self, s: YotdState, p: int, deadline: float = float("inf")) -> None:
        self.p = p
        self.base = len(s.stack) - 1
        self.step, self.round = s.step, s.round
        self.memo: dict[tuple, float] = {}
        self.nodes = 0
        #: past it (a time limit only), unfinished turns are scored as they stand
        self.deadline = deadline

    def in_turn(self, s: YotdState) -> bool:
        """True while p's turn goes on (the first request's follow-ups are pending)."""
        st = s.stack
        return (len(st) > self.base and s.step == self.step and s.round == self.round
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
            if time.perf_counter() > self.deadline:
                return evaluate(s, self.p)
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


def plan(s: YotdState, p: int, legal: list[Action] | None = None,
         deadline: float = float("inf")) -> Action:
    """The first step of the best complete turn for seat p (p is to move in s)."""
    return TurnPlanner(s, p, deadline).best(s, legal or s.legal_actions())[0]


def turn_values(s: YotdState, p: int, legal: list[Action]) -> list[float]:
    """Per legal action: the evaluation of the best complete turn that starts with it."""
    planner = TurnPlanner(s, p)
    out = []
    for a in legal:
        c = s.clone()
        c.apply_legal(a)
        out.append(planner.value(c))
    return out


class HeuristicBot(HintedBot):
    """Whole-turn planner on the evaluation above (strategy in the module docstring)."""

    name = "heuristic:year_of_the_dragon"
    win_models = WIN_WEIGHTS
    win_feature_names = WIN_FEATURES

    def __init__(self) -> None:
        self.seed = 0

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.seed = seed

    def act(self, observation: Observation, time_left: float | None) -> Action:
        """Deterministic given the seed; with a time limit, a turn too big to enumerate in
        DEADLINE_SHARE of it is cut short (unfinished turns scored as they stand)."""
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        deadline = float("inf")
        if time_left is not None:
            deadline = time.perf_counter() + DEADLINE_SHARE * time_left
        state = engine.sample_state(observation, self.seed + observation.decision)
        assert isinstance(state, YotdState)
        return plan(state, observation.seat, legal, deadline)

    def win_features(self, state: State) -> list[list[float]]:
        """Every seat's features for a win model (`win_features`: the terms of `evaluate`)."""
        assert isinstance(state, YotdState)
        return win_features(state)

    def action_values(self, observation: Observation) -> list[float]:
        """The whole-turn value of each legal action (for MCTS move ordering)."""
        state = engine.sample_state(observation, self.seed + observation.decision)
        assert isinstance(state, YotdState)
        return turn_values(state, observation.seat, observation.legal_actions)
