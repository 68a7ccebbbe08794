"""The operator's machine shared with other local users, and its screens: a lock file
another user planted (a link to a file of ours, a FIFO, a folder of theirs), what an author
wrote reaching a terminal through `--csv` or `--json`, and a ladder's seed."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from harness.cli.main import main
from harness.ladders import service
from harness.storage import ladders as ls
from harness.storage.database import Store, StoreError
from harness.storage.locks import lock_path
from tests.harness.served import ROOT

KIT = ("--game", "kit", "--game-module", "tests.kitgame")


def _on_terminal(*args: str) -> str:
    """What `arena ARGS` printed on a terminal (its stdout a pseudo-terminal)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    argv = [sys.executable, "-m", "harness.cli", *args]
    screen, child = pty.openpty()
    proc = subprocess.Popen(argv, stdout=child, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    os.close(child)
    out = b""
    try:
        while chunk := os.read(screen, 65536):
            out += chunk
    except OSError:  # the terminal's other side closed
        pass
    os.close(screen)
    assert proc.wait(60) == 0
    return out.decode(errors="replace")


@pytest.fixture
def ladder(tmp_path: Path) -> Path:
    db = tmp_path / "l.sqlite"
    with Store(db) as store:
        service.create(store, "kl", ls.LadderSpec(game="kit", modules=("tests.kitgame",)))
    return db


@pytest.mark.parametrize("plant", ["symlink", "fifo", "their folder"])
def test_a_lock_file_planted_by_another_user_is_refused_and_harms_nothing(
        ladder: Path, tmp_path: Path, plant: str):
    victim = tmp_path / "victim"
    victim.write_text("precious")
    with Store(ladder) as store:
        path = lock_path(ladder, f"ladder {ls.ladder(store, 'kl').id}")
        path.parent.mkdir(exist_ok=True)
        if plant == "symlink":
            path.symlink_to(victim)
        elif plant == "fifo":
            os.mkfifo(path)
        else:
            path.parent.chmod(0o777)  # anyone may swap the lock files in it
        with pytest.raises(StoreError, match="cannot lock ladder 'kl'") as refused:
            store.acquire_driver_lock(f"ladder {ls.ladder(store, 'kl').id}", "ladder 'kl'")
    assert ("not a regular file" if plant == "fifo" else "not this user's alone"
            if plant == "their folder" else "") in str(refused.value)
    assert victim.read_text() == "precious"


def test_what_an_author_wrote_reaches_a_terminal_visible_and_a_pipe_exact(
        ladder: Path, capsys: pytest.CaptureFixture[str]):
    spec = "cmd:python3 bot.py \x1b]0;owned\x07 \u202eevil \x9b2J"
    with Store(ladder) as store:  # as stored before specs had to be printable
        ls.add_entrant(store, ls.ladder(store, "kl").id, "esc", spec, spec, "0" * 64, None,
                       "ok", "eve")
    show = ("ladder", "show", "kl", "--db", str(ladder))
    for fmt in ("--csv", "--json"):
        screen = _on_terminal(*show, fmt)
        assert "esc" in screen and not any(c in screen for c in "\x1b\x07\u202e\x9b"), fmt
        assert "\\x1b]0;owned\\x07" in screen.replace("\\\\", "\\")
    with pytest.raises(SystemExit):
        main([*show, "--csv"])
    assert spec in capsys.readouterr().out  # a pipe keeps the exact text


def test_a_ladder_created_without_a_seed_gets_a_random_one(tmp_path: Path):
    db = tmp_path / "l.sqlite"
    for name, seed in (("a", ()), ("b", ()), ("c", ("--seed", "7"))):
        with pytest.raises(SystemExit) as done:
            main(["ladder", "create", name, *KIT, *seed, "--db", str(db)])
        assert done.value.code == 0
    with Store(db) as store:
        seeds = [ls.ladder(store, n).spec.seed for n in "abc"]
    assert seeds[0] != seeds[1] and 0 not in seeds[:2] and seeds[2] == 7
