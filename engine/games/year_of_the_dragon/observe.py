"""What a seat sees beyond the plain fields (rules §11 "Information", D11).

Zones and who sees them: everything on the table is public (palaces, persons, money, goods,
privileges, both tracks, event track, supply, action groups, the wall). Person cards are
played face up from identical starting hands, so every hand is deducible and is shown
(D11). Hidden from everyone: only the generator, i.e. the future action-card deals (and,
with option hidden_great_event, the face-down Great Event until round 7, drawn from the
generator when it is turned up: flow.turn_up_great_event).

The state declares this beside each field (state.py); the kernel derives the observation
and `sample_state` (every field copied, a fresh generator): there are no custom views and
nothing to redraw. Beyond the fields a seat sees only the observation's `phase`, named here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon.data import STEPS

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState


def phase(s: YotdState) -> str:
    """The observation's phase: the step of the round (rules §5), not the request."""
    return STEPS[s.step]
