"""The value model at play time: a small multilayer perceptron evaluated in numpy.

The weights are those scikit-learn fitted (harness/training/fit.py); numpy needs no model object
and is faster per call for one position (measured in docs/training.md)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: hidden-layer activations scikit-learn's MLPRegressor offers, as numpy functions
ACTIVATIONS = {
    "relu": lambda h: np.maximum(h, 0.0, out=h),
    "tanh": np.tanh,
    "logistic": lambda h: 1.0 / (1.0 + np.exp(-h)),
    "identity": lambda h: h,
}


class ValueNet:
    """Standardised inputs -> hidden layers -> one value per row, added to the row's `base`
    value when given (the game's heuristic: the net learns its error), clipped to [0, 1] (a
    seat's result: 1 first, 0 last, `bots.mcts_leaf.rank_rewards`)."""

    def __init__(self, mean: np.ndarray, scale: np.ndarray,
                 layers: Sequence[tuple[np.ndarray, np.ndarray]], activation: str) -> None:
        if activation not in ACTIVATIONS:
            raise ValueError(f"unknown activation {activation!r}")
        self.mean = np.asarray(mean, np.float32)
        self.scale = np.asarray(scale, np.float32)
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32))
                       for w, b in layers]
        self._check()
        self.activation = activation
        self._act = ACTIVATIONS[activation]
        # the standardisation folded into the first layer: one operation less per call
        (w0, b0), rest = self.layers[0], self.layers[1:]
        self._first = (w0 / self.scale[:, None], b0 - (self.mean / self.scale) @ w0)
        self._rest = rest

    def _check(self) -> None:
        """ValueError unless the arrays make one net: inputs `mean` and `scale` of one
        length, layers chained (each weight matrix as many rows as the width before it, its
        bias as long as its columns), one output, every number finite (a model file is
        hostile input: a ladder submission may bring one)."""
        n = self.mean.shape
        if len(n) != 1 or self.scale.shape != n:
            raise ValueError(f"mean {self.mean.shape} and scale {self.scale.shape} are not "
                             "two vectors of one length")
        if not self.layers:
            raise ValueError("no layers (w0, b0, ...)")
        width = n[0]
        for i, (w, b) in enumerate(self.layers):
            if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
                raise ValueError(f"layer {i}: w{i} {w.shape} and b{i} {b.shape} do not follow "
                                 f"a width of {width}")
            width = w.shape[1]
        if width != 1:
            raise ValueError(f"the last layer gives {width} values, not 1")
        arrays = [self.mean, self.scale, *(a for layer in self.layers for a in layer)]
        if not all(np.isfinite(a).all() for a in arrays) or (self.scale == 0).any():
            raise ValueError("weights that are not finite numbers (or a zero scale)")

    @property
    def inputs(self) -> int:
        return int(self.mean.shape[0])

    def predict(self, x: np.ndarray, base: np.ndarray | None = None) -> np.ndarray:
        """Values of the rows of `x` (float32, shape (rows, inputs)), plus `base`."""
        w, b = self._first
        h = np.asarray(x, np.float32) @ w + b
        for w, b in self._rest:
            h = self._act(h) @ w + b
        out = h[:, 0] if base is None else h[:, 0] + base
        return np.clip(out, 0.0, 1.0)

    def predict_entries(self, ix: list[int], vx: list[float], base: float = 0.0) -> float:
        """The value of one row given by its non-zero entries (`engine.tensor.Layout.entries`:
        positions `ix`, values `vx`), plus `base`: the first layer reads only those rows of
        its weights (the same value as `predict` of the dense row)."""
        w, b = self._first
        h = np.asarray(vx, np.float32) @ w[ix] + b if ix else b.copy()
        for w, b in self._rest:
            h = self._act(h) @ w + b
        return min(1.0, max(0.0, float(h[0]) + base))

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights by name, for the model file (bots/model_file.py)."""
        out = {"mean": self.mean, "scale": self.scale}
        for i, (w, b) in enumerate(self.layers):
            out[f"w{i}"], out[f"b{i}"] = w, b
        return out

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray], activation: str) -> ValueNet:
        """The net of a model file's arrays (ValueError if they do not make one)."""
        for name in ("mean", "scale"):
            if name not in arrays:
                raise ValueError(f"no array {name!r}")
        layers = []
        while f"w{len(layers)}" in arrays:
            i = len(layers)
            layers.append((arrays[f"w{i}"], arrays[f"b{i}"]))
        return cls(arrays["mean"], arrays["scale"], layers, activation)
