"""Huang actions: what a seat answers, named after the rulebook (rules §5-§8, §11, decision
table §13), the prebuilt shared instances, and the fixed action enumeration
(`action_space`). All are frozen structs, so a state clone can share them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.games.huang import docs
from engine.games.huang.data import NUM_HEXES, NUM_PAGODAS, RHOMBI, TRIANGLES
from engine.protocol import Action, ActionSpace

# --- actions: top level (§5, decision #1) ----------------------------------------------------


class PositionLeader(Action, frozen=True):
    """§6.1 (A): choose one of your leaders (colour) to place, move or withdraw."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["PositionLeader"]
    colour: int


class PlaceTile(Action, frozen=True):
    """§6.2 (B): choose the colour of the hand tile to place."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["PlaceTile"]
    colour: int


class PeasantRevolt(Action, frozen=True):
    """§6.3 (C): discard 2 blue tiles (or 1 + the off-board blue leader)."""


class BuildWithGreen(Action, frozen=True):
    """§6.4 (D): discard 2 green tiles (or 1 + the off-board green leader) to build a pagoda."""


class Exchange(Action, frozen=True):
    """§6.5 (E): discard 1-6 tiles face down, then draw as many."""


# --- actions: follow-up decisions --------------------------------------------------------------


class LeaderTo(Action, frozen=True):
    """§6.1: the hex the chosen leader is placed on (decision #3)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["LeaderTo"]
    hex: int


class Withdraw(Action, frozen=True):
    """§6.1: withdraw the chosen on-board leader in front of the screen."""


class TileTo(Action, frozen=True):
    """§6.2: the hex the chosen tile is placed on (decision #5)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["TileTo"]
    hex: int


class TakeFromMarket(Action, frozen=True):
    """§6.2.4: after a green tile, take one market tile of this colour (decision #6)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["TakeFromMarket"]
    colour: int


class BuildPagoda(Action, frozen=True):
    """§6.2.5 / §6.4: build a pagoda on triangle `triangle` (index in static triangles)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["BuildPagoda"]
    triangle: int


class BuildPalace(Action, frozen=True):
    """§11.3 (Imperial Palace): build (or move) the palace on rhombus `rhombus`
    (index in static rhombi) of 4 free yellow tiles."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["BuildPalace"]
    rhombus: int


class MovePagoda(Action, frozen=True):
    """§6.2.5: supply empty, move this on-board pagoda (index into `pagodas`)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["MovePagoda"]
    pagoda: int


class ChainTo(Action, frozen=True):
    """§6.2.6: place another blue tile on this river hex next to the previous one."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChainTo"]
    hex: int


class UseLeader(Action, frozen=True):
    """§6.3/§6.4: let the off-board blue/green leader replace one discarded tile (#10)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["UseLeader"]
    use: bool


class RemoveTile(Action, frozen=True):
    """§6.3: the board tile the peasant revolt removes (decision #11)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["RemoveTile"]
    hex: int


class DiscardTile(Action, frozen=True):
    """§6.5: discard one hand tile of this colour face down (decision #13)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["DiscardTile"]
    colour: int


class CommitTiles(Action, frozen=True):
    """§8.1 yellow / §8.2 red tiles committed from hand (decisions #14, #15)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["CommitTiles"]
    count: int


class SupportParty(Action, frozen=True):
    """§8.2: support war party `party` (index into the war's parties, decision #15)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["SupportParty"]
    party: int


class CommitRedLeader(Action, frozen=True):
    """§8.2: add (or not) your off-board red leader (+1) to the party you support."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["CommitRedLeader"]
    use: bool


class DeclareWinner(Action, frozen=True):
    """§8.2: the active player breaks a tie between top parties (decision #16)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["DeclareWinner"]
    party: int


class RemoveRedTile(Action, frozen=True):
    """§8.2(d): the active player removes this red tile from the winning party (#17)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["RemoveRedTile"]
    hex: int


class KeepGranary(Action, frozen=True):
    """§11.2 (Eighteen Kingdoms): take the granaries of your blue leader's kingdom except
    the one on `hex`, which stays."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["KeepGranary"]
    hex: int


class RefillTo(Action, frozen=True):
    """§11.3 / §9 step 3: refill the hand to `count` tiles (6, or 7 with the palace: "możesz
    trzymać za zasłonką 7 kafla (zamiast 6)")."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["RefillTo"]
    count: int


class Pass(Action, frozen=True):
    """Decline an optional choice: market pick, building, blue chain, war support, or end the
    exchange discards."""


HuangAction = (
    PositionLeader | PlaceTile | PeasantRevolt | BuildWithGreen | Exchange | LeaderTo
    | Withdraw | TileTo | TakeFromMarket | BuildPagoda | BuildPalace | MovePagoda | ChainTo
    | UseLeader | RemoveTile | DiscardTile | CommitTiles | SupportParty | CommitRedLeader
    | DeclareWinner | RemoveRedTile | KeepGranary | RefillTo | Pass
)


#: largest number of tiles one commit can take: a hand never exceeds 6, or 7 with the palace (§9)
MAX_COMMIT = 7
#: at most 3 kingdoms can touch one hex, 6 is a safe bound for party indices
MAX_PARTIES = 6

# --- prebuilt action instances (shared, immutable) ----------------------------------------
POSITION_LEADER = tuple(PositionLeader(c) for c in range(5))
#: the PositionLeader actions of the colours in each bitmask, colours ascending
POSITION_LEADERS_OF: tuple[tuple[PositionLeader, ...], ...] = tuple(
    tuple(POSITION_LEADER[c] for c in range(5) if m >> c & 1) for m in range(32))
PLACE_TILE = tuple(PlaceTile(c) for c in range(5))
#: per colour bitmask, the PlaceTile actions of those colours in colour order
PLACE_TILES_OF: tuple[tuple[PlaceTile, ...], ...] = tuple(
    tuple(PLACE_TILE[c] for c in range(5) if m >> c & 1) for m in range(32))
LEADER_TO = tuple(LeaderTo(h) for h in range(NUM_HEXES))
TILE_TO = tuple(TileTo(h) for h in range(NUM_HEXES))
TAKE = tuple(TakeFromMarket(c) for c in range(5))
BUILD = tuple(BuildPagoda(t) for t in range(len(TRIANGLES)))
PALACE = tuple(BuildPalace(r) for r in range(len(RHOMBI)))
MOVE_PAGODA = tuple(MovePagoda(k) for k in range(NUM_PAGODAS))
CHAIN_TO = tuple(ChainTo(h) for h in range(NUM_HEXES))
REMOVE_TILE = tuple(RemoveTile(h) for h in range(NUM_HEXES))
DISCARD = tuple(DiscardTile(c) for c in range(5))
COMMIT = tuple(CommitTiles(k) for k in range(MAX_COMMIT + 1))
SUPPORT = tuple(SupportParty(i) for i in range(MAX_PARTIES))
WINNER = tuple(DeclareWinner(i) for i in range(MAX_PARTIES))
REMOVE_RED = tuple(RemoveRedTile(h) for h in range(NUM_HEXES))
KEEP_GRANARY = tuple(KeepGranary(h) for h in range(NUM_HEXES))
PASS = Pass()
#: §11.3: the two refill sizes with the palace
REFILL_TO = (RefillTo(6), RefillTo(7))
WITHDRAW = Withdraw()
REVOLT = PeasantRevolt()
GREEN_BUILD = BuildWithGreen()
EXCHANGE = Exchange()
USE_YES, USE_NO = UseLeader(True), UseLeader(False)
RED_LEADER_YES, RED_LEADER_NO = CommitRedLeader(True), CommitRedLeader(False)

ALL_ACTIONS: tuple[Action, ...] = (
    *POSITION_LEADER, *PLACE_TILE, REVOLT, GREEN_BUILD, EXCHANGE, *LEADER_TO, WITHDRAW,
    *TILE_TO, *TAKE, *BUILD, *PALACE, *MOVE_PAGODA, *CHAIN_TO, USE_YES, USE_NO, *REMOVE_TILE,
    *DISCARD, *COMMIT, *SUPPORT, RED_LEADER_YES, RED_LEADER_NO, *WINNER, *REMOVE_RED,
    *KEEP_GRANARY, PASS, *REFILL_TO,
)


_SPACE: list[ActionSpace] = []


def action_space(num_players: int, options: dict[str, Any]) -> ActionSpace:
    """The fixed action enumeration (ALL_ACTIONS); the same for every player count and
    option."""
    if not _SPACE:
        _SPACE.append(ActionSpace(ALL_ACTIONS))
    return _SPACE[0]
