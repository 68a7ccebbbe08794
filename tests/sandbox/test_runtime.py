"""Runtimes are bound as what they need, never a home folder (issue 34, item 6)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from harness.play.match import play_match
from tests.sandbox.conftest import LIMITS, needs_isolation

SECRET = "keyring-secret-42"
#: a bot in the shell's language: tries to read `secret`, then plays the first legal action
BOT = """cat {secret} >&2 || echo NO-SECRET >&2
while IFS= read -r line; do
  case "$line" in
    '{{"type":"act"'*) echo '{{"index": 0}}' ;;
    '{{"type":"close"'*) exit 0 ;;
  esac
done
"""

pytestmark = needs_isolation


def _runtime(where: Path) -> Path:
    """A copy of the system shell installed at `where` (a runtime outside /usr)."""
    where.parent.mkdir(parents=True)
    shutil.copy2(shutil.which("dash") or "/bin/sh", where)
    return where


def _play(tmp_path: Path, runtime: Path, secret: Path) -> tuple[list[str], str]:
    bot = tmp_path / "bot" / "bot.sh"
    bot.parent.mkdir()
    bot.write_text(BOT.format(secret=secret))
    rec = play_match("kit", 2, [f"cmd:{runtime} {bot}", "random"], seed=1,
                     time_per_move=5.0, limits=LIMITS)
    return [f"{f.kind}: {f.detail}" for f in rec.failures], "".join(rec.logs)


def test_a_runtime_in_a_home_dot_folder_binds_itself_not_the_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    secret = home / ".local" / "share" / "keyring"
    secret.parent.mkdir(parents=True)
    secret.write_text(SECRET)
    home.chmod(0o700)
    monkeypatch.setenv("HOME", str(home))
    runtime = _runtime(home / ".local" / "bin" / "dash")
    failures, logs = _play(tmp_path, runtime, secret)
    assert not failures, failures
    assert SECRET not in logs and "NO-SECRET" in logs


def test_a_runtime_under_tmp_runs(tmp_path: Path) -> None:
    runtime = _runtime(tmp_path / "rt" / "bin" / "dash")
    failures, logs = _play(tmp_path, runtime, tmp_path / "none")
    assert not failures, (failures, logs)
