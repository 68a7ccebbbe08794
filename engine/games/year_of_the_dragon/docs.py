"""Field descriptions for bot authors (engine.protocol.field_docs) of the requests in the
observation's `stack` and of the actions, in the rulebook's words, and the phrases the
observation's descriptions (beside the state's fields, state.py) share with them. Codes come
from data.py; the static data (static.py) holds the tables they index."""

from __future__ import annotations

from engine.games.year_of_the_dragon import data


def codes(names: tuple[str, ...]) -> str:
    """"0 draft, 1 actions, ...": each code with its name."""
    return ", ".join(f"{i} {n}" for i, n in enumerate(names))


PERSON_TYPES = codes(data.PERSON_TYPE_NAMES)
TILE_FULL = (f"person tile id 0-{data.NUM_TILES - 1} = person type * 2 + (1 if old else 0); person "
        f"types: {PERSON_TYPES}; craftsman, court lady and tax collector have only young tiles "
        "(ids 1, 3, 5 do not exist); static `tiles` gives each tile's value and symbols")
TILE = "person tile id 0-17 (= person type * 2 + 1 if old; codes at `supply`)"
CARD = (f"person card 0-{data.NUM_CARDS - 1}: 0-8 the person type of the same number, "
        f"{data.JOKER} = \"?\" (any person)")
PALACE = ("index into your own palaces (`palaces[seat]`, 0 = first; indices shift when a "
          "palace goes)")
SEAT = {"seat": "the seat that must decide"}

# --- requests (array-like: [type, seat, fields...]) --------------------------------------------
PLACE_RECRUIT = {
    **SEAT,
    "tile": f"the new person ({TILE})",
    "move": "person-track spaces the marker moves once the person is placed or replaces "
            "someone (not when discarded); in the draft the first tile has 0, the second the "
            "sum of both values",
}
LEFT_FLOORS = {**SEAT, "left": "floors still to place (one per decision)"}
CHOOSE_TILE = {**SEAT, "card": f"the person card just played ({CARD})"}
LEFT_PERSONS = {**SEAT, "left": "persons still to release (one per decision)"}
DROUGHT = {
    **SEAT,
    "left": "unsupplied palaces still to release 1 person from",
    "chosen": "bitmask of own palace indices already chosen in this Drought (bit i = palace i)",
}
LEFT_EARTHQUAKE = {**SEAT, "left": "floors still to remove (one per decision)"}
LEFT_FLOOD = {**SEAT, "left": "items (yuan, rice or fireworks) still to discard"}
LEFT_TORNADO = {**SEAT, "left": "person cards still to discard"}

# --- actions --------------------------------------------------------------------------------------
DRAFT_PAIR = {
    "first": f"the lower person type of the pair ({PERSON_TYPES}); its young tile is "
             "2 * first",
    "second": "the higher person type (first < second); its young tile is 2 * second",
}
PLACE_PERSON = {"palace": f"the palace with a free floor to put the person in ({PALACE})"}
REPLACE_PERSON = {
    "palace": f"the palace of the person released ({PALACE})",
    "tile": f"the tile of the released person ({TILE})",
}
TAKE_ACTION = {"card": f"the action card ({codes(data.ACTION_NAMES)}); static `action_cards`"}
BUILD_FLOOR = {"palace": f"the palace to raise (< {data.MAX_FLOORS} floors; {PALACE}), or -1 "
                         "for a new 1-floor palace"}
BUY_PRIVILEGE = {"large": f"true: large ({data.LARGE_PRIVILEGE_DRAGONS} dragons, "
                          f"{data.LARGE_PRIVILEGE_COST} yuan, {data.LARGE_PRIVILEGE_COST_ORIGINAL} "
                          f"with original_privilege); false: small "
                          f"({data.SMALL_PRIVILEGE_DRAGONS} dragon, "
                          f"{data.SMALL_PRIVILEGE_COST} yuan)"}
PLAY_CARD = {"card": CARD}
CHOOSE_PERSON = {"tile": f"the supply tile to take ({TILE}); a type card allows the young or "
                         "old tile of its type, \"?\" any tile; Sunrise only young tiles"}
RELEASE = {
    "palace": f"the palace of the person ({PALACE})",
    "tile": f"the tile of the person released ({TILE})",
}
BUILD_WALL = {"bonus": f"own unused wall tile = its bonus: {codes(data.WALL_BONUS_NAMES)}"}
REMOVE_FLOOR = {"palace": f"the palace losing a floor ({PALACE}); at 0 floors it goes with "
                          "its persons"}
DISCARD_GOODS = {"good": "0 = 1 yuan, 1 = 1 rice, 2 = 1 fireworks"}
DISCARD_CARD = {"card": CARD}
EDICT = {"person_type": f"a person type present in own palaces ({PERSON_TYPES}); static "
                        "`person_types` gives each edict benefit"}
