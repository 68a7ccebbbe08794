"""`arena ladder serve`: a real server process on 127.0.0.1 (a free port), a real HTTP
client; submissions end to end, two authors at once, one author against another's bot,
hostile archives refused with nothing written, tokens."""

from __future__ import annotations

import gzip
import io
import os
import re
import sqlite3
import subprocess
import sys
import tarfile
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from harness.cli.main import main
from harness.ladders import runner as ladder_runner
from harness.ladders import service
from harness.sandbox.submission import MAX_BYTES, MAX_FILES
from harness.server.client import token
from harness.storage import ladders as ls
from harness.storage.database import Store
from tests.harness.served import BOT, ROOT, Served
from tests.harness.served import bot as _bot
from tests.harness.served import submit as _submit
from tests.harness.served import tar as _tar


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    s = Served(tmp_path_factory.mktemp("served"))
    yield s
    s.stop()


def test_submit_status_registered_standings(served: Served, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    doc = _submit(served, "ann", _bot(tmp_path / "a", "ann"), "annbot")
    assert (doc["state"], doc["detail"]) == ("registered", "registered annbot v1")
    table = httpx.get(f"{served.url}/api/v1/ladders/kl").json()
    assert "annbot" in [row["bot"] for row in table["standings"]]
    assert table["spec"]["bot_root"] == ""  # the server's folders stay on the server
    monkeypatch.setenv("ARENA_TOKEN", served.tokens["ann"])
    with pytest.raises(SystemExit):
        main(["ladder", "show", "kl", "--server", served.url])
    assert "annbot v1" in capsys.readouterr().out
    uploads = served.tmp / "ladder-uploads"  # the upload is gone once its validation ends
    deadline = time.monotonic() + 10  # (the worker removes it when the process has exited)
    while any(uploads.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(uploads.iterdir())


def test_two_authors_at_once(served: Served, tmp_path: Path) -> None:
    got: dict[str, dict[str, object]] = {}
    jobs = [threading.Thread(target=lambda w=who: got.__setitem__(w, _submit(
        served, w, _bot(tmp_path / w, f"{w}-duo"), f"{w}-duo"))) for who in ("ann", "bob")]
    for job in jobs:
        job.start()
    for job in jobs:
        job.join(120)
    assert {w: d["state"] for w, d in got.items()} == {"ann": "registered", "bob": "registered"}
    authors = {e.name: e.author for e in served.entrants()}
    assert (authors["ann-duo"], authors["bob-duo"]) == ("ann", "bob")


def test_another_authors_bot_is_neither_replaced_nor_read(
        served: Served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    doc = _submit(served, "eve", _bot(tmp_path / "e", "eve", "eve's secret"), "evebot")
    before = served.entrants()
    r = served.post("bob", _tar({"bot.py": b"print(1)"}), display="evebot")
    assert r.status_code == 403 and "belongs to 'eve'" in r.json()["error"]
    assert served.entrants() == before
    theirs = httpx.get(f"{served.url}/api/v1/submissions/{doc['id']}", headers={
        "Authorization": f"Bearer {served.tokens['bob']}"})
    assert theirs.status_code == 404
    eid = next(e.id for e in served.entrants() if e.name == "evebot" and e.active)
    for _ in range(10):  # games until evebot has played (its log says its secret)
        with Store(served.db) as store:
            ladder_runner.run(store, "kl", games=2, inline=True, allow_unsandboxed=True)
            games = ls.games(store, ls.ladder(store, "kl").id, "done")
        if any(eid in g.entrants for g in games):
            break
    seen = {"eve": [], "bob": []}
    for g in games:
        for who in seen:
            rec = served.remote(who).http.get(f"/ladders/kl/games/{g.idx}").json()
            seen[who] += [log for log, e in zip(rec["logs"] or [""] * len(g.entrants), g.entrants,
                                                   strict=True)
                          if e == eid]
    assert seen["eve"] and all("eve's secret" in log for log in seen["eve"])
    assert seen["bob"] == [""] * len(seen["eve"])
    # bob reads evebot's games as an author would: the log is said to be withheld, not empty
    monkeypatch.setenv("ARENA_TOKEN", served.tokens["bob"])
    with pytest.raises(SystemExit) as done:
        main(["ladder", "games", "kl", "--bot", "evebot", "--server", served.url])
    out = capsys.readouterr().out
    assert done.value.code in (0, None), out
    assert "its log is withheld: only its author may read it" in out, out
    assert "eve's secret" not in out and " empty" not in out
    monkeypatch.setenv("ARENA_TOKEN", served.tokens["eve"])
    with pytest.raises(SystemExit):
        main(["ladder", "games", "kl", "--bot", "evebot", "--server", served.url])
    out = capsys.readouterr().out
    assert "eve's secret" in out and "withheld" not in out.split("log of")[1].splitlines()[1]


def _zip_symlink() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        info = zipfile.ZipInfo("bot.py")
        info.external_attr = (0o120777 << 16)
        zf.writestr(info, "/etc/passwd")
    return buf.getvalue()


def _bomb() -> bytes:
    """A tar.gz whose one member's header says 1 KiB but which unpacks past the cap."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as tf:
        info = tarfile.TarInfo("bot.py")
        info.size = MAX_BYTES + 1024
        tf.addfile(info, io.BytesIO(bytes(info.size)))
    return gzip.compress(raw.getvalue(), compresslevel=1)


HOSTILE = {
    "absolute": (_tar({"/tmp/evil.py": b"x"}), "absolute path"),
    "dotdot": (_tar({"../evil.py": b"x"}), "outside the submission's folder"),
    "symlink": (_tar({}, {"bot.py": tarfile.SYMTYPE}), "is a symlink"),
    "hardlink": (_tar({}, {"bot.py": tarfile.LNKTYPE}), "is a hard link"),
    "device": (_tar({}, {"bot.py": tarfile.CHRTYPE}), "is a device"),
    "fifo": (_tar({}, {"bot.py": tarfile.FIFOTYPE}), "is a FIFO"),
    "zip-symlink": (_zip_symlink(), "is a symlink"),
    "files": (_tar({f"f{i}": b"" for i in range(MAX_FILES + 1)}, mode="w"),
              f"more than {MAX_FILES} files"),
    "bomb": (_bomb(), "unpacks to more than"),
    "twice": (_tar({"bot.py": b"a", "bot.py/x": b"b"}), "appears twice"),
    "not-an-archive": (b"hello", "not a tar or zip archive"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_archives_are_refused_with_nothing_written(served: Served, case: str) -> None:
    data, why = HOSTILE[case]
    before = sorted(p for p in served.tmp.rglob("*") if "server.log" not in p.name
                    and not p.name.startswith("db.sqlite"))
    r = served.post("ann", data)
    assert r.status_code == 400, r.text
    assert why in r.json()["error"] and "\n" not in r.text
    after = sorted(p for p in served.tmp.rglob("*") if "server.log" not in p.name
                   and not p.name.startswith("db.sqlite"))
    assert after == before
    assert not Path("/tmp/evil.py").exists()


def test_bad_requests_get_one_line_json(served: Served) -> None:
    r = httpx.post(f"{served.url}/api/v1/ladders/kl/bots", content=b"x",
                   params={"as": "x", "spec": "random"})
    assert (r.status_code, r.json()) == (401, {"error": "this needs an author's token "
                                                        "(Authorization: Bearer TOKEN)"})
    big = iter([bytes(1 << 20)] * (MAX_BYTES // (1 << 20) + 3))  # chunked: no length given
    r = httpx.post(f"{served.url}/api/v1/ladders/kl/bots", content=big,
                   params={"as": "x", "spec": "random"},
                   headers={"Authorization": f"Bearer {served.tokens['ann']}"})
    assert r.status_code == 413 and "larger than" in r.json()["error"]
    r = httpx.get(f"{served.url}/api/v1/ladders/nope")
    assert r.status_code == 404 and r.json()["error"].startswith("no ladder 'nope'")
    assert "Traceback" not in (served.tmp / "server.log").read_text()


def test_an_author_renews_and_revokes_their_own_token(served: Served) -> None:
    old = served.tokens["eve"]
    new = served.remote("eve").call("POST", "/token/renew").json()["token"]
    assert httpx.post(f"{served.url}/api/v1/token/revoke",
                      headers={"Authorization": f"Bearer {old}"}).status_code == 401
    served.tokens["eve"] = new
    served.remote("eve").call("POST", "/token/revoke")
    r = httpx.post(f"{served.url}/api/v1/token/renew", headers={"Authorization": f"Bearer {new}"})
    assert r.status_code == 401
    with sqlite3.connect(served.db) as con:  # hashes only, never a token
        stored = [h for (h,) in con.execute("SELECT token_hash FROM authors")]
    assert old not in stored and new not in stored and None in stored


def test_a_token_file_readable_by_others_is_refused(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARENA_TOKEN", raising=False)
    path = tmp_path / "token"
    path.write_text("arena_secret\n")
    path.chmod(0o644)
    with pytest.raises(ValueError, match="may be read by others"):
        token(path)
    path.chmod(0o600)
    assert token(path) == "arena_secret"


def test_per_author_limits(tmp_path: Path) -> None:
    """At most --per-hour submissions an hour (429, with Retry-After and the time in words;
    an unchanged resubmission is not counted and plays no smoke game) and --max-versions
    stored versions per author and ladder (403), each a one-line JSON error; nothing
    changes."""
    s = Served(tmp_path, "--per-hour", "3", "--max-versions", "2")
    try:
        with Store(s.db) as store:  # as `arena ladder create kl2 ...`
            service.create(store, "kl2", ls.LadderSpec(game="kit", modules=("tests.kitgame",)),
                           "ann")
        first = _submit(s, "ann", _bot(tmp_path / "v1", "first"), "limited")
        assert first["state"] == "registered"
        again = _submit(s, "ann", _bot(tmp_path / "v1", "first"), "limited")
        assert again["detail"].startswith("limited v1 is unchanged")
        assert again["result"]["started"] == []  # no smoke game played again
        second = _submit(s, "ann", _bot(tmp_path / "v2", "second"), "limited")
        assert second["detail"] == "registered limited v2"  # the unchanged one was free
        r = s.post("ann", _tar({"bot.py": b"# third\n" + BOT.encode()}), display="limited")
        assert r.status_code == 403 and "stored versions" in r.json()["error"]
        s.post("bob", _tar({"bot.py": BOT.encode()}), display="b1")
        s.post("bob", _tar({"bot.py": b"# 2\n" + BOT.encode()}), display="b2", ladder="kl2")
        s.post("bob", _tar({"bot.py": b"# 3\n" + BOT.encode()}), display="b3", ladder="kl2")
        r = s.post("bob", _tar({"bot.py": b"# 4\n" + BOT.encode()}), display="b4")
        assert r.status_code == 429 and set(r.json()) == {"error"}
        assert 3500 < int(r.headers["retry-after"]) <= 3601
        assert re.fullmatch(r"at most 3 submissions per hour \(an unchanged resubmission is "
                            r"not counted\); your next one is allowed in (59|60) min, at "
                            r"\d\d:\d\d UTC", r.json()["error"])
        assert "b4" not in [e.name for e in s.entrants()]
    finally:
        s.proc.terminate()
        s.proc.wait(10)


DRIVER = """
import sys
from tests import conftest  # the kit game
from harness.ladders import runner as ladder_runner
from harness.ladders import service
from harness.storage.database import Store
with Store(sys.argv[1]) as store:
    ladder_runner.run(store, "kl", forever=True, seconds=float(sys.argv[2]), inline=True)
"""


def test_a_bot_submitted_over_http_joins_a_running_ladder(tmp_path: Path) -> None:
    """The server and a ladder's runner on one database at once: a bot registered over
    HTTP while the ladder runs is matched without a restart (a server of its own: another
    test revokes tokens of the shared one)."""
    served = Served(tmp_path)
    for who in ("ann", "bob"):
        _submit(served, who, _bot(tmp_path / f"run-{who}", f"run {who}"), f"run-{who}")
    runner = subprocess.Popen([sys.executable, "-c", DRIVER, str(served.db), "60"], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        late = _submit(served, "eve", _bot(tmp_path / "late", "late"), "late-eve")
        assert late["state"] == "registered"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with Store(served.db, read_only=True) as store:
                lad = ls.ladder(store, "kl")
                names = {e.id: e.name for e in ls.entrants(store, lad.id)}
                played = [g for g in ls.games(store, lad.id) if g.status == "done"
                          and "late-eve" in {names.get(i) for i in g.entrants}]
            if played:
                break
            assert runner.poll() is None, runner.communicate()[1]
            time.sleep(0.2)
        assert played, "the running ladder never matched the bot submitted over HTTP"
    finally:
        runner.kill()
        runner.wait(10)
        served.proc.terminate()
        served.proc.wait(10)
