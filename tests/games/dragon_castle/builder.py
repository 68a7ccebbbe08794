"""A small position builder for Dragon Castle scenario tests."""

from __future__ import annotations

from engine.games.dragon_castle import new_state
from engine.games.dragon_castle.actions import ActivateSpirit, ActivateSpiritShrine
from engine.games.dragon_castle.caches import refresh_caches
from engine.games.dragon_castle.data import (
    COPIES,
    IDENTITIES,
    MAX_CASTLE_HEIGHT,
    NUM_IDENTITIES,
    REALM_CELLS,
    REALM_SIZE,
    TYPES,
    castle_index,
)
from engine.games.dragon_castle.requests import ChooseAction
from engine.games.dragon_castle.state import DragonCastleState


def stone(kind: str, symbol: str | int) -> int:
    """Identity index of e.g. stone("merchant", 5) or stone("dragon", "red")."""
    return IDENTITIES.index((TYPES.index(kind), str(symbol)))


D = stone("dragon", "red")
D2 = stone("dragon", "green")


def empty_state(num_players: int = 2, seat: int = 0, first_player: int = 0,
                **options: bool) -> DragonCastleState:
    """A game whose castle and realms are empty, `seat` to choose an action."""
    s = new_state(num_players, 0, dict(options))
    s.castle_h = [0] * len(s.castle_h)
    s.castle = [-1] * len(s.castle)
    s.gone = [COPIES] * NUM_IDENTITIES
    s.first_player = first_player
    s.turn = seat
    s.stack = [ChooseAction(seat)]
    refresh_caches(s)
    return s


def with_spirit(spirit: int, players: int = 2) -> DragonCastleState:
    """`empty_state` with exactly one spirit card in play, `spirit` (data.SPIRIT_CARDS)."""
    s = empty_state(players, spirit_card=True)
    s.spirit_cards = [spirit]
    s.spirit_used = [0]
    return s


def activations(s: DragonCastleState) -> list:
    """The spirit activations among the legal actions (rules §8.1)."""
    return [a for a in s.legal_actions() if isinstance(a, (ActivateSpirit, ActivateSpiritShrine))]


def set_castle(s: DragonCastleState, stacks: dict[tuple[int, int], list[int]]) -> None:
    """Put stacks (bottom first) on castle cells (x, y); keeps the `gone` counts right."""
    for (x, y), stones in stacks.items():
        i = castle_index(x, y)
        for level in range(s.castle_h[i]):
            s.gone[s.castle[i * MAX_CASTLE_HEIGHT + level]] += 1
            s.castle[i * MAX_CASTLE_HEIGHT + level] = -1
        s.castle_h[i] = len(stones)
        for level, k in enumerate(stones):
            s.castle[i * MAX_CASTLE_HEIGHT + level] = k
            s.gone[k] -= 1
            assert s.gone[k] >= 0, "more than 4 copies of a stone"
    refresh_caches(s)


def fill_row(s: DragonCastleState, y: int, heights: str, filler: int) -> None:
    """Castle row y from a height string (digits / '.'), every stone `filler`-like: the
    identities cycle through non-dragon faction stones so nothing accidental pairs."""
    k = filler
    for x, ch in enumerate(heights):
        if ch != ".":
            stones = []
            for _ in range(int(ch)):
                stones.append(k % 18)
                k += 1
            set_castle(s, {(x, y): stones})


def set_cell(s: DragonCastleState, seat: int, r: int, c: int, height: int, top: int,
             up: bool = True, shrine: bool = False) -> None:
    """Realm cell (r, c) of `seat`: a stack of `height` stones whose top is `top`."""
    j = seat * REALM_CELLS + r * REALM_SIZE + c
    s.height[j] = height
    s.top[j] = top if height else -1
    s.up[j] = int(up and height > 0)
    s.shrine[j] = int(shrine)
    refresh_caches(s)


def cell(r: int, c: int) -> int:
    return r * REALM_SIZE + c


def two_open_sets(s: DragonCastleState) -> None:
    """Seat 0 holds two separate farmer sets of three (rows 0 and 5, columns 0-2, height 1)
    and 2 pool shrines; the castle's (0, 2) and (5, 2) hold a farmer pair that, placed on
    (0, 3) and (5, 3), completes both sets (worked example 4, Faith FAQ)."""
    farmers = [stone("farmer", n) for n in range(1, 5)]
    set_castle(s, {(0, 2): [farmers[0]], (5, 2): [farmers[0]]})
    for c in range(3):
        set_cell(s, 0, 0, c, 1, farmers[c + 1])
        set_cell(s, 0, 5, c, 1, farmers[c + 1])
    s.pool[0] = 2
