"""Huang's fixed data for bots (engine.registry `Game.static_data`, sent in `reset`): the map
of both board sides, its geometry (coordinates, neighbours, triangles, rhombi), the board
codes, components and rule numbers, all built from data.py and the render's coordinates
(words.hex_name), never copied by hand. `STATIC_DOCS` describes every key."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.games.huang.data import (
    ACTIONS_PER_TURN,
    BANDIT_COUNT,
    BANDIT_SITES,
    BANDITS_IN_PLAY,
    CAPITALS,
    COLOUR_NAMES,
    COLS,
    DIRECTIONS,
    DYNASTIES,
    EMPTY,
    EXCHANGE_MAX,
    GRANARY_VP,
    HAND_SIZE,
    LEADER,
    LEADER_NAMES,
    MAPS,
    MARKET_SIZE,
    NEIGHBOURS,
    NUM_HEXES,
    PAGODA_COLOUR,
    PAGODA_NAMES,
    PALACE_HAND_SIZE,
    RHOMBI,
    ROWS,
    SHORT_GAME_REMOVED,
    TILE,
    TILE_COUNTS,
    TRIANGLES,
    YELLOW,
    axial,
    hex_index,
)
from engine.games.huang.words import hex_name

#: the board sides in `HuangObservation.side` order (data.BASE_SIDE, data.EIGHTEEN_SIDE)
SIDE_NAMES = ("base", "eighteen_kingdoms")
SIDE_OPTIONS = (None, "eighteen_kingdoms")
#: the most seats a game has (5 with the Dragon dynasty, §11.4)
MAX_SEATS = len(DYNASTIES)


def _json(x: Any) -> Any:
    """Tuples as lists, recursively (the value equals its JSON round trip)."""
    if isinstance(x, (tuple, list)):
        return [_json(v) for v in x]
    if isinstance(x, dict):
        return {k: _json(v) for k, v in x.items()}
    return x


def _side(side: int) -> dict[str, Any]:
    """One board side: river flags, capitals, the granaries and bag of its setup (§3, §11.2)."""
    m = MAPS[side]
    eighteen = SIDE_OPTIONS[side] == "eighteen_kingdoms"
    names = {} if eighteen else {n: hex_index(q, r) for n, (q, r) in CAPITALS.items()}
    assert sorted(names.values()) == ([] if eighteen else list(m.capitals))
    return {
        "name": SIDE_NAMES[side],
        "option": SIDE_OPTIONS[side],
        "is_river": list(m.is_river),
        "capitals": list(m.capitals),
        "capital_names": names,
        "granaries": list(m.capitals) if eighteen else [],
        "bag_after_setup": [n - (len(m.capitals) if c == YELLOW else 0)
                            for c, n in enumerate(TILE_COUNTS)],
    }


@cache
def static_data() -> dict[str, Any]:
    """Every key of STATIC_DOCS (built once; callers must not change it)."""
    return _json({
        "colours": COLOUR_NAMES,
        "leader_names": LEADER_NAMES,
        "dynasties": DYNASTIES,
        "tile_counts": TILE_COUNTS,
        "board_codes": {
            "empty": EMPTY,
            "tile": [TILE + c for c in range(5)],
            "leader": [LEADER + i for i in range(5 * MAX_SEATS)],
            "bandit": [-n for n in range(1, len(BANDIT_SITES))],
        },
        "grid": {"rows": ROWS, "cols": COLS, "hexes": NUM_HEXES},
        "hex_names": [hex_name(h) for h in range(NUM_HEXES)],
        "hex_axial": [axial(h) for h in range(NUM_HEXES)],
        "directions": DIRECTIONS,
        "neighbours": NEIGHBOURS,
        "sides": [_side(k) for k in range(len(MAPS))],
        "triangles": TRIANGLES,
        "rhombi": RHOMBI,
        "pagoda_colours": PAGODA_COLOUR,
        "pagoda_names": PAGODA_NAMES,
        "bandit_sites": BANDIT_SITES,
        "bandit_counts": BANDIT_COUNT,
        "rules": {
            "actions_per_turn": ACTIONS_PER_TURN, "hand_size": HAND_SIZE,
            "palace_hand_size": PALACE_HAND_SIZE, "market_size": MARKET_SIZE,
            "exchange_max": EXCHANGE_MAX, "granary_blue_vp": GRANARY_VP,
            "bandits_in_play": BANDITS_IN_PLAY, "short_game_removed": SHORT_GAME_REMOVED,
        },
    })


_COLOURS = ", ".join(f"{c} {n}" for c, n in enumerate(COLOUR_NAMES))

STATIC_DOCS: dict[str, str] = {
    "colours": f"colour names by colour index ({_COLOURS}); every colour field and every "
               "per-colour list uses this order",
    "leader_names": "leader names by colour (§1: Governor yellow, Soldier red, Farmer blue, "
                    "Trader green, Artisan white)",
    "dynasties": "dynasty names by seat (§12; the 5th seat plays the Dragon, §11.4)",
    "tile_counts": "tiles of each colour in the game, by colour (§2, §12: 138 in all)",
    "board_codes": "the codes of the observation's `board`: `empty`; `tile[c]` a tile of "
                   "colour c; `leader[i]` the leader with index i = seat * 5 + colour; "
                   "`bandit[n - 1]` bandit tile n (= -n, Bandits module)",
    "grid": "the map's size: `rows` (11), `cols` (15) and `hexes` (165). Hex id = row * cols "
            "+ column, both from 0",
    "hex_names": "per hex id, its name as the text view and the action words write it: "
                 "column letter A-O then row number 1-11 (\"H5\" = row 4, column 7 from 0). "
                 "In the picture the 2nd, 4th, ... rows sit half a hex to the right",
    "hex_axial": "per hex id, its axial coordinates [q, r] (§4, pointy-top hexes; r = row, "
                 "q = column - r // 2)",
    "directions": "the 6 neighbour directions d0..d5 as axial [dq, dr] (§4)",
    "neighbours": "per hex id, the ids of its on-board neighbours (sharing an edge), in "
                  "direction order d0..d5, off-board directions left out (§4: adjacency)",
    "sides": "the two board sides, index = the observation's `side`: 0 base, 1 Eighteen "
             "Kingdoms (option eighteen_kingdoms, §11.2). Each: `name`, `option`, `is_river` "
             "(per hex id: true for river, where blue tiles go; false for land, where other "
             "tiles and leaders go), `capitals` (hex ids given a yellow tile at setup; after "
             "that ordinary hexes, §6.3), `capital_names` (base side: name -> hex id), "
             "`granaries` (hexes with a granary at setup: the capitals of the Eighteen "
             "Kingdoms side), `bag_after_setup` (tiles per colour in the bag before dealing; "
             "the 2-player short game then removes `rules.short_game_removed`). The map is "
             "the rules' reconstruction (§12: the printed board was not available)",
    "triangles": "every triangle of 3 mutually adjacent hexes [a, b, c] (§4), by index: a "
                 "pagoda stands on one (`pagodas`, BuildPagoda.triangle)",
    "rhombi": "every rhombus of 4 hexes (two triangles sharing an edge, §4, §11.3), by "
              "index: the Imperial Palace stands on one (`palace`, BuildPalace.rhombus; the "
              "shape is reconstructed, §14.14)",
    "pagoda_colours": "per pagoda index k (the observation's `pagodas`), its colour (§2: "
                      "2 yellow, 2 red, 2 blue, 2 green, 1 white)",
    "pagoda_names": "pagoda names by colour (§12: Court, Garrison, Granary, Market, "
                    "Workshop)",
    "bandit_sites": "Bandits module (base side only): per bandit tile number n (index 0 "
                    "unused, []), the 3 hex ids it covers (§11.1; sites reconstructed, §12)",
    "bandit_counts": "Bandits module: per bandit tile number n (index 0 unused), its bandits "
                     "N: connecting it to a kingdom needs >= N red tiles there, gives the "
                     "kingdom's red leader N red VP and costs N red tiles (§11.1; the printed "
                     "counts are reconstructed, §12)",
    "rules": "rule numbers: `actions_per_turn` (§5), `hand_size` and `palace_hand_size` (§9, "
             "§11.3), `market_size` (§3), `exchange_max` (§6.5), `granary_blue_vp` (blue VP "
             "per granary held at the end, §11.2), `bandits_in_play` (§11.1), "
             "`short_game_removed` (§3 step 2)",
}
