"""Huang play: the actions A-E of a turn (rules §5, §6).

Functions take the state `s` (engine.games.huang.state.HuangState) and mutate it, pushing
the next decision on `s.stack`. Each is named after the rule it implements and cites its
section; the `choose_*` ones are the handlers of the requests (registered in rules.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.huang import actions, conflicts, requests
from engine.games.huang.board import add_yellow, occupy
from engine.games.huang.data import (
    BLUE,
    EMPTY,
    EXCHANGE_MAX,
    GREEN,
    LEADER,
    MAPS,
    NEIGHBOURS,
    NUM_PAGODAS,
    PAGODA_COLOUR,
    TILE,
    YELLOW,
)
from engine.games.huang.queries import (
    BANDIT_FIGHT,
    BANDIT_ILLEGAL,
    YELLOW_TILE,
    bandit_status,
    building_rhombi,
    building_triangles,
    hand_total,
    triangle_colour,
    war_parties,
)
from engine.games.huang.turn import (
    collect_granaries,
    draw,
    end_action,
    finish_turn,
    game_over,
    put,
    strand_leaders,
    take_off,
)

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState

# ============================================================================================
# the decisions of a turn (§5, §6), as handlers of engine.kernel: (state, request, action)
# ============================================================================================


def choose_action(s: HuangState, req: requests.ChooseAction, a: actions.HuangAction) -> None:
    """§5: begin one of the actions A-E."""
    p = req.seat
    if isinstance(a, actions.PositionLeader):
        s.stack.append(requests.ChooseLeaderHex(p, a.colour))
    elif isinstance(a, actions.PlaceTile):
        s.stack.append(requests.ChooseTileHex(p, a.colour))
    elif isinstance(a, actions.PeasantRevolt):
        ask_discard_two(s, p, BLUE)
    elif isinstance(a, actions.BuildWithGreen):
        ask_discard_two(s, p, GREEN)
    else:
        s.stack.append(requests.ChooseDiscard(p, 0))


def choose_granary(s: HuangState, req: requests.ChooseGranary,
                   a: actions.KeepGranary | actions.Pass) -> None:
    """§11.2: keep one granary on the board and take the others, or decline."""
    if isinstance(a, actions.KeepGranary):
        collect_granaries(s, a.hex)
    else:
        finish_turn(s)


# --- (A) position a leader ----------------------------------------------------------------------


def choose_leader_hex(s: HuangState, req: requests.ChooseLeaderHex,
                      a: actions.LeaderTo | actions.Withdraw) -> None:
    """§6.1: the chosen leader's target hex, or withdraw it."""
    i = req.seat * 5 + req.colour
    if isinstance(a, actions.Withdraw):
        withdraw_leader(s, i)
    else:
        position_leader(s, i, a.hex)


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


def choose_tile_hex(s: HuangState, req: requests.ChooseTileHex, a: actions.TileTo) -> None:
    """§6.2: the hex the chosen hand tile goes on."""
    place_tile(s, req.colour, a.hex)


def place_tile(s: HuangState, colour: int, h: int) -> None:
    """§6.2: place a hand tile, then war check, scoring, green pick, building, blue chain."""
    p = s.active
    s.hands[p * 5 + colour] -= 1
    if colour == YELLOW:
        add_yellow(s, h)
    if s.bandits and bandit_status(s, h) == BANDIT_FIGHT:
        s.board[h] = TILE + colour
        occupy(s, h)
        conflicts.fight_bandits(s, h)
        return
    war = war_parties(s, h)
    if war is not None:
        s.board[h] = TILE + colour
        occupy(s, h)
        conflicts.start_war(s, h, *war)
        return
    put(s, h, TILE + colour)
    score_tile(s, h, colour)
    if colour == GREEN and sum(s.market):
        s.stack.append(requests.ChooseMarketTile(p, h))
    else:
        offer_building(s, h)


def choose_market_tile(s: HuangState, req: requests.ChooseMarketTile,
                       a: actions.TakeFromMarket | actions.Pass) -> None:
    """§6.2.4: take one market tile into hand (or not); then the building step."""
    if isinstance(a, actions.TakeFromMarket):
        s.market[a.colour] -= 1
        s.hands[req.seat * 5 + a.colour] += 1
    offer_building(s, req.hex)


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
        s.stack.append(requests.ChooseBuilding(s.active, h))
    else:
        offer_blue_chain(s, h)


def choose_building(s: HuangState, req: requests.ChooseBuilding,
                    a: actions.BuildPagoda | actions.BuildPalace | actions.Pass) -> None:
    """§6.2.5: build a pagoda (or the palace, §11.3), or decline and go on to §6.2.6."""
    if isinstance(a, actions.BuildPagoda):
        build_pagoda(s, a.triangle)
    elif isinstance(a, actions.BuildPalace):
        build_palace(s, a.rhombus)
    else:
        offer_blue_chain(s, req.hex)


def offer_blue_chain(s: HuangState, h: int) -> None:
    """§6.2.6: after a blue tile without war or building, another blue tile may follow on an
    empty river hex next to it. Asked whenever such a hex exists (public): without a blue
    tile in hand, stopping is the only option."""
    p = s.active
    if s.board[h] == TILE + BLUE:  # asked whatever the hand holds (huang-notes)
        board = s.board
        for n in NEIGHBOURS[h]:
            if (board[n] == EMPTY and MAPS[s.side].is_river[n]
                    and (not s.bandits or bandit_status(s, n) != BANDIT_ILLEGAL)):
                s.stack.append(requests.ChooseChain(p, h))
                return
    end_action(s)


def choose_chain(s: HuangState, req: requests.ChooseChain,
                 a: actions.ChainTo | actions.Pass) -> None:
    """§6.2.6: the next blue tile of the chain, or stop."""
    if isinstance(a, actions.ChainTo):
        place_tile(s, BLUE, a.hex)
    else:
        end_action(s)


def build_pagoda(s: HuangState, t: int) -> None:
    """§6.2.5/§6.4: take the pagoda from the supply, else move one from the board."""
    colour = triangle_colour(s, t)
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
    s.stack.append(requests.ChoosePagodaToMove(s.active, t))


def choose_pagoda_to_move(s: HuangState, req: requests.ChoosePagodaToMove,
                          a: actions.MovePagoda) -> None:
    """§6.2.5: the supply is empty; this pagoda moves to the new triangle."""
    s.pagodas[a.pagoda] = req.triangle
    end_action(s)


# --- (C) peasant revolt / (D) build with green --------------------------------------------------


def ask_discard_two(s: HuangState, p: int, colour: int) -> None:
    """§6.3/§6.4: pay 2 tiles of `colour`. The leader substitute is asked whenever that
    leader is off the board (public), so that asking tells nobody what the hand holds."""
    if s.leaders[p * 5 + colour] < 0:
        s.stack.append(requests.ChooseSubstitute(p, colour))
    else:
        pay_discard(s, p, colour, False)


def choose_substitute(s: HuangState, req: requests.ChooseSubstitute, a: actions.UseLeader) -> None:
    pay_discard(s, req.seat, req.colour, a.use)


def pay_discard(s: HuangState, p: int, colour: int, use_leader: bool) -> None:
    """§6.3/§6.4: discard 2 tiles (1 with the leader) to the box; then the target."""
    k = 1 if use_leader else 2
    s.hands[p * 5 + colour] -= k
    s.box[colour] += k
    s.stack.append(requests.ChooseRevoltTarget(p) if colour == BLUE else requests.ChooseTriangle(p))


def choose_revolt_target(s: HuangState, req: requests.ChooseRevoltTarget,
                         a: actions.RemoveTile) -> None:
    peasant_revolt_remove(s, a.hex)


def choose_triangle(s: HuangState, req: requests.ChooseTriangle,
                    a: actions.BuildPagoda | actions.BuildPalace) -> None:
    """§6.4: the pagoda's triangle (or the palace's rhombus, §11.3)."""
    if isinstance(a, actions.BuildPalace):
        build_palace(s, a.rhombus)
    else:
        build_pagoda(s, a.triangle)


def peasant_revolt_remove(s: HuangState, h: int) -> None:
    """§6.3: remove any board tile to the box; its building to the supply; stranding."""
    yellow = s.board[h] == YELLOW_TILE
    take_off(s, h)
    if yellow:
        strand_leaders(s)
    end_action(s)


# --- (E) exchange ---------------------------------------------------------------------------------


def choose_discard(s: HuangState, req: requests.ChooseDiscard,
                   a: actions.DiscardTile | actions.Pass) -> None:
    """§6.5: one more face-down discard, or done (then draw as many)."""
    if isinstance(a, actions.DiscardTile):
        exchange_discard(s, req.seat, a.colour, req.count)
    else:
        finish_exchange(s, req.seat, req.count)


def exchange_discard(s: HuangState, p: int, colour: int, count: int) -> None:
    """§6.5: discard one tile face down (hidden from the others)."""
    s.hands[p * 5 + colour] -= 1
    s.hidden[p * 5 + colour] += 1
    count += 1
    if count >= EXCHANGE_MAX or hand_total(s, p) == 0:
        finish_exchange(s, p, count)
    else:
        s.stack.append(requests.ChooseDiscard(p, count))


def finish_exchange(s: HuangState, p: int, count: int) -> None:
    for _ in range(count):
        c = draw(s)
        if c < 0:
            game_over(s)
            return
        s.hands[p * 5 + c] += 1
    end_action(s)

