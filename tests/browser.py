"""Look at a page as a person's browser shows it: headless Chromium (Debian's `chromium`,
which .ci/run installs) prints a page's DOM after its scripts would have run
(`--dump-dom`) or saves a screenshot (`--screenshot`), each run with a profile of its own
that is removed afterwards. Screenshots are read with zlib and numpy (`read_png`): pixels,
not just a file. Tests that need it skip, with the reason, only where Chromium is absent.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

import numpy as np
import pytest

CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it: "
    "apt-get install chromium)")

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--hide-scrollbars", "--disable-extensions", "--mute-audio")


def _chromium(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory(prefix="arena-chromium-") as profile:
        return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
                              capture_output=True, timeout=timeout, check=True)


def dump_dom(url: str) -> str:
    """The page's DOM once loaded (after any script it runs), serialized."""
    return _chromium("--dump-dom", url).stdout.decode()


def screenshot(url: str, width: int, height: int, out: Path) -> np.ndarray:
    """The page at `width` x `height` as pixels (height, width, 3 or 4), also kept in `out`."""
    _chromium(f"--screenshot={out}", f"--window-size={width},{height}", url)
    return read_png(out.read_bytes())


def read_png(data: bytes) -> np.ndarray:
    """An 8-bit RGB or RGBA PNG (not interlaced) as an array (height, width, channels): its
    chunks checked (CRC), its scanlines unfiltered (None, Sub, Up, Average, Paeth) along
    anti-diagonals, where no pixel depends on another, so numpy takes each at once."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in chunk {kind!r}"
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + n
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and not interlace, "only 8-bit RGB(A) PNGs"
    bpp = 3 if colour == 2 else 4
    raw = np.frombuffer(zlib.decompress(b"".join(idat)), np.uint8)
    raw = raw.reshape(height, 1 + width * bpp)
    kinds = raw[:, 0].astype(np.int32)
    assert kinds.max() <= 4, "unknown filter type"
    x = raw[:, 1:].reshape(height, width, bpp).astype(np.int32)
    sub, up, avg, paeth = ((kinds == k)[:, None] for k in (1, 2, 3, 4))
    keep_a = sub | avg | paeth  # rows whose predictor may take the left pixel
    out = np.zeros((height + 1, width + 1, bpp), np.int32)  # a zero row above, column left
    for d in range(height + width - 1):
        r = np.arange(max(0, d - width + 1), min(height, d + 1))
        j = d - r
        a, b, c = out[r + 1, j], out[r, j + 1], out[r, j]
        pa, pb, pc = np.abs(b - c), np.abs(a - c), np.abs(a + b - 2 * c)
        pick = np.where((pa <= pb) & (pa <= pc), a, np.where(pb <= pc, b, c))
        pred = np.where(paeth[r], pick, np.where(avg[r], (a + b) >> 1,
                                                  np.where(keep_a[r], a, b * up[r])))
        out[r + 1, j + 1] = (x[r, j] + pred) & 255
    return out[1:, 1:].astype(np.uint8)


def colours(pixels: np.ndarray) -> set[tuple[int, ...]]:
    """The distinct colours of an image (RGB)."""
    rgb = pixels[..., :3].reshape(-1, 3)
    return {tuple(int(v) for v in c) for c in np.unique(rgb, axis=0)}


def share(pixels: np.ndarray, rgb: str, tolerance: int = 6) -> float:
    """The share of pixels within `tolerance` of colour `#rrggbb` in every channel."""
    want = np.array([int(rgb[i:i + 2], 16) for i in (1, 3, 5)])
    close = np.all(np.abs(pixels[..., :3].astype(int) - want) <= tolerance, axis=-1)
    return float(close.mean())
