"""What a seat may know (rules §11 "Information").

Declared visibility:
- public: castle heights and top stones, realms (stacks, tops, faces, shrines), pools, VP,
  countdown tokens and track, shrine supply, dragon cards, the pending requests, the
  number of stones of each identity that have left the castle, the spirit card and its
  turn flags;
- hidden from everyone: the identities of covered castle stones (shown as counts per
  identity, derived from the public counts) and the random generator.
Nothing is owner-only, so every seat sees the same except `legal_actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.protocol import Observation

from .actions import DragonCastleAction
from .data import CASTLE_CELLS, COPIES, MAX_CASTLE_HEIGHT, NUM_IDENTITIES
from .requests import PHASE, Request

if TYPE_CHECKING:
    from .state import DragonCastleState


class DragonCastleObservation(Observation, kw_only=True):
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
    pending: list[Request]
    spirit_cards: list[int]
    spirit_used: list[int]
    pair_mode: int
    first_cell: int
    first_level: int
    elegance: int
    merged_now: list[int]
    shrines_out: int
    layout: str


def observation(s: DragonCastleState, seat: int) -> DragonCastleObservation:
    """Copy the public zones; covered castle stones become counts per identity."""
    h, castle = s.castle_h, s.castle
    heights = [h[i] for i in CASTLE_CELLS]
    tops = [castle[i * MAX_CASTLE_HEIGHT + h[i] - 1] if h[i] else -1 for i in CASTLE_CELLS]
    hidden = [COPIES - s.gone[k] for k in range(NUM_IDENTITIES)]
    for k in tops:
        if k >= 0:
            hidden[k] -= 1
    ended = s.ended
    cp = s.current_player()
    return DragonCastleObservation(
        game="dragon_castle", seat=seat, decision=s.decision,
        phase="end" if ended else PHASE[type(s.pending[-1])], current_player=cp,
        legal_actions=s.legal_actions() if cp == seat else [],
        num_players=s.num_players, dragon_cards=list(s.dragon_cards),
        castle_heights=heights, castle_tops=tops, hidden=hidden,
        height=list(s.height), top=list(s.top), up=list(s.up), shrine=list(s.shrine),
        pool=list(s.pool), vp=list(s.vp), tokens=list(s.tokens), supply=s.supply,
        track_singles=s.track_singles, track_stack=s.track_stack,
        first_player=s.first_player, turn=s.seat, last_round=s.last_round,
        gone=list(s.gone), pending=list(s.pending), spirit_cards=list(s.spirit_cards),
        spirit_used=list(s.spirit_used), pair_mode=s.pair_mode, first_cell=s.first_cell,
        first_level=s.first_level, elegance=s.elegance, merged_now=list(s.merged_now),
        shrines_out=s.shrines_out, layout=s.layout,
    )
