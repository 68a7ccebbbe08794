"""How the rule-based Huang bot (`bots.heuristic.huang`) values positions, tiles, leaders
and hands: the end-state valuation its plans compare (`evaluate`) and its parts."""

from __future__ import annotations

import math
from collections import Counter

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
    TILE,
    TRIANGLES,
    WHITE,
    YELLOW,
)
from engine.games.huang.state import HuangState

#: weight of the sorted final vector (lowest colour first): the score is the lowest colour,
#: the others break ties and become the lowest later
SCORE_WEIGHTS = (1.0, 0.5, 0.25, 0.1)
#: worth of a leader on the board, of a pagoda of its colour in its kingdom (1 VP a turn),
#: and the discount for one or two adjacent yellow tiles (one removal strands it)
LEADER_ON_BOARD = 1.0
LEADER_PAGODA = 0.8
LEADER_EXPOSED = (0.0, -0.25, -0.1)
#: more for a lone yellow neighbour when an opponent can pay a peasant revolt (§6.3)
LEADER_THREATENED = -0.6
#: leaders and hands are worth their future: fully with this many tiles left in the bag,
#: less and less as the bag runs out (the game ends at once, §10)
FUTURE_BAG = 40


class HuangValues:
    """The valuation methods of the Huang bot (a mixin; the bot holds its caches)."""

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
            dist = hypergeometric(total, pool[BLUE], size)
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


def hypergeometric(total: int, good: int, draws: int) -> list[float]:
    """P(k good among `draws` drawn from `total` holding `good`), k = 0..draws."""
    draws = min(draws, total)
    if total <= 0:
        return [1.0]
    denom = math.comb(total, draws)
    return [math.comb(good, k) * math.comb(total - good, draws - k) / denom
            for k in range(draws + 1)]
