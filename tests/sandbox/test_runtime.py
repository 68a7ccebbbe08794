"""Runtimes are bound as what they need, never a home folder: another runtime by its own
folder, the harness's Python by its prefix or, in a home, by its own parts."""

from __future__ import annotations

import shutil
import sys
import sysconfig
from pathlib import Path

import pytest

import harness.sandbox.isolate as sandbox
from harness.play.clock import TimeControl
from harness.play.match import play_match
from tests.sandbox.conftest import LIMITS, hostile, needs_isolation

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
                     time_control=TimeControl(per_move=5.0), limits=LIMITS)
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


def test_the_python_installation_shows_only_what_a_runtime_needs(tmp_path: Path) -> None:
    """The harness's own Python, wherever it lives here (in CI: under /root/.pyenv and a
    venv): every folder on the way to what is bound of it holds nothing but that way."""
    binds = sandbox.python_binds()
    assert binds and not any(h in binds for h in sandbox.homes())
    shown = {"/": {v.strip("/") for v in sandbox.VIEW}}
    for b in binds:
        parts = b.strip("/").split("/")
        for i, name in enumerate(parts):
            shown.setdefault("/" + "/".join(parts[:i]), set()).add(name)
    body = (f"shown = {shown!r}\n"
            "extra = {d: sorted(set(os.listdir(d)) - names) for d, names in shown.items()}\n"
            "print('EXTRA', json.dumps({d: e for d, e in extra.items() if e}), "
            "file=sys.stderr, flush=True)")
    rec = play_match("kit", 2, [hostile(tmp_path, body), "random"],
                     seed=1, time_control=TimeControl(per_move=5.0), limits=LIMITS)
    assert not rec.failures, rec.failures
    assert "EXTRA {}" in rec.logs[0], rec.logs[0]


def test_python_installed_in_a_home_binds_its_parts_not_the_home(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Python built with --prefix=$HOME (bin/, lib/ beside .ssh/ and the rest)."""
    home = tmp_path / "home" / "alice"
    exe, stdlib = home / "bin" / "python3.11", home / "lib" / "python3.11"
    for f in (exe, stdlib / "os.py", stdlib / "lib-dynload" / "x.so",
              stdlib / "site-packages" / "numpy.py", home / ".ssh" / "id_ed25519",
              home / "notes.txt"):
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text("")
    (home / "bin" / "python3").symlink_to("python3.11")
    monkeypatch.setenv("HOME", str(home))
    for name in ("prefix", "base_prefix", "exec_prefix", "base_exec_prefix"):
        monkeypatch.setattr(sys, name, str(home))
    monkeypatch.setattr(sys, "executable", str(home / "bin" / "python3"))
    paths = {"stdlib": str(stdlib), "platstdlib": str(stdlib),
             "purelib": str(stdlib / "site-packages"), "platlib": str(stdlib / "site-packages")}
    monkeypatch.setattr(sysconfig, "get_paths", lambda: paths)
    monkeypatch.setattr(sysconfig, "get_config_var", lambda name: None)
    monkeypatch.setattr(sys, "path", [str(stdlib), str(stdlib / "lib-dynload"), str(tmp_path)])
    binds = sandbox.python_binds()
    monkeypatch.undo()
    assert sorted(binds) == sorted(str(p) for p in (home / "bin" / "python3", exe, stdlib))
