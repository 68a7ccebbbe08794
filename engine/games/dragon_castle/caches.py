"""The state's derived caches (state.py, DERIVED fields) recomputed in one place: for
tests, and for positions edited by hand. The handlers keep them up to date themselves
(castle.take_from_castle, realm.place_stone / merge_set / realm_changed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .castle import castle_caches
from .realm import realm_caches

if TYPE_CHECKING:
    from .state import DragonCastleState


def refresh_caches(s: DragonCastleState) -> None:
    """Recompute every cache (after a position was edited by hand, as tests do)."""
    fresh = {**castle_caches(s.castle_h, s.castle), **realm_caches(s)}
    for name, value in fresh.items():
        setattr(s, name, value)


def check_caches(s: DragonCastleState) -> None:
    """Assert that every cache equals its recomputation (a realm cache may be -1: not
    known)."""
    for name, value in castle_caches(s.castle_h, s.castle).items():
        assert getattr(s, name) == value, (name, getattr(s, name), value)
    for name, values in realm_caches(s).items():
        for seat, (have, fresh) in enumerate(zip(getattr(s, name), values, strict=True)):
            assert have in (-1, fresh), (name, seat, have, fresh)
