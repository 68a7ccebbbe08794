"""The registry of Dragon Castle: every request and its handler (the turn: turn.py; the
spirits' powers: powers.py) and what comes next when nothing is pending (flow.py)."""

from __future__ import annotations

from engine import kernel

from . import flow, powers, turn
from .requests import (
    BeautyMerge,
    BuildShrines,
    ChangeRequest,
    CheckMerges,
    ChooseAction,
    CunningMerge,
    DestroyRequest,
    FaithShrine,
    FinishAction,
    PlaceTaken,
    SpiritWindow,
    StrengthFrom,
    StrengthTo,
    WindFlip,
    WindShrineFrom,
    WindShrineTo,
)

RULES = kernel.Rules("dragon_castle", on_empty=flow.on_empty)
# the turn (rules §6, §8.1)
RULES.on(ChooseAction, options=turn.choose_options, apply=turn.choose, legal=turn.choose_ok)
RULES.on(FinishAction, options=turn.finish_options, apply=turn.finish, legal=turn.finish_ok)
RULES.on(PlaceTaken, options=turn.place_taken_options, apply=turn.place, legal=turn.place_ok,
         auto=turn.no_cell)
RULES.automatic(CheckMerges, turn.check_merges)
RULES.on(BuildShrines, options=turn.build_options, apply=turn.build, legal=turn.build_ok,
         auto=turn.nothing_to_build)
RULES.on(SpiritWindow, options=turn.window_options, apply=turn.window, legal=turn.window_ok,
         auto=turn.no_activation)
# the spirits' powers (rules §8.2); legal: one of the options
RULES.on(DestroyRequest, options=powers.destroy_options, apply=powers.destroy)
RULES.on(FaithShrine, options=powers.faith_options, apply=powers.faith)
RULES.on(CunningMerge, options=powers.cunning_options, apply=powers.cunning)
RULES.on(BeautyMerge, options=powers.beauty_options, apply=powers.beauty)
RULES.on(ChangeRequest, options=powers.change_choices, apply=powers.change)
RULES.on(StrengthFrom, options=powers.strength_from_options, apply=powers.strength_from)
RULES.on(StrengthTo, options=powers.strength_to_options, apply=powers.strength_to)
RULES.on(WindFlip, options=powers.wind_flip_options, apply=powers.wind_flip)
RULES.on(WindShrineFrom, options=powers.wind_shrine_from_options, apply=powers.wind_shrine_from)
RULES.on(WindShrineTo, options=powers.wind_shrine_to_options, apply=powers.wind_shrine_to)
