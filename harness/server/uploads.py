"""Uploaded bots: a tar (plain or compressed) or zip archive, read as hostile input.

Every member is checked before anything is written: a relative path without `..` (nor
an empty, `.` or unprintable part), no deeper than MAX_DEPTH; a regular file or a folder
(a symlink, hard link, device, FIFO or anything else is refused, naming it); at most
MAX_FILES members and MAX_BYTES bytes counted as they are decompressed (sizes in the
headers are never trusted, so an archive bomb stops at the cap). A tar is read by
harness/server/tarstream.py (its headers bounded before they are read, never by `tarfile`);
a zip's central directory is walked here, bounded, before `zipfile` reads it. The caps are
those of a local submission (harness/sandbox/submission.py), and so is the writing: in
memory first, then into a temporary folder renamed into place, so a refusal leaves nothing
behind.
"""

from __future__ import annotations

import io
import stat
import struct
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from engine.common.untrusted import visible
from harness.sandbox.submission import MAX_BYTES, MAX_DEPTH, MAX_FILES, File, SubmissionError, write
from harness.server import tarstream

CHUNK = 1 << 16
#: the largest zip central directory read: per file its fixed part, a path and extras
CD_MAX = MAX_FILES * 1024
_EOCD = struct.Struct("<4s4H2LH")
_LOCATOR = struct.Struct("<4sLQL")
_EOCD64 = struct.Struct("<4sQ2H2L4Q")
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")


class UploadError(SubmissionError):
    """An archive that cannot be taken; the message says why in one line."""


def unpack(data: bytes, dest: Path) -> list[File]:
    """Check the archive `data` and write its files into the new folder `dest`."""
    files = read_archive(data)
    write([(f.path, f) for f in files], dest)
    return files


def read_archive(data: bytes) -> list[File]:
    """The regular files of a tar or zip archive, checked (UploadError otherwise)."""
    if zipfile.is_zipfile(io.BytesIO(data)):
        zip_bounds(data)
        members = _zip_members(data)
    else:
        members = _tar_members(data)
    counter = _Caps()
    files: list[File] = []
    try:
        for name, kind, mode, content in members:
            path = _checked_path(name)
            counter.member(path, kind == "dir")
            if kind == "file":
                assert content is not None
                files.append(File(path, counter.read(path, content), (mode & 0o755) | 0o600))
    except (zipfile.BadZipFile, EOFError, OSError, RuntimeError, ValueError, zlib.error) as e:
        # ValueError: zipfile seeking to a member whose recorded offset lies before the file
        raise UploadError(f"the archive is damaged ({visible(str(e))[:200]})") from None
    if not files:
        raise UploadError("the archive holds no files")
    return files


Member = tuple[str, str, int, IO[bytes] | bytes | None]  # name, "file" | "dir", mode, data


def _tar_members(data: bytes) -> Iterator[Member]:
    """A tar's members as harness/server/tarstream.py reads them (never `tarfile`)."""
    for name, what, mode, content in tarstream.members(data):
        if what != "file" and what != "dir":
            raise UploadError(f"{_shown(name)} is {what} (an upload holds regular files "
                              "and folders only)")
        yield name, what, mode, content


def zip_bounds(data: bytes) -> None:
    """Before `zipfile` reads `data`: its end record found where zipfile finds it, and the
    central directory it names walked here entry by entry, at most CD_MAX bytes and
    MAX_FILES entries (zipfile would build every entry first: 1.3 million of them cost 12 s
    and 600 MB before a count could refuse them)."""
    at = len(data) - _EOCD.size
    if not (at >= 0 and data[at:at + 4] == b"PK\x05\x06" and data[-2:] == b"\0\0"):
        at = data.rfind(b"PK\x05\x06", max(len(data) - (1 << 16) - _EOCD.size, 0))
    if at < 0 or at + _EOCD.size > len(data):
        raise UploadError("the upload is not a tar or zip archive")
    size_cd = _EOCD.unpack_from(data, at)[5]
    start = at - size_cd
    loc = at - _LOCATOR.size
    if loc >= 0 and data[loc:loc + 4] == b"PK\x06\x07":
        rec = loc - _EOCD64.size
        if rec >= 0 and data[rec:rec + 4] == b"PK\x06\x06":
            size_cd = _EOCD64.unpack_from(data, rec)[8]
            start = rec - size_cd
    if size_cd > CD_MAX:
        raise UploadError(f"the archive's central directory holds {size_cd} bytes (more "
                          f"than {CD_MAX} for {MAX_FILES} files)")
    if start < 0:
        raise UploadError("the archive is damaged (its central directory lies before it)")
    count = total = 0
    while total < size_cd:
        entry = data[start + total:start + total + _CENTRAL.size]
        if len(entry) != _CENTRAL.size or entry[:4] != b"PK\x01\x02":
            raise UploadError("the archive is damaged (a bad central directory entry)")
        count += 1
        if count > MAX_FILES:
            raise UploadError(f"the archive holds more than {MAX_FILES} files")
        name, extra, comment = _CENTRAL.unpack_from(entry)[12:15]
        total += _CENTRAL.size + name + extra + comment


def _zip_members(data: bytes) -> Iterator[Member]:
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError) as e:
        raise UploadError(f"the archive is damaged ({visible(str(e))[:200]})") from None
    infos = zf.infolist()
    if len(infos) > MAX_FILES:
        raise UploadError(f"the archive holds more than {MAX_FILES} files")
    for info in infos:
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            # zipfile decompresses bzip2 and LZMA entries without an output bound per read
            # (177 bytes of bzip2 are 200 MB of zeros): only stored or deflated ones
            raise UploadError(f"{_shown(info.filename)} is compressed with method "
                              f"{info.compress_type} (an upload's zip holds stored or "
                              "deflated files; or send a tar.gz)")
        mode = info.external_attr >> 16
        kind = stat.S_IFMT(mode)
        if not info.filename:  # zipfile's is_dir() would fail on it (IndexError)
            raise UploadError("the archive holds a member without a name")
        if info.is_dir():
            yield info.filename, "dir", 0o755, None
        elif kind in (0, stat.S_IFREG):
            yield info.filename, "file", stat.S_IMODE(mode) or 0o644, zf.open(info)
        else:
            what = {stat.S_IFLNK: "a symlink", stat.S_IFCHR: "a device",
                    stat.S_IFBLK: "a device", stat.S_IFIFO: "a FIFO"}.get(
                        kind, "not a regular file")
            raise UploadError(f"{_shown(info.filename)} is {what} (an upload holds regular "
                              "files and folders only)")


def _shown(name: str) -> str:
    return "'" + visible(name)[:200] + "'"


def _checked_path(name: str) -> str:
    """`name` as a path inside the submission's folder, or UploadError."""
    if name.startswith("/") or name.startswith("\\") or (len(name) > 1 and name[1] == ":"):
        raise UploadError(f"{_shown(name)} is an absolute path (an upload's paths are "
                          "relative to its folder)")
    parts = [p for p in name.rstrip("/").split("/")]
    if any(p == ".." for p in parts):
        raise UploadError(f"{_shown(name)} leads outside the submission's folder ('..')")
    if any(p in ("", ".") or not p.isprintable() or "\\" in p for p in parts):
        raise UploadError(f"{_shown(name)} is not a plain relative path (empty or '.' parts, "
                          "unprintable characters or backslashes)")
    if len(parts) > MAX_DEPTH:
        raise UploadError(f"{_shown(name)} lies deeper than {MAX_DEPTH} folders")
    return "/".join(parts)


class _Caps:
    """Counts members and decompressed bytes against the caps of a submission."""

    def __init__(self) -> None:
        self.members = 0
        self.total = 0
        self.files: set[str] = set()
        self.dirs: set[str] = set()

    def member(self, path: str, is_dir: bool) -> None:
        self.members += 1
        if self.members > MAX_FILES:
            raise UploadError(f"the archive holds more than {MAX_FILES} files")
        parents = {"/".join(path.split("/")[:i]) for i in range(1, path.count("/") + 1)}
        if path in self.files or (not is_dir and path in self.dirs) or parents & self.files:
            raise UploadError(f"{_shown(path)} appears twice in the archive")
        (self.dirs if is_dir else self.files).add(path)
        self.dirs |= parents

    def read(self, path: str, stream: IO[bytes] | bytes) -> bytes:
        """The member's bytes, stopped as soon as they pass the cap."""
        if isinstance(stream, bytes):
            stream = io.BytesIO(stream)
        out = bytearray()
        while chunk := stream.read(CHUNK):
            self.total += len(chunk)
            if self.total > MAX_BYTES:
                raise UploadError(f"the archive unpacks to more than {MAX_BYTES // 1024**2} "
                                  f"MiB (at {_shown(path)})")
            out += chunk
        return bytes(out)
