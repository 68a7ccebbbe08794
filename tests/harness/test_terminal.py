"""What a person sees in an 80-column terminal and a script sees through a pipe (issue 21):
help texts keep their defaults, Ray stays quiet unless `--verbose`, machine formats parse."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _arena(*args: str, columns: int = 80, timeout: float = 300) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": str(columns), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "harness.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_help_fits_80_columns_and_keeps_every_default() -> None:
    for cmd in (["--help"], ["tournament", "run", "--help"], ["ladder", "create", "--help"],
                ["play", "--help"], ["bench", "--help"]):
        r = _arena(*cmd)
        assert r.returncode == 0, r.stderr
        lines = r.stdout.splitlines()
        assert all(len(line) <= 80 for line in lines), cmd
        assert "…" not in r.stdout, cmd
        assert not [x for x in lines if "..." in x and not x.startswith("Usage:")], cmd
    run = " ".join(_arena("tournament", "run", "--help").stdout.split())
    assert "players per game [default: 2]" in run
    assert "[default: no-seat-rotation]" in run


@pytest.mark.slow
def test_a_tournament_shows_ray_lines_with_verbose(tmp_path: Path) -> None:
    """`--verbose` shows Ray's own start-up lines; without it a run shows none (checked on
    the SPRT run of tests/harness/test_user_errors.py, one Ray start less here)."""
    loud = _arena("--verbose", "tournament", "run", "--game", "kit", "--game-module",
                  "tests.kitgame", "--bots", "random,random", "--games", "2", "--workers", "1",
                  "--name", "v", "--db", str(tmp_path / "v.sqlite"))
    assert loud.returncode == 0, loud.stderr
    assert "Started a local Ray instance" in loud.stderr + loud.stdout
    listed = json.loads(_arena("tournament", "list", "--json", "--db",
                               str(tmp_path / "v.sqlite")).stdout)
    assert [t["name"] for t in listed] == ["v"]


def test_machine_formats_on_an_empty_database_and_one_flag_at_a_time(tmp_path: Path) -> None:
    db = str(tmp_path / "empty.sqlite")
    _arena("tournament", "list", "--db", db)  # creates nothing a reader needs
    both = _arena("ladders", "--json", "--csv", "--db", db)
    assert both.returncode == 2 and "choose one of --json and --csv" in both.stderr
