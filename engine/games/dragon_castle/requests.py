"""What must be decided next (docs/architecture.md, "A turn is a stack of small decisions").

The state keeps a stack of these; the top one is the pending decision (or an automatic
step such as the merge check). All are public information. `PHASE` is the name the
observation shows while the request is pending.
"""

from __future__ import annotations

from typing import ClassVar

from engine.kernel import Request

from . import docs


class ChooseAction(Request, frozen=True):
    """Rules §6.1: start the turn: take the first stone from the top level, or summon."""

    PHASE: ClassVar[str] = "action"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class FinishAction(Request, frozen=True):
    """Rules §6.1: the first stone is taken; finish with Pair, Stone and shrine or Discard.
    `must_pair`: a spirit activated here (Deception, Depths, Elegance) must be used, so
    only its Pair options remain."""

    PHASE: ClassVar[str] = "finish_action"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.FINISH_ACTION
    stone: int
    must_pair: bool = False


class PlaceTaken(Request, frozen=True):
    """Rules §6.2: place this taken stone (an identity index) in the realm; automatic
    removal when no cell is legal."""

    PHASE: ClassVar[str] = "place"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.PLACE_TAKEN
    stone: int


class CheckMerges(Request, frozen=True):
    """Rules §6.3: automatic: merge every face-up group of 4+ after all stones are placed."""

    PHASE: ClassVar[str] = "merge"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.AUTO


class BuildShrines(Request, frozen=True):
    """Rules §6.3 step 4: build up to `allowance` more pool shrines on the merged set `cells`
    (skipped automatically when nothing can be built)."""

    PHASE: ClassVar[str] = "build_shrines"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.BUILD_SHRINES
    cells: tuple[int, ...]
    allowance: int


class SpiritWindow(Request, frozen=True):
    """Rules §8.1 "W dowolnym momencie swojej tury": a step of the own turn between two
    others - W3 (before each placement and before the merge check) or W4 (between the
    shrine decisions of two merged sets, and at the end of the turn): activate or proceed.
    Skipped automatically when no activation is possible."""

    PHASE: ClassVar[str] = "spirit_window"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SPIRIT_WINDOW
    window: int


class DestroyRequest(Request, frozen=True):
    """Rules §8.2 Destruction: choose the available castle stone to remove."""

    PHASE: ClassVar[str] = "destruction"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class FaithShrine(Request, frozen=True):
    """Rules §8.2 Faith: build the extra shrine on a stone merged this turn."""

    PHASE: ClassVar[str] = "faith"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class CunningMerge(Request, frozen=True):
    """Rules §8.2 Cunning: choose the group of exactly 3 to merge."""

    PHASE: ClassVar[str] = "cunning"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class BeautyMerge(Request, frozen=True):
    """Rules §8.2 Beauty: choose the same-number faction group of 4+ to merge."""

    PHASE: ClassVar[str] = "beauty"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class ChangeRequest(Request, frozen=True):
    """Rules §8.2 Change: choose the special stone and the type it counts as."""

    PHASE: ClassVar[str] = "change"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class StrengthFrom(Request, frozen=True):
    """Rules §8.2 Strength: choose a stone to move (`moved` stones moved so far); `locked`:
    the cells awaiting a merge when the power began (merges are checked after it)."""

    PHASE: ClassVar[str] = "strength_from"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.STRENGTH_FROM
    moved: int
    locked: tuple[int, ...] = ()


class StrengthTo(Request, frozen=True):
    """Rules §8.2 Strength: the picked-up stone (identity, face, merged this turn) goes to
    a cell other than `src`."""

    PHASE: ClassVar[str] = "strength_to"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.STRENGTH_TO
    moved: int
    src: int
    stone: int
    up: bool
    merged: bool
    locked: tuple[int, ...] = ()


class WindFlip(Request, frozen=True):
    """Rules §8.2 Wind: flip a face-up stone, or not."""

    PHASE: ClassVar[str] = "wind_flip"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class WindShrineFrom(Request, frozen=True):
    """Rules §8.2 Wind: choose the built shrine to move (compulsory when possible)."""

    PHASE: ClassVar[str] = "wind_shrine_from"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.SEAT


class WindShrineTo(Request, frozen=True):
    """Rules §8.2 Wind: choose the face-down shrineless top stone it moves to."""

    PHASE: ClassVar[str] = "wind_shrine_to"
    FIELD_DOCS: ClassVar[dict[str, str]] = docs.WIND_SHRINE_TO
    src: int


DragonCastleRequest = (
    ChooseAction | FinishAction | PlaceTaken | CheckMerges | BuildShrines | SpiritWindow
    | DestroyRequest | FaithShrine | CunningMerge | BeautyMerge | ChangeRequest
    | StrengthFrom | StrengthTo | WindFlip | WindShrineFrom | WindShrineTo
)
