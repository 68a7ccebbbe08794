"""Fitting the value model: scikit-learn's `MLPRegressor` on standardised numeric
observations -> the seat's final result (with `base="heuristic"`: its difference from the
game's heuristic value, so the model starts from the hand-made leaf value and learns its
error), games split into a training and a held-out part
(no game on both sides), then the weights taken out into a numpy `ValueNet`.

Why scikit-learn: a small CPU wheel (PyTorch from the package index brings gigabytes of
CUDA libraries that CI would install on every run), a maintained MLP with Adam and early
stopping, and weights (`coefs_`, `intercepts_`) that numpy evaluates directly. It is
imported only here (the `train` extra); playing a model needs numpy alone."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from bots.policy_net import PolicyNet
from bots.value_net import ValueNet
from harness.training.dataset import Positions

#: share of the games held out to measure the fit
HELD_OUT = 0.2


@dataclass
class FitConfig:
    hidden: tuple[int, ...] = (32,)
    activation: str = "relu"
    #: L2 penalties tried; the one with the least held-out error is kept. Positions of one
    #: game are alike, so a weak penalty learns the games by heart (measured on Year of the
    #: Dragon, 60 games: alpha 1e-3 held-out MSE 0.357, worse than a constant's 0.250;
    #: alpha 100, 0.190)
    alphas: tuple[float, ...] = (10.0, 100.0, 1000.0)
    max_iter: int = 60  # epochs
    seed: int = 0
    #: "heuristic": learn the result's difference from `State.heuristic`; "none": the result
    base: str = "heuristic"
    #: what the net is fitted to: "result" (the game's result from the row's seat) or
    #: "mixed" (the mean of the result and the self-play search's value of the move played,
    #: where it is known: a far less noisy target than a win or a loss, as AlphaZero
    #: variants mix z and q). Held-out errors are always measured against the result.
    target: str = "result"
    #: also fit a move prior (`fit_policy`): the self-play search's choices
    policy: bool = False
    #: the prior's L2 penalty
    policy_alpha: float = 1.0


#: what `FitConfig.target` may be
TARGETS = ("result", "mixed")


def split(data: Positions, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Row masks (train, held out): a seeded HELD_OUT share of the games held out."""
    games = np.unique(data.game)
    rng = np.random.default_rng(seed)
    held = rng.permutation(games)[:max(1, int(round(len(games) * HELD_OUT)))]
    out = np.isin(data.game, held)
    if out.all():  # one game only: measured on the rows it was fitted on
        return np.ones_like(out), out
    return ~out, out


def fit(data: Positions, cfg: FitConfig) -> tuple[ValueNet, dict[str, Any]]:
    """The value net fitted on `data` and the fit's figures: training loss, held-out mean
    squared error against a constant's (the mean result), held-out correlation of the
    predictions with the results, and the time per call of sklearn and numpy."""
    import warnings

    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPRegressor

    train, held = split(data, cfg.seed)
    x, y = data.x.astype(np.float32), data.y.astype(np.float32)
    base = data.h.astype(np.float32) if cfg.base == "heuristic" else np.zeros_like(y)
    target = targets(data, cfg.target)
    mean = x[train].mean(axis=0)
    scale = x[train].std(axis=0)
    scale[scale < 1e-6] = 1.0
    z = (x - mean) / scale
    started = time.perf_counter()
    tried: dict[str, float] = {}
    best: tuple[float, Any, ValueNet] | None = None
    for alpha in cfg.alphas:
        reg = MLPRegressor(hidden_layer_sizes=cfg.hidden, activation=cfg.activation,
                           alpha=alpha, max_iter=cfg.max_iter, random_state=cfg.seed,
                           early_stopping=bool(train.sum() >= 200), n_iter_no_change=8)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            reg.fit(z[train], target[train] - base[train])
        net = ValueNet(mean, scale, list(zip(reg.coefs_, reg.intercepts_, strict=True)),
                       cfg.activation)
        mse = float(np.mean((net.predict(x[held], base[held]) - y[held]) ** 2))
        tried[f"{alpha:g}"] = round(mse, 4)
        if best is None or mse < best[0]:
            best = (mse, reg, net)
    assert best is not None
    mse, reg, net = best
    pred = net.predict(x[held], base[held])
    const = float(y[train].mean())
    heuristic = np.clip(data.h[held], 0.0, 1.0)
    figures: dict[str, Any] = {
        "library": "scikit-learn MLPRegressor", "hidden": list(cfg.hidden), "base": cfg.base,
        "target": cfg.target, "searched_share": round(float(np.isfinite(data.q).mean()), 3),
        "alpha": float(reg.alpha), "held_out_mse_by_alpha": tried,
        "positions": int(len(data)), "games": int(len(np.unique(data.game))),
        "held_out_positions": int(held.sum()), "epochs": int(reg.n_iter_),
        "train_loss": float(reg.loss_),  # sklearn's: half the squared error plus the L2 term
        "train_mse": float(np.mean((net.predict(x[train], base[train]) - y[train]) ** 2)),
        "seconds": round(time.perf_counter() - started, 2),
        "held_out_mse": mse, "constant_mse": float(np.mean((const - y[held]) ** 2)),
        "heuristic_mse": float(np.mean((heuristic - y[held]) ** 2)),
        "held_out_corr": correlation(pred, y[held]),
        "heuristic_corr": correlation(heuristic, y[held]),
    }
    figures |= per_call(reg, net, z[:1], x[:1], base[:1])
    return net, figures


def targets(data: Positions, kind: str) -> np.ndarray:
    """The fit's target per row (`FitConfig.target`)."""
    y = data.y.astype(np.float32)
    if kind == "result":
        return y
    if kind != "mixed":
        raise ValueError(f"target {kind!r} is not one of {', '.join(TARGETS)}")
    q = data.q
    return np.where(np.isfinite(q), (y + q) / 2, y).astype(np.float32)


def correlation(a: np.ndarray, b: np.ndarray) -> float:
    """Pearson correlation (0 when either side is constant)."""
    if len(a) < 2 or np.std(a) == 0 or np.std(b) == 0:
        return 0.0
    return float(np.corrcoef(a, b)[0, 1])


def per_call(reg: Any, net: ValueNet, z1: np.ndarray, x1: np.ndarray, b1: np.ndarray,
             calls: int = 300) -> dict[str, float]:
    """Microseconds per one-position prediction: sklearn's `predict` against the numpy
    net (which also standardises and adds the base), the call a search makes at a leaf."""
    def clock(f: Any, *args: np.ndarray) -> float:
        f(*args)
        t = time.perf_counter()
        for _ in range(calls):
            f(*args)
        return (time.perf_counter() - t) / calls * 1e6

    return {"sklearn_us_per_call": round(clock(reg.predict, z1), 1),
            "numpy_us_per_call": round(clock(net.predict, x1, b1), 1)}


def fit_policy(data: Positions, cfg: FitConfig,
               net: ValueNet) -> tuple[PolicyNet | None, dict[str, Any]]:
    """The move prior: scikit-learn's `MLPClassifier` on the rows of the seat to move
    (standardised as `net` reads them) -> the action the self-play search played there
    (expert iteration's apprentice: the search's choice is the target), games held out as
    for the value. Its figures: held-out accuracy (the share of moves whose played action
    the prior ranks first among every action it knows, legal or not) against always
    naming the most common action. None when fewer than two actions were ever played."""
    import warnings

    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPClassifier

    train, held = split(data, cfg.seed)
    moved = np.flatnonzero(data.a >= 0)  # the rows of the seat to move: only they are read
    train, held, a = train[moved], held[moved], data.a[moved]
    if len(np.unique(a[train])) < 2:
        return None, {"policy": "fewer than two actions played: no prior"}
    z = (data.x[moved].astype(np.float32) - net.mean) / net.scale
    started = time.perf_counter()
    clf = MLPClassifier(hidden_layer_sizes=cfg.hidden, activation=cfg.activation,
                        alpha=cfg.policy_alpha, max_iter=cfg.max_iter, random_state=cfg.seed,
                        early_stopping=bool(train.sum() >= 200), n_iter_no_change=8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        clf.fit(z[train], a[train])
    coefs, intercepts = list(clf.coefs_), list(clf.intercepts_)
    classes = np.asarray(clf.classes_, np.int64)
    if len(classes) == 2:  # sklearn gives one logistic output for two classes
        coefs[-1] = np.concatenate([-coefs[-1], coefs[-1]], axis=1) / 2
        intercepts[-1] = np.concatenate([-intercepts[-1], intercepts[-1]]) / 2
    prior = PolicyNet(net.mean, net.scale, list(zip(coefs, intercepts, strict=True)),
                      cfg.activation, classes)
    common = np.bincount(a[train]).argmax()
    figures = {
        "library": "scikit-learn MLPClassifier", "alpha": cfg.policy_alpha,
        "moves": len(moved), "actions_seen": int(len(classes)),
        "epochs": int(clf.n_iter_), "seconds": round(time.perf_counter() - started, 2),
        "held_out_moves": int(held.sum()),
        "held_out_accuracy": round(float((clf.predict(z[held]) == a[held]).mean()), 4)
        if held.any() else None,
        "most_common_accuracy": round(float((a[held] == common).mean()), 4)
        if held.any() else None,
    }
    return prior, {"policy": figures}
