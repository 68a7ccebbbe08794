"""Huang decisions: the actions (named after the rulebook), the requests (pending decisions)
and the conflict records (rules §5-§8, decision table §13).

The state holds a stack of requests (engine.kernel); the top one is decided now, its seat
is `current_player()` and `legal_actions()` lists its options. All structs here are frozen,
so a state clone can share them.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from engine.games.huang import docs
from engine.kernel import Request
from engine.protocol import Action

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

# --- requests: what must be decided next ------------------------------------------------------


class ChooseAction(Request, frozen=True):
    """§5: the active player picks one of the actions A-E."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseAction"]


class ChooseLeaderHex(Request, frozen=True):
    """§6.1: target hex (or withdraw) for leader `colour`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseLeaderHex"]
    colour: int


class ChooseTileHex(Request, frozen=True):
    """§6.2: target hex for a hand tile of `colour`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseTileHex"]
    colour: int


class ChooseMarketTile(Request, frozen=True):
    """§6.2.4: optional market pick after the green tile on `hex`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseMarketTile"]
    hex: int


class ChooseBuilding(Request, frozen=True):
    """§6.2.5: optional pagoda on a triangle containing the tile just placed on `hex`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseBuilding"]
    hex: int


class ChoosePagodaToMove(Request, frozen=True):
    """§6.2.5: supply is empty; which on-board pagoda moves to `triangle`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChoosePagodaToMove"]
    triangle: int


class ChooseChain(Request, frozen=True):
    """§6.2.6: optional next blue tile next to the blue tile on `hex`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseChain"]
    hex: int


class ChooseSubstitute(Request, frozen=True):
    """§6.3/§6.4: use the off-board leader of `colour` (blue/green) as one tile? Asked
    whenever that leader is off the board (public), whatever the hand holds."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseSubstitute"]
    colour: int


class ChooseRevoltTarget(Request, frozen=True):
    """§6.3: the tile the peasant revolt removes."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseRevoltTarget"]


class ChooseTriangle(Request, frozen=True):
    """§6.4: the triangle action D builds on."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseTriangle"]


class ChooseDiscard(Request, frozen=True):
    """§6.5: next face-down discard; `count` discarded so far."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseDiscard"]
    count: int


class CommitRevolt(Request, frozen=True):
    """§8.1 step 3: yellow tiles this side (attacker, then defender) commits; asked even
    without yellow tiles (0 is then the only option)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["CommitRevolt"]


class ResolveRevolt(Request, frozen=True):
    """§8.1 step 4 (automatic): both sides have committed; the revolt is decided."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ResolveRevolt"]


class ChooseSupport(Request, frozen=True):
    """§8.2: this seat's turn in the war support round; every seat is asked, with "pass" as
    the only option when it has nothing to commit."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseSupport"]


class ResolveWar(Request, frozen=True):
    """§8.2 "Winner" (automatic): the support round is over; a single strongest party wins,
    else the active player breaks the tie."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ResolveWar"]


class CommitWarTiles(Request, frozen=True):
    """§8.2: red tiles the supporter commits to `party`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["CommitWarTiles"]
    party: int


class CommitWarLeader(Request, frozen=True):
    """§8.2: whether the supporter adds the off-board red leader to `party`."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["CommitWarLeader"]
    party: int
    tiles: int


class ChooseWarWinner(Request, frozen=True):
    """§8.2: tie at the top; the active player picks the winner."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseWarWinner"]


class RemoveWinnerTile(Request, frozen=True):
    """§8.2(d): `remaining` red tiles still to remove from the winning party."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["RemoveWinnerTile"]
    remaining: int


class RemoveBanditLoss(Request, frozen=True):
    """§11.1: the placer removes one more red tile of the kingdom that beat the bandits."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["RemoveBanditLoss"]


class ChooseGranary(Request, frozen=True):
    """§11.2: end of turn, the blue leader's kingdom holds >= 2 granaries: keep which one
    (or decline)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseGranary"]


class ChooseRefill(Request, frozen=True):
    """§11.3 / §9 step 3: this seat's yellow leader is in the palace's kingdom and it holds
    fewer than 7 tiles (both public): refill to 6 or 7? `order` is its place in the refill
    sequence (0 = the active player)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["ChooseRefill"]
    order: int


HuangRequest = (
    ChooseAction | ChooseLeaderHex | ChooseTileHex | ChooseMarketTile | ChooseBuilding
    | ChoosePagodaToMove | ChooseChain | ChooseSubstitute | ChooseRevoltTarget | ChooseTriangle
    | ChooseDiscard | CommitRevolt | ResolveRevolt | ChooseSupport | CommitWarTiles
    | CommitWarLeader | ResolveWar | ChooseWarWinner | RemoveWinnerTile | ChooseGranary
    | RemoveBanditLoss | ChooseRefill
)

# --- conflict records (public) ------------------------------------------------------------------


class Revolt(msgspec.Struct, frozen=True):
    """§8.1: a leader-caused revolt in progress. Leaders are indices seat * 5 + colour."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["Revolt"]
    colour: int
    attacker: int
    defender: int
    attacker_base: int
    defender_base: int
    attacker_tiles: int = -1  # -1: not yet committed
    defender_tiles: int = -1


class BanditFight(msgspec.Struct, frozen=True):
    """§11.1: a tile on `hex` connected bandit tile `bandit` to a kingdom; the placer must
    remove `remaining` of the kingdom's red tiles `tiles` (chosen one at a time)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["BanditFight"]
    hex: int
    bandit: int
    tiles: tuple[int, ...]
    remaining: int


class War(msgspec.Struct, frozen=True):
    """§8.2: a tile-caused war in progress on hex `hex` (the unification marker).

    `parties` are the component labels of the warring kingdoms (min hex of each, computed
    without `hex`); `participants` the leader indices that fight; `base` the red board tiles
    per party; `tiles`/`leaders` the committed red tiles and red leaders per party; once
    resolved, `winner` and `winner_tiles`.
    """

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FIELDS["War"]
    hex: int
    parties: tuple[int, ...]
    participants: tuple[int, ...]
    base: tuple[int, ...]
    tiles: tuple[int, ...]
    leaders: tuple[int, ...]
    winner: int = -1
    #: red board tiles of the winning party when it must lose some (§8.2 d)
    winner_tiles: tuple[int, ...] = ()
