"""Rotunda's handler registry (rules §5 the turn, §6 Assistant actions, §7 the Lodge, §9
Experts, §10 neutral leaders, §12 rooms): one handler per request type; the handlers live
in the rule modules named after the rulebook, what follows an empty stack in flow.py."""

from __future__ import annotations

from engine import kernel
from engine.games.rotunda import assistants as A
from engine.games.rotunda import experts as X
from engine.games.rotunda import flow
from engine.games.rotunda import lodge as L
from engine.games.rotunda import loops as Lp
from engine.games.rotunda import neutrals as N
from engine.games.rotunda import rooms as R
from engine.games.rotunda import turn as T
from engine.games.rotunda.requests import (
    BankLoop,
    BlackMarketLoop,
    BonusStep,
    ChainEnd,
    ChooseLodge,
    Cleanup,
    EndTurn,
    ExpertCube,
    ExpertReward,
    ExpertSale,
    ExpertStep,
    Grant,
    GuildLoop,
    HireLimit,
    KeepOrDiscard,
    LodgeStep,
    MoveStep,
    NeutralCleanup,
    NeutralMove,
    NeutralWindow,
    OrdersStep,
    ReturnChain,
    RoomTurn,
    SaleLoop,
    TradingLoop,
    WarehouseLoop,
    WorshipAmulet,
)
from engine.protocol import Action

RULES = kernel.Rules("rotunda", on_empty=flow.on_empty)


def no_options(s: object, req: object) -> list[Action]:
    """An automatic step has no options."""
    return []


def never_asked(s: object, req: object, a: object) -> None:  # pragma: no cover
    raise AssertionError("an automatic step takes no decision")


def automatic(request: type, run: kernel.Auto) -> None:
    """`RULES.automatic` for a step whose `run` returns True itself (resolved without
    asking): registered as its own automatic test, one call less per step (issue 41)."""
    RULES.on(request, options=no_options, apply=never_asked, auto=run)


RULES.on(ChooseLodge, options=lambda s, r: L.LODGE_OPTIONS, apply=L.lodge_choice_apply)
RULES.on(ExpertStep, options=X.step_options, apply=X.step_apply, auto=X.step_auto)
RULES.on(ExpertCube, options=X.cube_options, apply=X.cube_apply)
RULES.on(ExpertReward, options=lambda s, r: X.REWARD_OPTIONS, apply=X.reward_apply)
RULES.on(ExpertSale, options=X.sale_req_options, apply=X.sale_apply)
RULES.on(KeepOrDiscard, options=lambda s, r: X.KEEP_OPTIONS, apply=X.keep_apply)
RULES.on(MoveStep, options=T.move_options, apply=T.move_apply, legal=T.move_legal)
RULES.on(LodgeStep, options=L.lodge_options, apply=L.lodge_apply)
RULES.on(ChainEnd, options=L.chain_options, apply=L.chain_apply, auto=L.chain_auto)
RULES.on(WorshipAmulet, options=L.worship_amulet_options, apply=L.worship_amulet_apply,
         auto=L.worship_amulet_auto)
RULES.on(Grant, options=A.grant_options, apply=A.grant_apply, auto=A.grant_auto,
         legal=A.grant_legal)
RULES.on(RoomTurn, options=R.room_options, apply=R.room_apply, auto=R.room_auto,
         legal=R.room_legal)
RULES.on(SaleLoop, options=Lp.sale_options, apply=Lp.sale_apply,
         auto=Lp.loop_auto(Lp.sale_options))
RULES.on(BankLoop, options=Lp.bank_options, apply=Lp.bank_apply,
         auto=Lp.loop_auto(Lp.bank_options))
RULES.on(TradingLoop, options=Lp.trading_options, apply=Lp.trading_apply,
         auto=Lp.loop_auto(Lp.trading_options))
RULES.on(WarehouseLoop, options=Lp.warehouse_options, apply=Lp.warehouse_apply,
         auto=Lp.loop_auto(Lp.warehouse_options))
RULES.on(GuildLoop, options=Lp.guild_options, apply=Lp.guild_apply,
         auto=Lp.loop_auto(Lp.guild_options))
RULES.on(BlackMarketLoop, options=Lp.bm_options, apply=Lp.bm_apply)
RULES.on(HireLimit, options=R.hire_limit_options, apply=R.hire_limit_apply)
RULES.on(BonusStep, options=T.bonus_options, apply=T.bonus_apply, auto=T.bonus_auto)
RULES.on(OrdersStep, options=T.orders_options, apply=T.orders_apply, auto=T.orders_auto)
automatic(Cleanup, T.cleanup)
automatic(ReturnChain, L.return_chain)
automatic(EndTurn, T.end_turn)
RULES.on(NeutralWindow, options=N.window_options, apply=N.window_apply, auto=N.window_auto)
RULES.on(NeutralMove, options=N.neutral_move_options, apply=N.neutral_move_apply)
automatic(NeutralCleanup, N.neutral_cleanup)
