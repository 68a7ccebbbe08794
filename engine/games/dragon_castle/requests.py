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
    """Rules §6.1: the first stone is taken; finish with Pair, Stone and shrine or Discard."""

    seat: int
    stone: int


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


Request = ChooseAction | FinishAction | PlaceTaken | CheckMerges | BuildShrines

#: phase names shown in observations
PHASE: dict[type, str] = {
    ChooseAction: "action",
    FinishAction: "finish_action",
    PlaceTaken: "place",
    CheckMerges: "merge",
    BuildShrines: "build_shrines",
}
