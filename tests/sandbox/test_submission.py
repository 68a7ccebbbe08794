"""What a submission brings in (issue 34, items 1, 2, 9): regular files under the bot's own
folder only, never followed through a symlink, bounded, and nothing left by a refusal."""

from __future__ import annotations

import os
import shlex
import shutil
import tempfile
from pathlib import Path

import pytest

from bots.external import ExternalBot, MalformedOutput
from harness.ladders.pin import manifest, pin
from harness.ladders.service import create, submit
from harness.play.clock import TimeControl
from harness.play.match import play_match
from harness.sandbox import submission
from harness.storage import ladders as ls
from harness.storage.database import Store
from tests.sandbox.conftest import FIRST_LEGAL, LIMITS, PY

SECRET = "ray-token-0123456789"
#: prints every file named on its command line to stderr, then plays the first legal action
LEAKER = """import json, sys
for name in sys.argv[1:]:
    try:
        print("LEAK", open(name).read(), file=sys.stderr, flush=True)
    except OSError as e:
        print("NOLEAK", e, file=sys.stderr, flush=True)
""" + FIRST_LEGAL


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A harness home with a Ray token and a database beside the bot's folder."""
    h = tmp_path / "home"
    (h / ".ray").mkdir(parents=True)
    (h / ".ray" / "auth_token").write_text(SECRET)
    (h / "results").mkdir()
    (h / "results" / "arena.sqlite").write_text("SQLite format 3 " + SECRET)
    bot = h / "bot"
    bot.mkdir()
    (bot / "bot.py").write_text(LEAKER)
    return h


def _failures_and_logs(spec: str) -> tuple[list[str], str]:
    rec = play_match("kit", 2, [spec, "random"], seed=1,
                     time_control=TimeControl(per_move=5.0), limits=LIMITS)
    return [f"{f.kind}: {f.detail}" for f in rec.failures], "".join(rec.logs)


def test_a_symlink_on_the_command_line_is_refused_not_followed(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(home / "bot")
    os.symlink(home / ".ray" / "auth_token", "model.bin")
    failures, logs = _failures_and_logs(f"cmd:{PY} bot.py model.bin")
    assert SECRET not in logs
    assert failures and failures[0].startswith("forbidden: ") and "model.bin is a symlink" \
        in failures[0]
    with pytest.raises(submission.SubmissionError, match="model.bin is a symlink"):
        pin(f"cmd:{PY} bot.py model.bin", home / "snap")
    assert not (home / "snap").exists() or not any((home / "snap").iterdir())


@pytest.mark.parametrize("word", ["/etc/shadow", "../.ray/auth_token",
                                  "../results/arena.sqlite"])
def test_files_outside_the_bots_folder_are_refused(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                   word: str) -> None:
    monkeypatch.chdir(home / "bot")
    spec = f"cmd:{PY} bot.py {word}"
    failures, logs = _failures_and_logs(spec)
    assert SECRET not in logs and "root:" not in logs
    assert failures and "outside the bot's folder" in failures[0] and word in failures[0]
    with pytest.raises(submission.SubmissionError, match="outside the bot's folder"):
        pin(spec, home / "snap")


def test_the_interpreter_is_not_a_file_of_the_submission(home: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(home / "bot")
    (home / "bot" / "data.txt").write_text("weights")
    pinned = pin(f"cmd:{PY} bot.py data.txt", home / "snap")
    made = manifest(pinned.snapshot or "", home / "snap")
    assert [path for path, _, _ in made.entries] == ["bot.py", "data.txt"]
    assert shlex.split(pinned.run_spec[4:])[0] == PY.strip("'")
    failures, logs = _failures_and_logs(f"cmd:{PY} bot.py data.txt")
    assert not failures and "LEAK weights" in logs


def _package(home: Path, link_to: str | None = None) -> Path:
    pkg = home / "bot" / "leaky"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from bots.base import RandomBot as Bot\n")
    if link_to is not None:
        os.symlink(link_to, pkg / "data")
    return pkg


@pytest.mark.parametrize("target", ["token", "database", "/dev/zero", "results"])
def test_a_package_with_a_symlink_is_refused_and_leaves_nothing(
        home: Path, monkeypatch: pytest.MonkeyPatch, target: str) -> None:
    link = {"token": str(home / ".ray" / "auth_token"),
            "database": str(home / "results" / "arena.sqlite"),
            "results": str(home / "results")}.get(target, target)
    _package(home, link)
    monkeypatch.chdir(home / "bot")
    monkeypatch.syspath_prepend(str(home / "bot"))
    bot_root = home / "results" / "ladder-bots"
    with pytest.raises(submission.SubmissionError, match=r"leaky/data is a symlink"):
        pin("python:leaky:Bot", bot_root)
    assert not bot_root.exists() or list(bot_root.iterdir()) == []


def test_special_files_and_sizes_are_refused(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = _package(home)
    monkeypatch.chdir(home / "bot")
    monkeypatch.syspath_prepend(str(home / "bot"))
    os.mkfifo(pkg / "pipe")
    with pytest.raises(submission.SubmissionError, match="leaky/pipe is not a regular file"):
        pin("python:leaky:Bot", home / "snap")  # and it does not hang on the FIFO
    (pkg / "pipe").unlink()
    with open(pkg / "huge.bin", "wb") as f:  # sparse: costs no disk
        f.truncate(submission.MAX_BYTES + 1)
    with pytest.raises(submission.SubmissionError, match="larger than 64 MiB"):
        pin("python:leaky:Bot", home / "snap")
    assert not (home / "snap").exists() or list((home / "snap").iterdir()) == []


def test_a_file_with_a_255_character_name_is_pinned(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    name = "b" * 252 + ".py"
    (tmp_path / name).write_text(LEAKER)
    monkeypatch.chdir(tmp_path)
    with Store(tmp_path / "a.sqlite") as store:
        create(store, "long", ls.LadderSpec(game="kit", num_players=2,
                                            modules=("tests.kitgame",), seed=3))
        result = submit(store, "long", f"cmd:{PY} {name}", "longname")
    assert result.entrant is not None, result.problems
    snap = Path(result.entrant.snapshot or "")
    assert [p for p, _, _ in manifest(snap, snap.parent).entries] == [name]  # kept whole
    assert {p.name for p in snap.parent.iterdir()} <= {snap.name, "blobs", "trees"}


def test_deeply_nested_json_is_malformed_not_a_crash() -> None:
    bot = ExternalBot("true")
    bot.game_id = "kit"
    with pytest.raises(MalformedOutput):
        bot.parse_answer(b"[" * 100_000 + b"]" * 100_000, None)  # type: ignore[arg-type]
    with pytest.raises(MalformedOutput):
        bot.parse_answer(b'{"type": ' + b"[" * 5000 + b"]" * 5000 + b"}", None)  # type: ignore[arg-type]


def test_hard_links_and_deep_folders_are_refused(home: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(home / "bot")
    os.link(home / ".ray" / "auth_token", "model.bin")
    with pytest.raises(submission.SubmissionError, match="model.bin is a hard link"):
        pin(f"cmd:{PY} bot.py model.bin", home / "snap")
    failures, logs = _failures_and_logs(f"cmd:{PY} bot.py model.bin")
    assert SECRET not in logs and failures and "hard link" in failures[0]
    pkg = _package(home)
    deep = pkg.joinpath(*["d"] * (submission.MAX_DEPTH + 1))
    deep.mkdir(parents=True)
    monkeypatch.syspath_prepend(str(home / "bot"))
    with pytest.raises(submission.SubmissionError, match="deeper than"):
        pin("python:leaky:Bot", home / "snap")


def test_files_are_read_with_the_rights_of_the_person_behind_sudo(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A harness run as root through sudo reads a submission as the person who ran it."""
    if os.geteuid() != 0:
        pytest.skip("needs root (the harness as sudo runs it)")
    top = Path(tempfile.mkdtemp(prefix="arena-sudo-", dir="/tmp"))
    try:
        top.chmod(0o755)
        (top / "bot.py").write_text(LEAKER)
        (top / "secret.bin").write_text(SECRET)
        (top / "secret.bin").chmod(0o600)  # root's, unreadable to uid 65534
        (top / "model.bin").write_text("weights")
        monkeypatch.chdir(top)
        monkeypatch.setenv("SUDO_UID", "65534")
        monkeypatch.setenv("SUDO_GID", "65534")
        assert pin(f"cmd:{PY} bot.py model.bin", top / "snap").snapshot
        with pytest.raises(submission.SubmissionError, match="secret.bin: its submitter"):
            pin(f"cmd:{PY} bot.py secret.bin", top / "snap2")
        monkeypatch.delenv("SUDO_UID")  # root itself submitting: root's rights
        assert pin(f"cmd:{PY} bot.py secret.bin", top / "snap2").snapshot
    finally:
        shutil.rmtree(top)


def test_an_index_that_is_a_boolean_is_malformed() -> None:
    bot = ExternalBot("true")
    bot.game_id = "kit"

    class Obs:
        legal_actions = ["a", "b"]
    with pytest.raises(MalformedOutput, match="not a legal-action index"):
        bot.parse_answer(b'{"index": true}', Obs())  # type: ignore[arg-type]
