"""Every author command over HTTP, as an author would type it, against a real
`arena ladder serve` on loopback (tests/harness/served.py): the platform bots run on,
retire / reactivate / delete of one's own bots, the status of submissions, token renewal,
`arena ladders`, all through ARENA_SERVER or --server (the URL exactly as `serve` prints
it); a name spelled another way refused before the upload with advice for whoever asked;
each mistake one line and exit status 2."""

from __future__ import annotations

import json
import platform
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from harness.cli.main import main
from harness.sandbox import machine
from harness.server.client import base_url
from tests.harness.served import Served
from tests.harness.served import bot as _bot
from tests.harness.served import submit as _submit


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    s = Served(tmp_path_factory.mktemp("authors"))
    yield s
    s.stop()


@pytest.fixture
def author(served: Served, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """ann at a terminal-less shell with ARENA_SERVER and ARENA_TOKEN set (the server's URL
    as `serve` prints it: with its API root)."""
    monkeypatch.setenv("ARENA_SERVER", f"{served.url}/api/v1")
    monkeypatch.setenv("ARENA_TOKEN", served.tokens["ann"])
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    yield


def arena(capsys: pytest.CaptureFixture[str], *args: str, code: int = 0) -> tuple[str, str]:
    """(stdout, stderr with its lines joined) of `arena ARGS`, which must exit with `code`."""
    with pytest.raises(SystemExit) as done:
        main(list(args))
    got = capsys.readouterr()
    assert (done.value.code or 0) == code, got.out + got.err
    return got.out, " ".join(got.err.split())


def test_the_url_serve_prints_works_as_printed(served: Served) -> None:
    printed = served.log().split("authors: --server ")[1].split()[0]
    assert printed == served.url
    for url in (printed, f"{printed}/", f"{printed}/api/v1", f"{printed}/api/v1/"):
        assert base_url(url) == served.url
    with pytest.raises(ValueError, match="is not a server's URL"):
        base_url("127.0.0.1:8765")


def test_the_platform_is_shown_by_the_server(served: Served, author: None,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = arena(capsys, "ladder", "info", "--json")
    doc = json.loads(out)
    here = machine.describe()  # the server runs on this machine
    assert (doc["cpu"], doc["libc"], doc["kernel"]) == (here["cpu"], here["libc"],
                                                       here["kernel"])
    assert doc["cpu"]["architecture"] == platform.machine()
    runtimes = {r["name"]: r["version"] for r in doc["runtimes"]}
    assert runtimes["python3"] == platform.python_version()
    assert doc["sandbox"]["memory_bytes"] == 2 * 1024**3 and doc["sandbox"]["processes"] == 32
    assert "/" not in json.dumps(doc["runtimes"]) and "/work" not in out  # names, no paths
    shown, _ = arena(capsys, "ladder", "info")
    assert f"the machine bots run on: {served.url}" in shown
    assert f"python3 {platform.python_version()}" in shown and "build for" in shown
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("ARENA_SERVER")
        local, _ = arena(capsys, "ladder", "info")  # no server: this machine
    assert "the machine bots run on: this machine" in local


def test_an_author_manages_their_own_bots_remotely(served: Served, author: None,
                                                   tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    ann = served.remote("ann")
    for spec in ("random", "mcts:iters=2"):  # two versions (in-process bots: quick)
        assert ann.wait(ann.submit("kl", spec, "keeper"), lambda _: None)["state"] == \
            "registered"
    out, _ = arena(capsys, "ladder", "retire", "kl", "keeper")
    assert "keeper v2 retired from kl after 0 games" in out
    _, err = arena(capsys, "ladder", "retire", "kl", "keeper", code=2)
    assert err == "error: the server refused: keeper v2 is already retired (by ann)"
    out, _ = arena(capsys, "ladder", "reactivate", "kl", "keeper", "--version", "1")
    assert "keeper v1 is back in matchmaking on kl" in out
    # another author, a whole ladder, --author: one line each, nothing changed
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ARENA_TOKEN", served.tokens["bob"])
        _, err = arena(capsys, "ladder", "delete", "kl", "--bot", "keeper", "--yes", code=2)
    assert "belongs to 'ann'" in err and "(you are 'bob')" in err
    _, err = arena(capsys, "ladder", "delete", "kl", code=2)
    assert "a whole ladder is deleted by the server's operator" in err
    _, err = arena(capsys, "ladder", "retire", "kl", "keeper", "--author", "ann", code=2)
    assert "a server knows you by your token" in err
    _, err = arena(capsys, "ladder", "delete", "kl", "--bot", "keeper", code=2)
    assert "needs confirmation: add --yes" in err  # asked after the server said it may
    assert {e.label for e in served.entrants() if e.name == "keeper"} == {"keeper v1",
                                                                          "keeper v2"}
    out, _ = arena(capsys, "ladder", "delete", "kl", "--bot", "keeper", "--yes")
    assert "bot keeper deleted from kl (2 versions" in out
    assert not [e for e in served.entrants() if e.name == "keeper"]


def test_a_name_spelled_another_way_or_a_missing_file_is_refused_before_the_upload(
        served: Served, author: None, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    _submit(served, "ann", _bot(tmp_path / "a", "case"), "CaseBot")
    uploads = served.log().count("POST /api/v1/ladders/kl/bots ")
    folder = _bot(tmp_path / "b", "case two")
    spec = f"cmd:python3 {folder / 'bot.py'}"
    _, err = arena(capsys, "ladder", "submit", "kl", spec, "--as", "casebot", code=2)
    assert ("is your bot 'CaseBot' on ladder 'kl' spelled another way (it differs only in "
            "case): submit as 'CaseBot' to add a version of it") in err
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ARENA_TOKEN", served.tokens["bob"])
        _, err = arena(capsys, "ladder", "submit", "kl", spec, "--as", "CASEBOT", code=2)
        assert ("is taken: ann's bot 'CaseBot' is the same name spelled another way (it "
                "differs only in case); choose another name (you are 'bob')") in err
        _, err = arena(capsys, "ladder", "submit", "kl", spec, "--as", "C\u0430seBot", code=2)
        assert "its characters look the same" in err  # a Cyrillic 'а'
    _, err = arena(capsys, "ladder", "submit", "kl", "cmd:python3 nothere.py", "--as", "x",
                   code=2)
    assert err == "error: cannot start 'python3 nothere.py': no such file 'nothere.py'"
    assert served.log().count("POST /api/v1/ladders/kl/bots ") == uploads  # nothing sent


def test_remote_submit_shows_the_progress_of_a_local_one(
        served: Served, author: None, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = _bot(tmp_path / "p", "progress")
    spec = f"cmd:python3 {folder / 'bot.py'}"
    out, err = arena(capsys, "ladder", "submit", "kl", spec, "--as", "shown")
    assert ("smoke game 1 of 2 (the bot in seat 0): starting smoke game 2 of 2 (the bot in "
            "seat 1): starting") in err
    out = " ".join(out.split())
    assert out.startswith("registered shown v1 on kl for ann (hash ")
    assert out.endswith("; passed 2 smoke games against random)")
    jid = int(err.split("submission ")[1].split()[0])
    out, err = arena(capsys, "ladder", "submit", "kl", spec, "--as", "shown")
    assert "shown v1 is unchanged (same files, hash" in out
    assert "smoke game" not in err  # no smoke game played again
    listed, _ = arena(capsys, "ladder", "status", "--limit", "2")
    assert "shown" in listed and "registered" in listed and "unchanged" in listed
    one, _ = arena(capsys, "ladder", "status", str(jid))
    assert f"submission {jid}: shown on kl" in one and "registered shown v1" in " ".join(
        one.split())
    _, err = arena(capsys, "ladder", "status", "999999", code=2)
    assert err == "error: the server refused: you have no submission 999999"


def test_ladders_and_token_renewal_remotely(served: Served, author: None, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = arena(capsys, "ladders", "--json")
    assert [r["name"] for r in json.loads(out)] == ["kl"]
    out, _ = arena(capsys, "ladders")
    assert f"ladders on {served.url}" in out and "kit" in out
    monkeypatch.delenv("ARENA_TOKEN")
    file = tmp_path / "token"
    file.write_text(served.tokens["eve"] + "\n")
    file.chmod(0o600)
    old = served.tokens["eve"]
    out, _ = arena(capsys, "ladder", "token", "renew", "--token-file", str(file))
    assert f"your new token is in {file}; the old one no longer works" in " ".join(out.split())
    new = file.read_text().strip()
    assert new != old and new.startswith("arena_") and file.stat().st_mode & 0o077 == 0
    served.tokens["eve"] = new
    gone = httpx.get(f"{served.url}/api/v1/submissions",
                     headers={"Authorization": f"Bearer {old}"})
    assert gone.status_code == 401
    arena(capsys, "ladder", "status", "--token-file", str(file))  # the new one works
    _, err = arena(capsys, "ladder", "token", "renew", code=2)  # no token at all
    assert "needs your token" in err
    monkeypatch.delenv("ARENA_SERVER")
    _, err = arena(capsys, "ladder", "status", "--token-file", str(file), code=2)
    assert err.startswith("error: submissions are a ladder server's: give --server URL")
