"""Bot bridges: a policy over numeric observations and OpenSpiel's bots, as arena bots."""

from __future__ import annotations

import numpy as np
import pytest

from bots.policy import PolicyBot
from bots.registry import BotSpecError, make_bot
from engine import tensor
from harness.play.match import play_match
from tests.adapters import require

SEEN: list[tuple[np.ndarray, np.ndarray]] = []


def last_legal(observation: np.ndarray, action_mask: np.ndarray) -> int:
    """A policy for the tests: the highest legal action id; records its inputs."""
    SEEN.append((observation, action_mask))
    return int(np.flatnonzero(action_mask)[-1])


def test_a_policy_function_plays_through_the_policy_spec():
    SEEN.clear()
    record = play_match("kit", 2, ["policy:tests.adapters.test_bridges:last_legal", "random"],
                        seed=3)
    assert not record.failures and SEEN
    lay = tensor.layout("kit", 2)
    assert all(x.shape == lay.shape and x.dtype == np.float32 for x, _ in SEEN)
    assert all(m.dtype == np.int8 and m.sum() >= 1 for _, m in SEEN)


def test_policy_specs_name_options_and_bad_ones_are_clear():
    bot = make_bot("policy:tests.adapters.test_bridges:last_legal:duel=true")
    bot.reset("kit", 2, 0, 0)
    assert bot.options == {"duel": True}
    with pytest.raises(BotSpecError, match="module:function"):
        make_bot("policy:nothing")
    with pytest.raises(BotSpecError, match="cannot load policy"):
        make_bot("policy:tests.adapters.test_bridges:no_such_policy")


def test_a_policy_answering_garbage_is_recorded_as_a_failure():
    record = play_match("kit", 2, ["policy:tests.adapters.test_bridges:garbage", "random"],
                        seed=1)
    assert record.failures and record.failures[0].seat == 0


class LastLegalBot(PolicyBot):
    """The same policy as a `python:` bot class (ladders snapshot its module)."""

    def __init__(self, **options: object) -> None:
        super().__init__(last_legal, name="last-legal", **options)


def test_a_policy_wrapped_in_a_bot_class_plays_through_the_python_spec():
    record = play_match("kit", 2, ["python:tests.adapters.test_bridges:LastLegalBot",
                                   "random"], seed=2)
    assert not record.failures


def garbage(observation: np.ndarray, action_mask: np.ndarray) -> object:
    return "left"


@pytest.mark.parametrize("spec", ["openspiel:mcts:sims=4", "openspiel:ismcts:sims=4",
                                  "openspiel:mcts:sims=3,evaluator=random"])
def test_openspiel_bots_play_through_the_openspiel_spec(spec):
    require("pyspiel")
    record = play_match("kit", 3, [spec, "random", spec], seed=5)
    assert not record.failures
    assert len(record.ranking) == 3 and len(record.moves) > 0


def test_bad_openspiel_specs_are_clear():
    require("pyspiel")
    with pytest.raises(BotSpecError, match="mcts, ismcts"):
        make_bot("openspiel:alphazero")
    with pytest.raises(BotSpecError, match="evaluator"):
        make_bot("openspiel:mcts:evaluator=oracle")
