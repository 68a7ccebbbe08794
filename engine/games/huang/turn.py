"""The frame of a turn (rules §5, §9, §10) and the board changes that actions and conflicts
share (§6.3, §8.2, §8.4): draws, end of action, end of turn, game end, taking pieces off.

Functions take the state `s` (engine.games.huang.state.HuangState) and mutate it; the next
decision is pushed on `s.stack` (engine.kernel). When an action or a turn is over nothing is
pushed: flow.on_empty says what comes next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.huang.actions import RefillTo
from engine.games.huang.board import drop_yellow, join, leave, occupy, vacate
from engine.games.huang.data import (
    ACTIONS_PER_TURN,
    EMPTY,
    HAND_SIZE,
    LEADER,
    MARKET_SIZE,
    NUM_PAGODAS,
    PAGODAS_OF_COLOUR,
    PALACE_HAND_SIZE,
    RHOMBI,
    TILE,
    TRIANGLES,
    YELLOW,
)
from engine.games.huang.queries import YELLOW_TILE, hand_total, kingdom_granaries
from engine.games.huang.requests import ChooseGranary, ChooseRefill

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState


def draw(s: HuangState) -> int:
    """One tile from the bag (its colour), or -1 when the bag is empty (§10)."""
    bag = s.bag
    total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
    if total == 0:
        return -1
    r = s.rng.below(total)
    for c in range(5):
        if r < bag[c]:
            bag[c] -= 1
            return c
        r -= bag[c]
    raise AssertionError("unreachable")


def game_over(s: HuangState) -> None:
    """§10: a draw was needed from the empty bag: the game ends at once (nothing pending)."""
    s.over = True
    s.stack.clear()


# --- §5 / §9: actions and turns --------------------------------------------------------------


def end_action(s: HuangState) -> None:
    """§5: one action done. Nothing is pending then: flow.on_empty offers the next one, or
    ends the turn (also when no action is legal any more, §14.19)."""
    s.actions_left -= 1


def end_turn(s: HuangState) -> None:
    """§9 steps 1-2: pagoda scoring, then (Eighteen Kingdoms) the granary collection."""
    pagoda_scoring(s)
    if len(kingdom_granaries(s, s.active)) >= 2:
        s.stack.append(ChooseGranary(s.active))
        return
    finish_turn(s)


def collect_granaries(s: HuangState, keep: int) -> None:
    """§11.2: take all granaries of the blue leader's kingdom but the one on `keep`."""
    p = s.active
    for g in kingdom_granaries(s, p):
        if g != keep:
            s.granaries.remove(g)
            s.granaries_held[p] += 1
    finish_turn(s)


def finish_turn(s: HuangState) -> None:
    """§9 steps 3-5: refills (active first, then clockwise), market, next player."""
    refill_from(s, 0)


def refill_from(s: HuangState, first: int) -> None:
    """§9 steps 3-5 from the `first`-th seat of the refill order (0 = the active player),
    then the market, then the next player's turn begins (flow.on_empty asks for its first
    action). A seat that may keep 7 tiles (§11.3) is asked first (ChooseRefill); the refills
    resume after it."""
    hands, market = s.hands, s.market
    n = s.num_players
    for k in range(first, n):
        p = (s.active + k) % n
        if s.palace >= 0 and palace_choice(s, p):
            s.stack.append(ChooseRefill(p, k))
            return
        for _ in range(HAND_SIZE - hand_total(s, p)):
            c = draw(s)
            if c < 0:
                game_over(s)
                return
            hands[p * 5 + c] += 1
    for _ in range(MARKET_SIZE - sum(market)):
        c = draw(s)
        if c < 0:
            game_over(s)
            return
        market[c] += 1
    s.active = (s.active + 1) % n
    s.actions_left = ACTIONS_PER_TURN


def choose_refill(s: HuangState, req: ChooseRefill, a: RefillTo) -> None:
    """§11.3: "możesz trzymać za zasłonką 7 kafla (zamiast 6)" - the seat draws up to the
    size it chose; then the refills go on with the next seat."""
    p = req.seat
    for _ in range(a.count - hand_total(s, p)):
        c = draw(s)
        if c < 0:
            game_over(s)
            return
        s.hands[p * 5 + c] += 1
    refill_from(s, req.order + 1)


def palace_choice(s: HuangState, p: int) -> bool:
    """§11.3: p's yellow leader is in the palace's kingdom and p holds fewer than 7 tiles
    (public: hand sizes are), so p may refill to 7 instead of 6."""
    pos = s.leaders[p * 5 + YELLOW]
    return (pos >= 0 and s.labels[pos] == s.labels[RHOMBI[s.palace][0]]
            and hand_total(s, p) < PALACE_HAND_SIZE)


def pagoda_scoring(s: HuangState) -> None:
    """§7: each on-board leader of the active player whose kingdom holds at least one pagoda
    of its colour scores 1 VP of that colour (no yellow fallback)."""
    p = s.active
    lab, pagodas = s.labels, s.pagodas
    for c in range(5):
        pos = s.leaders[p * 5 + c]
        if pos < 0:
            continue
        lb = lab[pos]
        for k in PAGODAS_OF_COLOUR[c]:
            tri = pagodas[k]
            if tri >= 0 and lab[TRIANGLES[tri][0]] == lb:
                s.vp[p * 5 + c] += 1
                break


# --- board changes -----------------------------------------------------------------------------


def put(s: HuangState, h: int, value: int) -> None:
    s.board[h] = value
    occupy(s, h)
    join(s.labels, h)


def take_off(s: HuangState, h: int) -> None:
    """Remove the piece on h; a tile goes to the box and its building to the supply."""
    x = s.board[h]
    s.board[h] = EMPTY
    vacate(s, h)
    if TILE <= x < LEADER:
        s.box[x - TILE] += 1
        release_buildings(s, h)
        if x == YELLOW_TILE:
            drop_yellow(s, h)
    else:
        s.leaders[x - LEADER] = -1
    leave(s.board, s.labels, h, s.marker)


def release_buildings(s: HuangState, h: int) -> None:
    """§6.3/§8.2: a building whose support tile leaves returns to the supply."""
    for k in range(NUM_PAGODAS):
        t = s.pagodas[k]
        if t >= 0 and h in TRIANGLES[t]:
            s.pagodas[k] = -1
    if s.palace >= 0 and h in RHOMBI[s.palace]:
        s.palace = -1


def strand_leaders(s: HuangState) -> None:
    """§8.4: on-board leaders with no adjacent yellow tile return to their owners."""
    yn = s.yellow_next
    gone = [i for i, pos in enumerate(s.leaders) if pos >= 0 and yn[pos] == 0]
    for i in gone:
        take_off(s, s.leaders[i])
