"""The decision registry: every request type and the rule that handles it."""

from __future__ import annotations

from engine import kernel
from engine.games.gugong import automa, bonus, canal, flow, travel, turn, wall
from engine.games.gugong.state import (
         CanalMove,
         CanalPlace,
         CardAction,
         ChooseGain,
         ExchangeCost,
         FinalTrades,
         GiftExchange,
         GugongState,
         HarborClaim,
         IntrigueReward,
         LocationAction,
         MengAction,
         MengMorning,
         MengMove,
         MorningDecree,
         NightGain,
         StoreToken,
         TokenReward,
         TravelMove,
         TurnEnd,
         WallCheck,
         WallPlace,
)

RULES = GugongState.RULES = kernel.Rules("gugong", on_empty=flow.on_empty)
RULES.on(GiftExchange, options=turn.gift_options, apply=turn.gift_apply, legal=turn.gift_legal)
RULES.on(TurnEnd, options=turn.turn_end_options, apply=turn.turn_end_apply,
         auto=turn.turn_end_auto)
RULES.on(ExchangeCost, options=turn.cost_options, apply=turn.cost_apply, legal=turn.cost_legal)
RULES.on(CardAction, options=turn.card_options, apply=bonus.card_apply, legal=turn.card_legal,
         auto=turn.card_auto)
RULES.on(LocationAction, options=turn.location_options, apply=bonus.location_apply,
         legal=turn.location_legal, auto=turn.location_auto)
RULES.on(TravelMove, options=travel.move_options, apply=travel.move_apply,
         legal=travel.move_legal, auto=travel.move_auto)
RULES.on(TokenReward, options=travel.reward_options, apply=travel.reward_apply)
RULES.on(StoreToken, options=travel.store_options, apply=travel.store_apply,
         auto=travel.store_auto)
RULES.on(WallPlace, options=wall.place_options, apply=wall.place_apply, auto=wall.place_auto)
RULES.automatic(WallCheck, wall.wall_check)
RULES.on(IntrigueReward, options=wall.reward_options, apply=wall.reward_apply,
         auto=wall.reward_auto)
RULES.on(CanalPlace, options=canal.canal_place_options, apply=canal.canal_place_apply,
         auto=canal.canal_place_auto)
RULES.on(CanalMove, options=canal.canal_move_options, apply=canal.canal_move_apply,
         auto=canal.canal_move_auto)
RULES.on(HarborClaim, options=canal.claim_request_options, apply=canal.claim_apply,
         auto=canal.claim_auto)
RULES.on(ChooseGain, options=flow.choose_gain_options, apply=flow.choose_gain_apply)
RULES.on(NightGain, options=flow.night_gain_options, apply=flow.night_gain_apply)
RULES.on(MorningDecree, options=flow.morning_decree_options, apply=flow.morning_decree_apply,
         auto=flow.morning_decree_auto)
RULES.on(FinalTrades, options=flow.final_trade_options, apply=flow.final_trade_apply,
         auto=flow.final_trade_auto)
bonus.register(RULES)  # the bonus travel tokens' decisions (rules §12)
# solo: the Automa Meng's steps are rules, never decisions (rules §13)
RULES.automatic(MengAction, automa.meng_action)
RULES.automatic(MengMove, automa.meng_move)
RULES.automatic(MengMorning, automa.meng_morning)
automa.words(RULES)
