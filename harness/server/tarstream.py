"""A tar stream read here, block by block, and never by the standard library's `tarfile`.

An uploaded tar is hostile: `tarfile` reads a GNU long name or a pax header whole into
memory whatever its size (256 MiB from a 260 KB gzip), and some Python 3.11/3.12 releases
parse a pax record in quadratic time (a 128k-digit length froze a server for 29 s). So the
raw 512-byte headers are read here, with bounds checked before anything is read past them:

- the stream is decompressed (gzip, bzip2, xz or none) as it is read, at most
  `STREAM_CAP` bytes in all (files, headers and padding count alike), an xz stream within
  `XZ_MEMORY` of decoder memory, at most `MAX_STREAMS` concatenated compressed streams;
- a pax header holds at most `PAX_MAX` bytes of well-formed records (`LEN key=value\\n`,
  read in linear time), a GNU long name or link at most `LONG_NAME_MAX` bytes, and at
  most `META_RUN` such headers stand before one member;
- a member's path comes from its pax `path`, else its GNU long name, else its ustar
  prefix and name; its size from its pax `size`, else its header; names are UTF-8.

What is yielded is each member's path, kind and mode, and its bytes: the caller counts
them against a submission's caps (harness/server/uploads.py).
"""

from __future__ import annotations

import bz2
import lzma
import zlib
from collections.abc import Iterator
from typing import Any

from engine.common.untrusted import visible
from harness.sandbox.submission import MAX_BYTES, MAX_FILES, SubmissionError

BLOCK = 512
#: the most bytes a tar stream may hold once decompressed: the files' cap, and per member
#: room for its header, a pax header and a long name with their padding
STREAM_CAP = MAX_BYTES + MAX_FILES * 8 * BLOCK + 20 * BLOCK
#: the largest pax header (extended or global) and GNU long name or link read
PAX_MAX = 8 * 1024
LONG_NAME_MAX = 4 * 1024
#: header blocks (pax, long names) allowed in a row before a member's own header
META_RUN = 4
#: concatenated compressed streams (gzip members) read at most
MAX_STREAMS = 16
#: the decoder memory an xz stream may ask for (its dictionary); xz -9 needs 65 MiB
XZ_MEMORY = 96 * 1024**2
CHUNK = 1 << 16

_GZIP, _BZIP2, _XZ = b"\x1f\x8b", b"BZh", b"\xfd7zXZ\x00"
_ZERO = bytes(BLOCK)


class ArchiveError(SubmissionError):
    """A tar stream that cannot be taken; the message says why in one line."""


class Inflated:
    """The bytes of `data` decompressed on demand, at most `cap` of them (ArchiveError
    past it, or on a damaged stream)."""

    def __init__(self, data: bytes, cap: int = STREAM_CAP) -> None:
        self.cap, self.produced, self.streams = cap, 0, 0
        self.buf, self.pos = bytearray(), 0
        self.pending = memoryview(data)
        self.kind = ("gzip" if data.startswith(_GZIP) else "bzip2" if data.startswith(_BZIP2)
                     else "xz" if data.startswith(_XZ) else "")
        self.dec: Any = None
        if self.kind:
            self._next_stream()

    def _next_stream(self) -> None:
        self.streams += 1
        if self.streams > MAX_STREAMS:
            raise ArchiveError(f"the archive is more than {MAX_STREAMS} concatenated "
                               f"{self.kind} streams")
        self.dec = (zlib.decompressobj(wbits=31) if self.kind == "gzip"
                    else bz2.BZ2Decompressor() if self.kind == "bzip2"
                    else lzma.LZMADecompressor(lzma.FORMAT_XZ, memlimit=XZ_MEMORY))

    def _chunk(self) -> bytes:
        """The next decompressed chunk (b"" at the end of the data)."""
        if not self.kind:
            chunk, self.pending = bytes(self.pending[:CHUNK]), self.pending[CHUNK:]
            return chunk
        if self.dec is None:
            return b""
        try:
            if self.kind == "gzip":
                chunk = self.dec.decompress(self.pending, CHUNK)
                self.pending = memoryview(self.dec.unconsumed_tail)
                starving = not chunk and not self.pending
            else:
                feed, self.pending = self.pending, memoryview(b"")
                chunk = self.dec.decompress(feed, CHUNK)
                starving = not chunk and self.dec.needs_input
        except lzma.LZMAError as e:
            if "memory" in str(e).lower():
                raise ArchiveError(f"the archive's xz stream needs more than "
                                   f"{XZ_MEMORY // 1024**2} MiB to decompress") from None
            raise ArchiveError(f"the archive's xz stream is damaged ({visible(str(e))[:120]})"
                               ) from None
        except (zlib.error, OSError, EOFError) as e:
            raise ArchiveError(f"the archive's {self.kind} stream is damaged "
                               f"({visible(str(e))[:120]})") from None
        if self.dec.eof:
            rest = self.dec.unused_data
            self.dec = None
            if rest.strip(b"\0"):  # another stream follows (zero padding ends it)
                self.pending = memoryview(rest)
                self._next_stream()
        elif starving:
            raise ArchiveError(f"the archive's {self.kind} stream is cut short")
        return chunk

    def read(self, n: int) -> bytes:
        """The next `n` bytes (fewer only at the end of the stream)."""
        idle = 0
        while len(self.buf) - self.pos < n:
            chunk = self._chunk()
            if not chunk:
                if (self.dec is None) if self.kind else not self.pending:
                    break
                idle += 1  # a decoder reading headers gives nothing for a while, not forever
                if idle > 1024:
                    raise ArchiveError(f"the archive's {self.kind} stream is damaged")
                continue
            self.produced += len(chunk)
            if self.produced > self.cap:
                raise ArchiveError(f"the archive unpacks to more than "
                                   f"{self.cap // 1024**2} MiB (files and headers together)")
            if self.pos:
                del self.buf[:self.pos]
                self.pos = 0
            self.buf += chunk
        got = bytes(self.buf[self.pos:self.pos + n])
        self.pos += len(got)
        return got


def _exact(stream: Inflated, n: int) -> bytes:
    data = stream.read(n)
    if len(data) != n:
        raise ArchiveError("the archive is cut short (a member's data is missing)")
    return data


def _padded(size: int) -> int:
    return -(-size // BLOCK) * BLOCK


def _number(field: bytes) -> int:
    """A header's numeric field: octal digits (NUL or space ended) or GNU base-256."""
    if field[:1] == b"\x80":
        return int.from_bytes(field[1:], "big")
    if field[:1] == b"\xff":
        raise ArchiveError("the archive is damaged (a negative number in a header)")
    digits = field.split(b"\0", 1)[0].strip(b" ")
    if not digits:
        return 0
    if digits.strip(b"01234567"):
        raise ArchiveError("the archive is damaged (a header's number is not octal)")
    return int(digits, 8)


def _checked(header: bytes) -> None:
    """The header's checksum (unsigned, or signed as some old tars wrote it)."""
    stored = _number(header[148:156])
    blanked = header[:148] + b" " * 8 + header[156:]
    if stored not in (sum(blanked), sum(b - 256 if b > 127 else b for b in blanked)):
        raise ArchiveError("the archive is damaged (a header's checksum is wrong)")


def _text(raw: bytes, what: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ArchiveError(f"{what} {visible(raw.decode('utf-8', 'replace'))[:200]!r} is "
                           "not UTF-8") from None


def pax_records(data: bytes) -> dict[str, str]:
    """The records of a pax header (`LEN key=value\\n` each, LEN counting the whole
    record), read once from left to right; ArchiveError on anything else."""
    records: dict[str, str] = {}
    i, end = 0, len(data.rstrip(b"\0"))
    while i < end:
        space = data.find(b" ", i, min(i + 8, end))
        if space <= i or not data[i:space].isdigit():  # no length: once a loop that never
            raise ArchiveError("the archive is damaged (a malformed pax record)")  # moved on
        length = int(data[i:space])
        if length <= space - i + 2 or i + length > end or data[i + length - 1] != 0x0A:
            raise ArchiveError("the archive is damaged (a malformed pax record)")
        key, eq, value = data[space + 1:i + length - 1].partition(b"=")
        if not eq or not key:
            raise ArchiveError("the archive is damaged (a malformed pax record)")
        records[_text(key, "pax key")] = _text(value, "pax value")
        i += length
    return records


Member = tuple[str, str, int, bytes]  # path, kind ("file", "dir" or what else it is), mode, data

#: tar type flags and what an upload calls them (everything else: "not a regular file")
_KINDS = {b"0": "file", b"\0": "file", b"7": "file", b"5": "dir", b"1": "a hard link",
          b"2": "a symlink", b"3": "a device", b"4": "a device", b"6": "a FIFO",
          b"S": "a sparse file"}


def members(data: bytes, budget: int = MAX_BYTES) -> Iterator[Member]:
    """The members of the tar archive `data` (compressed or not), one at a time, each
    checked against the bounds above; a member's data is read only when the members so far
    and it stay within `budget` bytes."""
    stream = Inflated(data)
    pax: dict[str, str] = {}
    long: dict[bytes, str] = {}
    run = total = count = 0
    first = True
    while True:
        header = stream.read(BLOCK)
        if not header or header == _ZERO:
            return
        try:
            if len(header) < BLOCK:
                raise ArchiveError("the archive is cut short (half a header)")
            _checked(header)
        except ArchiveError:
            if first:
                raise ArchiveError("the upload is not a tar or zip archive") from None
            raise
        first = False
        kind, size = header[156:157], _number(header[124:136])
        if kind in (b"x", b"g", b"X", b"L", b"K"):
            run += 1
            limit = LONG_NAME_MAX if kind in (b"L", b"K") else PAX_MAX
            if size > limit:
                what = "GNU long name" if kind in (b"L", b"K") else "pax header"
                raise ArchiveError(f"the archive holds a {what} of {size} bytes (at most "
                                   f"{limit} are read)")
            if run > META_RUN:
                raise ArchiveError(f"the archive holds more than {META_RUN} extended headers "
                                   "(pax, long names) before one member")
            body = _exact(stream, _padded(size))[:size]
            if kind in (b"L", b"K"):
                long[kind] = _text(body.split(b"\0", 1)[0], "a long name")
                continue
            records = pax_records(body)
            if any(k.startswith("GNU.sparse") for k in records):
                raise ArchiveError("the archive holds a sparse file (an upload holds regular "
                                   "files and folders only)")
            if kind == b"g":
                if {"path", "linkpath", "size"} & records.keys():
                    raise ArchiveError("the archive's global pax header sets a path or size")
            else:
                pax = records
            continue
        run = 0
        count += 1
        if count > MAX_FILES:
            raise ArchiveError(f"the archive holds more than {MAX_FILES} files")
        if "size" in pax:
            if not pax["size"].isdigit() or len(pax["size"]) > 20:
                raise ArchiveError("the archive is damaged (a pax size is not a number)")
            size = int(pax["size"])
        path = pax.get("path") or long.get(b"L") or _ustar_name(header)
        what = _KINDS.get(kind, "not a regular file")
        if kind == b"\0" and path.endswith("/"):
            what = "dir"
        mode = _number(header[100:108]) & 0o7777
        pax, long = {}, {}
        if what == "dir":
            if size:
                raise ArchiveError(f"the archive is damaged (folder {visible(path)[:200]!r} "
                                   "has data)")
            yield path, what, mode, b""
            continue
        if what != "file":
            yield path, what, mode, b""
            return
        total += size
        if total > budget:
            raise ArchiveError(f"the archive unpacks to more than {budget // 1024**2} MiB "
                               f"(at {visible(path)[:200]!r})")
        yield path, what, mode, _exact(stream, _padded(size))[:size]


def _ustar_name(header: bytes) -> str:
    name = header[0:100].split(b"\0", 1)[0]
    if header[257:265] == b"ustar\x0000":
        prefix = header[345:500].split(b"\0", 1)[0]
        if prefix:
            name = prefix + b"/" + name
    return _text(name, "member name")
