"""Uploaded bots: a tar (plain or compressed) or zip archive, read as hostile input.

Every member is checked before anything is written: a relative path without `..` (nor
an empty, `.` or unprintable part), no deeper than MAX_DEPTH; a regular file or a folder
(a symlink, hard link, device, FIFO or anything else is refused, naming it); at most
MAX_FILES members and MAX_BYTES bytes counted as they are decompressed (sizes in the
headers are never trusted, so an archive bomb stops at the cap). The caps are those of a
local submission (harness/sandbox/submission.py), and so is the writing: in memory first, then
into a temporary folder renamed into place, so a refusal leaves nothing behind.
"""

from __future__ import annotations

import io
import stat
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from engine.common.untrusted import visible
from harness.sandbox.submission import MAX_BYTES, MAX_DEPTH, MAX_FILES, File, SubmissionError, write

CHUNK = 1 << 16


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
        members = _zip_members(data)
    else:
        try:
            tf = tarfile.open(fileobj=io.BytesIO(data), mode="r:*")
        except (tarfile.TarError, EOFError, OSError):
            raise UploadError("the upload is not a tar or zip archive") from None
        members = _tar_members(tf)
    counter = _Caps()
    files: list[File] = []
    try:
        for name, kind, mode, stream in members:
            path = _checked_path(name)
            counter.member(path, kind == "dir")
            if kind == "file":
                assert stream is not None
                files.append(File(path, counter.read(path, stream), (mode & 0o755) | 0o600))
    except (tarfile.TarError, zipfile.BadZipFile, EOFError, OSError, RuntimeError) as e:
        raise UploadError(f"the archive is damaged ({visible(str(e))[:200]})") from None
    if not files:
        raise UploadError("the archive holds no files")
    return files


Member = tuple[str, str, int, IO[bytes] | None]  # name, "file" | "dir", mode, data


def _tar_members(tf: tarfile.TarFile) -> Iterator[Member]:
    for m in tf:  # read one header at a time: a million members stop at the cap
        what = _tar_kind(m)
        if what != "file" and what != "dir":
            raise UploadError(f"{_shown(m.name)} is {what} (an upload holds regular files "
                              "and folders only)")
        yield m.name, what, m.mode, tf.extractfile(m) if what == "file" else None


def _tar_kind(m: tarfile.TarInfo) -> str:
    if m.isreg():
        return "file"
    if m.isdir():
        return "dir"
    if m.issym():
        return "a symlink"
    if m.islnk():
        return "a hard link"
    if m.ischr() or m.isblk():
        return "a device"
    if m.isfifo():
        return "a FIFO"
    return "not a regular file"


def _zip_members(data: bytes) -> Iterator[Member]:
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError) as e:
        raise UploadError(f"the archive is damaged ({visible(str(e))[:200]})") from None
    infos = zf.infolist()
    if len(infos) > MAX_FILES:
        raise UploadError(f"the archive holds more than {MAX_FILES} files")
    for info in infos:
        mode = info.external_attr >> 16
        kind = stat.S_IFMT(mode)
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

    def read(self, path: str, stream: IO[bytes]) -> bytes:
        """The member's bytes, stopped as soon as they pass the cap."""
        out = bytearray()
        while chunk := stream.read(CHUNK):
            self.total += len(chunk)
            if self.total > MAX_BYTES:
                raise UploadError(f"the archive unpacks to more than {MAX_BYTES // 1024**2} "
                                  f"MiB (at {_shown(path)})")
            out += chunk
        return bytes(out)
