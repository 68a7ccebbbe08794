"""Rotunda decisions (rules §13.1): the pending requests and the actions that answer them.

Every request is one small decision of its `seat`; the handlers live in `rules.py`,
`rooms.py` and `experts.py`.
"""

from __future__ import annotations

from engine import kernel
from engine.games.rotunda import docs
from engine.protocol import Action


# --- actions ---------------------------------------------------------------------------------
class ChooseStaircase(Action, frozen=True):
    """Lodge variant (§3 step 13): the staircase the Lodge covers (0 SA, 1 SB, 2 SC)."""
    stair: int


class SkipExpert(Action, frozen=True):
    """Step 1: activate no Expert."""


class Activate(Action, frozen=True):
    """Step 1: activate one held one-shot Expert."""
    expert: int


class PickCube(Action, frozen=True):
    """An Expert's cube of choice."""
    cube: int


class Choose(Action, frozen=True):
    """Amulet Trader: 0 = 4 coins, 1 = 3 VP."""
    option: int


class ExpertSell(Action, frozen=True):
    """An Expert sale (§9): a cube sold as `as_type` (paid with Gold if `gold`) into room
    node `room`."""
    room: int
    as_type: int
    gold: bool


class KeepAmulet(Action, frozen=True):
    """Keep the used amulet Expert as an amulet (§9)."""


class DiscardCard(Action, frozen=True):
    """Discard the used Expert."""


class Move(Action, frozen=True):
    """Step 2: move the leader standing in `frm` to `to` (§4.4)."""
    frm: int
    to: int


class Pray(Action, frozen=True):
    """Lodge (§7): take a face-up temple's reward."""
    temple: int


class Honour(Action, frozen=True):
    """Lodge (§7): honour the ancestors with the Assistants of `village`."""
    village: int


class HonourEmpty(Action, frozen=True):
    """Lodge (§7 special case): no village Assistants and no temple left."""


class EndCell(Action, frozen=True):
    """Honour step 2: the worship-board cell (r * 4 + c) where the chain ends."""
    cell: int


class TakeAmulet(Action, frozen=True):
    """Honour step 4: take the amulet of space RA1..RA3 (0-2) or BA1..BA3 (3-5)."""
    space: int


class Peddler(Action, frozen=True):
    """Peddler action (§6): move the tile `before` villages, place, move it `after`."""
    before: int
    after: int


class Apprentice(Action, frozen=True):
    """(Elder) Apprentice (§6): seat an Assistant on a free chair of inner room `room`."""
    room: int


class Skip(Action, frozen=True):
    """Skip an optional Assistant action or reward."""


class Execute(Action, frozen=True):
    """Step 3: one execution of the room's action, option `option`; `disc` 0 = the main
    execution, 1 = an extra one for a young chair Assistant, 2 = for an elder one."""
    option: int
    disc: int


class Stop(Action, frozen=True):
    """End the room action, a repeated purchase, the bonus or the orders step."""


class Sell(Action, frozen=True):
    """Retailer / Wholesaler: sell a cube as `as_type` (Gold if `gold`)."""
    as_type: int
    gold: bool


class Pay(Action, frozen=True):
    """Bank: make the next payment."""


class Buy(Action, frozen=True):
    """Trading Post purchase: 0 Recruit, 1 Peddler, 2 Apprentice, 3 Gold."""
    item: int


class TakeCube(Action, frozen=True):
    """Warehouse purchase: the cube at source 0-2 Warehouse T/F/C, 3-5 Market icons T/F/C,
    6-8 Retailer icons, 9-11 Wholesaler icons."""
    source: int


class Hire(Action, frozen=True):
    """Guild Hall: hire the Expert in pool slot `slot`."""
    slot: int


class Deal(Action, frozen=True):
    """Black Market transaction (R10): one of static `black_market`."""
    option: int


class DiscardExpert(Action, frozen=True):
    """Expert limit (§9): discard a held Expert to make room for a hire."""
    expert: int


class BonusOrder(Action, frozen=True):
    """Step 4: take the Order in pool slot `slot`."""
    slot: int


class BonusAmulet(Action, frozen=True):
    """Step 4: take the Amulet in pool slot `slot`."""
    slot: int


class Fulfil(Action, frozen=True):
    """Step 5: fulfil an Order; Gold replaces `gt` Tea, `gf` Fruit and `gc` Celadon."""
    order: int
    gt: int
    gf: int
    gc: int


class PayNeutral(Action, frozen=True):
    """2 players (§10): pay a cube of neutral leader `neutral`'s colour (0 green = Tea,
    1 red = Fruit, 2 blue = Celadon), or Gold if `gold`, to move that leader."""
    neutral: int
    gold: bool


RotundaAction = (
    ChooseStaircase | SkipExpert | Activate | PickCube | Choose | ExpertSell | KeepAmulet
    | DiscardCard | Move | Pray | Honour | HonourEmpty | EndCell | TakeAmulet | Peddler
    | Apprentice | Skip | Execute | Stop | Sell | Pay | Buy | TakeCube | Hire | Deal
    | DiscardExpert | BonusOrder | BonusAmulet | Fulfil | PayNeutral
)


# --- requests --------------------------------------------------------------------------------
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
for _cls in RotundaAction.__args__:
    _cls.FIELD_DOCS = docs.ACTIONS.get(_cls.__name__, {})
for _cls in RotundaRequest.__args__:
    _cls.FIELD_DOCS = docs.SEAT | docs.REQUESTS.get(_cls.__name__, {})
