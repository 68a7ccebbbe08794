"""Huang legal decisions: per request type, its options and a fast legality test that
agrees with them (rules §5-§8, decision table §13), built from the shared action instances
of actions.py.

Nothing here changes the state. rules.py registers these with the effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.huang import actions, requests
from engine.games.huang.actions import (
    BUILD,
    CHAIN_TO,
    COMMIT,
    DISCARD,
    EXCHANGE,
    GREEN_BUILD,
    KEEP_GRANARY,
    LEADER_TO,
    MAX_COMMIT,
    MOVE_PAGODA,
    PALACE,
    PASS,
    PLACE_TILES_OF,
    POSITION_LEADERS_OF,
    RED_LEADER_NO,
    RED_LEADER_YES,
    REFILL_TO,
    REMOVE_RED,
    REMOVE_TILE,
    REVOLT,
    SUPPORT,
    TAKE,
    TILE_TO,
    USE_NO,
    USE_YES,
    WINNER,
    WITHDRAW,
)
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
    TILE,
    TRIANGLES,
    YELLOW,
)
from engine.games.huang.queries import (
    BANDIT_ILLEGAL,
    all_free_triangles,
    any_free_triangle,
    any_tile_on_board,
    bandit_loss_tiles,
    bandit_status,
    building_rhombi,
    building_triangles,
    can_discard_two,
    free_triangle,
    hand_total,
    has_tile_hex,
    kingdom_granaries,
    leader_target_ok,
    leader_targets,
    palace_rhombi,
    placeable_colours,
    supported_hexes,
    tile_hex_ok,
    tile_hexes,
    triangle_colour,
    war_top_parties,
    winner_red_tiles,
)
from engine.protocol import Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState

def top_level_actions(s: HuangState) -> list[Action]:
    """§5: the legal ones of actions A-E for the active player."""
    p = s.active
    base = p * 5
    # tuple(): Cython 3.3 crashes compiling the unpacking of a list slice (setup.py)
    y, r, b, g, w = tuple(s.leaders[base:base + 5])
    need = (y < 0) | (r < 0) << 1 | (b < 0) << 2 | (g < 0) << 3 | (w < 0) << 4
    ok = 31 - need  # on-board leaders can always be withdrawn
    if need:
        ok |= placeable_colours(s, need)
    out: list[Action] = list(POSITION_LEADERS_OF[ok])
    hy, hr, hb, hg, hw = tuple(s.hands[base:base + 5])
    tiles = (hy > 0) | (hr > 0) << 1 | (hg > 0) << 3 | (hw > 0) << 4  # land colours
    if tiles and not has_tile_hex(s, YELLOW):  # one test for the 4 land colours (§6.2)
        tiles = 0
    if hb and has_tile_hex(s, BLUE):
        tiles |= 1 << BLUE
    if tiles:
        out += PLACE_TILES_OF[tiles]
    if (hb >= 2 or hb and b < 0) and any_tile_on_board(s):  # §6.3: 2 blue, or 1 + leader
        out.append(REVOLT)
    if (hg >= 2 or hg and g < 0) and (any_free_triangle(s) or palace_rhombi(s)):  # §6.4
        out.append(GREEN_BUILD)
    if hy or hr or hb or hg or hw:
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


# --- options and fast tests, one pair per request (registered in rules.py) --------------------


def action_options(s: HuangState, req: requests.ChooseAction) -> list[Action]:
    return top_level_actions(s)


def action_legal(s: HuangState, req: requests.ChooseAction, a: Action) -> bool:
    p = req.seat
    ta = type(a)
    if ta is actions.PositionLeader:
        c = a.colour
        return (0 <= c < 5 and (s.leaders[p * 5 + c] >= 0
                                or placeable_colours(s, 1 << c) != 0))
    if ta is actions.PlaceTile:
        c = a.colour
        return 0 <= c < 5 and s.hands[p * 5 + c] > 0 and has_tile_hex(s, c)
    if ta is actions.Exchange:
        return hand_total(s, p) > 0
    if ta is actions.PeasantRevolt:
        return can_discard_two(s, p, BLUE) and any_tile_on_board(s)
    if ta is actions.BuildWithGreen:
        return can_discard_two(s, p, GREEN) and (any_free_triangle(s) or bool(palace_rhombi(s)))
    return False


def leader_hex_options(s: HuangState, req: requests.ChooseLeaderHex) -> list[Action]:
    i = req.seat * 5 + req.colour
    out: list[Action] = [LEADER_TO[h] for h in leader_targets(s, i)]
    if s.leaders[i] >= 0:
        out.append(WITHDRAW)
    return out


def leader_hex_legal(s: HuangState, req: requests.ChooseLeaderHex, a: Action) -> bool:
    i = req.seat * 5 + req.colour
    if type(a) is actions.Withdraw:
        return s.leaders[i] >= 0
    return type(a) is actions.LeaderTo and leader_target_ok(s, i, a.hex)


@cython.locals(board=list, to=tuple, out=list, h=cython.Py_ssize_t)
def tile_hex_options(s: HuangState, req: requests.ChooseTileHex) -> list[Action]:
    if s.bandits:
        return [TILE_TO[h] for h in tile_hexes(s, req.colour)]
    m, board = MAPS[s.side], s.board  # tile_hexes without bandits, in one pass
    to = TILE_TO
    out = []
    for h in m.river if req.colour == BLUE else m.land:
        if not board[h]:
            out.append(to[h])
    return out


def tile_hex_legal(s: HuangState, req: requests.ChooseTileHex, a: Action) -> bool:
    return type(a) is actions.TileTo and tile_hex_ok(s, req.colour, a.hex)


def market_options(s: HuangState, req: requests.ChooseMarketTile) -> list[Action]:
    return [TAKE[c] for c in range(5) if s.market[c]] + [PASS]


def market_legal(s: HuangState, req: requests.ChooseMarketTile, a: Action) -> bool:
    """§6.2.4: a colour the market shows, or pass."""
    ta = type(a)
    return ta is actions.Pass or (ta is actions.TakeFromMarket and 0 <= a.colour < 5
                                  and s.market[a.colour] > 0)


def building_options(s: HuangState, req: requests.ChooseBuilding) -> list[Action]:
    return ([BUILD[x] for x in building_triangles(s, req.hex)]
            + [PALACE[r] for r in building_rhombi(s, req.hex)] + [PASS])


def pagoda_move_options(s: HuangState, req: requests.ChoosePagodaToMove) -> list[Action]:
    colour = triangle_colour(s, req.triangle)
    return [MOVE_PAGODA[k] for k in range(NUM_PAGODAS)
            if PAGODA_COLOUR[k] == colour and s.pagodas[k] >= 0]


def chain_options(s: HuangState, req: requests.ChooseChain) -> list[Action]:
    """§6.2.6: an empty river hex next to the last blue tile (with a blue tile in hand)."""
    if not s.hands[req.seat * 5 + BLUE]:
        return [PASS]
    board = s.board
    return [CHAIN_TO[h] for h in NEIGHBOURS[req.hex]
            if board[h] == EMPTY and MAPS[s.side].is_river[h]
            and (not s.bandits or bandit_status(s, h) != BANDIT_ILLEGAL)] + [PASS]


def chain_legal(s: HuangState, req: requests.ChooseChain, a: Action) -> bool:
    """chain_options' test: pass, or an empty river hex next to the last blue tile (with a
    blue tile in hand, not barred by bandits)."""
    ta = type(a)
    if ta is actions.Pass:
        return True
    if ta is not actions.ChainTo or not s.hands[req.seat * 5 + BLUE]:
        return False
    h = a.hex
    return (h in NEIGHBOURS[req.hex] and s.board[h] == EMPTY and MAPS[s.side].is_river[h]
            and (not s.bandits or bandit_status(s, h) != BANDIT_ILLEGAL))


def substitute_options(s: HuangState, req: requests.ChooseSubstitute) -> list[Action]:
    """§6.3/§6.4: "no" only when the hand can pay both tiles."""
    return [USE_YES, USE_NO] if s.hands[req.seat * 5 + req.colour] >= 2 else [USE_YES]


def revolt_target_options(s: HuangState, req: requests.ChooseRevoltTarget) -> list[Action]:
    board = s.board
    return [REMOVE_TILE[h] for h in range(NUM_HEXES) if TILE <= board[h] < LEADER]


def revolt_target_legal(s: HuangState, req: requests.ChooseRevoltTarget, a: Action) -> bool:
    return (type(a) is actions.RemoveTile and 0 <= a.hex < NUM_HEXES
            and TILE <= s.board[a.hex] < LEADER)


def triangle_options(s: HuangState, req: requests.ChooseTriangle) -> list[Action]:
    return [BUILD[x] for x in all_free_triangles(s)] + [PALACE[r] for r in palace_rhombi(s)]


def triangle_legal(s: HuangState, req: requests.ChooseTriangle, a: Action) -> bool:
    if type(a) is actions.BuildPagoda:
        return (0 <= a.triangle < len(TRIANGLES)
                and free_triangle(s, a.triangle, supported_hexes(s)))
    return type(a) is actions.BuildPalace and a.rhombus in palace_rhombi(s)


def discard_options(s: HuangState, req: requests.ChooseDiscard) -> list[Action]:
    p = req.seat
    out: list[Action] = [DISCARD[c] for c in range(5) if s.hands[p * 5 + c]]
    if req.count:
        out.append(PASS)
    return out


def discard_legal(s: HuangState, req: requests.ChooseDiscard, a: Action) -> bool:
    """discard_options' test: a colour in hand, or pass once a tile is discarded."""
    ta = type(a)
    if ta is actions.DiscardTile:
        return 0 <= a.colour < 5 and s.hands[req.seat * 5 + a.colour] > 0
    return ta is actions.Pass and req.count > 0


def revolt_commit_options(s: HuangState, req: requests.CommitRevolt) -> list[Action]:
    """§8.1 step 3: 0..yellow tiles in hand (just 0 without any)."""
    return list(COMMIT[: s.hands[req.seat * 5 + YELLOW] + 1])


def revolt_commit_legal(s: HuangState, req: requests.CommitRevolt, a: Action) -> bool:
    """revolt_commit_options' test: 0..yellow tiles in hand (at most MAX_COMMIT)."""
    return (type(a) is actions.CommitTiles
            and 0 <= a.count <= min(s.hands[req.seat * 5 + YELLOW], MAX_COMMIT))


def support_options(s: HuangState, req: requests.ChooseSupport) -> list[Action]:
    """§8.2: a party or pass; only pass without a red tile or an off-board red leader."""
    war = s.war
    assert war is not None
    p = req.seat
    if s.hands[p * 5 + RED] > 0 or s.leaders[p * 5 + RED] < 0:
        return [*SUPPORT[: len(war.parties)], PASS]
    return [PASS]


def war_tiles_options(s: HuangState, req: requests.CommitWarTiles) -> list[Action]:
    """§8.2: red tiles from hand; at least 1 unless the off-board red leader gives it."""
    p = req.seat
    lo = 0 if s.leaders[p * 5 + RED] < 0 else 1
    return list(COMMIT[lo: s.hands[p * 5 + RED] + 1])


def war_leader_options(s: HuangState, req: requests.CommitWarLeader) -> list[Action]:
    return [RED_LEADER_YES, RED_LEADER_NO] if req.tiles else [RED_LEADER_YES]


def war_winner_options(s: HuangState, req: requests.ChooseWarWinner) -> list[Action]:
    return [WINNER[i] for i in war_top_parties(s)]


def winner_tile_options(s: HuangState, req: requests.RemoveWinnerTile) -> list[Action]:
    return [REMOVE_RED[h] for h in winner_red_tiles(s)]


def bandit_loss_options(s: HuangState, req: requests.RemoveBanditLoss) -> list[Action]:
    return [REMOVE_RED[h] for h in bandit_loss_tiles(s)]


def granary_options(s: HuangState, req: requests.ChooseGranary) -> list[Action]:
    return [KEEP_GRANARY[g] for g in kingdom_granaries(s, req.seat)] + [PASS]


def refill_options(s: HuangState, req: requests.ChooseRefill) -> list[Action]:
    """§11.3: refill to 6 or to 7 tiles."""
    return list(REFILL_TO)
