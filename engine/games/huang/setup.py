"""Huang setup (rules §3): `new_state(num_players, seed, options)`, the game's starting
position for 2-4 players, or 5 with the Dragon dynasty (§11.4), with the modules of
§11.1-§11.3 and the 2-player short game (§3 step 2)."""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.games.huang.board import refresh
from engine.games.huang.data import (
    ACTIONS_PER_TURN,
    BANDIT_SITES,
    BANDITS_IN_PLAY,
    EIGHTEEN_SIDE,
    HAND_SIZE,
    MAPS,
    MARKET_SIZE,
    NUM_HEXES,
    NUM_PAGODAS,
    SHORT_GAME_REMOVED,
    TILE_COUNTS,
    YELLOW,
)
from engine.games.huang.queries import YELLOW_TILE
from engine.games.huang.requests import ChooseAction
from engine.games.huang.state import HuangState
from engine.games.huang.turn import draw
from engine.protocol import InvalidConfigError


def empty_state(num_players: int, rng: Rng) -> HuangState:
    """An empty board, empty supplies, every leader and pagoda off the board."""
    n = num_players
    return HuangState(
        num_players=n, rng=rng, board=[0] * NUM_HEXES, labels=[-1] * NUM_HEXES,
        yellow_next=[0] * NUM_HEXES, near=[0] * NUM_HEXES, leader_hexes=[], mono=[],
        leaders=[-1] * (5 * n), pagodas=[-1] * NUM_PAGODAS, hands=[0] * (5 * n),
        vp=[0] * (5 * n), bag=[0] * 5, market=[0] * 5, box=[0] * 5, hidden=[0] * (5 * n),
    )


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> HuangState:
    """§3 setup for 2-4 players, 5 with the Dragon dynasty (§11.4); options add the modules
    of §11.1-§11.3 and the 2-player short game (§3 step 2)."""
    s = empty_state(num_players, Rng.from_seed(seed, "huang"))
    s.palace_module = bool(options.get("imperial_palace", False))
    s.bandits_module = bool(options.get("bandits", False))
    if options.get("short_game", False):
        if num_players != 2:  # the registry already refuses it (Option.players)
            raise InvalidConfigError(f"option short_game is only for 2 players, not "
                                     f"{num_players}")
        s.short_game = True
    if s.bandits_module and options.get("eighteen_kingdoms", False):
        raise InvalidConfigError("the Bandits module cannot be combined with Eighteen "
                                 "Kingdoms (rules §11.1)")
    if options.get("eighteen_kingdoms", False):
        s.side = EIGHTEEN_SIDE
        s.granaries_held = [0] * num_players
    setup(s)
    return s


def setup(s: HuangState) -> None:
    """§3: yellow tile on each capital (7, or 19 on the Eighteen Kingdoms side with their
    granaries), the rest into the bag (less 24 unseen tiles in a 2-player short game), deal
    6 tiles per player, 6 to the market, pick the first player at random (seats are
    clockwise)."""
    capitals = MAPS[s.side].capitals
    for h in capitals:
        s.board[h] = YELLOW_TILE
    s.bag[:] = [n - (len(capitals) if c == YELLOW else 0) for c, n in enumerate(TILE_COUNTS)]
    if s.short_game:
        remove_short_game_tiles(s)
    if s.side == EIGHTEEN_SIDE:
        s.granaries[:] = list(capitals)  # §11.2: a granary on every capital
    if s.bandits_module:
        place_bandits(s)
    refresh(s)
    for p in range(s.num_players):
        for _ in range(HAND_SIZE):
            s.hands[p * 5 + draw(s)] += 1
    for _ in range(MARKET_SIZE):
        s.market[draw(s)] += 1
    s.active = s.rng.below(s.num_players)
    s.actions_left = ACTIONS_PER_TURN
    s.stack.append(ChooseAction(s.active))


def remove_short_game_tiles(s: HuangState) -> None:
    """§3 step 2 (2-player short game): 24 random tiles leave the bag for the box, unseen
    (right after the bag is filled, as the seed places it; drawn with the state's generator
    like every other bag draw)."""
    s.removed[:] = [0] * 5
    for _ in range(SHORT_GAME_REMOVED):
        s.removed[draw(s)] += 1


def place_bandits(s: HuangState) -> None:
    """§11.1 setup: shuffle the 10 bandit tiles; reveal one onto its site, discard the next
    unseen, five times (= a random 5 of the 10)."""
    stack = list(range(1, 11))
    s.rng.shuffle(stack)
    s.bandits[:] = sorted(stack[0:2 * BANDITS_IN_PLAY:2])
    for n in s.bandits:
        for h in BANDIT_SITES[n]:
            s.board[h] = -n
