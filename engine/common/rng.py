"""Serializable randomness (docs/architecture.md, "Randomness is part of the state").

`Rng` is splitmix64 held as one integer inside a msgspec Struct, so it is cloned,
encoded and replaced (by `sample_state`) together with the game state.
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

import msgspec

T = TypeVar("T")


def derive_seed(seed: int, *purpose: object) -> int:
    """A 64-bit seed derived from (seed, purpose...), independent of call order."""
    text = repr((int(seed), *purpose)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


class Rng(msgspec.Struct, array_like=True):
    """splitmix64 generator; `s` is the whole state."""

    s: int = 0

    @classmethod
    def from_seed(cls, seed: int, *purpose: object) -> Rng:
        return cls(derive_seed(seed, *purpose))

    def next64(self) -> int:
        x = self.s = (self.s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (multiply-shift; bias < n / 2**64)."""
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        # next64 inline (one call less per draw; the same numbers)
        x = self.s = (self.s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, seq: list[T] | tuple[T, ...]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place (draws as `below(i + 1)` for i from the end down)."""
        x = self.s
        for i in range(len(items) - 1, 0, -1):
            x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.s = x
