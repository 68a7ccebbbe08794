"""Rotunda turn (rules §5), Assistant actions (§6), bonus (§5
step 4), orders (§5 step 5), end of turn and of game (§8); the handler registry."""

from __future__ import annotations

from engine import kernel
from engine.games.rotunda import board
from engine.games.rotunda import data as D
from engine.games.rotunda import effects as E
from engine.games.rotunda import experts as X
from engine.games.rotunda import lodge as L
from engine.games.rotunda import rooms as R
from engine.games.rotunda.actions import (
    Apprentice,
    BankLoop,
    BlackMarketLoop,
    BonusAmulet,
    BonusOrder,
    BonusStep,
    ChainEnd,
    ChooseLodge,
    ChooseStaircase,
    Cleanup,
    DiscardExpert,
    EndTurn,
    ExpertCube,
    ExpertReward,
    ExpertSale,
    ExpertStep,
    Fulfil,
    Grant,
    GuildLoop,
    HireLimit,
    KeepOrDiscard,
    LodgeStep,
    Move,
    MoveStep,
    NeutralCleanup,
    NeutralMove,
    NeutralWindow,
    OrdersStep,
    PayNeutral,
    Peddler,
    ReturnChain,
    RoomTurn,
    SaleLoop,
    Skip,
    TradingLoop,
    WarehouseLoop,
    WorshipAmulet,
)
from engine.games.rotunda.state import RotundaState
from engine.protocol import Action

STOP = R.STOP
SKIP = Skip()
push = R.push
MOVES = tuple(tuple(Move(a, b) for b in range(D.NODES)) for a in range(D.NODES))
#: Peddler options by the most villages the seat can pay for
PEDDLER_OPTIONS = tuple(
    tuple([Peddler(b, 0) for b in range(most + 1)] + [Peddler(0, a) for a in range(1, most + 1)])
    for most in range(D.MAX_PEDDLER_MOVE + 1))
APPRENTICES = {n: Apprentice(n) for n in D.INNER}


# --- turn (§5) -------------------------------------------------------------------------------
def start_turn(s: RotundaState, p: int) -> None:
    """A new turn of seat p: once-per-turn effects reset, the five steps queued (step 1
    only for a seat holding a one-shot Expert; step 4 is queued by the end of step 3 when
    the score marker crossed a bonus symbol)."""
    s.turn = p
    s.turns += 1
    s.fired = [0] * s.num_players
    s.vp_start = s.vp[p]
    s.peddler_used = False
    s.market_mine = 0
    if s.neutrals:  # 2 players (§10): windows B (after step 5) and A (before step 2)
        s.neutral_moved = False
        s.stack += [EndTurn(p), NeutralWindow(p), OrdersStep(p), MoveStep(p), NeutralWindow(p)]
    else:
        s.stack += [EndTurn(p), OrdersStep(p), MoveStep(p)]
    if any(not D.EXPERTS[e][2] for e in s.experts[p]):
        s.stack.append(ExpertStep(p))


def end_turn(s: RotundaState, req: EndTurn) -> None:
    """End of turn: the free Peddler move if a Peddler action was used, then the end
    check: after the trigger every other seat plays one more turn (§8)."""
    if s.peddler_used:
        E.move_peddler(s, 1)
    if s.end_triggered:
        if s.turns_left == 0:
            return  # game over: the stack stays empty
        s.turns_left -= 1
    start_turn(s, (s.turn + 1) % s.num_players)


# --- step 2: move a leader (§4.4) ------------------------------------------------------------
_BIT = (0, *(1 << n for n in range(1, D.NODES)), 0)  # the Lodge never blocks; -1: none


def occupied(s: RotundaState, skip: int) -> int:
    """Bit set of the rooms holding a leader other than leader `skip`."""
    bits = 0
    leaders = s.leaders
    for i in range(len(leaders)):
        if i != skip:
            bits |= _BIT[leaders[i]]
    if s.neutrals:
        for n in s.neutrals:
            bits |= _BIT[n]
    return bits


def move_options(s: RotundaState, req: MoveStep) -> list[Action]:
    p, k = req.seat, s.per_seat
    out: list[Action] = []
    seen = set()
    for i in range(p * k, p * k + k):
        frm = s.leaders[i]
        if frm < 0 or frm in seen:
            continue
        seen.add(frm)
        row = MOVES[frm]
        out += [row[to] for to in board.destinations(s.lodge, frm, occupied(s, i))]
    return out


def move_legal(s: RotundaState, req: MoveStep, a: Action) -> bool:
    """Fast test of one Move (agrees with `move_options`)."""
    if type(a) is not Move:
        return False
    p, k = req.seat, s.per_seat
    try:
        i = s.leaders.index(a.frm, p * k, p * k + k)
    except ValueError:
        return False
    return a.to in board.destinations(s.lodge, a.frm, occupied(s, i))


def move_apply(s: RotundaState, req: MoveStep, a: Action) -> None:
    assert isinstance(a, Move)
    p, k = req.seat, s.per_seat
    i = s.leaders.index(a.frm, p * k, p * k + k)
    s.leaders[i] = a.to
    s.stack.append(Cleanup(p))
    if a.to == D.LODGE:
        s.stack.append(LodgeStep(p))
    else:
        s.stack.append(RoomTurn(p, a.to, 0, 0, 0))


def cleanup(s: RotundaState, req: Cleanup) -> None:
    """End of step 3 (§5): full icon rows return to the supply, an empty Banker room gets 3
    coins, the Warehouse is refilled from the supply; then step 4 is queued once per bonus
    symbol the score marker crossed this turn."""
    room_cleanup(s)
    crossed = s.vp[req.seat] // D.BONUS_EVERY - s.vp_start // D.BONUS_EVERY
    if crossed > 0 and (s.order_pool or s.amulet_pool):
        s.stack.append(BonusStep(req.seat, crossed))


def room_cleanup(s: RotundaState) -> None:
    """The rooms' part of the end of step 3 (§5)."""
    if -1 not in s.market:
        for c in s.market:
            s.supply[c] += 1
        s.market = [-1] * 3
    for row in (s.retailer, s.wholesaler):
        if row and -1 not in row:
            for x in row:
                s.supply[x & 3] += 1
            row[:] = [-1] * D.ICONS
    if s.banker == 0:
        s.banker = D.BANKER_REFILL
    for t in D.BASIC:
        if s.warehouse[t] == 0 and s.supply[t] > 0:
            s.supply[t] -= 1
            s.warehouse[t] = 1


# --- 2 players: neutral leaders (§10) --------------------------------------------------------
NEUTRAL_PAY = tuple(tuple(PayNeutral(k, g) for g in (False, True))
                    for k in range(len(D.NEUTRAL_COLOURS)))


def neutral_occupied(s: RotundaState, k: int) -> int:
    """Bit set of the rooms holding a leader other than neutral k."""
    bits = 0
    for n in s.leaders:
        bits |= _BIT[n]
    for j, n in enumerate(s.neutrals):
        if j != k:
            bits |= _BIT[n]
    return bits


def neutral_targets(s: RotundaState, k: int) -> tuple[int, ...]:
    return board.neutral_destinations(s.lodge, s.neutrals[k], neutral_occupied(s, k))


def window_options(s: RotundaState, req: NeutralWindow) -> list[Action]:
    """§10: once per turn pay 1 cube of a neutral's colour (or Gold [rec]) to move it."""
    out: list[Action] = [SKIP]
    if s.neutral_moved:
        return out
    p = req.seat
    gold = s.cubes[p * 4 + D.GOLD] > 0
    for k, t in enumerate(D.NEUTRAL_CUBE):
        if (s.cubes[p * 4 + t] or gold) and neutral_targets(s, k):
            if s.cubes[p * 4 + t]:
                out.append(NEUTRAL_PAY[k][0])
            if gold:
                out.append(NEUTRAL_PAY[k][1])
    return out


def window_auto(s: RotundaState, req: NeutralWindow) -> bool:
    """Not asked after this turn's neutral move, or when the seat holds no cube at all
    (both public facts)."""
    if s.neutral_moved:
        return True
    c = s.cubes
    i = req.seat * 4
    return not (c[i] or c[i + 1] or c[i + 2] or c[i + 3])


def window_apply(s: RotundaState, req: NeutralWindow, a: Action) -> None:
    if not isinstance(a, PayNeutral):
        return
    E.pay_cube(s, req.seat, D.GOLD if a.gold else D.NEUTRAL_CUBE[a.neutral])
    s.neutral_moved = True
    s.stack.append(NeutralMove(req.seat, a.neutral))


def neutral_move_options(s: RotundaState, req: NeutralMove) -> list[Action]:
    row = MOVES[s.neutrals[req.neutral]]
    return [row[to] for to in neutral_targets(s, req.neutral)]


def neutral_move_apply(s: RotundaState, req: NeutralMove, a: Action) -> None:
    """Move the neutral; in the neutral-action variant its room's action follows (§10):
    no Expert, bonus symbol or Order in it, then the step-3 cleanup."""
    assert isinstance(a, Move)
    k = req.neutral
    s.neutrals = s.neutrals[:k] + (a.to,) + s.neutrals[k + 1:]
    if s.neutral_actions:
        p = req.seat
        s.stack.append(NeutralCleanup(p, s.vp[p]))
        s.stack.append(RoomTurn(p, a.to, 0, 0, 0))


def neutral_cleanup(s: RotundaState, req: NeutralCleanup) -> None:
    """§10 variant: the step-3 cleanup; the points gained in the neutral room cross no bonus
    symbol, so the turn's starting score moves up by them."""
    room_cleanup(s)
    s.vp_start += s.vp[req.seat] - req.vp


# --- Assistant actions (§6) ------------------------------------------------------------------
def grant_options(s: RotundaState, req: Grant) -> list[Action]:
    p = req.seat
    if req.kind == D.PEDDLER:
        out: list[Action] = list(PEDDLER_OPTIONS[min(D.MAX_PEDDLER_MOVE, s.coins[p])])
    elif s.supply_discs[p]:
        chairs = s.chairs
        out = [APPRENTICES[n] for n in D.INNER
               if -1 in chairs[(n - 1) * D.CHAIRS_PER_ROOM:n * D.CHAIRS_PER_ROOM]]
    else:
        out = []
    if req.optional or not out:
        out.append(SKIP)
    return out


def grant_legal(s: RotundaState, req: Grant, a: Action) -> bool:
    """Fast test of one option (agrees with `grant_options`)."""
    kind = type(a)
    p = req.seat
    if req.kind == D.PEDDLER:
        if kind is Peddler:
            most = min(D.MAX_PEDDLER_MOVE, s.coins[p])
            b, f = a.before, a.after  # type: ignore[attr-defined]
            return (f == 0 and 0 <= b <= most) or (b == 0 and 1 <= f <= most)
        return kind is Skip and req.optional
    if kind is Apprentice:
        return (s.supply_discs[p] > 0 and a.room in APPRENTICES  # type: ignore[attr-defined]
                and E.free_chairs(s, a.room) > 0)  # type: ignore[attr-defined]
    if kind is Skip:
        return req.optional or grant_options(s, req) == [SKIP]
    return False


def grant_auto(s: RotundaState, req: Grant) -> bool:
    return grant_options(s, req) == [SKIP]


def grant_apply(s: RotundaState, req: Grant, a: Action) -> None:
    p = req.seat
    if isinstance(a, Peddler):
        s.coins[p] -= a.before + a.after
        E.move_peddler(s, a.before)
        E.peddler_place(s, p)
        E.move_peddler(s, a.after)
        s.peddler_used = True
    elif isinstance(a, Apprentice):
        E.seat_apprentice(s, p, a.room, req.kind == D.ELDER_APPRENTICE)


# --- step 4: score bonus ---------------------------------------------------------------------
def bonus_auto(s: RotundaState, req: BonusStep) -> bool:
    return not (s.order_pool or s.amulet_pool)


def bonus_options(s: RotundaState, req: BonusStep) -> list[Action]:
    return ([BonusOrder(k) for k in range(len(s.order_pool))]
            + [BonusAmulet(k) for k in range(len(s.amulet_pool))] + [STOP])


def bonus_apply(s: RotundaState, req: BonusStep, a: Action) -> None:
    if isinstance(a, BonusOrder):
        E.take_order(s, req.seat, a.slot)
    elif isinstance(a, BonusAmulet):
        E.take_amulet(s, req.seat, a.slot)
    if req.left > 1:
        s.stack.append(BonusStep(req.seat, req.left - 1))


# --- step 5: orders --------------------------------------------------------------------------
def fulfil_options(s: RotundaState, p: int) -> list[Action]:
    out: list[Action] = []
    have = s.cubes[p * 4:p * 4 + 4]
    for o in s.orders_open[p]:
        _, t, f, c, coins, *_ = D.ORDERS[o]
        if s.coins[p] < coins:
            continue
        for gt in range(t + 1):
            if t - gt > have[0]:
                continue
            for gf in range(f + 1):
                if f - gf > have[1]:
                    continue
                for gc in range(c + 1):
                    if c - gc <= have[2] and gt + gf + gc <= have[3]:
                        out.append(Fulfil(o, gt, gf, gc))
    return out


def orders_options(s: RotundaState, req: OrdersStep) -> list[Action]:
    return fulfil_options(s, req.seat) + [STOP]


def orders_auto(s: RotundaState, req: OrdersStep) -> bool:
    return not s.orders_open[req.seat] or not fulfil_options(s, req.seat)


def orders_apply(s: RotundaState, req: OrdersStep, a: Action) -> None:
    if not isinstance(a, Fulfil):
        return
    p = req.seat
    _, t, f, c, coins, *_ = D.ORDERS[a.order]
    s.coins[p] -= coins
    for typ, need, gold in ((D.TEA, t, a.gt), (D.FRUIT, f, a.gf), (D.CELADON, c, a.gc)):
        for _ in range(need - gold):
            E.pay_cube(s, p, typ)
        for _ in range(gold):
            E.pay_cube(s, p, D.GOLD)
    s.orders_open = E.seat_remove(s.orders_open, p, a.order)
    s.orders_done = E.seat_add(s.orders_done, p, a.order)
    s.stack.append(OrdersStep(p))


# --- hiring limit (§9) -----------------------------------------------------------------------
def hire_limit_options(s: RotundaState, req: HireLimit) -> list[Action]:
    return [DiscardExpert(e) for e in sorted(s.experts[req.seat])] + [STOP]


def hire_limit_apply(s: RotundaState, req: HireLimit, a: Action) -> None:
    if isinstance(a, DiscardExpert):
        s.experts = E.seat_remove(s.experts, req.seat, a.expert)
        s.expert_discard += (a.expert,)
        R.finish_hire(s, req.seat, req.slot, req.guild)


# --- Lodge variant (§3 step 13, §4.3) --------------------------------------------------------
LODGE_OPTIONS: list[Action] = [ChooseStaircase(k) for k in range(len(D.STAIRCASES))]


def lodge_choice_apply(s: RotundaState, req: ChooseLodge, a: Action) -> None:
    assert isinstance(a, ChooseStaircase)
    s.lodge = a.stair


# --- registry --------------------------------------------------------------------------------
RULES = RotundaState.RULES = kernel.Rules("rotunda")
RULES.on(ChooseLodge, options=lambda s, r: LODGE_OPTIONS, apply=lodge_choice_apply)
RULES.on(ExpertStep, options=X.step_options, apply=X.step_apply, auto=X.step_auto)
RULES.on(ExpertCube, options=X.cube_options, apply=X.cube_apply)
RULES.on(ExpertReward, options=lambda s, r: X.REWARD_OPTIONS, apply=X.reward_apply)
RULES.on(ExpertSale, options=X.sale_req_options, apply=X.sale_apply)
RULES.on(KeepOrDiscard, options=lambda s, r: X.KEEP_OPTIONS, apply=X.keep_apply)
RULES.on(MoveStep, options=move_options, apply=move_apply, legal=move_legal)
RULES.on(LodgeStep, options=L.lodge_options, apply=L.lodge_apply)
RULES.on(ChainEnd, options=L.chain_options, apply=L.chain_apply, auto=L.chain_auto)
RULES.on(WorshipAmulet, options=L.worship_amulet_options, apply=L.worship_amulet_apply,
         auto=lambda s, r: L.worship_amulet_options(s, r) == [SKIP])
RULES.on(Grant, options=grant_options, apply=grant_apply, auto=grant_auto,
         legal=grant_legal)
RULES.on(RoomTurn, options=R.room_options, apply=R.room_apply, auto=R.room_auto,
         legal=R.room_legal)
RULES.on(SaleLoop, options=R.sale_options, apply=R.sale_apply,
         auto=R.loop_auto(R.sale_options))
RULES.on(BankLoop, options=R.bank_options, apply=R.bank_apply,
         auto=R.loop_auto(R.bank_options))
RULES.on(TradingLoop, options=R.trading_options, apply=R.trading_apply,
         auto=R.loop_auto(R.trading_options))
RULES.on(WarehouseLoop, options=R.warehouse_options, apply=R.warehouse_apply,
         auto=R.loop_auto(R.warehouse_options))
RULES.on(GuildLoop, options=R.guild_options, apply=R.guild_apply,
         auto=R.loop_auto(R.guild_options))
RULES.on(BlackMarketLoop, options=R.bm_options, apply=R.bm_apply)
RULES.on(HireLimit, options=hire_limit_options, apply=hire_limit_apply)
RULES.on(BonusStep, options=bonus_options, apply=bonus_apply, auto=bonus_auto)
RULES.on(OrdersStep, options=orders_options, apply=orders_apply, auto=orders_auto)
RULES.automatic(Cleanup, cleanup)
RULES.automatic(ReturnChain, L.return_chain)
RULES.automatic(EndTurn, end_turn)
RULES.on(NeutralWindow, options=window_options, apply=window_apply, auto=window_auto)
RULES.on(NeutralMove, options=neutral_move_options, apply=neutral_move_apply)
RULES.automatic(NeutralCleanup, neutral_cleanup)
