"""Bot specs: builtins, python:..., entry points, clear errors."""

from __future__ import annotations

import pytest

from bots import BotSpecError, RandomBot, make_bot
from bots.spec import parse_params


def test_random_spec():
    assert isinstance(make_bot("random"), RandomBot)


def test_python_spec_loads_a_class_with_parameters():
    bot = make_bot("python:bots.base:RandomBot:seed=4")
    assert isinstance(bot, RandomBot)


@pytest.mark.parametrize(
    ("spec", "msg"),
    [
        ("", "empty bot spec"),
        ("alphazero", "unknown bot 'alphazero'; known kinds: .*random"),
        ("python:nope.mod:Bot", "cannot load bot nope.mod:Bot"),
        ("python:bots.base", "python bots are named"),
        ("random:x=1", "takes no parameters"),
        ("heuristic:", "heuristic bots are named"),
        ("heuristic:chess", "no heuristic bot for game 'chess'"),
        ("python:bots.base:RandomBot:colour=red", "bad parameters"),
        ("python:bots.base:RandomBot:seed", "not of the form key=value"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, msg: str):
    with pytest.raises(BotSpecError, match=msg):
        make_bot(spec)


def test_parse_params_types_values():
    assert parse_params("iters=20, c=1.5,rollout=random,reuse=true") == {
        "iters": 20, "c": 1.5, "rollout": "random", "reuse": True,
    }
