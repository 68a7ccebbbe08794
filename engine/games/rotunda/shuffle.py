"""Shuffling with the state's generator, fast (issue 41): the same Fisher-Yates as
`Rng.shuffle`, drawing the same numbers in the same order (splitmix64, multiply-shift
`below`), with the generator's steps inlined. Set-up shuffles seven piles and every
`sample_state` four, so this loop is most of their cost."""

from __future__ import annotations

from typing import TypeVar

from engine.common.rng import Rng

T = TypeVar("T")

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def shuffle(rng: Rng, items: list[T]) -> None:
    """`rng.shuffle(items)`: the same permutation, the generator left in the same state."""
    x = rng.s
    gamma, mask, mix1, mix2 = GAMMA, MASK, MIX1, MIX2  # locals: no global look-ups per step
    for i in range(len(items) - 1, 0, -1):
        x = (x + gamma) & mask
        z = ((x ^ (x >> 30)) * mix1) & mask
        z = ((z ^ (z >> 27)) * mix2) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    rng.s = x
