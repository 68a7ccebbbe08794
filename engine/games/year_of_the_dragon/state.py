"""The state struct (flat fields, small ints) and its protocol methods (rules in rules.py)."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.common.rng import Rng
from engine.games.year_of_the_dragon import heuristic as _heuristic
from engine.games.year_of_the_dragon import render as _render
from engine.games.year_of_the_dragon import rules
from engine.games.year_of_the_dragon.actions import ST_DRAFT, Req
from engine.protocol import TERMINAL, Action, ActionSpace, IllegalActionError, State


class YotdState(State, msgspec.Struct, kw_only=True):
    """In the Year of the Dragon. Zones (all public, rules §11 "Information", D11):
    palaces, persons, money, goods, privileges, tracks, hands (deducible), supply, event
    track, action groups, wall. Hidden from all: only the generator `rng` (future deals)."""

    game_id = "year_of_the_dragon"
    num_players: int
    great_wall: bool = False
    original_privilege: bool = False
    great_events: bool = False
    #: the Great Event on slot 7 (rules §8, 0-9), -1 without the expansion
    great_event: int = -1
    #: person types already chosen in this Sunrise (bitmask)
    sunrise_used: int = 0
    rng: Rng
    round: int = 0
    stage: int = ST_DRAFT
    decision: int = 0
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
    stack: list[Req] = []

    # --- protocol ------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.stack[-1].seat if self.stack else TERMINAL

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self) if self.stack else []

    def apply(self, action: Action) -> None:
        if not self.stack:
            raise IllegalActionError(f"{action!r}: the game is over")
        if not rules.is_legal(self, action):
            raise self._illegal(action)
        rules.apply(self, action)
        self.decision += 1

    def apply_legal(self, action: Action) -> None:
        rules.apply(self, action)
        self.decision += 1

    def scores(self) -> list[int]:
        return list(self.vp)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Rules §6: person track space, then height in the stack."""
        return (self.track[seat], self.track_stamp[seat])

    def observation(self, seat: int) -> Any:
        from engine.games.year_of_the_dragon.observe import observation

        return observation(self, seat)

    def render(self) -> str:
        return _render.render(self)

    def heuristic(self, seat: int) -> float:
        """Cheap value in [0, 1]: a logistic (scale 12 VP) of seat's projected final score
        (VP + persons/monks/money now + palace, court-lady and privilege income for the
        scoring phases left) minus the best other seat's; exact (1 = won, 0 = last) at the
        end. Details in heuristic.py."""
        return _heuristic.value(self, seat)

    def action_space(self) -> ActionSpace:
        from engine.games.year_of_the_dragon.space import action_space

        return action_space(
            self.num_players,
            {"great_wall": self.great_wall, "great_events": self.great_events},
        )

    def clone(self) -> YotdState:
        """Hand-written copy (faster than the msgpack round trip)."""
        return YotdState(
            num_players=self.num_players, great_wall=self.great_wall,
            original_privilege=self.original_privilege, great_events=self.great_events,
            great_event=self.great_event, sunrise_used=self.sunrise_used,
            rng=Rng(self.rng.s), round=self.round,
            stage=self.stage, decision=self.decision, events=self.events[:],
            supply=self.supply[:], yuan=self.yuan[:], rice=self.rice[:],
            fireworks=self.fireworks[:], vp=self.vp[:],
            small_privileges=self.small_privileges[:],
            large_privileges=self.large_privileges[:], track=self.track[:],
            track_stamp=self.track_stamp[:], moves=self.moves,
            hands=[h[:] for h in self.hands],
            palaces=[[q[:] for q in pl] for pl in self.palaces], drafted=self.drafted[:],
            card_group=self.card_group[:], group_dragons=self.group_dragons[:],
            wall=self.wall[:], wall_used=self.wall_used[:], stack=self.stack[:],
        )
