"""The game's fixed data for bots (Game.static_data, sent in `reset`), built from data.py,
castle.py and scoring.py: stones, castle layouts and geometry, realm geometry, scoring
tables, dragon and spirit cards."""

from __future__ import annotations

from typing import Any

from . import data as D
from .castle import LAYOUT_HEIGHTS
from .scoring import SIMPLE_DRAGONS

#: what each spirit's power does (rules §8.2), as spirits.py / powers.py implement it
SPIRIT_EFFECT = {
    D.DECEPTION: "after the first stone: the Pair may be any stone at the first stone's "
                 "former level orthogonally next to its castle cell (must be used)",
    D.BEAUTY: f"merge a connected group of {D.MIN_SET}+ face-up faction stones with the same "
              f"number (factions may mix): merge VP +{D.BEAUTY_BONUS}, {D.BEAUTY_SHRINES} "
              "shrines allowed",
    D.WIND_SPIRIT: "flip one own face-up stone face down (not a merge) or none, then move one "
                   "built shrine to another face-down shrineless top stone (compulsory)",
    D.CHANGE: f"an own face-up special stone counts as another type so that its group of "
              f"that type reaches {D.MIN_SET}: the group merges at once",
    D.STRENGTH: "move 1 or 2 own shrineless top stones to other legal cells (placement "
                "rules, §6.2); merges are checked after",
    D.ELEGANCE: "the next take (first stone from the top level, or the Pair) must be a stone "
                "with a free short (north/south) side that is not available; after it, such "
                "stones also count for the Pair",
    D.DEPTHS: "after the first stone: the Pair may be any available stone of the same type "
              "(must be used)",
    D.FAITH: "build one more pool shrine on an own stone merged this turn",
    D.DESTRUCTION: "remove one available castle stone (any level) from the game",
    D.CUNNING: f"merge a connected group of exactly {D.CUNNING_SET} face-up stones of one "
               f"type: {D.CUNNING_POINTS} VP (+{D.DRAGON_SET_BONUS} for dragons), its shrines",
}


def _doc(f: Any) -> str:
    return " ".join((f.__doc__ or "").split())


def _dragon_effect(name: str) -> str:
    """The card's scoring rule: the docstring of its scoring function (scoring.py)."""
    if name == "Power":  # power_values and power
        return ("Power: per faction, your best number-sum over connected groups of face-up "
                "stones of that faction against each neighbouring player's (left and right; "
                "the other player once with 2): 2 if higher, 1 if equal (a player without "
                "such stones counts 0; without any yourself you score 0 for that faction)")
    return _doc(SIMPLE_DRAGONS[name])


def _castle_neighbours() -> list[list[int]]:
    """Per castle cell (y * 12 + x): [west, east, north, south] cell, -1 off the board."""
    out = []
    for y in range(D.CASTLE_ROWS):
        for x in range(D.CASTLE_COLS):
            nb = []
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                xx, yy = x + dx, y + dy
                inside = 0 <= xx < D.CASTLE_COLS and 0 <= yy < D.CASTLE_ROWS
                nb.append(yy * D.CASTLE_COLS + xx if inside else -1)
            out.append(nb)
    return out


def _layout(name: str) -> dict[str, Any]:
    h = LAYOUT_HEIGHTS[name]
    heights = [h[i] for i in D.CASTLE_CELLS]
    best = D.NAMED_LAYOUTS[name][1] if name in D.NAMED_LAYOUTS else (int(name[9]),)
    return {"rows": list(D.layout_rows(name)), "heights": heights, "players": list(best),
            "stones_per_level": [sum(v >= lv for v in heights) for lv in (1, 2, 3)]}


def static_data() -> dict[str, Any]:
    """Every table a bot needs; layouts keyed by name (option `layout`)."""
    return {
        "stone_types": list(D.TYPES),
        "stones": [{"id": k, "type": t, "symbol": sym, "number": D.NUMBER_OF[k],
                    "special": D.IS_SPECIAL[k], "label": D.LABEL[k]}
                   for k, (t, sym) in enumerate(D.IDENTITIES)],
        "copies": D.COPIES,
        "castle": {"cols": D.CASTLE_COLS, "rows": D.CASTLE_ROWS,
                   "max_height": D.MAX_CASTLE_HEIGHT, "neighbours": _castle_neighbours()},
        "layouts": {name: _layout(name) for name in D.ALL_LAYOUTS},
        "standard_layout": {str(p): f"standard_{p}p" for p in D.STANDARD_LAYOUTS},
        "realm": {"size": D.REALM_SIZE, "neighbours": [list(n) for n in D.REALM_NB],
                  "edge": list(D.REALM_EDGE), "mirror_v": list(D.MIRROR_V),
                  "mirror_h": list(D.MIRROR_H)},
        "scoring": {
            "min_set": D.MIN_SET,
            "merge_points": {str(n): D.merge_points(n) for n in range(D.MIN_SET, 13)},
            "merge_points_rule": "a set of n >= 8 stones scores n",
            "dragon_set_bonus": D.DRAGON_SET_BONUS,
            "shrine_allowance": {"faction": D.SHRINE_ALLOWANCE_FACTION,
                                 "special": D.SHRINE_ALLOWANCE_SPECIAL},
            "shrine_value_by_height": list(D.SHRINE_VALUE_BY_HEIGHT),
            "discard_vp": D.DISCARD_VP, "countdown_token_vp": D.COUNTDOWN_TOKEN_VP,
            "tiebreak": "most stacks with a face-down top, then most built shrines"},
        "setup": {"shrines_total": D.SHRINES_TOTAL, "start_pool": D.START_POOL,
                  "countdown_tokens": D.COUNTDOWN_TOKENS,
                  "countdown_singles": {str(p): n for p, n in D.COUNTDOWN_SINGLES.items()}},
        "dragon_cards": [
            {"id": i, "name": n, "name_pl": D.DRAGON_CARDS_PL[i],
             "beginner": i in D.BEGINNER_DRAGONS,
             "effect": _dragon_effect(n)}
            for i, n in enumerate(D.DRAGON_CARDS)],
        "spirit_cards": [
            {"id": i, "name": n, "name_pl": D.SPIRIT_CARDS_PL[i],
             "beginner": i in D.BEGINNER_SPIRITS, "windows": sorted(D.SPIRIT_WINDOWS[i]),
             "effect": SPIRIT_EFFECT[i]}
            for i, n in enumerate(D.SPIRIT_CARDS)],
    }


STATIC_DOCS: dict[str, str] = {
    "stone_types": "names of stone type codes 0-5 (0-2 factions, 3-5 special stones)",
    "stones": "the 29 stone identities by id: type code, symbol, number (1-6 for faction "
              "stones, 0 for special), special, a two-letter label",
    "copies": "identical copies of each identity (116 stones in all)",
    "castle": "castle grid size (cols x rows, cell index y * cols + x), the highest stack, "
              "and per cell its [west, east, north, south] neighbour cell (-1 off the board). "
              "A top stone is available (§4.1) when its west or east neighbour's height is "
              "lower than its own; the first stone must come from the highest level T "
              "(§6.1); short (north/south) sides matter only for Elegance",
    "layouts": "every named castle layout (option `layout`): rows (digit = stack height, "
               "'.' none), heights per castle cell, the player counts it suits, stones with "
               "level >= 1, 2, 3",
    "standard_layout": "the layout `layout: standard` uses, by player count",
    "realm": "realm board (6x6, cell r * 6 + c): per cell its orthogonal neighbours, edge "
             "flag (Valor), and mirror cells across the vertical (c <-> 5-c) and horizontal "
             "(r <-> 5-r) axes (Harmony). A stone goes on an empty cell or a face-down "
             "shrineless top (§6.2); orthogonal face-up groups of one type of 4+ merge (§6.3)",
    "scoring": "merge VP by set size, dragon-set bonus, shrines allowed per merged set, built "
               "shrine value by stack height (index = height, 3 for >= 3), discard VP, VP per "
               "countdown token, tie-break (§6.3, §6.4, §7)",
    "setup": "shrines in all, shrines each pool starts with, countdown tokens and the single "
             "ones by player count (the rest start stacked on space 0)",
    "dragon_cards": "dragon cards by code (§9): name, Polish name, beginner set, end-game "
                    "scoring rule",
    "spirit_cards": "spirit cards by code (§8): name, Polish name, beginner set, windows in "
                    "which it may be activated (1 before the action, 2 after the first stone, "
                    "3 before placements / the merge check, 4 after merges), power; paid "
                    "with an own face-up realm stone or a pool shrine, once per turn",
}
