"""Seeded games give the same fingerprints as recorded (tests/fingerprints.py): the legal
actions in their order, every observation's content, the final state's bytes, the scores and
a short seeded MCTS game. A refactor or a speed change that alters any of them fails here;
a deliberate change of behaviour rewrites tests/data/fingerprints.json and says why."""

from __future__ import annotations

import json

import pytest

from tests import fingerprints as fp

RECORDED = json.loads(fp.PATH.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", fp.cases(), ids=lambda c: fp.key(*c))
def test_seeded_games_keep_their_fingerprints(case):
    key = fp.key(*case)
    assert key in RECORDED, f"{key}: no recorded fingerprint (python -m tests.fingerprints)"
    assert fp.compute([case])[key] == RECORDED[key]


def test_every_recorded_case_still_exists():
    assert set(RECORDED) == {fp.key(*c) for c in fp.cases()}
