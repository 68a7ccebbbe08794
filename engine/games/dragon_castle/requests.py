"""What must be decided next (PATTERNS.md, "Decisions as a stack of small, typed requests").

The state keeps a stack of these; the top one is the pending decision (or an automatic
step such as the merge check). All are public information.
"""

from __future__ import annotations

import msgspec


class ChooseAction(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §6.1: start the turn: take the first stone from the top level, or summon."""

    seat: int


class FinishAction(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §6.1: the first stone is taken; finish with Pair, Stone and shrine or Discard.
    `must_pair`: a spirit activated here (Deception, Depths, Elegance) must be used, so
    only its Pair options remain."""

    seat: int
    stone: int
    must_pair: bool = False


class PlaceTaken(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §6.2: place this taken stone (an identity index) in the realm."""

    seat: int
    stone: int


class CheckMerges(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §6.3: automatic: merge every face-up group of 4+ after all stones are placed."""

    seat: int


class BuildShrines(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §6.3 step 4: build up to `allowance` more pool shrines on the merged set `cells`."""

    seat: int
    cells: tuple[int, ...]
    allowance: int


class SpiritWindow(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.1: window W3 (after placement) or W4 (end of turn): activate or proceed.
    Skipped automatically when no activation is possible."""

    seat: int
    window: int


class DestroyRequest(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.2 Destruction: choose the available castle stone to remove."""

    seat: int


class FaithShrine(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.2 Faith: build the extra shrine on a stone merged this turn."""

    seat: int


class CunningMerge(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.2 Cunning: choose the group of exactly 3 to merge."""

    seat: int


class BeautyMerge(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.2 Beauty: choose the same-number faction group of 4+ to merge."""

    seat: int


class ChangeRequest(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.2 Change: choose the special stone and the type it counts as."""

    seat: int


class StrengthFrom(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.2 Strength: choose a stone to move (`moved` stones moved so far)."""

    seat: int
    moved: int


class StrengthTo(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.2 Strength: the picked-up stone (identity, face, merged this turn) goes to
    a cell other than `src`."""

    seat: int
    moved: int
    src: int
    stone: int
    up: bool
    merged: bool


class WindFlip(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.2 Wind: flip a face-up stone, or not."""

    seat: int


class WindShrineFrom(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.2 Wind: choose the built shrine to move (compulsory when possible)."""

    seat: int


class WindShrineTo(msgspec.Struct, frozen=True, tag=True, array_like=True):
    """Rules §8.2 Wind: choose the face-down shrineless top stone it moves to."""

    seat: int
    src: int


Request = (
    ChooseAction | FinishAction | PlaceTaken | CheckMerges | BuildShrines | SpiritWindow
    | DestroyRequest | FaithShrine | CunningMerge | BeautyMerge | ChangeRequest
    | StrengthFrom | StrengthTo | WindFlip | WindShrineFrom | WindShrineTo
)

#: phase names shown in observations
PHASE: dict[type, str] = {
    ChooseAction: "action",
    FinishAction: "finish_action",
    PlaceTaken: "place",
    CheckMerges: "merge",
    BuildShrines: "build_shrines",
    SpiritWindow: "spirit_window",
    DestroyRequest: "destruction",
    FaithShrine: "faith",
    CunningMerge: "cunning",
    BeautyMerge: "beauty",
    ChangeRequest: "change",
    StrengthFrom: "strength_from",
    StrengthTo: "strength_to",
    WindFlip: "wind_flip",
    WindShrineFrom: "wind_shrine_from",
    WindShrineTo: "wind_shrine_to",
}
