"""`sample_state`: redraw what the observing seat cannot know (rules §15 "Hidden
information"): the other seats' hands and discard piles (keeping every card the seat saw go
there, and the sizes), the gift draw pile, the two travel-token piles; the generator (all
future dice and shuffles) is new."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.common.rng import Rng
from engine.games.gugong import data as D
from engine.games.gugong.effects import seen_cards
from engine.games.gugong.flow import base_tokens, box_cards
from engine.games.gugong.state import SEEN_DISCARD, SEEN_EITHER, SEEN_HAND, ExchangeCost, StoreToken


def unknown_cards(fields: dict[str, Any], obs: Any) -> list[int]:
    """Cards whose place the seat does not know: not on the board, not in the box, not in
    its own hand or discard, not seen go to another seat, not in the exchange pending."""
    known = set(box_cards(obs.num_players)) | set(obs.board) | set(obs.hand) | set(obs.discard)
    known.update(c for c, v in enumerate(obs.seen) if v >= 0 and v // 3 != obs.seat)
    known.update(r.card for r in obs.stack if isinstance(r, ExchangeCost))
    return [c for c in range(D.NUM_CARDS) if c not in known]


def redraw(fields: dict[str, Any], obs: Any, rng: Rng) -> None:
    unknown = unknown_cards(fields, obs)
    rng.shuffle(unknown)
    for q in range(obs.num_players):
        if q == obs.seat:
            continue
        seen_h = seen_cards(obs.seen, q, SEEN_HAND)
        seen_d = seen_cards(obs.seen, q, SEEN_DISCARD)
        free = seen_cards(obs.seen, q, SEEN_EITHER)
        extra = obs.hand_sizes[q] + obs.discard_sizes[q] - len(seen_h) - len(seen_d) - len(free)
        free += [unknown.pop() for _ in range(extra)]
        rng.shuffle(free)
        cut = obs.hand_sizes[q] - len(seen_h)
        fields["hands"][q] = list(seen_h) + free[:cut]
        fields["discards"][q] = list(seen_d) + free[cut:]
    if len(unknown) != obs.draw_size:
        raise ValueError("gugong observation is inconsistent: unknown cards "
                         f"{len(unknown)} != draw pile {obs.draw_size}")
    fields["draw_pile"] = unknown
    tokens = Counter(base_tokens())
    tokens.subtract(t for t in obs.cities if t >= 0)
    tokens.subtract(obs.token_discard)
    for st in obs.stored:
        tokens.subtract(st)
    tokens.subtract(r.token for r in obs.stack if isinstance(r, StoreToken))  # taken, not stored
    hidden = sorted(tokens.elements())
    rng.shuffle(hidden)
    fields["pile_a"] = hidden[:obs.pile_a_size]
    fields["pile_b"] = hidden[obs.pile_a_size:]
