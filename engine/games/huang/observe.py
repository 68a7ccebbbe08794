"""What one seat may know (rules §13 "Hidden"/"Public") and determinization. The fields'
visibility is declared in state.py (`HuangState.VISIBILITY`); the kernel derives the
observation from it, and `redraw` fills the hidden part of a sampled state.

Public: board, leaders, pagodas, market, VP (every award happens in public, §13), revealed
discards (box), committed conflict tiles, bag size, hand sizes, face-down discard counts,
the number of tiles removed unseen in a 2-player short game. Owner-only: the seat's hand and
its own face-down exchange discards. Hidden: other hands, the bag's contents, other seats'
face-down discards, which tiles the short game removed (§13), the generator (future draws).
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.common.rng import Rng
from engine.games.huang import docs
from engine.games.huang.actions import BanditFight, HuangAction, HuangRequest, Revolt, War
from engine.games.huang.board import compute_labels, yellow_counts
from engine.games.huang.data import BANDIT_SITES, EMPTY, LEADER, RED, TILE, TILE_COUNTS, YELLOW
from engine.protocol import Observation


class HuangObservation(Observation, kw_only=True):
    """What one seat may know (§13): the whole board, leaders, buildings, market, VP and
    the conflict in progress are public; hands are seen by their owners only (others see
    their sizes); the bag's contents and face-down discards are hidden (counts only)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.OBSERVATION
    #: for the numeric observation (engine.tensor): the board as planes (empty, a tile per
    #: colour, a leader per seat and colour, a bandit tile -n); a war's losing tiles are red
    TENSOR_HINTS: ClassVar[dict[str, Any]] = {
        "board[]": {"categories": (EMPTY, *range(TILE, TILE + 5), *range(LEADER, LEADER + 25),
                                   *range(1 - len(BANDIT_SITES), 0))},
        "war.winner_tiles": {"max_len": TILE_COUNTS[RED]},
    }

    legal_actions: list[HuangAction] = []
    num_players: int
    active: int
    actions_left: int
    board: list[int]
    leaders: list[int]
    pagodas: list[int]
    market: list[int]
    vp: list[int]
    box: list[int]
    bag_size: int
    hand_sizes: list[int]
    hidden_counts: list[int]
    hand: list[int]
    own_hidden: list[int]
    stack: list[HuangRequest] = []
    revolt: Revolt | None = None
    war: War | None = None
    marker: int = -1
    over: bool = False
    palace_module: bool = False
    palace: int = -1
    side: int = 0
    granaries: list[int] = []
    granaries_held: list[int] = []
    bandits_module: bool = False
    bandits: list[int] = []
    bandit_fight: BanditFight | None = None
    #: 2-player short game (§3 step 2): in play, and how many tiles left unseen (not which)
    short_game: bool = False
    removed_count: int = 0


def unseen_tiles(obs: HuangObservation) -> list[int]:
    """Per colour, the tiles `obs.seat` cannot locate: other hands, others' face-down
    discards, the tiles a short game removed unseen, and the bag."""
    left = list(TILE_COUNTS)
    for x in obs.board:
        if TILE <= x < LEADER:
            left[x - TILE] -= 1
    for c in range(5):
        left[c] -= obs.market[c] + obs.box[c] + obs.hand[c] + obs.own_hidden[c]
    if obs.revolt is not None:
        left[YELLOW] -= max(0, obs.revolt.attacker_tiles) + max(0, obs.revolt.defender_tiles)
    if obs.war is not None and obs.war.winner < 0:
        left[RED] -= sum(obs.war.tiles)
    return left


def redraw(fields: dict[str, Any], obs: HuangObservation, rng: Rng) -> None:
    """`sample_state`'s hidden part: the unseen tiles are dealt uniformly at random to the
    other hands, the others' face-down discards, the short game's removed tiles and the bag;
    the group labels and yellow counts are recomputed from the board."""
    n = obs.num_players
    unseen = unseen_tiles(obs)
    pool = [c for c, k in enumerate(unseen) for _ in range(k)]
    others = sum(obs.hand_sizes[p] + obs.hidden_counts[p] for p in range(n) if p != obs.seat)
    if min(unseen) < 0 or len(pool) != others + obs.removed_count + obs.bag_size:
        raise ValueError("observation is inconsistent: unseen tiles do not match the hidden "
                         "zones (other hands, face-down discards, removed tiles, bag)")
    rng.shuffle(pool)
    hands, hidden = fields["hands"], fields["hidden"]
    for p in range(n):
        if p == obs.seat:
            continue
        for _ in range(obs.hand_sizes[p]):
            hands[p * 5 + pool.pop()] += 1
        for _ in range(obs.hidden_counts[p]):
            hidden[p * 5 + pool.pop()] += 1
    removed = [0] * 5 if obs.short_game else []
    for _ in range(obs.removed_count):
        removed[pool.pop()] += 1
    bag = [0] * 5
    for c in pool:
        bag[c] += 1
    fields["removed"], fields["bag"] = removed, bag
    fields["labels"] = compute_labels(obs.board, obs.marker)
    fields["yellow_next"] = yellow_counts(obs.board)
