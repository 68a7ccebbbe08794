"""Field descriptions for bot authors (engine.protocol.field_docs): the observation, the
requests in its `stack` and the actions, in the rulebook's words. Codes come from data.py;
the static data (static.py) holds the tables they index."""

from __future__ import annotations

from .data import (
    CASTLE_COLS,
    CASTLE_ROWS,
    DRAGON_CARDS,
    NUM_IDENTITIES,
    PAD_W,
    REALM_CELLS,
    REALM_SIZE,
    SPIRIT_CARDS,
    TYPES,
)


def _codes(names: tuple[str, ...]) -> str:
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

OBSERVATION: dict[str, str] = {
    "num_players": "number of players, 2-4",
    "dragon_cards": f"dragon cards in play (rules §9, options dragon_card/dragon_cards/"
                    f"dragons), each scoring at the end: codes {_codes(DRAGON_CARDS)} "
                    "(static `dragon_cards`); [] without",
    "castle_heights": f"stack height 0-3 of every castle cell ({CASTLE}); 0 = no stone",
    "castle_tops": f"identity of each castle cell's top stone ({CASTLE}; {STONE}); -1 = "
                   "empty. A top stone is available (takeable, §4.1) when its west (x-1) or "
                   "east (x+1) neighbour is lower than it; a missing neighbour (off the "
                   "board, -1 in static `castle.neighbours`) counts as height 0, so an "
                   "edge stone is always available",
    "hidden": f"per identity ({NUM_IDENTITIES} counts), stones still covered under other "
              "castle stones: the covered stones are hidden from everyone, only these "
              "counts are known",
    "height": f"stack height per realm cell ({REALM})",
    "top": f"identity of the top stone per realm cell ({REALM}; {STONE}); -1 = empty, or a "
           "face-down stone uncovered by paying for a spirit or a Strength move (identity "
           "not tracked; it is face down)",
    "up": f"1 if the top stone is face up, 0 if face down or empty ({REALM}); merged stones "
          "are face down",
    "shrine": f"1 if a built shrine stands on the cell's top stone ({REALM})",
    "pool": "shrines in each seat's personal pool (to build on merged sets, §6.3)",
    "vp": "VP tokens per seat (merges, discards, spirit merges); the final score adds built "
          "shrines, 2 VP per countdown token and dragon cards (§7)",
    "tokens": "countdown tokens taken per seat (Summon the Dragon, §6.1d): 2 VP each at the "
              "end",
    "supply": "shrines left in the general supply (Stone and shrine needs one, §6.1b)",
    "track_singles": "countdown tokens still on the single spaces of the track (P at the "
                     "start); taking the last one starts the last round (§7)",
    "track_stack": "countdown tokens still in the stack on space 0 (taken once the single "
                   "spaces are empty)",
    "first_player": "the first player; the game ends after the seat before them (seat "
                    "first_player - 1, mod players) ends its turn in the last round (§7)",
    "turn": "the seat whose turn it is",
    "last_round": "true once the last single countdown token is taken: this is the last "
                  "round (§7)",
    "gone": f"per identity ({NUM_IDENTITIES} counts), stones of it that have left the castle",
    "stack": "pending decisions, the last one is decided now; each is an array "
             "[type, seat, ...fields] (see the request types)",
    "spirit_cards": f"spirit cards in play (rules §8, options spirit_card/spirit_cards/"
                    f"spirits): codes {_codes(SPIRIT_CARDS)} (static `spirit_cards`); [] "
                    "without. ActivateSpirit.card is an index into this list",
    "spirit_used": "per spirit card in play (same order), 1 if it was activated this turn "
                   "(each at most once per turn)",
    "pair_mode": "this turn's Pair rule: 0 normal, 1 Deception, 2 Depths (spirit active)",
    "first_cell": f"castle cell of the latest first stone taken (this turn's once taken; "
                  f"kept until the next take) as a padded index: x = first_cell % {PAD_W} - 1, "
                  f"y = first_cell // {PAD_W} - 1; -1 before the game's first take (used by "
                  "Deception)",
    "first_level": "castle level 1-3 that stone came from (0 before the game's first take)",
    "elegance": "spirit Elegance: 0 off, 1 activated (the next take must be a short-side "
                "exposed stone that is not available), 2 active (short-side exposed stones "
                "count as available for the Pair)",
    "merged_now": f"own {CELLS} merged this turn (Faith may build on them; tracked only "
                  "with spirit cards)",
    "shrines_out": "shrines paid for spirit activations (out of the game)",
    "layout": "castle layout name: standard_2p / standard_3p / standard_4p, a named layout, "
              "or \"custom:\" + 8 rows of 12 ('.' or height 1-3) joined by '/'; static "
              "`layouts` gives the shapes",
}

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
CHANGE_STONE = {**RC, "kind": f"the stone type the special stone counts as: {_codes(TYPES)}"}
