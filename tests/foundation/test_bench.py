"""`arena bench` produces every figure it promises (values are not asserted: no timed tests)."""

from __future__ import annotations

import os
import platform
from pathlib import Path

import msgspec
import pytest

from harness.cli.main import main
from harness.eval import bench, machine


@pytest.mark.slow
def test_bench_gives_every_figure_and_writes_json(tmp_path: Path, capsys, monkeypatch):
    """One quick run of the CLI (with --presets: each option preset against the defaults in
    the same run): every figure promised, sane, in the JSON file and on screen with what the
    figures depend on besides the code (the build, the CPU, Python, the load)."""
    monkeypatch.setattr(bench, "QUICK_SECONDS", 0.1)  # the figures, not their precision
    external: list[tuple] = []  # its 8 programs' figures: tests/sandbox/test_bench_sandbox.py
    monkeypatch.setattr(bench, "bench_external",
                        lambda *a: external.append(a) or [])
    out = tmp_path / "bench.json"
    try:
        main(["bench", "--game", "kit", "--players", "3", "--quick", "--presets",
              "--json", str(out)])
    except SystemExit as e:
        assert e.code == 0
    figs = msgspec.json.decode(out.read_bytes(), type=list[bench.Figure])
    assert figs and all(f.group.startswith("kit ") for f in figs)
    metrics = {f.metric for f in figs}
    for m in ("random play", "random playouts", "clone()", "clone()+apply()",
              "to_bytes+from_bytes", "observation JSON enc+dec",
              "observation msgpack enc+dec", "sample_state()", "MCTS (100 iters)",
              "MCTS, the game's profile (30 iters)"):
        assert m in metrics
    assert external == [("kit", 2, True)]  # the round trip, at the game's fewest players
    by_metric = {f.metric: f for f in figs if f.group == "kit 3p"}
    assert "random play (CPU), defaults" in by_metric
    for f in figs:
        assert f.min <= f.median <= f.max and f.repeats >= 1
    clone = by_metric["clone()"]
    assert clone.baseline == "deepcopy" and clone.ratio is not None and clone.ratio > 0
    preset = by_metric["random play (CPU), unused=True"]
    assert preset.baseline == "defaults" and preset.ratio is not None and preset.ratio > 0
    assert "random play (CPU), duel=True" not in by_metric  # a 2-player-only preset at 3
    text = capsys.readouterr().out
    assert "arena bench" in text
    for line in ("engine: ", "CPU: ", "Python: ", "load average (1 min, "):
        assert line in text


def test_the_machine_is_described_for_the_figures(tmp_path: Path):
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n"
                    "model\t\t: 17\nmodel name\t: AMD EPYC 9B14\ncpu MHz\t\t: 2596.000\n\n"
                    "processor\t: 1\nmodel name\t: AMD EPYC 9B14\n")
    assert machine.cpu_model(info) == "AMD EPYC 9B14 (family 25 model 17, 2,596 MHz)"
    assert machine.cpu_model(tmp_path / "missing")  # no cpuinfo: what platform knows
    assert machine.python_build().startswith(
        f"{platform.python_implementation()} {platform.python_version()} (")
    cores = os.cpu_count() or 1
    assert machine.Load([1.5, 0.5, 2.0, 1.0]).describe() == (
        f"load average (1 min, {cores} cores): 1.50 at the start, 0.50-2.00 during the "
        "run, 1.00 at the end")
    assert machine.Load().describe() == "load average: unknown"


def test_the_build_lines_name_the_modules_that_ran_as_python():
    build = {"line": "engine: 2 of 3 hot modules compiled (Cython); 1 edited since ...",
             "builder": "built by Cython 3.3.1 and gcc 12: gcc -O2",
             "modules": {"engine.a": "compiled", "engine.b": "compiled",
                         "engine.c": "Python: edited since the build"}}
    assert machine.engine_lines(build) == [
        build["line"], build["builder"], "ran as Python: engine.c (edited since the build)"]
    assert machine.engine_lines({"line": "engine: Python (ARENA_PURE is set)"}) == [
        "engine: Python (ARENA_PURE is set)"]
