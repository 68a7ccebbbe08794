"""Setup (rules §3): the castle built from the shuffled stones on the chosen layout, the
shrines, the countdown track, the cards in play and the first player."""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.protocol import InvalidConfigError

from .cards import cards_in_play
from .castle import LAYOUT_CELLS, LAYOUT_HEIGHTS, M, castle_caches
from .data import (
    ALL_LAYOUTS,
    COPIES,
    COUNTDOWN_SINGLES,
    COUNTDOWN_TOKENS,
    CUSTOM_PREFIX,
    NUM_IDENTITIES,
    PAD_CELLS,
    REALM_CELLS,
    SHRINES_TOTAL,
    START_POOL,
    custom_layout_name,
)
from .realm import FULL_REALM
from .requests import ChooseAction
from .state import DragonCastleState


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> DragonCastleState:
    """Rules §3: build the castle from shuffled stones on the chosen layout (option
    `layout`), shrines, countdown, cards (one or several of each kind, cards.py), first
    player."""
    rng = Rng.from_seed(seed, "dragon_castle")
    layout = chosen_layout(num_players, options)
    heights = list(LAYOUT_HEIGHTS[layout])
    stones = [k for k in range(NUM_IDENTITIES) for _ in range(COPIES)]
    rng.shuffle(stones)
    castle = [-1] * (PAD_CELLS * M)
    for i in LAYOUT_CELLS[layout]:
        for level in range(heights[i]):
            castle[i * M + level] = stones.pop()
    cards = cards_in_play("dragon", options, rng)
    spirits = cards_in_play("spirit", options, rng)
    first = rng.below(num_players)
    singles = COUNTDOWN_SINGLES[num_players]
    cells = num_players * REALM_CELLS
    return DragonCastleState(
        num_players=num_players, rng=rng, dragon_cards=cards, castle_h=heights, castle=castle,
        height=[0] * cells, top=[-1] * cells, up=[0] * cells, shrine=[0] * cells,
        pool=[START_POOL] * num_players, vp=[0] * num_players, tokens=[0] * num_players,
        supply=SHRINES_TOTAL - START_POOL * num_players, track_singles=singles,
        track_stack=COUNTDOWN_TOKENS - singles, first_player=first, turn=first,
        last_round=False, gone=[0] * NUM_IDENTITIES, stack=[ChooseAction(first)],
        spirit_cards=spirits, spirit_used=[0] * len(spirits), layout=layout,
        **castle_caches(heights, castle),
        realm_open=[FULL_REALM] * num_players, merge_due=[0] * num_players,
    )


def chosen_layout(num_players: int, options: dict[str, Any]) -> str:
    """Rules §3 step 1: option `layout`: "standard" (the standard layout for the player
    count, §4.3), a named layout (§4.4, data.NAMED_LAYOUTS, or "standard_<P>p"), or a
    user's own layout: "file:<path>" of a text file (data.custom_layout_name) or its rows
    inline, joined by "/"."""
    value = options.get("layout", "standard") or "standard"
    if not isinstance(value, str):
        raise InvalidConfigError(f"option layout takes a layout name, got {value!r}")
    if value == "standard":
        return f"standard_{num_players}p"
    if value in ALL_LAYOUTS:
        return value
    try:
        if value.startswith("file:"):
            with open(value[len("file:"):], encoding="utf-8") as f:
                return custom_layout_name(f.read())
        if "/" in value:
            return custom_layout_name(value.removeprefix(CUSTOM_PREFIX).replace("/", "\n"))
    except (OSError, ValueError) as e:
        raise InvalidConfigError(f"layout {value!r}: {e}") from None
    raise InvalidConfigError(f"layout {value!r} is not one of standard, "
                             f"{', '.join(ALL_LAYOUTS)}, file:<path> or rows joined by '/'")
