"""Step 3 room actions (rules §5 step 3, §12.1): executions (one option function and one
effect per room kind, in tables), chair Assistants, hiring; the outer rooms' repeated
purchases in loops.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.games.rotunda.actions import DiscardExpert, Execute, Hire, Stop
from engine.games.rotunda.data import (
    APPRENTICE,
    BANK_STEPS,
    BASIC,
    EXPERT_LIMIT,
    GOLD,
    GUILD_HALL_COSTS,
    INNER,
    LODGE_ROOM,
    MARKET,
    MARKET_REWARD,
    NODES,
    PEDDLER,
    POOL_SIZE,
    RECRUIT,
    SMUGGLERS,
    TEA_HOUSE,
    TEA_HOUSE_COST,
    TRADING_POST_COSTS,
)
from engine.games.rotunda.effects import (
    chair_discs,
    fire,
    gain_coins,
    gain_cube,
    hire,
    hire_slots,
    recruit,
    seat_remove,
    take_smuggler,
    unseat_young,
)
from engine.games.rotunda.memo import checked, remembered
from engine.games.rotunda.requests import (
    BankLoop,
    BlackMarketLoop,
    Grant,
    GuildLoop,
    HireLimit,
    RoomTurn,
    SaleLoop,
    TradingLoop,
    WarehouseLoop,
)
from engine.games.rotunda.sales import market_options, pay_reward, place, room_sellable
from engine.protocol import Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

STOP = Stop()
MAX_EXTRA = 2
HIRES = tuple(Hire(k) for k in range(POOL_SIZE + 1))
EXECUTE = tuple(tuple(Execute(o, d) for d in range(3)) for o in range(1 + NODES))
ONLY_STOP: list[Action] = [STOP]



def push(s: RotundaState, *reqs: object) -> None:
    """Push requests so that the first one is decided first."""
    s.stack.extend(reversed(reqs))  # type: ignore[arg-type]


# --- the room turn ---------------------------------------------------------------------------
#: one room's execution options: (s, p, node, extra) -> option codes (static `rooms`)
Executions = Callable[["RotundaState", int, int, bool], list[int]]


def _supplier(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R1: a basic cube from the supply, or none (3); then a Peddler action."""
    supply = s.supply
    return [t for t in BASIC if supply[t]] + [3]


def _harbour(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R2: a face-up Smuggler, or a Gold (3) while the supply has one."""
    return list(range(len(s.smuggler_pool))) + ([3] if s.supply[GOLD] else [])


def _market(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R3: a sale, as type * 2 + gold."""
    return market_options(s, p, extra)


def _experts_room(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R4: hire a pool slot."""
    return hire_slots(s)


def _banker(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R5: the coins lying there (0), or a basic cube from the supply (type + 1)."""
    supply = s.supply
    return [0] + [t + 1 for t in BASIC if supply[t]]


def _tea_house(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R6: pay 2 coins: two Recruits with Peddler and Apprentice actions (0, or 1 in the
    other order), or a Recruit and the action of the room of any leader (1 + node)."""
    if s.coins[p] < TEA_HOUSE_COST:
        return []
    # "any Leader" (seed R6): the 2-player neutral leaders too
    targets = sorted({n for n in (*s.leaders, *s.neutrals) if n > 0
                      and s.rooms[n] not in (TEA_HOUSE, LODGE_ROOM)})
    # (a) in the other order (Apprentice before Peddler) only when that changes
    # something: exactly one Assistant will be there for the two actions
    swap = [1] if s.supply_discs[p] + min(2, s.track[p]) == 1 else []
    return [0, *swap] + [1 + n for n in targets]


def _sale_row(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R7 / R8: sell cubes, if one can be sold."""
    return [0] if room_sellable(s, p, s.rooms[node]) else []


def _bank(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R9: the first payment must be affordable."""
    return [0] if s.coins[p] >= BANK_STEPS[0][0] else []


def _trading_post(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R11: the first purchase must be affordable."""
    return [0] if s.coins[p] >= TRADING_POST_COSTS[0] else []


def _guild_hall(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R12: an Expert to hire and the first hire's price."""
    return [0] if hire_slots(s) and s.coins[p] >= GUILD_HALL_COSTS[0][0] else []


def _always(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """R10 Black Market, R13 Warehouse: always executable."""
    return [0]


def _never(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    return []


#: by room kind (data.SUPPLIER .. data.LODGE_ROOM)
EXECUTIONS: tuple[Executions, ...] = (
    _supplier, _harbour, _market, _experts_room, _banker, _tea_house, _sale_row, _sale_row,
    _bank, _always, _trading_post, _guild_hall, _always, _never)


def execution_options(s: RotundaState, p: int, node: int, extra: bool) -> list[int]:
    """The options of one execution of the room in `node` that seat p can take now."""
    return EXECUTIONS[s.rooms[node]](s, p, node, extra)


@remembered
@cython.locals(out=list, o=cython.Py_ssize_t, young=cython.long, elder=cython.long)
def room_options(s: RotundaState, req: RoomTurn) -> list[Action]:
    p, node = req.seat, req.node
    out = []
    if req.done == 0:
        for o in EXECUTIONS[s.rooms[node]](s, p, node, False):
            out.append(EXECUTE[o][0])
        out.append(STOP)
        return out
    if req.done > MAX_EXTRA or node not in INNER:
        return ONLY_STOP
    young, elder = chair_discs(s, p, node)
    if young <= 0 and elder <= req.elder:
        return ONLY_STOP
    for o in execution_options(s, p, node, True):
        row = EXECUTE[o]
        if young > 0:
            out.append(row[1])
        if elder > req.elder:
            out.append(row[2])
    out.append(STOP)
    return out


@checked
def room_legal(s: RotundaState, req: RoomTurn, a: Action) -> bool:
    """Fast test of one option (agrees with `room_options`)."""
    if a is STOP or type(a) is Stop:
        return True
    if type(a) is not Execute:
        return False
    p, node, disc = req.seat, req.node, a.disc  # type: ignore[attr-defined]
    if req.done == 0:
        if disc:
            return False
    else:
        if disc == 0 or req.done > MAX_EXTRA or node not in INNER:
            return False
        young, elder = chair_discs(s, p, node)
        if (disc == 1 and young == 0) or (disc == 2 and elder <= req.elder):
            return False
    return a.option in execution_options(s, p, node, req.done > 0)  # type: ignore[attr-defined]


def room_auto(s: RotundaState, req: RoomTurn) -> bool:
    """Nothing left to execute: the room action ends without asking."""
    if req.done and (req.node not in INNER or req.done > MAX_EXTRA):
        return True
    return len(room_options(s, req)) == 1


def room_apply(s: RotundaState, req: RoomTurn, a: Action) -> None:
    """One execution (§12.1), paid with a young (disc 1) or elder (2) chair Assistant after
    the first; the room turn goes on with one execution more."""
    if type(a) is not Execute:
        return
    p, node, disc = req.seat, req.node, a.disc
    if disc == 0:
        s.stack.append(RoomTurn(p, node, req.done + 1, req.young, req.elder))
    else:
        if disc == 1:
            unseat_young(s, p, node)
        s.stack.append(RoomTurn(p, node, req.done + 1, req.young + (disc == 1),
                                req.elder + (disc == 2)))
    room = s.rooms[node]
    RUNS[room](s, p, room, a.option)


#: one room's execution: (s, p, room kind, option) (§12.1)
Execution = Callable[["RotundaState", int, int, int], None]


def _run_supplier(s: RotundaState, p: int, room: int, option: int) -> None:
    """R1: the chosen cube (none for 3), then an optional Peddler action."""
    if option < 3:
        gain_cube(s, p, option)
    s.stack.append(Grant(p, PEDDLER, True))


def _run_harbour(s: RotundaState, p: int, room: int, option: int) -> None:
    """R2: a Gold (3), or the cubes of the Smuggler taken from its slot."""
    if option == 3:
        gain_cube(s, p, GOLD)
    else:
        for t in SMUGGLERS[take_smuggler(s, option)]:
            gain_cube(s, p, t)


def _run_market(s: RotundaState, p: int, room: int, option: int) -> None:
    """R3: the sale onto its icon, the type's reward and Assistant action."""
    t, gold = divmod(option, 2)
    place(s, p, MARKET, t, bool(gold))
    coins, vp, action = MARKET_REWARD[t]
    pay_reward(s, p, coins, vp)
    queue_grant(s, p, action, True)


def _run_experts_room(s: RotundaState, p: int, room: int, option: int) -> None:
    """R4: hire pool slot `option`."""
    start_hire(s, p, option, -1)


def _run_banker(s: RotundaState, p: int, room: int, option: int) -> None:
    """R5: the coins lying there (0) or a cube (type + 1), then an optional Peddler."""
    if option == 0:
        coins, s.banker = s.banker, 0
        gain_coins(s, p, coins)
    else:
        gain_cube(s, p, option - 1)
    s.stack.append(Grant(p, PEDDLER, True))


def _run_tea_house(s: RotundaState, p: int, room: int, option: int) -> None:
    """R6: 2 coins to the Banker room; two Recruits with Peddler and Apprentice (0, 1 in
    the other order), or a Recruit and the turn of the room in node option - 1."""
    s.coins[p] -= TEA_HOUSE_COST
    s.banker += TEA_HOUSE_COST
    if option <= 1:
        recruit(s, p)
        recruit(s, p)
        grants = [Grant(p, PEDDLER, False), Grant(p, APPRENTICE, False)]
        push(s, *(grants if option == 0 else grants[::-1]))
    else:
        recruit(s, p)
        s.stack.append(RoomTurn(p, option - 1, 0, 0, 0))


def _run_sale_row(s: RotundaState, p: int, room: int, option: int) -> None:
    """R7 / R8: the sales, one by one."""
    s.stack.append(SaleLoop(p, room, 0))


def _run_bank(s: RotundaState, p: int, room: int, option: int) -> None:
    """R9: the payments, one by one."""
    s.stack.append(BankLoop(p, 0))


def _run_black_market(s: RotundaState, p: int, room: int, option: int) -> None:
    """R10: the transactions, one by one."""
    s.stack.append(BlackMarketLoop(p, 0, False))


def _run_trading_post(s: RotundaState, p: int, room: int, option: int) -> None:
    """R11: the purchases, one by one."""
    s.stack.append(TradingLoop(p, 0))


def _run_guild_hall(s: RotundaState, p: int, room: int, option: int) -> None:
    """R12: the hires, one by one."""
    s.stack.append(GuildLoop(p, 0))


def _run_warehouse(s: RotundaState, p: int, room: int, option: int) -> None:
    """R13: a Recruit, then the purchases one by one."""
    recruit(s, p)
    s.stack.append(WarehouseLoop(p, 0))


def _run_nothing(s: RotundaState, p: int, room: int, option: int) -> None:
    return


#: by room kind (data.SUPPLIER .. data.LODGE_ROOM)
RUNS: tuple[Execution, ...] = (
    _run_supplier, _run_harbour, _run_market, _run_experts_room, _run_banker, _run_tea_house,
    _run_sale_row, _run_sale_row, _run_bank, _run_black_market, _run_trading_post,
    _run_guild_hall, _run_warehouse, _run_nothing)


def queue_grant(s: RotundaState, p: int, action: int | None, optional: bool) -> None:
    """Queue an Assistant action; a Recruit is taken at once (it never hurts)."""
    if action is None:
        return
    if action == RECRUIT:
        recruit(s, p)
    else:
        s.stack.append(Grant(p, action, optional))


# --- hiring (R4, R12, §9 limit) --------------------------------------------------------------
def start_hire(s: RotundaState, p: int, slot: int, guild: int) -> None:
    """Hire pool slot `slot`; with 3 Experts held the seat first discards one (or cancels)."""
    if len(s.experts[p]) >= EXPERT_LIMIT:
        s.stack.append(HireLimit(p, slot, guild))
    else:
        finish_hire(s, p, slot, guild)


def finish_hire(s: RotundaState, p: int, slot: int, guild: int) -> None:
    if guild >= 0:
        coins, fired = GUILD_HALL_COSTS[guild]
        s.coins[p] -= coins
        if fired:
            fire(s, p, fired)
    hire(s, p, slot)
    if guild >= 0:
        s.stack.append(GuildLoop(p, guild + 1))



# --- hiring limit (§9) -----------------------------------------------------------------------
@remembered
def hire_limit_options(s: RotundaState, req: HireLimit) -> list[Action]:
    return [DiscardExpert(e) for e in sorted(s.experts[req.seat])] + [STOP]


def hire_limit_apply(s: RotundaState, req: HireLimit, a: Action) -> None:
    if isinstance(a, DiscardExpert):
        s.experts = seat_remove(s.experts, req.seat, a.expert)
        s.expert_discard += (a.expert,)
        finish_hire(s, req.seat, req.slot, req.guild)
