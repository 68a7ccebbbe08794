"""The server's own tar reader (harness/server/tarstream.py) reads what tar writers write
(GNU, pax and ustar formats; plain, gzip, bzip2, xz; long names, a ustar prefix, a pax
global header as `git archive` writes) exactly as `tarfile` does, and refuses the rest
in one line."""

from __future__ import annotations

import io
import re
import tarfile
import threading

import pytest

from harness.server import tarstream
from harness.server.uploads import read_archive

FILES = {"a": None, "a/bot.py": b"print(1)\n" * 100, "b/" + "x" * 150 + "/y.py": b"z" * 1000,
         "ü/ñ.txt": b"unicode", "p" * 90 + "/" + "q" * 90: b"prefix", "e": b""}


def _archive(fmt: int, mode: str, files: dict[str, bytes | None],
             pax: dict[str, str] | None = None) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode, format=fmt, pax_headers=pax) as tf:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.mode = 0o755
            if data is None:
                info.type = tarfile.DIRTYPE
                tf.addfile(info)
            else:
                info.size = len(data)
                tf.addfile(info, io.BytesIO(data))
    return buf.getvalue()


@pytest.mark.parametrize("fmt", [tarfile.GNU_FORMAT, tarfile.PAX_FORMAT, tarfile.USTAR_FORMAT])
@pytest.mark.parametrize("mode", ["w", "w:gz", "w:bz2", "w:xz"])
def test_it_reads_what_tarfile_reads(fmt: int, mode: str) -> None:
    files = {k: v for k, v in FILES.items()
             if fmt != tarfile.USTAR_FORMAT or (k.isascii() and len(k.split("/")[-1]) < 100)}
    data = _archive(fmt, mode, files)
    ours = {path.rstrip("/"): (kind, content) for path, kind, _, content
            in tarstream.members(data)}
    with tarfile.open(fileobj=io.BytesIO(data)) as tf:
        theirs = {m.name: ("dir" if m.isdir() else "file",
                           tf.extractfile(m).read() if m.isreg() else b"")  # type: ignore[union-attr]
                  for m in tf}
    assert ours == theirs


def test_a_global_pax_header_as_git_archive_writes_it_is_read() -> None:
    data = _archive(tarfile.PAX_FORMAT, "w:gz", {"bot.py": b"x"}, {"comment": "0123abcd"})
    assert [f.path for f in read_archive(data)] == ["bot.py"]


def _with_header(kind: bytes, payload: bytes) -> bytes:
    info = tarfile.TarInfo("meta")
    info.type, info.size = kind, len(payload)
    rest = _archive(tarfile.USTAR_FORMAT, "w", {"bot.py": b"x"})
    return info.tobuf(tarfile.USTAR_FORMAT) + payload + bytes(-len(payload) % 512) + rest


def _record(key: bytes, value: bytes) -> bytes:
    """One well-formed pax record (its length counts its own digits)."""
    body = b" " + key + b"=" + value + b"\n"
    size = len(body) + len(str(len(body)))
    size += len(str(size)) - len(str(len(body)))
    return str(size).encode() + body


HOSTILE = {
    "wrong-length": (_with_header(b"x", b"30 path=" + b"a" * 100 + b"\n"),
                     "malformed pax record"),
    # a record without its length after a good one: the reader once stood still there
    "no-length": (_with_header(b"x", _record(b"comment", b"ok") + b"3\x14a\n"),
                  "malformed pax record"),
    "sparse": (_with_header(b"x", _record(b"GNU.sparse.size", b"100")), "sparse file"),
    "global-path": (_with_header(b"g", _record(b"path", b"evil")),
                    "global pax header sets a path"),
    "long-name": (_with_header(b"L", b"n" * 5000), "GNU long name of 5000 bytes"),
    "not-utf8": (_with_header(b"x", _record(b"path", b"\xff\xfe.py")), "not UTF-8"),
    "garbage": (b"\0" * 100 + b"x" * 500, "not a tar or zip archive"),
    "cut-short": (_archive(tarfile.USTAR_FORMAT, "w", {"bot.py": b"x" * 2000})[:1024],
                  "cut short"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_damaged_or_hostile_headers_are_one_line(case: str) -> None:
    data, why = HOSTILE[case]
    said: list[BaseException] = []

    def read() -> None:
        try:
            read_archive(data)
        except BaseException as e:  # handed to the test's thread
            said.append(e)

    reader = threading.Thread(target=read, daemon=True)  # a reader that spins fails, not hangs
    reader.start()
    reader.join(10)
    assert not reader.is_alive(), f"{case}: still reading after 10 s"
    assert len(said) == 1 and isinstance(said[0], tarstream.ArchiveError), said
    assert re.search(why, str(said[0])), said[0]


def test_a_well_formed_record_is_read() -> None:
    assert tarstream.pax_records(_record(b"path", b"bot.py") + _record(b"size", b"12")) == {
        "path": "bot.py", "size": "12"}
