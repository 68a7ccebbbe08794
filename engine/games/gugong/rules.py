"""The decision registry: every request type and the rule that handles it (rules §15
"Decision points"); `flow.on_empty` says what comes next when nothing is pending."""

from __future__ import annotations

from engine import kernel
from engine.games.gugong import (
    automa,
    bonus,
    canal,
    effects,
    flow,
    locations,
    morning,
    night,
    scoring,
    travel,
    turn,
    wall,
)
from engine.games.gugong.requests import (
    ActivateBonus,
    CanalMove,
    CanalPlace,
    CardAction,
    ChooseGain,
    ExchangeCost,
    FinalTrades,
    FollowAction,
    GiftExchange,
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

RULES = kernel.Rules("gugong", on_empty=flow.on_empty)
# a Day turn (rules §4.2, §5, §6)
RULES.on(GiftExchange, options=turn.gift_options, apply=turn.gift_apply, legal=turn.gift_legal)
RULES.on(TurnEnd, options=turn.turn_end_options, apply=turn.turn_end_apply,
         auto=turn.turn_end_auto)
RULES.on(ExchangeCost, options=turn.cost_options, apply=turn.cost_apply, legal=turn.cost_legal)
RULES.on(CardAction, options=turn.card_options, apply=bonus.card_apply, legal=turn.card_legal,
         auto=turn.card_auto)
RULES.on(LocationAction, options=locations.location_options, apply=bonus.location_apply,
         legal=locations.location_legal, auto=locations.location_auto)
# travel and the travel tokens (rules §5.1, §8)
RULES.on(TravelMove, options=travel.move_options, apply=travel.move_apply,
         legal=travel.move_legal, auto=travel.move_auto)
RULES.on(TokenReward, options=travel.reward_options, apply=travel.reward_apply)
RULES.on(StoreToken, options=travel.store_options, apply=travel.store_apply,
         auto=travel.store_auto)
# the Great Wall (rules §5.2)
RULES.on(WallPlace, options=wall.place_options, apply=wall.place_apply, auto=wall.place_auto)
RULES.automatic(WallCheck, wall.wall_check)
RULES.on(IntrigueReward, options=wall.reward_options, apply=wall.reward_apply,
         auto=wall.reward_auto)
# the Grand Canal (rules §5.7)
RULES.on(CanalPlace, options=canal.canal_place_options, apply=canal.canal_place_apply,
         legal=canal.canal_place_legal, auto=canal.canal_place_auto)
RULES.on(CanalMove, options=canal.canal_move_options, apply=canal.canal_move_apply,
         legal=canal.canal_move_legal, auto=canal.canal_move_auto)
RULES.on(HarborClaim, options=canal.claim_request_options, apply=canal.claim_apply,
         auto=canal.claim_auto)
# servants and the Foreman (rules §7), the Night (§4.3), the Morning (§4.1), the end (§10)
RULES.on(ChooseGain, options=effects.choose_gain_options, apply=effects.choose_gain_apply)
RULES.on(NightGain, options=night.night_gain_options, apply=night.night_gain_apply)
RULES.on(MorningDecree, options=morning.morning_decree_options,
         apply=morning.morning_decree_apply, auto=morning.morning_decree_auto)
RULES.on(FinalTrades, options=scoring.final_trade_options, apply=scoring.final_trade_apply,
         auto=scoring.final_trade_auto)
# the bonus travel tokens (rules §12); a follow is the location action itself, without
# tolls, follows or a card action
RULES.on(ActivateBonus, options=bonus.activate_options, apply=bonus.activate_apply,
         legal=bonus.activate_legal, auto=bonus.activate_auto)
RULES.on(FollowAction, options=locations.location_options, apply=locations.location_apply,
         legal=locations.location_legal, auto=locations.location_auto)
# solo: the Automa Meng's steps are rules, never decisions (rules §13)
RULES.automatic(MengAction, automa.meng_action)
RULES.automatic(MengMove, automa.meng_move)
RULES.automatic(MengMorning, automa.meng_morning)
