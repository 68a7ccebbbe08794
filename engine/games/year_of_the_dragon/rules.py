"""The registry of every request's handler (docs/architecture.md, "A turn is a stack of
small decisions"). The handlers live in the rule modules named after the rulebook: recruit.py
(§3.6 draft, §5.2 persons), action_phase.py (§5.1 actions, §7 Build Wall), events.py (§5.3
releases), great_events.py (§8); the round flow, the `on_empty` hook, in flow.py.

Handlers take the state (`YotdState`), the request (already off the stack) and the action,
mutate the state and push what comes next.
"""

from __future__ import annotations

from engine import kernel
from engine.games.year_of_the_dragon import action_phase as A
from engine.games.year_of_the_dragon import events as E
from engine.games.year_of_the_dragon import flow
from engine.games.year_of_the_dragon import great_events as G
from engine.games.year_of_the_dragon import recruit as R
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
RULES.on(Draft, options=R.draft_options, apply=R.draft, legal=R.draft_legal)
RULES.on(PlaceRecruit, options=R.place_options, apply=R.place, legal=R.place_legal)
RULES.on(ChooseAction, options=A.action_options, apply=A.choose_action, legal=A.action_legal)
RULES.on(BuildFloors, options=A.build_options, apply=A.build, legal=A.build_legal,
         auto=A.build_auto)
RULES.on(ChoosePrivilege, options=A.privilege_options, apply=A.buy_privilege)
RULES.on(PlayPersonCard, options=R.play_card_options, apply=R.play_card,
         legal=R.play_card_legal)
RULES.on(ChooseTile, options=R.tile_options, apply=R.choose_tile, legal=R.tile_legal)
RULES.on(ReleasePersons, options=E.release_options, apply=E.release, legal=E.release_legal,
         auto=E.release_auto)
RULES.on(DroughtRelease, options=E.drought_options, apply=E.drought_release,
         legal=E.drought_legal)
RULES.on(ChooseWallTile, options=A.wall_options, apply=A.build_wall)
RULES.on(EarthquakeFloors, options=G.earthquake_options, apply=G.remove_floor,
         auto=G.earthquake_auto)
RULES.on(EarthquakeOverfull, options=G.overfull_options, apply=G.release_overfull,
         auto=G.overfull_auto)
RULES.on(FloodDiscard, options=G.flood_options, apply=G.discard_goods, auto=G.flood_auto)
RULES.on(TornadoDiscard, options=G.tornado_options, apply=G.discard_card, auto=G.tornado_auto)
RULES.on(SunriseRecruit, options=G.sunrise_options, apply=G.sunrise_recruit,
         auto=G.sunrise_auto)
RULES.on(ChooseEdict, options=G.edict_options, apply=G.edict, auto=G.edict_auto)
