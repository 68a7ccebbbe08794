"""A fresh round of strangers against `arena ladder serve` (a real server on loopback, its
memory capped): requests framed two ways, a Host header the server would echo, names
made to look like a taken one with characters that draw nothing or with fullwidth
letters, specs carrying escape sequences, a ladder's seed (which would give away every
deal), and local users of the operator's machine reading or planting the server's files.
Each attack is refused or contained."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from engine.protocol import ArenaError
from harness.ladders import service
from harness.ladders.names import taken_by
from harness.server.serving import check_socket
from harness.storage import authors as jobs_store
from harness.storage import ladders as ls
from harness.storage.database import Store
from tests.harness.served import ROOT, Served

MEMORY = 768 * 1024**2
SEED = 987_654_321_123
BUDGET = 3.0  # seconds a validation may take


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    real = tmp_path_factory.mktemp("strangers")
    link = real.with_name(real.name + "-link")  # the operator names it through a link
    link.symlink_to(real)
    s = Served(link, "--validation-timeout", str(BUDGET), memory=MEMORY)
    with Store(s.db) as store:  # a ladder with a seed of its own, one game pending
        service.create(store, "seeded", ls.LadderSpec(game="kit", modules=("tests.kitgame",),
                                                      seed=SEED), "ann")
        ls.schedule_game(store, ls.ladder(store, "seeded").id, lambda i: SEED + 1 + i, [1, 2])
    yield s
    s.stop()
    assert "Traceback" not in s.log()


def _exchange(s: Served, data: bytes, wait: float = 3.0) -> bytes:
    """Send `data` on one connection; everything the server answers until it closes."""
    with socket.create_connection(("127.0.0.1", int(s.url.rsplit(":", 1)[1]))) as sock:
        sock.sendall(data)
        sock.settimeout(wait)
        out = b""
        try:
            while chunk := sock.recv(65536):
                out += chunk
        except TimeoutError:
            pass
    return out


def test_no_answer_names_the_database_folder_as_the_operator_spelled_it(server: Served):
    r = httpx.get(f"{server.url}/api/v1/ladders/nope")
    assert r.status_code == 404 and "<server>" in r.text
    assert str(server.db.parent) not in r.text and str(server.db.resolve().parent) not in r.text


def test_a_name_stacking_combining_marks_is_refused(server: Served):
    r = server.post("eve", b"never read", display="x" + "\u030d" * 12, spec="random")
    assert r.status_code == 400 and "combining marks" in r.json()["error"]


def test_a_request_framed_two_ways_is_refused_and_the_connection_closed(server: Served):
    smuggled = b"GET /api/v1/ladders HTTP/1.1\r\nHost: x\r\n\r\n"
    answer = _exchange(server, (
        b"POST /api/v1/token/renew HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
        b"Transfer-Encoding: chunked\r\nAuthorization: Bearer " + server.tokens["eve"].encode()
        + b"\r\n\r\n0\r\n\r\n" + smuggled))
    assert answer.startswith(b"HTTP/1.1 400 ") and answer.count(b"HTTP/1.1") == 1
    assert b"Transfer-Encoding and Content-Length" in answer
    assert httpx.get(f"{server.url}/api/v1/submissions/1",  # eve's token was not renewed
                     headers={"Authorization": f"Bearer {server.tokens['eve']}"}
                     ).status_code == 404


def test_no_answer_echoes_the_host_header(server: Served):
    answer = _exchange(server, b"GET /api/v1/ladders/kl/state/ HTTP/1.1\r\n"
                               b"Host: evil.example\r\n\r\n", wait=1.0)
    assert answer.startswith(b"HTTP/1.1 404 ") and b"evil" not in answer
    assert answer.rstrip().endswith(b'{"error":"Not Found"}')


@pytest.mark.parametrize("name", ["mine\ufe00", "mi\u034fne", "mine\u3164", "mine\u180b",
                                  "mine\u2800", "ｍｉｎｅ"])
def test_a_name_that_only_adds_invisible_characters_or_widens_letters_is_taken(
        server: Served, name: str):
    with Store(server.db) as store:  # ann's submission of "mine" is on its way
        if not any(n == "mine" for n, _ in jobs_store.pending(store, "kl")):
            jobs_store.reserve(store, "ann", ls.ladder(store, "kl").id, "kl", "mine", "random",
                               100, 100)
    r = server.post("bob", b"", display=name, spec="random")
    assert r.status_code == 403 and "spelled another way" in r.json()["error"], r.text
    assert taken_by(["mine"], name) == "mine" and taken_by(["mime"], "mine") is None


def test_a_spec_with_control_or_format_characters_is_refused_at_the_request(server: Served):
    for spec in ("cmd:python3 bot.py \x1b]0;owned\x07", "cmd:python3 bot.py \u202eyp.tob",
                 "cmd:python3 bot.py\x9b2J"):
        r = server.post("eve", b"never read", display="esc", spec=spec)
        assert r.status_code == 400 and "control or format characters" in r.json()["error"]
        assert r.json()["error"].isprintable()  # the refusal shows them as escapes


def test_the_ladder_seed_and_the_seeds_of_games_to_come_are_not_shown(server: Served):
    for path in ("ladders", "ladders/seeded", "ladders/seeded/history"):
        r = httpx.get(f"{server.url}/api/v1/{path}")
        assert r.status_code == 200 and str(SEED)[:9] not in r.text, path
    r = httpx.get(f"{server.url}/api/v1/ladders/seeded/games/0")  # scheduled, not played
    assert r.status_code == 404 and str(SEED + 1)[:9] not in r.text


def test_the_served_files_are_closed_to_other_local_users(server: Served):
    folder = server.db.parent
    assert stat.S_IMODE(server.db.stat().st_mode) & 0o077 == 0
    for sub in ("ladder-bots", "ladder-uploads"):
        assert stat.S_IMODE((folder / sub).stat().st_mode) == 0o700
    if os.geteuid() != 0:
        return
    other = subprocess.run(  # another user, as a shell of theirs would try
        ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "sh", "-c",
         f"cat {server.db} >/dev/null; ls {folder / 'ladder-bots'}"],
        capture_output=True, text=True)
    assert other.stderr.count("Permission denied") == 2, other.stderr


def test_a_database_in_a_folder_others_may_write_is_not_served(tmp_path: Path):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o1777)  # as /tmp: anyone may plant the database's write-ahead log
    with Store(shared / "db.sqlite") as store:
        service.create(store, "kl", ls.LadderSpec(game="kit", modules=("tests.kitgame",)))
    (shared / "db.sqlite-wal").write_bytes(b"planted")
    t0 = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "harness.cli", "ladder", "serve", "--db",
                          str(shared / "db.sqlite"), "--port", "0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 2 and time.monotonic() - t0 < 30
    assert run.stderr.strip().splitlines() == [
        f"error: cannot serve {shared / 'db.sqlite'}: other users may write in its folder "
        f"{shared}; keep a served database in a folder of its own (chmod go-w)"]
    assert (shared / "db.sqlite-wal").read_bytes() == b"planted"  # never opened


def test_one_authors_slow_submissions_do_not_hold_up_anothers(server: Served):
    """eve queues three submissions that search until the validation budget stops them
    (a ladder without a time control); bob's quick one waits for one of them, not all."""
    slow = [server.post("eve", b"", display=f"slow{i}", spec=f"mcts:iters=10000000000,seed={i}")
            for i in range(3)]
    quick = server.post("bob", b"", display="quick", spec="random")
    ids = [r.json()["id"] for r in slow]
    assert all(r.status_code == 202 for r in [*slow, quick])
    deadline = time.monotonic() + 20 * BUDGET
    while time.monotonic() < deadline:
        with Store(server.db, read_only=True) as store:
            states = [jobs_store.job(store, i).state for i in ids]  # type: ignore[union-attr]
            mine = jobs_store.job(store, quick.json()["id"])
        assert mine is not None
        if mine.state in ("registered", "refused"):
            break
        time.sleep(0.2)
    assert mine.state == "registered", mine.detail
    assert states.count("refused") <= 2 and states[2] == "queued", states


def _final(s: Served, who: str, jid: int) -> dict[str, object]:
    deadline = time.monotonic() + 20 * BUDGET
    while time.monotonic() < deadline:
        doc = httpx.get(f"{s.url}/api/v1/submissions/{jid}",
                        headers={"Authorization": f"Bearer {s.tokens[who]}"}).json()
        if doc["state"] in ("registered", "refused"):
            return doc
        time.sleep(0.2)
    raise AssertionError(f"submission {jid} did not finish")


@pytest.mark.parametrize(("spec", "says"), [
    ("mcts:model=123", "model must be a file name, not 123"),
    ("mcts:nodes=1e400", "cannot convert float infinity to integer")])
def test_a_parameter_value_its_bot_refuses_is_the_authors_mistake_not_the_servers(
        server: Served, spec: str, says: str):
    r = server.post("bob", b"", display=f"p{len(spec)}", spec=spec)
    doc = _final(server, "bob", r.json()["id"])
    assert doc["state"] == "refused" and says in str(doc["detail"]), doc
    assert "internal error" not in str(doc["detail"])


def test_a_server_on_a_unix_socket_answers_through_its_folder_alone(tmp_path: Path):
    """On loopback, another local user can take the port while the server is down and
    read the tokens the proxy forwards; a socket in a folder of the operator's cannot be
    taken, nor reached by others."""
    db = tmp_path / "db.sqlite"
    with Store(db) as store:
        service.create(store, "kl", ls.LadderSpec(game="kit", modules=("tests.kitgame",)))
    serve = [sys.executable, "-m", "harness.cli", "ladder", "serve", "--db", str(db), "--uds"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    with pytest.raises(ArenaError, match="other users may write in"):
        check_socket(shared / "s.sock")  # as `serve --uds` checks it before listening
    sock = tmp_path / "s.sock"
    proc = subprocess.Popen([*serve, str(sock)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = httpx.Client(transport=httpx.HTTPTransport(uds=str(sock)))
        for _ in range(600):
            try:
                r = client.get("http://arena/api/v1/ladders")
                break
            except httpx.TransportError:
                assert proc.poll() is None
                time.sleep(0.05)
        assert r.status_code == 200 and r.json()[0]["name"] == "kl"
        if os.geteuid() == 0:
            other = subprocess.run(
                ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable,
                 "-c", f"import socket; socket.socket(socket.AF_UNIX).connect({str(sock)!r})"],
                capture_output=True, text=True)
            assert "PermissionError" in other.stderr
    finally:
        proc.terminate()
        proc.wait(10)
