"""Phase 1, the actions (rules §5.1), and the Great Wall's Build Wall (rules §7): a dragon
on an action group and its action, or Money; the floors of Build, the privilege, the wall
tile. Handlers registered in rules.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon.actions import (
    BUILD_NEW,
    BUILD_ON,
    LARGE,
    MONEY,
    SMALL,
    TAKE,
    WALL,
    BuildFloor,
    BuildWall,
    BuyPrivilege,
    TakeAction,
    TakeMoney,
)
from engine.games.year_of_the_dragon.board import int_in, move_marker, symbols
from engine.games.year_of_the_dragon.data import (
    BUILD,
    BUILD_WALL,
    CARD_SYMBOL,
    CRAFTSMAN,
    FARMER,
    FIREWORKS,
    HARVEST,
    LARGE_PRIVILEGE_COST,
    LARGE_PRIVILEGE_COST_ORIGINAL,
    MAX_FLOORS,
    MAX_PALACES,
    MILITARY_PARADE,
    MONEY_TOP_UP,
    OCCUPIED_GROUP_FEE,
    PRIVILEGE,
    PYROTECHNIST,
    RESEARCH,
    SCHOLAR,
    SMALL_PRIVILEGE_COST,
    TAX_COLLECTOR,
    TAXES,
    TAXES_CARD_COINS,
    WALL_BONUS_TRACK,
    WALL_BONUS_VP,
    WALL_BONUS_YUAN,
    WALL_FIREWORKS,
    WALL_FLOOR,
    WALL_LENGTH,
    WALL_RICE,
    WALL_TILES_PER_PLAYER,
    WALL_TRACK,
    WALL_YUAN,
    WARRIOR,
)
from engine.games.year_of_the_dragon.requests import (
    BuildFloors,
    ChooseAction,
    ChoosePrivilege,
    ChooseWallTile,
)
from engine.protocol import Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState

#: yuan enough for any action card: the group fee plus the small privilege (rules §5.1, D3)
RICH = OCCUPIED_GROUP_FEE + SMALL_PRIVILEGE_COST
ALL_WALL_TILES = (1 << WALL_TILES_PER_PLAYER) - 1
#: the options of a seat that can afford every card when cards 0..k-1 are in play: those
#: cards, then Money (the deal puts every card in play but Build Wall without the Great Wall)
TAKE_FIRST: tuple[tuple[Action, ...], ...] = tuple(
    (*TAKE[:k], MONEY) for k in range(len(TAKE) + 1)
)
#: the cards 0..k-1 but Privilege
NO_PRIVILEGE_CARDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(k) if c != PRIVILEGE) for k in range(len(TAKE) + 1)
)
#: the same without Privilege (its group occupied and the fee leaves too little, D3)
NO_PRIVILEGE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(a for a in row if a is not TAKE[PRIVILEGE]) for row in TAKE_FIRST
)


def large_privilege_cost(s: YotdState) -> int:
    """Rules §5.1 Privilege, D17: 7 yuan, 6 with the original edition's price."""
    return LARGE_PRIVILEGE_COST_ORIGINAL if s.original_privilege else LARGE_PRIVILEGE_COST


# --- ChooseAction (rules §5.1.2) -------------------------------------------------------------
@cython.locals(p=cython.Py_ssize_t, yuan=cython.long, cg=list, k=cython.Py_ssize_t,
               c=cython.Py_ssize_t, dragons=list)
def action_options(s: YotdState, req: ChooseAction) -> list[Action]:
    """A card of any group (3 yuan if occupied; D3 limits), or Money. When cards 0..k-1
    are in play (the deal: all but Build Wall without the Great Wall) the options are a
    prefix of TAKE_FIRST with the unaffordable cards left out."""
    p = req.seat
    yuan = s.yuan[p]
    cg = s.card_group
    k = 0  # the first card not in play
    while k < len(cg) and cg[k] != -1:
        k += 1
    if k < BUILD_WALL or k < len(cg) - 1:  # a base card out of play: not from the deal
        return general_action_options(s, p)
    if k > BUILD_WALL and (len(s.wall) >= WALL_LENGTH
                                or s.wall_used[p] == ALL_WALL_TILES):
        k = BUILD_WALL  # Build Wall in play but closed to p (rules §7)
    if yuan >= RICH:  # fee plus privilege affordable: every card
        return list(TAKE_FIRST[k])
    dragons = s.group_dragons
    if yuan >= OCCUPIED_GROUP_FEE:  # any fee affordable; the privilege maybe not after it
        if dragons[cg[PRIVILEGE]]:
            return list(NO_PRIVILEGE[k])
        return list(TAKE_FIRST[k])
    # no fee affordable: the cards of free groups, Privilege only with 2 yuan
    if yuan < SMALL_PRIVILEGE_COST:
        cards = NO_PRIVILEGE_CARDS[k]
    else:
        cards = range(k)
    out = [TAKE[c] for c in cards if not dragons[cg[c]]]
    out.append(MONEY)
    return out


def general_action_options(s: YotdState, p: int) -> list[Action]:
    """`action_options` for any cards out of play, card by card."""
    yuan = s.yuan[p]
    wall_open = len(s.wall) < WALL_LENGTH and s.wall_used[p] != ALL_WALL_TILES
    dragons = s.group_dragons
    out: list[Action] = []
    for c, g in enumerate(s.card_group):
        if g < 0:
            continue
        left = yuan
        if dragons[g]:
            if yuan < OCCUPIED_GROUP_FEE:
                continue
            left -= OCCUPIED_GROUP_FEE
        if c == PRIVILEGE and left < SMALL_PRIVILEGE_COST:
            continue
        if c == BUILD_WALL and not wall_open:
            continue
        out.append(TAKE[c])
    out.append(MONEY)
    return out


def action_legal(s: YotdState, req: ChooseAction, a: Action) -> bool:
    """The test of `action_options` for one action, without listing them."""
    t = type(a)
    if t is TakeMoney:
        return True
    if t is not TakeAction:
        return False
    c = a.card  # type: ignore[attr-defined]
    if not int_in(c, 0, len(s.card_group)):
        return a in action_options(s, req)  # an odd type: compare as the options do
    g = s.card_group[c]
    if g < 0:
        return False
    p = req.seat
    left = s.yuan[p]
    if s.group_dragons[g]:
        if left < OCCUPIED_GROUP_FEE:
            return False
        left -= OCCUPIED_GROUP_FEE
    if c == PRIVILEGE:
        return left >= SMALL_PRIVILEGE_COST
    if c == BUILD_WALL:
        return len(s.wall) < WALL_LENGTH and s.wall_used[p] != ALL_WALL_TILES
    return True


def choose_action(s: YotdState, req: ChooseAction, a: Action) -> None:
    """Money, or dragon + fee + one action."""
    p = req.seat
    if type(a) is TakeMoney:
        if s.yuan[p] < MONEY_TOP_UP:
            s.yuan[p] = MONEY_TOP_UP
        return
    card = a.card  # type: ignore[attr-defined]
    g = s.card_group[card]
    if s.group_dragons[g]:
        s.yuan[p] -= OCCUPIED_GROUP_FEE
    s.group_dragons[g] += 1
    perform_action(s, p, card)


def perform_action(s: YotdState, p: int, card: int) -> None:
    """Rules §5.1.3: the seven actions (+ Build Wall, rules §7)."""
    if card == TAXES:
        s.yuan[p] += TAXES_CARD_COINS + symbols(s, p, TAX_COLLECTOR)
    elif card == BUILD:
        s.stack.append(BuildFloors(p, CARD_SYMBOL + symbols(s, p, CRAFTSMAN)))
    elif card == HARVEST:
        s.rice[p] += CARD_SYMBOL + symbols(s, p, FARMER)
    elif card == FIREWORKS:
        s.fireworks[p] += CARD_SYMBOL + symbols(s, p, PYROTECHNIST)
    elif card == MILITARY_PARADE:
        move_marker(s, p, CARD_SYMBOL + symbols(s, p, WARRIOR))
    elif card == RESEARCH:
        s.vp[p] += CARD_SYMBOL + symbols(s, p, SCHOLAR)
    elif card == PRIVILEGE:
        s.stack.append(ChoosePrivilege(p))
    else:
        s.stack.append(ChooseWallTile(p))


# --- BuildFloors (rules §5.1 Build, D6) ------------------------------------------------------
def build_options(s: YotdState, req: BuildFloors) -> list[Action]:
    """Each floor onto a palace with < 3 floors or a new palace."""
    pals = s.palaces[req.seat]
    out: list[Action] = [BUILD_ON[i] for i, pal in enumerate(pals) if pal[0] < MAX_FLOORS]
    if len(pals) < MAX_PALACES:
        out.append(BUILD_NEW)
    return out


def build_legal(s: YotdState, req: BuildFloors, a: Action) -> bool:
    if type(a) is not BuildFloor:
        return False
    pals = s.palaces[req.seat]
    if a.palace == -1 and type(a.palace) is int:
        return len(pals) < MAX_PALACES
    return int_in(a.palace, 0, len(pals)) and pals[a.palace][0] < MAX_FLOORS


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
    return len(pals) >= MAX_PALACES and all(q[0] >= MAX_FLOORS for q in pals)


# --- ChoosePrivilege (rules §5.1 Privilege) --------------------------------------------------
def privilege_options(s: YotdState, req: ChoosePrivilege) -> list[Action]:
    """Small for 2 yuan, large for 7 (6 with the original price)."""
    yuan = s.yuan[req.seat]
    out: list[Action] = []
    if yuan >= SMALL_PRIVILEGE_COST:
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
        s.yuan[p] -= SMALL_PRIVILEGE_COST
        s.small_privileges[p] += 1


# --- ChooseWallTile (rules §7) ---------------------------------------------------------------
def wall_options(s: YotdState, req: ChooseWallTile) -> list[Action]:
    """Any unused own wall tile."""
    used = s.wall_used[req.seat]
    return [WALL[b] for b in range(WALL_TILES_PER_PLAYER) if not used >> b & 1]


def build_wall(s: YotdState, req: ChooseWallTile, a: BuildWall) -> None:
    """Gain the tile's bonus and put it under the leftmost free event slot."""
    p = req.seat
    s.wall_used[p] |= 1 << a.bonus
    s.wall.append(p)
    b = a.bonus
    if b == WALL_RICE:
        s.rice[p] += 1
    elif b == WALL_FIREWORKS:
        s.fireworks[p] += 1
    elif b == WALL_FLOOR:
        s.stack.append(BuildFloors(p, 1))
    elif b == WALL_YUAN:
        s.yuan[p] += WALL_BONUS_YUAN
    elif b == WALL_TRACK:
        move_marker(s, p, WALL_BONUS_TRACK)
    else:
        s.vp[p] += WALL_BONUS_VP
