"""Serializable randomness (docs/architecture.md, "Randomness is part of the state").

`Rng` is splitmix64 held as one integer inside a msgspec Struct, so it is cloned,
encoded and replaced (by `sample_state`) together with the game state.
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

import msgspec

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

T = TypeVar("T")

#: splitmix64's constants, C unsigned 64-bit integers where the module is compiled: there
#: the generator's arithmetic wraps modulo 2**64 in C instead of allocating Python ints,
#: and the masks that give Python the same numbers cost nothing
GAMMA = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
MIX1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
MIX2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)
MASK = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
LOW32 = cython.declare(cython.ulonglong, 0xFFFFFFFF)
#: `below(n)` below this bound takes the high 64 bits of the 128-bit product z * n in
#: two 64-bit halves (exact: see `_high64`)
SMALL = 1 << 32


def derive_seed(seed: int, *purpose: object) -> int:
    """A 64-bit seed derived from (seed, purpose...), independent of call order."""
    text = repr((int(seed), *purpose)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


@cython.cfunc
@cython.inline
@cython.returns(cython.ulonglong)
@cython.locals(z=cython.ulonglong, n=cython.ulonglong)
def _high64(z: int, n: int) -> int:
    """`(z * n) >> 64` for z < 2**64 and n < 2**32, in 64-bit arithmetic: with z = h * 2**32
    + l, (z * n) >> 64 = (h * n + (l * n >> 32)) >> 32 (neither product nor the sum reaches
    2**64). Compiled, a C function of this module only."""
    return ((z >> 32) * n + (((z & LOW32) * n) >> 32)) >> 32


class Rng(msgspec.Struct, array_like=True):
    """splitmix64 generator; `s` is the whole state, a 64-bit unsigned integer (another
    value is refused when the generator is made or decoded)."""

    s: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.s <= MASK:
            raise ValueError(f"a generator's state is an integer in [0, 2**64): {self.s}")

    @classmethod
    def from_seed(cls, seed: int, *purpose: object) -> Rng:
        return cls(derive_seed(seed, *purpose))

    @cython.locals(x=cython.ulonglong, z=cython.ulonglong)
    def next64(self) -> int:
        x = self.s
        x = (x + GAMMA) & MASK
        self.s = x
        z = ((x ^ (x >> 30)) * MIX1) & MASK
        z = ((z ^ (z >> 27)) * MIX2) & MASK
        return z ^ (z >> 31)

    @cython.locals(x=cython.ulonglong, z=cython.ulonglong)
    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (multiply-shift; bias < n / 2**64)."""
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        # next64 inline (one call less per draw; the same numbers)
        x = self.s
        x = (x + GAMMA) & MASK
        self.s = x
        z = ((x ^ (x >> 30)) * MIX1) & MASK
        z = ((z ^ (z >> 27)) * MIX2) & MASK
        z = z ^ (z >> 31)
        if n < SMALL:
            return _high64(z, n)
        return (z * n) >> 64  # type: ignore[no-any-return]

    def choice(self, seq: list[T] | tuple[T, ...]) -> T:
        return seq[self.below(len(seq))]

    @cython.locals(x=cython.ulonglong, z=cython.ulonglong, i=cython.Py_ssize_t,
                   j=cython.Py_ssize_t)
    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place (draws as `below(i + 1)` for i from the end down)."""
        x = self.s
        for i in range(len(items) - 1, 0, -1):
            x = (x + GAMMA) & MASK
            z = ((x ^ (x >> 30)) * MIX1) & MASK
            z = ((z ^ (z >> 27)) * MIX2) & MASK
            j = _high64(z ^ (z >> 31), i + 1)
            items[i], items[j] = items[j], items[i]
        self.s = x
