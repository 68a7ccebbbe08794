"""The rule-based Huang bot's whole-turn plans: complete actions screened by static values,
the best played out on clones of a determinized state, the best pairs kept."""

from __future__ import annotations

import math
import time

from bots.heuristic.huang_rules import HuangRules
from bots.heuristic.huang_values import FUTURE_BAG
from engine.games.huang import actions, queries
from engine.games.huang import requests as Rq
from engine.games.huang.actions import LEADER_TO, TILE_TO
from engine.games.huang.data import (
    HAND_SIZE,
    LEADER,
    NEIGHBOURS,
    TILE,
)
from engine.games.huang.state import HuangObservation, HuangState
from engine.protocol import Action

#: extra actions granted to planning clones so a simulated turn never ends mid-plan
PLAN_ACTIONS = 50
SIM_STEPS = 60
#: no exchange from a bag this small (the draw could end the game, §10)
EXCHANGE_MIN_BAG = 12
PLAN_CACHE = 512
#: turn-start positions remembered (then forgotten all at once, like the plan cache)
SEEN_CAP = 4096
#: the planned answers each request takes (candidate actions come from the legal options)
ANSWERS: dict[type, tuple[type, ...]] = {
    Rq.ChooseAction: (actions.PositionLeader, actions.PlaceTile, actions.PeasantRevolt,
                      actions.BuildWithGreen),
    Rq.ChooseTileHex: (actions.TileTo,),
    Rq.ChooseLeaderHex: (actions.LeaderTo, actions.Withdraw),
    Rq.ChooseRevoltTarget: (actions.RemoveTile,),
    Rq.ChooseTriangle: (actions.BuildPagoda, actions.BuildPalace),
}



def _position(s: HuangState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Board and leaders. Only draws empty the bag and end the game (§10), and leader moves
    draw nothing: bots that move leaders away and back in one turn (a pass the rules do not
    have, §5), or round in a circle over several turns, never end the game. So no turn plan
    ends where it began, and a turn that begins in a position met at one of my turns
    before starts with something else than a leader when it can."""
    return tuple(s.board), tuple(s.leaders)


class HuangPlanner(HuangRules):
    """The turn planning of the Huang bot (a mixin)."""

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
                          if not (c[1]
                                  and isinstance(c[1][0][2], actions.PositionLeader))] or firsts
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
        return bool(st.stack) and isinstance(st.stack[-1], Rq.ChooseAction) and st.active == me

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
        if any(isinstance(a, actions.Exchange) for a in st.legal_actions()) and (
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
            if isinstance(a, actions.PlaceTile):
                c = a.colour
                for h in frontier:
                    if queries.tile_hex_ok(st, c, h):
                        v = self._tile_value(st, c, h, me, view)
                        out.append((v, (0, c), [a, TILE_TO[h]]))
            elif isinstance(a, actions.PositionLeader):
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
                    out.append((-here, (2, 0), [a, actions.Withdraw()]))
            elif isinstance(a, actions.PeasantRevolt):
                for h, x in enumerate(board):
                    if TILE <= x < LEADER:
                        v = self._removal_value(st, h, me) - 0.5
                        out.append((v, (3, 0), [a, actions.RemoveTile(h)]))
            elif isinstance(a, actions.BuildWithGreen):
                for t in queries.all_free_triangles(st):
                    v = self._triangle_value(st, t, me) - 0.4
                    out.append((v, (4, 0), [a, actions.BuildPagoda(t)]))
                for r in queries.palace_rhombi(st):
                    v = self._palace_value(st, r, me) - 0.4
                    out.append((v, (4, 0), [a, actions.BuildPalace(r)]))
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
            if seat == me and isinstance(req, Rq.ChooseAction) and steps:
                break  # the action is over: my next action is up
            if seat != me and isinstance(req, Rq.ChooseAction):
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
        discards: list[Action] = [actions.Exchange()]
        for k, c in enumerate(order[:6]):
            h[c] -= 1
            discards = [*discards, actions.DiscardTile(c)]
            value = base + future * (self._hand_value(st, me, h) + (k + 1) * mean + missing)
            if value > base + future * (now + missing):
                plan = discards + ([actions.Pass()] if k + 1 < 6 else [])
                out.append((value, self._exchange_steps(st, plan), None))
        return out

    @staticmethod
    def _exchange_steps(st: HuangState, plan: list[Action]) -> list[tuple[int, int, Action]]:
        board = hash(tuple(st.board))
        return [(st.decision + k, board, a) for k, a in enumerate(plan)]

    # --- the value of a position ---------------------------------------------------------------
