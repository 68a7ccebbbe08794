"""Issue 21: the OpenSpiel adapter's `action_to_string` reads in rulebook words for the
options of the pending decision, and in the generic words otherwise."""

from __future__ import annotations

import pytest

from engine.protocol import action_words
from tests.adapters import require

pyspiel = require("pyspiel")
from engine.adapters import openspiel  # noqa: E402


@pytest.mark.parametrize("game_id", ["kit", "year_of_the_dragon"])
def test_action_to_string_uses_the_words_of_the_pending_decision(game_id):
    state = openspiel.load_game(game_id, players=2, seed=4).new_initial_state()
    for _ in range(12):
        core, p = state.core, state.current_player()
        legal = state.legal_actions()
        said = [state.action_to_string(p, a) for a in legal]
        assert said == [core.describe_action(core.action_from_id(a)) for a in legal]
        assert len(set(said)) == len(said)  # distinct options read differently
        assert said != [action_words(core.action_from_id(a)) for a in legal]  # not Python
        other = (p + 1) % 2  # not this seat's decision: the generic words
        assert state.action_to_string(other, legal[0]) == action_words(
            core.action_from_id(legal[0]))
        illegal = next(a for a in range(game_size(state)) if a not in legal)
        assert state.action_to_string(p, illegal) == action_words(core.action_from_id(illegal))
        state.apply_action(legal[0])


def game_size(state) -> int:
    return state.get_game().num_distinct_actions()
