"""The Morning (rules §4.1): the Medal's holder becomes first player, the travel map is
refilled, the Destiny dice are rolled, the level-1 decrees (step 4) and the Day income
(step 5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.common.rng import Rng
from engine.games.gugong import automa
from engine.games.gugong.actions import Skip, Swap
from engine.games.gugong.automa import MENG, draw_token
from engine.games.gugong.data import (
    D1A,
    D1B,
    D1C,
    D1D,
    DAY_INCOME,
    DECREE_LEVEL,
    DICE,
    NUM_CITIES,
    S_DAY,
    S_MORNING_INCOME,
)
from engine.games.gugong.effects import (
    envoy_step,
    gain,
    gain_now,
    intrigue_move,
    push_in_turn_order,
    swap_with_board,
    turn_order,
)
from engine.games.gugong.requests import CANAL_FROM_SUPPLY, MorningDecree

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

SKIP = Skip()


def roll(rng: Rng) -> list[int]:
    """The Destiny dice (rules §4.1 step 3)."""
    return [1 + rng.below(6) for _ in range(DICE)]


def morning(s: GugongState) -> None:
    """Steps 1-4: first player, map refill, dice, level-1 decrees (asked in turn order)."""
    if s.medal >= 0:
        s.first = s.medal
        s.medal = -1
    refill_map(s)
    s.dice = roll(s.rng)
    s.day += 1
    s.step = S_MORNING_INCOME
    reqs = []
    ds = s.decree_servants
    level1 = [(slot, tile) for slot, tile in enumerate(s.decrees) if DECREE_LEVEL[tile] == 1]
    for p in turn_order(s):
        for slot, tile in level1:
            if ds[p * 6 + slot]:
                reqs.append(MorningDecree(p, tile))
    if s.automa:
        reqs = automa.morning(s, reqs)
    push_in_turn_order(s, reqs)


def refill_map(s: GugongState) -> None:
    """Each city with neither token nor Traveller gets a token: pile A, then B; both empty:
    the token discard is shuffled into two new piles; still short: cities stay empty."""
    occupied = set(s.traveller)
    for c in range(NUM_CITIES):
        if s.cities[c] >= 0 or c in occupied:
            continue
        if not s.pile_a and not s.pile_b and s.token_discard:
            rest = s.token_discard
            s.token_discard = []
            s.rng.shuffle(rest)
            half = (len(rest) + 1) // 2
            s.pile_a, s.pile_b = rest[:half], rest[half:]
            if s.automa:  # solo: sorted piles, drawn by the generator (automa.draw_token)
                s.pile_a.sort()
                s.pile_b.sort()
        if s.automa:
            s.cities[c] = draw_token(s)
        elif s.pile_a:
            s.cities[c] = s.pile_a.pop()
        elif s.pile_b:
            s.cities[c] = s.pile_b.pop()
        if s.cities[c] >= 0:
            s.tokens |= 1 << c


def morning_decree_auto(s: GugongState, req: MorningDecree) -> bool:
    """Level-1 decree bonuses; the ones that never hurt are taken (A18-like)."""
    p, t = req.seat, req.tile
    if t == D1A:
        intrigue_move(s, p, 2)
    elif t == D1C:
        gain(s, p, 1)
    elif t == D1D:
        envoy_step(s, p, 1)
    elif t == D1B:
        s.stack.append(CANAL_FROM_SUPPLY[p])
    else:
        return False  # D1e: asked
    return True


def morning_decree_options(s: GugongState, req: MorningDecree) -> list:
    """D1e: swap a hand card with a board card, or not."""
    p = req.seat
    return [Swap(c, loc) for c in sorted(s.hands[p]) for loc in range(7)] + [SKIP]


def morning_decree_apply(s: GugongState, req: MorningDecree, a: object) -> None:
    if type(a) is Swap:
        swap_with_board(s, req.seat, a.card, a.loc)


def income(s: GugongState) -> None:
    """Morning step 5: every player gains the Day-track amount (D5)."""
    s.step = S_DAY
    s.turn = s.first
    for p in reversed(turn_order(s)):
        gain(s, p, DAY_INCOME[s.day])
    if s.automa:
        gain_now(s, MENG, DAY_INCOME[s.day], False)
