"""Observations and determinization (rules §11 "Information", D11).

Zones and who sees them: everything on the table is public (palaces, persons, money, goods,
privileges, both tracks, event track, supply, action groups, the wall). Person cards are
played face up from identical starting hands, so every hand is deducible and is shown
(D11). Hidden from everyone: only the generator, i.e. the future action-card deals (and,
with option hidden_great_event, the face-down Great Event until round 7).
The state declares this field by field (`YotdState.VISIBILITY`); the kernel derives the
observation and `sample_state` (every field copied, a fresh generator).
"""

from __future__ import annotations

from typing import ClassVar

from engine.games.year_of_the_dragon import docs
from engine.games.year_of_the_dragon.actions import YotdAction
from engine.games.year_of_the_dragon.requests import STAGE_NAMES, YotdRequest
from engine.protocol import Observation


class YotdObservation(Observation, kw_only=True):
    """What a seat sees: everything on the table (rules §11 "Information", D11); hidden
    are only the future action-card deals (and a face-down Great Event)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.observation(STAGE_NAMES)
    legal_actions: list[YotdAction] = []
    num_players: int
    great_wall: bool
    original_privilege: bool
    great_events: bool
    great_event: int
    hidden_great_event: bool
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
    #: pending decisions, top last: public bookkeeping
    stack: list[YotdRequest]
