"""What one seat may know (rules §13 "Hidden"/"Public") and determinization. The fields'
visibility is declared beside each field in state.py; the kernel derives the observation
from it, and `redraw` fills the hidden part of a sampled state.

Public: board, leaders, pagodas, market, VP (every award happens in public, §13), revealed
discards (box), committed conflict tiles, bag size, hand sizes, face-down discard counts,
the number of tiles removed unseen in a 2-player short game. Owner-only: the seat's hand and
its own face-down exchange discards. Hidden: other hands, the bag's contents, other seats'
face-down discards, which tiles the short game removed (§13), the generator (future draws).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.common.rng import Rng
from engine.games.huang import requests
from engine.games.huang.board import caches_of
from engine.games.huang.data import LEADER, RED, TILE, TILE_COUNTS, YELLOW

if TYPE_CHECKING:
    from engine.games.huang.state import HuangObservation


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
    the board's caches (board.py) are recomputed from it (memoised by board)."""
    n = obs.num_players
    unseen = unseen_tiles(obs)
    hands, hidden = fields["hands"], fields["hidden"]
    # §6.2: a seat placing a tile has named its colour (a public request): that tile is in
    # its hand, so it is dealt there before the rest. §6.3/§6.4: a seat asked whether its
    # off-board leader stands in for a tile of a revolt or a build holds at least one tile
    # of that colour (the action needs two, or one and the leader), dealt there the same way
    announced = [0] * n
    for req in obs.stack:
        if (isinstance(req, (requests.ChooseTileHex, requests.ChooseSubstitute))
                and req.seat != obs.seat):
            unseen[req.colour] -= 1
            hands[req.seat * 5 + req.colour] += 1
            announced[req.seat] += 1
    pool = [c for c, k in enumerate(unseen) for _ in range(k)]
    others = sum(obs.hand_sizes[p] - announced[p] + obs.hidden_counts[p]
                 for p in range(n) if p != obs.seat)
    if min(unseen) < 0 or len(pool) != others + obs.removed_count + obs.bag_size:
        raise ValueError("observation is inconsistent: unseen tiles do not match the hidden "
                         "zones (other hands, face-down discards, removed tiles, bag)")
    rng.shuffle(pool)
    for p in range(n):
        if p == obs.seat:
            continue
        for _ in range(obs.hand_sizes[p] - announced[p]):
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
    fields.update(caches_of(obs.board, obs.marker, obs.side))
