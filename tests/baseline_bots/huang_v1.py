"""Huang rule-based bot, v1 baseline: an exact copy of `heuristic:huang` before issue 22,
kept for comparisons (spec `python:tests.baseline_bots.huang_v1:HeuristicBot`).

Strategy (it sees only its Observation; a determinized state from `engine.sample_state`
gives it the engine's group labels, never the hidden truth):

1. Get leaders onto the board early: an off-board leader goes next to yellow tiles in the
   largest kingdom without a leader of its colour (more adjacent yellow = safer in a
   revolt). Start a revolt only with a clear yellow advantage.
2. Otherwise place the tile that earns the most weighted VP: a point counts more in my
   weakest colour (the final score is the weakest colour), white counts as a wildcard,
   and points handed to opponents count against the move. Avoid starting wars unless my
   side is clearly stronger; build every pagoda that my own leader will score; continue
   blue chains while they pay.
3. Conflicts: as defender commit just enough yellow to hold (ties win), as attacker commit
   everything; in wars back the party holding my leaders with enough red to lead, pass
   when I have no stake; break ties for my party; strip winner tiles away from pagodas.
4. Take market tiles in the colours my leaders score; exchange only when nothing else helps;
   build the palace where my yellow leader rules and then keep 7 tiles; always collect
   granaries.
"""

from __future__ import annotations

import random

from bots.search_hints import HintedBot
from engine.games.huang import actions, queries
from engine.games.huang import requests as Rq
from engine.games.huang.data import (
    BANDIT_COUNT,
    BLUE,
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
from engine.games.huang.state import HuangObservation, HuangState
from engine.protocol import Action, Observation


class HeuristicBot(HintedBot):
    """Greedy rule-based player following the strategy in the module docstring."""

    name = "heuristic:huang"

    def __init__(self) -> None:
        self.rng = random.Random(0)
        self.seat = 0

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seat = seat

    # --- evaluation helpers ----------------------------------------------------------------
    def _weights(self, s: HuangState, p: int) -> list[float]:
        """Value of one more VP of each colour for seat p (weakest colours count most)."""
        v = s.vp[p * 5:p * 5 + 4]
        lo = min(v)
        w = [1.0 / (1.0 + 0.7 * (x - lo)) for x in v]
        w.append(0.9)  # white: a wildcard for the weakest colour
        return w

    def _gain(self, s: HuangState, seat: int, colour: int, me: int) -> float:
        if seat < 0:
            return 0.0
        if seat == me:
            return self._weights(s, me)[colour]
        opp = 0.7 if s.num_players == 2 else 0.4
        return -opp * self._weights(s, seat)[colour]

    def _adjacent_leaders(self, s: HuangState, h: int) -> list[int]:
        labels = {s.labels[n] for n in NEIGHBOURS[h]}
        labels.discard(-1)
        return [i for i, pos in enumerate(s.leaders) if pos >= 0 and s.labels[pos] in labels]

    def _tile_value(self, s: HuangState, colour: int, h: int, me: int) -> float:
        board = s.board
        for n in NEIGHBOURS[h]:
            if board[n]:
                break
        else:
            return 0.0  # an isolated tile: no kingdom, no triangle, no conflict
        if s.bandits and queries.bandit_status(s, h) == queries.BANDIT_FIGHT:
            return self._bandit_value(s, h, me)
        war = queries.war_parties(s, h)
        if war is not None:
            return self._war_value(s, h, war[0], me)
        leaders = self._adjacent_leaders(s, h)
        owner = -1
        for i in leaders:
            if i % 5 == colour:
                owner = i // 5
                break
            if i % 5 == YELLOW:
                owner = i // 5
        value = self._gain(s, owner, colour, me)
        # a triangle we could crown with a pagoda our leader scores every turn
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
        if colour == YELLOW:  # yellow tiles strengthen my leaders next to them
            value += 0.05 * sum(1 for n in NEIGHBOURS[h] if s.board[n] >= LEADER
                                and (s.board[n] - LEADER) // 5 == me)
        return value

    def _bandit_value(self, s: HuangState, h: int, me: int) -> float:
        """§11.1: the red leader's owner gains N red VP; the kingdom loses N red tiles."""
        groups = queries.bandit_groups(s, s.labels)
        near = {s.labels[n] for n in NEIGHBOURS[h]}
        n = max(BANDIT_COUNT[b] for lb in near for b in groups.get(lb, ()))
        owner = next((i // 5 for i in self._adjacent_leaders(s, h) if i % 5 == RED), -1)
        return n * self._gain(s, owner, RED, me) - 0.1 * n

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

    def _leader_value(self, s: HuangState, i: int, t: int) -> float:
        me, colour = divmod(i, 5)
        labels = {s.labels[n] for n in NEIGHBOURS[t]}
        labels.discard(-1)
        size = sum(1 for x in s.labels if x in labels)
        others = [j for j, pos in enumerate(s.leaders)
                  if pos >= 0 and j != i and s.labels[pos] in labels]
        yellow = queries.yellow_adjacent(s.board, t)
        value = 0.9 + 0.04 * min(size, 20) + 0.1 * yellow
        rival = [j for j in others if j % 5 == colour]
        if rival:
            j = rival[0]
            mine = yellow + s.hands[me * 5 + YELLOW]
            if colour != YELLOW and s.leaders[me * 5 + YELLOW] < 0:
                mine += 1
            theirs = queries.yellow_adjacent(s.board, s.leaders[j]) + 2
            return 1.2 if mine > theirs else -1.0
        for k, tri in enumerate(s.pagodas):
            if tri >= 0 and PAGODA_COLOUR[k] == colour and s.labels[TRIANGLES[tri][0]] in labels:
                value += 1.0
        if colour == YELLOW:
            value += 0.1 * sum(1 for j in others if j // 5 != me)
        return value

    # --- decisions -------------------------------------------------------------------------
    def act(self, observation: Observation, time_left: float | None) -> Action:
        obs = observation
        assert isinstance(obs, HuangObservation)
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        s = HuangState.sample(obs, self.rng.getrandbits(32))
        assert isinstance(s, HuangState)
        me = obs.seat
        req = obs.stack[-1]
        best: Action | None = None
        if isinstance(req, Rq.ChooseAction):
            best = self._choose_action(s, legal, me)
        elif isinstance(req, Rq.ChooseTileHex):
            best = max(legal, key=lambda a: self._tile_value(s, req.colour, a.hex, me))
        elif isinstance(req, Rq.ChooseChain):
            cands = [a for a in legal if isinstance(a, actions.ChainTo)]
            if cands:
                a = max(cands, key=lambda a: self._tile_value(s, BLUE, a.hex, me))
                if self._tile_value(s, BLUE, a.hex, me) > 0:
                    best = a
            best = best or actions.Pass()
        elif isinstance(req, Rq.ChooseLeaderHex):
            i = me * 5 + req.colour
            cands = [a for a in legal if isinstance(a, actions.LeaderTo)]
            best = max(cands, key=lambda a: self._leader_value(s, i, a.hex)) if cands else None
        elif isinstance(req, Rq.ChooseMarketTile):
            best = self._market(s, legal, me)
        elif isinstance(req, (Rq.ChooseBuilding, Rq.ChooseTriangle)):
            best = self._building(s, legal, me)
        elif isinstance(req, Rq.ChooseSubstitute):
            best = actions.UseLeader(True)
        elif isinstance(req, Rq.ChooseRevoltTarget):
            best = max(legal, key=lambda a: self._removal_value(s, a.hex, me))
        elif isinstance(req, Rq.ChooseDiscard):
            best = self._discard(s, legal, me)
        elif isinstance(req, Rq.CommitRevolt):
            best = self._revolt_commit(s, legal, me)
        elif isinstance(req, Rq.ChooseSupport):
            best = self._support(s, legal, me)
        elif isinstance(req, Rq.CommitWarTiles):
            best = self._war_tiles(s, legal, me, req.party)
        elif isinstance(req, Rq.CommitWarLeader):
            best = actions.CommitRedLeader(True)
        elif isinstance(req, Rq.ChooseWarWinner):
            best = max(legal, key=lambda a: self._party_stake(s, a.party, me))
        elif isinstance(req, Rq.ChooseGranary):
            best = next(a for a in legal if isinstance(a, actions.KeepGranary))
        elif isinstance(req, Rq.ChooseRefill):
            best = actions.RefillTo(7)  # §11.3: a 7th tile is one more option every turn
        elif isinstance(req, (Rq.RemoveWinnerTile, Rq.RemoveBanditLoss)):
            under = queries.supported_hexes(s)
            best = min(legal, key=lambda a: (a.hex in under, self.rng.random()))
        if best is None or best not in legal:
            best = self.rng.choice(legal)
        return best

    def _choose_action(self, s: HuangState, legal: list, me: int) -> Action:
        options: list[tuple[float, Action]] = []
        for a in legal:
            if isinstance(a, actions.PlaceTile):
                hexes = queries.tile_hexes(s, a.colour)
                v = max(self._tile_value(s, a.colour, h, me) for h in hexes)
                options.append((v, a))
            elif isinstance(a, actions.PositionLeader):
                i = me * 5 + a.colour
                if s.leaders[i] >= 0:
                    continue
                hexes = queries.leader_targets(s, i)
                if hexes:
                    options.append((max(self._leader_value(s, i, t) for t in hexes), a))
            elif isinstance(a, actions.BuildWithGreen):
                v = max((self._triangle_value(s, t, me) for t in queries.all_free_triangles(s)),
                        default=0.0)
                options.append((v - 0.4, a))
            elif isinstance(a, actions.PeasantRevolt):
                board = s.board
                v = max(self._removal_value(s, h, me) for h in range(len(board))
                        if TILE <= board[h] < LEADER)
                options.append((v - 0.5, a))
            elif isinstance(a, actions.Exchange):
                options.append((-0.3, a))
        if not options:
            return self.rng.choice(legal)
        return max(options, key=lambda x: x[0])[1]

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
        palaces = [a for a in legal if isinstance(a, actions.BuildPalace)]
        if palaces:
            a = max(palaces, key=lambda a: self._palace_value(s, a.rhombus, me))
            if self._palace_value(s, a.rhombus, me) > 0:
                return a
        builds = [a for a in legal if isinstance(a, actions.BuildPagoda)]
        if builds:
            a = max(builds, key=lambda a: self._triangle_value(s, a.triangle, me))
            if self._triangle_value(s, a.triangle, me) > 0 or actions.Pass() not in legal:
                return a
        return actions.Pass()

    def _market(self, s: HuangState, legal: list, me: int) -> Action:
        takes = [a for a in legal if isinstance(a, actions.TakeFromMarket)]
        if not takes:
            return actions.Pass()
        w = self._weights(s, me)

        def value(a: actions.TakeFromMarket) -> float:
            c = a.colour
            v = w[c] if c != WHITE else 0.5
            if s.leaders[me * 5 + c] >= 0:
                v += 0.5
            if c == RED:
                v += 0.2
            return v

        return max(takes, key=value)

    def _removal_value(self, s: HuangState, h: int, me: int) -> float:
        """Peasant revolt target: strand opponent leaders, spare mine."""
        value = 0.0
        if s.board[h] == TILE + YELLOW:
            for n in NEIGHBOURS[h]:
                x = s.board[n]
                if x >= LEADER and queries.yellow_adjacent(s.board, n) == 1:
                    value += -1.0 if (x - LEADER) // 5 == me else 1.0
        return value + 0.01 * self.rng.random()

    def _discard(self, s: HuangState, legal: list, me: int) -> Action:
        if actions.Pass() in legal:
            return actions.Pass()
        hand = s.hands[me * 5:me * 5 + 5]
        return max((a for a in legal if isinstance(a, actions.DiscardTile)),
                   key=lambda a: hand[a.colour])

    def _revolt_commit(self, s: HuangState, legal: list, me: int) -> Action:
        rv = s.revolt
        assert rv is not None
        have = max(a.count for a in legal)
        if rv.attacker // 5 == me:
            return actions.CommitTiles(have)
        att, dfn = queries.revolt_strengths(rv)
        need = max(0, att - dfn)
        return actions.CommitTiles(need if need <= have else 0)

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
            return actions.Pass()
        return actions.SupportParty(stakes.index(max(stakes)))

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
                return actions.CommitTiles(c)
        return actions.CommitTiles(counts[0])

