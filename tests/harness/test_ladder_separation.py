"""A strong and a weak bot separate on a ladder (played in-process: no Ray needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.ladders import runner as ladder_runner
from harness.ladders.service import create, submit
from harness.ladders.standings import standings
from harness.storage import ladders as ls
from harness.storage.database import Store


@pytest.mark.slow
def test_strong_and_weak_separate_with_disjoint_intervals(tmp_path: Path) -> None:
    with Store(tmp_path / "s.sqlite") as store:
        create(store, "sep", ls.LadderSpec(game="kit", modules=("tests.kitgame",), seed=5))
        for spec, name in (("mcts:iters=16", "strong"), ("random", "weak")):
            assert submit(store, "sep", spec, name).entrant is not None
        ladder_runner.run(store, "sep", games=300, inline=True)
        lad = ls.ladder(store, "sep")
        rows = {r.entrant.name: r for r in standings(ls.entrants(store, lad.id))}
    strong, weak = rows["strong"], rows["weak"]
    assert strong.games == weak.games == 300
    assert weak.skill.high < strong.skill.low  # Weng-Lin 95% intervals do not overlap
    assert strong.ml is not None and weak.ml is not None
    assert weak.ml.high < strong.ml.low  # nor do the maximum-likelihood Elo ones
    print(f"strong {strong.skill.text()} ML {strong.ml.text()}, "
          f"weak {weak.skill.text()} ML {weak.ml.text()}, win rate {strong.wins / 300:.2f}")
