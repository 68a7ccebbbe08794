"""The Great Wall (rules §5.2): placing pieces, section scoring and Intrigue rewards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong.actions import IntrigueBack, PlaceWall, Skip, TurnDie
from engine.games.gugong.data import DICE, F_POOL, F_SUPPLY, F_WALL, WALL_SIZE, WALL_VP
from engine.games.gugong.effects import (
    best_by_intrigue,
    by_intrigue_ascending,
    can_gain,
    envoy_step,
    gain,
    intrigue_move,
    wall_units,
)
from engine.games.gugong.meng import wall_reward
from engine.games.gugong.requests import (
    INTRIGUE_REWARD,
    WALL_CHECK,
    IntrigueReward,
    WallCheck,
    WallPlace,
)

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

SKIP = Skip()
PLACE_WALL = (PlaceWall(False), PlaceWall(True))
#: Intrigue rewards (prebuilt): back 1, 3 or 7 steps; turn die d to face f
BACK = {k: IntrigueBack(k) for k in (1, 3, 7)}
TURN_DIE = tuple({f: TurnDie(d, f) for f in range(1, 7)} for d in range(DICE))


def place_kinds(s: GugongState, p: int, supply: bool) -> list[PlaceWall]:
    out = []
    if (s.supply[p] if supply else s.pool[p]) > 0:
        out.append(PLACE_WALL[False])
    if s.foreman[p] == (F_SUPPLY if supply else F_POOL):
        out.append(PLACE_WALL[True])
    return out


def place_options(s: GugongState, req: WallPlace) -> list:
    out: list = place_kinds(s, req.seat, req.supply)
    if req.supply or req.placed:
        out.append(SKIP)  # optional: supply pieces, B's second piece ("up to two")
    return out


def place_auto(s: GugongState, req: WallPlace) -> bool:
    """No piece to place (`place_kinds` empty): skipped."""
    p, supply = req.seat, req.supply
    return (s.supply[p] if supply else s.pool[p]) <= 0 and (
        s.foreman[p] != (F_SUPPLY if supply else F_POOL))


def place_apply(s: GugongState, req: WallPlace, a: object) -> None:
    p = req.seat
    if type(a) is Skip:
        return
    if a.foreman:
        s.foreman[p] = F_WALL
    elif req.supply:
        s.supply[p] -= 1
        s.wall[p] += 1
    else:
        s.pool[p] -= 1
        s.wall[p] += 1
    if req.remaining > 1:
        s.stack.append(WallPlace(p, req.remaining - 1, req.placed + 1, req.supply))


def wall_check(s: GugongState, req: WallCheck) -> None:
    """Section complete: majority scores 3 VP and Envoy +1, its pieces go home; then every
    player who had a piece there takes an Intrigue reward, lowest first; then check again."""
    # every colour's units (Meng's in the solo game): normal servants, the Foreman 2
    if sum(s.wall) + 2 * s.foreman.count(F_WALL) < WALL_SIZE[s.num_players]:
        return
    n = len(s.vp)
    units = [wall_units(s, p) for p in range(n)]
    winner = best_by_intrigue(s, list(range(n)), units)
    s.vp[winner] += WALL_VP
    envoy_step(s, winner, 1)
    s.supply[winner] += s.wall[winner]
    s.wall[winner] = 0
    if s.foreman[winner] == F_WALL:
        s.foreman[winner] = F_SUPPLY
    s.stack.append(WALL_CHECK[req.seat])
    present = [p for p in range(n) if units[p] > 0]
    for p in reversed(by_intrigue_ascending(s, present)):
        s.stack.append(INTRIGUE_REWARD[p])


def final_wall(s: GugongState) -> None:
    """End scoring step 1 (rules §10): majority of what remains, no Intrigue rewards."""
    n = len(s.vp)
    units = [wall_units(s, p) for p in range(n)]
    winner = best_by_intrigue(s, list(range(n)), units)
    if winner >= 0:
        s.vp[winner] += WALL_VP
        envoy_step(s, winner, 1)


# --- Intrigue rewards ----------------------------------------------------------------------------
def reward_options(s: GugongState, req: IntrigueReward) -> list:
    """Rewards that yield something (A17), then none."""
    p = req.seat
    pos = s.intrigue[p]
    out: list = []
    if can_gain(s, p):
        out += [BACK[k] for k in (1, 3) if pos >= k]
    if pos >= 5:
        dice = s.dice
        out += [TURN_DIE[d][f] for d in range(DICE) for f in range(1, 7) if f != dice[d]]
    if pos >= 7:
        out.append(BACK[7])
    out.append(SKIP)
    return out


def reward_auto(s: GugongState, req: IntrigueReward) -> bool:
    if req.seat >= s.num_players:  # solo: Meng's reward is his rule (rules §13)
        wall_reward(s)
        return True
    return s.intrigue[req.seat] < 1 or (s.intrigue[req.seat] < 5
                                        and not can_gain(s, req.seat))


def reward_apply(s: GugongState, req: IntrigueReward, a: object) -> None:
    p = req.seat
    if type(a) is TurnDie:
        intrigue_move(s, p, -5)
        s.dice[a.die] = a.face
    elif type(a) is IntrigueBack:
        intrigue_move(s, p, -a.steps)
        if a.steps == 7:
            s.jade[p] += 1
        else:
            gain(s, p, 1 if a.steps == 1 else 2)
