"""The Dragon Castle state: flat lists of ints, plus a stack of pending requests."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.common.rng import Rng
from engine.protocol import TERMINAL, Action, ActionSpace, State

from . import rules
from .actions import action_space
from .data import DRAGON_CARDS, REALM_CELLS
from .requests import Request
from .scoring import (
    Realm,
    built_shrines,
    dragon_points,
    face_down_tops,
    realm_of,
    shrine_points,
    token_points,
)


class DragonCastleState(State, msgspec.Struct, kw_only=True):
    """Whole game state (rules §3 components).

    Castle: `castle_h` is the padded height map (data.castle_index), `castle[i*3 + L-1]` the
    identity of the stone at level L of cell i (-1 none); covered stones are hidden from
    everyone. Realms: per seat REALM_CELLS entries in `height`, `top` (identity of the top
    stone, -1 empty), `up` (top face up) and `shrine` (a shrine on the top). Stones below a
    realm top are always face down and rule-irrelevant. `gone[k]`: stones of identity k
    that have left the castle (public).
    """

    game_id = "dragon_castle"
    num_players: int
    rng: Rng
    dragon_cards: list[int]
    castle_h: list[int]
    castle: list[int]
    height: list[int]
    top: list[int]
    up: list[int]
    shrine: list[int]
    pool: list[int]
    vp: list[int]
    tokens: list[int]
    supply: int
    track_singles: int
    track_stack: int
    first_player: int
    seat: int
    last_round: bool
    gone: list[int]
    pending: list[Request]
    decision: int = 0
    ended: bool = False
    # spirit cards (rules §8; option spirit_card): cards in play, used this turn, the Pair
    # mode (0, Deception or Depths), the first stone's castle cell and level, Elegance
    # (0 off, 1 next take must be the special one, 2 active), cells merged this turn,
    # shrines paid for activations (out of the game)
    spirit_cards: list[int] = []
    spirit_used: list[int] = []
    pair_mode: int = 0
    first_cell: int = -1
    first_level: int = 0
    elegance: int = 0
    merged_now: list[int] = []
    shrines_out: int = 0
    #: castle layout name (data.ALL_LAYOUTS)
    layout: str = ""

    # --- protocol ------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.ended else self.pending[-1].seat

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def apply(self, action: Action) -> None:
        rules.apply(self, action)

    def clone(self) -> DragonCastleState:
        c = self.__copy__()
        c.rng = Rng(self.rng.s)
        c.castle_h = self.castle_h[:]
        c.castle = self.castle[:]
        c.height = self.height[:]
        c.top = self.top[:]
        c.up = self.up[:]
        c.shrine = self.shrine[:]
        c.pool = self.pool[:]
        c.vp = self.vp[:]
        c.tokens = self.tokens[:]
        c.gone = self.gone[:]
        c.pending = self.pending[:]  # requests are frozen
        c.dragon_cards = self.dragon_cards[:]
        c.spirit_cards = self.spirit_cards[:]
        c.spirit_used = self.spirit_used[:]
        c.merged_now = self.merged_now[:]
        return c

    def action_space(self) -> ActionSpace:
        return action_space(self.num_players, {})

    # --- scoring (rules §7) ------------------------------------------------------------------
    def realms(self) -> list[Realm]:
        return [realm_of(self.height, self.top, self.up, self.shrine, p)
                for p in range(self.num_players)]

    def score_breakdown(self, seat: int) -> dict[str, int]:
        """Rules §7: VP tokens + built-shrine points + 2 x countdown tokens + dragon cards."""
        realms = self.realms()
        out = {
            "vp": self.vp[seat],
            "shrines": shrine_points(realms[seat]),
            "countdown": token_points(self.tokens[seat]),
        }
        for card in self.dragon_cards:
            out[DRAGON_CARDS[card]] = dragon_points(DRAGON_CARDS[card], realms, seat)
        return out

    def scores(self) -> list[int]:
        return [sum(self.score_breakdown(p).values()) for p in range(self.num_players)]

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Rules §7: most face-down-topped stacks, then most built shrines."""
        r = realm_of(self.height, self.top, self.up, self.shrine, seat)
        return (face_down_tops(r), built_shrines(r))

    # --- views --------------------------------------------------------------------------------
    def observation(self, seat: int):  # type: ignore[override]
        from .observe import observation

        return observation(self, seat)

    def render(self) -> str:
        from .render import render

        return render(self)

    def heuristic(self, seat: int) -> float:
        from .heuristic import heuristic

        return heuristic(self, seat)

    def realm_cells(self, seat: int) -> range:
        return range(seat * REALM_CELLS, (seat + 1) * REALM_CELLS)
