"""The Night (rules §4.3): Destiny-dice servants (step 1) and the dice majority, the ships
(step 2, Harbor claims), discard piles back to hand (step 3); after Day 4 the final
exchanges (§10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong.actions import TakeForeman
from engine.games.gugong.automa import MENG, new_gift_stack
from engine.games.gugong.automa_data import NIGHT_MATCHES
from engine.games.gugong.canal import night_ships
from engine.games.gugong.data import (
    CARD_VALUE,
    DAYS,
    F_SUPPLY,
    MAJORITY_VP,
    S_FINAL,
    S_NIGHT_END,
    S_NIGHT_MAJORITY,
    S_NIGHT_SHIPS,
)
from engine.games.gugong.effects import (
    TAKE_FOREMAN,
    best_by_intrigue,
    discards_to_hands,
    envoy_step,
    gain_now,
    push_in_turn_order,
    turn_order,
)
from engine.games.gugong.morning import morning
from engine.games.gugong.requests import HARBOR_CLAIM, FinalTrades, NightGain

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

#: prebuilt requests by seat (requests are immutable)
NIGHT_GAIN = tuple(NightGain(p) for p in range(5))


#: per Destiny-dice roll (a tuple of faces): each card's matches, filled as rolls occur
_CARD_HITS: dict[tuple[int, ...], tuple[int, ...]] = {}


def card_hits(dice: list[int]) -> tuple[int, ...]:
    """Per card id: how many dice show its printed value (rules §4.3; memoized per roll)."""
    key = tuple(dice)
    hits = _CARD_HITS.get(key)
    if hits is None:
        hits = _CARD_HITS[key] = tuple(dice.count(v) for v in CARD_VALUE)
    return hits


@cython.locals(total=cython.long, c=cython.Py_ssize_t)
def matches(s: GugongState, p: int, hits: tuple[int, ...] | None = None) -> int:
    """(discard card, die) pairs of equal printed value (A1, A15); solo: Meng's count is
    the Day number, whatever his discard (rules §13 "Night"). `hits`: `card_hits(s.dice)`."""
    if p >= s.num_players:
        return NIGHT_MATCHES[s.day]
    if not hits:
        hits = card_hits(s.dice)
    total = 0
    for c in s.discards[p]:
        total += hits[c]
    return total


def destiny_dice(s: GugongState) -> None:
    """Night step 1: each seat gains its matches; a seat whose Foreman and normal servants
    are in the supply is asked (a public condition) whether one unit is the Foreman."""
    s.step = S_NIGHT_MAJORITY
    asks = []
    hits = card_hits(s.dice)
    foreman, supply = s.foreman, s.supply
    for p in turn_order(s):
        if foreman[p] == F_SUPPLY and supply[p] > 0:
            asks.append(NIGHT_GAIN[p])
        else:
            gain_now(s, p, matches(s, p, hits), True)
    if s.automa:
        gain_now(s, MENG, matches(s, MENG), False)
    push_in_turn_order(s, asks)


def night_gain_options(s: GugongState, req: NightGain) -> list:
    if matches(s, req.seat):
        return [TAKE_FOREMAN[True], TAKE_FOREMAN[False]]
    return [TAKE_FOREMAN[False]]


def night_gain_apply(s: GugongState, req: NightGain, a: TakeForeman) -> None:
    gain_now(s, req.seat, matches(s, req.seat), a.yes)


def dice_majority(s: GugongState) -> None:
    """Most matches (tie: Intrigue) scores 3 VP and moves the Envoy (A2, A18)."""
    n = len(s.vp)  # every colour, Meng's in the solo game
    hits = card_hits(s.dice)
    m = [matches(s, p, hits) for p in range(n)]
    best = best_by_intrigue(s, list(range(n)), m)
    if best >= 0:
        s.vp[best] += MAJORITY_VP
        envoy_step(s, best, 1)
    s.step = S_NIGHT_SHIPS


def ships(s: GugongState) -> None:
    """Night step 2: ships lost / moved, then claims in turn order."""
    night_ships(s)
    s.step = S_NIGHT_END
    push_in_turn_order(s, [HARBOR_CLAIM[p] for p in turn_order(s)])


def end_of_night(s: GugongState) -> None:
    """Night step 3: discards become hands and the next Morning; after Day 4 the final
    exchange window."""
    if s.day >= DAYS:
        s.step = S_FINAL
        push_in_turn_order(s, [FinalTrades(p) for p in turn_order(s)])
        return
    discards_to_hands(s)
    if s.automa:
        new_gift_stack(s)
    morning(s)
