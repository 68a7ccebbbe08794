"""What a seat may know (rules §11 "Information").

Declared visibility:
- public: castle heights and top stones, realms (stacks, tops, faces, shrines), pools, VP,
  countdown tokens and track, shrine supply, dragon cards, the request stack, the
  number of stones of each identity that have left the castle, the spirit card and its
  turn flags;
- hidden from everyone: the identities of covered castle stones (shown as counts per
  identity, derived from the public counts) and the random generator.
Nothing is owner-only, so every seat sees the same except `legal_actions`. The state
declares this per field (state.DragonCastleState.VISIBILITY); the castle is the one CUSTOM
zone, shown by `castle_view` and redrawn by sample.redraw_castle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.protocol import Observation

from . import docs
from .actions import DragonCastleAction
from .data import CASTLE_CELLS, COPIES, MAX_CASTLE_HEIGHT
from .requests import DragonCastleRequest

if TYPE_CHECKING:
    from .state import DragonCastleState


class DragonCastleObservation(Observation, kw_only=True):
    """What a seat sees (rules §11): everything public except the covered castle stones,
    shown as counts per identity (`hidden`); every seat sees the same."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.OBSERVATION
    legal_actions: list[DragonCastleAction] = []
    num_players: int
    dragon_cards: list[int]
    #: castle heights and top-stone identities (-1 none), row-major (y * 12 + x)
    castle_heights: list[int]
    castle_tops: list[int]
    #: per identity: stones still hidden under other castle stones
    hidden: list[int]
    #: realms: per seat 36 cells (r * 6 + c), flattened seat-major
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
    stack: list[DragonCastleRequest]
    spirit_cards: list[int]
    spirit_used: list[int]
    pair_mode: int
    first_cell: int
    first_level: int
    elegance: int
    merged_now: list[int]
    shrines_out: int
    layout: str


def castle_view(s: DragonCastleState) -> dict[str, list[int]]:
    """The castle as a seat sees it: heights and top stones, row-major over CASTLE_CELLS;
    covered stones as counts per identity (from the public `gone` counts)."""
    h, castle = s.castle_h, s.castle
    heights = [h[i] for i in CASTLE_CELLS]
    tops = [castle[i * MAX_CASTLE_HEIGHT + h[i] - 1] if h[i] else -1 for i in CASTLE_CELLS]
    hidden = [COPIES - g for g in s.gone]
    for k in tops:
        if k >= 0:
            hidden[k] -= 1
    return {"castle_heights": heights, "castle_tops": tops, "hidden": hidden}
