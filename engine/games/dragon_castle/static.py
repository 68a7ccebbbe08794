"""The game's fixed data for bots (Game.static_data, sent in `reset`), built from data.py,
castle.py and scoring.py: stones, castle layouts and geometry, realm geometry, scoring
tables, dragon and spirit cards."""

from __future__ import annotations

from typing import Any

from . import data
from .castle import LAYOUT_HEIGHTS
from .scoring import SIMPLE_DRAGONS

#: what each spirit's power does (rules §8.2), as spirits.py / powers.py implement it
SPIRIT_EFFECT = {
    data.DECEPTION: "after the first stone: the Pair may be any stone at the first stone's "
                 "former level orthogonally next to its castle cell (must be used)",
    data.BEAUTY: f"merge a connected group of {data.MIN_SET}+ face-up faction stones with the same "
              f"number (factions may mix): merge VP +{data.BEAUTY_BONUS}, {data.BEAUTY_SHRINES} "
              "shrines allowed",
    data.WIND_SPIRIT: "flip one own face-up stone face down (not a merge) or none, then move one "
                   "built shrine to another face-down shrineless top stone (compulsory)",
    data.CHANGE: f"an own face-up special stone counts as another type so that its group of "
              f"that type reaches {data.MIN_SET}: the group merges at once",
    data.STRENGTH: "move 1 or 2 own shrineless top stones to other legal cells (placement "
                "rules, §6.2); merges are checked after",
    data.ELEGANCE: "the next take (first stone from the top level, or the Pair) must be a stone "
                "with a free short (north/south) side that is not available; after it, such "
                "stones also count for the Pair",
    data.DEPTHS: "after the first stone: the Pair may be any available stone of the same type "
              "(must be used)",
    data.FAITH: "build one more pool shrine on an own stone merged this turn",
    data.DESTRUCTION: "remove one available castle stone (any level) from the game",
    data.CUNNING: f"merge a connected group of exactly {data.CUNNING_SET} face-up stones of one "
               f"type: {data.CUNNING_POINTS} VP (+{data.DRAGON_SET_BONUS} for dragons), its "
               "shrines",
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
    for y in range(data.CASTLE_ROWS):
        for x in range(data.CASTLE_COLS):
            nb = []
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                xx, yy = x + dx, y + dy
                inside = 0 <= xx < data.CASTLE_COLS and 0 <= yy < data.CASTLE_ROWS
                nb.append(yy * data.CASTLE_COLS + xx if inside else -1)
            out.append(nb)
    return out


def _layout(name: str) -> dict[str, Any]:
    h = LAYOUT_HEIGHTS[name]
    heights = [h[i] for i in data.CASTLE_CELLS]
    best = data.NAMED_LAYOUTS[name][1] if name in data.NAMED_LAYOUTS else (int(name[9]),)
    return {"rows": list(data.layout_rows(name)), "heights": heights, "players": list(best),
            "stones_per_level": [sum(v >= lv for v in heights) for lv in (1, 2, 3)]}


def static_data() -> dict[str, Any]:
    """Every table a bot needs; layouts keyed by name (option `layout`)."""
    return {
        "stone_types": list(data.TYPES),
        "stones": [{"id": k, "type": t, "symbol": sym, "number": data.NUMBER_OF[k],
                    "special": data.IS_SPECIAL[k], "label": data.LABEL[k]}
                   for k, (t, sym) in enumerate(data.IDENTITIES)],
        "copies": data.COPIES,
        "castle": {"cols": data.CASTLE_COLS, "rows": data.CASTLE_ROWS,
                   "max_height": data.MAX_CASTLE_HEIGHT, "neighbours": _castle_neighbours()},
        "layouts": {name: _layout(name) for name in data.ALL_LAYOUTS},
        "standard_layout": {str(p): f"standard_{p}p" for p in data.STANDARD_LAYOUTS},
        "realm": {"size": data.REALM_SIZE, "neighbours": [list(n) for n in data.REALM_NB],
                  "edge": list(data.REALM_EDGE), "mirror_v": list(data.MIRROR_V),
                  "mirror_h": list(data.MIRROR_H)},
        "scoring": {
            "min_set": data.MIN_SET,
            "merge_points": {str(n): data.merge_points(n) for n in range(data.MIN_SET, 13)},
            "merge_points_rule": "a set of n >= 8 stones scores n",
            "dragon_set_bonus": data.DRAGON_SET_BONUS,
            "shrine_allowance": {"faction": data.SHRINE_ALLOWANCE_FACTION,
                                 "special": data.SHRINE_ALLOWANCE_SPECIAL},
            "shrine_value_by_height": list(data.SHRINE_VALUE_BY_HEIGHT),
            "discard_vp": data.DISCARD_VP, "countdown_token_vp": data.COUNTDOWN_TOKEN_VP,
            "tiebreak": "most stacks with a face-down top, then most built shrines"},
        "setup": {"shrines_total": data.SHRINES_TOTAL, "start_pool": data.START_POOL,
                  "countdown_tokens": data.COUNTDOWN_TOKENS,
                  "countdown_singles": {str(p): n for p, n in data.COUNTDOWN_SINGLES.items()}},
        "dragon_cards": [
            {"id": i, "name": n, "name_pl": data.DRAGON_CARDS_PL[i],
             "beginner": i in data.BEGINNER_DRAGONS,
             "effect": _dragon_effect(n)}
            for i, n in enumerate(data.DRAGON_CARDS)],
        "spirit_cards": [
            {"id": i, "name": n, "name_pl": data.SPIRIT_CARDS_PL[i],
             "beginner": i in data.BEGINNER_SPIRITS, "windows": sorted(data.SPIRIT_WINDOWS[i]),
             "effect": SPIRIT_EFFECT[i]}
            for i, n in enumerate(data.SPIRIT_CARDS)],
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
