"""Pending decisions (requests: docs/architecture.md, "A turn is a stack of small
decisions"; rules §11, decision points 1-10) and their union. Counting requests hold what is
`left` to do."""

from __future__ import annotations

from typing import ClassVar

from engine import kernel
from engine.games.year_of_the_dragon import docs


class Draft(kernel.Request, frozen=True):
    """Rules §3.6 (decision 1): take 2 young tiles of two different types."""

    TITLE: ClassVar[str] = "draft"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class PlaceRecruit(kernel.Request, frozen=True):
    """Rules §3.6, §5.2 (decisions 1, 3, 9): place new person `tile` (or, palaces full,
    replace someone or discard it); the marker then moves by `move`."""

    TITLE: ClassVar[str] = "place person"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.PLACE_RECRUIT
    tile: int
    move: int = 0


class ChooseAction(kernel.Request, frozen=True):
    """Rules §5.1.2 (decision 2): a dragon on a group and one of its actions, or Money."""

    TITLE: ClassVar[str] = "choose action"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class BuildFloors(kernel.Request, frozen=True):
    """Rules §5.1 Build, §7 floor bonus, §8.10 craftsmen (decision 2a): place the `left`
    gained floors, one at a time."""

    TITLE: ClassVar[str] = "build"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.LEFT_FLOORS
    left: int


class ChoosePrivilege(kernel.Request, frozen=True):
    """Rules §5.1 Privilege (decision 2b): small or large."""

    TITLE: ClassVar[str] = "privilege"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class PlayPersonCard(kernel.Request, frozen=True):
    """Rules §5.2 (decision 3): play one person card."""

    TITLE: ClassVar[str] = "play card"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class ChooseTile(kernel.Request, frozen=True):
    """Rules §5.2, D2 (decision 3): take a supply tile matching the played `card`."""

    TITLE: ClassVar[str] = "choose person"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.CHOOSE_TILE
    card: int


class ReleasePersons(kernel.Request, frozen=True):
    """Rules §5.3, §7 (decision 4): release `left` persons of the owner's choice."""

    TITLE: ClassVar[str] = "release"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.LEFT_PERSONS
    left: int


class DroughtRelease(kernel.Request, frozen=True):
    """Rules §5.3 Drought (decision 5): release 1 person from each of `left` more
    unsupplied palaces; `chosen` = bitmask of palaces already chosen."""

    TITLE: ClassVar[str] = "drought release"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.DROUGHT
    left: int
    chosen: int = 0


class ChooseWallTile(kernel.Request, frozen=True):
    """Rules §7 Build Wall (decision 2c): use one unused own wall tile."""

    TITLE: ClassVar[str] = "build wall"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class EarthquakeFloors(kernel.Request, frozen=True):
    """Rules §8.3 Earthquake (decision 6): remove `left` more own floors, one at a time."""

    TITLE: ClassVar[str] = "earthquake: remove floor"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.LEFT_EARTHQUAKE
    left: int


class EarthquakeOverfull(kernel.Request, frozen=True):
    """Rules §8.3 Earthquake (decision 6): release from palaces with more persons than
    floors (resolved automatically once none is over-full)."""

    TITLE: ClassVar[str] = "earthquake: release from over-full palace"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class FloodDiscard(kernel.Request, frozen=True):
    """Rules §8.4 Flood (decision 7): discard `left` more yuan / rice / fireworks."""

    TITLE: ClassVar[str] = "flood: discard"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.LEFT_FLOOD
    left: int


class TornadoDiscard(kernel.Request, frozen=True):
    """Rules §8.7 Tornado (decision 8): discard `left` more person cards."""

    TITLE: ClassVar[str] = "tornado: discard card"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.LEFT_TORNADO
    left: int


class SunriseRecruit(kernel.Request, frozen=True):
    """Rules §8.8 Sunrise, D10 (decision 9): a young tile of a type unused this Sunrise."""

    TITLE: ClassVar[str] = "sunrise: choose person"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class ChooseEdict(kernel.Request, frozen=True):
    """Rules §8.10 Edict (decision 10): a person type present in own palaces."""

    TITLE: ClassVar[str] = "edict"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


YotdRequest = (
    Draft | PlaceRecruit | ChooseAction | BuildFloors | ChoosePrivilege | PlayPersonCard
    | ChooseTile | ReleasePersons | DroughtRelease | ChooseWallTile | EarthquakeFloors
    | EarthquakeOverfull | FloodDiscard | TornadoDiscard | SunriseRecruit | ChooseEdict
)
