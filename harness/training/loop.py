"""The generations of a training run (`arena train`): self-play by the best bot so far,
fit a value model on the latest generations' positions, gate it against the best, measure
it against the starting bot. Each step's result is on disk before the next starts
(harness/training/run_state.py), so a restarted run skips every finished step."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from bots.mcts_model import model_at
from bots.model_file import Header, Model, save, set_gate
from engine import tensor
from harness.storage.database import Store
from harness.training import run_state
from harness.training.curve import strength
from harness.training.dataset import Positions, read
from harness.training.fit import FitConfig, fit, fit_policy
from harness.training.gate import SPRT, gate
from harness.training.selfplay import game_seeds, self_play

MODEL = "model.npz"
DB = "games.sqlite"


@dataclass
class TrainConfig:
    """The settings of one `arena train` run."""

    game: str
    players: int
    out: Path
    options: dict[str, Any] = field(default_factory=dict)
    generations: int = 5
    games_per_gen: int = 40
    iters: int | None = None
    time_per_move: float | None = None
    params: str = ""  # more MCTS parameters, for every bot of the run
    seed: int = 0
    gate_games: int = 40
    sprt: str = SPRT
    curve_games: int = 20
    window: int = 3  # generations of positions a fit uses
    prior: float = 1.0  # with `fit.policy`: the search's `prior` weight
    fit: FitConfig = field(default_factory=FitConfig)
    workers: int | None = None
    address: str | None = None

    def budget(self) -> str:
        if self.time_per_move:
            return f"time={self.time_per_move:g}"
        return f"iters={self.iters or 200}"

    def settings(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "options": self.options,
                "seed": self.seed, "budget": self.budget(), "params": self.params}

    def bot(self, model: Path | None) -> str:
        """The MCTS spec of the run, with `model` as its leaf evaluator when given (and as
        its move prior, `prior`, when the run fits one)."""
        parts = ([f"model={model.resolve()}"] if model else []) + [self.budget()]
        if model and self.fit.policy and model_at(str(model)).policy is not None:
            parts.append(f"prior={self.prior:g}")  # a fit without moves to learn has none
        return "mcts:" + ",".join(parts + ([self.params] if self.params else []))


class Progress(Protocol):
    """What the loop reports (harness/views/training.py shows it)."""

    def step(self, gen: int, what: str, done: int = 0, total: int = 0) -> None: ...

    def finished(self, state: dict[str, Any], gen: int) -> None: ...


def model_path(out: Path, gen: int) -> Path | None:
    return None if gen == 0 else run_state.gen_dir(out, gen) / MODEL


def train(cfg: TrainConfig, progress: Progress) -> dict[str, Any]:
    """Run (or continue) the generations of `cfg`; the run's state."""
    out = cfg.out
    state = run_state.load(out, cfg.settings())
    run_state.save(out, state)
    lay = tensor.layout(cfg.game, cfg.players, **cfg.options)
    start = cfg.bot(None)
    with Store(out / DB) as store:
        for gen in range(1, cfg.generations + 1):
            g = run_state.generation(state, gen)
            folder = run_state.gen_dir(out, gen)
            best = cfg.bot(model_path(out, state["best"]))
            if g["selfplay"] is None:
                seeds = game_seeds(cfg.seed, gen, cfg.games_per_gen)
                self_play(folder / "selfplay", cfg.game, cfg.players, cfg.options, best, seeds,
                          cfg.time_per_move, cfg.workers, cfg.address,
                          lambda d, t, n, gen=gen: progress.step(gen, "self-play", d, t))
                played = read(folder / "selfplay", lay.size)
                g["selfplay"] = {"bot": best, "games": len(seeds), "positions": len(played),
                                 "misfits": played.misfits}
                run_state.save(out, state)
            path = folder / MODEL
            if g["fit"] is None:
                progress.step(gen, "fit")
                data = Positions.joined((read(run_state.gen_dir(out, k) / "selfplay", lay.size)
                                         for k in range(max(1, gen - cfg.window + 1), gen + 1)),
                                        lay.size)
                net, figures = fit(data, cfg.fit)
                prior = None
                if cfg.fit.policy:
                    prior, more = fit_policy(data, cfg.fit, net)
                    figures |= more
                header = Header(game=cfg.game, players=cfg.players, options=cfg.options,
                                layout_version=tensor.LAYOUT_VERSION,
                                layout_fingerprint=lay.fingerprint, layout_size=lay.size,
                                activation=cfg.fit.activation, base=cfg.fit.base,
                                generation=gen,
                                trained_on=g["selfplay"]["bot"],
                                training_games=figures["games"],
                                positions=figures["positions"], fit=figures)
                save(Model(header, net, prior), path)
                g["fit"] = figures
                run_state.save(out, state)
            if g["gate"] is None:
                result = gate(store, cfg.game, cfg.players, cfg.bot(path), best, cfg.gate_games,
                              seed=cfg.seed + 1000 * gen, options=cfg.options,
                              time_per_move=cfg.time_per_move, sprt=cfg.sprt,
                              workers=cfg.workers, address=cfg.address,
                              on_update=lambda d, t, gen=gen: progress.step(gen, "gate", d, t))
                set_gate(path, result)
                g["gate"] = result
                if result["accepted"]:
                    state["best"] = gen
                run_state.save(out, state)
            if g["curve"] is None and cfg.curve_games > 0:
                g["curve"] = strength(
                    store, cfg.game, cfg.players, cfg.bot(path), start, cfg.curve_games,
                    seed=cfg.seed + 7, options=cfg.options, time_per_move=cfg.time_per_move,
                    workers=cfg.workers, address=cfg.address,
                    on_update=lambda d, t, gen=gen: progress.step(gen, "curve", d, t))
                run_state.save(out, state)
            progress.finished(state, gen)
    return state
