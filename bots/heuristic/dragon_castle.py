"""Rule-based Dragon Castle bot (`heuristic:dragon_castle`).

Strategy (greedy, one decision at a time, from the observation only):
1. Placement: put a stone where it joins face-up stones of its type; value a cell by the
   merge it completes (set VP, dragon bonus, shrines it lets me build, valued by stack
   height) or by how much closer it brings a group to 4 (a group of 3 with room to grow is
   worth most). Prefer stacking on face-down stones (higher shrines later) and avoid
   crowding other groups.
2. Action: for each available top-level stone, value its best finish: Pair (two
   placements), Stone and shrine (placement + a pool shrine), or Discard (1 VP). Summon the
   dragon (2 VP) when it beats every take, favouring it when ahead (it hastens the end).
3. Finishing: same values as in 2 with the stone actually taken.
4. Shrines: always build, on the highest stacks of the merged set.
5. Spirit card (option): never activated; in spirit windows it proceeds.
"""

from __future__ import annotations

from bots.base import Bot
from engine.games.dragon_castle.actions import (
    BuildShrine,
    DiscardStone,
    Pair,
    Place,
    Proceed,
    StoneAndShrine,
    StopBuilding,
    SummonDragon,
    TakeStone,
)
from engine.games.dragon_castle.data import (
    CASTLE_COLS,
    DRAGON,
    IS_SPECIAL,
    REALM_CELLS,
    REALM_NB,
    TYPE_OF,
    merge_points,
    shrine_value,
)
from engine.games.dragon_castle.observe import DragonCastleObservation
from engine.protocol import Action

#: worth of a face-up group of n < 4 stones of one type (with room to grow)
GROUP_WORTH = (0.0, 0.3, 1.0, 2.4)
POOL_SHRINE = 1.5
DISCARD = 1.0
SUMMON = 2.0


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
            value -= before
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


class HeuristicBot(Bot):
    """Greedy rule-based player; see the module docstring for the strategy."""

    name = "heuristic:dragon_castle"

    def __init__(self) -> None:
        self.seat = 0

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.seat = seat

    def act(self, observation: DragonCastleObservation, time_left: float | None) -> Action:
        obs = observation
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        me = obs.seat
        realm = RealmView(obs, me)
        if obs.phase not in ("build_shrines", "place", "finish_action", "action"):
            # spirit windows and powers: this bot never activates the spirit by choice
            return next((a for a in legal if isinstance(a, Proceed)), legal[0])
        if obs.phase == "build_shrines":
            builds = [a for a in legal if isinstance(a, BuildShrine)]
            if not builds:
                return next(a for a in legal if isinstance(a, StopBuilding))
            return max(builds, key=lambda a: (realm.height[a.r * 6 + a.c], -a.r, -a.c))
        if obs.phase == "place":
            stone = obs.pending[-1].stone
            return max((a for a in legal if isinstance(a, Place)),
                       key=lambda a: realm.place_value(a.r * 6 + a.c, stone))
        if obs.phase == "finish_action":
            stone = obs.pending[-1].stone
            single = realm.best_place(stone)[0]
            best: tuple[float, Action] = (DISCARD, next(
                a for a in legal if isinstance(a, DiscardStone)))
            for a in legal:
                if isinstance(a, StoneAndShrine) and single + POOL_SHRINE > best[0]:
                    best = (single + POOL_SHRINE, a)
            pair_value = None
            for a in legal:
                if isinstance(a, Pair):
                    if pair_value is None:
                        pair_value = realm.best_two(stone)
                    if pair_value > best[0]:
                        best = (pair_value, a)
            return best[1]
        # phase "action": choose the first stone, or summon
        best_take: tuple[float, Action | None] = (-1e9, None)
        cache: dict[int, float] = {}
        for a in legal:
            if not isinstance(a, TakeStone):
                continue
            j = a.y * CASTLE_COLS + a.x
            stone = obs.castle_tops[j]
            if stone not in cache:
                cache[stone] = realm.best_place(stone)[0]
            single = cache[stone]
            value = max(DISCARD, single + (POOL_SHRINE if obs.supply > 0 else 0.0))
            if _pair_exists(obs, j):
                value = max(value, realm.best_two(stone))
            if value > best_take[0]:
                best_take = (value, a)
        summon = next((a for a in legal if isinstance(a, SummonDragon)), None)
        if summon is not None:
            mine = obs.vp[me] + 2 * obs.tokens[me]
            lead = mine - max(obs.vp[p] + 2 * obs.tokens[p]
                              for p in range(obs.num_players) if p != me)
            value = SUMMON + (1.0 if lead >= 0 else -0.5)
            if best_take[1] is None or value >= best_take[0]:
                return summon
        assert best_take[1] is not None
        return best_take[1]
