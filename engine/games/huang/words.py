"""Every Huang decision and option in the rulebook's words (issue 21), registered on the
kernel's requests (`Rules.words`). Hexes are named by the render's coordinates: column letter
A-O (picture column) and row number 1-11, e.g. "H5"; seats by their dynasty (§12: Tiger,
Rabbit, Rat, Goat, Dragon); leaders by name and colour ("Soldier (red)"). The words use only
what the deciding seat may know (public facts and its own hand)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.common.text import column_labels
from engine.games.huang import actions, requests
from engine.games.huang.board import compute_labels
from engine.games.huang.data import (
    BANDIT_COUNT,
    BLUE,
    COLOUR_NAMES,
    COLS,
    DYNASTIES,
    EMPTY,
    EXCHANGE_MAX,
    LEADER_NAMES,
    NEIGHBOURS,
    PAGODA_COLOUR,
    PAGODA_NAMES,
    RED,
    RHOMBI,
    TILE,
    TRIANGLES,
    YELLOW,
)
from engine.games.huang.queries import (
    BANDIT_FIGHT,
    bandit_status,
    revolt_strengths,
    triangle_colour,
    war_parties,
    war_strengths,
)
from engine.games.huang.rules import RULES

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState

COLUMNS = column_labels(COLS)
ACTION_NAMES = ("position a leader", "place a tile", "peasant revolt", "build with green",
                "exchange tiles")


def hex_name(h: int) -> str:
    """Board coordinates: column letter and row number ("H5" = row 5, column H)."""
    r, c = divmod(h, COLS)
    return f"{COLUMNS[c]}{r + 1}"


def hexes_name(cells: tuple[int, ...]) -> str:
    return "-".join(hex_name(h) for h in cells)


def seat_name(p: int) -> str:
    return f"{DYNASTIES[p]} (seat {p})"


def leader_name(i: int, owner: bool = True, colour: bool = True) -> str:
    """"Rabbit Soldier (red)" (leader index i = seat * 5 + colour)."""
    who = f"{DYNASTIES[i // 5]} " if owner else ""
    return f"{who}{LEADER_NAMES[i % 5]}" + (f" ({COLOUR_NAMES[i % 5]})" if colour else "")


def pagoda_name(colour: int) -> str:
    """§12: the pagodas by colour, in the rulebook's listing order (Court = yellow, ...)."""
    return f"{COLOUR_NAMES[colour]} pagoda ({PAGODA_NAMES[colour]})"


def tiles(n: int, colour: int) -> str:
    return f"{n} {COLOUR_NAMES[colour]} tile{'' if n == 1 else 's'}"


def party_name(s: HuangState, k: int) -> str:
    """A war party by its place in the war and its participating leaders (§8.2)."""
    war = s.war
    assert war is not None
    lab = s.labels
    who = [leader_name(i, colour=False) for i in war.participants
           if lab[s.leaders[i]] == war.parties[k]]
    return f"party {k + 1} ({', '.join(who)})"


# --- what each request asks ----------------------------------------------------------------
def _ask(text: str) -> Any:
    return lambda s, req: f"{seat_name(req.seat)}: {text}"


def ask_action(s: HuangState, req: requests.ChooseAction) -> str:
    k = 2 - s.actions_left + 1
    return f"{seat_name(req.seat)}: choose action {k} of 2 (§5 A-E)"


def ask_leader(s: HuangState, req: requests.ChooseLeaderHex) -> str:
    return (f"{seat_name(req.seat)}: where does the {leader_name(req.seat * 5 + req.colour, False)}"
            " go?")


def ask_tile(s: HuangState, req: requests.ChooseTileHex) -> str:
    return f"{seat_name(req.seat)}: where does the {COLOUR_NAMES[req.colour]} tile go?"


def ask_revolt(s: HuangState, req: requests.CommitRevolt) -> str:
    rv = s.revolt
    assert rv is not None
    side = "attacker" if rv.attacker // 5 == req.seat and rv.attacker_tiles < 0 else "defender"
    att, dfn = revolt_strengths(rv)
    return (f"{seat_name(req.seat)}: revolt over {COLOUR_NAMES[rv.colour]} ({side}, {att} vs "
            f"{dfn}): commit yellow tiles")


def ask_support(s: HuangState, req: requests.ChooseSupport) -> str:
    war = s.war
    assert war is not None
    return f"{seat_name(req.seat)}: war at {hex_name(war.hex)}: support a party, or pass"


def ask_winner_tile(s: HuangState, req: requests.RemoveWinnerTile) -> str:
    return (f"{seat_name(req.seat)}: the war's winner loses red tiles: remove "
            f"{req.remaining} more")


def ask_discard(s: HuangState, req: requests.ChooseDiscard) -> str:
    return (f"{seat_name(req.seat)}: exchange: discard a tile face down ({req.count} "
            f"discarded, at most {EXCHANGE_MAX})")


# --- how each option reads -------------------------------------------------------------------
def say_action(s: HuangState, req: requests.ChooseAction, a: Any) -> str:
    t = type(a)
    p = req.seat
    if t is actions.PositionLeader:
        i = p * 5 + a.colour
        where = (f", now at {hex_name(s.leaders[i])}" if s.leaders[i] >= 0
                 else ", now off the board")
        return f"position a leader: the {leader_name(i, False)}{where}"
    if t is actions.PlaceTile:
        return f"place a tile: a {COLOUR_NAMES[a.colour]} tile from your hand"
    if t is actions.PeasantRevolt:
        return "peasant revolt: discard 2 blue tiles, remove a tile from the board"
    if t is actions.BuildWithGreen:
        return "build with green: discard 2 green tiles, build a pagoda"
    return f"exchange: discard 1-{EXCHANGE_MAX} tiles face down, draw as many"


def _lifted(s: HuangState, i: int) -> list[int]:
    """Group labels with leader i lifted off the board (§6.1: a move is judged after it)."""
    pos = s.leaders[i]
    if pos < 0:
        return s.labels
    board = s.board[:]
    board[pos] = EMPTY
    return compute_labels(board, s.marker)


def say_leader(s: HuangState, req: requests.ChooseLeaderHex, a: Any) -> str:
    i = req.seat * 5 + req.colour
    name = leader_name(i, False)
    pos = s.leaders[i]
    if type(a) is actions.Withdraw:
        return f"withdraw the {name} from {hex_name(pos)} in front of your screen"
    verb = f"move the {name} from {hex_name(pos)} to" if pos >= 0 else f"place the {name} at"
    lab = _lifted(s, i)
    groups = {lab[n] for n in NEIGHBOURS[a.hex]} - {-1}
    rivals = [j for j, q in enumerate(s.leaders)
              if j != i and q >= 0 and j % 5 == req.colour and lab[q] in groups]
    if rivals:
        return f"{verb} {hex_name(a.hex)}: revolt against the {leader_name(rivals[0])}"
    kingdoms = {lab[q] for j, q in enumerate(s.leaders) if j != i and q >= 0} & groups
    joined = {1: ", joining a kingdom"}.get(len(kingdoms),
                                           f", joining {len(kingdoms)} kingdoms" if kingdoms
                                           else ", founding a kingdom")
    return f"{verb} {hex_name(a.hex)}{joined}"


def tile_outcome(s: HuangState, colour: int, h: int) -> str:
    """§6.2: what a tile on h does: fights bandits, starts a war, or scores (and for whom)."""
    if s.bandits and bandit_status(s, h) == BANDIT_FIGHT:
        return ", fighting the bandits"
    war = war_parties(s, h)
    if war is not None:
        return f", war between {len(war[0])} kingdoms"
    lab = s.labels
    groups = {lab[n] for n in NEIGHBOURS[h]} - {-1}
    inside = [j for j, q in enumerate(s.leaders) if q >= 0 and lab[q] in groups]
    kingdoms = len({lab[s.leaders[j]] for j in inside})
    joins = f", connecting {kingdoms} kingdoms" if kingdoms > 1 else ""
    if not inside:
        return ", in no kingdom: no VP"
    scorer = next((j for j in inside if j % 5 == colour), None)
    if scorer is None:
        scorer = next((j for j in inside if j % 5 == YELLOW), None)
    if scorer is None:
        return f"{joins}, no VP (no {COLOUR_NAMES[colour]} or yellow leader)"
    return f"{joins}: 1 {COLOUR_NAMES[colour]} VP to {DYNASTIES[scorer // 5]}"


def say_tile(s: HuangState, req: requests.ChooseTileHex, a: Any) -> str:
    return (f"place the {COLOUR_NAMES[req.colour]} tile at {hex_name(a.hex)}"
            f"{tile_outcome(s, req.colour, a.hex)}")


def say_market(s: HuangState, req: requests.ChooseMarketTile, a: Any) -> str:
    if type(a) is actions.Pass:
        return "take nothing from the market"
    return f"take a {COLOUR_NAMES[a.colour]} tile from the market ({s.market[a.colour]} there)"


def _pagoda_source(s: HuangState, colour: int) -> str:
    free = any(s.pagodas[k] < 0 for k in range(len(PAGODA_COLOUR)) if PAGODA_COLOUR[k] == colour)
    return "from the supply" if free else "moved from the board"


def say_building(s: HuangState, req: Any, a: Any) -> str:
    t = type(a)
    if t is actions.Pass:
        return "build nothing"
    if t is actions.BuildPalace:
        verb = "move" if s.palace >= 0 else "build"
        return f"{verb} the Imperial Palace on {hexes_name(RHOMBI[a.rhombus])}"
    c = triangle_colour(s, a.triangle)
    return (f"build the {pagoda_name(c)} on {hexes_name(TRIANGLES[a.triangle])} "
            f"({_pagoda_source(s, c)})")


def say_move_pagoda(s: HuangState, req: requests.ChoosePagodaToMove, a: Any) -> str:
    return (f"move the {pagoda_name(PAGODA_COLOUR[a.pagoda])} from "
            f"{hexes_name(TRIANGLES[s.pagodas[a.pagoda]])}")


def say_chain(s: HuangState, req: requests.ChooseChain, a: Any) -> str:
    if type(a) is actions.Pass:
        return "stop: no more blue tiles in this chain"
    return f"place another blue tile at {hex_name(a.hex)}{tile_outcome(s, BLUE, a.hex)}"


def say_substitute(s: HuangState, req: requests.ChooseSubstitute, a: Any) -> str:
    c = req.colour
    if a.use:
        return (f"let your off-board {LEADER_NAMES[c]} stand in for one tile: discard "
                f"{tiles(1, c)}")
    return f"discard {tiles(2, c)}"


def say_remove_tile(s: HuangState, req: requests.ChooseRevoltTarget, a: Any) -> str:
    return f"remove the {COLOUR_NAMES[s.board[a.hex] - TILE]} tile at {hex_name(a.hex)}"


def say_discard(s: HuangState, req: requests.ChooseDiscard, a: Any) -> str:
    if type(a) is actions.Pass:
        return f"stop discarding: draw {req.count} tile{'' if req.count == 1 else 's'}"
    return f"discard a {COLOUR_NAMES[a.colour]} tile face down"


def say_commit(s: HuangState, req: Any, a: Any) -> str:
    colour = YELLOW if type(req) is requests.CommitRevolt else RED
    if a.count == 0:
        return f"commit no {COLOUR_NAMES[colour]} tiles"
    return f"commit {tiles(a.count, colour)}"


def say_support(s: HuangState, req: requests.ChooseSupport, a: Any) -> str:
    if type(a) is actions.Pass:
        return "pass: support nobody"
    war = s.war
    assert war is not None
    return f"support {party_name(s, a.party)}, strength {war_strengths(war)[a.party]}"


def say_red_leader(s: HuangState, req: requests.CommitWarLeader, a: Any) -> str:
    if a.use:
        return "add your off-board Soldier (red) as +1"
    return "keep your off-board Soldier (red) out"


def say_winner(s: HuangState, req: requests.ChooseWarWinner, a: Any) -> str:
    return f"declare {party_name(s, a.party)} the winner"


def say_red_tile(s: HuangState, req: Any, a: Any) -> str:
    return f"remove the red tile at {hex_name(a.hex)}"


def say_granary(s: HuangState, req: requests.ChooseGranary, a: Any) -> str:
    if type(a) is actions.Pass:
        return "take no granaries"
    return f"leave the granary at {hex_name(a.hex)}, take the others (2 blue VP each)"


def say_refill(s: HuangState, req: requests.ChooseRefill, a: Any) -> str:
    return f"refill your hand to {a.count} tiles"


def ask_bandits(s: HuangState, req: requests.RemoveBanditLoss) -> str:
    fight = s.bandit_fight
    assert fight is not None
    n = BANDIT_COUNT[fight.bandit]
    return (f"{seat_name(req.seat)}: the kingdom beat bandit tile {fight.bandit} "
            f"({n} bandit{'s' if n > 1 else ''}): remove {fight.remaining} more red "
            f"tile{'s' if fight.remaining > 1 else ''}")


RULES.words(requests.ChooseAction, ask=ask_action, say=say_action)
RULES.words(requests.ChooseLeaderHex, ask=ask_leader, say=say_leader)
RULES.words(requests.ChooseTileHex, ask=ask_tile, say=say_tile)
RULES.words(requests.ChooseMarketTile,
            ask=lambda s, req: (f"{seat_name(req.seat)}: green tile at {hex_name(req.hex)}: "
                                "take a market tile, or not"),
            say=say_market)
RULES.words(requests.ChooseBuilding,
            ask=lambda s, req: (f"{seat_name(req.seat)}: build with the tile at "
                                f"{hex_name(req.hex)}, or not"),
            say=say_building)
RULES.words(requests.ChoosePagodaToMove,
            ask=lambda s, req: (f"{seat_name(req.seat)}: no pagoda left in the supply: which "
                                f"one moves to {hexes_name(TRIANGLES[req.triangle])}?"),
            say=say_move_pagoda)
RULES.words(requests.ChooseChain,
            ask=lambda s, req: (f"{seat_name(req.seat)}: another blue tile next to "
                                f"{hex_name(req.hex)}, or stop"),
            say=say_chain)
RULES.words(requests.ChooseSubstitute,
            ask=lambda s, req: (f"{seat_name(req.seat)}: let the off-board "
                                f"{LEADER_NAMES[req.colour]} replace a "
                                f"{COLOUR_NAMES[req.colour]} tile?"),
            say=say_substitute)
RULES.words(requests.ChooseRevoltTarget, ask=_ask("peasant revolt: remove which tile?"),
            say=say_remove_tile)
RULES.words(requests.ChooseTriangle, ask=_ask("build with green: build where?"), say=say_building)
RULES.words(requests.ChooseDiscard, ask=ask_discard, say=say_discard)
RULES.words(requests.CommitRevolt, ask=ask_revolt, say=say_commit)
RULES.words(requests.ChooseSupport, ask=ask_support, say=say_support)
RULES.words(requests.CommitWarTiles,
            ask=lambda s, req: (f"{seat_name(req.seat)}: war: commit red tiles to party "
                                f"{req.party + 1}"),
            say=say_commit)
RULES.words(requests.CommitWarLeader,
            ask=lambda s, req: f"{seat_name(req.seat)}: add the off-board Soldier (red) too?",
            say=say_red_leader)
RULES.words(requests.ChooseWarWinner, ask=_ask("the war is tied at the top: declare the winner"),
            say=say_winner)
RULES.words(requests.RemoveWinnerTile, ask=ask_winner_tile, say=say_red_tile)
RULES.words(requests.RemoveBanditLoss, ask=ask_bandits, say=say_red_tile)
RULES.words(requests.ChooseGranary,
            ask=_ask("granaries in your Farmer's kingdom: take all but one, or none"),
            say=say_granary)
RULES.words(requests.ChooseRefill,
            ask=_ask("refill your hand to 6 or to 7 tiles (Imperial Palace)"),
            say=say_refill)

