"""Gugong requests: every pending decision (rules §15 "Decision points"), and the automatic
steps of the Wall check and of the Automa Meng (rules §5.2, §13). Requests are public."""

from __future__ import annotations

from engine import kernel
from engine.games.gugong import docs
from engine.games.gugong.data import TOKEN_NAMES


class GiftExchange(kernel.Request, frozen=True):
    """Start of a Day turn: choose the hand card and the location (rules §4.2 step 1)."""


class TurnEnd(kernel.Request, frozen=True):
    """End of a Day turn: last travel-token exchanges of the turn (asked only when the seat
    can exchange)."""


class ExchangeCost(kernel.Request, frozen=True):
    """The card played is not higher: pay 2, sacrifice a card, or no actions."""

    card: int
    loc: int


class CardAction(kernel.Request, frozen=True):
    """Step 2: perform the played card's action, or not (resolved before the location)."""

    card: int


class LocationAction(kernel.Request, frozen=True):
    """Step 2: the location action (A, B, a purchase) or none."""

    loc: int


class TravelMove(kernel.Request, frozen=True):
    """Move the Traveller (rules §5.1); `moves` left including this one."""

    moves: int


class TokenReward(kernel.Request, frozen=True):
    """Apply the token just taken (rules §8, D3), or not."""

    token: int


class StoreToken(kernel.Request, frozen=True):
    """Store the token taken; with full storage, exchange first (rules §8)."""

    token: int


class WallPlace(kernel.Request, frozen=True):
    """Place pieces on the Wall: `remaining` more, `placed` so far; from the pool, or from
    the supply (`supply`: D2c, T_WALL) where placing is optional."""

    remaining: int
    placed: int = 0
    supply: bool = False


class WallCheck(kernel.Request, frozen=True):
    """Automatic: score the Wall section if it is complete (rules §5.2)."""


class IntrigueReward(kernel.Request, frozen=True):
    """Wall completed: choose an Intrigue reward or none (rules §5.2 step 2)."""


class CanalPlace(kernel.Request, frozen=True):
    """Place pieces on own ships (rules §5.7): `remaining` more; `supply` for T_SHIP/D1b;
    `then_move` is never set (Canal A's move is a CanalMove of its own). One piece is
    optional; Canal B's two are both placed (`canal.compulsory`)."""

    remaining: int
    placed: int = 0
    supply: bool = False
    then_move: bool = False


class CanalMove(kernel.Request, frozen=True):
    """Canal A: optionally move one own ship forward."""


class HarborClaim(kernel.Request, frozen=True):
    """Claim window (rules §5.7): claim with a full ship (`ship` = -1: any) or stop."""

    ship: int = -1


class ChooseGain(kernel.Request, frozen=True):
    """Gaining `n` servants with the Foreman in the supply: take it as one unit or not."""

    n: int


class NightGain(kernel.Request, frozen=True):
    """Night step 1 for a seat whose Foreman is in the supply: whether one of the dice
    servants is the Foreman (asked whether or not the hidden discard matches)."""


class MorningDecree(kernel.Request, frozen=True):
    """Morning step 4: use level-1 decree `tile` (rules §4.1, D4)."""

    tile: int


class FinalTrades(kernel.Request, frozen=True):
    """After the Night of Day 4: last travel-token exchanges (rules §4.3 step 3)."""


# --- solo: the Automa Meng's automatic steps (rules §13; engine/games/gugong/automa.py) ---
class MengAction(kernel.Request, frozen=True):
    """Automatic: Meng performs the action of location `loc`; `mode` 0 = his Day version,
    1 = the Special card's free option B, 2 = his Dusk version, 3 = the D2c Wall piece."""

    loc: int
    mode: int = 0


class MengMove(kernel.Request, frozen=True):
    """Automatic: Meng's Traveller moves once along his route; `moves` left incl. this."""

    moves: int


class MengMorning(kernel.Request, frozen=True):
    """Automatic: Meng uses his level-1 decrees (Morning step 4)."""


# --- bonus travel tokens (rules §12; engine/games/gugong/bonus.py) -----------------------------
class ActivateBonus(kernel.Request, frozen=True):
    """A bonus travel token just taken: activate it with 1 pool servant, or store it."""

    token: int


class FollowAction(kernel.Request, frozen=True):
    """B_FOLLOW: another player performed the action of `loc`; perform it too, or not."""

    loc: int


#: every request type: what may be pending
GugongRequest = (GiftExchange | TurnEnd | ExchangeCost | CardAction | LocationAction | TravelMove
                 | TokenReward | StoreToken | WallPlace | WallCheck | IntrigueReward | CanalPlace
                 | CanalMove | HarborClaim | ChooseGain | NightGain | MorningDecree | FinalTrades
                 | MengAction | MengMove | MengMorning | ActivateBonus | FollowAction)
for _request in GugongRequest.__args__:  # descriptions for bot authors (docs.py)
    _request.FIELD_DOCS = docs.REQUESTS[_request.__name__]


# --- prebuilt requests (immutable; building a struct is a large part of a small step) ----------
#: per colour: seats 0-4 and, in the solo game, Meng's colour
COLOURS = range(6)
TRAVEL_MOVE = tuple(tuple(TravelMove(p, m) for m in range(3)) for p in COLOURS)
STORE_TOKEN = tuple(tuple(StoreToken(p, t) for t in range(len(TOKEN_NAMES))) for p in COLOURS)
WALL_CHECK = tuple(WallCheck(p) for p in COLOURS)
#: Wall option A (1 piece) or B (2 pieces): the scoring check under the placing (rules §5.2)
WALL_PLACE = tuple(tuple((WallCheck(p), WallPlace(p, k)) for k in range(3)) for p in COLOURS)
#: 1 optional piece from the supply (D2c, T_WALL), with its own check
WALL_FROM_SUPPLY = tuple((WallCheck(p), WallPlace(p, 1, 0, True)) for p in COLOURS)
INTRIGUE_REWARD = tuple(IntrigueReward(p) for p in COLOURS)
#: the claim window with any full ship (ship -1)
HARBOR_CLAIM = tuple(HarborClaim(p) for p in COLOURS)
#: Canal option A (place 1, move 1, claim) and B (place 2, claim), rules §5.7
CANAL_A = tuple((HarborClaim(p), CanalMove(p), CanalPlace(p, 1)) for p in COLOURS)
CANAL_B = tuple((HarborClaim(p), CanalPlace(p, 2)) for p in COLOURS)
#: 1 optional piece from the supply onto a ship (T_SHIP, D1b)
CANAL_FROM_SUPPLY = tuple(CanalPlace(p, 1, 0, True) for p in COLOURS)
