"""Gugong component tables (rules doc §2, §3 and Data §14, D1-D8).

Values tagged [reconstructed] in the rules document stay marked here. Components are indexed
by small integers: card id = Gnn - 1, location, city id = Cnn - 1, token type, decree tile.
"""

from __future__ import annotations

# --- locations (rules §5) --------------------------------------------------------------------
TRAVEL, WALL, JADE, INTRIGUE, PALACE, DECREES, CANAL = range(7)
LOCATIONS = ("Travel", "Great Wall", "Jade", "Intrigue", "Palace", "Decrees", "Grand Canal")

# --- gift cards (D1) [reconstructed: icons and set marks were pictures] ----------------------
# card actions (rules §6); the five location icons perform option A of that location
A_NONE, A_TRAVEL, A_WALL, A_INTRIGUE, A_PALACE, A_CANAL, A_SERV1, A_SERV2, A_SWAP = range(9)
CARD_ACTIONS = ("none", "TRAVEL", "WALL", "INTRIGUE", "PALACE", "CANAL", "SERV1", "SERV2",
                "SWAP")
#: location whose option A a card action performs
ACTION_LOCATION = {A_TRAVEL: TRAVEL, A_WALL: WALL, A_INTRIGUE: INTRIGUE, A_PALACE: PALACE,
                   A_CANAL: CANAL}

_CARDS = (  # (id, value, action, set) [reconstructed]
    ("G01", 1, A_PALACE, "DRAW"), ("G02", 1, A_NONE, "P1"), ("G03", 1, A_SERV1, "P3"),
    ("G04", 1, A_NONE, "P5"), ("G05", 2, A_SERV2, "DRAW"), ("G06", 2, A_TRAVEL, "BOARD"),
    ("G07", 2, A_INTRIGUE, "P4"), ("G08", 2, A_CANAL, "P2"), ("G09", 3, A_SERV2, "P4"),
    ("G10", 3, A_WALL, "BOARD"), ("G11", 3, A_SWAP, "DRAW"), ("G12", 3, A_PALACE, "DRAW"),
    ("G13", 4, A_TRAVEL, "P2"), ("G14", 4, A_SERV1, "P1"), ("G15", 4, A_INTRIGUE, "BOARD"),
    ("G16", 4, A_CANAL, "DRAW"), ("G17", 4, A_WALL, "DRAW"), ("G18", 5, A_SWAP, "P3"),
    ("G19", 5, A_PALACE, "BOARD"), ("G20", 5, A_SERV1, "DRAW"), ("G21", 5, A_TRAVEL, "P5"),
    ("G22", 6, A_WALL, "P2"), ("G23", 6, A_CANAL, "BOARD"), ("G24", 6, A_INTRIGUE, "P1"),
    ("G25", 6, A_SERV1, "P3"), ("G26", 6, A_NONE, "DRAW"), ("G27", 7, A_TRAVEL, "P4"),
    ("G28", 7, A_SERV1, "BOARD"), ("G29", 7, A_NONE, "P5"), ("G30", 7, A_PALACE, "P5"),
    ("G31", 8, A_NONE, "BOARD"), ("G32", 8, A_INTRIGUE, "P3"), ("G33", 8, A_CANAL, "P4"),
    ("G34", 8, A_NONE, "P2"), ("G35", 9, A_NONE, "P1"), ("G36", 9, A_NONE, "DRAW"),
    ("G37", 9, A_WALL, "DRAW"), ("G38", 9, A_NONE, "DRAW"),
)
NUM_CARDS = len(_CARDS)
CARD_NAMES = tuple(c[0] for c in _CARDS)
CARD_VALUE = tuple(c[1] for c in _CARDS)
CARD_ACTION = tuple(c[2] for c in _CARDS)
CARD_SET = tuple(c[3] for c in _CARDS)
BOARD_CARDS = tuple(i for i, c in enumerate(_CARDS) if c[3] == "BOARD")
DRAW_CARDS = tuple(i for i, c in enumerate(_CARDS) if c[3] == "DRAW")
#: starting sets P1..P5: seat k-th in turn order (k = 1 first player) receives set Pk
STARTING_SETS = tuple(tuple(i for i, c in enumerate(_CARDS) if c[3] == f"P{k}")
                      for k in range(1, 6))
assert len(BOARD_CARDS) == 7 and len(DRAW_CARDS) == 11
assert all(sum(CARD_VALUE[c] for c in s) == 20 for s in STARTING_SETS)
#: printed values that never match a Destiny die (rules §4.3)
MAX_DIE = 6

# --- travel map (D2) [reconstructed: 5 x 4 grid, orthogonal roads] ----------------------------
NUM_CITIES = 20
CITY_NAMES = tuple(f"C{i + 1:02d}" for i in range(NUM_CITIES))


def _grid_neighbours(c: int) -> tuple[int, ...]:
    x, y = c % 5, c // 5
    out = []
    for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < 5 and 0 <= ny < 4:
            out.append(ny * 5 + nx)
    return tuple(sorted(out))


ROADS = tuple(_grid_neighbours(c) for c in range(NUM_CITIES))
assert sum(len(r) for r in ROADS) == 2 * 31

# --- travel tokens (D3) [types: source S2 and seed; counts reconstructed] ----------------------
(T_S1, T_S2, T_ENV, T_INT, T_JADE7, T_RETRIEVE, T_SWAP, T_VP2, T_SHIP, T_BUYJADE, T_WALL,
 T_DOUBLE, B_PLUS1, B_TOLL, B_FOLLOW) = range(15)
TOKEN_NAMES = ("T_S1", "T_S2", "T_ENV", "T_INT", "T_JADE7", "T_RETRIEVE", "T_SWAP", "T_VP2",
               "T_SHIP", "T_BUYJADE", "T_WALL", "T_DOUBLE", "B_PLUS1", "B_TOLL", "B_FOLLOW")
TOKEN_TEXT = ("gain 1 servant", "gain 2 servants", "Envoy +1", "Intrigue +1",
              "card of value 7+ -> 1 jade", "card from discard to hand", "swap a card",
              "2 VP", "servant from supply onto a ship", "pay 3 -> 1 jade",
              "servant from supply onto the Wall", "counts as 2 tokens",
              "bonus: cards +1", "bonus: toll", "bonus: follow")
#: base travel tokens: type -> count (32) [reconstructed counts]
BASE_TOKENS = {T_S1: 3, T_S2: 2, T_ENV: 3, T_INT: 3, T_JADE7: 2, T_RETRIEVE: 3, T_SWAP: 3,
               T_VP2: 3, T_SHIP: 3, T_BUYJADE: 2, T_WALL: 3, T_DOUBLE: 2}
#: bonus travel tokens (rules §12; option bonus_travel, bonus.py) [reconstructed counts: 6
#: split evenly over the 3 described types]
BONUS_TOKENS = {B_PLUS1: 2, B_TOLL: 2, B_FOLLOW: 2}
assert sum(BASE_TOKENS.values()) == 32
#: every travel token of the game, the bonus ones included (bounds the token discard)
ALL_TOKENS = sum(BASE_TOKENS.values()) + sum(BONUS_TOKENS.values())
#: tokens that are face up on the map at setup; the rest forms two face-down piles
MAP_TOKENS = 20
#: storage spaces on a player board (rules §8) [reconstructed]
TOKEN_STORAGE = 6
#: token exchanges (rules §8): units -> what they give
EXCHANGE_SERVANT, EXCHANGE_VP, EXCHANGE_JADE = 2, 4, 6
EXCHANGES = (EXCHANGE_SERVANT, EXCHANGE_VP, EXCHANGE_JADE)


def token_units(token: int) -> int:
    """Exchange value of a stored token (T_DOUBLE counts 2)."""
    return 2 if token == T_DOUBLE else 1


# --- decrees (D4) [effects and VP: seed; printed cost reconstructed] ---------------------------
DECREE_NAMES = ("D1a", "D1b", "D1c", "D1d", "D1e", "D2a", "D2b", "D2c", "D2d", "D2e",
                "D3a", "D3b", "D3c", "D3d", "D3e")
D1A, D1B, D1C, D1D, D1E, D2A, D2B, D2C, D2D, D2E, D3A, D3B, D3C, D3D, D3E = range(15)
DECREE_LEVEL = tuple(1 + i // 5 for i in range(15))
DECREE_COST = tuple(DECREE_LEVEL)  # [reconstructed: L1 = 1, L2 = 2, L3 = 3]
DECREE_VP = (2, 2, 3, 3, 3, 2, 2, 3, 3, 4, 0, 0, 0, 0, 0)
DECREE_TEXT = (
    "Morning: Intrigue +2", "Morning: 1 servant from supply onto a ship",
    "Morning: gain 1 servant", "Morning: Envoy +1", "Morning: swap a hand card with a board card",
    "Travel B costs 1 less", "Jade costs 1 less", "Wall: +1 servant from supply",
    "equal value counts as higher", "Decrees cost 1 less",
    "end: 1 VP per 3 VP (max 10)", "end: 8 VP", "end: 2 VP per jade (max 10)",
    "end: 2 VP per own servant on decrees", "end: 2 VP per own servant on Harbor rewards",
)
#: face-up decrees per level (rules §3.7)
DECREES_PER_LEVEL = 2

# --- jade (D6) [house costs reconstructed; market 5 seed] --------------------------------------
HOUSE_COSTS = (2, 2, 3, 3, 4, 4)
MARKET = len(HOUSE_COSTS)  # the market "space" index
MARKET_COST = 5
JADE_POINTS = (0, 1, 3, 6, 10, 15)
JADE_EXTRA = 2


def jade_points(n: int) -> int:
    """End scoring for n jade (rules §10.4)."""
    if n <= 5:
        return JADE_POINTS[n]
    return JADE_POINTS[5] + JADE_EXTRA * (n - 5)


# --- tracks (D7) --------------------------------------------------------------------------------
PALACE_INSIDE = 8  # [seed: 8th space; start 0 reconstructed, A3]
PALACE_SLOTS = (7, 5, 3, 2, 1)  # [7,5,3 seed; 2,1 reconstructed, A4]
INTRIGUE_MAX = 14
INTRIGUE_REWARDS = (1, 3, 5, 7)  # steps back: 1 servant, 2 servants, turn a die, 1 jade

# --- player count table (rules §3) --------------------------------------------------------------
WALL_SIZE = {1: 4, 2: 4, 3: 5, 4: 6, 5: 7}
CANAL_PATHS = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2}
PATH_NAMES = {1: ("P1",), 2: ("L", "R")}

# --- players (rules §2, §3.3, §7) ---------------------------------------------------------------
SERVANTS = 12
START_POOL = 6
SHIPS = 3
SHIP_CAPACITY = 3
HARBORS = 5
#: Harbor reward spaces per player board [seed]: 4 VP x3, card x2, Foreman x1
R_VP, R_CARD, R_FOREMAN = range(3)
REWARD_SPACES = (3, 2, 1)
REWARD_NAMES = ("4 VP", "gift card", "Foreman")
HARBOR_VP = 4
#: rewards offered by harbor index 0..4 (H1..H5)
HARBOR_REWARDS = ((), (R_VP,), (R_CARD,), (R_FOREMAN,), (R_VP, R_CARD, R_FOREMAN))

# --- days (rules §4, D5) ------------------------------------------------------------------------
DAYS = 4
#: servants gained in the Morning of Day 2, 3, 4 [reconstructed, A5]
DAY_INCOME = {2: 3, 3: 3, 4: 3}
MAJORITY_VP = 3  # Destiny-dice majority and Wall majority
WALL_VP = 3
DICE = 3


def unused_sets(n: int) -> list[int]:
    """Cards of the starting sets nobody received with `n` seats (base game: in the box,
    public because the sets are marked; advanced set-up, §11: in the draw pile)."""
    return [c for k in range(n, 5) for c in STARTING_SETS[k]]


# --- the Foreman (double servant, rules §7): where it is (`foreman`) ---------------------------
F_LOCKED, F_POOL, F_SUPPLY, F_WALL, F_SHIP = 0, 1, 2, 3, 4  # F_SHIP + k: on ship k

# --- what the others know of a card (the `seen` list, rules §15) -------------------------------
SEEN_HAND, SEEN_DISCARD, SEEN_EITHER = 0, 1, 2

# --- where the game is in the Day (`step`; flow.on_empty runs the step's next part) ------------
STEPS = ("day", "night_majority", "night_ships", "night_end", "morning_income", "final",
         "over", "dusk")
S_DAY, S_NIGHT_MAJORITY, S_NIGHT_SHIPS, S_NIGHT_END, S_MORNING_INCOME, S_FINAL, S_OVER = range(7)
S_DUSK = 7  # solo: Meng's Dusk phase between the Day and the Night (rules §13)
assert STEPS[S_DUSK] == "dusk" and STEPS[S_OVER] == "over"
