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
from bots.base import Bot
from engine.games.huang import actions as A
from engine.games.huang import queries
from engine.games.huang.data import (
    BANDIT_COUNT,
    BLUE,
    GREEN,
    HAND_SIZE,
    LEADER,
    NEIGHBOURS,
    PAGODA_COLOUR,
    RED,
    RHOMBI,
    TILE,
    TRIANGLES,
    WHITE,
    YELLOW,
)
from engine.games.huang.legal import LEADER_TO, TILE_TO
from engine.games.huang.observe import HuangObservation
from engine.games.huang.state import HuangState
from engine.protocol import Action, Observation, State

#: weight of the sorted final vector (lowest colour first): the score is the lowest colour,
#: the others break ties and become the lowest later
SCORE_WEIGHTS = (1.0, 0.5, 0.25, 0.1)
#: the `evaluate` difference that `position_values` maps to about 0.73
VALUE_SCALE = 3.0
#: worth of a leader on the board, of a pagoda of its colour in its kingdom (1 VP a turn),
#: and the discount for one or two adjacent yellow tiles (one removal strands it)
LEADER_ON_BOARD = 1.0
LEADER_PAGODA = 0.8
LEADER_EXPOSED = (0.0, -0.25, -0.1)
#: more for a lone yellow neighbour when an opponent can pay a peasant revolt (§6.3)
LEADER_THREATENED = -0.6
#: a revolt won is worth this much to the attacker; one committed yellow tile costs this
REVOLT_STAKE = 2.5
YELLOW_COST = 0.35
#: extra actions granted to planning clones so a simulated turn never ends mid-plan
PLAN_ACTIONS = 50
SIM_STEPS = 60
#: leaders and hands are worth their future: fully with this many tiles left in the bag,
#: less and less as the bag runs out (the game ends at once, §10)
FUTURE_BAG = 40
#: no exchange from a bag this small (the draw could end the game, §10)
EXCHANGE_MIN_BAG = 12
PLAN_CACHE = 512
#: the win model (`bots.win_model`, used by `position_values`) by number of players:
#: weights of WIN_FEATURES, fitted by `python -m bots.win_model huang --players <n>
#: --games 600 --seed 10000` on the rule-based bots' own games; log-loss on the last
#: quarter of them, held out: 3 players 0.718 (even chances 1.099), 4 players 0.910
#: (1.386), 5 players 1.092 (1.609). None for 2 players: there `evaluate` stays.
WIN_FEATURES = ("v0", "v1", "v2", "v3", "leaders", "hand", "v0 late", "v1 late", "v2 late",
                "leaders late", "hand late", "seats before")
WIN_WEIGHTS: dict[int, tuple[float, ...]] = {
    3: (-0.178, 0.029, 0.300, 0.085, 0.287, -0.064, 1.087, 0.381, -0.370, 0.205, -0.225,
        -0.115),
    4: (-0.367, 0.124, 0.580, 0.165, 0.424, 0.073, 1.491, 0.687, -0.575, -0.117, -0.414,
        -0.115),
    5: (-0.531, 0.523, 0.581, 0.193, 0.380, 0.144, 1.928, 0.127, -0.115, 0.007, -0.401,
        -0.101),
}
#: the bag holds 95-107 tiles at 3-5 players: `late` is 0 with WIN_BAG or more left
WIN_BAG = 100
#: turn-start positions remembered (then forgotten all at once, like the plan cache)
SEEN_CAP = 4096
#: a decision with a time limit plans for at most this share of it, then plays its best
TIME_SHARE = 0.3
#: the planned answers each request takes (candidate actions come from the legal options)
ANSWERS: dict[type, tuple[type, ...]] = {
    A.ChooseAction: (A.PositionLeader, A.PlaceTile, A.PeasantRevolt, A.BuildWithGreen),
    A.ChooseTileHex: (A.TileTo,), A.ChooseLeaderHex: (A.LeaderTo, A.Withdraw),
    A.ChooseRevoltTarget: (A.RemoveTile,), A.ChooseTriangle: (A.BuildPagoda, A.BuildPalace),
}


def _position(s: HuangState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Board and leaders. Only draws empty the bag and end the game (§10), and leader moves
    draw nothing: bots that move leaders away and back in one turn (a pass the rules do not
    have, §5), or round in a circle over several turns, never end the game. So no turn plan
    ends where it began, and a turn that begins in a position met at one of my turns
    before starts with something else than a leader when it can."""
    return tuple(s.board), tuple(s.leaders)


class HeuristicBot(Bot):
    """Whole-turn planner following the strategy in the module docstring. Of the complete
    actions the cheap static values screen, the best of each kind (a colour of tile, a
    leader, a withdrawal, a peasant revolt, a green build) and `breadth` more are played out
    on clones; the `beam` best are followed by every kind of second action. Untimed, its
    choices depend only on its seed and what it observes; with a time limit it stops
    widening a plan at `TIME_SHARE` of it (then the load of the machine can matter)."""

    name = "heuristic:huang"

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
        turn_start = isinstance(obs.stack[-1], A.ChooseAction)
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
        it / VALUE_SCALE; for searches that cut playouts short (`mcts:leaf=bot`)."""
        assert isinstance(state, HuangState)
        if state.over:
            return [1.0 if r == 0 else 0.0 for r in state.ranking()]
        weights = WIN_WEIGHTS.get(state.num_players)
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
        if isinstance(req, A.ChooseAction):
            best: dict[Action, float] = {}
            for v, _, macro in self.screen(s, me):
                if v > best.get(macro[0], -math.inf):
                    best[macro[0]] = v
            for v, _, _ in self._exchanges(s, me):
                best[A.Exchange()] = max(best.get(A.Exchange(), -math.inf),
                                         v - self.evaluate(s, me))
            return [best.get(a, -1.0) for a in legal]
        if isinstance(req, A.ChooseTileHex):
            view = self._view(s)
            return [self._tile_value(s, req.colour, a.hex, me, view) for a in legal]
        if isinstance(req, A.ChooseLeaderHex):
            view = self._view(s)
            i = me * 5 + req.colour
            return [self._leader_value(s, i, a.hex, view) if isinstance(a, A.LeaderTo)
                    else 0.0 for a in legal]
        choice = self.respond(s, legal, me)
        return [1.0 if a == choice else 0.0 for a in legal]

    def _planned(self, obs: HuangObservation) -> Action | None:
        plan, self._plan = self._plan, []
        if plan and plan[0][0] == obs.decision and plan[0][1] == hash(tuple(obs.board)):
            self._plan = plan[1:]
            return plan[0][2]
        return None

    # --- whole-turn planning -----------------------------------------------------------------
    def plan_turn(self, s: HuangState, me: int) -> list[tuple[int, int, Action]]:
        """The first action of the best turn found, as my decisions (number, board, action)
        up to the next decision that is not mine."""
        left = s.actions_left
        base = s.clone()
        base.actions_left += PLAN_ACTIONS
        firsts = self.candidates(base, me, self.breadth)
        if not firsts:
            return []
        firsts.sort(key=lambda c: -c[0])
        here = _position(s)
        if left >= 2:  # a turn begins: was this position met at a turn of mine before?
            if here in self._seen:  # leaders going round in a circle: play tiles
                firsts = [c for c in firsts
                          if not (c[1] and isinstance(c[1][0][2], A.PositionLeader))] or firsts
            if len(self._seen) >= SEEN_CAP:
                self._seen.clear()
            self._seen.add(here)
        if left < 2:  # the second action: not back to where the first began
            began = self._began.get(here)
            return next((c[1] for c in firsts if began is None or c[2] is None
                         or _position(c[2]) != began), firsts[0][1])
        base_v = self.evaluate(base, me)
        next_gain = max((c[0] for c in firsts if c[2] is not None), default=base_v) - base_v
        best_v, best, after = -math.inf, firsts[0][1], firsts[0][2]
        for k, (v1, steps, end) in enumerate(firsts[: self.beam]):
            if k and time.perf_counter() > self._deadline:
                break  # a timed decision: no more second actions
            v = v1 + max(0.0, next_gain) - 0.01  # an exchange first: the draw is unknown
            if end is not None and self._my_choice(end, me):
                seconds = [c[0] for c in self.candidates(end, me, 0)
                           if c[2] is None or _position(c[2]) != here]
                if seconds:
                    v = max(seconds)
            if v > best_v:
                best_v, best, after = v, steps, end
        if after is not None:  # the second action will be planned from there
            if len(self._began) >= PLAN_CACHE:
                self._began.clear()
            self._began[_position(after)] = here
        return best

    @staticmethod
    def _my_choice(st: HuangState, me: int) -> bool:
        return bool(st.stack) and isinstance(st.stack[-1], A.ChooseAction) and st.active == me

    def candidates(self, st: HuangState, me: int, extra: int
                   ) -> list[tuple[float, list[tuple[int, int, Action]], HuangState | None]]:
        """Complete actions from `st` (my ChooseAction on top): (value of the end state,
        my decisions, end state or None for an exchange, valued in expectation). The best
        of each kind by the cheap static values, and the `extra` next best, are played out."""
        screened = self.screen(st, me)
        screened.sort(key=lambda x: -x[0])
        chosen: list[list[Action]] = []
        kinds: set[tuple[int, int]] = set()
        rest = []
        for _, kind, macro in screened:
            if kind not in kinds:
                kinds.add(kind)
                chosen.append(macro)
            else:
                rest.append(macro)
        chosen.extend(rest[:extra])
        out = []
        for macro in chosen:
            if out and time.perf_counter() > self._deadline:
                break  # a timed decision: the best of each kind came first
            out.append(self._simulate(st, me, macro))
        if any(isinstance(a, A.Exchange) for a in st.legal_actions()) and (
                not out or time.perf_counter() <= self._deadline):
            out.extend(self._exchanges(st, me))
        return out

    def screen(self, st: HuangState, me: int) -> list[tuple[float, tuple[int, int], list[Action]]]:
        """Every complete action worth a look, with a cheap static value and its kind."""
        out: list[tuple[float, tuple[int, int], list[Action]]] = []
        board = st.board
        view = self._view(st)
        frontier = sorted({n for h, x in enumerate(board) if x for n in NEIGHBOURS[h]
                           if not board[n]})  # isolated tiles score nothing (§6.2 step 3)
        for a in st.legal_actions():
            if out and time.perf_counter() > self._deadline:
                break  # a timed decision: what was screened so far
            if isinstance(a, A.PlaceTile):
                c = a.colour
                for h in frontier:
                    if queries.tile_hex_ok(st, c, h):
                        v = self._tile_value(st, c, h, me, view)
                        out.append((v, (0, c), [a, TILE_TO[h]]))
            elif isinstance(a, A.PositionLeader):
                i = me * 5 + a.colour
                now = st.leaders[i]
                here = self._leader_value(st, i, now, view) if now >= 0 else 0.0
                seen: dict[tuple, float] = {}  # the value depends on t only through these
                lab, yn = st.labels, st.yellow_next
                for t in queries.leader_targets(st, i):
                    key = (yn[t], *sorted({lab[n] for n in NEIGHBOURS[t]}))
                    v = seen.get(key)
                    if v is None:
                        v = seen[key] = self._leader_value(st, i, t, view) - here
                    out.append((v, (1, a.colour), [a, LEADER_TO[t]]))
                if now >= 0:
                    out.append((-here, (2, 0), [a, A.Withdraw()]))
            elif isinstance(a, A.PeasantRevolt):
                for h, x in enumerate(board):
                    if TILE <= x < LEADER:
                        v = self._removal_value(st, h, me) - 0.5
                        out.append((v, (3, 0), [a, A.RemoveTile(h)]))
            elif isinstance(a, A.BuildWithGreen):
                for t in queries.all_free_triangles(st):
                    v = self._triangle_value(st, t, me) - 0.4
                    out.append((v, (4, 0), [a, A.BuildPagoda(t)]))
                for r in queries.palace_rhombi(st):
                    v = self._palace_value(st, r, me) - 0.4
                    out.append((v, (4, 0), [a, A.BuildPalace(r)]))
        return out

    def _simulate(self, st: HuangState, me: int, choice: list[Action]
                  ) -> tuple[float, list[tuple[int, int, Action]], HuangState | None]:
        """Play `choice` (the first action, then answers to the first requests they fit) and
        the rest of the action by the cheap rules, on a clone; value the end state."""
        s = st.clone()
        steps: list[tuple[int, int, Action]] = []
        mine = True
        queue = list(choice)
        for _ in range(SIM_STEPS):
            if not s.stack or s.over:
                break
            req = s.stack[-1]
            seat = req.seat
            if seat == me and isinstance(req, A.ChooseAction) and steps:
                break  # the action is over: my next action is up
            if seat != me and isinstance(req, A.ChooseAction):
                break
            a: Action | None = None
            if seat == me and queue and isinstance(queue[0], ANSWERS.get(type(req), ())):
                a = queue.pop(0)
            else:
                legal = s.legal_actions()
                a = legal[0] if len(legal) == 1 else self.respond(s, legal, seat)
                if a not in legal:
                    a = legal[0]
            if seat != me:
                mine = False
            elif mine:
                steps.append((s.decision, hash(tuple(s.board)), a))
            s.apply_legal(a)
        return self.evaluate(s, me), steps, s

    def _exchanges(self, st: HuangState, me: int
                   ) -> list[tuple[float, list[tuple[int, int, Action]], HuangState | None]]:
        """§6.5: discard the least useful tiles, valued in expectation (the draw is unseen)."""
        hand = st.hands[me * 5:me * 5 + 5]
        if sum(st.bag) < EXCHANGE_MIN_BAG:
            return []
        future = 0.3 + 0.7 * min(1.0, sum(st.bag) / FUTURE_BAG)
        now = self._hand_value(st, me, hand)
        mean = self._draw_value(st, me, hand)
        base = self.evaluate(st, me, with_hand=False)
        missing = max(0, HAND_SIZE - sum(hand)) * mean
        order = []  # tiles from least to most useful (marginal value of the last copy)
        h = list(hand)
        while sum(h):
            c = min((c for c in range(5) if h[c]), key=lambda c: self._tile_worth(st, me, c, h[c]))
            order.append(c)
            h[c] -= 1
        out = []
        h = list(hand)
        actions: list[Action] = [A.Exchange()]
        for k, c in enumerate(order[:6]):
            h[c] -= 1
            actions = [*actions, A.DiscardTile(c)]
            value = base + future * (self._hand_value(st, me, h) + (k + 1) * mean + missing)
            if value > base + future * (now + missing):
                plan = actions + ([A.Pass()] if k + 1 < 6 else [])
                out.append((value, self._exchange_steps(st, plan), None))
        return out

    @staticmethod
    def _exchange_steps(st: HuangState, plan: list[Action]) -> list[tuple[int, int, Action]]:
        board = hash(tuple(st.board))
        return [(st.decision + k, board, a) for k, a in enumerate(plan)]

    # --- the value of a position ---------------------------------------------------------------
    def evaluate(self, s: HuangState, me: int, with_hand: bool = True) -> float:
        """My score vector, leaders and hand, less the opponents' vectors and leaders."""
        n = s.num_players
        if s.over:
            rank = s.ranking()
            return 100.0 if rank[me] == 0 else -100.0
        opp = 0.8 if n == 2 else 0.45
        sizes = Counter(s.labels)
        future = 0.3 + 0.7 * min(1.0, sum(s.bag) / FUTURE_BAG)  # §10: the empty bag ends it
        total = 0.0
        for p in range(n):
            v = s.final_vector(p)
            value = (SCORE_WEIGHTS[0] * v[0] + SCORE_WEIGHTS[1] * v[1]
                     + SCORE_WEIGHTS[2] * v[2] + SCORE_WEIGHTS[3] * v[3])
            value += future * self._leaders_value(s, p, sizes, self._threat(s, p, me))
            total += value if p == me else -opp * value
        if with_hand:
            total += future * self._hand_worth(s, me)
        return total

    def _hand_worth(self, s: HuangState, p: int) -> float:
        """Worth of p's hand, with the expected worth of a draw for each missing tile."""
        hand = s.hands[p * 5:p * 5 + 5]
        table = self._worth_table(s, p)
        worth = _hand_value(table, hand)
        missing = HAND_SIZE - sum(hand)
        if missing > 0:
            worth += missing * self._draw_value(s, p, hand, table)
        return worth

    def _threat(self, s: HuangState, p: int, me: int) -> float:
        """Chance that another seat can pay a peasant revolt (§6.3: two blue tiles, or one
        with the blue leader off the board) against p: exact for my own hand, from the
        unseen tiles (hypergeometric) for the others'."""
        if p != me:
            need = 1 if s.leaders[me * 5 + BLUE] < 0 else 2
            return 1.0 if s.hands[me * 5 + BLUE] >= need else 0.0
        pool = self._unseen(s, me)
        total = sum(pool)
        worst = 0.0
        for q in range(s.num_players):
            if q == me:
                continue
            need = 1 if s.leaders[q * 5 + BLUE] < 0 else 2
            size = sum(s.hands[q * 5:q * 5 + 5])
            dist = _hypergeometric(total, pool[BLUE], size)
            worst = max(worst, sum(dist[need:]))
        return worst

    def _leaders_value(self, s: HuangState, p: int, sizes: Counter,
                       threat: float = 0.0) -> float:
        value = 0.0
        lab, pagodas, leaders = s.labels, s.pagodas, s.leaders
        w: list[float] | None = None
        for c in range(5):
            pos = leaders[p * 5 + c]
            if pos < 0:
                continue
            if w is None:
                w = self._weights(s, p)
            lb = lab[pos]
            v = LEADER_ON_BOARD + 0.03 * min(sizes[lb], 12)
            for k, tri in enumerate(pagodas):
                if tri >= 0 and PAGODA_COLOUR[k] == c and lab[TRIANGLES[tri][0]] == lb:
                    v += LEADER_PAGODA
                    break
            y = s.yellow_next[pos]
            if y < len(LEADER_EXPOSED):
                v += LEADER_EXPOSED[y] + (LEADER_THREATENED * threat if y == 1 else 0.0)
            value += v * (0.6 + 0.4 * w[c])
        return value

    def _worth_table(self, s: HuangState, me: int) -> list[list[float]]:
        """table[c][k-1]: worth of holding a k-th tile of colour c (k = 1..8)."""
        leaders = s.leaders
        key = (*(leaders[me * 5 + c] >= 0 for c in range(5)), *s.vp[me * 5:me * 5 + 4])
        cached = self._tables.get(key)
        if cached is not None:
            return cached
        w = self._weights(s, me)
        on = any(leaders[me * 5 + x] >= 0 for x in range(5))
        governor = leaders[me * 5 + YELLOW] >= 0
        table = []
        for c in range(5):
            scoring = leaders[me * 5 + c] >= 0 or (c != WHITE and governor)
            row = []
            for k in range(1, 9):
                v = (0.25 * w[c] if scoring else 0.03) if k <= 2 else 0.02
                if c == YELLOW:
                    v += (0.3 if on else 0.15) if k <= 2 else (0.12 if k <= 4 else 0.02)
                elif c == RED:
                    v += 0.2 if k <= 2 else (0.08 if k <= 3 else 0.0)
                elif c in (BLUE, GREEN):
                    v += 0.06 if k <= 2 else 0.0  # a peasant revolt / a pagoda build needs two
                row.append(v)
            table.append(row)
        if len(self._tables) > 4096:
            self._tables.clear()
        self._tables[key] = table
        return table

    def _tile_worth(self, s: HuangState, me: int, c: int, k: int) -> float:
        """Worth of holding a k-th tile of colour c (k >= 1)."""
        return self._worth_table(s, me)[c][min(k, 8) - 1]

    def _hand_value(self, s: HuangState, me: int, hand: list[int]) -> float:
        return _hand_value(self._worth_table(s, me), hand)

    def _unseen(self, s: HuangState, me: int) -> list[int]:
        """Tiles I cannot see (bag, other hands, short-game removals), per colour; the
        determinization fills them, their total is public."""
        out = list(s.bag)
        for p in range(s.num_players):
            if p != me:
                for c in range(5):
                    out[c] += s.hands[p * 5 + c]
        if s.removed:
            for c in range(5):
                out[c] += s.removed[c]
        return out

    def _draw_value(self, s: HuangState, me: int, hand: list[int],
                    table: list[list[float]] | None = None) -> float:
        """Expected worth of one tile drawn from the unseen tiles."""
        pool = self._unseen(s, me)
        total = sum(pool)
        if total == 0:
            return 0.0
        table = table or self._worth_table(s, me)
        return sum(pool[c] * table[c][min(hand[c], 7)] for c in range(5)) / total

    # --- cheap static values (candidate filters and in-action answers) -------------------------
    def _weights(self, s: HuangState, p: int) -> list[float]:
        """Value of one more VP of each colour for seat p (weakest colours count most)."""
        v = s.vp[p * 5:p * 5 + 4]
        lo = min(v)
        w = [1.0 / (1.0 + 0.7 * (x - lo)) for x in v]
        w.append(0.9)  # white: a wildcard for the weakest colour
        return w

    def _view(self, s: HuangState) -> _View:
        return _View(s, [self._weights(s, p) for p in range(s.num_players)])

    def _gain(self, view: _View, n: int, seat: int, colour: int, me: int) -> float:
        if seat < 0:
            return 0.0
        if seat == me:
            return view.weights[me][colour]
        opp = 0.7 if n == 2 else 0.4
        return -opp * view.weights[seat][colour]

    @staticmethod
    def _adjacent_leaders(s: HuangState, h: int, view: _View) -> list[int]:
        lab, by = s.labels, view.by_label
        out: list[int] = []
        seen: list[int] = []
        for n in NEIGHBOURS[h]:
            lb = lab[n]
            if lb >= 0 and lb not in seen:
                seen.append(lb)
                out.extend(by.get(lb, ()))
        return out

    def _tile_value(self, s: HuangState, colour: int, h: int, me: int,
                    view: _View | None = None) -> float:
        board = s.board
        for n in NEIGHBOURS[h]:
            if board[n]:
                break
        else:
            return 0.0  # an isolated tile: no kingdom, no triangle, no conflict
        view = view or self._view(s)
        if s.bandits and queries.bandit_status(s, h) == queries.BANDIT_FIGHT:
            return self._bandit_value(s, h, me, view)
        war = queries.war_parties(s, h)
        if war is not None:
            return self._war_value(s, h, war[0], me)
        leaders = self._adjacent_leaders(s, h, view)
        owner = -1
        for i in leaders:
            if i % 5 == colour:
                owner = i // 5
                break
            if i % 5 == YELLOW:
                owner = i // 5
        value = self._gain(view, s.num_players, owner, colour, me)
        if any(i % 5 == colour and i // 5 == me for i in leaders):
            sup = queries.supported_hexes(s)
            s.board[h] = TILE + colour
            try:
                for t in queries.TRIANGLES_AT[h]:
                    if queries.free_triangle(s, t, sup):
                        value += 1.5
                        break
            finally:
                s.board[h] = 0
        if colour == YELLOW:  # yellow tiles strengthen the leaders next to them
            for n in NEIGHBOURS[h]:
                if board[n] >= LEADER:
                    mine = (board[n] - LEADER) // 5 == me
                    value += (0.3 if mine else -0.1) * (s.yellow_next[n] < 2)
        return value

    def _bandit_value(self, s: HuangState, h: int, me: int, view: _View) -> float:
        """§11.1: the red leader's owner gains N red VP; the kingdom loses N red tiles."""
        groups = queries.bandit_groups(s, s.labels)
        near = {s.labels[n] for n in NEIGHBOURS[h]}
        n = max(BANDIT_COUNT[b] for lb in near for b in groups.get(lb, ()))
        owner = next((i // 5 for i in self._adjacent_leaders(s, h, view) if i % 5 == RED), -1)
        return n * self._gain(view, s.num_players, owner, RED, me) - 0.1 * n

    def _war_value(self, s: HuangState, h: int, parties: list[int], me: int) -> float:
        mine = [sum(1 for i in queries.leaders_in(s, lb) if i // 5 == me) for lb in parties]
        if max(mine) == 0:
            return -0.5
        k = mine.index(max(mine))
        base = [len(queries.red_tiles_in(s, lb)) for lb in parties]
        my_red = s.hands[me * 5 + RED] - (1 if s.board[h] == 0 else 0)
        others = max(b for i, b in enumerate(base) if i != k)
        if base[k] + my_red >= others + 3:
            return 1.0
        return -2.0

    def _leader_value(self, s: HuangState, i: int, t: int, view: _View | None = None) -> float:
        me, colour = divmod(i, 5)
        view = view or self._view(s)
        labels = {s.labels[n] for n in NEIGHBOURS[t]}
        labels.discard(-1)
        size = sum(view.sizes[lb] for lb in labels)
        others = [j for lb in labels for j in view.by_label.get(lb, ()) if j != i]
        yellow = s.yellow_next[t]
        value = 0.9 + 0.04 * min(size, 20) + 0.1 * yellow
        if yellow < len(LEADER_EXPOSED):
            value += LEADER_EXPOSED[yellow]
        rival = [j for j in others if j % 5 == colour]
        if rival:
            att, dfn = self._revolt_bases(s, i, t, rival[0])
            mine = att + s.hands[me * 5 + YELLOW]
            return 1.2 if mine > dfn + 2 else -1.0
        for k, tri in enumerate(s.pagodas):
            if tri >= 0 and PAGODA_COLOUR[k] == colour and s.labels[TRIANGLES[tri][0]] in labels:
                value += 1.0
        if colour == YELLOW:
            value += 0.1 * sum(1 for j in others if j // 5 != me)
        return value

    @staticmethod
    def _revolt_bases(s: HuangState, i: int, t: int, j: int) -> tuple[int, int]:
        """§8.1 steps 1-2: base strengths of attacker i on hex t and defender j."""
        att = queries.yellow_adjacent(s.board, t)
        dfn = queries.yellow_adjacent(s.board, s.leaders[j])
        if i % 5 != YELLOW:
            att += s.leaders[(i // 5) * 5 + YELLOW] < 0
            dfn += s.leaders[(j // 5) * 5 + YELLOW] < 0
        return att, dfn

    def _removal_value(self, s: HuangState, h: int, me: int) -> float:
        """Peasant revolt target: strand opponent leaders, spare mine, break their pagodas."""
        value = 0.0
        board = s.board
        if board[h] == TILE + YELLOW:
            for n in NEIGHBOURS[h]:
                x = board[n]
                if x >= LEADER and s.yellow_next[n] == 1:
                    value += -1.0 if (x - LEADER) // 5 == me else 1.0
        for k, tri in enumerate(s.pagodas):
            if tri >= 0 and h in TRIANGLES[tri]:
                lb = s.labels[h]
                for i in queries.leaders_in(s, lb):
                    if i % 5 == PAGODA_COLOUR[k]:
                        value += -0.8 if i // 5 == me else 0.8
        return value + 0.01 * self.rng.random()

    # --- answers inside an action (and to other seats' conflicts) -------------------------------
    def respond(self, s: HuangState, legal: list, me: int) -> Action:
        """A cheap answer to the pending request of seat `me` (used for every seat in the
        planning clones, and when a plan does not cover the request)."""
        req = s.stack[-1]
        best: Action | None = None
        if isinstance(req, A.ChooseAction):
            best = self._choose_action_static(s, legal, me)
        elif isinstance(req, A.ChooseTileHex):
            view = self._view(s)
            best = max(legal, key=lambda a: self._tile_value(s, req.colour, a.hex, me, view))
        elif isinstance(req, A.ChooseChain):
            cands = [a for a in legal if isinstance(a, A.ChainTo)]
            if cands:
                view = self._view(s)
                a = max(cands, key=lambda a: self._tile_value(s, BLUE, a.hex, me, view))
                if self._tile_value(s, BLUE, a.hex, me, view) > 0:
                    best = a
            best = best or A.Pass()
        elif isinstance(req, A.ChooseLeaderHex):
            i = me * 5 + req.colour
            cands = [a for a in legal if isinstance(a, A.LeaderTo)]
            view = self._view(s)
            best = (max(cands, key=lambda a: self._leader_value(s, i, a.hex, view))
                    if cands else None)
        elif isinstance(req, A.ChooseMarketTile):
            best = self._market(s, legal, me)
        elif isinstance(req, (A.ChooseBuilding, A.ChooseTriangle)):
            best = self._building(s, legal, me)
        elif isinstance(req, A.ChoosePagodaToMove):
            best = min(legal, key=lambda a: self._pagoda_stake(s, a.pagoda, me))
        elif isinstance(req, A.ChooseSubstitute):
            best = A.UseLeader(True)
        elif isinstance(req, A.ChooseRevoltTarget):
            best = max(legal, key=lambda a: self._removal_value(s, a.hex, me))
        elif isinstance(req, A.ChooseDiscard):
            best = self._discard(s, legal, me)
        elif isinstance(req, A.CommitRevolt):
            best = self.revolt_commit(s, legal, me)
        elif isinstance(req, A.ChooseSupport):
            best = self._support(s, legal, me)
        elif isinstance(req, A.CommitWarTiles):
            best = self._war_tiles(s, legal, me, req.party)
        elif isinstance(req, A.CommitWarLeader):
            best = A.CommitRedLeader(True)
        elif isinstance(req, A.ChooseWarWinner):
            best = max(legal, key=lambda a: self._party_stake(s, a.party, me))
        elif isinstance(req, A.ChooseGranary):
            best = next(a for a in legal if isinstance(a, A.KeepGranary))
        elif isinstance(req, A.ChooseRefill):
            best = A.RefillTo(7)  # §11.3: a 7th tile is one more option every turn
        elif isinstance(req, (A.RemoveWinnerTile, A.RemoveBanditLoss)):
            under = queries.supported_hexes(s)
            best = min(legal, key=lambda a: (a.hex in under, a.hex))
        if best is None or best not in legal:
            best = legal[0]
        return best

    def _choose_action_static(self, s: HuangState, legal: list, me: int) -> Action:
        """Fallback when no plan was found: the first legal placement, else any action."""
        for a in legal:
            if isinstance(a, A.PlaceTile):
                return a
        return legal[0]

    def _pagoda_stake(self, s: HuangState, k: int, me: int) -> float:
        """How much pagoda k (to be moved) serves me where it stands."""
        tri = s.pagodas[k]
        lb = s.labels[TRIANGLES[tri][0]]
        for i in queries.leaders_in(s, lb):
            if i % 5 == PAGODA_COLOUR[k]:
                return 1.0 if i // 5 == me else -1.0
        return 0.0

    def _triangle_value(self, s: HuangState, t: int, me: int) -> float:
        colour = s.board[TRIANGLES[t][0]] - TILE
        lb = s.labels[TRIANGLES[t][0]]
        for i in queries.leaders_in(s, lb):
            if i % 5 == colour:
                return 1.5 if i // 5 == me else -0.5
        return 0.0

    def _palace_value(self, s: HuangState, r: int, me: int) -> float:
        pos = s.leaders[me * 5 + YELLOW]
        mine = pos >= 0 and s.labels[pos] == s.labels[RHOMBI[r][0]]
        return (1.2 if mine else -0.3) - (0.5 if s.palace >= 0 else 0.0)

    def _building(self, s: HuangState, legal: list, me: int) -> Action:
        palaces = [a for a in legal if isinstance(a, A.BuildPalace)]
        if palaces:
            a = max(palaces, key=lambda a: self._palace_value(s, a.rhombus, me))
            if self._palace_value(s, a.rhombus, me) > 0:
                return a
        builds = [a for a in legal if isinstance(a, A.BuildPagoda)]
        if builds:
            a = max(builds, key=lambda a: self._triangle_value(s, a.triangle, me))
            if self._triangle_value(s, a.triangle, me) > 0 or A.Pass() not in legal:
                return a
        return A.Pass()

    def _market(self, s: HuangState, legal: list, me: int) -> Action:
        takes = [a for a in legal if isinstance(a, A.TakeFromMarket)]
        if not takes:
            return A.Pass()
        hand = s.hands[me * 5:me * 5 + 5]
        return max(takes, key=lambda a: self._tile_worth(s, me, a.colour, hand[a.colour] + 1))

    def _discard(self, s: HuangState, legal: list, me: int) -> Action:
        if A.Pass() in legal:
            return A.Pass()
        hand = s.hands[me * 5:me * 5 + 5]
        return min((a for a in legal if isinstance(a, A.DiscardTile)),
                   key=lambda a: self._tile_worth(s, me, a.colour, hand[a.colour]))

    def revolt_commit(self, s: HuangState, legal: list, me: int) -> Action:
        """§8.1 step 3. Defender: just enough to hold (ties hold), if that is affordable.
        Attacker: the count that maximises P(win) * stake - tiles * cost, where the defender
        answers with up to all the yellow tiles of its hidden hand (hypergeometric)."""
        rv = s.revolt
        assert rv is not None
        have = max(a.count for a in legal)
        att, dfn = queries.revolt_strengths(rv)
        if rv.attacker // 5 != me:
            need = max(0, att - dfn)
            return A.CommitTiles(need if need <= have and need <= 4 else 0)
        d = rv.defender // 5
        pool = self._unseen(s, me)
        size = sum(s.hands[d * 5:d * 5 + 5])
        dist = _hypergeometric(sum(pool), pool[YELLOW], size)
        best, best_v = 0, -math.inf
        for x in range(have + 1):
            margin = att + x - dfn  # the defender holds with up to margin yellow tiles
            p_win = sum(q for k, q in enumerate(dist) if k < margin)
            v = p_win * REVOLT_STAKE - x * YELLOW_COST
            if v > best_v + 1e-9:
                best, best_v = x, v
        return A.CommitTiles(best)

    def _party_stake(self, s: HuangState, party: int, me: int) -> int:
        war = s.war
        assert war is not None
        lb = war.parties[party]
        return sum(1 for i in queries.leaders_in(s, lb) if i // 5 == me)

    def _support(self, s: HuangState, legal: list, me: int) -> Action:
        war = s.war
        assert war is not None
        stakes = [self._party_stake(s, k, me) for k in range(len(war.parties))]
        if max(stakes) == 0:
            return A.Pass()
        return A.SupportParty(stakes.index(max(stakes)))

    def _war_tiles(self, s: HuangState, legal: list, me: int, party: int) -> Action:
        war = s.war
        assert war is not None
        st = queries.war_strengths(war)
        other = max(x for k, x in enumerate(st) if k != party)
        last = me == s.active
        lead = 0 if last else 2
        need = max(0, other - st[party] + lead + (0 if last else 1))
        counts = sorted(a.count for a in legal)
        for c in counts:
            if c >= need:
                return A.CommitTiles(c)
        return A.CommitTiles(counts[0])


class _View:
    """Per-position lookups shared by many static values: kingdom sizes by label, leaders
    by label, and each seat's colour weights."""

    __slots__ = ("sizes", "by_label", "weights")

    def __init__(self, s: HuangState, weights: list[list[float]]) -> None:
        self.sizes = Counter(s.labels)
        by: dict[int, list[int]] = {}
        lab = s.labels
        for i, pos in enumerate(s.leaders):
            if pos >= 0:
                by.setdefault(lab[pos], []).append(i)
        self.by_label = by
        self.weights = weights


def _hand_value(table: list[list[float]], hand: list[int]) -> float:
    return sum(sum(table[c][:hand[c]]) for c in range(5))


def _hypergeometric(total: int, good: int, draws: int) -> list[float]:
    """P(k good among `draws` drawn from `total` holding `good`), k = 0..draws."""
    draws = min(draws, total)
    if total <= 0:
        return [1.0]
    denom = math.comb(total, draws)
    return [math.comb(good, k) * math.comb(total - good, draws - k) / denom
            for k in range(draws + 1)]
