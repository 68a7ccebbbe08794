"""Huang legal decisions: the fixed action enumeration and the options of the pending
request (rules §5-§8, decision table §13).

Nothing here changes the state; `is_legal` validates one action cheaply where the option
list is long.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.huang import actions as A
from engine.games.huang import conflicts
from engine.games.huang.data import (
    BLUE,
    EMPTY,
    GREEN,
    LEADER,
    MAPS,
    NEIGHBOURS,
    NUM_HEXES,
    NUM_PAGODAS,
    PAGODA_COLOUR,
    RED,
    RHOMBI,
    TILE,
    TRIANGLES,
    YELLOW,
)
from engine.games.huang.queries import (
    BANDIT_ILLEGAL,
    _any_tile_on_board,
    _can_discard_two,
    _has_tile_hex,
    _triangle_colour,
    all_free_triangles,
    any_free_triangle,
    bandit_status,
    building_rhombi,
    building_triangles,
    free_triangle,
    hand_total,
    kingdom_granaries,
    leader_target_ok,
    leader_targets,
    palace_rhombi,
    placeable_colours,
    supported_hexes,
    tile_hex_ok,
    tile_hexes,
)
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState

#: largest number of tiles one commit can take: a hand never exceeds 6, or 7 with the palace (§9)
MAX_COMMIT = 7
#: at most 3 kingdoms can touch one hex, 6 is a safe bound for party indices
MAX_PARTIES = 6

# --- prebuilt action instances (shared, immutable) ----------------------------------------
POSITION_LEADER = tuple(A.PositionLeader(c) for c in range(5))
#: the PositionLeader actions of the colours in each bitmask, colours ascending
POSITION_LEADERS_OF: tuple[tuple[A.PositionLeader, ...], ...] = tuple(
    tuple(POSITION_LEADER[c] for c in range(5) if m >> c & 1) for m in range(32))
PLACE_TILE = tuple(A.PlaceTile(c) for c in range(5))
LEADER_TO = tuple(A.LeaderTo(h) for h in range(NUM_HEXES))
TILE_TO = tuple(A.TileTo(h) for h in range(NUM_HEXES))
TAKE = tuple(A.TakeFromMarket(c) for c in range(5))
BUILD = tuple(A.BuildPagoda(t) for t in range(len(TRIANGLES)))
PALACE = tuple(A.BuildPalace(r) for r in range(len(RHOMBI)))
MOVE_PAGODA = tuple(A.MovePagoda(k) for k in range(NUM_PAGODAS))
CHAIN_TO = tuple(A.ChainTo(h) for h in range(NUM_HEXES))
REMOVE_TILE = tuple(A.RemoveTile(h) for h in range(NUM_HEXES))
DISCARD = tuple(A.DiscardTile(c) for c in range(5))
COMMIT = tuple(A.CommitTiles(k) for k in range(MAX_COMMIT + 1))
SUPPORT = tuple(A.SupportParty(i) for i in range(MAX_PARTIES))
WINNER = tuple(A.DeclareWinner(i) for i in range(MAX_PARTIES))
REMOVE_RED = tuple(A.RemoveRedTile(h) for h in range(NUM_HEXES))
KEEP_GRANARY = tuple(A.KeepGranary(h) for h in range(NUM_HEXES))
PASS = A.Pass()
WITHDRAW = A.Withdraw()
REVOLT = A.PeasantRevolt()
GREEN_BUILD = A.BuildWithGreen()
EXCHANGE = A.Exchange()
USE_YES, USE_NO = A.UseLeader(True), A.UseLeader(False)
RED_LEADER_YES, RED_LEADER_NO = A.CommitRedLeader(True), A.CommitRedLeader(False)

ALL_ACTIONS: tuple[Action, ...] = (
    *POSITION_LEADER, *PLACE_TILE, REVOLT, GREEN_BUILD, EXCHANGE, *LEADER_TO, WITHDRAW,
    *TILE_TO, *TAKE, *BUILD, *PALACE, *MOVE_PAGODA, *CHAIN_TO, USE_YES, USE_NO, *REMOVE_TILE,
    *DISCARD, *COMMIT, *SUPPORT, RED_LEADER_YES, RED_LEADER_NO, *WINNER, *REMOVE_RED,
    *KEEP_GRANARY, PASS,
)


def top_level_actions(s: HuangState) -> list[Action]:
    """§5: the legal ones of actions A-E for the active player."""
    p = s.active
    base = p * 5
    leaders = s.leaders
    need = 0
    for c in range(5):
        if leaders[base + c] < 0:
            need |= 1 << c
    ok = 31 - need  # on-board leaders can always be withdrawn
    if need:
        ok |= placeable_colours(s, need)
    out: list[Action] = list(POSITION_LEADERS_OF[ok])
    hands = s.hands
    land: bool | None = None  # a hex for a land tile (§6.2), the same for all 4 land colours
    for c in range(5):
        if hands[base + c]:
            if c == BLUE:
                ok_c = _has_tile_hex(s, BLUE)
            else:
                if land is None:
                    land = _has_tile_hex(s, c)
                ok_c = land
            if ok_c:
                out.append(PLACE_TILE[c])
    if _can_discard_two(s, p, BLUE) and _any_tile_on_board(s):
        out.append(REVOLT)
    if _can_discard_two(s, p, GREEN) and (any_free_triangle(s) or palace_rhombi(s)):
        out.append(GREEN_BUILD)
    if hand_total(s, p):
        out.append(EXCHANGE)
    return out


def has_any_action(s: HuangState) -> bool:
    """§5/§14.19: whether the active player has any legal action (cheap cases first)."""
    p = s.active
    if hand_total(s, p):
        return True  # exchange
    if any(s.leaders[p * 5 + c] >= 0 for c in range(5)):
        return True  # withdraw
    return bool(top_level_actions(s))


def legal_actions(s: HuangState) -> list[Action]:
    """Options of the pending request (§13 decision table)."""
    req = s.pending
    if req is None:
        return []
    t = type(req)
    p = req.seat
    if t is A.ChooseAction:
        return top_level_actions(s)
    if t is A.ChooseTileHex or t is A.ChooseChain:
        if t is A.ChooseTileHex:
            return [TILE_TO[h] for h in tile_hexes(s, req.colour)]
        board = s.board
        return [CHAIN_TO[h] for h in NEIGHBOURS[req.hex]
                if board[h] == EMPTY and MAPS[s.side].is_river[h]
                and (not s.bandits or bandit_status(s, h) != BANDIT_ILLEGAL)] + [PASS]
    if t is A.ChooseLeaderHex:
        i = p * 5 + req.colour
        out: list[Action] = [LEADER_TO[h] for h in leader_targets(s, i)]
        if s.leaders[i] >= 0:
            out.append(WITHDRAW)
        return out
    if t is A.ChooseMarketTile:
        return [TAKE[c] for c in range(5) if s.market[c]] + [PASS]
    if t is A.ChooseBuilding:
        return ([BUILD[x] for x in building_triangles(s, req.hex)]
                + [PALACE[r] for r in building_rhombi(s, req.hex)] + [PASS])
    if t is A.ChoosePagodaToMove:
        colour = _triangle_colour(s, req.triangle)
        return [MOVE_PAGODA[k] for k in range(NUM_PAGODAS)
                if PAGODA_COLOUR[k] == colour and s.pagodas[k] >= 0]
    if t is A.ChooseSubstitute:
        return [USE_YES, USE_NO]
    if t is A.ChooseRevoltTarget:
        board = s.board
        return [REMOVE_TILE[h] for h in range(NUM_HEXES) if TILE <= board[h] < LEADER]
    if t is A.ChooseTriangle:
        return [BUILD[x] for x in all_free_triangles(s)] + [PALACE[r] for r in palace_rhombi(s)]
    if t is A.ChooseDiscard:
        out = [DISCARD[c] for c in range(5) if s.hands[p * 5 + c]]
        if req.count:
            out.append(PASS)
        return out
    if t is A.CommitRevolt:
        return list(COMMIT[: s.hands[p * 5 + YELLOW] + 1])
    if t is A.ChooseSupport:
        war = s.war
        assert war is not None
        return [*SUPPORT[: len(war.parties)], PASS]
    if t is A.CommitWarTiles:
        lo = 0 if s.leaders[p * 5 + RED] < 0 else 1
        return list(COMMIT[lo: s.hands[p * 5 + RED] + 1])
    if t is A.CommitWarLeader:
        return [RED_LEADER_YES, RED_LEADER_NO] if req.tiles else [RED_LEADER_YES]
    if t is A.ChooseWarWinner:
        return [WINNER[i] for i in conflicts.war_top_parties(s)]
    if t is A.RemoveBanditLoss:
        return [REMOVE_RED[h] for h in conflicts.bandit_loss_tiles(s)]
    if t is A.ChooseGranary:
        return [KEEP_GRANARY[g] for g in kingdom_granaries(s, p)] + [PASS]
    if t is A.RemoveWinnerTile:
        return [REMOVE_RED[h] for h in conflicts.winner_red_tiles(s)]
    raise AssertionError(f"unknown request {req!r}")


def is_legal(s: HuangState, a: object) -> bool:
    """Validate `a` for the pending request, cheaply where the option list is long."""
    req = s.pending
    if req is None or not isinstance(a, Action):
        return False
    t = type(req)
    ta = type(a)
    if t is A.ChooseTileHex:
        return ta is A.TileTo and tile_hex_ok(s, req.colour, a.hex)
    if t is A.ChooseLeaderHex:
        i = req.seat * 5 + req.colour
        if ta is A.Withdraw:
            return s.leaders[i] >= 0
        return ta is A.LeaderTo and leader_target_ok(s, i, a.hex)
    if t is A.ChooseRevoltTarget:
        return ta is A.RemoveTile and 0 <= a.hex < NUM_HEXES and TILE <= s.board[a.hex] < LEADER
    if t is A.ChooseTriangle and ta is A.BuildPagoda:
        return (0 <= a.triangle < len(TRIANGLES)
                and free_triangle(s, a.triangle, supported_hexes(s)))
    if t is A.ChooseAction:
        p = s.active
        if ta is A.PositionLeader:
            c = a.colour
            return (0 <= c < 5 and (s.leaders[p * 5 + c] >= 0
                                    or placeable_colours(s, 1 << c) != 0))
        if ta is A.PlaceTile:
            c = a.colour
            return 0 <= c < 5 and s.hands[p * 5 + c] > 0 and _has_tile_hex(s, c)
        if ta is A.Exchange:
            return hand_total(s, p) > 0
        if ta is A.PeasantRevolt:
            return _can_discard_two(s, p, BLUE) and _any_tile_on_board(s)
        if ta is A.BuildWithGreen:
            return _can_discard_two(s, p, GREEN) and (any_free_triangle(s)
                                                      or bool(palace_rhombi(s)))
        return False
    return a in legal_actions(s)
