"""Component tables of Dragon Castle (rules §2, §4, §5, §9, §10).

Values marked `# [reconstructed]` come from no public source (rules doc tags) and are kept
as named constants so they can be changed in one place.
"""

from __future__ import annotations

# --- Stones (rules §2, §10) -------------------------------------------------------------
#: the six stone types; the first three are factions, the last three special stones
TYPES: tuple[str, ...] = ("merchant", "soldier", "farmer", "season", "wind", "dragon")
MERCHANT, SOLDIER, FARMER, SEASON, WIND, DRAGON = range(6)
FACTIONS: tuple[int, ...] = (MERCHANT, SOLDIER, FARMER)
SPECIALS: tuple[int, ...] = (SEASON, WIND, DRAGON)
#: symbols per type; faction symbols are the numbers 1..6
SEASON_SYMBOLS = ("spring", "summer", "autumn", "winter")  # [reconstructed] names
WIND_SYMBOLS = ("rain", "storm", "cloud", "lightning")  # [reconstructed] cloud, lightning
DRAGON_SYMBOLS = ("red", "green", "white")  # [reconstructed] names
#: every identity (type, symbol) has this many identical copies
COPIES = 4

#: identity index -> (type, symbol); identical stones share an identity (rules §2)
IDENTITIES: tuple[tuple[int, str], ...] = (
    tuple((f, str(n)) for f in FACTIONS for n in range(1, 7))
    + tuple((SEASON, s) for s in SEASON_SYMBOLS)
    + tuple((WIND, s) for s in WIND_SYMBOLS)
    + tuple((DRAGON, s) for s in DRAGON_SYMBOLS)
)
NUM_IDENTITIES = len(IDENTITIES)  # 29
NUM_STONES = NUM_IDENTITIES * COPIES  # 116
#: identity -> type
TYPE_OF: tuple[int, ...] = tuple(t for t, _ in IDENTITIES)
#: identity -> faction number (0 for special stones, whose symbols are not numbers)
NUMBER_OF: tuple[int, ...] = tuple(int(s) if t in FACTIONS else 0 for t, s in IDENTITIES)
#: identity -> True for season / wind / dragon
IS_SPECIAL: tuple[bool, ...] = tuple(t in SPECIALS for t in TYPE_OF)
#: the second letter of a special stone's label: its symbol's first letter, but "p"/"u"
#: for spring/summer, which share theirs
SYMBOL_LETTER: dict[str, str] = {"spring": "p", "summer": "u"}
#: two-letter labels for render(), one per identity
LABEL: tuple[str, ...] = tuple(
    ("m", "s", "f")[t] + s if t in FACTIONS
    else {SEASON: "S", WIND: "W", DRAGON: "D"}[t] + SYMBOL_LETTER.get(s, s[0])
    for t, s in IDENTITIES
)

# --- Shrines, VP, merges (rules §3, §6.3, §6.4, §10) --------------------------------------
SHRINES_TOTAL = 40
#: shrines each player starts with in the personal pool
START_POOL = 1
#: a merged set must have at least this many stones
MIN_SET = 4
#: merge VP by set size n; n >= 8 scores n (+1 per stone above 8)
MERGE_POINTS: dict[int, int] = {3: 2, 4: 2, 5: 3, 6: 5, 7: 6, 8: 8}
DRAGON_SET_BONUS = 1
#: shrines that may be built on a merged set: faction 1, special 2
SHRINE_ALLOWANCE_FACTION = 1
SHRINE_ALLOWANCE_SPECIAL = 2
#: end value of a built shrine by stack height 1, 2, >=3
SHRINE_VALUE_BY_HEIGHT: tuple[int, ...] = (0, 1, 2, 3)
#: VP for discarding the first stone (action c)
DISCARD_VP = 1
#: VP per countdown token at the end
COUNTDOWN_TOKEN_VP = 2


def merge_points(n: int) -> int:
    """Rules §6.3 step 2 / §10: VP for merging a set of n stones."""
    return n if n >= 8 else MERGE_POINTS[n]


def shrine_value(height: int) -> int:
    """Rules §6.4: a built shrine scores 1 / 2 / 3 on stack height 1 / 2 / >=3."""
    return SHRINE_VALUE_BY_HEIGHT[min(height, 3)]


# --- Countdown track (rules §3 step 3, §10) -----------------------------------------------
COUNTDOWN_TOKENS = 7
#: P single tokens on spaces 1..P, 7-P stacked on space 0
COUNTDOWN_SINGLES: dict[int, int] = {2: 2, 3: 3, 4: 4}  # [reconstructed] "cover the P space"

# --- Castle geometry (rules §4) ----------------------------------------------------------
CASTLE_COLS = 12  # [reconstructed] size only in pictures
CASTLE_ROWS = 8  # [reconstructed]
MAX_CASTLE_HEIGHT = 3
#: padded grid (one empty border cell on every side) so neighbour lookups need no checks
PAD_W = CASTLE_COLS + 2
PAD_H = CASTLE_ROWS + 2
PAD_CELLS = PAD_W * PAD_H


def castle_index(x: int, y: int) -> int:
    """Padded index of castle cell (x, y)."""
    return (y + 1) * PAD_W + (x + 1)


#: every real cell of the 12x8 grid, in (y, x) order, as padded indices
CASTLE_CELLS: tuple[int, ...] = tuple(
    castle_index(x, y) for y in range(CASTLE_ROWS) for x in range(CASTLE_COLS)
)

#: standard layouts per player count (rules §4.3); digit = stack height. All cell
#: positions are [reconstructed] (the real boards are only in pictures).
STANDARD_LAYOUTS: dict[int, tuple[str, ...]] = {
    2: (  # L1=76, L2=24, L3=16  # [reconstructed]
        "...111111...",
        ".1233113321.",
        "113311113311",
        "12111..11121",
        "12111..11121",
        "113311113311",
        ".1233113321.",
        "...111111...",
    ),
    3: (  # L1=64, L2=40, L3=12  # [reconstructed]
        "............",
        ".1222112221.",
        ".2332112332.",
        "123211112321",
        "123211112321",
        ".2332112332.",
        ".1222112221.",
        "............",
    ),
    4: (  # L1=52, L2=40, L3=24  # [reconstructed]
        "............",
        "...233332...",
        ".1332112331.",
        ".2331221332.",
        ".2331221332.",
        ".1332112331.",
        "...233332...",
        "............",
    ),
}


#: named layouts for the blank board (rules §4.4): name -> (rows, player counts it is best
#: for). Names and recommendations [seed]; shapes [reconstructed] (pictures only).
NAMED_LAYOUTS: dict[str, tuple[tuple[str, ...], tuple[int, ...]]] = {
    "four_seasons": ((  # Cztery pory roku, L = 72/36/8  # [reconstructed]
        "12221..12221",
        "12321..12321",
        "12321..12321",
        ".111....111.",
        ".111....111.",
        "12321..12321",
        "12321..12321",
        "12221..12221",
    ), (2,)),
    "thousand_towers": ((  # Tysiąc wież, L = 72/32/12  # [reconstructed]
        "1.2.1..1.2.1",
        "131213312131",
        "1.2.1..1.2.1",
        "121312213121",
        "121312213121",
        "1.2.1..1.2.1",
        "131213312131",
        "1.2.1..1.2.1",
    ), (2,)),
    "pillars_of_creation": ((  # Filary stworzenia, L = 68/24/24  # [reconstructed]
        ".1..1..1..1.",
        ".3..3113..3.",
        "131131131131",
        "131131131131",
        "131131131131",
        "131131131131",
        ".3..3113..3.",
        ".1..1..1..1.",
    ), (2, 3)),
    "fortress": ((  # Forteca, L = 60/36/20  # [reconstructed]
        "............",
        ".3332112333.",
        ".3111221113.",
        ".2112332112.",
        ".2112332112.",
        ".3111221113.",
        ".3332112333.",
        "............",
    ), (3,)),
    "forbidden_city": ((  # Zakazane miasto, L = 52/32/32  # [reconstructed]
        "............",
        "..13311331..",
        "..33311333..",
        ".1331331331.",
        ".1331331331.",
        "..33311333..",
        "..13311331..",
        "............",
    ), (4,)),
    "gates_of_destiny": ((  # Bramy przeznaczenia, L = 52/44/20  # [reconstructed]
        "............",
        ".2233..3322.",
        ".2332..2332.",
        ".1231221321.",
        ".1231221321.",
        ".2332..2332.",
        ".2233..3322.",
        "............",
    ), (4,)),
}
#: recommended bottom-level counts by player count [seed]
RECOMMENDED_L1: dict[int, tuple[int, int]] = {2: (65, 80), 3: (50, 70), 4: (40, 55)}


#: a user's own layout is named by this prefix and its rows joined by "/"
CUSTOM_PREFIX = "custom:"


def layout_rows(name: str) -> tuple[str, ...]:
    """Rows of a layout: "standard_<P>p" (rules §4.3), a named layout (§4.4), or a user's
    own layout "custom:<row>/<row>/..." (§4.4 invites players to build their castles)."""
    if name.startswith(CUSTOM_PREFIX):
        return tuple(name[len(CUSTOM_PREFIX):].split("/"))
    if name.startswith("standard_"):
        return STANDARD_LAYOUTS[int(name[len("standard_"):-1])]
    return NAMED_LAYOUTS[name][0]


def custom_layout_name(text: str) -> str:
    """The layout name of a user's layout text: up to 8 rows of up to 12 characters, a digit
    1-3 = stack height, "." or a space = no stack; blank lines and lines starting with "#"
    are ignored. Raises ValueError unless it fits the 12x8 board and holds the 116 stones."""
    rows = [line.rstrip() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]
    if len(rows) > CASTLE_ROWS or any(len(r) > CASTLE_COLS for r in rows):
        raise ValueError(f"a layout has at most {CASTLE_ROWS} rows of {CASTLE_COLS} cells")
    grid = [r.replace(" ", ".").ljust(CASTLE_COLS, ".") for r in rows]
    grid += ["." * CASTLE_COLS] * (CASTLE_ROWS - len(grid))
    if any(ch not in ".123" for r in grid for ch in r):
        raise ValueError("a layout cell is '.', or a stack height 1-3")
    name = CUSTOM_PREFIX + "/".join(grid)
    layout_heights(tuple(grid))  # checks the 116 stones
    return name


ALL_LAYOUTS: tuple[str, ...] = (
    tuple(f"standard_{p}p" for p in STANDARD_LAYOUTS) + tuple(NAMED_LAYOUTS)
)


def layout_heights(rows: tuple[str, ...]) -> list[int]:
    """Padded height map of a layout; checks the seed's 116-stone total."""
    h = [0] * PAD_CELLS
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch != ".":
                h[castle_index(x, y)] = int(ch)
    if sum(h) != NUM_STONES:
        raise ValueError(f"layout holds {sum(h)} stones, not {NUM_STONES}")
    return h


# --- Realm geometry (rules §5) -----------------------------------------------------------
REALM_SIZE = 6  # [reconstructed] 6x6, size only in pictures
REALM_CELLS = REALM_SIZE * REALM_SIZE


def realm_neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, REALM_SIZE)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < REALM_SIZE and 0 <= cc < REALM_SIZE:
            out.append(rr * REALM_SIZE + cc)
    return tuple(out)


#: orthogonal neighbours of every realm cell (adjacency never diagonal, rules §5)
REALM_NB: tuple[tuple[int, ...], ...] = tuple(realm_neighbours(i) for i in range(REALM_CELLS))
#: edge cells (Valor)
REALM_EDGE: tuple[bool, ...] = tuple(
    i // REALM_SIZE in (0, REALM_SIZE - 1) or i % REALM_SIZE in (0, REALM_SIZE - 1)
    for i in range(REALM_CELLS)
)
#: mirror images across the vertical axis (c <-> 5-c) and horizontal axis (r <-> 5-r)
MIRROR_V: tuple[int, ...] = tuple(
    (i // REALM_SIZE) * REALM_SIZE + (REALM_SIZE - 1 - i % REALM_SIZE) for i in range(REALM_CELLS)
)  # [reconstructed] central axes
MIRROR_H: tuple[int, ...] = tuple(
    (REALM_SIZE - 1 - i // REALM_SIZE) * REALM_SIZE + i % REALM_SIZE for i in range(REALM_CELLS)
)  # [reconstructed]

# --- Dragon cards (rules §9) ---------------------------------------------------------------
DRAGON_CARDS: tuple[str, ...] = (
    "Peace", "Majesty", "Courage", "Humility", "Righteousness",
    "Valor", "Piety", "Power", "Harmony", "Knowledge",
)
#: Polish card names from the seed, for render()
DRAGON_CARDS_PL: tuple[str, ...] = (
    "Spokój", "Majestat", "Odwaga", "Pokora", "Prawość",
    "Waleczność", "Pobożność", "Potęga", "Harmonia", "Wiedza",
)

# --- Spirit cards (rules §8) ---------------------------------------------------------------
SPIRIT_CARDS: tuple[str, ...] = (
    "Deception", "Beauty", "Wind", "Change", "Strength",
    "Elegance", "Depths", "Faith", "Destruction", "Cunning",
)
SPIRIT_CARDS_PL: tuple[str, ...] = (
    "Oszustwo", "Piękno", "Wiatr", "Zmiana", "Siła",
    "Elegancja", "Głębiny", "Wiara", "Zniszczenie", "Spryt",
)
(DECEPTION, BEAUTY, WIND_SPIRIT, CHANGE, STRENGTH,
 ELEGANCE, DEPTHS, FAITH, DESTRUCTION, CUNNING) = range(10)
#: the beginner cards ("Takie karty oznaczono symbolem": the symbol is lost in the seed;
#: [reconstructed] set of the rules document §10): spirits Strength, Depths, Faith,
#: Destruction; dragons Courage, Valor, Piety, Knowledge
BEGINNER_SPIRITS: tuple[int, ...] = (STRENGTH, DEPTHS, FAITH, DESTRUCTION)
BEGINNER_DRAGONS: tuple[int, ...] = tuple(
    DRAGON_CARDS.index(n) for n in ("Courage", "Valor", "Piety", "Knowledge"))
#: activation windows [reconstructed discretisation of "any time"]: W1 before the action,
#: W2 after the first stone, W3 after placement before the merge check, W4 after merges
W1, W2, W3, W4 = 1, 2, 3, 4
ANY_WINDOW = frozenset((W1, W2, W3, W4))
SPIRIT_WINDOWS: tuple[frozenset[int], ...] = (
    frozenset((W2,)),  # Deception
    ANY_WINDOW,  # Beauty
    ANY_WINDOW,  # Wind
    ANY_WINDOW,  # Change
    ANY_WINDOW,  # Strength
    frozenset((W1, W2)),  # Elegance
    frozenset((W2,)),  # Depths
    frozenset((W3, W4)),  # Faith
    ANY_WINDOW,  # Destruction
    ANY_WINDOW,  # Cunning
)
BEAUTY_BONUS = 1
BEAUTY_SHRINES = 2
CUNNING_SET = 3
CUNNING_POINTS = 2
