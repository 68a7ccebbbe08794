"""Field descriptions for bot authors (engine.protocol.field_docs): the requests in the
observation's `stack` and the actions, in the rulebook's words, and the phrases the state's
field descriptions share (state.py writes each observation field's description beside the
field). Codes come from data.py; the static data (static.py) holds the tables they index."""

from __future__ import annotations

from .data import (
    CASTLE_COLS,
    CASTLE_ROWS,
    NUM_IDENTITIES,
    REALM_CELLS,
    REALM_SIZE,
    TYPES,
)


def codes(names: tuple[str, ...]) -> str:
    return ", ".join(f"{i} {n}" for i, n in enumerate(names))


STONE = (f"stone identity 0-{NUM_IDENTITIES - 1} (static `stones`): 0-5 merchant 1-6, 6-11 "
         "soldier 1-6, 12-17 farmer 1-6, 18-21 season, 22-25 wind, 26-28 dragon; 4 copies "
         "of each")
CELLS = (f"realm cells: index = r * {REALM_SIZE} + c on your {REALM_SIZE}x{REALM_SIZE} "
         "realm (rules §5)")
REALM = (f"realm board, {REALM_CELLS} cells per seat flattened seat-major: index = seat * "
         f"{REALM_CELLS} + r * {REALM_SIZE} + c (r row 0-{REALM_SIZE - 1} top down, c "
         f"column 0-{REALM_SIZE - 1})")
CASTLE = (f"castle grid, {CASTLE_COLS * CASTLE_ROWS} cells row-major: index = y * "
          f"{CASTLE_COLS} + x (x column 0-{CASTLE_COLS - 1} west to east, y row "
          f"0-{CASTLE_ROWS - 1})")
X = f"castle column 0-{CASTLE_COLS - 1} (west to east)"
Y = f"castle row 0-{CASTLE_ROWS - 1}"
R = f"realm row 0-{REALM_SIZE - 1} of your own realm"
C = f"realm column 0-{REALM_SIZE - 1} of your own realm"
SEAT = {"seat": "the seat that must decide"}
AUTO = {"seat": "the seat whose realm is checked (an automatic step, nobody decides)"}
WINDOWS = ("1 W1 before the turn's action, 2 W2 after the first stone, 3 W3 before each "
           "placement and before the merge check, 4 W4 after merges / at the end of the turn")

# --- requests (array-like: [type, seat, fields...]) --------------------------------------------
FINISH_ACTION = {
    **SEAT,
    "stone": f"the first stone taken ({STONE})",
    "must_pair": "true when a spirit activated here (Deception, Depths, Elegance) must be "
                 "used: only Pair options remain",
}
PLACE_TAKEN = {**SEAT, "stone": f"the taken stone to place ({STONE})"}
BUILD_SHRINES = {
    **SEAT,
    "cells": f"the merged set's {CELLS}",
    "allowance": "shrines that may still be built on it (at first 1 for a faction set, 2 "
                 "for a special set or a Beauty merge)",
}
SPIRIT_WINDOW = {**SEAT, "window": f"the activation window: {WINDOWS} (3 or 4 here)"}
STRENGTH_FROM = {
    **SEAT,
    "moved": "stones moved so far by this Strength (at most 2)",
    "locked": f"{CELLS} of stones awaiting a merge when the power began (cannot move)",
}
STRENGTH_TO = {
    **SEAT,
    "moved": "stones moved before this one",
    "src": "realm cell (r * 6 + c) the stone was picked up from (not a target)",
    "stone": f"the picked-up stone ({STONE}; -1 if a face-down stone of unknown identity)",
    "up": "whether the picked-up stone is face up",
    "merged": "whether it was merged this turn",
    "locked": f"{CELLS} of stones awaiting a merge when the power began",
}
WIND_SHRINE_TO = {**SEAT, "src": "realm cell (r * 6 + c) of the shrine being moved"}

# --- actions --------------------------------------------------------------------------------------
XY = {"x": X, "y": Y}
RC = {"r": R, "c": C}
ACTIVATE = {
    **RC,
    "card": "index of the spirit card in `spirit_cards` (0 with one card); r, c: the face-up "
            "own realm stone paid (it leaves the game)",
}
ACTIVATE_SHRINE = {"card": "index of the spirit card in `spirit_cards` (paid with a pool "
                           "shrine)"}
CHANGE_STONE = {**RC, "kind": f"the stone type the special stone counts as: {codes(TYPES)}"}
