"""Huang rules: setup and the effects of decisions (rules §3, §5-§10).

Functions take the state `s` (engine.games.huang.state.HuangState) and mutate it. Each is
named after the rule it implements and cites its section.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.huang import actions as A
from engine.games.huang import conflicts, legal
from engine.games.huang.board import compute_labels, join, leave, yellow_counts
from engine.games.huang.data import (
    ACTIONS_PER_TURN,
    BANDIT_SITES,
    BANDITS_IN_PLAY,
    BLUE,
    EIGHTEEN_SIDE,
    EMPTY,
    EXCHANGE_MAX,
    GREEN,
    HAND_SIZE,
    LEADER,
    MAPS,
    MARKET_SIZE,
    NEIGHBOURS,
    NUM_PAGODAS,
    PAGODA_COLOUR,
    PAGODAS_OF_COLOUR,
    PALACE_HAND_SIZE,
    RHOMBI,
    SHORT_GAME_REMOVED,
    TILE,
    TILE_COUNTS,
    TRIANGLES,
    YELLOW,
)
from engine.games.huang.queries import (
    BANDIT_FIGHT,
    BANDIT_ILLEGAL,
    YELLOW_TILE,
    _triangle_colour,
    bandit_status,
    building_rhombi,
    building_triangles,
    hand_total,
    kingdom_granaries,
    war_parties,
)
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState

# ============================================================================================
# setup (§3)
# ============================================================================================


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
    s.labels[:] = compute_labels(s.board)
    s.yellow_next[:] = yellow_counts(s.board)
    for p in range(s.num_players):
        for _ in range(HAND_SIZE):
            s.hands[p * 5 + draw(s)] += 1
    for _ in range(MARKET_SIZE):
        s.market[draw(s)] += 1
    s.active = s.rng.below(s.num_players)
    s.actions_left = ACTIONS_PER_TURN
    s.pending = A.ChooseAction(s.active)


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


def draw(s: HuangState) -> int:
    """One tile from the bag (its colour), or -1 when the bag is empty (§10)."""
    bag = s.bag
    total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
    if total == 0:
        return -1
    r = s.rng.below(total)
    for c in range(5):
        if r < bag[c]:
            bag[c] -= 1
            return c
        r -= bag[c]
    raise AssertionError("unreachable")


def game_over(s: HuangState) -> None:
    """§10: a draw was needed from the empty bag: the game ends at once."""
    s.over = True
    s.pending = None


# ============================================================================================
# apply
# ============================================================================================


def apply_action(s: HuangState, a: Action) -> None:
    """Perform one legal decision (validated by the caller)."""
    req = s.pending
    assert req is not None
    t = type(req)
    p = req.seat
    s.decision += 1
    if t is A.ChooseAction:
        start_action(s, a)
    elif t is A.ChooseLeaderHex:
        if isinstance(a, A.Withdraw):
            withdraw_leader(s, p * 5 + req.colour)
        else:
            position_leader(s, p * 5 + req.colour, a.hex)  # type: ignore[attr-defined]
    elif t is A.ChooseTileHex:
        place_tile(s, req.colour, a.hex)  # type: ignore[attr-defined]
    elif t is A.ChooseMarketTile:
        if isinstance(a, A.TakeFromMarket):
            s.market[a.colour] -= 1
            s.hands[p * 5 + a.colour] += 1
        offer_building(s, req.hex)
    elif t is A.ChooseBuilding:
        if isinstance(a, A.BuildPagoda):
            build_pagoda(s, a.triangle)
        elif isinstance(a, A.BuildPalace):
            build_palace(s, a.rhombus)
        else:
            offer_blue_chain(s, req.hex)
    elif t is A.ChoosePagodaToMove:
        s.pagodas[a.pagoda] = req.triangle  # type: ignore[attr-defined]
        end_action(s)
    elif t is A.ChooseChain:
        if isinstance(a, A.ChainTo):
            place_tile(s, BLUE, a.hex)
        else:
            end_action(s)
    elif t is A.ChooseSubstitute:
        pay_discard(s, p, req.colour, a.use)  # type: ignore[attr-defined]
    elif t is A.ChooseRevoltTarget:
        peasant_revolt_remove(s, a.hex)  # type: ignore[attr-defined]
    elif t is A.ChooseTriangle:
        if isinstance(a, A.BuildPalace):
            build_palace(s, a.rhombus)
        else:
            build_pagoda(s, a.triangle)  # type: ignore[attr-defined]
    elif t is A.ChooseDiscard:
        if isinstance(a, A.DiscardTile):
            exchange_discard(s, p, a.colour, req.count)
        else:
            finish_exchange(s, p, req.count)
    elif t is A.CommitRevolt:
        conflicts.commit_revolt(s, p, a.count)  # type: ignore[attr-defined]
    elif t is A.ChooseSupport:
        if isinstance(a, A.SupportParty):
            s.pending = A.CommitWarTiles(p, a.party)
        else:
            conflicts.next_supporter(s)
    elif t is A.CommitWarTiles:
        conflicts.commit_war_tiles(s, p, req.party, a.count)  # type: ignore[attr-defined]
    elif t is A.CommitWarLeader:
        conflicts.commit_war_support(s, p, req.party, req.tiles, a.use)  # type: ignore[attr-defined]
    elif t is A.ChooseWarWinner:
        conflicts.resolve_war(s, a.party)  # type: ignore[attr-defined]
    elif t is A.RemoveBanditLoss:
        conflicts.remove_bandit_loss(s, a.hex)  # type: ignore[attr-defined]
    elif t is A.ChooseGranary:
        if isinstance(a, A.KeepGranary):
            collect_granaries(s, a.hex)
        else:
            finish_turn(s)
    elif t is A.RemoveWinnerTile:
        conflicts.remove_winner_tile(s, a.hex, req.remaining)  # type: ignore[attr-defined]
    else:  # pragma: no cover
        raise AssertionError(f"unknown request {req!r}")


def start_action(s: HuangState, a: Action) -> None:
    """§5: begin one of the actions A-E."""
    p = s.active
    if isinstance(a, A.PositionLeader):
        s.pending = A.ChooseLeaderHex(p, a.colour)
    elif isinstance(a, A.PlaceTile):
        s.pending = A.ChooseTileHex(p, a.colour)
    elif isinstance(a, A.PeasantRevolt):
        ask_discard_two(s, p, BLUE)
    elif isinstance(a, A.BuildWithGreen):
        ask_discard_two(s, p, GREEN)
    else:
        s.pending = A.ChooseDiscard(p, 0)


def end_action(s: HuangState) -> None:
    """§5: one action done; the next one, or the end of the turn (also when no action is
    legal any more, §14.19)."""
    s.actions_left -= 1
    if s.actions_left > 0:
        s.pending = A.ChooseAction(s.active)
        if legal.has_any_action(s):
            return
    end_turn(s)


def end_turn(s: HuangState) -> None:
    """§9 steps 1-2: pagoda scoring, then (Eighteen Kingdoms) the granary collection."""
    pagoda_scoring(s)
    if len(kingdom_granaries(s, s.active)) >= 2:
        s.pending = A.ChooseGranary(s.active)
        return
    finish_turn(s)


def collect_granaries(s: HuangState, keep: int) -> None:
    """§11.2: take all granaries of the blue leader's kingdom but the one on `keep`."""
    p = s.active
    for g in kingdom_granaries(s, p):
        if g != keep:
            s.granaries.remove(g)
            s.granaries_held[p] += 1
    finish_turn(s)


def finish_turn(s: HuangState) -> None:
    """§9 steps 3-5: refills (active first, then clockwise), market, next player; a player
    without any legal action goes straight to the end of the turn (§14.19)."""
    while True:
        n = s.num_players
        hands, market = s.hands, s.market
        for k in range(n):
            p = (s.active + k) % n
            for _ in range(hand_target(s, p) - hand_total(s, p)):
                c = draw(s)
                if c < 0:
                    game_over(s)
                    return
                hands[p * 5 + c] += 1
        for _ in range(MARKET_SIZE - sum(market)):
            c = draw(s)
            if c < 0:
                game_over(s)
                return
            market[c] += 1
        s.active = (s.active + 1) % n
        s.actions_left = ACTIONS_PER_TURN
        s.pending = A.ChooseAction(s.active)
        if legal.has_any_action(s):
            return
        pagoda_scoring(s)
        if len(kingdom_granaries(s, s.active)) >= 2:
            s.pending = A.ChooseGranary(s.active)
            return


def hand_target(s: HuangState, p: int) -> int:
    """§9: 6, or 7 while p's yellow leader is in the palace's kingdom (§11.3)."""
    if s.palace >= 0:
        pos = s.leaders[p * 5 + YELLOW]
        if pos >= 0 and s.labels[pos] == s.labels[RHOMBI[s.palace][0]]:
            return PALACE_HAND_SIZE
    return HAND_SIZE


def pagoda_scoring(s: HuangState) -> None:
    """§7: each on-board leader of the active player whose kingdom holds at least one pagoda
    of its colour scores 1 VP of that colour (no yellow fallback)."""
    p = s.active
    lab, pagodas = s.labels, s.pagodas
    for c in range(5):
        pos = s.leaders[p * 5 + c]
        if pos < 0:
            continue
        lb = lab[pos]
        for k in PAGODAS_OF_COLOUR[c]:
            tri = pagodas[k]
            if tri >= 0 and lab[TRIANGLES[tri][0]] == lb:
                s.vp[p * 5 + c] += 1
                break


# --- board changes -----------------------------------------------------------------------------


def put(s: HuangState, h: int, value: int) -> None:
    s.board[h] = value
    join(s.labels, h)


def take_off(s: HuangState, h: int) -> None:
    """Remove the piece on h; a tile goes to the box and its building to the supply."""
    x = s.board[h]
    s.board[h] = EMPTY
    if TILE <= x < LEADER:
        s.box[x - TILE] += 1
        release_buildings(s, h)
        if x == YELLOW_TILE:
            yn = s.yellow_next
            for n in NEIGHBOURS[h]:
                yn[n] -= 1
    else:
        s.leaders[x - LEADER] = -1
    leave(s.board, s.labels, h, s.marker)


def release_buildings(s: HuangState, h: int) -> None:
    """§6.3/§8.2: a building whose support tile leaves returns to the supply."""
    for k in range(NUM_PAGODAS):
        t = s.pagodas[k]
        if t >= 0 and h in TRIANGLES[t]:
            s.pagodas[k] = -1
    if s.palace >= 0 and h in RHOMBI[s.palace]:
        s.palace = -1


def strand_leaders(s: HuangState) -> None:
    """§8.4: on-board leaders with no adjacent yellow tile return to their owners."""
    yn = s.yellow_next
    gone = [i for i, pos in enumerate(s.leaders) if pos >= 0 and yn[pos] == 0]
    for i in gone:
        take_off(s, s.leaders[i])


# --- (A) position a leader ----------------------------------------------------------------------


def withdraw_leader(s: HuangState, i: int) -> None:
    """§6.1: withdraw an on-board leader in front of its owner's screen."""
    take_off(s, s.leaders[i])
    end_action(s)


def position_leader(s: HuangState, i: int, t: int) -> None:
    """§6.1: place or move leader i to hex t; a same-colour leader in its kingdom starts a
    revolt (§8.1)."""
    if s.leaders[i] >= 0:
        take_off(s, s.leaders[i])
    s.leaders[i] = t
    put(s, t, LEADER + i)
    j = same_colour_leader(s, i)
    if j >= 0:
        conflicts.start_revolt(s, i, j)
        return
    end_action(s)


def same_colour_leader(s: HuangState, i: int) -> int:
    """§8.1: the first other leader of leader i's colour in i's kingdom, or -1."""
    leaders, lab = s.leaders, s.labels
    lb = lab[leaders[i]]
    for j in range(i % 5, len(leaders), 5):  # the leaders of that colour, ascending
        pos = leaders[j]
        if j != i and pos >= 0 and lab[pos] == lb:
            return j
    return -1


# --- (B) place a tile -----------------------------------------------------------------------------


def place_tile(s: HuangState, colour: int, h: int) -> None:
    """§6.2: place a hand tile, then war check, scoring, green pick, building, blue chain."""
    p = s.active
    s.hands[p * 5 + colour] -= 1
    if colour == YELLOW:
        yn = s.yellow_next
        for n in NEIGHBOURS[h]:
            yn[n] += 1
    if s.bandits and bandit_status(s, h) == BANDIT_FIGHT:
        s.board[h] = TILE + colour
        conflicts.fight_bandits(s, h)
        return
    war = war_parties(s, h)
    if war is not None:
        s.board[h] = TILE + colour
        conflicts.start_war(s, h, *war)
        return
    put(s, h, TILE + colour)
    score_tile(s, h, colour)
    if colour == GREEN and sum(s.market):
        s.pending = A.ChooseMarketTile(p, h)
    else:
        offer_building(s, h)


def score_tile(s: HuangState, h: int, colour: int) -> None:
    """§6.2.3: 1 VP of the tile's colour to the owner of the kingdom's leader of that colour,
    else of its yellow leader, else nobody."""
    found = _leader_of_colour(s, s.labels[h], colour, first=True)
    if found < 0:
        found = _leader_of_colour(s, s.labels[h], YELLOW, first=False)
    if found >= 0:
        s.vp[found // 5 * 5 + colour] += 1


def _leader_of_colour(s: HuangState, label: int, colour: int, first: bool) -> int:
    """The first (or last) leader of `colour` in the group `label` by index, or -1."""
    leaders, lab = s.leaders, s.labels
    found = -1
    for i in range(colour, len(leaders), 5):
        pos = leaders[i]
        if pos >= 0 and lab[pos] == label:
            if first:
                return i
            found = i
    return found


def build_palace(s: HuangState, r: int) -> None:
    """§11.3: the palace is built, or moved if it is already on the board."""
    s.palace = r
    end_action(s)


def offer_building(s: HuangState, h: int) -> None:
    """§6.2.5: optional pagoda on a free triangle containing the new tile (or the palace)."""
    if building_triangles(s, h) or building_rhombi(s, h):
        s.pending = A.ChooseBuilding(s.active, h)
    else:
        offer_blue_chain(s, h)


def offer_blue_chain(s: HuangState, h: int) -> None:
    """§6.2.6: after a blue tile without war or building, another blue tile may follow on an
    empty river hex next to it."""
    p = s.active
    if s.board[h] == TILE + BLUE and s.hands[p * 5 + BLUE]:
        board = s.board
        for n in NEIGHBOURS[h]:
            if (board[n] == EMPTY and MAPS[s.side].is_river[n]
                    and (not s.bandits or bandit_status(s, n) != BANDIT_ILLEGAL)):
                s.pending = A.ChooseChain(p, h)
                return
    end_action(s)


def build_pagoda(s: HuangState, t: int) -> None:
    """§6.2.5/§6.4: take the pagoda from the supply, else move one from the board."""
    colour = _triangle_colour(s, t)
    on_board = []
    for k in range(NUM_PAGODAS):
        if PAGODA_COLOUR[k] == colour:
            if s.pagodas[k] < 0:
                s.pagodas[k] = t
                end_action(s)
                return
            on_board.append(k)
    if len(on_board) == 1:
        s.pagodas[on_board[0]] = t
        end_action(s)
        return
    s.pending = A.ChoosePagodaToMove(s.active, t)


# --- (C) peasant revolt / (D) build with green --------------------------------------------------


def ask_discard_two(s: HuangState, p: int, colour: int) -> None:
    """§6.3/§6.4: pay 2 tiles of `colour`; ask about the leader only if both ways work."""
    n = s.hands[p * 5 + colour]
    off = s.leaders[p * 5 + colour] < 0
    if n >= 2 and off:
        s.pending = A.ChooseSubstitute(p, colour)
    else:
        pay_discard(s, p, colour, n < 2)


def pay_discard(s: HuangState, p: int, colour: int, use_leader: bool) -> None:
    k = 1 if use_leader else 2
    s.hands[p * 5 + colour] -= k
    s.box[colour] += k
    s.pending = A.ChooseRevoltTarget(p) if colour == BLUE else A.ChooseTriangle(p)


def peasant_revolt_remove(s: HuangState, h: int) -> None:
    """§6.3: remove any board tile to the box; its building to the supply; stranding."""
    yellow = s.board[h] == YELLOW_TILE
    take_off(s, h)
    if yellow:
        strand_leaders(s)
    end_action(s)


# --- (E) exchange ---------------------------------------------------------------------------------


def exchange_discard(s: HuangState, p: int, colour: int, count: int) -> None:
    """§6.5: discard one tile face down (hidden from the others)."""
    s.hands[p * 5 + colour] -= 1
    s.hidden[p * 5 + colour] += 1
    count += 1
    if count >= EXCHANGE_MAX or hand_total(s, p) == 0:
        finish_exchange(s, p, count)
    else:
        s.pending = A.ChooseDiscard(p, count)


def finish_exchange(s: HuangState, p: int, count: int) -> None:
    for _ in range(count):
        c = draw(s)
        if c < 0:
            game_over(s)
            return
        s.hands[p * 5 + c] += 1
    end_action(s)


__all__ = ["setup", "apply_action", "end_action"]
