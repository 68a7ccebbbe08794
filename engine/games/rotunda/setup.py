"""Set-up (rules §3) for 2-5 players; the player-count tables live in data.py. The first
turn is queued here (flow.start_turn); each later one by flow.on_empty."""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.games.rotunda.data import (
    ADVANCED_DISCARD,
    AMULET_TOKENS,
    BASIC,
    CHAIRS_PER_ROOM,
    EXPERTS,
    GOLD,
    ICONS,
    INNER,
    INNER_ROOMS,
    LARGE_SLOTS,
    LARGE_TILES,
    LEADERS,
    LODGE,
    LODGE_ROOM,
    ORDERS,
    OUTER,
    POOL_SIZE,
    RETAILER,
    SMALL_DRAWN,
    SMALL_SLOTS,
    SMALL_TILES,
    SMUGGLERS,
    START_COINS,
    START_GOLD,
    START_SUPPLY_ASSISTANTS,
    START_TRACK_ASSISTANTS,
    STARTING_ORDERS,
    SUPPLY_START,
    TEMPLES,
    VILLAGES,
    WHOLESALER,
)
from engine.games.rotunda.flow import start_turn
from engine.games.rotunda.requests import ChooseLodge
from engine.games.rotunda.rules import RULES
from engine.games.rotunda.state import RotundaState


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> RotundaState:
    """§3: room tiles, amulets, temples, smugglers, orders, experts, supply, players."""
    n = num_players
    rng = Rng.from_seed(seed, "rotunda")
    large = list(LARGE_TILES)
    rng.shuffle(large)
    small = list(SMALL_TILES)
    rng.shuffle(small)
    board = [LODGE_ROOM, *INNER_ROOMS] + [0] * len(OUTER)
    for node, room in zip(LARGE_SLOTS, large, strict=True):
        board[node] = room
    for node, room in zip(SMALL_SLOTS, small[:SMALL_DRAWN], strict=True):
        board[node] = room
    rooms = tuple(board)
    amulets = list(AMULET_TOKENS)
    rng.shuffle(amulets)
    spaces = [amulets.pop() for _ in range(6)]
    end_amulet = amulets.pop()
    amulet_pool = [amulets.pop() for _ in range(POOL_SIZE)]
    smugglers = list(range(len(SMUGGLERS)))
    rng.shuffle(smugglers)
    smuggler_pool = [smugglers.pop() for _ in range(POOL_SIZE)]
    starting = list(STARTING_ORDERS)
    rng.shuffle(starting)
    held = tuple((starting.pop(),) for _ in range(n))
    deck = starting + [i for i in range(len(ORDERS)) if i not in STARTING_ORDERS]
    rng.shuffle(deck)
    order_pool = [deck.pop() for _ in range(POOL_SIZE)]
    experts = list(range(len(EXPERTS)))
    rng.shuffle(experts)
    expert_pool = [experts.pop() for _ in range(POOL_SIZE)]
    advanced = bool(options.get("advanced_experts"))
    # §11: the top 5 Experts go face up to the discard pile (index 0 = its top card)
    discard = [experts.pop() for _ in range(ADVANCED_DISCARD)] if advanced else []
    neutrals: tuple[int, ...] = ()
    if n == 2:  # §3 step 12: one neutral leader at random in each large room
        large_rooms = list(LARGE_SLOTS)
        rng.shuffle(large_rooms)
        neutrals = tuple(large_rooms)
    first = rng.below(n)
    supply = list(SUPPLY_START)
    for t in BASIC:
        supply[t] -= 1
    supply[GOLD] -= START_GOLD * n
    cubes = [0] * (4 * n)
    coins = [0] * n
    for p in range(n):
        cubes[p * 4 + GOLD] = START_GOLD
        coins[p] = START_COINS[(p - first) % n]
    per = LEADERS[n]
    s = RotundaState(
        num_players=n, rng=rng, first=first, rooms=rooms,
        leaders=[LODGE] * (n * per), coins=coins, vp=[0] * n, cubes=cubes,
        supply_discs=[START_SUPPLY_ASSISTANTS] * n, track=[START_TRACK_ASSISTANTS] * n,
        chairs=[-1] * (len(INNER) * CHAIRS_PER_ROOM), villages=[0] * (VILLAGES * n),
        worship=(0,) * (16 * n), amulet_spaces=tuple(spaces), end_amulet=end_amulet,
        temples=(1,) * len(TEMPLES), market=[-1] * 3,
        retailer=[-1] * ICONS if RETAILER in rooms else [],
        wholesaler=[-1] * ICONS if WHOLESALER in rooms else [],
        warehouse=[1, 1, 1], supply=supply, order_pool=tuple(order_pool),
        amulet_pool=tuple(amulet_pool), expert_pool=tuple(expert_pool),
        smuggler_pool=tuple(smuggler_pool), order_deck=tuple(deck),
        amulet_stack=tuple(amulets), expert_deck=tuple(experts),
        smuggler_stack=tuple(smugglers), orders_open=held, orders_done=((),) * n,
        experts=((),) * n, kept=((),) * n, amulets=((),) * n, fired=[0] * n,
        expert_discard=tuple(discard), advanced_experts=advanced, neutrals=neutrals,
        neutral_actions=bool(options.get("neutral_actions")),
    )
    start_turn(s, first)
    s.turns = 0
    if options.get("lodge_variant"):
        s.stack.append(ChooseLodge((first - 1) % n))
    else:
        RULES.settle(s)
    return s
