"""The decisions of the base game and the Great Wall (rules §3.6, §5, §7) and the registry
of every request's handler (Great Events handlers in great_events.py; the round flow, the
`on_empty` hook, in flow.py).

Handlers take the state (`YotdState`), the request (already off the stack) and the action,
mutate the state and push what comes next (docs/architecture.md, "A turn is a stack of
small decisions").
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from engine import kernel
from engine.games.year_of_the_dragon import data as D
from engine.games.year_of_the_dragon import great_events as G
from engine.games.year_of_the_dragon.actions import (
    BuildFloor,
    BuildWall,
    BuyPrivilege,
    ChoosePerson,
    DiscardPerson,
    DraftPair,
    PlacePerson,
    PlayCard,
    Release,
    ReplacePerson,
    TakeAction,
    TakeMoney,
)
from engine.games.year_of_the_dragon.board import move_marker, persons, symbols
from engine.games.year_of_the_dragon.flow import next_stage
from engine.games.year_of_the_dragon.requests import (
    BuildFloors,
    ChooseAction,
    ChooseEdict,
    ChoosePrivilege,
    ChooseTile,
    ChooseWallTile,
    Draft,
    DroughtRelease,
    EarthquakeFloors,
    EarthquakeOverfull,
    FloodDiscard,
    PlaceRecruit,
    PlayPersonCard,
    ReleasePersons,
    SunriseRecruit,
    TornadoDiscard,
)
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState

# --- interned actions (legal-action generation allocates only the result list) ---------------
DRAFT_PAIRS: tuple[DraftPair, ...] = tuple(
    DraftPair(a, b) for a in range(D.NUM_TYPES) for b in range(a + 1, D.NUM_TYPES)
)
PLACE = tuple(PlacePerson(i) for i in range(D.MAX_PALACES))
REPLACE = tuple(
    tuple(ReplacePerson(i, t) for t in range(D.NUM_TILES)) for i in range(D.MAX_PALACES)
)
RELEASE = tuple(tuple(Release(i, t) for t in range(D.NUM_TILES)) for i in range(D.MAX_PALACES))
BUILD_ON = tuple(BuildFloor(i) for i in range(D.MAX_PALACES))
BUILD_NEW = BuildFloor(-1)
DISCARD = DiscardPerson()
MONEY = TakeMoney()
TAKE = tuple(TakeAction(c) for c in range(len(D.ACTION_NAMES)))
PLAY = tuple(PlayCard(c) for c in range(D.NUM_CARDS))
CHOOSE = tuple(ChoosePerson(t) for t in range(D.NUM_TILES))
SMALL, LARGE = BuyPrivilege(False), BuyPrivilege(True)
WALL = tuple(BuildWall(b) for b in range(D.WALL_TILES_PER_PLAYER))

#: tiles a person card may take (rules §5.2, D2): type card -> young or old; "?" -> any
CARD_TILES: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in D.VALID_TILES if D.TILE_TYPE[t] == c) for c in range(D.NUM_TYPES)
) + (D.VALID_TILES,)


#: yuan enough for any action card: the group fee plus the small privilege (rules §5.1, D3)
RICH = D.OCCUPIED_GROUP_FEE + D.SMALL_PRIVILEGE_COST
ALL_WALL_TILES = (1 << D.WALL_TILES_PER_PLAYER) - 1


def large_privilege_cost(s: YotdState) -> int:
    return D.LARGE_PRIVILEGE_COST_ORIGINAL if s.original_privilege else D.LARGE_PRIVILEGE_COST


def _int(x: object, lo: int, hi: int) -> bool:
    return type(x) is int and lo <= x < hi


def persons_of(table: tuple[tuple[Action, ...], ...], pals: list[list[int]],
               i: int) -> list[Action]:
    """The options naming a person of palace i (`table[i][tile]`), one per distinct tile."""
    row = table[i]
    return [row[t] for t in sorted(set(pals[i][1:]))]


# --- Draft (rules §3.6) ----------------------------------------------------------------------
def draft_options(s: YotdState, req: Draft) -> list[Action]:
    """Two different young types, pair not taken before, tiles available."""
    sup, taken = s.supply, s.drafted
    out: list[Action] = []
    for a in DRAFT_PAIRS:
        if sup[2 * a.first] and sup[2 * a.second] and a.first * 9 + a.second not in taken:
            out.append(a)
    return out


def draft(s: YotdState, req: Draft, a: DraftPair) -> None:
    """Take the two young tiles; place each; one track move by their sum."""
    t1, t2 = 2 * a.first, 2 * a.second
    s.supply[t1] -= 1
    s.supply[t2] -= 1
    s.drafted.append(a.first * 9 + a.second)
    total = D.TILE_VALUE[t1] + D.TILE_VALUE[t2]
    s.stack += [PlaceRecruit(req.seat, t2, total), PlaceRecruit(req.seat, t1, 0)]


# --- PlaceRecruit (rules §5.2) ---------------------------------------------------------------
def place_options(s: YotdState, req: PlaceRecruit) -> list[Action]:
    """Free floor -> must place; all full -> replace anyone or discard."""
    pals = s.palaces[req.seat]
    free = [PLACE[i] for i, pal in enumerate(pals) if len(pal) - 1 < pal[0]]
    if free:
        return free
    out: list[Action] = []
    for i in range(len(pals)):
        out += persons_of(REPLACE, pals, i)
    out.append(DISCARD)
    return out


def place_legal(s: YotdState, req: PlaceRecruit, a: Action) -> bool:
    t = type(a)
    pals = s.palaces[req.seat]
    try:
        if t is PlacePerson:
            return _int(a.palace, 0, len(pals)) and len(pals[a.palace]) - 1 < pals[a.palace][0]
        if t is not ReplacePerson and t is not DiscardPerson:
            return False
        if any(len(q) - 1 < q[0] for q in pals):
            return False
        if t is ReplacePerson:
            return _int(a.palace, 0, len(pals)) and _int(a.tile, 0, D.NUM_TILES) and (
                a.tile in pals[a.palace][1:])
        return True
    except (TypeError, IndexError):
        return False


def place(s: YotdState, req: PlaceRecruit, a: Action) -> None:
    """Place (or replace, or discard) the new person; move by its value."""
    p = req.seat
    if type(a) is PlacePerson:
        s.palaces[p][a.palace].append(req.tile)
    elif type(a) is ReplacePerson:
        pal = s.palaces[p][a.palace]
        del pal[pal.index(a.tile, 1)]
        pal.append(req.tile)
    else:
        return  # D16: the discarded tile leaves the game; no move
    move_marker(s, p, req.move)


# --- ChooseAction (rules §5.1.2) -------------------------------------------------------------
def action_options(s: YotdState, req: ChooseAction) -> list[Action]:
    """A card of any group (3 yuan if occupied; D3 limits), or Money."""
    p = req.seat
    yuan = s.yuan[p]
    wall_open = len(s.wall) < D.WALL_LENGTH and s.wall_used[p] != ALL_WALL_TILES
    out: list[Action]
    if yuan >= RICH and wall_open:  # fast path: fee plus privilege affordable, wall open
        out = [TAKE[c] for c, g in enumerate(s.card_group) if g >= 0]
        out.append(MONEY)
        return out
    dragons = s.group_dragons
    out = []
    for c, g in enumerate(s.card_group):
        if g < 0:
            continue
        left = yuan
        if dragons[g]:
            if yuan < D.OCCUPIED_GROUP_FEE:
                continue
            left -= D.OCCUPIED_GROUP_FEE
        if c == D.PRIVILEGE and left < D.SMALL_PRIVILEGE_COST:
            continue
        if c == D.BUILD_WALL and not wall_open:
            continue
        out.append(TAKE[c])
    out.append(MONEY)
    return out


def action_legal(s: YotdState, req: ChooseAction, a: Action) -> bool:
    t = type(a)
    if t is TakeMoney:
        return True
    return t is TakeAction and a in action_options(s, req)


def choose_action(s: YotdState, req: ChooseAction, a: Action) -> None:
    """Money, or dragon + fee + one action."""
    p = req.seat
    if type(a) is TakeMoney:
        if s.yuan[p] < D.MONEY_TOP_UP:
            s.yuan[p] = D.MONEY_TOP_UP
        return
    card = a.card  # type: ignore[attr-defined]
    g = s.card_group[card]
    if s.group_dragons[g]:
        s.yuan[p] -= D.OCCUPIED_GROUP_FEE
    s.group_dragons[g] += 1
    perform_action(s, p, card)


def perform_action(s: YotdState, p: int, card: int) -> None:
    """Rules §5.1.3: the seven actions (+ Build Wall, rules §7)."""
    if card == D.TAXES:
        s.yuan[p] += D.TAXES_CARD_COINS + symbols(s, p, D.TAX_COLLECTOR)
    elif card == D.BUILD:
        s.stack.append(BuildFloors(p, D.CARD_SYMBOL + symbols(s, p, D.CRAFTSMAN)))
    elif card == D.HARVEST:
        s.rice[p] += D.CARD_SYMBOL + symbols(s, p, D.FARMER)
    elif card == D.FIREWORKS:
        s.fireworks[p] += D.CARD_SYMBOL + symbols(s, p, D.PYROTECHNIST)
    elif card == D.MILITARY_PARADE:
        move_marker(s, p, D.CARD_SYMBOL + symbols(s, p, D.WARRIOR))
    elif card == D.RESEARCH:
        s.vp[p] += D.CARD_SYMBOL + symbols(s, p, D.SCHOLAR)
    elif card == D.PRIVILEGE:
        s.stack.append(ChoosePrivilege(p))
    else:
        s.stack.append(ChooseWallTile(p))


# --- BuildFloors (rules §5.1 Build, D6) ------------------------------------------------------
def build_options(s: YotdState, req: BuildFloors) -> list[Action]:
    """Each floor onto a palace with < 3 floors or a new palace."""
    pals = s.palaces[req.seat]
    out: list[Action] = [BUILD_ON[i] for i, pal in enumerate(pals) if pal[0] < D.MAX_FLOORS]
    if len(pals) < D.MAX_PALACES:
        out.append(BUILD_NEW)
    return out


def build_legal(s: YotdState, req: BuildFloors, a: Action) -> bool:
    if type(a) is not BuildFloor:
        return False
    pals = s.palaces[req.seat]
    if a.palace == -1 and type(a.palace) is int:
        return len(pals) < D.MAX_PALACES
    return _int(a.palace, 0, len(pals)) and pals[a.palace][0] < D.MAX_FLOORS


def build(s: YotdState, req: BuildFloors, a: BuildFloor) -> None:
    """One floor at a time; all gained floors must be placed."""
    pals = s.palaces[req.seat]
    if a.palace < 0:
        pals.append([1])
    else:
        pals[a.palace][0] += 1
    if req.left > 1:
        s.stack.append(BuildFloors(req.seat, req.left - 1))


def build_auto(s: YotdState, req: BuildFloors) -> bool:
    """Only at the (unreachable) palace bound: floors that fit nowhere are lost."""
    pals = s.palaces[req.seat]
    return len(pals) >= D.MAX_PALACES and all(q[0] >= D.MAX_FLOORS for q in pals)


# --- ChoosePrivilege (rules §5.1 Privilege) --------------------------------------------------
def privilege_options(s: YotdState, req: ChoosePrivilege) -> list[Action]:
    """Small for 2 yuan, large for 7 (6 with the original price)."""
    yuan = s.yuan[req.seat]
    out: list[Action] = []
    if yuan >= D.SMALL_PRIVILEGE_COST:
        out.append(SMALL)
    if yuan >= large_privilege_cost(s):
        out.append(LARGE)
    return out


def buy_privilege(s: YotdState, req: ChoosePrivilege, a: BuyPrivilege) -> None:
    """Exactly one privilege per action."""
    p = req.seat
    if a.large:
        s.yuan[p] -= large_privilege_cost(s)
        s.large_privileges[p] += 1
    else:
        s.yuan[p] -= D.SMALL_PRIVILEGE_COST
        s.small_privileges[p] += 1


# --- PlayPersonCard and ChooseTile (rules §5.2) ----------------------------------------------
def play_card_options(s: YotdState, req: PlayPersonCard) -> list[Action]:
    """Any card in hand (even one whose persons are exhausted)."""
    return list(compress(PLAY, s.hands[req.seat]))


def play_card_legal(s: YotdState, req: PlayPersonCard, a: Action) -> bool:
    return type(a) is PlayCard and _int(a.card, 0, D.NUM_CARDS) and s.hands[req.seat][a.card] > 0


def play_card(s: YotdState, req: PlayPersonCard, a: PlayCard) -> None:
    """The card goes face up to the discard pile; exhausted type -> nothing."""
    p = req.seat
    s.hands[p][a.card] -= 1
    sup = s.supply
    if any(sup[t] for t in CARD_TILES[a.card]):
        s.stack.append(ChooseTile(p, a.card))


def tile_options(s: YotdState, req: ChooseTile) -> list[Action]:
    """D2: a tile of the card's type (young or old), any tile for "?"."""
    sup = s.supply
    return [CHOOSE[t] for t in CARD_TILES[req.card] if sup[t]]


def tile_legal(s: YotdState, req: ChooseTile, a: Action) -> bool:
    return (type(a) is ChoosePerson and _int(a.tile, 0, D.NUM_TILES)
            and a.tile in CARD_TILES[req.card] and s.supply[a.tile] > 0)


def choose_tile(s: YotdState, req: ChooseTile, a: ChoosePerson) -> None:
    """Take the tile; it must then be placed (or replace/discard when full)."""
    s.supply[a.tile] -= 1
    s.stack.append(PlaceRecruit(req.seat, a.tile, D.TILE_VALUE[a.tile]))


# --- ReleasePersons and DroughtRelease (rules §5.3, §7) --------------------------------------
def release_options(s: YotdState, req: ReleasePersons) -> list[Action]:
    """The owner chooses whom to release (any palace)."""
    pals = s.palaces[req.seat]
    out: list[Action] = []
    for i, pal in enumerate(pals):
        if len(pal) > 1:
            out += persons_of(RELEASE, pals, i)
    return out


def release_legal(s: YotdState, req: ReleasePersons | DroughtRelease, a: Action) -> bool:
    if type(a) is not Release:
        return False
    pals = s.palaces[req.seat]
    return (
        _int(a.palace, 0, len(pals)) and _int(a.tile, 0, D.NUM_TILES)
        and a.tile in pals[a.palace][1:]
    )


def release(s: YotdState, req: ReleasePersons, a: Release) -> None:
    """The released person leaves the game; the marker does not move back."""
    pal = s.palaces[req.seat][a.palace]
    del pal[pal.index(a.tile, 1)]
    if req.left > 1:
        s.stack.append(ReleasePersons(req.seat, req.left - 1))


def release_auto(s: YotdState, req: ReleasePersons) -> bool:
    """D9: a count covering every person owned releases all, nothing more."""
    if req.left < persons(s, req.seat):
        return False
    for pal in s.palaces[req.seat]:
        del pal[1:]
    return True


def drought_options(s: YotdState, req: DroughtRelease) -> list[Action]:
    """One person from each unsupplied inhabited palace (owner's pick)."""
    pals = s.palaces[req.seat]
    out: list[Action] = []
    chosen = req.chosen
    for i, pal in enumerate(pals):
        if len(pal) > 1 and not chosen >> i & 1:
            out += persons_of(RELEASE, pals, i)
    return out


def drought_legal(s: YotdState, req: DroughtRelease, a: Action) -> bool:
    return release_legal(s, req, a) and not req.chosen >> a.palace & 1  # type: ignore[attr-defined]


def drought_release(s: YotdState, req: DroughtRelease, a: Release) -> None:
    """One person from the chosen unsupplied palace."""
    pal = s.palaces[req.seat][a.palace]
    del pal[pal.index(a.tile, 1)]
    if req.left > 1:
        s.stack.append(DroughtRelease(req.seat, req.left - 1, req.chosen | 1 << a.palace))


# --- ChooseWallTile (rules §7) ---------------------------------------------------------------
def wall_options(s: YotdState, req: ChooseWallTile) -> list[Action]:
    """Any unused own wall tile."""
    used = s.wall_used[req.seat]
    return [WALL[b] for b in range(D.WALL_TILES_PER_PLAYER) if not used >> b & 1]


def build_wall(s: YotdState, req: ChooseWallTile, a: BuildWall) -> None:
    """Gain the tile's bonus and put it under the leftmost free event slot."""
    p = req.seat
    s.wall_used[p] |= 1 << a.bonus
    s.wall.append(p)
    b = a.bonus
    if b == D.WALL_RICE:
        s.rice[p] += 1
    elif b == D.WALL_FIREWORKS:
        s.fireworks[p] += 1
    elif b == D.WALL_FLOOR:
        s.stack.append(BuildFloors(p, 1))
    elif b == D.WALL_YUAN:
        s.yuan[p] += D.WALL_BONUS_YUAN
    elif b == D.WALL_TRACK:
        move_marker(s, p, D.WALL_BONUS_TRACK)
    else:
        s.vp[p] += D.WALL_BONUS_VP


# --- the registry ----------------------------------------------------------------------------
RULES = kernel.Rules("year_of_the_dragon", on_empty=next_stage)
RULES.on(Draft, options=draft_options, apply=draft)
RULES.on(PlaceRecruit, options=place_options, apply=place, legal=place_legal)
RULES.on(ChooseAction, options=action_options, apply=choose_action, legal=action_legal)
RULES.on(BuildFloors, options=build_options, apply=build, legal=build_legal, auto=build_auto)
RULES.on(ChoosePrivilege, options=privilege_options, apply=buy_privilege)
RULES.on(PlayPersonCard, options=play_card_options, apply=play_card, legal=play_card_legal)
RULES.on(ChooseTile, options=tile_options, apply=choose_tile, legal=tile_legal)
RULES.on(ReleasePersons, options=release_options, apply=release, legal=release_legal,
         auto=release_auto)
RULES.on(DroughtRelease, options=drought_options, apply=drought_release, legal=drought_legal)
RULES.on(ChooseWallTile, options=wall_options, apply=build_wall)
RULES.on(EarthquakeFloors, options=G.earthquake_options, apply=G.remove_floor,
         auto=G.earthquake_auto)
RULES.on(EarthquakeOverfull, options=G.overfull_options, apply=G.release_overfull,
         auto=G.overfull_auto)
RULES.on(FloodDiscard, options=G.flood_options, apply=G.discard_goods, auto=G.flood_auto)
RULES.on(TornadoDiscard, options=G.tornado_options, apply=G.discard_card, auto=G.tornado_auto)
RULES.on(SunriseRecruit, options=G.sunrise_options, apply=G.sunrise_recruit,
         auto=G.sunrise_auto)
RULES.on(ChooseEdict, options=G.edict_options, apply=G.edict, auto=G.edict_auto)
