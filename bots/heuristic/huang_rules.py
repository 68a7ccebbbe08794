"""The rule-based Huang bot's answers inside an action (`respond`): hexes, targets,
buildings, market picks, discards, revolt and war commitments, by cheap static rules."""

from __future__ import annotations

import math

from bots.heuristic.huang_values import HuangValues, hypergeometric
from engine.games.huang import actions, queries
from engine.games.huang import requests as Rq
from engine.games.huang.data import (
    BLUE,
    PAGODA_COLOUR,
    RHOMBI,
    TILE,
    TRIANGLES,
    YELLOW,
)
from engine.games.huang.state import HuangState
from engine.protocol import Action

#: a revolt won is worth this much to the attacker; one committed yellow tile costs this
REVOLT_STAKE = 2.5
YELLOW_COST = 0.35


class HuangRules(HuangValues):
    """The sub-decision rules of the Huang bot (a mixin)."""

    def respond(self, s: HuangState, legal: list, me: int) -> Action:
        """A cheap answer to the pending request of seat `me` (used for every seat in the
        planning clones, and when a plan does not cover the request)."""
        req = s.stack[-1]
        best: Action | None = None
        if isinstance(req, Rq.ChooseAction):
            best = self._choose_action_static(s, legal, me)
        elif isinstance(req, Rq.ChooseTileHex):
            view = self._view(s)
            best = max(legal, key=lambda a: self._tile_value(s, req.colour, a.hex, me, view))
        elif isinstance(req, Rq.ChooseChain):
            cands = [a for a in legal if isinstance(a, actions.ChainTo)]
            if cands:
                view = self._view(s)
                a = max(cands, key=lambda a: self._tile_value(s, BLUE, a.hex, me, view))
                if self._tile_value(s, BLUE, a.hex, me, view) > 0:
                    best = a
            best = best or actions.Pass()
        elif isinstance(req, Rq.ChooseLeaderHex):
            i = me * 5 + req.colour
            cands = [a for a in legal if isinstance(a, actions.LeaderTo)]
            view = self._view(s)
            best = (max(cands, key=lambda a: self._leader_value(s, i, a.hex, view))
                    if cands else None)
        elif isinstance(req, Rq.ChooseMarketTile):
            best = self._market(s, legal, me)
        elif isinstance(req, (Rq.ChooseBuilding, Rq.ChooseTriangle)):
            best = self._building(s, legal, me)
        elif isinstance(req, Rq.ChoosePagodaToMove):
            best = min(legal, key=lambda a: self._pagoda_stake(s, a.pagoda, me))
        elif isinstance(req, Rq.ChooseSubstitute):
            best = actions.UseLeader(True)
        elif isinstance(req, Rq.ChooseRevoltTarget):
            best = max(legal, key=lambda a: self._removal_value(s, a.hex, me))
        elif isinstance(req, Rq.ChooseDiscard):
            best = self._discard(s, legal, me)
        elif isinstance(req, Rq.CommitRevolt):
            best = self.revolt_commit(s, legal, me)
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
            best = min(legal, key=lambda a: (a.hex in under, a.hex))
        if best is None or best not in legal:
            best = legal[0]
        return best

    def _choose_action_static(self, s: HuangState, legal: list, me: int) -> Action:
        """Fallback when no plan was found: the first legal placement, else any action."""
        for a in legal:
            if isinstance(a, actions.PlaceTile):
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
        hand = s.hands[me * 5:me * 5 + 5]
        return max(takes, key=lambda a: self._tile_worth(s, me, a.colour, hand[a.colour] + 1))

    def _discard(self, s: HuangState, legal: list, me: int) -> Action:
        if actions.Pass() in legal:
            return actions.Pass()
        hand = s.hands[me * 5:me * 5 + 5]
        return min((a for a in legal if isinstance(a, actions.DiscardTile)),
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
            return actions.CommitTiles(need if need <= have and need <= 4 else 0)
        d = rv.defender // 5
        pool = self._unseen(s, me)
        size = sum(s.hands[d * 5:d * 5 + 5])
        dist = hypergeometric(sum(pool), pool[YELLOW], size)
        best, best_v = 0, -math.inf
        for x in range(have + 1):
            margin = att + x - dfn  # the defender holds with up to margin yellow tiles
            p_win = sum(q for k, q in enumerate(dist) if k < margin)
            v = p_win * REVOLT_STAKE - x * YELLOW_COST
            if v > best_v + 1e-9:
                best, best_v = x, v
        return actions.CommitTiles(best)

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


