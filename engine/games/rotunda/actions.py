"""Rotunda's actions (rules §13.1): what a seat answers to a pending request
(requests.py), their union and the fixed action space (ids stable for learning bots)."""

from __future__ import annotations

from typing import Any

from engine.games.rotunda import docs
from engine.games.rotunda.data import (
    BASIC,
    BM_OPTIONS,
    DISCARD_SLOT,
    EXPERTS,
    I3,
    INNER,
    MAX_PEDDLER_MOVE,
    NEUTRAL_COLOURS,
    NODES,
    ORDERS,
    OUTER,
    POOL_SIZE,
    STAIRCASES,
    TEMPLES,
    TRADING_ITEMS,
    VILLAGES,
    WAREHOUSE_SOURCES,
)
from engine.protocol import Action, ActionSpace


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


# --- the fixed action space ------------------------------------------------------------------
def _actions() -> list[Action]:
    out: list[Action] = [ChooseStaircase(k) for k in range(len(STAIRCASES))]
    out += [SkipExpert(), *(Activate(e) for e in range(len(EXPERTS)))]
    out += [PickCube(t) for t in BASIC] + [Choose(0), Choose(1)]
    out += [ExpertSell(n, t, g) for n in OUTER + (I3,) for t in BASIC
            for g in (False, True)]
    out += [KeepAmulet(), DiscardCard()]
    out += [Move(a, b) for a in range(NODES) for b in range(NODES)]
    out += [Pray(t) for t in range(len(TEMPLES))]
    out += [Honour(v) for v in range(VILLAGES)] + [HonourEmpty()]
    out += [EndCell(c) for c in range(16)] + [TakeAmulet(k) for k in range(6)]
    out += [Peddler(b, 0) for b in range(MAX_PEDDLER_MOVE + 1)]
    out += [Peddler(0, a) for a in range(1, MAX_PEDDLER_MOVE + 1)]
    out += [Apprentice(n) for n in INNER] + [Skip()]
    out += [Execute(o, d) for o in range(1 + NODES) for d in range(3)] + [Stop()]
    out += [Sell(t, g) for t in BASIC for g in (False, True)] + [Pay()]
    out += [Buy(k) for k in range(len(TRADING_ITEMS))]
    out += [TakeCube(k) for k in range(len(WAREHOUSE_SOURCES))]
    out += [Hire(k) for k in range(POOL_SIZE)]
    out += [Deal(k) for k in range(len(BM_OPTIONS))]
    out += [DiscardExpert(e) for e in range(len(EXPERTS))]
    out += [BonusOrder(k) for k in range(POOL_SIZE)]
    out += [BonusAmulet(k) for k in range(POOL_SIZE)]
    for o, row in enumerate(ORDERS):
        _, t, f, c, *_ = row
        out += [Fulfil(o, gt, gf, gc) for gt in range(t + 1) for gf in range(f + 1)
                for gc in range(c + 1)]
    # issue 19, appended so that the base game's ids stay as they were
    out += [Hire(DISCARD_SLOT)]
    out += [PayNeutral(k, g) for k in range(len(NEUTRAL_COLOURS)) for g in (False, True)]
    return out


SPACE = ActionSpace(_actions())


def action_space(num_players: int, options: dict[str, Any]) -> ActionSpace:
    """The same fixed ids at every player count and option set."""
    return SPACE


# --- descriptions for bot authors (docs.py); a class attribute, not a field ------------------
for _cls in RotundaAction.__args__:
    _cls.FIELD_DOCS = docs.ACTIONS.get(_cls.__name__, {})
