"""The value model at play time: a small multilayer perceptron evaluated in numpy.

The weights are those scikit-learn fitted (harness/training/fit.py); numpy needs no model object
and is faster per call for one position (measured in docs/training.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

#: a net's (weights, bias) pairs, first layer first
Layers = list[tuple[np.ndarray, np.ndarray]]

#: hidden-layer activations scikit-learn's MLPRegressor offers, as numpy functions
ACTIVATIONS = {
    "relu": lambda h: np.maximum(h, 0.0, out=h),
    "tanh": np.tanh,
    "logistic": lambda h: 1.0 / (1.0 + np.exp(-h)),
    "identity": lambda h: h,
}


def activation_of(name: str) -> Callable[[np.ndarray], np.ndarray]:
    """The numpy function of a hidden-layer activation (ValueError if unknown)."""
    if name not in ACTIVATIONS:
        raise ValueError(f"unknown activation {name!r}")
    return ACTIVATIONS[name]


def as_layers(layers: Sequence[tuple[np.ndarray, np.ndarray]]) -> Layers:
    """(weights, bias) pairs as float32 arrays."""
    return [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]


def chain(layers: Layers, width: int, prefix: str = "", what: str = "layer") -> int:
    """The width of the last layer; ValueError unless there are layers and each weight
    matrix has as many rows as the width before it (`width` for the first) and its bias as
    long as its columns (a model file is hostile input). Messages name the file's arrays
    (`{prefix}w{i}`, `{prefix}b{i}`)."""
    if not layers:
        raise ValueError(f"no {what}s ({prefix}w0, {prefix}b0, ...)")
    for i, (w, b) in enumerate(layers):
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise ValueError(f"{what} {i}: {prefix}w{i} {w.shape} and {prefix}b{i} {b.shape} "
                             f"do not follow a width of {width}")
        width = w.shape[1]
    return width


def fold(mean: np.ndarray, scale: np.ndarray, layers: Layers) -> Layers:
    """The layers with the inputs' standardisation folded into the first: one operation
    less per call."""
    (w0, b0), rest = layers[0], layers[1:]
    return [(w0 / scale[:, None], b0 - (mean / scale) @ w0), *rest]


def forward_entries(folded: Layers, act: Callable[[np.ndarray], np.ndarray],
                    ix: list[int], vx: list[float]) -> np.ndarray:
    """The outputs at one row given by its non-zero entries (`engine.tensor.Layout.entries`:
    positions `ix`, values `vx`): the first layer reads only those rows of its weights."""
    w, b = folded[0]
    h = np.asarray(vx, np.float32) @ w[ix] + b if ix else b.copy()
    for w, b in folded[1:]:
        h = act(h) @ w + b
    return h


def layer_arrays(layers: Layers, prefix: str = "") -> dict[str, np.ndarray]:
    """The layers by their names in a model file (`{prefix}w{i}`, `{prefix}b{i}`)."""
    out = {}
    for i, (w, b) in enumerate(layers):
        out[f"{prefix}w{i}"], out[f"{prefix}b{i}"] = w, b
    return out


def read_layers(arrays: dict[str, np.ndarray], prefix: str = "") -> Layers:
    """The layers of a model file's arrays, `{prefix}w0`, `{prefix}b0`, ... in order
    (ValueError for a weight matrix without its bias)."""
    layers: Layers = []
    while f"{prefix}w{len(layers)}" in arrays:
        i = len(layers)
        if f"{prefix}b{i}" not in arrays:
            raise ValueError(f"no array '{prefix}b{i}'")
        layers.append((arrays[f"{prefix}w{i}"], arrays[f"{prefix}b{i}"]))
    return layers


class ValueNet:
    """Standardised inputs -> hidden layers -> one value per row, added to the row's `base`
    value when given (the game's heuristic: the net learns its error), clipped to [0, 1] (a
    seat's result: 1 first, 0 last, `bots.mcts_leaf.rank_rewards`)."""

    def __init__(self, mean: np.ndarray, scale: np.ndarray,
                 layers: Sequence[tuple[np.ndarray, np.ndarray]], activation: str) -> None:
        act = activation_of(activation)
        self.mean = np.asarray(mean, np.float32)
        self.scale = np.asarray(scale, np.float32)
        self.layers = as_layers(layers)
        self._check()
        self.activation = activation
        self._act = act
        self._folded = fold(self.mean, self.scale, self.layers)

    def _check(self) -> None:
        """ValueError unless the arrays make one net: inputs `mean` and `scale` of one
        length, layers chained (each weight matrix as many rows as the width before it, its
        bias as long as its columns), one output, every number finite (a model file is
        hostile input: a ladder submission may bring one)."""
        n = self.mean.shape
        if len(n) != 1 or self.scale.shape != n:
            raise ValueError(f"mean {self.mean.shape} and scale {self.scale.shape} are not "
                             "two vectors of one length")
        width = chain(self.layers, n[0])
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
        w, b = self._folded[0]
        h = np.asarray(x, np.float32) @ w + b
        for w, b in self._folded[1:]:
            h = self._act(h) @ w + b
        out = h[:, 0] if base is None else h[:, 0] + base
        return np.clip(out, 0.0, 1.0)

    def predict_entries(self, ix: list[int], vx: list[float], base: float = 0.0) -> float:
        """The value of one row given by its non-zero entries (`engine.tensor.Layout.entries`:
        positions `ix`, values `vx`), plus `base`: the first layer reads only those rows of
        its weights (the same value as `predict` of the dense row)."""
        h = forward_entries(self._folded, self._act, ix, vx)
        return min(1.0, max(0.0, float(h[0]) + base))

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights by name, for the model file (bots/model_file.py)."""
        return {"mean": self.mean, "scale": self.scale} | layer_arrays(self.layers)

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray], activation: str) -> ValueNet:
        """The net of a model file's arrays (ValueError if they do not make one)."""
        for name in ("mean", "scale"):
            if name not in arrays:
                raise ValueError(f"no array {name!r}")
        return cls(arrays["mean"], arrays["scale"], read_layers(arrays), activation)
