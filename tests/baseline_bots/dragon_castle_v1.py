"""The v1 baseline of the rule-based Dragon Castle bot (`heuristic:dragon_castle` before
issue 22), kept unchanged for comparisons: spec
`python:tests.baseline_bots.dragon_castle_v1:HeuristicBot`.

Strategy (greedy, one decision at a time, from the observation only):
1. Placement: put a stone where it joins face-up stones of its type; value a cell by the
   merge it completes (set VP, dragon bonus, shrines it lets me build, valued by stack
   height) or by how much closer it brings a group to 4 (a group of 3 with room to grow is
   worth most). Prefer stacking on face-down stones (higher shrines later) and avoid
   crowding other groups.
2. Action: for each available top-level stone, value its best finish: Pair (two
   placements), Stone and shrine (placement + a pool shrine), or Discard (1 VP). Summon the
   dragon (2 VP) when it beats every take: favoured when ahead by 3+ (it hastens the end),
   disfavoured when behind, never when it would start the last round while behind.
3. Finishing: same values as in 2 with the stone actually taken.
4. Shrines: always build, on the highest stacks of the merged set.
5. Spirit cards (options; each card in play on its own): Cunning, Beauty, Change and Faith
   are activated when a one-ply look-ahead (on a sampled state, paying a pool shrine or a
   lone face-up stone, then choosing the power's options greedily) raises my estimate by
   0.5; other spirits are never activated (the bot proceeds in spirit windows).
"""

from __future__ import annotations

import engine
from bots.search_hints import HintedBot
from engine.games.dragon_castle.actions import (
    ActivateSpirit,
    ActivateSpiritShrine,
    BuildShrine,
    DiscardStone,
    Pair,
    Place,
    Proceed,
    StoneAndShrine,
    SummonDragon,
    TakeStone,
)
from engine.games.dragon_castle.data import (
    BEAUTY,
    CASTLE_COLS,
    CHANGE,
    CUNNING,
    DRAGON,
    FAITH,
    IS_SPECIAL,
    REALM_CELLS,
    REALM_NB,
    TYPE_OF,
    merge_points,
    shrine_value,
)
from engine.games.dragon_castle.heuristic import estimate
from engine.games.dragon_castle.requests import (
    BeautyMerge,
    BuildShrines,
    ChangeRequest,
    CunningMerge,
    FaithShrine,
)
from engine.games.dragon_castle.state import DragonCastleObservation, DragonCastleState
from engine.protocol import Action

#: worth of a face-up group of n < 4 stones of one type (with room to grow)
GROUP_WORTH = (0.0, 0.3, 1.0, 2.4)
POOL_SHRINE = 1.5
#: extra worth of realising a merge now (a 3-group's promise is not yet points)
MERGE_BONUS = 0.5


def next_shrine_worth(pool: int) -> float:
    """Worth of one more pool shrine: high while the pool is small (merges build 1-2)."""
    return POOL_SHRINE if pool < 2 else 0.7 if pool < 4 else 0.1
DISCARD = 1.0
SUMMON = 2.0
#: spirits this bot activates, the decisions their powers ask for, and the gain it wants
MERGING_SPIRITS = frozenset((CUNNING, BEAUTY, CHANGE, FAITH))
POWER_STEPS = (CunningMerge, BeautyMerge, ChangeRequest, FaithShrine, BuildShrines)
POWER_PHASES = ("cunning", "beauty", "change", "faith")
MIN_SPIRIT_GAIN = 0.5


class RealmView:
    """My realm as mutable lists, with the helpers the strategy needs."""

    def __init__(self, obs: DragonCastleObservation, seat: int) -> None:
        a, b = seat * REALM_CELLS, (seat + 1) * REALM_CELLS
        self.height = obs.height[a:b]
        self.top = obs.top[a:b]
        self.up = obs.up[a:b]
        self.shrine = obs.shrine[a:b]
        self.pool = obs.pool[seat]

    def placeable(self, c: int) -> bool:
        return not self.height[c] or not (self.up[c] or self.shrine[c])

    def group(self, c: int) -> list[int]:
        kind = TYPE_OF[self.top[c]]
        seen, stack = {c}, [c]
        while stack:
            j = stack.pop()
            for k in REALM_NB[j]:
                if k not in seen and self.up[k] and TYPE_OF[self.top[k]] == kind:
                    seen.add(k)
                    stack.append(k)
        return sorted(seen)

    def room(self, cells: list[int]) -> int:
        """Placeable cells next to a group (where it can still grow)."""
        return len({k for c in cells for k in REALM_NB[c] if k not in cells and self.placeable(k)})

    def place_value(self, c: int, stone: int) -> float:
        """Value of placing `stone` on cell c now (see the module docstring, rule 1)."""
        kind = TYPE_OF[stone]
        old_groups: list[list[int]] = []
        for k in REALM_NB[c]:
            if self.up[k] and TYPE_OF[self.top[k]] == kind and not any(k in g for g in old_groups):
                old_groups.append(self.group(k))
        n = 1 + sum(len(g) for g in old_groups)
        before = sum(self._worth(g) for g in old_groups)
        new_h = self.height[c] + 1
        value = 0.0
        if n >= 4:
            value = merge_points(n) + (1 if kind == DRAGON else 0)
            allowance = 2 if IS_SPECIAL[stone] else 1
            heights = sorted([new_h] + [self.height[k] for g in old_groups for k in g],
                             reverse=True)
            for h in heights[:min(allowance, self.pool)]:
                value += shrine_value(h) - POOL_SHRINE * 0.5
            value += MERGE_BONUS - 0.5 * before  # a merge realises the groups' promise
        else:
            cells = [c] + [k for g in old_groups for k in g]
            saved = (self.height[c], self.top[c], self.up[c])
            self.height[c], self.top[c], self.up[c] = new_h, stone, 1
            value = self._worth(cells) - before
            self.height[c], self.top[c], self.up[c] = saved
        if self.height[c] and new_h <= 3:
            value += 0.35  # higher stacks make better shrines later
        for k in REALM_NB[c]:  # crowding other types' groups
            if self.up[k] and TYPE_OF[self.top[k]] != kind:
                value -= 0.25
        return value

    def _worth(self, cells: list[int]) -> float:
        n = len(cells)
        if n >= 4:
            return 0.0
        w = GROUP_WORTH[n]
        return w if self.room(cells) else w * 0.2

    def best_place(self, stone: int) -> tuple[float, int]:
        best = (-1e9, -1)
        for c in range(REALM_CELLS):
            if self.placeable(c):
                v = self.place_value(c, stone)
                if v > best[0]:
                    best = (v, c)
        return best

    def best_two(self, stone: int) -> float:
        """Value of placing two identical stones one after the other (greedy)."""
        v1, c = self.best_place(stone)
        if c < 0:
            return 0.0
        saved = (self.height[c], self.top[c], self.up[c])
        merges = v1 >= 2.0 and self._would_merge(c, stone)
        self.height[c] += 1
        self.top[c], self.up[c] = stone, 0 if merges else 1
        v2, _ = self.best_place(stone)
        self.height[c], self.top[c], self.up[c] = saved
        return v1 + max(v2, 0.0)

    def _would_merge(self, c: int, stone: int) -> bool:
        kind = TYPE_OF[stone]
        seen: set[int] = set()
        for k in REALM_NB[c]:
            if self.up[k] and TYPE_OF[self.top[k]] == kind and k not in seen:
                seen.update(self.group(k))
        return len(seen) + 1 >= 4


def _standing(obs: DragonCastleObservation, p: int) -> float:
    """VP + built-shrine points + countdown tokens + 1.5 per pool shrine."""
    a = p * REALM_CELLS
    shrines = sum(shrine_value(obs.height[a + c]) for c in range(REALM_CELLS)
                  if obs.shrine[a + c])
    return obs.vp[p] + 2 * obs.tokens[p] + shrines + POOL_SHRINE * obs.pool[p]


def _available(heights: list[int], j: int) -> bool:
    h = heights[j]
    x = j % CASTLE_COLS
    left = heights[j - 1] if x > 0 else 0
    right = heights[j + 1] if x < CASTLE_COLS - 1 else 0
    return h > 0 and (left < h or right < h)


def _pair_exists(obs: DragonCastleObservation, j: int) -> bool:
    """Could a stone identical to the top of castle cell j be paired after taking it?"""
    stone = obs.castle_tops[j]
    heights = list(obs.castle_heights)
    heights[j] -= 1
    return any(obs.castle_tops[i] == stone and i != j and _available(heights, i)
               for i in range(len(heights)))


def _resolve_greedily(state: DragonCastleState, me: int) -> None:
    """Finish a power's decisions (merge choice, shrines) one greedy step at a time."""
    while (not state.is_terminal() and state.current_player() == me
           and type(state.stack[-1]) in POWER_STEPS):
        best = None
        for a in state.legal_actions():
            c = state.clone()
            c.apply(a)
            v = estimate(c, me)
            if best is None or v > best[0]:
                best = (v, a)
        assert best is not None
        state.apply(best[1])


class HeuristicBot(HintedBot):
    """Greedy rule-based player; see the module docstring for the strategy."""

    name = "heuristic:dragon_castle"

    def __init__(self) -> None:
        self.seat = 0

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.seat = seat

    def _spirit_choice(self, obs: DragonCastleObservation, legal: list) -> Action | None:
        """Rule 5: activate a merging spirit (Cunning, Beauty, Change, Faith) when a one-ply
        look-ahead on a sampled state gains at least MIN_SPIRIT_GAIN; finish its
        decisions greedily."""
        if obs.phase in POWER_PHASES:
            state = engine.sample_state(obs, obs.decision)
            best = None
            for a in legal:
                c = state.clone()
                c.apply(a)
                _resolve_greedily(c, obs.seat)
                v = estimate(c, obs.seat)
                if best is None or v > best[0]:
                    best = (v, a)
            return best[1] if best else None
        cards = obs.spirit_cards
        acts = [a for a in legal if isinstance(a, (ActivateSpirit, ActivateSpiritShrine))
                and cards[a.card] in MERGING_SPIRITS]
        if not acts:
            return None
        # candidates per merging card in play: the shrine payment and the face-up stones
        # that sit alone
        realm = RealmView(obs, obs.seat)
        cheap = []
        for k in sorted({a.card for a in acts}):
            cheap += [a for a in acts if a.card == k and (
                isinstance(a, ActivateSpiritShrine) or len(realm.group(a.r * 6 + a.c)) == 1)][:5]
        state = engine.sample_state(obs, obs.decision)
        base = estimate(state, obs.seat)
        best = None
        for a in cheap:
            c = state.clone()
            c.apply(a)
            _resolve_greedily(c, obs.seat)
            v = estimate(c, obs.seat) - base
            if best is None or v > best[0]:
                best = (v, a)
        if best is not None and best[0] >= MIN_SPIRIT_GAIN:
            return best[1]
        return None

    def act(self, observation: DragonCastleObservation, time_left: float | None) -> Action:
        legal = observation.legal_actions
        values = self.action_values(observation)
        return legal[max(range(len(legal)), key=values.__getitem__)]

    def action_values(self, observation: DragonCastleObservation) -> list[float]:
        """The strategy's value of every legal action, in `legal_actions` order (`act`
        plays the first best one; the MCTS bot orders its expansions by them)."""
        obs = observation
        legal = obs.legal_actions
        if len(legal) == 1:
            return [0.0]
        me = obs.seat
        realm = RealmView(obs, me)
        if any(c in MERGING_SPIRITS for c in obs.spirit_cards):
            choice = self._spirit_choice(obs, legal)
            if choice is not None:
                return [1.0 if a == choice else 0.0 for a in legal]
        if obs.phase not in ("build_shrines", "place", "finish_action", "action"):
            # spirit windows and other powers: proceed / first option
            first = next((a for a in legal if isinstance(a, Proceed)), legal[0])
            return [1.0 if a == first else 0.0 for a in legal]
        if obs.phase == "build_shrines":
            # the highest stack first, then the top-left one; stop only when nothing builds
            return [realm.height[a.r * 6 + a.c] - 0.01 * a.r - 0.001 * a.c
                    if isinstance(a, BuildShrine) else -1.0 for a in legal]
        if obs.phase == "place":
            stone = obs.stack[-1].stone
            return [realm.place_value(a.r * 6 + a.c, stone) if isinstance(a, Place) else -1e9
                    for a in legal]
        if obs.phase == "finish_action":
            return self._finish_values(obs, realm, legal)
        return self._action_values(obs, realm, legal)

    @staticmethod
    def _finish_values(obs: DragonCastleObservation, realm: RealmView,
                       legal: list) -> list[float]:
        """Rule 3: Discard 1, Stone and shrine = best placement + next pool shrine's worth,
        Pair = the two best placements."""
        stone = obs.stack[-1].stone
        single = realm.best_place(stone)[0]
        extra = next_shrine_worth(obs.pool[obs.seat])
        pair_value: float | None = None
        out = []
        for a in legal:
            if isinstance(a, DiscardStone):
                out.append(DISCARD)
            elif isinstance(a, StoneAndShrine):
                out.append(single + extra - 1e-9)  # a tie goes to the discard
            elif isinstance(a, Pair):
                if pair_value is None:
                    pair_value = realm.best_two(stone)
                out.append(pair_value - 2e-9)  # and to the shrine before the pair
            else:
                out.append(-1e9)
        return out

    @staticmethod
    def _action_values(obs: DragonCastleObservation, realm: RealmView,
                       legal: list) -> list[float]:
        """Rule 2: a stone is worth its best finish; summoning is worth 2 VP adjusted by
        the lead (it wins ties with the best stone)."""
        me = obs.seat
        cache: dict[int, float] = {}
        out = []
        best_take = -1e9
        for a in legal:
            if not isinstance(a, TakeStone):
                out.append(-1e9)
                continue
            j = a.y * CASTLE_COLS + a.x
            stone = obs.castle_tops[j]
            if stone not in cache:
                cache[stone] = realm.best_place(stone)[0]
            single = cache[stone]
            value = max(DISCARD, single + (next_shrine_worth(obs.pool[me])
                                           if obs.supply > 0 else 0.0))
            if _pair_exists(obs, j):
                value = max(value, realm.best_two(stone))
            out.append(value)
            best_take = max(best_take, value)
        for i, a in enumerate(legal):
            if isinstance(a, SummonDragon):
                lead = _standing(obs, me) - max(
                    _standing(obs, p) for p in range(obs.num_players) if p != me)
                value = SUMMON + (1.5 if lead >= 3 else 0.0 if lead >= 0 else -2.0)
                if obs.track_singles == 1 and lead + SUMMON <= 0:
                    value = -10.0  # it would start the last round while I am behind
                out[i] = max(value, best_take + 1e-9) if value >= best_take else value
        return out
