"""Every check of the conformance kit, by name, and `check_game` that runs them all."""

from __future__ import annotations

from collections.abc import Callable

from engine.testing.core import (
    check_action_ids,
    check_bytes_and_clones,
    check_determinism,
    check_illegal_actions,
    check_kernel,
    check_observations,
    check_replay,
    check_results,
)
from engine.testing.hidden import (
    check_asking,
    check_fast_legality,
    check_render_secrecy,
    check_sampling,
)
from engine.testing.playouts import Case, ConformanceError, cases
from engine.testing.words import check_renders, check_words

#: name -> check; each takes a Case and raises ConformanceError (an AssertionError) on failure
CHECKS: dict[str, Callable[[Case], None]] = {
    "random playouts end with valid results": check_results,
    "same seed and actions give identical bytes": check_determinism,
    "illegal actions raise and change nothing": check_illegal_actions,
    "serialization round trip, independent clones": check_bytes_and_clones,
    "action space ids are stable": check_action_ids,
    "observations encode and decode": check_observations,
    "states are on the engine kernel": check_kernel,
    "sample_state reproduces the observation": check_sampling,
    "fast legality test agrees with legal_actions": check_fast_legality,
    "whether a seat is asked does not depend on what others cannot see": check_asking,
    "replay rebuilds the final state": check_replay,
    "actions and decisions read distinctly": check_words,
    "renders show the game and the final breakdown": check_renders,
    "a seat's render shows only what it may know": check_render_secrecy,
}


def check_game(game_id: str, *, only: list[str] | None = None,
               progress: Callable[[Case, str, str | None], None] | None = None) -> None:
    """Run every check (or those named in `only`) on every case of one registered game;
    `progress(case, check, error or None)` hears each result. Raises ConformanceError
    listing every failure at the end (an exception the game raises inside a check is that
    check's failure; the other checks still run)."""
    failures = []
    for case in cases(game_id):
        for name, check in CHECKS.items():
            if only is not None and name not in only:
                continue
            error = None
            try:
                check(case)
            except ConformanceError as e:
                error = str(e)
            except Exception as e:  # the game itself raised: a failure of this check too
                error = f"the game raised {type(e).__name__}: {e}"
            if error is not None:
                failures.append(f"{case.label}: {name}: {error}")
            if progress:
                progress(case, name, error)
    if failures:
        raise ConformanceError(f"{len(failures)} failed:\n" + "\n".join(failures))
