"""Rotunda's handler registry (rules §5 the turn, §6 Assistant actions, §7 the Lodge, §9
Experts, §10 neutral leaders, §12 rooms): one handler per request type; the handlers live
in the rule modules named after the rulebook, what follows an empty stack in flow.py."""

from __future__ import annotations

from engine import kernel
from engine.games.rotunda import assistants, experts, flow, lodge, loops, neutrals, rooms, turn
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


RULES.on(ChooseLodge, options=lambda s, r: lodge.LODGE_OPTIONS, apply=lodge.lodge_choice_apply)
RULES.on(ExpertStep, options=experts.step_options, apply=experts.step_apply, auto=experts.step_auto)
RULES.on(ExpertCube, options=experts.cube_options, apply=experts.cube_apply)
RULES.on(ExpertReward, options=lambda s, r: experts.REWARD_OPTIONS, apply=experts.reward_apply)
RULES.on(ExpertSale, options=experts.sale_req_options, apply=experts.sale_apply)
RULES.on(KeepOrDiscard, options=lambda s, r: experts.KEEP_OPTIONS, apply=experts.keep_apply)
RULES.on(MoveStep, options=turn.move_options, apply=turn.move_apply, legal=turn.move_legal)
RULES.on(LodgeStep, options=lodge.lodge_options, apply=lodge.lodge_apply)
RULES.on(ChainEnd, options=lodge.chain_options, apply=lodge.chain_apply, auto=lodge.chain_auto)
RULES.on(WorshipAmulet, options=lodge.worship_amulet_options, apply=lodge.worship_amulet_apply,
         auto=lodge.worship_amulet_auto)
RULES.on(Grant, options=assistants.grant_options, apply=assistants.grant_apply,
         auto=assistants.grant_auto,
         legal=assistants.grant_legal)
RULES.on(RoomTurn, options=rooms.room_options, apply=rooms.room_apply, auto=rooms.room_auto,
         legal=rooms.room_legal)
RULES.on(SaleLoop, options=loops.sale_options, apply=loops.sale_apply,
         auto=loops.loop_auto(loops.sale_options))
RULES.on(BankLoop, options=loops.bank_options, apply=loops.bank_apply,
         auto=loops.loop_auto(loops.bank_options))
RULES.on(TradingLoop, options=loops.trading_options, apply=loops.trading_apply,
         auto=loops.loop_auto(loops.trading_options))
RULES.on(WarehouseLoop, options=loops.warehouse_options, apply=loops.warehouse_apply,
         auto=loops.loop_auto(loops.warehouse_options))
RULES.on(GuildLoop, options=loops.guild_options, apply=loops.guild_apply,
         auto=loops.loop_auto(loops.guild_options))
RULES.on(BlackMarketLoop, options=loops.bm_options, apply=loops.bm_apply)
RULES.on(HireLimit, options=rooms.hire_limit_options, apply=rooms.hire_limit_apply)
RULES.on(BonusStep, options=turn.bonus_options, apply=turn.bonus_apply, auto=turn.bonus_auto)
RULES.on(OrdersStep, options=turn.orders_options, apply=turn.orders_apply, auto=turn.orders_auto)
automatic(Cleanup, turn.cleanup)
automatic(ReturnChain, lodge.return_chain)
automatic(EndTurn, turn.end_turn)
RULES.on(NeutralWindow, options=neutrals.window_options, apply=neutrals.window_apply,
         auto=neutrals.window_auto)
RULES.on(NeutralMove, options=neutrals.neutral_move_options, apply=neutrals.neutral_move_apply)
automatic(NeutralCleanup, neutrals.neutral_cleanup)
