"""`arena ladder serve` attacked as strangers would attack it: a real server process on
loopback with its memory capped (address space: a regression fails here, not the machine)
and short deadlines, raw sockets trickling bytes, archives built to cost memory or time,
parallel uploads against per-author limits, paths and ids meant to break or forge.
Every attack ends refused or contained, and the server keeps answering others."""

from __future__ import annotations

import gzip
import io
import json
import lzma
import socket
import struct
import tarfile
import threading
import time
import zipfile
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from harness.sandbox.submission import MAX_FILES
from harness.storage import authors as jobs_store
from harness.storage.database import Store
from tests.harness.served import BOT, Served, tar

#: the server's address space: about 0.3 GiB idle with its threads; an attack that once
#: cost 600-800 MB would pass this
MEMORY = 768 * 1024**2
AUTHORS = ("ann", "bob", "eve", "mal", "par")
HEADER_TIMEOUT, REQUEST_TIMEOUT = 1.0, 2.0
PER_CLIENT, CONNECTIONS = 6, 20


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    s = Served(tmp_path_factory.mktemp("hostile"), "--header-timeout", str(HEADER_TIMEOUT),
               "--request-timeout", str(REQUEST_TIMEOUT), "--max-per-client", str(PER_CLIENT),
               "--max-connections", str(CONNECTIONS), "--max-header-bytes", "8192",
               "--per-hour", "20", "--max-versions", "2", "--validation-timeout", "3",
               authors=AUTHORS, memory=MEMORY)
    yield s
    s.stop()
    assert "Traceback" not in s.log()


def _connect(s: Served, source: str) -> socket.socket:
    """A TCP connection to the server from loopback address `source` (127.0.0.0/8 is all
    this machine's)."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", int(s.url.rsplit(":", 1)[1])))
    return sock


def _closed_within(sock: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closes `sock` (what it sent before is read and dropped),
    or None if it is still open after `seconds`."""
    t0 = time.monotonic()
    sock.settimeout(0.1)
    while time.monotonic() - t0 < seconds:
        try:
            if sock.recv(65536) == b"":
                return time.monotonic() - t0
        except TimeoutError:
            continue
        except OSError:
            return time.monotonic() - t0
    return None


class Trickler(threading.Thread):
    """Sends `data` one byte every `gap` seconds until the server closes the connection;
    `closed`: the seconds that took."""

    def __init__(self, sock: socket.socket, data: bytes, gap: float = 0.1) -> None:
        super().__init__(daemon=True)
        self.sock, self.data, self.gap = sock, data, gap
        self.closed: float | None = None

    def run(self) -> None:
        t0 = time.monotonic()
        for byte in self.data * 1000:
            try:
                self.sock.send(bytes([byte]))
            except OSError:
                break
            time.sleep(self.gap)
            if time.monotonic() - t0 > 10:
                return
        self.closed = time.monotonic() - t0


def _timed_get(s: Served, path: str = "/api/v1/ladders") -> tuple[int, float]:
    t0 = time.monotonic()
    r = httpx.get(s.url + path, timeout=5)
    return r.status_code, time.monotonic() - t0


def test_an_in_process_bot_that_never_stops_is_stopped_at_the_budget(server: Served
                                                                      ) -> None:
    """`mcts` with a billion iterations on a ladder without a time control ran forever in
    the server's validation thread, and every later submission waited behind it: now its
    validation is killed at --validation-timeout and the next one is validated (the first
    submissions of a fresh server, and without files)."""
    r = server.post("bob", b"", display="forever", spec="mcts:iters=1000000000")
    assert r.status_code == 202
    job = server.remote("bob").wait(r.json(), lambda _: None)
    assert job["state"] == "refused" and "took longer than 3 s" in job["detail"]
    after = server.post("bob", b"", display="quick", spec="random")
    assert server.remote("bob").wait(after.json(), lambda _: None)["state"] == "registered"


def test_a_validation_killed_with_the_server_leaves_nothing_behind(server: Served) -> None:
    """The server killed (SIGKILL) while a submission is in its smoke games: its
    validation dies with it, and the next start refuses the submission and removes its
    snapshot, upload and notes."""
    slow = b"import time\ntime.sleep(30)\n" + BOT.encode()
    r = server.post("ann", tar({"bot.py": slow}), display="slowpoke")
    assert r.status_code == 202
    jid = r.json()["id"]
    folder = server.db.parent / "ladder-uploads"
    snapshot = None
    deadline = time.monotonic() + 60  # a loaded machine starts the validation late
    while time.monotonic() < deadline:
        if (note := folder / f"{jid}.job").exists() and (
                snapshot := json.loads(note.read_text()).get("snapshot")):
            break
        time.sleep(0.05)
    assert snapshot and Path(snapshot).is_dir()
    server.proc.kill()
    server.proc.wait(10)
    server.start()
    job = server.remote("ann").http.get(f"/submissions/{jid}").json()
    assert job["state"] == "refused" and "server stopped" in job["detail"]
    assert not Path(snapshot).exists()
    assert list(folder.iterdir()) == []
    assert not [p for p in Path(snapshot).parent.iterdir() if p.name.startswith((".", "cmd_"))]


def test_slow_clients_are_cut_and_others_answered_meanwhile(server: Served) -> None:
    """Slowloris (headers a byte at a time), a body a byte at a time with a good token,
    and more connections from one address than it may open: the extra ones are refused at
    once, the slow ones closed at their deadlines, and a request from elsewhere is answered
    at once all along."""
    headers = b"GET /api/v1/ladders HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 50
    slow = [Trickler(_connect(server, "127.0.0.2"), headers) for _ in range(PER_CLIENT)]
    for t in slow:
        t.start()
    time.sleep(0.2)
    extra = [_connect(server, "127.0.0.2") for _ in range(8)]
    upload = (f"POST /api/v1/ladders/kl/bots?as=slow&spec=random HTTP/1.1\r\nHost: x\r\n"
              f"Authorization: Bearer {server.tokens['mal']}\r\nContent-Length: 5000\r\n\r\n")
    body = _connect(server, "127.0.0.3")
    body.sendall(upload.encode())
    body_trickle = Trickler(body, b"x")
    body_trickle.start()
    status, took = _timed_get(server)
    assert status == 200 and took < HEADER_TIMEOUT  # answered before the slow ones are cut
    for sock in extra:  # over the per-address cap: a 503 and closed, at once
        assert _closed_within(sock, 0.5) is not None
    for t in slow:
        t.join(HEADER_TIMEOUT + 3)
        assert t.closed is not None and t.closed < HEADER_TIMEOUT + 1.5, t.closed
    body_trickle.join(REQUEST_TIMEOUT + 3)
    assert body_trickle.closed is not None and body_trickle.closed < REQUEST_TIMEOUT + 1.5
    assert _timed_get(server)[0] == 200
    with Store(server.db, read_only=True) as store:  # the unfinished upload is refused
        job = jobs_store.job(store, max(r[0] for r in store.query(
            "SELECT id FROM submissions WHERE author='mal'")))
    assert job is not None and job.state == "refused" and "did not arrive" in job.detail


def test_connections_beyond_the_cap_are_refused_until_slots_free(server: Served) -> None:
    """All connection slots held by slow clients from several addresses: a new one gets a
    503 at once, and once the slow ones are cut at their deadline it is served."""
    held = [_connect(server, f"127.0.1.{i // PER_CLIENT + 1}") for i in range(CONNECTIONS)]
    for sock in held:
        sock.sendall(b"GET /api/v1/ladders HTTP/1.1\r\n")
    time.sleep(0.1)
    r = httpx.get(server.url + "/api/v1/ladders", timeout=5)
    assert r.status_code == 503 and "too many connections" in r.json()["error"]
    time.sleep(HEADER_TIMEOUT + 0.5)
    assert _timed_get(server)[0] == 200
    assert all(_closed_within(sock, 0.2) is not None for sock in held)


def test_headers_over_the_cap_are_refused(server: Served) -> None:
    """Over the cap in one piece (431), or arriving in pieces (400 from h11's bound)."""
    r = httpx.get(server.url + "/api/v1/ladders", headers={"X-Big": "a" * 9000}, timeout=5)
    assert r.status_code == 431 and "more than 8192 bytes" in r.json()["error"]
    sock = _connect(server, "127.0.0.1")
    sock.sendall(b"GET /api/v1/ladders HTTP/1.1\r\nHost: x\r\n")
    sent = 0
    with pytest.raises(OSError):  # the server answers 400 and closes: the pipe breaks
        for _ in range(100):
            sent += sock.send(b"X-Big: " + b"a" * 1000 + b"\r\n")
            time.sleep(0.02)
    assert sent < 20_000
    assert "Invalid HTTP request" in server.log()
    assert _timed_get(server)[0] == 200


def _raw(s: Served, request: bytes) -> bytes:
    """Send `request` (headers only: no body follows) and read the answer."""
    sock = _connect(s, "127.0.0.1")
    sock.sendall(request)
    sock.settimeout(3)
    out = b""
    while b"\r\n\r\n" not in out or not out.rstrip().endswith(b"}"):
        chunk = sock.recv(65536)
        if not chunk:
            break
        out += chunk
    sock.close()
    return out


def test_token_and_size_come_before_the_body(server: Served) -> None:
    """A body that never comes: without a token the answer is 401, over the cap 413, both
    at once from the headers alone (nothing waits for the body)."""
    t0 = time.monotonic()
    anonymous = _raw(server, b"POST /api/v1/ladders/kl/bots?as=x&spec=random HTTP/1.1\r\n"
                             b"Host: x\r\nContent-Length: 1000000\r\n\r\n")
    assert anonymous.startswith(b"HTTP/1.1 401") and b"connection: close" in anonymous
    big = _raw(server, f"POST /api/v1/ladders/kl/bots?as=x&spec=random HTTP/1.1\r\nHost: x\r\n"
                       f"Authorization: Bearer {server.tokens['ann']}\r\n"
                       f"Content-Length: {200 * 1024**2}\r\n\r\n".encode())
    assert big.startswith(b"HTTP/1.1 413")
    assert time.monotonic() - t0 < 1.0


def _long_name_bomb() -> bytes:
    """A GNU long-name header declaring 256 MiB, its data 256 MiB of 'a', in one gzip
    stream of about 260 KB (tarfile read it whole: +800 MB). One MiB compressed after a
    full flush, repeated: deflate blocks that refer to nothing before them."""
    info = tarfile.TarInfo("././@LongLink")
    info.type, info.size = tarfile.GNUTYPE_LONGNAME, 256 * 1024**2
    head = info.tobuf(tarfile.GNU_FORMAT)
    block = b"a" * (1 << 20)
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    first = z.compress(head) + z.flush(zlib.Z_FULL_FLUSH)
    again = z.compress(block) + z.flush(zlib.Z_FULL_FLUSH)
    crc = zlib.crc32(head)
    for _ in range(256):
        crc = zlib.crc32(block, crc)
    size = len(head) + 256 * len(block)
    return (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff" + first + again * 256
            + z.flush() + struct.pack("<LL", crc, size & 0xFFFFFFFF))


def _pax_digits() -> bytes:
    """A pax record whose length has 128k digits (quadratic in some Python releases)."""
    record = b"1" * 131072 + b" path=bot.py\n"
    info = tarfile.TarInfo("pax")
    info.type, info.size = tarfile.XHDTYPE, len(record)
    return gzip.compress(info.tobuf(tarfile.USTAR_FORMAT) + record
                         + bytes(-len(record) % 512) + bytes(1024))


def _pax_no_length() -> bytes:
    """A pax header whose second record has no length (630 bytes gzipped): the reader
    once stood still on it for good, one upload slot and a core each."""
    records = b"14 comment=ok\n3\x14a\n"
    info = tarfile.TarInfo("pax")
    info.type, info.size = tarfile.XHDTYPE, len(records)
    return gzip.compress(info.tobuf(tarfile.USTAR_FORMAT) + records
                         + bytes(-len(records) % 512) + tar({"bot.py": BOT.encode()}, mode="w"))


def _zip_entries(n: int = 1_300_000) -> bytes:
    """A zip whose central directory lists `n` one-letter entries (61 MB for 1.3 M)."""
    entry = struct.pack("<4s4B4HL2L5H2L", b"PK\x01\x02", 20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0,
                        1, 0, 0, 0, 0, 0, 0) + b"a"
    return entry * n + struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF,
                                   len(entry) * n, 0, 0)


def _xz_dictionary() -> bytes:
    """An xz stream whose block asks its decoder for a 4 GiB dictionary (the filter's
    dictionary byte raised to 40, the block header's CRC32 made right again)."""
    data = bytearray(lzma.compress(tar({"bot.py": BOT.encode()}, mode="w"),
                                   format=lzma.FORMAT_XZ))
    size = (data[12] + 1) * 4  # the block header, after the 12-byte stream header
    header = data[12:12 + size]
    at = header.index(b"\x21\x01") + 2  # filter LZMA2, one byte of properties
    header[at] = 40
    header[-4:] = struct.pack("<L", zlib.crc32(bytes(header[:-4])))
    data[12:12 + size] = header
    return bytes(data)


def _zip_bzip2() -> bytes:
    """A zip entry compressed with bzip2, which zipfile decompresses without an output bound
    per read (177 bytes of bzip2 are 200 MB of zeros)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_BZIP2) as zf:
        zf.writestr("bot.py", bytes(1 << 20))
    return buf.getvalue()


def _gzip_members() -> bytes:
    """Thousands of concatenated empty gzip streams."""
    return gzip.compress(b"") * 5000


ARCHIVES = {
    "gnu-long-name": (_long_name_bomb, "GNU long name of 268435456 bytes"),
    "pax-digits": (_pax_digits, "pax header of 131085 bytes"),
    "pax-no-length": (_pax_no_length, "malformed pax record"),
    "zip-entries": (_zip_entries, "central directory holds"),
    "zip-entries-small": (lambda: _zip_entries(40_000), f"more than {MAX_FILES} files"),
    "xz-dictionary": (_xz_dictionary, "xz stream needs more than 96 MiB"),
    "gzip-members": (_gzip_members, "concatenated gzip streams"),
    "zip-bzip2": (_zip_bzip2, "compressed with method 12"),
}


@pytest.mark.parametrize("case", sorted(ARCHIVES))
def test_archives_built_to_cost_memory_or_time_are_refused_cheaply(server: Served,
                                                                   case: str) -> None:
    make, why = ARCHIVES[case]
    data = make()
    t0 = time.monotonic()
    r = server.post("eve", data, display=f"arch-{case}")
    assert r.status_code == 400 and why in r.json()["error"], r.text
    assert time.monotonic() - t0 < 2.0 + len(data) / 20e6  # and the upload's own time
    assert server.proc.poll() is None and _timed_get(server)[0] == 200


def _zip_offset_before_the_file() -> bytes:
    """A zip whose end record places its central directory 64 bytes further than it is:
    zipfile then seeks to a negative offset for the member (ValueError, once a 500 that
    left its author's upload 'still arriving' for good)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("bot.py", BOT)
    data = bytearray(buf.getvalue())
    end = len(data) - 22
    struct.pack_into("<L", data, end + 16, struct.unpack_from("<L", data, end + 16)[0] + 64)
    return bytes(data)


def _zip_without_a_name() -> bytes:
    """A zip whose one member's name is empty (zipfile's is_dir() raises IndexError)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(zipfile.ZipInfo(""), BOT)
    return buf.getvalue()


@pytest.mark.parametrize(("make", "says"), [
    (_zip_offset_before_the_file, "the archive is damaged"),
    (_zip_without_a_name, "a member without a name")])
def test_a_damaged_zip_is_refused_and_its_author_may_send_another(server: Served, make,
                                                                  says: str) -> None:
    name = f"damaged{len(says)}"
    r = server.post("mal", make(), display=name)
    assert r.status_code == 400 and says in r.json()["error"], r.text
    remote = server.remote("mal")
    jobs = remote.call("GET", "/submissions").json()
    assert [j["state"] for j in jobs if j["name"] == name] == ["refused"]
    params = {"as": "undamaged", "spec": "cmd:python3 bot.py"}
    assert remote.call("GET", "/ladders/kl/admission", params=params).json() == {
        "admitted": True}


def test_parallel_uploads_hold_the_per_author_limits(server: Served) -> None:
    """Twelve uploads at once by one author from four addresses (limits: two versions, two
    uploads at once, one per author): at most two are taken; every other answer is a 403,
    429 or 503, none a fault."""
    def post(i: int) -> int:
        with httpx.Client(transport=httpx.HTTPTransport(local_address=f"127.0.2.{i % 4 + 1}"),
                          timeout=30) as client:
            return client.post(f"{server.url}/api/v1/ladders/kl/bots",
                               content=tar({"bot.py": f"# {i}\n{BOT}".encode()}),
                               params={"as": f"par{i}", "spec": "cmd:python3 bot.py"},
                               headers={"Authorization": f"Bearer {server.tokens['par']}"}
                               ).status_code

    with ThreadPoolExecutor(12) as pool:
        codes = list(pool.map(post, range(12)))
    assert 1 <= codes.count(202) <= 2 and set(codes) <= {202, 403, 429, 503}, codes
    assert codes.count(403) + codes.count(429) >= 2, codes
    with Store(server.db, read_only=True) as store:
        taken = store.query("SELECT count(*) FROM submissions WHERE author='par' AND state "
                            "!= 'refused'")[0][0]
    assert taken <= 2


def test_no_answer_names_a_server_path_and_big_ids_are_404(server: Served) -> None:
    """Requests that reach errors of every kind, with and without a token: no answer holds
    the server's folder; ids too large, negative or not numbers are a plain 404."""
    folder = str(server.db.parent.resolve())
    with Store(server.db, read_only=True) as store:
        nxt = store.query("SELECT coalesce(max(id), 0) + 1 FROM submissions")[0][0]
    (server.db.parent / "ladder-uploads").mkdir(exist_ok=True)
    (server.db.parent / "ladder-uploads" / str(nxt)).write_text("in the way")
    blocked = server.post("ann", tar({"bot.py": BOT.encode()}), display="blocked")
    assert blocked.status_code == 400 and "<server>/ladder-uploads" in blocked.json()["error"]
    answers = [blocked]
    token = {"Authorization": f"Bearer {server.tokens['ann']}"}
    for path in ("/api/v1/submissions/99999999999999999999", "/api/v1/submissions/-1",
                 "/api/v1/submissions/abc", "/api/v1/ladders/kl/games/1e5",
                 "/api/v1/ladders/kl/games/123456789012345678901234567890",
                 "/api/v1/ladders/nope", "/api/v1/nothing"):
        for headers in ({}, token):
            r = httpx.get(server.url + path, headers=headers, timeout=5)
            assert r.status_code in (401, 404), (path, r.text)
            answers.append(r)
    answers.append(httpx.get(f"{server.url}/api/v1/submissions/{nxt}", headers=token))
    answers += [httpx.get(server.url + p) for p in ("/api/v1/ladders", "/api/v1/ladders/kl",
                                                    "/api/v1/ladders/kl/state")]
    for r in answers:
        assert folder not in r.text and "Traceback" not in r.text, r.text
    assert "Traceback" not in server.log()


def test_forged_log_lines_are_escaped(server: Served) -> None:
    forged = "2026-01-01 00:00:00,000 arena.server 10.0.0.1 GET /admin 200 root 0.001s"
    path = "/api/v1/ladders/x%0a" + forged.replace(" ", "%20") + "%1b[2J"
    assert httpx.get(server.url + path, timeout=5).status_code == 404
    time.sleep(0.1)
    lines = server.log().splitlines()
    assert not any(line.startswith(forged[:30]) for line in lines)
    assert any("x%0a2026-01-01" in line for line in lines)
    assert "\x1b" not in server.log()


def test_look_alike_bot_names_are_one_name(server: Served) -> None:
    """A Cyrillic 'а' in another author's bot name (registered, or still in validation):
    refused before the upload is read."""
    ok = server.post("ann", tar({"bot.py": b"# annbot\n" + BOT.encode()}), display="annbot")
    assert ok.status_code == 202
    r = server.post("bob", tar({"bot.py": BOT.encode()}), display="\u0430nnbot")
    assert r.status_code == 403 and "ann's bot 'annbot' is the same name spelled another " \
        "way (its characters look the same" in r.json()["error"]
