"""Rotunda's pending decisions (rules §13.1): every request type and their union.

Every request is one small decision of its `seat` (or an automatic step: Cleanup,
ReturnChain, EndTurn, NeutralCleanup); the handlers are registered in `rules.py`.
"""

from __future__ import annotations

from engine import kernel
from engine.games.rotunda import docs


class ChooseLodge(kernel.Request, frozen=True):
    """Lodge variant: the seat right of the first player places the Lodge."""


class ExpertStep(kernel.Request, frozen=True):
    """Turn step 1: activate at most one one-shot Expert."""


class ExpertCube(kernel.Request, frozen=True):
    """An Expert's cube of choice; `left` cubes still to choose."""
    expert: int
    left: int


class ExpertReward(kernel.Request, frozen=True):
    """Amulet Trader: 4 coins or 3 VP."""
    expert: int


class ExpertSale(kernel.Request, frozen=True):
    """An Expert sale: `left` cubes to sell; `room` fixed after the first (-1: free)."""
    expert: int
    room: int
    left: int


class KeepOrDiscard(kernel.Request, frozen=True):
    """After an amulet Expert's effect: keep it as an amulet or discard it."""
    expert: int


class MoveStep(kernel.Request, frozen=True):
    """Turn step 2: move one leader (mandatory)."""


class LodgeStep(kernel.Request, frozen=True):
    """Step 3 at the Lodge: pray or honour (mandatory)."""


class ChainEnd(kernel.Request, frozen=True):
    """Honour step 2: where the chain of `count` Assistants ends."""
    count: int


class WorshipAmulet(kernel.Request, frozen=True):
    """Honour step 4: one of the row's right or column's bottom amulets."""
    r: int
    c: int


class Grant(kernel.Request, frozen=True):
    """A granted Peddler / Apprentice / Elder Apprentice action (§6)."""
    kind: int
    optional: bool


class RoomTurn(kernel.Request, frozen=True):
    """Step 3 in room node `node`: `done` executions so far, chair discs used."""
    node: int
    done: int
    young: int
    elder: int


class SaleLoop(kernel.Request, frozen=True):
    """Retailer / Wholesaler: `sold` cubes so far in this execution."""
    room: int
    sold: int


class BankLoop(kernel.Request, frozen=True):
    """Bank: `paid` payments so far."""
    paid: int


class TradingLoop(kernel.Request, frozen=True):
    """Trading Post: `bought` purchases so far."""
    bought: int


class WarehouseLoop(kernel.Request, frozen=True):
    """Warehouse: `bought` purchases so far."""
    bought: int


class GuildLoop(kernel.Request, frozen=True):
    """Guild Hall: `hired` Experts so far."""
    hired: int


class BlackMarketLoop(kernel.Request, frozen=True):
    """Black Market: `deals` transactions so far; whether the Peddler was used."""
    deals: int
    peddler: bool


class HireLimit(kernel.Request, frozen=True):
    """Hiring with 3 Experts held: discard one first, or cancel. `guild` = Guild Hall hire
    number (-1: Experts' Room)."""
    slot: int
    guild: int


class BonusStep(kernel.Request, frozen=True):
    """Turn step 4: `left` bonus symbols still to use."""
    left: int


class OrdersStep(kernel.Request, frozen=True):
    """Turn step 5: fulfil Orders."""


class Cleanup(kernel.Request, frozen=True):
    """End of step 3 (automatic)."""


class ReturnChain(kernel.Request, frozen=True):
    """Honour step 5: the other chain Assistants return to the supply (automatic)."""
    count: int


class NeutralWindow(kernel.Request, frozen=True):
    """2 players (§10): pay to move a neutral leader now, or skip (window A before step 2,
    window B after step 5; one neutral move per turn)."""


class NeutralMove(kernel.Request, frozen=True):
    """2 players (§10): the destination of neutral leader `neutral` (never the Lodge)."""
    neutral: int


class NeutralCleanup(kernel.Request, frozen=True):
    """Neutral-action variant (§10): the step-3 cleanup after the neutral room's action;
    points gained there (from `vp`) cross no bonus symbol (automatic)."""
    vp: int


class EndTurn(kernel.Request, frozen=True):
    """End of turn: Peddler move, end check (automatic)."""


RotundaRequest = (
    ChooseLodge | ExpertStep | ExpertCube | ExpertReward | ExpertSale | KeepOrDiscard
    | MoveStep | LodgeStep | ChainEnd | WorshipAmulet | Grant | RoomTurn | SaleLoop
    | BankLoop | TradingLoop | WarehouseLoop | GuildLoop | BlackMarketLoop | HireLimit
    | BonusStep | OrdersStep | Cleanup | ReturnChain | EndTurn | NeutralWindow | NeutralMove
    | NeutralCleanup
)


# --- descriptions for bot authors (docs.py); a class attribute, not a field ------------------
for _cls in RotundaRequest.__args__:
    _cls.FIELD_DOCS = docs.SEAT | docs.REQUESTS.get(_cls.__name__, {})
