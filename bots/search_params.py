"""The MCTS bot's parameters (`mcts[:k=v,...]`, docs/mcts.md), each written once with its
help text: `SearchParams` parses a spec's values, merges them over a game's profile
(`bots.profiles`), validates them, and describes itself for reports."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bots.mcts_leaf import LEAVES, REWARDS
from bots.mcts_rollout import ROLLOUTS
from bots.spec import BotSpecError, parse_params


@dataclass(frozen=True)
class Range:
    """Where `arena tune` may move a numeric parameter (harness/tuning, docs/mcts.md
    "Tuning"): within [lo, hi], probed `step` either side at the end of a run (fishtest's
    `c_end`: a step that changes the strength measurably), on a log scale if `log` (the
    parameter multiplied by e**step, for scale-like values such as `c`)."""

    lo: float
    hi: float
    step: float
    log: bool = False

    def __post_init__(self) -> None:
        if not (self.lo < self.hi and self.step > 0) or (self.log and self.lo <= 0):
            raise ValueError(f"bad tuning range {self}")


def _param(default: Any, help: str, *, choices: tuple[str, ...] = (),
           minimum: float | None = None, maximum: float | None = None, positive: bool = False,
           to: Callable[[Any], Any] | None = None, optional: bool = False,
           tune: Range | None = None) -> Any:
    """A parameter: its default, help text and checks (one of `choices`; a dict if the
    default is one; else a number, at least `minimum`, at most `maximum`, or `positive`;
    None if `optional`); `to` converts a checked value; `tune`, the range `arena tune`
    searches."""
    meta = {"help": help, "choices": choices, "minimum": minimum, "maximum": maximum,
            "positive": positive, "to": to, "optional": optional,
            "dict": isinstance(default, dict), "tune": tune}
    if isinstance(default, dict):
        return field(default_factory=lambda: dict(default), metadata=meta)
    return field(default=default, metadata=meta)


def _flag(value: Any) -> int:
    return int(bool(value))


def _floats(name: str, value: Any) -> tuple[float, ...]:
    """A list of numbers: `;`-separated text (a spec) or a list (a profile)."""
    items = (value.split(";") if isinstance(value, str)
             else [value] if isinstance(value, int | float) else value)
    if not isinstance(items, list | tuple) or not items:
        raise BotSpecError(f"{name} must be numbers separated by ';', not {value!r}")
    out = []
    for item in items:
        try:
            number = float(item)
        except (TypeError, ValueError):
            raise BotSpecError(f"{name} must be numbers separated by ';', not {value!r}"
                               ) from None
        if not math.isfinite(number):
            raise BotSpecError(f"{name} must be finite numbers, not {value!r}")
        out.append(number)
    return tuple(out)


@dataclass(frozen=True)
class SearchParams:
    """The parameters of one MCTS search; construct with `SearchParams.build`."""

    iters: int | None = _param(None, "iterations per decision (default 1000 when no time "
                               "budget is given)", minimum=1, optional=True)
    time: float | None = _param(None, "seconds per decision (capped by the harness's limit, "
                                "minus a safety margin)", positive=True, optional=True)
    cpu: float | None = _param(None, "seconds of CPU time per decision (the searching "
                               "thread's own, which other processes on a loaded machine do "
                               "not take: `arena tune` plays at it); a wall-clock limit of "
                               "the harness still applies", positive=True, optional=True)
    profile: str = _param("game", "game: the game's profile for the player count "
                          "(bots/profiles.toml) fills the parameters a spec leaves out; "
                          "none: the defaults do (a former profile, named in full)",
                          choices=("game", "none"))
    c: float = _param(0.7, "UCT exploration constant (rewards lie in [0, 1])", minimum=0,
                      to=float, tune=Range(0.02, 2.0, 0.3, log=True))
    rollout: str = _param("random", "the simulation policy: random | heuristic (the game's "
                          "HeuristicBot plays all seats) | cutoff (random playout of `depth` "
                          "decisions and the rest of that turn, then the leaf value) | greedy "
                          "(the HeuristicBot plays `depth` decisions and the rest of that "
                          "turn) | ordered (as greedy, each decision the best by the "
                          "HeuristicBot's cheap `state_values`, not its plan)",
                          choices=tuple(ROLLOUTS))
    depth: int = _param(20, "playout length for `cutoff`, `greedy` and `ordered`", minimum=0,
                        to=int, tune=Range(0, 60, 4))
    widen: float = _param(0.0, "progressive widening: a node may have ceil(widen * "
                          "sqrt(visits + 1)) children; 0 turns it off", minimum=0, to=float,
                          tune=Range(0.25, 6.0, 0.3, log=True))
    nodes: int = _param(200_000, "tree size cap (memory bound); past it the search only "
                        "simulates", minimum=1, to=int)
    guide: float = _param(0.0, "> 0: the game's heuristic bot names a root move, expanded "
                          "first and kept unless another move gets `guide * iterations` more "
                          "visits (0: off)", minimum=0, to=float, tune=Range(0.0, 1.0, 0.06))
    order: int = _param(0, "1: expand untried actions best first by the game's HeuristicBot "
                        "(`state_values`, else its chosen action first), so that with `widen` "
                        "only the best few are searched; 0: random order", to=_flag)
    minimax: float = _param(0.0, "implicit minimax backups (Lanctot et al. 2014): a child's "
                            "selection value is (1 - minimax) * its mean reward + minimax * "
                            "its implicit minimax value (a new node's first playout value, an "
                            "inner node's that of its child best for the seat choosing "
                            "there), from 0 (off) to 1", minimum=0, maximum=1, to=float,
                            tune=Range(0.0, 1.0, 0.1))
    settle: int = _param(1, "1: a timed search stops once the iterations its time has left "
                         "cannot change its answer; 0: it spends its whole time, the extra "
                         "iterations deepening the tree below its answer, which its next "
                         "decision reuses when that follows directly", to=_flag)
    opponents: int = _param(0, "opponent modelling in games of at least this many players: "
                            "at another seat's decision the tree follows that seat's best "
                            "action by the HeuristicBot's `state_values` (0: never; was "
                            "`model` before issue 40)", minimum=0, to=int)
    plan: int = _param(0, "with `opponents`: a modelled decision reached this many times follows "
                       "the HeuristicBot's own move there (its whole-turn plan) (0: never)",
                       minimum=0, to=int, tune=Range(1, 12, 1))
    leaf: str = _param("game", "what values a position a playout stops in before the end: "
                       "game (`State.heuristic(p)`) | bot (the HeuristicBot's "
                       "`position_values`; the game's for a bot without them) | win (every "
                       "seat's chance to win by the win model fitted on the HeuristicBot's "
                       "games for this player count; as bot where none is)", choices=LEAVES)
    win_weights: tuple[float, ...] | None = _param(
        None, "with leaf=win: weights of the rule-based bot's win features in place of the "
        "fitted model's (`;`-separated in a spec, in the order `python -m bots.win_model` "
        "prints them; a list in a profile): what the search maximises, tuned by games "
        "rather than fitted on who won", optional=True, to=_floats)
    reward: str = _param("rank", "what a finished game is worth to a seat: rank (linear in "
                         "its place) | win (1 for first place only, shared firsts split it)",
                         choices=tuple(REWARDS))
    guide_bot: dict[str, Any] = _param({}, "with `guide`: the parameters the guiding "
                                       "HeuristicBot is built with, `;`-separated in a spec "
                                       "(`guide_bot=breadth=16;beam=8`; empty: its own), a "
                                       "dict in a profile")
    model: str | None = _param(None, "a trained value model file (`arena train`, "
                               "docs/training.md): values the positions playouts stop in, "
                               "in place of `leaf`", optional=True, to=str)
    model_views: str = _param("all", "with `model`: the seats whose views value a leaf: all "
                              "(each seat's observation, the values shifted to add up as "
                              "places do) | own (at 2 players: the searching seat's alone, "
                              "the other's 1 minus it; half the cost)", choices=("all", "own"))
    prior: float = _param(0.0, "progressive bias: a child's selection score gains prior * "
                          "P(action) / (visits + 1), and untried actions are expanded best "
                          "first by P; P is a trained `model`'s move prior (`arena train "
                          "--policy`; it also picks the other seats' moves where `opponents` "
                          "models them), else the HeuristicBot's action values scaled to "
                          "[0, 1] at each node (its best 1, its worst 0) (0: off)",
                          minimum=0, to=float, tune=Range(0.1, 8.0, 0.3, log=True))
    prior_visits: int = _param(0, "with `prior`: a node's move prior is computed once it has "
                               "been visited this many times (before, its untried actions are "
                               "expanded in random order): most nodes are visited once or "
                               "twice, and a prior costs a net evaluation or the bot's action "
                               "values", minimum=0, to=int,
                               tune=Range(0, 16, 2))
    model_for: str = _param("both", "with `model`: what it is used for: both (the leaves' "
                            "values and, with `prior`, the move prior) | prior (the move prior "
                            "alone; `leaf` values the leaves, at its own cost)",
                            choices=("both", "prior"))
    seed: int = _param(0, "mixed into the seeds the harness gives, so two bots can differ")

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            checked = _check(f.name, value, f.metadata)
            if checked is not value:
                object.__setattr__(self, f.name, checked)
        if self.win_weights is not None and self.leaf != "win":
            raise BotSpecError("win_weights weighs the win features of leaf=win: give leaf=win")
        if self.model_for == "prior" and not self.prior:
            raise BotSpecError("model_for=prior uses the model's move prior alone: give prior=")

    @classmethod
    def given(cls, **params: Any) -> dict[str, Any]:
        """The parameters a spec names, checked (an unknown name is a TypeError, a bad value
        a BotSpecError) and typed (`guide_bot` text as a dict)."""
        known = [f.name for f in dataclasses.fields(cls)]
        for name in params:
            if name not in known:
                raise TypeError(f"mcts has no parameter {name!r}; parameters: "
                                f"{', '.join(known)}")
        out = {k: v for k, v in params.items() if v is not None}
        if isinstance(out.get("guide_bot"), str):
            try:
                out["guide_bot"] = parse_params(out["guide_bot"].replace(";", ","))
            except BotSpecError as e:
                raise BotSpecError(f"guide_bot: {e}") from None
        cls(**out)
        return out

    @classmethod
    def parse(cls, spec: str) -> dict[str, Any]:
        """`iters=200,c=0.3,guide_bot=breadth=16;beam=8` -> `given` of those values."""
        return cls.given(**parse_params(spec))

    @classmethod
    def build(cls, given: Mapping[str, Any],
              profile: Mapping[str, Any] | None = None) -> SearchParams:
        """The defaults, overridden by a game's `profile`, overridden by `given`."""
        return cls(**(dict(profile or {}) | dict(given)))

    def describe(self) -> dict[str, Any]:
        """Every parameter's value (for reports)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def ranges(cls) -> dict[str, Range]:
        """The parameters `arena tune` may search, with their ranges."""
        return {f.name: f.metadata["tune"] for f in dataclasses.fields(cls)
                if f.metadata["tune"] is not None}

    @classmethod
    def is_integer(cls, name: str) -> bool:
        """True for a parameter that takes whole numbers (`depth`, `plan`)."""
        return {f.name: f.metadata["to"] for f in dataclasses.fields(cls)}[name] is int

    def tunable(self, players: int) -> list[str]:
        """The parameters worth tuning in these settings at `players` players: those with a
        range that holds their value and that act here; 0 turns `guide`, `widen`, `plan`,
        `prior` and `minimax` off (a feature to switch on by measurement, not to tune from nothing);
        `depth` acts on cut-off playouts only, `plan` with `opponents` at this player
        count, `prior_visits` with a `prior`."""
        acts = {"depth": self.rollout in ("cutoff", "greedy", "ordered"),
                "plan": 0 < self.opponents <= players,
                "prior_visits": self.prior > 0}
        out = []
        for name, r in self.ranges().items():
            value = getattr(self, name)
            off = name in ("guide", "widen", "plan", "prior", "minimax") and value == 0
            if r.lo <= value <= r.hi and not off and acts.get(name, True):
                out.append(name)
        return out


def names() -> tuple[str, ...]:
    """The parameters an `mcts` spec may name."""
    return tuple(f.name for f in dataclasses.fields(SearchParams))


def defaults() -> dict[str, Any]:
    """The search parameters of a spec that names none of them (budget and seed left out):
    plain UCT with random rollouts, whatever the game's profile says."""
    skip = ("iters", "time", "cpu", "profile", "seed", "model", "model_views")
    return {k: v for k, v in SearchParams().describe().items() if k not in skip}


def spec_value(value: Any) -> str:
    """A parameter's value as a spec writes it: a dict (`guide_bot`) as `breadth=16;beam=8`,
    a list of numbers (`win_weights`) `;`-separated,
    which `SearchParams.given` reads back; anything else as `str(value)`."""
    if isinstance(value, dict):
        return ";".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, tuple):
        return ";".join(f"{v:g}" for v in value)
    return str(value)


def _check(name: str, value: Any, meta: Mapping[str, Any]) -> Any:
    """`value` checked by `meta` and converted (one clear BotSpecError naming `name`)."""
    if value is None and meta["optional"]:
        return value
    choices = meta["choices"]
    if choices:
        if value not in choices:
            raise BotSpecError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
        return value
    if meta["to"] is _floats:
        return _floats(name, value)
    if meta["to"] is str:
        if not isinstance(value, str) or not value:
            raise ValueError(f"{name} must be a file name, not {value!r}")
        return value
    if meta["dict"]:
        if not isinstance(value, dict):
            raise BotSpecError(f"{name} must be a dict of the rule-based bot's parameters, "
                             f"not {value!r}")
        return dict(value)
    if not isinstance(value, int | float):
        raise BotSpecError(f"{name} must be a number, not {value!r}")
    if meta["minimum"] is not None and value < meta["minimum"]:
        raise BotSpecError(f"{name} must be >= {meta['minimum']}, not {value!r}")
    if meta["maximum"] is not None and value > meta["maximum"]:
        raise BotSpecError(f"{name} must be <= {meta['maximum']}, not {value!r}")
    if meta["positive"] and value <= 0:
        raise BotSpecError(f"{name} must be positive, not {value!r}")
    to = meta["to"]
    return to(value) if to is not None else value
