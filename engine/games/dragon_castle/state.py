"""The Dragon Castle state: flat lists of ints, a stack of pending requests, and the
declared visibility of every field (rules §11 "Information")."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text

from engine import kernel
from engine.common.rng import Rng
from engine.kernel import CUSTOM, GENERATOR, PUBLIC
from engine.protocol import ActionSpace

from .actions import action_space
from .data import DRAGON_CARDS, REALM_CELLS
from .heuristic import heuristic
from .observe import DragonCastleObservation, castle_view
from .render import render_text, score_breakdown
from .requests import DragonCastleRequest
from .rules import RULES
from .sample import redraw_castle
from .scoring import (
    Realm,
    built_shrines,
    dragon_points,
    face_down_tops,
    realm_of,
    shrine_points,
    token_points,
)


class DragonCastleState(kernel.GameState, kw_only=True):
    """Whole game state (rules §3 components).

    Castle (castle.py): `castle_h` padded heights, `castle` stone identities per level;
    covered stones are hidden from everyone. Realms (realm.py): per seat REALM_CELLS
    entries in `height`, `top`, `up` and `shrine`. Stones below a realm top are always face
    down and rule-irrelevant. `gone[k]`: stones of identity k that have left the castle.
    `turn`: the seat whose turn it is. The game is over when nothing is pending.
    """

    game_id = "dragon_castle"
    RULES: ClassVar[kernel.Rules] = RULES
    OBSERVATION = DragonCastleObservation
    VISIBILITY: ClassVar = {
        "num_players": PUBLIC, "rng": GENERATOR, "dragon_cards": PUBLIC,
        # covered castle stones are hidden from all; heights and tops are seen (observe.py)
        "castle_h": CUSTOM, "castle": CUSTOM,
        "height": PUBLIC, "top": PUBLIC, "up": PUBLIC, "shrine": PUBLIC, "pool": PUBLIC,
        "vp": PUBLIC, "tokens": PUBLIC, "supply": PUBLIC, "track_singles": PUBLIC,
        "track_stack": PUBLIC, "first_player": PUBLIC, "turn": PUBLIC,
        "last_round": PUBLIC, "gone": PUBLIC, "spirit_cards": PUBLIC, "spirit_used": PUBLIC,
        "pair_mode": PUBLIC, "first_cell": PUBLIC, "first_level": PUBLIC,
        "elegance": PUBLIC, "merged_now": PUBLIC, "shrines_out": PUBLIC, "layout": PUBLIC,
    }

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
    turn: int
    last_round: bool
    gone: list[int]
    stack: list[DragonCastleRequest] = []
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

    def action_space(self) -> ActionSpace:
        return action_space(self.num_players, {})

    def phase(self) -> str:
        """The observation's phase: the pending request's `PHASE`, or "end"."""
        return self.stack[-1].PHASE if self.stack else "end"

    # --- scoring (rules §7) ------------------------------------------------------------------
    def realms(self) -> list[Realm]:
        return [realm_of(self.height, self.top, self.up, self.shrine, p)
                for p in range(self.num_players)]

    def score_parts(self, seat: int) -> dict[str, int]:
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
        return [sum(self.score_parts(p).values()) for p in range(self.num_players)]

    def score_breakdown(self) -> dict[str, list[int]]:
        """Every seat's score parts by name (render.score_breakdown)."""
        return score_breakdown(self)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Rules §7: most face-down-topped stacks, then most built shrines."""
        r = realm_of(self.height, self.top, self.up, self.shrine, seat)
        return (face_down_tops(r), built_shrines(r))

    # --- views --------------------------------------------------------------------------------
    def observe_custom(self, seat: int) -> dict[str, Any]:
        """Rules §11: castle heights and top stones; covered stones as counts."""
        return castle_view(self)

    @classmethod
    def redraw(cls, fields: dict[str, Any], obs: Any, rng: Rng) -> None:
        """Rules §11: the covered castle stones are dealt anew from the hidden counts."""
        redraw_castle(fields, obs, rng)

    def render_text(self, seat: int | None = None) -> Text:
        """The castle, realms, supplies, the pending decision in words (render.py)."""
        return render_text(self, seat)

    def heuristic(self, seat: int) -> float:
        return heuristic(self, seat)

    def realm_cells(self, seat: int) -> range:
        return range(seat * REALM_CELLS, (seat + 1) * REALM_CELLS)
