"""A model file (`mcts:model=PATH`, pinned from a ladder submission) is hostile input: one
built to exhaust the reader, with deep nesting, huge declared arrays, a huge archive index
or a file that is not a file, is refused in one line, with little memory, before it is
read."""

from __future__ import annotations

import io
import os
import resource
import struct
import threading
import zipfile
from pathlib import Path

import msgspec
import numpy as np
import pytest

from bots.model_file import MAX_READ_BYTES, Header, ModelError, load
from engine import tensor

GAME = "year_of_the_dragon"


def _header(**fields: object) -> bytes:
    lay = tensor.layout(GAME, 2)
    header = Header(game=GAME, players=2, layout_version=tensor.LAYOUT_VERSION,
                    layout_fingerprint=lay.fingerprint, layout_size=lay.size)
    return msgspec.json.encode(header)[:-1] + b"".join(
        b"," + msgspec.json.encode(k) + b":" + v for k, v in fields.items()) + b"}"


def _npy(descr: object, shape: tuple[int, ...], data: bytes = b"") -> bytes:
    """An .npy member as NumPy writes one, declaring `descr` and `shape`, holding `data`."""
    f = io.BytesIO()
    np.lib.format.write_array_header_1_0(f, {"descr": descr, "fortran_order": False,
                                             "shape": shape})
    return f.getvalue() + data


def _model(path: Path, header: bytes, **members: bytes) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("header.npy", _npy("|u1", (len(header),), header))
        for name, data in members.items():
            z.writestr(f"{name}.npy", data)
    return path


HOSTILE = {
    "header nested 100,000 deep": (
        {"header": _header(fit=b"{\"x\":" + b"[" * 100_000 + b"]" * 100_000 + b"}")},
        "too deeply"),
    "a 1 MiB-plus header": ({"header": _header(trained_on=b'"' + b"x" * (1 << 20) + b'"')},
                            "more than the 1,048,576 left for it"),
    "an array of 8 TB declared": ({"mean": _npy("<f8", (10**12,))}, "declares 8,000,000,000,000"),
    "a shape whose size overflows": ({"mean": _npy("<f8", (2**40, 2**40))}, "declares"),
    "an array of objects": ({"mean": _npy("|O", (3,))}, "of type object"),
    "nested records": ({"mean": _npy([("a", [("b", [("c", "<f4")])])], (1,), bytes(4))},
                       "of type"),
    "80 dimensions": ({"mean": _npy("<f4", (1,) * 80, bytes(4))}, "of type float32"),
    "more bytes than declared": ({"mean": _npy("<f4", (2,), bytes(4096))},
                                 "declares 8 bytes, but the file holds 4,096"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_model_built_to_exhaust_the_reader_is_refused_in_one_line(
        case: str, tmp_path: Path) -> None:
    members, says = HOSTILE[case]
    members = dict(members)
    path = _model(tmp_path / "m.npz", members.pop("header", _header()), **members)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ModelError) as e:
        load(path)
    assert says in str(e.value) and "\n" not in str(e.value), str(e.value)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 100_000  # KiB


def test_an_archive_index_too_large_to_read_is_refused_before_it_is_read(
        tmp_path: Path) -> None:
    """60,000 entries (a million cost zipfile seconds and hundreds of MB to list): the
    index is refused from the size its end record declares."""
    entries = b"".join(struct.pack("<4s6H3I5H2I", b"PK\x01\x02", 20, 20, 0, 0, 0, 0, 0, 0, 0,
                                   9, 0, 0, 0, 0, 0, 0) + b"a%07d" % i + b".npy"
                       for i in range(60_000))
    end = struct.pack("<4s4H2IH", b"PK\x05\x06", 0, 0, 60_000, 60_000, len(entries), 0, 0)
    path = tmp_path / "m.npz"
    path.write_bytes(entries + end)
    assert len(entries) > MAX_READ_BYTES
    with pytest.raises(ModelError, match=f"asks to read {len(entries):,} bytes at once"):
        load(path)


@pytest.mark.parametrize("what", ["a FIFO", "/dev/zero"])
def test_a_path_that_is_not_a_file_is_refused_without_waiting(what: str,
                                                              tmp_path: Path) -> None:
    path = tmp_path / "fifo.npz" if what == "a FIFO" else Path("/dev/zero")
    if what == "a FIFO":
        os.mkfifo(path)
    said: list[str] = []

    def read() -> None:
        try:
            load(path)
        except ModelError as e:
            said.append(str(e))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    assert said == [f"{path} is not a model file: not a regular file"]


@pytest.mark.parametrize("method", [zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
def test_an_array_compressed_to_inflate_whole_is_refused_before_it_is_read(
        method: int, tmp_path: Path) -> None:
    """A member of 16 MiB of zeros compressed with bzip2 (or LZMA), its index declaring
    228 bytes: zipfile would inflate it whole at its first read, however large (1.6 KB of
    bzip2 holding 2 GB once cost 4 GB and 36 s)."""
    head = _npy("|u1", (100,))
    info = zipfile.ZipInfo("header.npy")
    info.compress_type = method
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z, z.open(info, "w") as f:
        f.write(head + bytes(1 << 24))
    data = bytearray(buf.getvalue())
    for at in (22, data.rfind(b"PK\x01\x02") + 24):  # local and central sizes: small
        struct.pack_into("<L", data, at, len(head) + 100)
    path = tmp_path / "m.npz"
    path.write_bytes(bytes(data))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ModelError, match="'header.npy' is compressed with bzip2 or LZMA"):
        load(path)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 100_000  # KiB


@pytest.mark.parametrize(("field", "value", "says"), [
    (6, 99, "zip file version 9.9"),  # the version needed to extract: zipfile's NotImplemented
    (8, 1, "encrypted"),              # the encryption flag: zipfile wants a password
])
def test_a_member_zipfile_will_not_read_is_one_line(field: int, value: int, says: str,
                                                   tmp_path: Path) -> None:
    """A model whose index asks for what zipfile does not do is refused in one line (it
    was a NotImplementedError or RuntimeError: 'internal error' in a server's validation)."""
    path = _model(tmp_path / "m.npz", _header(), mean=_npy("<f4", (2,), bytes(8)))
    data = bytearray(path.read_bytes())
    entry = data.index(b"PK\x01\x02")  # the first entry of the central directory
    data[entry + field] = value
    local = struct.unpack_from("<L", data, entry + 42)[0]
    data[local + field - 2] = value  # the local header holds the same field 2 bytes earlier
    path.write_bytes(bytes(data))
    with pytest.raises(ModelError) as e:
        load(path)
    assert says in str(e.value) and "\n" not in str(e.value), str(e.value)
