"""The registry of every request's handler (docs/architecture.md, "A turn is a stack of
small decisions"). The handlers live in the rule modules named after the rulebook: recruit.py
(§3.6 draft, §5.2 persons), action_phase.py (§5.1 actions, §7 Build Wall), events.py (§5.3
releases), great_events.py (§8); the round flow, the `on_empty` hook, in flow.py.

Handlers take the state (`YotdState`), the request (already off the stack) and the action,
mutate the state and push what comes next.
"""

from __future__ import annotations

from engine import kernel
from engine.games.year_of_the_dragon import action_phase, events, flow, great_events, recruit
from engine.games.year_of_the_dragon.requests import (
    BuildFloors,
    ChooseAction,
    ChooseEdict,
    ChoosePrivilege,
    ChooseTile,
    ChooseWallTile,
    Draft,
    DroughtRelease,
    EarthquakeFloors,
    EarthquakeOverfull,
    FloodDiscard,
    PlaceRecruit,
    PlayPersonCard,
    ReleasePersons,
    SunriseRecruit,
    TornadoDiscard,
)

RULES = kernel.Rules("year_of_the_dragon", on_empty=flow.on_empty)
RULES.on(Draft, options=recruit.draft_options, apply=recruit.draft, legal=recruit.draft_legal)
RULES.on(PlaceRecruit, options=recruit.place_options, apply=recruit.place,
         legal=recruit.place_legal)
RULES.on(ChooseAction, options=action_phase.action_options, apply=action_phase.choose_action,
         legal=action_phase.action_legal)
RULES.on(BuildFloors, options=action_phase.build_options, apply=action_phase.build,
         legal=action_phase.build_legal,
         auto=action_phase.build_auto)
RULES.on(ChoosePrivilege, options=action_phase.privilege_options, apply=action_phase.buy_privilege)
RULES.on(PlayPersonCard, options=recruit.play_card_options, apply=recruit.play_card,
         legal=recruit.play_card_legal)
RULES.on(ChooseTile, options=recruit.tile_options, apply=recruit.choose_tile,
         legal=recruit.tile_legal)
RULES.on(ReleasePersons, options=events.release_options, apply=events.release,
         legal=events.release_legal,
         auto=events.release_auto)
RULES.on(DroughtRelease, options=events.drought_options, apply=events.drought_release,
         legal=events.drought_legal)
RULES.on(ChooseWallTile, options=action_phase.wall_options, apply=action_phase.build_wall)
RULES.on(EarthquakeFloors, options=great_events.earthquake_options, apply=great_events.remove_floor,
         auto=great_events.earthquake_auto)
RULES.on(EarthquakeOverfull, options=great_events.overfull_options,
         apply=great_events.release_overfull,
         auto=great_events.overfull_auto)
RULES.on(FloodDiscard, options=great_events.flood_options, apply=great_events.discard_goods,
         auto=great_events.flood_auto)
RULES.on(TornadoDiscard, options=great_events.tornado_options, apply=great_events.discard_card,
         auto=great_events.tornado_auto)
RULES.on(SunriseRecruit, options=great_events.sunrise_options, apply=great_events.sunrise_recruit,
         auto=great_events.sunrise_auto)
RULES.on(ChooseEdict, options=great_events.edict_options, apply=great_events.edict,
         auto=great_events.edict_auto)
