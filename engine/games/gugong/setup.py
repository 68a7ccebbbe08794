"""Set-up (rules §3; §11 the advanced set-up, §12 the bonus travel tokens, §13 the solo game
against the Automa Meng): `new_state(num_players, seed, options)`."""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.games.gugong import advanced, bonus
from engine.games.gugong.automa import setup
from engine.games.gugong.data import (
    BOARD_CARDS,
    DECREES_PER_LEVEL,
    DRAW_CARDS,
    F_LOCKED,
    HOUSE_COSTS,
    MAP_TOKENS,
    NUM_CARDS,
    SEEN_HAND,
    SERVANTS,
    START_POOL,
    STARTING_SETS,
)
from engine.games.gugong.morning import roll
from engine.games.gugong.state import GugongState


def deal_cards(n: int, first: int, rng: Rng) -> tuple[list[int], list[int], list[list[int]]]:
    """Base set-up (§3.1-2): the 7 BOARD cards on the locations, the 11 DRAW cards face down,
    set Pk to the k-th seat in turn order; unused sets go to the box. (The advanced set-up,
    §11, deals board and draw pile from one mixed deck: `advanced.deal_mixed`.)"""
    board = list(BOARD_CARDS)
    rng.shuffle(board)
    draw = list(DRAW_CARDS)
    rng.shuffle(draw)
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(n):
        hands[(first + k) % n] = list(STARTING_SETS[k])
    return board, draw, hands


def seen_at_start(hands: list[list[int]]) -> list[int]:
    """The starting sets are marked: everybody knows every starting hand."""
    seen = [-1] * NUM_CARDS
    for p, h in enumerate(hands):
        for c in h:
            seen[c] = p * 3 + SEEN_HAND
    return seen


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> GugongState:
    """Set-up (rules §3); 1 player: against the Automa Meng, a second colour (rules §13)."""
    n = num_players
    c = n + 1 if n == 1 else n  # colours: the seats, and Meng in the solo game
    rng = Rng.from_seed(seed, "gugong")
    first = rng.below(n)
    mixed, bonus_tokens = bool(options.get("advanced")), bool(options.get("bonus_travel"))
    deal = advanced.deal_mixed if mixed else deal_cards  # §11 advanced set-up
    board, draw, hands = deal(n, first, rng)
    tokens = bonus.setup_tokens(bonus_tokens)  # §12: +6 bonus tokens
    rng.shuffle(tokens)
    cities = tokens[:MAP_TOKENS]
    rest = tokens[MAP_TOKENS:]
    half = (len(rest) + 1) // 2
    decrees = []
    for level in range(3):
        tiles = list(range(level * 5, level * 5 + 5))
        rng.shuffle(tiles)
        decrees += tiles[:DECREES_PER_LEVEL]
    order = [(first + k) % c for k in range(c)]
    s = GugongState(
        num_players=n, rng=rng, first=first, turn=first, board=board, draw_pile=draw,
        hands=hands, discards=[[] for _ in range(n)],
        seen=seen_at_start(hands),
        pool=[START_POOL] * c, supply=[SERVANTS - START_POOL] * c,
        foreman=[F_LOCKED] * c, vp=[0] * c, intrigue=[0] * c,
        intrigue_t=[order.index(p) for p in range(c)], clock=c, envoy=[0] * c,
        palace_slot=[0] * c, jade=[0] * c, houses=[1] * len(HOUSE_COSTS), wall=[0] * c,
        ship_harbor=[-1] * (3 * c), ship_path=[-1] * (3 * c), ship_load=[0] * (3 * c),
        rewards=[0] * (3 * c), decrees=decrees, decree_servants=[0] * (6 * c),
        cities=cities, traveller=[-1] * c, pile_a=rest[:half], pile_b=rest[half:],
        token_discard=[], stored=[[] for _ in range(c)], dice=roll(rng),
        advanced=mixed, bonus=bonus_tokens,
    )
    if n == 1:
        setup(s, options)
    GugongState.RULES.settle(s)
    return s
