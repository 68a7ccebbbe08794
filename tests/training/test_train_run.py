"""`arena train` end to end on an embedded Ray (issue 40): a tiny run of one generation
writes a model whose header is right; a run stopped between two steps continues where it
stopped without redoing finished work; the command itself draws its tables."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bots.model_file import load
from engine import tensor
from harness.training import run_state
from harness.training.fit import FitConfig
from harness.training.loop import MODEL, TrainConfig, train

pytestmark = [pytest.mark.usefixtures("local_ray"), pytest.mark.slow]

GAME = "year_of_the_dragon"


class Steps:
    """Records the steps a run reports; raises KeyboardInterrupt when `stop_at` begins."""

    def __init__(self, stop_at: str | None = None) -> None:
        self.seen: list[tuple[int, str, int, int]] = []
        self.stop_at = stop_at

    def step(self, gen: int, what: str, done: int = 0, total: int = 0) -> None:
        if what == self.stop_at:
            raise KeyboardInterrupt
        self.seen.append((gen, what, done, total))

    def finished(self, state: dict[str, Any], gen: int) -> None:
        self.seen.append((gen, "finished", 0, 0))


def config(out: Path) -> TrainConfig:
    return TrainConfig(game=GAME, players=2, out=out, generations=1, games_per_gen=2,
                       iters=3, gate_games=2, curve_games=2, workers=2,
                       fit=FitConfig(hidden=(8,), max_iter=20))


def test_a_stopped_run_resumes_without_redoing_steps_and_writes_its_model(
        tmp_path: Path) -> None:
    cfg = config(tmp_path / "run")
    with pytest.raises(KeyboardInterrupt):  # stopped after self-play and fit, at the gate
        train(cfg, Steps(stop_at="gate"))
    state = run_state.load(cfg.out, cfg.settings())
    g = state["generations"][0]
    assert g["selfplay"]["games"] == 2 and g["fit"] is not None and g["gate"] is None
    model = run_state.gen_dir(cfg.out, 1) / MODEL
    parts = sorted((run_state.gen_dir(cfg.out, 1) / "selfplay").glob("part-*.npz"))
    stamps = [os.stat(p).st_mtime_ns for p in [model, *parts]]

    steps = Steps()
    state = train(cfg, steps)
    assert [s[1] for s in steps.seen if s[1] in ("self-play", "fit")] == []  # not redone
    assert {"gate", "curve"} <= {s[1] for s in steps.seen}
    assert [os.stat(p).st_mtime_ns for p in parts] == stamps[1:]
    g = state["generations"][0]
    assert g["gate"]["games"] >= 2 and g["curve"]["games"] == 2
    h = load(model).header
    assert (h.game, h.players, h.generation, h.training_games) == (GAME, 2, 1, 2)
    assert h.layout_fingerprint == tensor.layout(GAME, 2).fingerprint
    assert h.gate is not None and h.gate["games"] == g["gate"]["games"]
    assert state["best"] in (0, 1) and (state["best"] == 1) == g["gate"]["accepted"]

    again = Steps()
    train(cfg, again)  # all done: nothing is played again
    assert {s[1] for s in again.seen} <= {"self-play", "finished"}


def test_a_folder_of_another_run_is_refused(tmp_path: Path) -> None:
    cfg = config(tmp_path)
    run_state.save(tmp_path, dict(cfg.settings(), game="gugong", generations=[], best=0))
    with pytest.raises(run_state.RunError, match="holds a run with game='gugong'"):
        train(cfg, Steps())


def test_the_command_shows_the_generations_and_the_curve(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    res = subprocess.run([sys.executable, "-m", "harness.cli", "train", GAME, "-n", "2",
                          "--out", str(tmp_path), "--generations", "1", "--games-per-gen",
                          "2", "--iters", "3", "--gate-games", "2", "--curve-games", "2",
                          "--workers", "2", "--hidden", "8", "--epochs", "20"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert res.returncode == 0, res.stderr
    assert "arena train year_of_the_dragon 2p" in res.stdout
    assert "learning curve" in res.stdout and "generation" in res.stdout
    assert "generation 1: self-play 2/2 games" in res.stderr
    assert (tmp_path / "gen-001" / MODEL).exists()


def test_the_curve_plot_reads_in_percent_and_puts_a_share_between_its_ticks() -> None:
    """The plot's y axis is labelled as the table's shares (0%, 25%, ..., 100%), and a
    generation at 70% is drawn above the 50% row and no higher than the 75% row (the
    15-row plot drew a 60% share on a row labelled 0.50)."""
    from harness.views.training import curve_plot

    def gen(g: int, share: float) -> dict:
        return {"gen": g, "curve": {"games": 20, "wins": 0, "losses": 0, "share": share,
                                    "ci": [0.05, 0.95]}}

    state = {"players": 2, "generations": [gen(1, 0.5), gen(2, 0.7), gen(3, 0.5)]}
    lines = curve_plot(state, 80).plain.splitlines()
    labels = {line.split("┤")[0].strip(): i for i, line in enumerate(lines) if "┤" in line}
    assert set(labels) >= {"0%", "25%", "50%", "75%", "100%"}
    assert all("." not in label for label in labels)
    dot_rows = [i for i, line in enumerate(lines) if "•" in line.split("┤")[-1]
                and "win share" not in line]
    top = min(dot_rows)
    assert labels["75%"] <= top < labels["50%"]
