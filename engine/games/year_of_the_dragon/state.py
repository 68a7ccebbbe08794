"""The state struct (flat fields, small ints), its declared visibility and its protocol
methods (decisions in rules.py, round flow in flow.py)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text

from engine import kernel
from engine.common.rng import Rng
from engine.games.year_of_the_dragon import heuristic as _heuristic
from engine.games.year_of_the_dragon import render as _render
from engine.games.year_of_the_dragon import rules
from engine.games.year_of_the_dragon.observe import YotdObservation
from engine.games.year_of_the_dragon.requests import ST_DRAFT, STAGE_NAMES, YotdRequest
from engine.games.year_of_the_dragon.space import action_space
from engine.kernel import GENERATOR, PUBLIC
from engine.protocol import ActionSpace


class YotdState(kernel.GameState, kw_only=True):
    """In the Year of the Dragon. Zones (all public, rules §11 "Information", D11):
    palaces, persons, money, goods, privileges, tracks, hands (deducible), supply, event
    track, action groups, wall. Hidden from all: only the generator `rng` (future deals)."""

    game_id = "year_of_the_dragon"
    RULES = rules.RULES
    OBSERVATION = YotdObservation
    VISIBILITY: ClassVar = {
        **{name: PUBLIC for name in (
            "num_players", "great_wall", "original_privilege", "great_events", "great_event",
            "hidden_great_event",
            "sunrise_used", "round", "stage", "events", "supply", "yuan", "rice", "fireworks",
            "vp", "small_privileges", "large_privileges", "track", "track_stamp", "moves",
            "hands", "palaces", "drafted", "card_group", "group_dragons", "wall", "wall_used",
        )},
        "rng": GENERATOR,  # the future action-card deals (rules §11 "Randomness")
    }
    num_players: int
    great_wall: bool = False
    original_privilege: bool = False
    great_events: bool = False
    #: the Great Event on slot 7 (rules §8, 0-9), -1 without the expansion (or while it
    #: lies face down with hidden_great_event)
    great_event: int = -1
    #: option hidden_great_event: the tile stays face down until round 7 (flow.py)
    hidden_great_event: bool = False
    #: person types already chosen in this Sunrise (bitmask)
    sunrise_used: int = 0
    rng: Rng
    round: int = 0
    stage: int = ST_DRAFT
    #: event kind of slots 1..12 (index = round - 1)
    events: list[int]
    #: person tiles left in the supply, by tile id
    supply: list[int]
    yuan: list[int]
    rice: list[int]
    fireworks: list[int]
    vp: list[int]
    small_privileges: list[int]
    large_privileges: list[int]
    #: person track: space and arrival stamp (higher stamp = higher in the stack)
    track: list[int]
    track_stamp: list[int]
    moves: int = 0
    #: person cards in hand per seat: counts of cards 0..8 (types) and 9 ("?")
    hands: list[list[int]]
    #: palaces[seat][i] = [floors, tile, tile, ...] (persons as tile ids)
    palaces: list[list[list[int]]]
    #: unordered type pairs taken in the draft (first * 9 + second)
    drafted: list[int] = []
    #: action card -> group index this round (-1: card not in play)
    card_group: list[int] = []
    #: dragons on each group this round
    group_dragons: list[int] = []
    #: Great Wall: owners of the wall tiles in wall order; used bonuses per seat (bitmask)
    wall: list[int] = []
    wall_used: list[int] = []
    #: pending decisions; the last element is the one to take now
    stack: list[YotdRequest] = []

    def scores(self) -> list[int]:
        return list(self.vp)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Rules §6: person track space, then height in the stack."""
        return (self.track[seat], self.track_stamp[seat])

    def render_text(self, seat: int | None = None) -> Text:
        """The table in words and colours (render.py); every seat sees all (rules §11)."""
        return _render.render_text(self, seat)

    def score_breakdown(self) -> dict[str, list[int]]:
        """Rules §6: VP of the rounds, then persons, monks and money (render.py)."""
        return _render.score_breakdown(self)

    def heuristic(self, seat: int) -> float:
        """Cheap value in [0, 1]: a logistic (scale 12 VP) of seat's projected final score
        (VP + persons/monks/money now + palace, court-lady and privilege income for the
        scoring phases left) minus the best other seat's; exact (1 = won, 0 = last) at the
        end. Details in heuristic.py."""
        return _heuristic.value(self, seat)

    def action_space(self) -> ActionSpace:
        return action_space(
            self.num_players,
            {"great_wall": self.great_wall, "great_events": self.great_events},
        )

    def phase(self) -> str:
        """The observation's phase: the stage of the round (rules §5), not the request."""
        return STAGE_NAMES[self.stage]
