"""Component tables of In the Year of the Dragon (rules §2, §10), with rulebook names.

Everything is indexed by small ints so the state stays flat:

* person types 0..8 (`CRAFTSMAN` .. `SCHOLAR`); a *tile* is `type * 2 + old` (0..17);
  single-level types (craftsman, court lady, tax collector) have no old tile;
* action cards 0..6 (+ 7 `BUILD_WALL` with the Great Wall);
* event kinds 0..5; person cards 0..8 (one per type) and 9 (the "?" joker).
"""

from __future__ import annotations

# --- steps of the game (rules §1, §5): what `flow.on_empty` does next (the state's `step`) ---
ST_DRAFT, ST_ACTIONS, ST_PERSONS, ST_EVENT, ST_FINAL_WALL, ST_OVER, ST_GREAT_EVENT = range(7)
STEPS = ("draft", "actions", "persons", "event", "final wall check", "over", "great event")

# --- person types (rules §10.1) ------------------------------------------------------------
CRAFTSMAN, COURT_LADY, TAX_COLLECTOR, PYROTECHNIST, WARRIOR, MONK, HEALER, FARMER, SCHOLAR = (
    range(9)
)
NUM_TYPES = 9
PERSON_TYPE_NAMES = (
    "craftsman", "court lady", "tax collector", "pyrotechnist", "warrior", "monk", "healer",
    "farmer", "scholar",
)
PERSON_TYPE_SHORT = ("Cra", "Lad", "Tax", "Pyr", "War", "Mon", "Hea", "Far", "Sch")
#: symbol on each type's tiles and what it drives
PERSON_SYMBOL = (
    "hammer", "fan", "coin", "rocket", "helmet", "buddha", "mortar", "rice sack", "book",
)
#: the three types that exist only as young tiles (rules §10.1)
SINGLE_LEVEL = (CRAFTSMAN, COURT_LADY, TAX_COLLECTOR)

#: (young value, young symbols, old value, old symbols); value = person-track advance.
#: Old values/symbols of single-level types are 0 (no such tile).
PERSON_TABLE: dict[int, tuple[int, int, int, int]] = {
    CRAFTSMAN: (2, 1, 0, 0),
    COURT_LADY: (1, 1, 0, 0),
    TAX_COLLECTOR: (3, 3, 0, 0),
    PYROTECHNIST: (5, 1, 3, 2),
    WARRIOR: (5, 1, 3, 2),
    MONK: (6, 1, 2, 2),
    HEALER: (4, 1, 1, 2),
    FARMER: (4, 1, 1, 2),
    SCHOLAR: (4, 2, 2, 3),
}

NUM_TILES = 18


def tile_of(person_type: int, old: bool) -> int:
    """Tile id of a young or old person of `person_type`."""
    return person_type * 2 + int(old)


TILE_TYPE: tuple[int, ...] = tuple(t // 2 for t in range(NUM_TILES))
TILE_OLD: tuple[bool, ...] = tuple(bool(t % 2) for t in range(NUM_TILES))
TILE_EXISTS: tuple[bool, ...] = tuple(
    not (t % 2 and t // 2 in SINGLE_LEVEL) for t in range(NUM_TILES)
)
TILE_VALUE: tuple[int, ...] = tuple(PERSON_TABLE[t // 2][2 * (t % 2)] for t in range(NUM_TILES))
TILE_SYMBOLS: tuple[int, ...] = tuple(
    PERSON_TABLE[t // 2][2 * (t % 2) + 1] for t in range(NUM_TILES)
)
VALID_TILES: tuple[int, ...] = tuple(t for t in range(NUM_TILES) if TILE_EXISTS[t])
YOUNG_TILES: tuple[int, ...] = tuple(tile_of(k, False) for k in range(NUM_TYPES))


def tile_name(tile: int) -> str:
    kind = PERSON_TYPE_NAMES[TILE_TYPE[tile]]
    if TILE_TYPE[tile] in SINGLE_LEVEL:
        return kind
    return ("old " if TILE_OLD[tile] else "young ") + kind


def tile_short(tile: int) -> str:
    s = PERSON_TYPE_SHORT[TILE_TYPE[tile]]
    if TILE_TYPE[tile] in SINGLE_LEVEL:
        return s
    return s + ("+" if TILE_OLD[tile] else "")


def initial_supply(num_players: int) -> list[int]:
    """Rules §2/§3.1: tiles per type by player count (two-level: young N+1 / old N-1;
    single-level: 2N), i.e. 2 tiles per type removed for each missing player."""
    out = [0] * NUM_TILES
    for k in range(NUM_TYPES):
        if k in SINGLE_LEVEL:
            out[tile_of(k, False)] = 2 * num_players
        else:
            out[tile_of(k, False)] = num_players + 1
            out[tile_of(k, True)] = num_players - 1
    return out


# --- person cards (rules §2: 9 type cards + 2 jokers "?") ----------------------------------
JOKER = 9
NUM_CARDS = 10
#: hand at setup: one card per type + 2 jokers = 11 cards
INITIAL_HAND: tuple[int, ...] = (1,) * NUM_TYPES + (2,)
CARD_NAMES = PERSON_TYPE_NAMES + ("?",)

# --- action cards (rules §5.1, §10.2) --------------------------------------------------------
TAXES, BUILD, HARVEST, FIREWORKS, MILITARY_PARADE, RESEARCH, PRIVILEGE, BUILD_WALL = range(8)
ACTION_NAMES = (
    "Taxes", "Build", "Harvest", "Fireworks display", "Military parade", "Research",
    "Privilege", "Build Wall",
)
BASE_ACTION_CARDS: tuple[int, ...] = (
    TAXES, BUILD, HARVEST, FIREWORKS, MILITARY_PARADE, RESEARCH, PRIVILEGE,
)
#: symbols printed on the action card itself (Taxes shows 2 coins, others 1 symbol)
TAXES_CARD_COINS = 2
CARD_SYMBOL = 1
#: the person type whose symbols add to each action
ACTION_PERSON_TYPE = {
    TAXES: TAX_COLLECTOR, BUILD: CRAFTSMAN, HARVEST: FARMER, FIREWORKS: PYROTECHNIST,
    MILITARY_PARADE: WARRIOR, RESEARCH: SCHOLAR,
}
#: group sizes by (number of action cards, player count) ("as even as possible")
GROUP_SIZES: dict[tuple[int, int], tuple[int, ...]] = {
    (7, 2): (4, 3), (7, 3): (3, 2, 2), (7, 4): (2, 2, 2, 1), (7, 5): (2, 2, 1, 1, 1),
    (8, 2): (4, 4), (8, 3): (3, 3, 2), (8, 4): (2, 2, 2, 2), (8, 5): (2, 2, 2, 1, 1),
}
#: (number of action cards, player count) -> the group of the card dealt at each position
DEAL_GROUPS: dict[tuple[int, int], tuple[int, ...]] = {
    key: tuple(g for g, size in enumerate(sizes) for _ in range(size))
    for key, sizes in GROUP_SIZES.items()
}
#: the action cards shuffled each round, without and with the Great Wall (rules §5.1.1, §7)
ROUND_ACTION_CARDS: dict[bool, tuple[int, ...]] = {
    False: BASE_ACTION_CARDS, True: (*BASE_ACTION_CARDS, BUILD_WALL),
}
#: fee for placing a dragon on a group that already holds at least one dragon
OCCUPIED_GROUP_FEE = 3
#: the Money alternative tops yuan up to this amount
MONEY_TOP_UP = 3
SMALL_PRIVILEGE_COST = 2
LARGE_PRIVILEGE_COST = 7  # anniversary edition (seed); original edition: 6 (D17)
LARGE_PRIVILEGE_COST_ORIGINAL = 6
SMALL_PRIVILEGE_DRAGONS = 1
LARGE_PRIVILEGE_DRAGONS = 2

# --- events (rules §5.3, §10.3) ---------------------------------------------------------------
PEACE, IMPERIAL_TRIBUTE, DROUGHT, DRAGON_FESTIVAL, MONGOL_INVASION, CONTAGION = range(6)
EVENT_NAMES = (
    "Peace", "Imperial Tribute", "Drought", "Dragon Festival", "Mongol Invasion", "Contagion",
)
EVENT_SHORT = ("Peace", "Tribute", "Drought", "Festival", "Mongols", "Contagion")
#: the 10 shuffled tiles for slots 3-12 (2 of each non-Peace kind); slots 1-2 are Peace
SHUFFLED_EVENTS: tuple[int, ...] = (
    IMPERIAL_TRIBUTE, IMPERIAL_TRIBUTE, DROUGHT, DROUGHT, DRAGON_FESTIVAL, DRAGON_FESTIVAL,
    MONGOL_INVASION, MONGOL_INVASION, CONTAGION, CONTAGION,
)
TRIBUTE_YUAN = 4
FESTIVAL_FIRST_VP = 6
FESTIVAL_SECOND_VP = 3
CONTAGION_RELEASES = 3

# --- setup and scoring (rules §3, §5.4, §6) ----------------------------------------------------
ROUNDS = 12
START_YUAN = 6
START_PALACES = (2, 2)  # two palaces of 2 floors
DRAFT_TILES = 2
MAX_FLOORS = 3
#: engine bound on palaces per player (action-space size); never reached in play: a player
#: holds at most 13 persons and gains at most 11 floors per Build [reconstructed]
MAX_PALACES = 48
FINAL_VP_PER_PERSON = 2
GOODS_SALE_YUAN = 2
YUAN_PER_FINAL_VP = 3

# --- Great Wall (rules §7, §10.4) ----------------------------------------------------------
WALL_RICE, WALL_FIREWORKS, WALL_FLOOR, WALL_YUAN, WALL_TRACK, WALL_VP = range(6)
WALL_BONUS_NAMES = ("1 rice", "1 fireworks", "1 palace floor", "2 yuan", "track +3", "+3 VP")
WALL_TILES_PER_PLAYER = 6
WALL_LENGTH = 12
WALL_BONUS_YUAN = 2
WALL_BONUS_TRACK = 3
WALL_BONUS_VP = 3

# --- Great Events (rules §8, §10.5) ----------------------------------------------------------
(
    LANTERN_FESTIVAL, BUDDHA, EARTHQUAKE, FLOOD, SOLAR_ECLIPSE, VOLCANIC_ERUPTION, TORNADO,
    SUNRISE, ASSASSINATION_ATTEMPT, EDICT,
) = range(10)
GREAT_EVENT_NAMES = (
    "Lantern Festival", "Buddha", "Earthquake", "Flood", "Solar Eclipse", "Volcanic Eruption",
    "Tornado", "Sunrise", "Assassination Attempt", "Edict",
)
NUM_GREAT_EVENTS = 10
GREAT_EVENT_ROUND = 7
EARTHQUAKE_FLOORS = 2
TORNADO_CARDS = 2
LANTERN_VP_PER_PERSON = 2
YUAN_GOOD, RICE_GOOD, FIREWORKS_GOOD = range(3)
#: Edict (D12): tax collectors +1 yuan per coin (3 each), court ladies +1 VP each
EDICT_BENEFIT = {
    CRAFTSMAN: "build 1 floor per hammer", COURT_LADY: "+1 VP per lady",
    TAX_COLLECTOR: "+1 yuan per coin", PYROTECHNIST: "+1 fireworks per rocket",
    WARRIOR: "person track +1 per helmet", MONK: "Buddhas x floors VP",
    HEALER: "nothing", FARMER: "+1 rice per sack", SCHOLAR: "+1 VP per book",
}
