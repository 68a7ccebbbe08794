"""What the fields of Huang's actions, requests and conflict records mean, for bot authors
(engine.protocol `FIELD_DOCS`; `arena schema huang` and docs/games/huang.md show them), and
the phrases the observation's descriptions (beside the state's fields, state.py) share. The
codes are written from the tables of data.py, so they cannot drift from the engine. Static
data keys (`static.x`) are described in static.py."""

from __future__ import annotations

from engine.games.huang.data import (
    BANDIT_SITES,
    COLOUR_NAMES,
    COLS,
    EMPTY,
    LEADER,
    LEADER_NAMES,
    NUM_HEXES,
    RED,
    TILE,
)

_COLOURS = ", ".join(f"{c} {n}" for c, n in enumerate(COLOUR_NAMES))
#: "0-4 (0 yellow, 1 red, ...)"
COLOUR = f"0-4 ({_COLOURS})"
LEADER_LIST = ", ".join(f"{c} {n}" for c, n in enumerate(LEADER_NAMES))
HEX = f"a hex id 0-{NUM_HEXES - 1} (static `hex_names`, `neighbours`)"
PER_SEAT_COLOUR = ("per seat and colour: index seat * 5 + colour, 5 * num_players entries "
                   f"(colours {_COLOURS})")
PER_COLOUR = f"per colour: 5 entries, index = colour ({_COLOURS})"
LEADER_INDEX = (f"a leader index i = seat * 5 + colour (owner seat i // 5, colour i % 5; "
                f"leaders by colour: {LEADER_LIST})")
_BANDITS = len(BANDIT_SITES) - 1

_TILE_CODES = ", ".join(f"{TILE + c} {n}" for c, n in enumerate(COLOUR_NAMES))
BOARD = (
    f"one code per hex: {NUM_HEXES} entries, index = hex id = row * {COLS} + column (static "
    f"`hex_names`, `hex_axial`, `neighbours`). Codes: {EMPTY} empty; {TILE}-{TILE + 4} a tile "
    f"of colour value - {TILE} ({_TILE_CODES});"
    f" {LEADER}-{LEADER + 24} a leader with index i = value - {LEADER} = seat * 5 + colour "
    f"(e.g. {LEADER + 5 + RED} = seat 1's red {LEADER_NAMES[RED]}); -1 to -{_BANDITS} bandit "
    "tile n = -value "
    "(Bandits module, §11.1: each covers the 3 hexes of static `bandit_sites[n]`). Other values "
    "never occur. River or land is not coded here: see static `sides[side].is_river`. Pagodas, "
    "the palace, granaries and the unification marker lie on top of tiles (fields `pagodas`, "
    "`palace`, `granaries`, `marker`). A group (§4) is a maximal connected set of nonzero "
    "hexes (tiles, leaders and bandit tiles all connect; the `marker` hex connects nothing); "
    "a kingdom is a group holding a leader."
)

SEAT = {"seat": "the seat that decides this (`current_player` when it is the last entry of "
                "`stack`)"}
_AUTO = {"seat": "the active player's seat; resolved by the engine, never asked"}

FIELDS: dict[str, dict[str, str]] = {
    # --- conflict records ------------------------------------------------------------------
    "Revolt": {
        "colour": f"the contested leader colour, {COLOUR}",
        "attacker": f"the leader just positioned: {LEADER_INDEX}",
        "defender": "the same-colour leader already in that kingdom (leader index "
                    "seat * 5 + colour)",
        "attacker_base": "the attacker's base strength: yellow tiles adjacent to its leader, "
                         "+1 if its owner's yellow leader is off the board and the colour is "
                         "not yellow (§8.1 steps 1-2)",
        "defender_base": "the defender's base strength, counted the same way",
        "attacker_tiles": "yellow tiles the attacker committed from hand (§8.1 step 3); -1 "
                          "while not yet committed",
        "defender_tiles": "yellow tiles the defender committed; -1 while not yet committed. "
                          "Higher base + tiles wins, a tie goes to the defender (step 4)",
    },
    "War": {
        "hex": "the hex id of the tile that started the war (U, under the marker)",
        "parties": "one entry per warring kingdom (ascending): the smallest hex id of that "
                   "kingdom's group, computed without the `hex` U. SupportParty, "
                   "CommitWarTiles and DeclareWinner `party` index this list",
        "participants": f"the fighting leaders (conflict colours, §8.2), each {LEADER_INDEX}; "
                        "the losers' are removed",
        "base": "per party (same index as `parties`): its red tiles on the board",
        "tiles": "per party: red tiles committed from hands so far (support round)",
        "leaders": "per party: off-board red leaders committed (+1 each). Strength = base + "
                   "tiles + leaders; the highest wins, the active player breaks a tie",
        "winner": "index into `parties` of the winner, set only while the active player "
                  "removes the winner's red tiles (RemoveWinnerTile); else -1",
        "winner_tiles": "hex ids of the winning party's red board tiles when it must lose "
                        "some (§8.2 d); those still red are the RemoveRedTile options; [] "
                        "before",
    },
    "BanditFight": {
        "hex": "the hex id of the tile just placed (under the marker)",
        "bandit": "the number n (1-10) of the bandit tile being beaten (static "
                  "`bandit_counts[n]` bandits)",
        "tiles": "hex ids of the red tiles in the connected kingdom(s) at the fight's start; "
                 "those still red are the RemoveRedTile options",
        "remaining": "red tiles still to remove",
    },
    # --- requests (pending decisions), each [type, seat, fields...] ---------------------------
    "ChooseAction": SEAT,
    "ChooseLeaderHex": {**SEAT, "colour": f"the chosen leader's colour, {COLOUR}"},
    "ChooseTileHex": {**SEAT, "colour": f"the colour of the chosen hand tile, {COLOUR}"},
    "ChooseMarketTile": {**SEAT, "hex": "the hex id of the green tile just placed"},
    "ChooseBuilding": {**SEAT, "hex": "the hex id of the tile just placed"},
    "ChoosePagodaToMove": {**SEAT, "triangle": "the index in static `triangles` where the "
                                               "moved pagoda goes"},
    "ChooseChain": {**SEAT, "hex": "the hex id of the last blue tile placed; the next one "
                                   "goes on an empty river hex next to it"},
    "ChooseSubstitute": {**SEAT, "colour": "2 (blue: peasant revolt) or 3 (green: build)"},
    "ChooseRevoltTarget": SEAT,
    "ChooseTriangle": SEAT,
    "ChooseDiscard": {**SEAT, "count": "tiles discarded face down so far in this exchange "
                                       "(Pass, i.e. done, is offered once it is >= 1)"},
    "CommitRevolt": {"seat": "the attacker's seat, then the defender's (`revolt`)"},
    "ResolveRevolt": _AUTO,
    "ChooseSupport": {"seat": "the supporter asked now; every seat in turn, from the active "
                              "player's left, active player last (§8.2)"},
    "ResolveWar": _AUTO,
    "CommitWarTiles": {**SEAT, "party": "index into `war.parties` of the party supported"},
    "CommitWarLeader": {**SEAT, "party": "index into `war.parties` of the party supported",
                        "tiles": "red tiles just committed (when 0 the leader must come)"},
    "ChooseWarWinner": SEAT,
    "RemoveWinnerTile": {**SEAT, "remaining": "red tiles still to remove from the winner"},
    "RemoveBanditLoss": SEAT,
    "ChooseGranary": SEAT,
    "ChooseRefill": {**SEAT, "order": "this seat's place in the refill order (0 = the active "
                                      "player, then clockwise)"},
    # --- actions ------------------------------------------------------------------------
    "PositionLeader": {"colour": f"which of your leaders by colour: {LEADER_LIST}"},
    "PlaceTile": {"colour": f"the colour of the hand tile, {COLOUR}"},
    "LeaderTo": {"hex": f"the target: {HEX}; empty land next to a yellow tile (§6.1)"},
    "TileTo": {"hex": f"the target: {HEX}; empty, river for blue, land for other colours"},
    "TakeFromMarket": {"colour": f"the market tile's colour, {COLOUR}"},
    "BuildPagoda": {"triangle": "index in static `triangles`: 3 same-colour tiles, none "
                                "under a building; the pagoda of that colour"},
    "BuildPalace": {"rhombus": "index in static `rhombi`: 4 yellow tiles, none under a "
                               "building"},
    "MovePagoda": {"pagoda": "index into the observation's `pagodas` (static "
                             "`pagoda_colours`) of the on-board pagoda to move"},
    "ChainTo": {"hex": f"{HEX}: an empty river hex next to the last blue tile"},
    "UseLeader": {"use": "true: your off-board leader of that colour replaces one tile (1 "
                         "tile discarded); false: discard 2 tiles"},
    "RemoveTile": {"hex": f"{HEX} holding a tile (any colour; not a leader or bandit tile)"},
    "DiscardTile": {"colour": f"the colour of the hand tile to discard face down, {COLOUR}"},
    "CommitTiles": {"count": "tiles from hand: yellow in a revolt (CommitRevolt), red in a "
                             "war (CommitWarTiles); 0 up to what the hand holds"},
    "SupportParty": {"party": "index into `war.parties`"},
    "CommitRedLeader": {"use": "true: add your off-board red leader (+1 strength; it stays "
                               "off the board)"},
    "DeclareWinner": {"party": "index into `war.parties`, one of the tied strongest"},
    "RemoveRedTile": {"hex": f"{HEX}: a red tile of the war's winner (`war.winner_tiles`) or "
                             "of the kingdom fighting bandits (`bandit_fight.tiles`)"},
    "KeepGranary": {"hex": f"{HEX}: the granary that stays; the kingdom's other granaries "
                           "go behind your screen"},
    "RefillTo": {"count": "6 or 7: the hand size to draw up to"},
}
