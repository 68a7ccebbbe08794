"""The whole-turn search of the rule-based Dragon Castle bot (`bots.heuristic.dragon_castle`):
a depth-first search over one player's own turn on clones, memoised by what a sub-turn's
end depends on; ends of turns are valued by `dragon_castle_values`."""

from __future__ import annotations

import math
import time
from typing import Any

from bots.heuristic.dragon_castle_values import (
    CARD_HORIZON,
    END_LEAD,
    HORIZON,
    NUM_TYPES,
    SUMMON_LEAD,
    THREAT_WEIGHT,
    card_points,
    promise,
    quick_place_score,
    realm_terms,
    reply_gains,
    threat,
    turns_left,
)
from engine.games.dragon_castle.actions import (
    ActivateSpirit,
    ActivateSpiritShrine,
    BuildShrine,
    Place,
    Proceed,
    StopBuilding,
    SummonDragon,
    TakeStone,
    castle_cell_of,
)
from engine.games.dragon_castle.castle import LAYOUT_CELLS, M
from engine.games.dragon_castle.data import (
    BEAUTY,
    CHANGE,
    CUNNING,
    DECEPTION,
    DEPTHS,
    DESTRUCTION,
    DISCARD_VP,
    DRAGON_CARDS,
    ELEGANCE,
    FAITH,
    REALM_CELLS,
    STRENGTH,
    TYPE_OF,
    W3,
    W4,
    WIND_SPIRIT,
)
from engine.games.dragon_castle.heuristic import pool_worth
from engine.games.dragon_castle.realm import face_up_groups
from engine.games.dragon_castle.requests import (
    BuildShrines,
    CheckMerges,
    ChooseAction,
    FinishAction,
    PlaceTaken,
    SpiritWindow,
    StrengthTo,
    WindShrineFrom,
    WindShrineTo,
)
from engine.games.dragon_castle.state import DragonCastleState
from engine.protocol import Action

#: cells searched exactly for a single stone, the first and the second of a pair (the best
#: by `quick_place_score`)
PLACE_WIDTH = 6
PAIR_WIDTH = (5, 4)
#: spirits tried before the first stone, while finishing the take, and on the realm
FIRST_TAKE_SPIRITS = frozenset((DESTRUCTION, ELEGANCE))
TAKING_SPIRITS = frozenset((DECEPTION, DEPTHS, ELEGANCE, DESTRUCTION))
REALM_SPIRITS = frozenset((BEAUTY, WIND_SPIRIT, CHANGE, STRENGTH, FAITH, CUNNING))
#: first stones searched exactly (the best by a rough look, `TurnSearch.best_takes`)
TAKE_WIDTH = 5
#: options searched at a spirit power's decision (the best by a one-step value)
POWER_WIDTH = 2
#: face-up stones tried as payment for each spirit card (the cheapest; a pool shrine too)
PAY_WIDTH = 2
#: states searched (clones played on) per decision; past it (or past the deadline) the
#: positions not yet searched are valued as they stand
NODE_BUDGET = 800
#: a power's follow-up choice is looked at only when it has at most this many options
LOOK_LIMIT = 40
#: memo entries one search keeps (then it starts afresh)
MEMO_LIMIT = 20_000

#: power decisions that follow another one at once (valued one choice further, `look`)
POWER_FOLLOW_UPS = (StrengthTo, WindShrineFrom, WindShrineTo)


class TurnSearch:
    """Depth-first search over one player's own turn on clones (the strategy is in
    `bots.heuristic.dragon_castle`); values memoised by everything a sub-turn's end
    depends on."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.memo: dict[Any, float] = {}
        self.leaves: dict[Any, float] = {}
        self.nodes = 0
        self.budget = NODE_BUDGET
        #: past the node budget or this time (perf_counter) positions are valued as they stand
        self.deadline = math.inf
        self.stopped = False
        self.started = False
        self.root_last_round = False
        self.root_singles = 0
        self.opp_points: list[float] = []
        self.opp_promise: list[float] = []
        self.power = False
        self.reply: tuple[list[float], list[float]] = ([], [])

    def start(self, s: DragonCastleState) -> None:
        """Fix what the opponents bring to every end of this turn (my turn does not change
        their realms; Power compares realms, so it is then recomputed per leaf)."""
        self.nodes = 0
        if self.started:
            return
        self.started = True
        self.root_last_round = s.last_round
        self.root_singles = s.track_singles
        self.power = any(DRAGON_CARDS[k] == "Power" for k in s.dragon_cards)
        others = [p for p in range(s.num_players) if p != self.me]
        self.opp_points = [float(sum(s.score_parts(p).values())) for p in others]
        self.opp_promise = [promise(s, p) for p in others]
        self.reply = reply_gains(s, (self.me + 1) % s.num_players)

    # --- values ------------------------------------------------------------------------------
    def leaf(self, s: DragonCastleState) -> float:
        """(my points + promise) - (best opponent's), after my turn (rules §7 scoring);
        memoised (many lines of a turn end in the same realm)."""
        me = self.me
        b = me * REALM_CELLS
        e = b + REALM_CELLS
        key = (tuple(s.height[b:e]), tuple(s.top[b:e]), tuple(s.up[b:e]),
               tuple(s.shrine[b:e]), s.pool[me], s.vp[me], s.tokens[me], s.track_singles,
               s.last_round, sum(s.castle_h), bool(s.stack))
        known = self.leaves.get(key)
        if known is None:
            known = self.leaves[key] = self._leaf(s)
        return known

    def _leaf(self, s: DragonCastleState) -> float:
        me = self.me
        mine, mine_promise = realm_terms(s, me)
        if s.stack:
            left = turns_left(s)
            mine_factor = 0.0 if s.last_round else min(1.0, left / HORIZON)
            opp_factor = 0.5 if s.last_round else min(1.0, (left + 1.0) / HORIZON)
            early = 0.0 if s.last_round else min(1.0, left / CARD_HORIZON)
        else:
            mine_factor = opp_factor = early = 0.0
        mine += card_points(s, me, early)
        mine += mine_factor * mine_promise
        if self.power:
            others = [p for p in range(s.num_players) if p != me]
            opp_points = [float(sum(s.score_parts(p).values())) for p in others]
        else:
            opp_points = self.opp_points
        pairs = zip(opp_points, self.opp_promise, strict=True)
        best_opp = max(p + opp_factor * q for p, q in pairs)
        value = mine - best_opp
        lead = 1.0 if value > 0 else -1.0
        if s.last_round and not self.root_last_round:
            value += END_LEAD * lead
        value += SUMMON_LEAD * lead * (self.root_singles - s.track_singles)
        return value

    def key(self, s: DragonCastleState) -> Any:
        """Memo key: the pending requests, my realm and counters, and the castle's heights
        and visible stones while a take or finish is still to come (hidden stones are left
        out, so the values carry over to other samples of the same position)."""
        b = self.me * REALM_CELLS
        e = b + REALM_CELLS
        castle: Any = sum(s.castle_h)
        for req in s.stack:
            if type(req) is ChooseAction or type(req) is FinishAction:
                h, stones = s.castle_h, s.castle
                castle = tuple(stones[i * M + h[i] - 1] if h[i] else -1
                               for i in LAYOUT_CELLS[s.layout])
                break
        return (tuple(s.stack), tuple(s.height[b:e]), tuple(s.top[b:e]), tuple(s.up[b:e]),
                tuple(s.shrine[b:e]), s.pool[self.me], s.vp[self.me], s.tokens[self.me],
                s.track_singles, s.last_round, castle, tuple(s.spirit_used),
                tuple(s.merged_now), s.supply > 0, s.pair_mode, s.elegance)

    def value(self, s: DragonCastleState, placed: int = 0) -> float:
        """Best end-of-turn value reachable from `s` (my decision pending, or the turn over;
        `placed`: stones placed so far in the searched line)."""
        if not s.stack or s.current_player() != self.me:
            return self.leaf(s)
        key = self.key(s)
        known = self.memo.get(key)
        if known is not None:
            return known
        if not self.stopped and (self.nodes > self.budget or (
                time.perf_counter() > self.deadline)):
            self.stopped = True
        if self.stopped:
            return self.leaf(s)  # out of budget or time: the position as it stands
        best = -math.inf
        cands = self.candidates(s, s.legal_actions(), placed)
        self.nodes += len(cands)
        for a in cands:
            c = s.clone()
            c.apply_legal(a)
            v = self.value(c, placed + (type(a) is Place))
            if self.ends_taking(s, a):
                v -= self.reply_cost(c)
            if v > best:
                best = v
        if not self.stopped:
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
                self.leaves.clear()
            self.memo[key] = best
        return best

    def reply_cost(self, s: DragonCastleState) -> float:
        """THREAT_WEIGHT x the next player's best reply, 0 when my turn ends the game (the
        last seat in the last round, rules §7)."""
        if s.last_round and self.me == (s.first_player - 1) % s.num_players:
            return 0.0
        return THREAT_WEIGHT * threat(s, *self.reply)

    @staticmethod
    def ends_taking(s: DragonCastleState, a: Action) -> bool:
        """Does `a` end the turn's use of the castle (a finish or a summon)? It then pays
        for the next player's best reply (`threat`)."""
        t = type(a)
        return t is SummonDragon or (type(s.stack[-1]) is FinishAction
                                     and t is not ActivateSpirit
                                     and t is not ActivateSpiritShrine)

    def root_values(self, s: DragonCastleState, legal: list,
                    deadline: float = math.inf) -> list[float]:
        """The value of every legal action (the pruned ones: below every searched one, in
        their quick order); past `deadline` the positions not yet searched are valued as
        they stand."""
        self.start(s)
        self.deadline = deadline
        self.stopped = False
        cands = self.candidates(s, legal, root=True)
        rank = {a: i for i, a in enumerate(cands)}
        searched: dict[Action, float] = {}
        for a in cands:
            c = s.clone()
            c.apply_legal(a)
            searched[a] = self.value(c, int(type(a) is Place))
            if self.ends_taking(s, a):
                searched[a] -= self.reply_cost(c)
        floor = min(searched.values()) - 1.0 if searched else 0.0
        out = []
        for a in legal:
            if a in searched:
                out.append(searched[a])
            else:
                out.append(floor - 1e-3 * rank.get(a, len(legal)))
        return out

    # --- what to search ----------------------------------------------------------------------
    def candidates(self, s: DragonCastleState, legal: list, placed: int = 0,
                   root: bool = False) -> list:
        """The options searched at this decision, best guess first (Proceed and Stop first,
        so a tie keeps a spirit or shrine for later). Spirit activations only at the
        decision being taken (`root`): deeper in the search the windows are passed, so a
        spirit is weighed when its window comes, against the rest of the turn."""
        if len(legal) <= 1:
            return legal
        req = s.stack[-1]
        t = type(req)
        if t is PlaceTaken:
            if sum(type(r) is PlaceTaken for r in s.stack) > 1:
                width = PAIR_WIDTH[0]
            else:
                width = PAIR_WIDTH[1] if placed else PLACE_WIDTH
            scored = sorted(((quick_place_score(s, self.me, a.r * 6 + a.c, req.stone), i)
                             for i, a in enumerate(legal)), key=lambda x: (-x[0], x[1]))
            return [legal[i] for _, i in scored[:width]]
        if t is BuildShrines:
            b = self.me * REALM_CELLS
            builds = [a for a in legal if type(a) is BuildShrine]
            builds.sort(key=lambda a: -s.height[b + a.r * 6 + a.c])
            return builds + [a for a in legal if type(a) is StopBuilding]
        if t is ChooseAction or t is FinishAction or t is SpiritWindow:
            plain = [a for a in legal if type(a) not in (ActivateSpirit, ActivateSpiritShrine)]
            plain.sort(key=lambda a: type(a) is not Proceed)
            if t is ChooseAction:
                plain = self.best_takes(s, plain)
            return plain + self.payments(s, legal) if root else plain
        return self.power_options(s, legal)

    def best_takes(self, s: DragonCastleState, plain: list) -> list:
        """The TAKE_WIDTH first stones worth most by a rough look (`reply_gains` for my
        realm: the stone alone with a shrine, or as a pair when an identical stone is
        available), then the summon."""
        takes = [a for a in plain if type(a) is TakeStone]
        if len(takes) <= TAKE_WIDTH:
            return plain
        one, two = reply_gains(s, self.me)
        h, castle = s.castle_h, s.castle
        avail: dict[int, int] = {}
        for i in LAYOUT_CELLS[s.layout]:
            level = h[i]
            if level and (h[i - 1] < level or h[i + 1] < level):
                k = castle[i * M + level - 1]
                avail[k] = avail.get(k, 0) + 1
        shrine = pool_worth(s.pool[self.me] + 1) - pool_worth(s.pool[self.me])
        scored = []
        for n, a in enumerate(takes):
            i = castle_cell_of(a)
            k = castle[i * M + h[i] - 1]
            kind = TYPE_OF[k]
            v = max(float(DISCARD_VP), one[kind] + (shrine if s.supply else 0.0))
            if avail.get(k, 0) > 1:
                v = max(v, two[kind])
            scored.append((-v, n))
        scored.sort()
        return [takes[n] for _, n in scored[:TAKE_WIDTH]] + [
            a for a in plain if type(a) is not TakeStone]

    def payments(self, s: DragonCastleState, legal: list) -> list:
        """Per spirit card worth trying here (`TAKING_SPIRITS` before and during the take,
        the others in the window before the merge check and at the end of the turn): the
        pool-shrine payment and the PAY_WIDTH face-up stones whose groups are smallest
        (lowest stacks first)."""
        req = s.stack[-1]
        if type(req) is ChooseAction:
            wanted = FIRST_TAKE_SPIRITS
        elif type(req) is FinishAction:
            wanted = TAKING_SPIRITS
        elif (req.window == W3 and type(s.stack[-2]) is CheckMerges) or (
                req.window == W4 and len(s.stack) == 1):
            wanted = REALM_SPIRITS
        else:
            return []
        cards = s.spirit_cards
        legal = [a for a in legal if type(a) in (ActivateSpirit, ActivateSpiritShrine)
                 and cards[a.card] in wanted]
        b = self.me * REALM_CELLS
        size: dict[int, int] = {}
        kinds = [0] * NUM_TYPES
        for comp in face_up_groups(s, self.me):
            kinds[TYPE_OF[s.top[b + comp[0]]]] += len(comp)
            for c in comp:
                size[c] = len(comp)
        out: list = []
        per_card: dict[int, list] = {}
        for a in legal:
            if type(a) is ActivateSpiritShrine:
                out.append(a)
            elif type(a) is ActivateSpirit:
                per_card.setdefault(a.card, []).append(a)
        for acts in per_card.values():
            acts.sort(key=lambda a: (size.get(a.r * 6 + a.c, 1),
                                     kinds[TYPE_OF[s.top[b + a.r * 6 + a.c]]],
                                     s.height[b + a.r * 6 + a.c]))
            out += acts[:PAY_WIDTH]
        return out

    def look(self, s: DragonCastleState, asked: type) -> float:
        """Value right after a power's choice, or after the best next choice when the power
        asks again at once (Strength: the cell after the stone, Wind: where the shrine
        goes)."""
        if not s.stack or s.current_player() != self.me:
            return self.leaf(s)
        req = s.stack[-1]
        if type(req) is asked or type(req) not in POWER_FOLLOW_UPS:
            return self.leaf(s)
        best = -math.inf
        legal = s.legal_actions()
        self.nodes += len(legal)
        if len(legal) > LOOK_LIMIT:
            return self.leaf(s)
        for a in legal:
            c = s.clone()
            c.apply_legal(a)
            best = max(best, self.leaf(c))
        return best

    def power_options(self, s: DragonCastleState, legal: list) -> list:
        """A power's choices: all when few, else the POWER_WIDTH best by the value of the
        position right after the choice."""
        if len(legal) <= POWER_WIDTH:
            return legal
        self.nodes += len(legal)
        scored = []
        for i, a in enumerate(legal):
            c = s.clone()
            c.apply_legal(a)
            scored.append((-self.look(c, type(s.stack[-1])), i))
        scored.sort()
        return [legal[i] for _, i in scored[:POWER_WIDTH]]
