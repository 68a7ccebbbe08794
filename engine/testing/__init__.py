"""The conformance kit as a library: what every game on the engine must satisfy.

A game added by a plug-in package runs the same checks as the built-in games::

    from engine.testing import check_game
    check_game("my_game")          # raises ConformanceError naming the case and the check

or from a shell, `python -m engine.testing my_game`. With pytest, parametrize over
`cases()` and `CHECKS` to get one test per case and check (the project's own
tests/conformance does exactly that). docs/adding-a-game.md says what each check means.
"""

from __future__ import annotations

from engine.testing.conformance import CHECKS, check_game
from engine.testing.hidden import check_asking, check_fast_legality, check_sampling
from engine.testing.playouts import Case, ConformanceError, cases, positions, trajectory

__all__ = [
    "CHECKS", "Case", "ConformanceError", "cases", "check_asking", "check_fast_legality",
    "check_game", "check_sampling", "positions", "trajectory",
]
