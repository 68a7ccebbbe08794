"""`arena bench --against PATH`: this checkout's quick bench against another checkout's,
in alternating runs of the same session (issue 41).

Absolute speeds on a shared machine move with its load, so two checkouts are compared by
running the same `arena bench --quick --no-workers --json FILE` of each as a subprocess,
old and new in turn (old, new, old, new, ...), and taking each figure's median over the
rounds. Only options that every checkout's bench has are passed (`--game`, `--players`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

import engine
from ladders.fit import Col, fit_table

#: (metric name prefix in the bench's JSON, label, higher is better)
FIGURES: tuple[tuple[str, str, bool], ...] = (
    ("random play (CPU time)", "random decisions/s", True),
    ("clone()+apply()", "clone+apply µs", False),
    ("sample_state()", "sample_state µs", False),
    ("MCTS", "MCTS simulations/s", True),
)

#: one bench run of a checkout: (checkout, games, players, json file) -> its figures
Runner = Callable[[Path, Sequence[str], Sequence[int], Path], list[dict]]


class CompareError(ValueError):
    """A checkout that cannot be benched (the command line shows it as one line, exit 2)."""


@dataclass
class Row:
    """One figure of one group: the old and new medians over the rounds, new/old."""

    group: str
    label: str
    higher_is_better: bool
    old: float
    new: float
    #: each round's value (old, new), to show how much they moved
    old_runs: list[float] = field(default_factory=list)
    new_runs: list[float] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return self.new / self.old if self.old else float("nan")

    @property
    def spread(self) -> float:
        """The larger range over the rounds (max - min) of old and new, as a fraction of
        its median: how far one round can be off on this machine right now."""
        return max((max(v) - min(v)) / statistics.median(v) if v and statistics.median(v)
                   else 0.0 for v in (self.old_runs, self.new_runs))


@dataclass
class Comparison:
    """What `compare` measured: rows, rounds, the two checkouts, the load around it."""

    old_path: str
    new_path: str
    rounds: int
    load_start: tuple[float, float, float]
    load_end: tuple[float, float, float] = (0.0, 0.0, 0.0)
    rows: list[Row] = field(default_factory=list)


def this_checkout() -> Path:
    """The checkout this code runs from (the folder holding the `engine` package)."""
    return Path(engine.__file__).resolve().parent.parent


def check_checkout(path: Path) -> Path:
    """`path` resolved, or a CompareError saying why it is not a checkout to bench."""
    p = path.expanduser().resolve()
    if not p.is_dir():
        raise CompareError(f"--against {path}: no such folder")
    if not (p / "harness" / "cli.py").is_file() or not (p / "engine").is_dir():
        raise CompareError(f"--against {path}: not a checkout of this project "
                           "(no harness/cli.py and engine/ there)")
    return p


def run_bench(checkout: Path, games: Sequence[str], players: Sequence[int],
              out: Path) -> list[dict]:
    """`python -m harness.cli bench --quick --no-workers --json out` of `checkout` (its own
    code on PYTHONPATH, run from its folder); its figures as dicts."""
    cmd = [sys.executable, "-m", "harness.cli", "bench", "--quick", "--no-workers",
           "--json", str(out)]
    for g in games:
        cmd += ["--game", g]
    for n in players:
        cmd += ["--players", str(n)]
    env = dict(os.environ, PYTHONPATH=str(checkout))
    done = subprocess.run(cmd, cwd=checkout, env=env, capture_output=True, text=True,
                          check=False)
    if done.returncode != 0 or not out.is_file():
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise CompareError(f"bench of {checkout} failed (exit {done.returncode}): {last}")
    figs = json.loads(out.read_text())
    out.unlink()
    return figs  # type: ignore[no-any-return]


def _picked(figs: list[dict]) -> dict[tuple[str, str], float]:
    """(group, label) -> median of the figures `FIGURES` names."""
    out: dict[tuple[str, str], float] = {}
    for f in figs:
        for prefix, label, _ in FIGURES:
            if f["metric"].startswith(prefix):
                out[(f["group"], label)] = float(f["median"])
    return out


def compare(old: Path, rounds: int = 3, games: Sequence[str] = (),
            players: Sequence[int] = (), run: Runner | None = None,
            new: Path | None = None,
            progress: Callable[[str], None] | None = None) -> Comparison:
    """`rounds` alternating quick benches of `old` and `new` (default: this checkout), old
    first; each figure's median over the rounds, per group, in the order the bench gives."""
    run = run or run_bench
    old = check_checkout(old)
    new = check_checkout(new or this_checkout())
    res = Comparison(str(old), str(new), rounds, os.getloadavg())
    seen: dict[str, dict[tuple[str, str], list[float]]] = {"old": {}, "new": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            for side, path in (("old", old), ("new", new)):
                if progress:
                    progress(f"round {r + 1}/{rounds}: {side} ({path})")
                figs = run(path, games, players, Path(tmp) / f"{side}{r}.json")
                for key, v in _picked(figs).items():
                    seen[side].setdefault(key, []).append(v)
    res.load_end = os.getloadavg()
    better = {label: hi for _, label, hi in FIGURES}
    for key, olds in seen["old"].items():
        news = seen["new"].get(key)
        if news:
            res.rows.append(Row(key[0], key[1], better[key[1]], statistics.median(olds),
                                statistics.median(news), olds, news))
    return res


def _num(v: float) -> str:
    return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.1f}"


def table(res: Comparison, width: int) -> Table:
    """The comparison as one table: per group and figure, old and new medians and new/old
    (which way is better said in its own column)."""
    cols = [Col("game", "left", keep=9), Col("figure", "left", keep=9), Col("old", keep=6),
            Col("new", keep=6), Col("new/old", keep=8), Col("better", "left", keep=5),
            Col("spread", keep=4)]
    rows = [[r.group, r.label, _num(r.old), _num(r.new), f"{r.ratio:.2f}x",
             "higher" if r.higher_is_better else "lower", f"{r.spread:.0%}"]
            for r in res.rows]
    load = "load average (1/5/15 min): start {}, end {}".format(
        *(" ".join(f"{x:.2f}" for x in la) for la in (res.load_start, res.load_end)))
    return fit_table(cols, rows, width=width,
                     title=f"arena bench --against: medians of {res.rounds} alternating "
                           "quick runs",
                     caption=f"new/old: higher is better for rates (/s), lower for times "
                             "(µs); spread: the larger range of old's or new's rounds, as a "
                             f"share of its median\nold: {res.old_path}\nnew: {res.new_path}"
                             f"\n{load}")


def to_json(res: Comparison) -> bytes:
    """The comparison as JSON (rows with their ratio)."""
    data = dataclasses.asdict(res)
    for row, r in zip(data["rows"], res.rows, strict=True):
        row["ratio"], row["spread"] = r.ratio, r.spread
    return json.dumps(data, indent=2).encode()


def against_cmd(path: Path, rounds: int, games: Sequence[str], players: Sequence[int],
                json_out: Path | None, out: Console, err: Console) -> None:
    """`arena bench --against PATH [--rounds R]`: run, print the table, write `--json`."""
    check_checkout(path)  # a bad PATH fails before anything runs
    with err.status("benchmarking...") as status:
        res = compare(path, rounds, games, players,
                      progress=lambda s: status.update(f"bench {s}"))
    out.print(table(res, out.width))
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_bytes(to_json(res))
        out.print(f"comparison written to {json_out}")
