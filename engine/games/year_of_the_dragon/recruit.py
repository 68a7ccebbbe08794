"""Recruiting persons (rules §3.6 the draft, §5.2 Phase 2): the draft pair, playing a person
card, taking a tile from the supply, and placing the new person (or, palaces full, replacing
someone or discarding it). Handlers registered in rules.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon.actions import (
    CHOOSE,
    DISCARD,
    DRAFT_PAIRS,
    PLACE,
    PLAY,
    REPLACE,
    ChoosePerson,
    DiscardPerson,
    DraftPair,
    PlacePerson,
    PlayCard,
    ReplacePerson,
)
from engine.games.year_of_the_dragon.board import int_in, move_marker, persons_of
from engine.games.year_of_the_dragon.data import (
    NUM_CARDS,
    NUM_TILES,
    NUM_TYPES,
    TILE_TYPE,
    TILE_VALUE,
    VALID_TILES,
)
from engine.games.year_of_the_dragon.requests import ChooseTile, Draft, PlaceRecruit, PlayPersonCard
from engine.protocol import Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState

#: tiles a person card may take (rules §5.2, D2): type card -> young or old; "?" -> any
CARD_TILES: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in VALID_TILES if TILE_TYPE[t] == c) for c in range(NUM_TYPES)
) + (VALID_TILES,)
CARD_TAKES: tuple[frozenset[int], ...] = tuple(frozenset(ts) for ts in CARD_TILES)
#: each draft pair with its two young tiles and its code in `drafted` (rules §3.6)
DRAFT_KEYS: tuple[tuple[DraftPair, int, int, int], ...] = tuple(
    (a, 2 * a.first, 2 * a.second, a.first * 9 + a.second) for a in DRAFT_PAIRS
)


# --- Draft (rules §3.6) ----------------------------------------------------------------------
def draft_options(s: YotdState, req: Draft) -> list[Action]:
    """Two different young types, pair not taken before, tiles available."""
    sup, taken = s.supply, s.drafted
    return [a for a, t1, t2, code in DRAFT_KEYS if sup[t1] and sup[t2] and code not in taken]


def draft_legal(s: YotdState, req: Draft, a: Action) -> bool:
    """The test of `draft_options` for one action, without listing them."""
    if type(a) is not DraftPair:
        return False
    x, y = a.first, a.second
    if not (int_in(x, 0, NUM_TYPES) and int_in(y, 0, NUM_TYPES)):
        return a in draft_options(s, req)  # an odd type: compare as the options do
    sup = s.supply
    return x < y and sup[2 * x] > 0 and sup[2 * y] > 0 and x * 9 + y not in s.drafted


def draft(s: YotdState, req: Draft, a: DraftPair) -> None:
    """Take the two young tiles; place each; one track move by their sum."""
    t1, t2 = 2 * a.first, 2 * a.second
    s.supply[t1] -= 1
    s.supply[t2] -= 1
    s.drafted.append(a.first * 9 + a.second)
    total = TILE_VALUE[t1] + TILE_VALUE[t2]
    s.stack += [PlaceRecruit(req.seat, t2, total), PlaceRecruit(req.seat, t1, 0)]


# --- PlaceRecruit (rules §5.2) ---------------------------------------------------------------
@cython.locals(pals=list, pal=list, free=list, i=cython.Py_ssize_t)
def place_options(s: YotdState, req: PlaceRecruit) -> list[Action]:
    """Free floor -> must place; all full -> replace anyone or discard."""
    pals = s.palaces[req.seat]
    free = []
    for i in range(len(pals)):
        pal = pals[i]
        if len(pal) <= pal[0]:
            free.append(PLACE[i])
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
            return int_in(a.palace, 0, len(pals)) and len(pals[a.palace]) - 1 < pals[a.palace][0]
        if t is not ReplacePerson and t is not DiscardPerson:
            return False
        if any(len(q) - 1 < q[0] for q in pals):
            return False
        if t is ReplacePerson:
            return int_in(a.palace, 0, len(pals)) and int_in(a.tile, 0, NUM_TILES) and (
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


# --- PlayPersonCard and ChooseTile (rules §5.2) ----------------------------------------------
@cython.locals(hand=list, c=cython.Py_ssize_t)
def play_card_options(s: YotdState, req: PlayPersonCard) -> list[Action]:
    """Any card in hand (even one whose persons are exhausted)."""
    hand = s.hands[req.seat]
    return [PLAY[c] for c in range(len(hand)) if hand[c]]


def play_card_legal(s: YotdState, req: PlayPersonCard, a: Action) -> bool:
    return (type(a) is PlayCard and int_in(a.card, 0, NUM_CARDS)
            and s.hands[req.seat][a.card] > 0)


@cython.locals(supply=list, t=cython.Py_ssize_t)
def play_card(s: YotdState, req: PlayPersonCard, a: PlayCard) -> None:
    """The card goes face up to the discard pile; exhausted type -> nothing."""
    p = req.seat
    s.hands[p][a.card] -= 1
    supply = s.supply
    for t in CARD_TILES[a.card]:
        if supply[t]:
            s.stack.append(ChooseTile(p, a.card))
            return


@cython.locals(sup=list, t=cython.Py_ssize_t)
def tile_options(s: YotdState, req: ChooseTile) -> list[Action]:
    """D2: a tile of the card's type (young or old), any tile for "?"."""
    sup = s.supply
    return [CHOOSE[t] for t in CARD_TILES[req.card] if sup[t]]


def tile_legal(s: YotdState, req: ChooseTile, a: Action) -> bool:
    return (type(a) is ChoosePerson and int_in(a.tile, 0, NUM_TILES)
            and a.tile in CARD_TAKES[req.card] and s.supply[a.tile] > 0)


def choose_tile(s: YotdState, req: ChooseTile, a: ChoosePerson) -> None:
    """Take the tile; it must then be placed (or replace/discard when full)."""
    s.supply[a.tile] -= 1
    s.stack.append(PlaceRecruit(req.seat, a.tile, TILE_VALUE[a.tile]))
