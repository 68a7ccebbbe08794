"""Seeds of a search: every seed a bot draws is derived from one root by labels."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.common.rng import derive_seed


@dataclass(frozen=True, slots=True)
class Seeds:
    """A node of a seed tree: `seeds("det", 3)` is the seed labelled ("det", 3) under it,
    `seeds.child(...)` the node there, `seeds.rng(...)` a generator seeded there."""

    value: int

    @classmethod
    def of(cls, *labels: object) -> Seeds:
        """The node that `labels` (a bot's seed, its name, the game seed, ...) derive."""
        return cls(derive_seed(*labels))

    def __call__(self, *labels: object) -> int:
        return derive_seed(self.value, *labels)

    def child(self, *labels: object) -> Seeds:
        return Seeds(self(*labels))

    def rng(self, *labels: object) -> random.Random:
        return random.Random(self(*labels))
