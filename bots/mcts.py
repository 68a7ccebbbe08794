"""`mcts[:k=v,...]`: information-set MCTS by determinization, for every game.

Each iteration samples a full state from the bot's observation with
`engine.sample_state(observation, seed)` (hidden parts and future chance resampled, so
the search never sees what the seat may not know), walks the information-set tree with
UCT and availability counts, expands one action, simulates, and backs up a reward vector
max^n style (`bots.mcts_tree`). Simulations are pluggable (`bots.mcts_rollout`).

Parameters (all optional; the game's profile, `bots.profiles`, replaces the defaults for
it): `bots.search_params.SearchParams`, where each is described.

A timed search (`time`, or `cpu`: seconds of the thread's own CPU time, which a loaded
machine does not take away) stops early once the most visited root action leads the next
one by more visits than the time left can give at the rate so far (its answer can no
longer change).

Determinism: with an iteration budget (and no deadline reached) the chosen action is a
function of (seed, game seed, seat, observation). Time budgets (`time`, `cpu`) are the
only source of nondeterminism.
"""

from __future__ import annotations

import gc
import math
import time as _time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import engine
from bots.base import Bot
from bots.mcts_leaf import BotLeaf, GameLeaf, Leaf, WinLeaf
from bots.mcts_rollout import ROLLOUTS, RandomRollout, Rollout, bot_move, heuristic_bots
from bots.mcts_tree import Node, Tree
from bots.profiles import profile
from bots.search_hints import HintedBot, SearchHints
from bots.search_params import SearchParams, defaults, spec_value
from bots.seeds import Seeds
from bots.spec import BotSpecError
from engine.protocol import Action, Observation, State

__all__ = ["DEFAULTS", "MCTSBot", "SearchStats", "spec_value"]

DEFAULT_ITERS = 1000
#: fraction of the time limit kept in reserve, plus a fixed reserve in seconds
MARGIN_FRACTION = 0.12
MARGIN_SECONDS = 0.03
#: a timed search checks this often whether its answer can still change
SETTLE_EVERY = 8
#: search parameters of a spec that names none of them (plain UCT, random rollouts)
DEFAULTS: dict[str, Any] = defaults()


class SearchStats:
    """Counters over a bot's lifetime (its `notes` report them to `arena eval`)."""

    __slots__ = ("decisions", "iterations", "seconds", "reused")

    def __init__(self) -> None:
        self.decisions = 0
        self.iterations = 0
        self.seconds = 0.0
        self.reused = 0


def _left(end: float, now: float, began: float, done: int) -> float:
    """Iterations that fit before `end` at the rate of `done` iterations since `began`
    (on one clock: wall time or the thread's CPU time)."""
    if end == float("inf"):
        return float("inf")
    return (end - now) * done / max(now - began, 1e-9)


class MCTSBot(Bot):
    """Single-observer ISMCTS with max^n backups, subtree reuse and a node cap."""

    name = "mcts"

    def __init__(self, **params: Any) -> None:
        #: the parameters the spec named (checked); the others come from the game's profile
        self.given = SearchParams.given(**params)
        #: the parameters in effect (after `reset`, with the game's profile applied)
        self.params = SearchParams.build(self.given)
        self.stats = SearchStats()
        #: the searched value of the move last played, for the seat (its mean reward over
        #: the simulations through it); None after a forced move (`arena train` learns
        #: from it, harness/training/selfplay.py)
        self.last_value: float | None = None
        self._seeds = Seeds.of(self.params.seed, "mcts")
        self._modelling = False
        self._bots: list[HintedBot] | None = None
        self._guide_bot: HintedBot | None = None
        self._order_bots: list[HintedBot] | None = None
        self._leaf: Leaf = GameLeaf(self.params.reward)
        #: the trained move prior (`prior`), or None
        self._prior: Callable[[State], dict[Action, float]] | None = None
        #: (decision, child of our action there): the subtree a next decision may reuse
        self._last: tuple[int, Node] | None = None

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        """Apply the game's profile for `num_players` (unless the spec says `profile=none`)
        and build what the parameters need for this seat."""
        game = profile(game_id, num_players) if self.given.get("profile") != "none" else {}
        p = self.params = SearchParams.build(self.given, game)
        seeds = self._seeds = Seeds.of(p.seed, "mcts", seed, seat)
        self._modelling = 0 < p.opponents <= num_players
        self._last = None
        self._bots = self._guide_bot = self._order_bots = None
        self._leaf = GameLeaf(p.reward)
        if ROLLOUTS[p.rollout].needs_bots:
            self._bots = heuristic_bots(game_id, num_players, seeds)
        if p.guide > 0:
            try:
                guides = heuristic_bots(game_id, num_players, seeds.child("guide"),
                                        p.guide_bot)
            except TypeError as e:
                raise BotSpecError(f"guide_bot {p.guide_bot}: {e}") from None
            self._guide_bot = guides[seat] if guides else None
        if p.leaf in ("bot", "win"):
            judges = heuristic_bots(game_id, num_players, seeds.child("leaf"))
            if not judges and p.win_weights is not None:
                raise BotSpecError(f"win_weights: {game_id} has no rule-based bot to give "
                                   "win features")
            if judges:
                judge = judges[seat]
                weights = (self._own_weights(judge, game_id) if p.win_weights is not None
                           else judge.win_weights(num_players) if p.leaf == "win" else None)
                self._leaf = (WinLeaf(judge, weights, p.reward) if weights is not None
                              else BotLeaf(judge, p.reward))
        if p.model is not None and p.model_for == "both":
            from bots.mcts_model import model_leaf  # numpy inference; only when asked for

            self._leaf = model_leaf(p.model, game_id, num_players, p.reward,
                                    seat if p.model_views == "own" else None)
        if p.order or p.prior or self._modelling:
            self._order_bots = heuristic_bots(game_id, num_players, seeds.child("order"))
        self._prior = None
        if p.prior > 0 and p.model is not None:  # without one, the HeuristicBot's values
            from bots.mcts_model import move_prior

            self._prior = move_prior(p.model, game_id, num_players)

    def _own_weights(self, judge: SearchHints, game_id: str) -> Sequence[float]:
        """`win_weights`, checked against the names of the judge's win features."""
        weights, names = self.params.win_weights or (), judge.win_feature_names
        if not names:
            raise BotSpecError(f"win_weights: the rule-based bot of {game_id} has no win "
                               "features")
        if len(weights) != len(names):
            raise BotSpecError(f"win_weights has {len(weights)} values; the win features of "
                               f"{game_id} are {len(names)}: {', '.join(names)}")
        return weights

    def act(self, observation: Observation, time_left: float | None) -> Action:
        start, cpu_start = _time.perf_counter(), _time.thread_time()
        legal = observation.legal_actions
        root = self._reusable_root(observation)
        self._last = None
        self.last_value = None
        if len(legal) == 1:  # forced: no search, but keep the subtree below it
            if root is not None:
                self._remember(observation.decision, root.children.get(legal[0]))
            return legal[0]
        p = self.params
        seeds = self._seeds.child("decision", observation.decision)
        rng = seeds.rng("tree")
        hint = self._guide_bot.act(observation, time_left) if self._guide_bot else None
        tree = Tree(root or Node(observation.seat), p, rng, hint if hint in legal else None,
                    self._policy(), self._modelling, self._planner())
        playout = self._rollout(seeds)
        deadline = self._deadline(start, time_left)
        playout.deadline = tree.deadline = deadline
        cpu_end = cpu_start + p.cpu if p.cpu is not None else float("inf")
        timed = deadline != float("inf") or p.cpu is not None
        iters = p.iters if p.iters is not None else (None if timed else DEFAULT_ITERS)
        done = 0
        collecting = gc.isenabled()
        gc.disable()  # no cyclic-GC pause inside the timed search (its garbage is acyclic)
        searching, cpu_searching = _time.perf_counter(), _time.thread_time()
        slowest = 0.0  # the longest iteration after the first (which orders the root)
        try:
            while (iters is None or done < iters) and (done == 0 or (
                    _time.perf_counter() + slowest < deadline
                    and _time.thread_time() < cpu_end)):
                began = _time.perf_counter()
                state = engine.sample_state(observation, seeds("det", done))
                tree.iterate(state, playout)
                if done:
                    slowest = max(slowest, _time.perf_counter() - began)
                done += 1
                if iters is None and done % SETTLE_EVERY == 0:
                    left = min(_left(deadline, _time.perf_counter(), searching, done),
                               _left(cpu_end, _time.thread_time(), cpu_searching, done))
                    if p.settle and tree.settled(legal, left, p.guide):
                        break  # no answer but this one within the time left
        finally:
            if collecting:
                gc.enable()
        action = tree.best_action(legal, p.guide)
        chosen = tree.root.children.get(action)
        if chosen is not None and chosen.visits:
            self.last_value = chosen.mean()
        self._remember(observation.decision, chosen)
        self._count(done, start, root is not None)
        return action

    def _policy(self) -> Callable[[State], dict[Action, float]] | None:
        """Move ordering by the trained model's move prior (`prior`), else by the game's
        heuristic bot (`action_values`, scaled to [0, 1] for a `prior`'s bias), if asked
        for."""
        if self._prior is not None:
            return self._prior
        bots = self._order_bots
        if bots is None:
            return None
        scaled = self.params.prior > 0

        def values(state: State) -> dict[Action, float]:
            seat = state.current_player()
            bot = bots[seat]
            legal = state.legal_actions()
            vals = bot.state_values(state, legal)
            if vals is None:  # only the bot's choice is known: it goes first
                return {bot_move(bots, state): 1.0}
            return dict(zip(legal, unit_scaled(vals) if scaled else vals, strict=True))
        return values

    def _planner(self) -> Callable[[State], Action] | None:
        """The seat's own move by the game's heuristic bot (for `plan`), if asked for."""
        bots = self._order_bots
        if bots is None or not self.params.plan:
            return None
        return partial(bot_move, bots)

    def _deadline(self, start: float, time_left: float | None) -> float:
        """When the search stops: after the bot's own `time` in full, and within the
        harness's limit less a reserve for the answer to get back (MARGIN_FRACTION of the
        limit plus MARGIN_SECONDS). The reserve is the limit's: a bot given `time=0.02`
        and no limit searches 20 ms (it searched one iteration, the reserve being taken
        from its own budget)."""
        ends = [] if self.params.time is None else [self.params.time]
        if time_left is not None:
            ends.append(max(0.0, time_left * (1 - MARGIN_FRACTION) - MARGIN_SECONDS))
        return start + min(ends) if ends else float("inf")

    def _rollout(self, seeds: Seeds) -> Rollout:
        """The simulation policy of one decision (random if it needs the game's rule-based
        bot and the game has none)."""
        p = self.params
        kind = ROLLOUTS[p.rollout]
        if kind.needs_bots and self._bots is None:
            kind = RandomRollout
        return kind(seeds.rng("playout"), self._leaf, p.depth, self._bots)

    def _reusable_root(self, observation: Observation) -> Node | None:
        """The subtree under our previous action, if no other seat decided since.

        Decisions are counted by the observation; when ours follows our own last
        decision directly, our action is the only thing that happened (plus any hidden
        chance inside it, which the subtree's determinizations already sampled), so the
        child node is exactly the new information set's root.
        """
        if self._last is None:
            return None
        decision, node = self._last
        return node if observation.decision == decision + 1 else None

    def _remember(self, decision: int, child: Node | None) -> None:
        self._last = (decision, child) if child is not None else None

    def _count(self, iterations: int, start: float, reused: bool) -> None:
        s = self.stats
        s.decisions += 1
        s.iterations += iterations
        s.seconds += _time.perf_counter() - start
        s.reused += reused

    @property
    def notes(self) -> list[str]:
        """What the match record keeps of this bot's searches (read by `arena eval`):
        iterations and decisions only, so that records stay deterministic under an
        iteration budget; the record's move times give the speed."""
        s = self.stats
        if not s.decisions:
            return []
        out = [f"mcts: {s.iterations} iterations in {s.decisions} decisions"]
        misfits = getattr(self._leaf, "misfits", 0)
        if misfits:
            out.append(f"mcts: {misfits} leaves did not fit the model's layout and were "
                       "valued by the game (engine.tensor's TensorOverflow)")
        unfit = getattr(self._prior, "misfits", 0)
        if unfit:
            out.append(f"mcts: {unfit} positions did not fit the model's layout and had a "
                       "uniform move prior (engine.tensor's TensorOverflow)")
        return out

    def describe(self) -> dict[str, Any]:
        """Parameters in effect (after `reset`, with the game's profile applied; for reports)."""
        return self.params.describe()


def unit_scaled(values: Sequence[float]) -> list[float]:
    """`values` mapped linearly onto [0, 1], the best to 1 and the worst to 0 (all 1 when
    they are equal; an infinite value to its end, a NaN to 0): the bot's action values as
    a move prior, whatever their scale."""
    finite = [v for v in values if math.isfinite(v)]
    lo, hi = (min(finite), max(finite)) if finite else (0.0, 0.0)
    if hi <= lo:
        return [1.0 if v >= lo else 0.0 for v in values]
    span = hi - lo
    return [min(1.0, max(0.0, (v - lo) / span)) if v == v else 0.0 for v in values]
