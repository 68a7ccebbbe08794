"""examples/linear_policy.py: trained on a few hundred self-play games, it beats random
(about 15 s)."""

from __future__ import annotations

import pytest

from tests.adapters import require

require("pettingzoo")
from examples import linear_policy  # noqa: E402


@pytest.mark.slow
def test_the_linear_policy_learns_to_beat_random(tmp_path, monkeypatch):
    model = linear_policy.train(games=200, seed=1)
    model.save(tmp_path / "m.npz")
    monkeypatch.setattr(linear_policy, "MODEL", tmp_path / "m.npz")
    monkeypatch.setattr(linear_policy, "_loaded", None)
    rate = linear_policy.match(games=30)
    assert rate >= 0.7, rate
