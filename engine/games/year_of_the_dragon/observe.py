"""Observations and determinization (rules §11 "Information", D11).

Zones and who sees them: everything on the table is public (palaces, persons, money, goods,
privileges, both tracks, event track, supply, action groups, the wall). Person cards are
played face up from identical starting hands, so every hand is deducible and is shown
(D11). Hidden from everyone: only the generator, i.e. the future action-card deals.
`sample_state` therefore copies the observation and draws a fresh generator.
"""

from __future__ import annotations

from engine.common.rng import Rng
from engine.games.year_of_the_dragon.actions import STAGE_NAMES, Req, YotdAction
from engine.games.year_of_the_dragon.state import YotdState
from engine.protocol import Observation


class YotdObservation(Observation, kw_only=True):
    legal_actions: list[YotdAction] = []
    num_players: int
    great_wall: bool
    original_privilege: bool
    great_events: bool
    great_event: int
    sunrise_used: int
    round: int
    stage: int
    events: list[int]
    supply: list[int]
    yuan: list[int]
    rice: list[int]
    fireworks: list[int]
    vp: list[int]
    small_privileges: list[int]
    large_privileges: list[int]
    track: list[int]
    track_stamp: list[int]
    moves: int
    hands: list[list[int]]
    palaces: list[list[list[int]]]
    drafted: list[int]
    card_group: list[int]
    group_dragons: list[int]
    wall: list[int]
    wall_used: list[int]
    #: pending decisions (kind, seat, n, a), top last: public bookkeeping
    pending: list[Req]


def observation(s: YotdState, seat: int) -> YotdObservation:
    """Everything is public except the generator (copies, so the state stays private)."""
    cur = s.current_player()
    return YotdObservation(
        game=s.game_id, seat=seat, decision=s.decision, phase=STAGE_NAMES[s.stage],
        current_player=cur, legal_actions=s.legal_actions() if cur == seat else [],
        num_players=s.num_players, great_wall=s.great_wall,
        original_privilege=s.original_privilege, great_events=s.great_events,
        great_event=s.great_event, sunrise_used=s.sunrise_used, round=s.round, stage=s.stage,
        events=s.events[:], supply=s.supply[:], yuan=s.yuan[:], rice=s.rice[:],
        fireworks=s.fireworks[:], vp=s.vp[:], small_privileges=s.small_privileges[:],
        large_privileges=s.large_privileges[:], track=s.track[:],
        track_stamp=s.track_stamp[:], moves=s.moves, hands=[h[:] for h in s.hands],
        palaces=[[q[:] for q in pl] for pl in s.palaces], drafted=s.drafted[:],
        card_group=s.card_group[:], group_dragons=s.group_dragons[:], wall=s.wall[:],
        wall_used=s.wall_used[:], pending=s.stack[:],
    )


def sample_state(obs: YotdObservation, seed: int) -> YotdState:
    """A full state consistent with `obs`: all zones copied, a fresh generator from `seed`
    (the only hidden part is future chance)."""
    return YotdState(
        num_players=obs.num_players, great_wall=obs.great_wall,
        original_privilege=obs.original_privilege, great_events=obs.great_events,
        great_event=obs.great_event, sunrise_used=obs.sunrise_used,
        rng=Rng.from_seed(seed, "year_of_the_dragon", "sample", obs.seat, obs.decision),
        round=obs.round, stage=obs.stage, decision=obs.decision, events=obs.events[:],
        supply=obs.supply[:], yuan=obs.yuan[:], rice=obs.rice[:], fireworks=obs.fireworks[:],
        vp=obs.vp[:], small_privileges=obs.small_privileges[:],
        large_privileges=obs.large_privileges[:], track=obs.track[:],
        track_stamp=obs.track_stamp[:], moves=obs.moves, hands=[h[:] for h in obs.hands],
        palaces=[[q[:] for q in pl] for pl in obs.palaces], drafted=obs.drafted[:],
        card_group=obs.card_group[:], group_dragons=obs.group_dragons[:], wall=obs.wall[:],
        wall_used=obs.wall_used[:], stack=obs.pending[:],
    )
