"""`arena bench --against PATH`: alternating runs, medians, ratios (the bench subprocess is
replaced by canned figures: no timed tests)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.cli.main import main
from harness.eval import checkouts
from harness.eval.checkouts import CompareError, compare, this_checkout


def _figs(scale: float) -> list[dict]:
    def f(metric: str, median: float) -> dict:
        return {"group": "huang 5p", "metric": metric, "median": median}
    return [f("random play", 1.0), f("random play (CPU time)", 100 * scale),
            f("clone()+apply()", 10 / scale), f("sample_state()", 50 / scale),
            f("MCTS (100 iters)", 300 * scale),
            f("MCTS, the game's profile (30 iters)", 90 * scale),
            {"group": "huang 2p", "metric": "external bot act()", "median": 60.0}]


def _fake(calls: list[Path], new: Path):
    """A runner whose new checkout is twice as fast as the old one, varying by round."""
    def run(path: Path, games, players, out: Path) -> list[dict]:
        calls.append(path)
        k = 1 + 0.1 * ((len(calls) - 1) // 2)  # the same within a round
        return _figs(2 * k if path == new else k)
    return run


def test_compare_alternates_old_and_new_and_gives_medians_and_ratios(tmp_path: Path):
    old = tmp_path / "old"
    (old / "harness" / "cli").mkdir(parents=True)
    (old / "harness" / "cli" / "__main__.py").write_text("")
    (old / "engine").mkdir()
    new = this_checkout()
    calls: list[Path] = []
    res = compare(old, rounds=3, run=_fake(calls, new))
    assert calls == [old.resolve(), new] * 3
    rows = {r.label: r for r in res.rows}
    assert set(rows) == {"random decisions/s", "clone+apply µs", "sample_state µs",
                         "MCTS simulations/s", "profile MCTS simulations/s"}
    assert all(r.group == "huang 5p" for r in res.rows)
    assert rows["MCTS simulations/s"].ratio == pytest.approx(2.0, rel=0.1)
    assert rows["MCTS simulations/s"].old == pytest.approx(330)  # plain UCT's, not the profile's
    assert rows["profile MCTS simulations/s"].old == pytest.approx(99)
    assert rows["MCTS simulations/s"].higher_is_better
    assert len(rows["MCTS simulations/s"].new_runs) == 3
    assert rows["MCTS simulations/s"].spread == pytest.approx(0.2 / 1.1)
    assert rows["clone+apply µs"].ratio == pytest.approx(0.5, rel=0.1)
    assert not rows["clone+apply µs"].higher_is_better
    assert len(res.load_start) == len(res.load_end) == 3
    assert len(res.load) == 2 + 2 * 3  # the load before each run, at the start and the end
    assert res.machine[0].startswith("CPU: ") and res.machine[1].startswith("Python: ")


def test_the_command_prints_the_table_and_writes_json(tmp_path: Path, monkeypatch, capsys):
    new = this_checkout()
    monkeypatch.setattr(checkouts, "run_bench", _fake([], new))
    out = tmp_path / "cmp.json"
    with pytest.raises(SystemExit) as e:
        main(["bench", "--against", str(new), "--rounds", "1", "--json", str(out)])
    assert e.value.code == 0
    text = capsys.readouterr().out
    assert "MCTS simulations/s" in text and "load average (1 min" in text
    assert "CPU: " in text and "Python: " in text and text.count("engine: ") == 2
    data = json.loads(out.read_text())
    assert data["rounds"] == 1 and data["rows"][0]["ratio"] == pytest.approx(1.0)


@pytest.mark.parametrize("bad", ["/nonexistent/checkout", "."])
def test_a_bad_path_is_one_clear_line(bad: str, tmp_path: Path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as e:
        main(["bench", "--against", bad])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: --against") and "\n" not in err
    with pytest.raises(CompareError):
        compare(Path(bad), run=lambda *a: [])


def test_each_side_says_how_its_engine_ran(tmp_path: Path):
    """The table names each checkout's build: an older checkout with no engine.native of
    its own is Python, even where an editable install's finder offers this one's."""
    from engine import native

    old = tmp_path / "old"
    (old / "engine").mkdir(parents=True)
    (old / "engine" / "__init__.py").write_text("")
    build = checkouts.engine_build(old)
    assert build["line"] == "engine: Python (this checkout compiles nothing)"
    here = checkouts.engine_build(this_checkout())
    modules, why = native.read_manifest(native.MANIFEST)
    if native.status().pure:  # ARENA_PURE, inherited by the checkout's process
        assert here["line"] == f"engine: Python ({native.PURE_ENV} is set)"
    elif modules:
        assert here["line"].startswith("engine: ")
        assert f" of {len(modules)} hot modules compiled" in here["line"]
        assert set(here["modules"]) >= set(modules)  # every module of the build, and how
        assert here["builder"].startswith("built by Cython ")
    else:
        assert here["line"] == f"engine: Python ({why})"
