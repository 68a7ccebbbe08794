"""The conformance kit on every registered game x player count x option preset: one test per
case and check of engine.testing (the library a plug-in game runs too; docs/adding-a-game.md
says what each check means)."""

from __future__ import annotations

import pytest

import engine
from engine.protocol import NO_WINNER
from engine.testing import CHECKS, Case, cases
from harness.play.match import play_match

CASES = [pytest.param(c, id=c.label) for c in cases()]


@pytest.fixture(params=CASES)
def case(request: pytest.FixtureRequest) -> Case:
    return request.param


@pytest.mark.parametrize("check", list(CHECKS))
def test_conformance(case: Case, check: str) -> None:
    CHECKS[check](case)


def test_a_match_the_harness_played_replays_to_its_final_state(case: Case) -> None:
    """The harness's own record of a match (bots, times, tagged actions) replays too."""
    game_id, n, preset = case
    record = play_match(game_id, n, ["random"] * n, seed=2, options=preset)
    assert record.outcome in ("normal", NO_WINNER) and not record.failures
    final = engine.replay(record)
    assert final.is_terminal()
    assert engine.digest(final) == record.final_digest
    assert final.scores() == record.scores and final.ranking() == record.ranking
