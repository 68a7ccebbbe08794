"""`arena bench --against PATH`: this checkout's quick bench against another checkout's,
in alternating runs of the same session (the table: harness/views/bench.py).

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
from typing import Any

import engine
from engine.protocol import ArenaError
from harness.eval import machine

#: (metric name prefix in the bench's JSON, label, higher is better)
FIGURES: tuple[tuple[str, str, bool], ...] = (
    ("random play (CPU time)", "random decisions/s", True),
    ("clone()+apply()", "clone+apply µs", False),
    ("sample_state()", "sample_state µs", False),
    ("MCTS (", "MCTS simulations/s", True),
    ("MCTS, the game's profile", "profile MCTS simulations/s", True),
)

#: one bench run of a checkout: (checkout, games, players, json file) -> its figures
Runner = Callable[[Path, Sequence[str], Sequence[int], Path], list[dict]]


class CompareError(ArenaError, ValueError):
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
    #: how each checkout's engine ran (`engine_build`: its line, what built it, how each
    #: hot module ran)
    old_engine: dict[str, Any] = field(default_factory=dict)
    new_engine: dict[str, Any] = field(default_factory=dict)
    #: the machine (CPU, Python) and its 1-minute load average before each run and at the end
    machine: list[str] = field(default_factory=list)
    load: list[float] = field(default_factory=list)

    def load_line(self) -> str:
        return machine.Load(self.load).describe()


def this_checkout() -> Path:
    """The checkout this code runs from (the folder holding the `engine` package)."""
    return Path(engine.__file__).resolve().parent.parent


def check_checkout(path: Path) -> Path:
    """`path` resolved, or a CompareError saying why it is not a checkout to bench."""
    p = path.expanduser().resolve()
    if not p.is_dir():
        raise CompareError(f"--against {path}: no such folder")
    cli = p / "harness" / "cli.py", p / "harness" / "cli" / "__main__.py"
    if not any(c.is_file() for c in cli) or not (p / "engine").is_dir():
        raise CompareError(f"--against {path}: not a checkout of this project "
                           "(no harness/cli and engine/ there)")
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


#: run in a checkout: its engine's build as JSON (machine.engine_build's keys). A checkout
#: from before the compiled engine modules has no engine.native of its own (an editable
#: install's finder may offer another checkout's, which is not this one's); one from before
#: the build was described has no `builder` or `modules`.
_BUILD = ("import importlib.util, json, os, engine\n"
          "spec = importlib.util.find_spec('engine.native')\n"
          "if spec is None or os.path.dirname(spec.origin) != os.path.dirname(engine.__file__):\n"
          "    out = {'line': 'engine: Python (this checkout compiles nothing)'}\n"
          "else:\n"
          "    from engine import native\n"
          "    out = {'line': native.report()}\n"
          "    s = native.status()\n"
          "    out['builder'] = s.builder() if hasattr(s, 'builder') else ''\n"
          "    out['modules'] = s.modules() if hasattr(s, 'modules') else {}\n"
          "print(json.dumps(out))\n")


def _clean(text: object, limit: int = 400) -> str:
    """Another checkout's words, printable and bounded."""
    return "".join(c for c in str(text) if c.isprintable())[:limit]


def engine_build(checkout: Path) -> dict[str, Any]:
    """How `checkout`'s engine runs, as machine.engine_build gives it for this one: its line
    (how many of its hot modules are compiled, or why none), what built them, how each hot
    module runs."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    done = subprocess.run([sys.executable, "-c", _BUILD], cwd=checkout, env=env,
                          capture_output=True, text=True, check=False)
    lines = done.stdout.strip().splitlines()
    try:
        data = json.loads(lines[-1]) if done.returncode == 0 and lines else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict) or "line" not in data:
        return {"line": "engine: build unknown"}
    modules = data.get("modules") if isinstance(data.get("modules"), dict) else {}
    return {"line": _clean(data["line"], 200), "builder": _clean(data.get("builder", "")),
            "modules": {_clean(k, 100): _clean(v, 200) for k, v in modules.items()}}


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
    first; each figure's median over the rounds, per group, in the order the bench gives,
    with how each side's engine ran and the machine's load along the way."""
    run = run or run_bench
    old = check_checkout(old)
    new = check_checkout(new or this_checkout())
    load = machine.Load()
    load.sample()
    res = Comparison(str(old), str(new), rounds, os.getloadavg(),
                     old_engine=engine_build(old), new_engine=engine_build(new))
    seen: dict[str, dict[tuple[str, str], list[float]]] = {"old": {}, "new": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            for side, path in (("old", old), ("new", new)):
                if progress:
                    progress(f"round {r + 1}/{rounds}: {side} ({path})")
                load.sample()
                figs = run(path, games, players, Path(tmp) / f"{side}{r}.json")
                for key, v in _picked(figs).items():
                    seen[side].setdefault(key, []).append(v)
    load.sample()
    res.load_end = os.getloadavg()
    res.load = load.samples
    res.machine = machine.machine_lines()
    better = {label: hi for _, label, hi in FIGURES}
    for key, olds in seen["old"].items():
        news = seen["new"].get(key)
        if news:
            res.rows.append(Row(key[0], key[1], better[key[1]], statistics.median(olds),
                                statistics.median(news), olds, news))
    return res


def to_json(res: Comparison) -> bytes:
    """The comparison as JSON (rows with their ratio)."""
    data = dataclasses.asdict(res)
    for row, r in zip(data["rows"], res.rows, strict=True):
        row["ratio"], row["spread"] = r.ratio, r.spread
    return json.dumps(data, indent=2).encode()
