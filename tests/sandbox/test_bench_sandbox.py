"""`arena bench` measures the sandboxed bot's round trip beside the plain external one."""

from __future__ import annotations

import pytest

from harness.eval import bench


@pytest.mark.slow
def test_bench_external_has_the_sandboxed_round_trip():
    figs = {f.metric: f for f in bench.bench_external("kit", 2, quick=True)}
    assert "external bot act()" in figs
    boxed = next(f for m, f in figs.items() if m.startswith("sandboxed bot act()"))
    assert boxed.baseline == "external" and boxed.ratio is not None and boxed.ratio > 0
    assert 0 < boxed.min <= boxed.median <= boxed.max
