"""`arena bench` produces every figure it promises (values are not asserted: no timed tests)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from harness.cli.main import main
from harness.eval import bench


@pytest.mark.slow
def test_bench_figures_for_the_kit_game():
    figs = bench.run(["kit"], [2], quick=True)
    metrics = {f.metric for f in figs}
    for m in ("random play", "random playouts", "clone()", "clone()+apply()",
              "to_bytes+from_bytes", "observation JSON enc+dec",
              "observation msgpack enc+dec", "sample_state()", "external bot act()"):
        assert m in metrics
    for f in figs:
        assert f.min <= f.median <= f.max and f.repeats >= 1
    clone = next(f for f in figs if f.metric == "clone()")
    assert clone.baseline == "deepcopy" and clone.ratio is not None and clone.ratio > 0


@pytest.mark.slow
def test_bench_cli_writes_json(tmp_path: Path, capsys):
    out = tmp_path / "bench.json"
    try:
        main(["bench", "--game", "kit", "--players", "2", "--quick", "--json", str(out)])
    except SystemExit as e:
        assert e.code == 0
    figs = msgspec.json.decode(out.read_bytes(), type=list[bench.Figure])
    assert figs and all(f.group.startswith("kit 2p") for f in figs)
    assert "arena bench" in capsys.readouterr().out


@pytest.mark.slow
def test_bench_presets_against_the_defaults_in_the_same_run():
    figs = bench.run(["kit"], [3], quick=True, presets=True)
    metrics = {f.metric: f for f in figs}
    assert "random play (CPU), defaults" in metrics
    preset = metrics["random play (CPU), unused=True"]
    assert preset.baseline == "defaults" and preset.ratio is not None and preset.ratio > 0
    assert "random play (CPU), duel=True" not in metrics  # a 2-player-only preset at 3
