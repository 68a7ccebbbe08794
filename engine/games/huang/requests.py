"""Huang requests: what is pending (engine.kernel), one type per decision of the table of
rules §13, and the public records of a conflict in progress that the requests refer to
(§8.1 revolt, §8.2 war, §11.1 bandit fight). All are frozen structs, so a state clone can
share them.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from engine.games.huang import docs
from engine.kernel import Request

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
