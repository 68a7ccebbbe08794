"""The steps of an `arena tune` run: SPSA (harness/tuning/spsa.py) over MCTS search
parameters, every step's games played as `arena eval`'s tournaments on Ray.

A step probes the parameters at theta +- c_k * flip: the two probes (entrants `plus=...`
and `minus=...`) play each other with seats swapped at 2 players (fishtest's game pairs),
or each plays the same deals from every seat against the same opponents (a named set, by
default the game's current profile at the same budget). The `plus` probe's wins minus
its losses (per pair of games) move theta. A step's tournaments are named by a digest of
their settings and stored in DIR/games.sqlite (harness/eval/run.py `prepare`, played by
`harness.tournaments.runner.run`); the run's state, DIR/tune.json, is written after every
step (atomically), so a killed run continues with the step it was in, replaying none of
its finished games. The result, DIR/result.json, holds the tuned values and the profile
entry to ship once an SPRT at equal time has confirmed them (docs/mcts.md, "Tuning")."""

from __future__ import annotations

import json
import math
import os
import random
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from bots.profiles import profile
from bots.search_params import SearchParams, spec_value
from engine.common.rng import derive_seed
from engine.protocol import ArenaError
from harness.eval.run import eval_spec, opponent_spec, prepare
from harness.storage.database import Store
from harness.storage.files import write_json
from harness.tournaments import runner
from harness.tournaments.schedule import TournamentSpec, validate
from harness.tournaments.standings import counted
from harness.tuning.spsa import Axis, Probe, Schedule, default_r_end, probe, update
from ratings.elo import first_share

STATE = "tune.json"
RESULT = "result.json"
DB = "games.sqlite"
#: the settings a resumed run must share with the run on disk
FIXED = ("game", "players", "options", "budget", "params", "tune", "opponents", "games",
         "pairs_per_step", "r_end", "seed", "axes", "start")
#: the SPRT a tuned profile must pass against the one it replaces, at equal time per move
#: (elo0, elo1, alpha, beta: `arena eval --sprt`)
SPRT = "0,35,0.05,0.05"
#: the entrant labels of the two probes
PLUS, MINUS = "plus", "minus"


class TuneError(ArenaError, ValueError):
    """A tuning run that cannot run as asked (a parameter without a range, a folder of
    another run)."""


@dataclass
class TuneConfig:
    """The settings of one `arena tune` run."""

    game: str
    players: int
    out: Path
    #: the parameters tuned (each with a range in bots.search_params)
    tune: tuple[str, ...]
    #: the search's budget as a spec writes it: `cpu=0.1`, `iters=300` or `time=0.1`
    budget: str
    #: parameters every probe plays with, over the profile (a tuned one's start value)
    params: dict[str, Any] = field(default_factory=dict)
    #: the probes' opponents (`heuristic` = the game's rule-based bot); empty: at 2 players
    #: the probes play each other, at more the game's profile at the same budget
    opponents: tuple[str, ...] = ()
    games: int = 400
    pairs_per_step: int = 2
    r_end: float | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    #: the harness's limit per decision (None with a `cpu` or `iters` budget)
    time_per_move: float | None = None
    workers: int | None = None
    address: str | None = None
    #: plug-in game modules, imported in the driver and every worker
    modules: tuple[str, ...] = ()

    def searched(self) -> SearchParams:
        """The search's parameters at the start: the profile for this player count under
        `params`."""
        return SearchParams.build(SearchParams.given(**self.params),
                                  profile(self.game, self.players))

    def axes(self) -> list[Axis]:
        ranges = SearchParams.ranges()
        out = []
        for name in self.tune:
            if name not in ranges:
                raise TuneError(f"{name} has no tuning range; parameters with one: "
                                f"{', '.join(ranges)}")
            r = ranges[name]
            out.append(Axis(name, r.lo, r.hi, r.step, r.log, SearchParams.is_integer(name)))
        return out

    def start(self) -> dict[str, float]:
        p = self.searched()
        return {name: float(getattr(p, name)) for name in self.tune}

    @property
    def head_to_head(self) -> bool:
        """The probes play each other (2 players, no opponents named)."""
        return not self.opponents and self.players == 2

    def field(self) -> tuple[str, ...]:
        """The probes' opponents, as entrant names."""
        if self.opponents:
            return tuple(opponent_spec(self.game, o) for o in self.opponents)
        return (f"mcts:{self.budget}",)

    def pair_games(self) -> int:
        """Games of one pair: two (seats swapped) head to head, else one per seat for
        each probe."""
        return 2 if self.head_to_head else 2 * self.players

    def pairs(self) -> int:
        return max(1, self.games // self.pair_games())

    def schedule(self) -> Schedule:
        pairs = self.pairs()
        return Schedule(pairs, self.r_end if self.r_end is not None else default_r_end(pairs))

    def steps(self) -> int:
        return math.ceil(self.pairs() / self.pairs_per_step)

    def settings(self) -> dict[str, Any]:
        axes = [{"name": a.name, "lo": a.lo, "hi": a.hi, "step": a.step, "log": a.log,
                 "integer": a.integer} for a in self.axes()]
        return {"game": self.game, "players": self.players, "options": self.options,
                "budget": self.budget, "params": self.params, "tune": list(self.tune),
                "opponents": [] if self.head_to_head else list(self.field()),
                "head_to_head": self.head_to_head,
                "games": self.games,
                "pairs_per_step": self.pairs_per_step, "r_end": self.schedule().r_end,
                "seed": self.seed, "axes": axes, "start": self.start()}

    def command_line(self) -> str:
        """The command that runs (or continues) this run, as the result records it."""
        kind, _, amount = self.budget.partition("=")
        budget = f"--time-per-move {amount}" if kind == "time" else f"--{kind} {amount}"
        parts = [f"arena tune {self.game} --players {self.players} --tune "
                 f"{','.join(self.tune)}"]
        if self.params:
            parts.append("--params " + shlex.quote(",".join(
                f"{k}={spec_value(v)}" for k, v in self.params.items())))
        if self.opponents:
            parts.append("--opponents " + shlex.quote(",".join(self.opponents)))
        parts += [f"--games {self.games}", f"--pairs-per-step {self.pairs_per_step}", budget]
        if self.r_end is not None:
            parts.append(f"--r-end {self.r_end:g}")
        parts += self.game_args()
        parts.append(f"--seed {self.seed}")
        return " ".join(parts)

    def game_args(self) -> list[str]:
        """The game's options and plug-in modules as `arena` options (its commands share
        them)."""
        return ([f"-o {shlex.quote(f'{k}={v}')}" for k, v in self.options.items()]
                + [f"--game-module {m}" for m in self.modules])

    def bot(self, label: str | None, values: dict[str, float]) -> str:
        """The MCTS spec that plays `values` (entrant `label=...` when given)."""
        axes = {a.name: a for a in self.axes()}
        params = dict(self.params)
        for name, v in values.items():
            params[name] = int(v) if axes[name].integer else v
        spec = "mcts:" + ",".join([self.budget] + [f"{k}={spec_value(v)}"
                                                   for k, v in params.items()])
        return f"{label}={spec}" if label else spec

    def tournaments(self, step: int, pr: Probe, pairs: int) -> list[TournamentSpec]:
        """The tournaments of one step of `pairs` pairs: the probes head to head, or each
        against the field on the same deals."""
        names = [a.name for a in self.axes()]
        plus = self.bot(PLUS, dict(zip(names, pr.plus, strict=True)))
        minus = self.bot(MINUS, dict(zip(names, pr.minus, strict=True)))
        seed = derive_seed(self.seed, "tune", step) & 0x7FFFFFFF
        if self.head_to_head:
            return [eval_spec(self.game, 2, plus, minus, 2 * pairs, seed=seed,
                              time_per_move=self.time_per_move, options=self.options,
                              modules=self.modules)]
        return [TournamentSpec(game=self.game, num_players=self.players,
                               bots=(bot, *self.field()), format="gauntlet",
                               seat_rotation=True, games=self.players * pairs,
                               time_per_move=self.time_per_move, options=dict(self.options),
                               seed=seed, modules=self.modules) for bot in (plus, minus)]


class Progress(Protocol):
    """What the run reports (harness/views/tuning.py shows it)."""

    def stepped(self, state: dict[str, Any]) -> None: ...

    def playing(self, step: int, done: int, total: int) -> None: ...


def load(cfg: TuneConfig) -> dict[str, Any]:
    """The run in `cfg.out` (new: its settings, theta at the start, no step done). A
    folder of a run with other settings is refused in one line."""
    settings = cfg.settings()
    path = cfg.out / STATE
    if not path.exists():
        axes = cfg.axes()
        theta = [ax.theta(settings["start"][ax.name]) for ax in axes]
        return dict(settings, theta=theta, k=0, steps=[], seconds=0.0,
                    command=cfg.command_line())
    state = json.loads(path.read_text())
    for k in FIXED:
        if state.get(k) != settings.get(k):
            raise TuneError(f"{cfg.out} holds a tuning run with {k}={state.get(k)!r}, not "
                            f"{settings.get(k)!r}: use another --out")
    return state


def check(cfg: TuneConfig) -> None:
    """Everything checked before any game: the parameters, their start values, the
    probes' and opponents' specs, the tournaments of the first step."""
    axes = cfg.axes()
    start = cfg.start()
    for ax in axes:
        if not ax.lo <= start[ax.name] <= ax.hi:
            raise TuneError(f"{ax.name} starts at {start[ax.name]:g}, outside its tuning "
                            f"range {ax.lo:g}-{ax.hi:g}: give another start with --params")
    pr = probe(axes, cfg.schedule(), [ax.theta(start[ax.name]) for ax in axes], 1,
               random.Random(0))
    for spec in cfg.tournaments(0, pr, 1):
        validate(spec)


def values(axes: Sequence[Axis], theta: Sequence[float]) -> dict[str, float]:
    """theta as parameter values (whole parameters rounded to the nearest)."""
    return {ax.name: (round(ax.value(t)) if ax.integer else float(f"{ax.value(t):.4g}"))
            for ax, t in zip(axes, theta, strict=True)}


def result_of(store: Store, names: list[str], head_to_head: bool, players: int) -> tuple[
        float, int]:
    """(result, games) of a step: the `plus` probe's wins minus its losses head to head;
    against a field, its wins minus the `minus` probe's on the same deals, per pair of
    games (times 2 / players)."""
    total, games = 0.0, 0
    for name in names:
        t = store.tournament(name)
        for g in counted(store.games(t.id), t.stop_block):
            assert g.ranking is not None
            games += 1
            for seat, bot in enumerate(g.bots):
                sign = {PLUS: 1, MINUS: -1}.get(bot.partition("=")[0], 0)
                total += sign * first_share(g.ranking, seat, g.outcome)
    return (total if head_to_head else total * 2 / players), games


def play_step(cfg: TuneConfig, store: Store, step: int, pr: Probe, pairs: int,
              progress: Progress) -> tuple[float, int]:
    """Play (or finish) the tournaments of one step; its (result, games)."""
    names = []
    specs = cfg.tournaments(step, pr, pairs)
    total = sum(s.games or 0 for s in specs)
    for i, spec in enumerate(specs):
        name, _ = prepare(store, spec)
        names.append(name)
        offset = i * (spec.games or 0)
        runner.run(store, name, cfg.workers, cfg.address,
                   lambda s, offset=offset: progress.playing(step, offset + s.done, total))
    return result_of(store, names, cfg.head_to_head, cfg.players)


def tune(cfg: TuneConfig, progress: Progress) -> dict[str, Any]:
    """Run (or continue) the steps of `cfg`; the run's state (its result in RESULT)."""
    state = load(cfg)
    write_json(cfg.out / STATE, state)
    axes, schedule = cfg.axes(), cfg.schedule()
    progress.stepped(state)
    with Store(cfg.out / DB) as store:
        while len(state["steps"]) < cfg.steps():
            step = len(state["steps"])
            began = time.monotonic()
            pairs = min(cfg.pairs_per_step, cfg.pairs() - state["k"])
            rng = random.Random(derive_seed(cfg.seed, "spsa", step))
            pr = probe(axes, schedule, state["theta"], state["k"] + 1, rng)
            result, games = play_step(cfg, store, step, pr, pairs, progress)
            state["theta"] = update(axes, schedule, state["theta"], pr.k, pr.flip, result)
            state["steps"].append({
                "step": step, "k": pr.k, "flip": list(pr.flip),
                "c": [round(schedule.c(ax, pr.k), 6) for ax in axes],
                "plus": dict(zip([a.name for a in axes], pr.plus, strict=True)),
                "minus": dict(zip([a.name for a in axes], pr.minus, strict=True)),
                "pairs": state["k"] + pairs, "games": games, "result": result,
                "load": round(os.getloadavg()[0], 2),
                "theta": list(state["theta"]),
                "values": values(axes, state["theta"])})
            state["k"] += pairs
            state["seconds"] += time.monotonic() - began
            write_json(cfg.out / STATE, state)
            progress.stepped(state)
    result = summary(cfg, state)
    write_json(cfg.out / RESULT, result)
    state["result"] = result
    return state


def summary(cfg: TuneConfig, state: dict[str, Any]) -> dict[str, Any]:
    """The run's result: the tuned values, the games behind them, the profile entry they
    would make and the SPRT that must confirm them at equal time before it is shipped."""
    axes = cfg.axes()
    tuned = values(axes, state["theta"])
    steps = state["steps"]
    plus = sum(s["result"] for s in steps)
    loads = [s["load"] for s in steps if "load" in s]
    entry = "\n".join(f"{k} = {v!r}" for k, v in tuned.items())
    kind, _, amount = cfg.budget.partition("=")
    t = amount if kind in ("cpu", "time") else "T"
    bot = cfg.bot(None, tuned).replace(f"mcts:{cfg.budget}", f"mcts:time={t}", 1)
    verify = " ".join([f"arena eval -g {cfg.game} -n {cfg.players} --bot {bot} --opponents "
                       f"mcts:time={t} --time-per-move {t} --sprt {SPRT} --games 2000",
                       *cfg.game_args()])
    return {
        "game": cfg.game, "players": cfg.players, "budget": cfg.budget,
        "start": state["start"], "tuned": tuned, "games": sum(s["games"] for s in steps),
        "pairs": state["k"], "steps": len(steps), "plus_result": plus,
        "hours": round(state["seconds"] / 3600, 2), "command": state.get("command", ""),
        "load": round(sum(loads) / len(loads), 1) if loads else None,
        "profile_entry": f"[{cfg.game}.players.{cfg.players}.params]\n{entry}",
        "verify": verify,
    }
