"""The move prior at play time: a small multilayer perceptron, evaluated in numpy, that
gives each legal action of a position a probability (`arena train --policy`,
docs/training.md).

It reads the observation of the seat to move, standardised as the value net reads it
(`ValueNet`'s `mean` and `scale`), and has one output per action it was trained on
(`classes`: the game's action ids, `State.action_id`, the numbering the OpenSpiel and
PettingZoo adapters mask with); the probabilities are a softmax over the legal actions
alone, and an action never seen in training gets the lowest logit of the others."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bots.value_net import (
    Layers,
    activation_of,
    as_layers,
    chain,
    fold,
    forward_entries,
    layer_arrays,
    read_layers,
)


class PolicyNet:
    """Standardised inputs -> hidden layers -> one logit per trained action id (the
    value net's layer helpers, its arrays in the model file prefixed `p`)."""

    def __init__(self, mean: np.ndarray, scale: np.ndarray, layers: Layers, activation: str,
                 classes: np.ndarray) -> None:
        self._act = activation_of(activation)
        self.layers = as_layers(layers)
        self.classes = np.asarray(classes)
        self._check(np.asarray(mean).shape)
        self._folded = fold(np.asarray(mean, np.float32), np.asarray(scale, np.float32),
                            self.layers)
        #: action id -> output column
        self.column = {int(a): k for k, a in enumerate(self.classes.tolist())}

    def _check(self, inputs: tuple[int, ...]) -> None:
        """ValueError unless the layers chain from `inputs` to one output per class, the
        classes are distinct non-negative integers and every weight is finite (a model
        file is hostile input)."""
        width = chain(self.layers, inputs[0] if len(inputs) == 1 else -1, "p", "policy layer")
        c = self.classes
        if c.ndim != 1 or c.dtype.kind not in "iu" or len(c) != width or len(c) < 2:
            raise ValueError(f"pclasses {c.shape} {c.dtype} are not {width} action ids")
        if (c < 0).any() or len(np.unique(c)) != len(c):
            raise ValueError("pclasses are not distinct action ids")
        if not all(np.isfinite(a).all() for layer in self.layers for a in layer):
            raise ValueError("policy weights that are not finite numbers")

    def probabilities(self, ix: list[int], vx: list[float], ids: Sequence[int]) -> list[float]:
        """The prior of each action id in `ids` (the legal actions) at the row given by its
        non-zero entries (`engine.tensor.Layout.entries`): softmax of their logits."""
        logits = forward_entries(self._folded, self._act, ix, vx)
        cols = [self.column.get(a, -1) for a in ids]
        known = [logits[k] for k in cols if k >= 0]
        floor = min(known) if known else 0.0
        z = np.array([logits[k] if k >= 0 else floor for k in cols], np.float64)
        z = np.exp(z - z.max())
        return (z / z.sum()).tolist()

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights by name, for the model file (bots/model_file.py)."""
        return {"pclasses": self.classes} | layer_arrays(self.layers, "p")

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray], mean: np.ndarray, scale: np.ndarray,
                    activation: str) -> PolicyNet | None:
        """The prior of a model file's arrays (None if it has none; ValueError if they do
        not make one)."""
        if "pw0" not in arrays:
            return None
        if "pclasses" not in arrays:
            raise ValueError("no array 'pclasses'")
        return cls(mean, scale, read_layers(arrays, "p"), activation, arrays["pclasses"])
