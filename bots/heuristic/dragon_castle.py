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
from bots.base import Bot
from engine.common.rng import derive_seed
from engine.games.dragon_castle.actions import (
    ActivateSpirit,
    ActivateSpiritShrine,
    BuildShrine,
    DiscardStone,
    Pair,
    Place,
    Proceed,
    StoneAndShrine,
    StopBuilding,
    SummonDragon,
    TakeStone,
    castle_cell_of,
)
from engine.games.dragon_castle.castle import LAYOUT_CELLS, M
from engine.games.dragon_castle.data import (
    BEAUTY,
    CHANGE,
    COUNTDOWN_TOKEN_VP,
    CUNNING,
    DECEPTION,
    DEPTHS,
    DESTRUCTION,
    DISCARD_VP,
    DRAGON,
    DRAGON_CARDS,
    DRAGON_SET_BONUS,
    ELEGANCE,
    FAITH,
    MIN_SET,
    REALM_CELLS,
    REALM_NB,
    SHRINE_VALUE_BY_HEIGHT,
    SPECIALS,
    STRENGTH,
    TYPE_OF,
    TYPES,
    W3,
    W4,
    WIND_SPIRIT,
    merge_points,
)
from engine.games.dragon_castle.heuristic import CRAMPED, GROUP_WORTH, pool_worth
from engine.games.dragon_castle.observe import DragonCastleObservation
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
from engine.games.dragon_castle.scoring import dragon_points
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
#: searches (with their memos) kept for recently seen positions
KEPT_SEARCHES = 32
#: memo entries one search keeps (then it starts afresh)
MEMO_LIMIT = 20_000
#: share of the time left for a decision (if the harness gives one) the search may use
TIME_SHARE = 0.25
#: a player's promise (pool shrines, open groups) counts fully with this many own turns left
HORIZON = 3.0
#: weight of a dragon card's current points with CARD_HORIZON or more own turns left (1 at
#: the end); Harmony's symmetry is broken by almost any stone, so it counts only late
EARLY_CARD_WEIGHT = {"": 0.6, "Harmony": 0.0, "Peace": 0.3, "Knowledge": 0.5}
CARD_HORIZON = 8.0
#: stones a turn takes from the castle on average (for the turns left)
STONES_PER_TURN = 1.5
#: value of ending the game (taking the last single countdown token) while ahead / behind
END_LEAD = 1.0
#: a countdown token taken while ahead also hastens the end
SUMMON_LEAD = 0.5
#: share of the next player's best reply (`threat`) counted against a turn
THREAT_WEIGHT = 0.5
#: rough worth of a shrine a merge lets one build, and of a summon, for `threat`
SHRINE_GUESS = 1.5
SUMMON_GUESS = 2.0


def promise(s: DragonCastleState, seat: int) -> float:
    """Likely worth of the unbuilt pool shrines and of the face-up groups short of a merge
    (heuristic.estimate's terms without the score)."""
    return realm_terms(s, seat)[1]


def realm_terms(s: DragonCastleState, seat: int) -> tuple[float, float]:
    """(points, promise) of a realm: points = VP, built shrines and countdown tokens (rules
    §7, without dragon cards) and the VP of sets still to merge; promise as in `promise`.
    One pass over the realm."""
    base = seat * REALM_CELLS
    height, top, up, shrine = s.height, s.top, s.up, s.shrine
    points = s.vp[seat] + COUNTDOWN_TOKEN_VP * s.tokens[seat]
    total = pool_worth(s.pool[seat])
    seen = [False] * REALM_CELLS
    for i in range(REALM_CELLS):
        j = base + i
        if shrine[j]:
            points += SHRINE_VALUE_BY_HEIGHT[min(height[j], 3)]
        if seen[i] or not up[j]:
            continue
        kind = TYPE_OF[top[j]]
        seen[i] = True
        comp, stack = [i], [i]
        while stack:
            c = stack.pop()
            for k in REALM_NB[c]:
                if not seen[k] and up[base + k] and TYPE_OF[top[base + k]] == kind:
                    seen[k] = True
                    comp.append(k)
                    stack.append(k)
        n = len(comp)
        if n >= MIN_SET:  # only halfway through a turn: it will be merged (§6.3)
            points += merge_points(n) + (DRAGON_SET_BONUS if kind == DRAGON else 0)
            continue
        room = False
        for c in comp:
            for k in REALM_NB[c]:
                jk = base + k
                if not height[jk] or not (up[jk] or shrine[jk]):
                    room = True
                    break
            if room:
                break
        total += GROUP_WORTH[n] * (1.0 if room else CRAMPED)
    return float(points), total


def card_points(s: DragonCastleState, seat: int, early: float = 0.0) -> float:
    """Rules §9: the dragon cards' points of `seat` now, each weighted by how long they
    are likely to last: fully at the end (`early` = 0), by EARLY_CARD_WEIGHT at `early` = 1
    (many turns left: a symmetric realm now says little about the end)."""
    if not s.dragon_cards:
        return 0.0
    realms = s.realms()
    total = 0.0
    for k in s.dragon_cards:
        name = DRAGON_CARDS[k]
        weight = EARLY_CARD_WEIGHT.get(name, EARLY_CARD_WEIGHT[""])
        total += (1.0 - (1.0 - weight) * early) * dragon_points(name, realms, seat)
    return total


def turns_left(s: DragonCastleState) -> float:
    """Own turns each player still has, roughly: the castle's stones at STONES_PER_TURN a
    turn; once summoning is legal (§6.1d) at most the single countdown tokens left plus 2."""
    n = s.num_players
    left = sum(s.castle_h) / STONES_PER_TURN / n
    if max(s.castle_h) <= 1:
        left = min(left, s.track_singles + 2.0)
    return left


def quick_place_score(s: DragonCastleState, seat: int, cell: int, stone: int) -> float:
    """Cheap ordering of the cells for a stone (the search values the best exactly): the
    size of the group it joins (a merge most), stacking on face-down stones, crowding."""
    base = seat * REALM_CELLS
    kind = TYPE_OF[stone]
    up, top = s.up, s.top
    seen = {cell}
    stack = [cell]
    crowd = 0
    while stack:
        j = stack.pop()
        for k in REALM_NB[j]:
            if k in seen or not up[base + k]:
                continue
            if TYPE_OF[top[base + k]] == kind:
                seen.add(k)
                stack.append(k)
            elif j == cell:
                crowd += 1
    n = len(seen)
    score = 10.0 + n if n >= MIN_SET else float(n)
    if s.height[base + cell]:
        score += 0.5
    return score - 0.3 * crowd


def reply_gains(s: DragonCastleState, seat: int) -> tuple[list[float], list[float]]:
    """Per stone type, a rough worth to `seat` of one stone and of two identical stones of
    that type placed at best (a merge: its VP, dragon bonus and shrines; else the growth
    of the groups it joins)."""
    base = seat * REALM_CELLS
    comps = face_up_groups(s, seat)
    comp_of: dict[int, int] = {}
    for i, comp in enumerate(comps):
        for c in comp:
            comp_of[c] = i
    kinds = [TYPE_OF[s.top[base + comp[0]]] for comp in comps]
    one = [0.3] * NUM_TYPES
    two = [1.0] * NUM_TYPES
    height, up, shrine = s.height, s.up, s.shrine
    for c in range(REALM_CELLS):
        j = base + c
        if height[j] and (up[j] or shrine[j]):
            continue
        joined: dict[int, set[int]] = {}
        for k in REALM_NB[c]:
            i = comp_of.get(k)
            if i is not None and len(comps[i]) < MIN_SET:
                joined.setdefault(kinds[i], set()).add(i)
        for kind, ids in joined.items():
            n = 1 + sum(len(comps[i]) for i in ids)
            before = sum(GROUP_WORTH[len(comps[i])] for i in ids)
            g1, g2 = merge_gain(n, kind, before), merge_gain(n + 1, kind, before)
            if g1 > one[kind]:
                one[kind] = g1
            if max(g2, g1 + 0.3) > two[kind]:
                two[kind] = max(g2, g1 + 0.3)
    return one, two


def merge_gain(n: int, kind: int, before: float) -> float:
    """Rough worth of a group of n stones of `kind` made by a placement (see reply_gains)."""
    if n < MIN_SET:
        return GROUP_WORTH[n] - before
    special = kind in SPECIALS
    return merge_points(n) + (DRAGON_SET_BONUS if kind == DRAGON else 0) + (
        2 * SHRINE_GUESS if special else SHRINE_GUESS) - before


def threat(s: DragonCastleState, one: list[float], two: list[float]) -> float:
    """The next player's best take in the castle I leave (rules §6.1): a top-level
    available stone (a pair if an identical stone is available), a discard or a summon."""
    h, castle = s.castle_h, s.castle
    t = max(h)
    if t == 0:
        return SUMMON_GUESS
    best = SUMMON_GUESS if t <= 1 else float(DISCARD_VP)
    avail: dict[int, int] = {}
    firsts = []
    for i in LAYOUT_CELLS[s.layout]:
        level = h[i]
        if level and (h[i - 1] < level or h[i + 1] < level):
            k = castle[i * M + level - 1]
            avail[k] = avail.get(k, 0) + 1
            if level == t:
                firsts.append(k)
    for k in firsts:
        v = two[TYPE_OF[k]] if avail[k] > 1 else one[TYPE_OF[k]]
        if v > best:
            best = v
    return best


NUM_TYPES = len(TYPES)
#: power decisions that follow another one at once (valued one choice further, `look`)
POWER_FOLLOW_UPS = (StrengthTo, WindShrineFrom, WindShrineTo)


class TurnSearch:
    """Depth-first search over one player's own turn on clones (see the module docstring);
    values memoised by everything a sub-turn's end depends on."""

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


def quick_values(obs: DragonCastleObservation) -> list[float]:
    """One-step values without search: a take by `TurnSearch.best_takes`' rough look, a
    finish by the rough worth of its stones, a cell by `quick_place_score`, a shrine by
    the height it stands on; Proceed, Stop and the first option of anything else first."""
    legal = obs.legal_actions
    if len(legal) <= 1:
        return [0.0] * len(legal)
    state = engine.sample_state(obs, 0)
    req = state.stack[-1]
    me = obs.seat
    t = type(req)
    if t is PlaceTaken:
        return [quick_place_score(state, me, a.r * 6 + a.c, req.stone)
                if type(a) is Place else -1e9 for a in legal]
    if t is BuildShrines:
        b = me * REALM_CELLS
        return [float(state.height[b + a.r * 6 + a.c]) if type(a) is BuildShrine else -1.0
                for a in legal]
    if t is ChooseAction or t is FinishAction:
        one, two = reply_gains(state, me)
        shrine = 0.9 if state.supply else 0.0
        out = []
        for a in legal:
            ta = type(a)
            if ta is TakeStone:
                k = state.castle[castle_cell_of(a) * M + state.castle_h[castle_cell_of(a)] - 1]
                out.append(max(1.0, one[TYPE_OF[k]] + shrine))
            elif ta is SummonDragon:
                out.append(2.0)
            elif ta is Pair:
                out.append(two[TYPE_OF[req.stone]])
            elif ta is StoneAndShrine:
                out.append(one[TYPE_OF[req.stone]] + shrine)
            elif ta is DiscardStone:
                out.append(1.0)
            else:
                out.append(-1.0)
        return out
    return [1.0 if type(a) is Proceed or type(a) is StopBuilding else 0.0 for a in legal]


class HeuristicBot(Bot):
    """Whole-turn planner; see the module docstring for the strategy."""

    name = "heuristic:dragon_castle"

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
