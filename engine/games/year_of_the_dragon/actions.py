"""What a seat answers (actions), the interned instances the rules hand out, and the fixed
action space; the pending decisions (requests) are in requests.py.

Every action is a frozen, hashable msgspec struct named after the rulebook step it performs.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.games.year_of_the_dragon import docs
from engine.games.year_of_the_dragon.data import (
    ACTION_NAMES,
    BASE_ACTION_CARDS,
    BUILD_WALL,
    MAX_PALACES,
    NUM_CARDS,
    NUM_TILES,
    NUM_TYPES,
    VALID_TILES,
    WALL_TILES_PER_PLAYER,
)
from engine.protocol import Action, ActionSpace


class DraftPair(Action, frozen=True):
    """Rules §3.6: take 2 young tiles of two different types (`first < second`)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.DRAFT_PAIR
    first: int
    second: int


class PlacePerson(Action, frozen=True):
    """Rules §5.2: put the new person into own palace `palace` (it has a free floor)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.PLACE_PERSON
    palace: int


class ReplacePerson(Action, frozen=True):
    """Rules §5.2: all palaces full: release a `tile` person of `palace`, the new one moves in."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.REPLACE_PERSON
    palace: int
    tile: int


class DiscardPerson(Action, frozen=True):
    """Rules §5.2: all palaces full: the new tile goes back to the box (no track move)."""


class TakeAction(Action, frozen=True):
    """Rules §5.1(a): put the dragon on the group of action `card` and perform that action
    (3 yuan first if the group already holds a dragon)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.TAKE_ACTION
    card: int


class TakeMoney(Action, frozen=True):
    """Rules §5.1(b): no dragon; take yuan up to a total of 3."""


class BuildFloor(Action, frozen=True):
    """Rules §5.1 Build: place one gained floor on own palace `palace` (< 3 floors), or start
    a new 1-floor palace (`palace == -1`)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.BUILD_FLOOR
    palace: int


class BuyPrivilege(Action, frozen=True):
    """Rules §5.1 Privilege: small (1 dragon, 2 yuan) or large (2 dragons, 7 yuan)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.BUY_PRIVILEGE
    large: bool


class PlayCard(Action, frozen=True):
    """Rules §5.2: play a person card (0-8 = person type, 9 = "?")."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.PLAY_CARD
    card: int


class ChoosePerson(Action, frozen=True):
    """Rules §5.2: take tile `tile` from the supply (matching the played card)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.CHOOSE_PERSON
    tile: int


class Release(Action, frozen=True):
    """Rules §5.3: release (remove from the game) one `tile` person from own `palace`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.RELEASE
    palace: int
    tile: int


class BuildWall(Action, frozen=True):
    """Rules §7 (Great Wall): use own wall tile `bonus`, gain the bonus, extend the wall."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.BUILD_WALL
    bonus: int


class RemoveFloor(Action, frozen=True):
    """Rules §8.3 Earthquake: remove one floor of own palace `palace`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.REMOVE_FLOOR
    palace: int


class DiscardGoods(Action, frozen=True):
    """Rules §8.4 Flood: discard one item: `good` 0 = yuan, 1 = rice, 2 = fireworks."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.DISCARD_GOODS
    good: int


class DiscardCard(Action, frozen=True):
    """Rules §8.7 Tornado: discard person card `card` face up (0-8 type, 9 = "?")."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.DISCARD_CARD
    card: int


class Edict(Action, frozen=True):
    """Rules §8.10 Edict: gain the benefit of own persons of `person_type`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.EDICT
    person_type: int


YotdAction = (
    DraftPair | PlacePerson | ReplacePerson | DiscardPerson | TakeAction | TakeMoney
    | BuildFloor | BuyPrivilege | PlayCard | ChoosePerson | Release | BuildWall
    | RemoveFloor | DiscardGoods | DiscardCard | Edict
)

# --- interned actions (legal-action generation allocates only the result list) ---------------
DRAFT_PAIRS: tuple[DraftPair, ...] = tuple(
    DraftPair(a, b) for a in range(NUM_TYPES) for b in range(a + 1, NUM_TYPES)
)
PLACE = tuple(PlacePerson(i) for i in range(MAX_PALACES))
REPLACE = tuple(
    tuple(ReplacePerson(i, t) for t in range(NUM_TILES)) for i in range(MAX_PALACES)
)
RELEASE = tuple(tuple(Release(i, t) for t in range(NUM_TILES))
                for i in range(MAX_PALACES))
BUILD_ON = tuple(BuildFloor(i) for i in range(MAX_PALACES))
BUILD_NEW = BuildFloor(-1)
DISCARD = DiscardPerson()
MONEY = TakeMoney()
TAKE = tuple(TakeAction(c) for c in range(len(ACTION_NAMES)))
PLAY = tuple(PlayCard(c) for c in range(NUM_CARDS))
CHOOSE = tuple(ChoosePerson(t) for t in range(NUM_TILES))
SMALL, LARGE = BuyPrivilege(False), BuyPrivilege(True)
WALL = tuple(BuildWall(b) for b in range(WALL_TILES_PER_PLAYER))
REMOVE = tuple(RemoveFloor(i) for i in range(MAX_PALACES))
GOODS = tuple(DiscardGoods(g) for g in range(3))
DISCARD_CARD = tuple(DiscardCard(c) for c in range(NUM_CARDS))
EDICTS = tuple(Edict(k) for k in range(NUM_TYPES))


# --- the fixed action space (stable ids) per (player count, options) --------------------------
SPACES: dict[tuple[int, bool, bool], ActionSpace] = {}


def action_space(num_players: int, options: dict[str, Any]) -> ActionSpace:
    """Every possible decision, in a fixed order; built once per (player count, options)."""
    wall = bool(options.get("great_wall", False))
    great = bool(options.get("great_events", False))
    key = (num_players, wall, great)
    space = SPACES.get(key)
    if space is None:
        acts: list[Action] = list(DRAFT_PAIRS)
        acts += PLACE
        acts += [REPLACE[i][t] for i in range(MAX_PALACES) for t in VALID_TILES]
        acts.append(DISCARD)
        cards = BASE_ACTION_CARDS + ((BUILD_WALL,) if wall else ())
        acts += [TAKE[c] for c in cards]
        acts.append(MONEY)
        acts.append(BUILD_NEW)
        acts += BUILD_ON
        acts += [SMALL, LARGE]
        acts += PLAY
        acts += [CHOOSE[t] for t in VALID_TILES]
        acts += [RELEASE[i][t] for i in range(MAX_PALACES) for t in VALID_TILES]
        if wall:
            acts += WALL
        if great:
            acts += REMOVE
            acts += GOODS
            acts += DISCARD_CARD
            acts += EDICTS
        space = SPACES[key] = ActionSpace(acts)
    return space
