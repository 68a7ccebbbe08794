"""Rotunda component tables (rules §2, §3, §4, §12).

Every value the rules document tags [rec] (reconstructed, no public source) is marked
`# [rec]` here; [seed] values come from the Polish rulebook.
"""

from __future__ import annotations

# --- resources (§2) -------------------------------------------------------------------------
TEA, FRUIT, CELADON, GOLD = 0, 1, 2, 3
BASIC = (TEA, FRUIT, CELADON)
CUBE_NAMES = ("Tea", "Fruit", "Celadon", "Gold")
#: general supply at the start: 15 of each basic cube, 10 Gold [seed]
SUPPLY_START = (15, 15, 15, 10)

# --- player set-up (§3 step 10) [seed] -------------------------------------------------------
#: coins by seat clockwise from the first player (the seed literally gives 3, 3, 4, 5, 6)
START_COINS = (3, 3, 4, 5, 6)
START_SUPPLY_ASSISTANTS = 5
START_TRACK_ASSISTANTS = 9
START_GOLD = 1
#: family leaders per player by player count (5 players: one leader each) [seed]
LEADERS = {2: 2, 3: 2, 4: 2, 5: 1}
#: round-track space holding the end amulet by player count [seed]
END_SPACE = {2: 7, 3: 8, 4: 10, 5: 12}
ROUND_TRACK_LAST = 12  # [rec]
#: Assistant track values, left to right; a Recruit uncovers the leftmost covered [rec]
TRACK_VALUES = (0, 0, 0, 0, 1, 1, 1, 1, 8)
#: score-track bonus symbols sit on every multiple of this [rec]
BONUS_EVERY = 10
POOL_SIZE = 3
EXPERT_LIMIT = 3

# --- board (§4) [rec] ------------------------------------------------------------------------
LODGE = 0
I1, I2, I3, I4, I5 = 1, 2, 3, 4, 5
O1, O2, O3, O4, O5, O6 = 6, 7, 8, 9, 10, 11
NODES = 12
NODE_NAMES = ("Lodge", "I1", "I2", "I3", "I4", "I5", "O1", "O2", "O3", "O4", "O5", "O6")
INNER = (I1, I2, I3, I4, I5)
OUTER = (O1, O2, O3, O4, O5, O6)
LARGE_SLOTS = (O1, O3, O5)
SMALL_SLOTS = (O2, O4, O6)
CHAIRS_PER_ROOM = 3  # [rec] inner rooms only; outer rooms have none [seed]
#: staircases: (name, inner before, inner after, outer before, outer after) (§4.1)
STAIRCASES = (
    ("SA", I5, I1, O6, O1),
    ("SB", I2, I3, O3, O4),
    ("SC", I3, I4, O4, O5),
)
DEFAULT_STAIRCASE = 0  # the "S" position [seed: first game; which one is rec]
VILLAGES = 6  # [rec]
PEDDLER_START = 0  # V1 [rec]
MAX_PEDDLER_MOVE = VILLAGES - 1


def successors(lodge_stair: int) -> tuple[tuple[int, ...], ...]:
    """Clockwise successor lists of every node with the Lodge on `lodge_stair` (§4.1)."""
    succ: list[list[int]] = [[] for _ in range(NODES)]
    for ring in (INNER, OUTER):
        for i, a in enumerate(ring):
            succ[a].append(ring[(i + 1) % len(ring)])
    for k, (_, a, b, c, d) in enumerate(STAIRCASES):
        if k == lodge_stair:
            succ[a].remove(b)
            succ[c].remove(d)
            succ[a].append(LODGE)
            succ[c].append(LODGE)
            succ[LODGE] += [b, d]
        else:
            succ[a].append(d)
            succ[c].append(b)
    return tuple(tuple(x) for x in succ)


GRAPHS = tuple(successors(k) for k in range(len(STAIRCASES)))

# --- rooms (§12.1) ---------------------------------------------------------------------------
(SUPPLIER, HARBOUR, MARKET, EXPERTS_ROOM, BANKER, TEA_HOUSE, RETAILER, WHOLESALER, BANK,
 BLACK_MARKET, TRADING_POST, GUILD_HALL, WAREHOUSE, LODGE_ROOM) = range(14)
ROOM_NAMES = ("Supplier", "Harbour", "Market", "Experts' Room", "Banker", "Tea House",
              "Retailer", "Wholesaler", "Bank", "Black Market", "Trading Post", "Guild Hall",
              "Warehouse", "Ancestral Lodge")
#: the fixed inner ring I1..I5 [seed: "always the same"; order rec]
INNER_ROOMS = (SUPPLIER, HARBOUR, MARKET, EXPERTS_ROOM, BANKER)
SMALL_TILES = (TEA_HOUSE, RETAILER, WHOLESALER, BANK, BLACK_MARKET)
LARGE_TILES = (TRADING_POST, GUILD_HALL, WAREHOUSE)
SMALL_DRAWN = 3

#: Market icons: reward by cube type sold: (coins, VP, assistant action) [seed]
PEDDLER, RECRUIT, APPRENTICE, ELDER_APPRENTICE = 0, 1, 2, 3
ASSISTANT_ACTION_NAMES = ("Peddler", "Recruit", "Apprentice", "Elder Apprentice")
MARKET_REWARD = {TEA: (5, 0, PEDDLER), CELADON: (3, 1, RECRUIT), FRUIT: (1, 3, PEDDLER)}
#: Retailer / Wholesaler: reward of the n-th cube sold in one execution: (coins, VP, action)
RETAILER_REWARD = ((1, 1, None), (1, 3, None), (0, 4, APPRENTICE))  # [rec] values (‡)
WHOLESALER_REWARD = ((2, 0, RECRUIT), (0, 3, None), (0, 4, RECRUIT))  # [rec] values (‡)
ICONS = 3
#: Bank: n-th payment: (coins, VP, optional Apprentice); VP [seed], coins [rec]
BANK_STEPS = ((2, 1, False), (3, 2, True), (4, 4, False), (5, 5, True))
#: Banker room: coins added when it is empty at the end of step 3 [seed]
BANKER_REFILL = 3
TEA_HOUSE_COST = 2  # coins into the Banker room [seed]
#: Trading Post: price of the n-th purchase [rec]
TRADING_POST_COSTS = (1, 2, 3, 4)
#: Warehouse: price of the n-th purchase [rec]
WAREHOUSE_COSTS = (1, 2, 3)
#: Guild Hall: cost of the n-th hire: (coins, Assistants fired) [seed]
GUILD_HALL_COSTS = ((1, 0), (0, 1), (0, 2))
#: Black Market [seed]
BM_TRANSACTIONS = 2
BM_BUY_CUBE, BM_BUY_RECRUIT, BM_BUY_AMULET = 1, 3, 4
BM_SELL_CUBE, BM_FIRE, BM_SELL_AMULET = 3, 5, 6
#: Harbour alternative: 1 Gold [rec name; seed effect]

# --- worship board (§12.2) [rec] -------------------------------------------------------------
WORSHIP_ROWS = WORSHIP_COLS = 4
WORSHIP_VP = (
    (1, 2, 3, 5),
    (2, 3, 4, 7),
    (3, 4, 6, 10),
    (5, 7, 10, 16),
)
#: left-edge reward of each row: one cube
WORSHIP_LEFT = (TEA, CELADON, FRUIT, GOLD)
#: top-edge reward of each column: (coins, assistant action or None)
WORSHIP_TOP = ((1, None), (0, RECRUIT), (0, ELDER_APPRENTICE), (2, ELDER_APPRENTICE))
#: amulet spaces: right edge of rows 1-3 (RA1-RA3) and bottom edge of columns 1-3 (BA1-BA3)
AMULET_SPACE_NAMES = ("RA1", "RA2", "RA3", "BA1", "BA2", "BA3")


def worship_amulet_spaces(r: int, c: int) -> tuple[int, ...]:
    """The amulet spaces next to cell (r, c): the row's right edge and the column's bottom."""
    out = []
    if r >= 1:
        out.append(r - 1)
    if c >= 1:
        out.append(3 + c - 1)
    return tuple(out)


# --- temples (§12.3): (coins, gold, assistant actions) ----------------------------------------
TEMPLES = (
    ("TP1", 0, 0, (PEDDLER, PEDDLER)),  # [seed example]
    ("TP2", 0, 0, (RECRUIT, RECRUIT)),  # [rec]
    ("TP3", 0, 0, (RECRUIT, APPRENTICE)),  # [rec]
    ("TP4", 2, 1, ()),  # [rec]
)

# --- smugglers (§12.3) [rec]: cubes gained -----------------------------------------------------
SMUGGLERS = (
    (TEA, TEA), (FRUIT, FRUIT), (CELADON, CELADON),
    (TEA, FRUIT), (FRUIT, CELADON), (CELADON, TEA),
    (TEA, FRUIT, CELADON),
    (GOLD, TEA), (GOLD, FRUIT), (GOLD, CELADON),
)

# --- amulets (§12.3) [rec: 11 types; A1-A7 two tokens, A8-A11 one] ---------------------------
AMULET_TYPES = 11
AMULET_TOKENS = tuple(t for t in range(AMULET_TYPES) for _ in range(2 if t < 7 else 1))
#: a set of k different amulets scores SET_VP[k - 1] [seed]
SET_VP = (1, 3, 5, 8, 12, 16, 21, 27, 35, 44, 55)

# --- orders (§12.4): (name, cost T, F, C, coins, VP, effect kind, effect arg, starting) ------
E1, E2, E3, E4A, E4B = "E1", "E2", "E3", "E4a", "E4b"
ORDERS = (  # costs and VP [rec]; effect kinds [seed]
    ("O01", 1, 1, 0, 0, 2, E1, 1, True),
    ("O02", 0, 1, 1, 0, 2, E2, TEA, True),
    ("O03", 1, 0, 1, 0, 2, E2, FRUIT, True),
    ("O04", 1, 0, 0, 2, 2, E2, CELADON, True),
    ("O05", 1, 1, 1, 0, 2, E4A, 1, True),
    ("O06", 2, 0, 0, 2, 4, E1, 1, False),
    ("O07", 0, 2, 1, 0, 4, E1, 2, False),
    ("O08", 1, 0, 2, 2, 5, E1, 2, False),
    ("O09", 2, 1, 0, 0, 4, E2, TEA, False),
    ("O10", 1, 2, 0, 0, 4, E2, FRUIT, False),
    ("O11", 0, 1, 2, 0, 4, E2, CELADON, False),
    ("O12", 3, 0, 0, 2, 5, E3, TEA, False),
    ("O13", 0, 3, 0, 2, 5, E3, FRUIT, False),
    ("O14", 0, 0, 3, 2, 5, E3, CELADON, False),
    ("O15", 1, 1, 1, 3, 6, E4A, 1, False),
    ("O16", 2, 2, 0, 0, 6, E4A, 1, False),
    ("O17", 0, 2, 2, 0, 6, E4A, 1, False),
    ("O18", 2, 0, 2, 3, 8, E4A, 1, False),
    ("O19", 2, 2, 2, 0, 9, E4B, 1, False),
    ("O20", 2, 2, 2, 4, 10, E4B, 1, False),
)
#: E2 VP per order (the card's "+n VP")
E2_VP = {"O02": 1, "O03": 1, "O04": 1, "O09": 2, "O10": 2, "O11": 2}
STARTING_ORDERS = tuple(i for i, o in enumerate(ORDERS) if o[8])
#: each Order's price: (Tea, Fruit, Celadon, coins)
ORDER_COSTS = tuple((o[1], o[2], o[3], o[4]) for o in ORDERS)
#: each Order's effect once fulfilled: (kind, argument, name)
ORDER_EFFECTS = tuple((o[6], o[7], o[0]) for o in ORDERS)

# --- experts (§12.5): (id, name, permanent, amulet type or -1) --------------------------------
EXPERTS = (  # effects [seed]; amulet types [rec]
    ("H1", "Su Trader", False, 7), ("H2", "Jin Trader", False, 8),
    ("H3", "Old Man", True, -1), ("H4", "Rich Man", True, -1),
    ("H5", "Celadon Supplier", False, -1), ("H6", "Tea Supplier", False, -1),
    ("H7", "Fruit Supplier", False, -1), ("H8", "Concubine", False, -1),
    ("P1", "Saleswoman", False, 9), ("P2", "Porter", False, 10),
    ("P3", "Farmer", False, 0), ("P4", "Craftsman", False, -1),
    ("P5", "Shandong Trader", False, -1), ("P6", "Maiden", False, -1),
    ("P7", "Shopkeeper", True, -1), ("P8", "Clerk", True, -1),
    ("T1", "Amulet Trader", False, 1), ("T2", "Little Master", False, 2),
    ("T3", "Servant", False, 3), ("T4", "Bookseller", False, -1),
    ("T5", "Nanny", False, -1), ("T6", "Lady", False, -1),
    ("T7", "Canton Trader", False, -1), ("T8", "Hui Trader", False, -1),
)
(H1, H2, H3, H4, H5, H6, H7, H8, P1, P2, P3, P4, P5, P6, P7, P8,
 T1, T2, T3, T4, T5, T6, T7, T8) = range(24)
#: supplier Experts H5-H7: the cube type each sells (double reward)
SUPPLIER_EXPERT_CUBE = {H5: CELADON, H6: TEA, H7: FRUIT}
#: cube choices of P1-P3 [seed]
EXPERT_CUBE_CHOICE = {P1: (CELADON, FRUIT), P2: (TEA, CELADON), P3: (TEA, FRUIT)}
RICH_MAN_VP, SHOPKEEPER_VP, CLERK_VP, OLD_MAN_VP = 2, 1, 2, 3
#: the one-shot Experts (activated in step 1; the others are permanent)
ONE_SHOT = frozenset(e for e, row in enumerate(EXPERTS) if not row[2])

#: the 5 colours in seat order [seed]; 2 players use black and yellow [seed]
COLOURS = ("black", "yellow", "green", "red", "blue")

# --- 2 players (§10) -------------------------------------------------------------------------
#: neutral leaders green, red, blue (index 0-2) [seed]; each moves for a cube of its colour:
#: Tea = green, Fruit = red, Celadon = blue [seed]; Gold may substitute [rec]
NEUTRAL_COLOURS = ("green", "red", "blue")
NEUTRAL_CUBE = (TEA, FRUIT, CELADON)

# --- advanced Experts (§11) ------------------------------------------------------------------
#: cards discarded face up at set-up to form the discard pile [seed]
ADVANCED_DISCARD = 5
#: the discard pile's top card, hireable like a pool slot: `Hire(DISCARD_SLOT)`
DISCARD_SLOT = POOL_SIZE
#: back symbol of each Expert: Horse, Phoenix, Tiger by the id's letter [rec]
BACK_NAMES = {"H": "Horse", "P": "Phoenix", "T": "Tiger"}
#: back symbol of each Expert ("H", "P" or "T") (§11) [rec]
EXPERT_BACK = tuple(row[0][0] for row in EXPERTS)

# --- room option tables (§12.1) ------------------------------------------------------------
#: Black Market options (R10): (kind, argument)
BM_OPTIONS = (
    *(("buy cube", t) for t in BASIC),
    ("buy recruit", 0),
    *(("buy amulet", k) for k in range(POOL_SIZE)),
    *(("sell cube", t) for t in (*BASIC, GOLD)),
    ("fire", 0),
    *(("sell amulet", a) for a in range(AMULET_TYPES)),
    ("peddler", 0),
)
BM_PEDDLER = len(BM_OPTIONS) - 1
TRADING_ITEMS = ("Recruit", "Peddler", "Apprentice", "Gold")
#: Warehouse sources (R13): (room, index)
WAREHOUSE_SOURCES = (
    *((WAREHOUSE, t) for t in BASIC),
    *((MARKET, t) for t in BASIC),
    *((RETAILER, i) for i in range(ICONS)),
    *((WHOLESALER, i) for i in range(ICONS)),
)
