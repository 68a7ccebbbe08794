"""`mcts[:k=v,...]`: information-set MCTS by determinization, for every game.

Each iteration samples a full state from the bot's observation with
`engine.sample_state(observation, seed)` (hidden parts and future chance resampled, so
the search never sees what the seat may not know), walks the information-set tree with
UCT and availability counts, expands one action, simulates, and backs up a reward vector
max^n style (`bots.mcts_tree`). Simulations are pluggable (`bots.mcts_rollout`).

Parameters (all optional; the game's `search_profile` replaces the defaults for it):
  iters    iterations per decision (default 1000 when no time budget is given)
  time     seconds per decision (capped by the harness's limit, minus a safety margin)
  c        UCT exploration constant (rewards lie in [0, 1])
  rollout  random | heuristic (the game's HeuristicBot plays all seats) | cutoff
           (random playout of `depth` decisions, then `State.heuristic(p)`) | greedy
           (the HeuristicBot plays `depth` decisions and the rest of that turn, then
           `State.heuristic(p)`) | ordered (as greedy, but each decision is the best by
           the HeuristicBot's cheap `action_values`, not its plan)
  depth    playout length for `cutoff` and `greedy`
  widen    progressive widening: a node may have ceil(widen * sqrt(visits + 1)) children;
           0 turns it off
  nodes    tree size cap (memory bound); past it the search only simulates
  guide    > 0: the game's heuristic bot names a root move, expanded first and kept
           unless another move gets `guide * iterations` more visits (0: off)
  guide_bot  with `guide`: the parameters that bot is built with, `;`-separated in a spec
           (`guide_bot=breadth=16;beam=8`; empty: the baseline bot's own), a dict in a
           profile: e.g. a wider whole-turn plan than the baseline's, as the search has
           the time for it
  order    1: expand untried actions best first by the game's HeuristicBot
           (`state_values`, i.e. `action_values`, else its chosen action first), so that with
           `widen` only the best few are searched; 0: random order
  model    opponent modelling in games of at least this many players: at another seat's
           decision the tree does not branch but follows that seat's best action by the
           HeuristicBot's `action_values` (0: never; 3: with three players or more)
  plan     with `model`: a modelled decision reached this many times follows the
           HeuristicBot's own move there (its whole-turn plan) instead of its cheap
           `action_values` (0: never)
  leaf     game | bot: what values a position a playout stops in before the end: the
           game's `State.heuristic(p)`, or the HeuristicBot's `position_values` (the way
           it values its own turns' ends; `game` for a bot without them)
  reward   rank | win: what a finished game is worth to a seat: linear in its place (1
           first, 0 last), or 1 for first place only (shared firsts split it); with
           more than two players `win` is on the scale of leaves valued by a margin
           over the best other seat (Dragon Castle's, and most games' `heuristic`), or
           by a win model's chances (`bots.win_model`, Huang's `leaf=bot` at 3-5 players)
  seed     mixed into the seeds the harness gives, so two bots can differ

A timed search stops early once the most visited root action leads the next one by more
visits than the time left can give at the rate so far (its answer can no longer change).

Determinism: with an iteration budget (and no deadline reached) the chosen action is a
function of (seed, game seed, seat, observation). Time budgets are the only source of
nondeterminism.
"""

from __future__ import annotations

import gc
import random
import time as _time
from collections.abc import Callable
from functools import partial
from typing import Any

import engine
from bots.base import Bot
from bots.mcts_rollout import BOT_ROLLOUTS, ROLLOUTS, Playout, bot_move, heuristic_bots
from bots.mcts_tree import REWARDS, Node, Tree
from bots.registry import BotSpecError, parse_params
from engine.common.rng import derive_seed
from engine.protocol import Action, Observation, State

DEFAULT_ITERS = 1000
#: fraction of the time limit kept in reserve, plus a fixed reserve in seconds
MARGIN_FRACTION = 0.12
MARGIN_SECONDS = 0.03
#: a timed search checks this often whether its answer can still change
SETTLE_EVERY = 8


#: search parameters of a spec that names none of them
DEFAULTS: dict[str, Any] = {"c": 0.7, "rollout": "random", "depth": 20, "widen": 0.0,
                            "nodes": 200_000, "guide": 0.0, "order": 0, "model": 0,
                            "plan": 0, "leaf": "game", "reward": "rank", "guide_bot": {}}
#: what values a playout's last position (the `leaf` parameter)
LEAVES = ("game", "bot")
#: what a finished game is worth (the `reward` parameter)
REWARD_KINDS = tuple(REWARDS)


def spec_value(value: Any) -> str:
    """A parameter's value as a spec writes it: a dict (`guide_bot`) as `breadth=16;beam=8`,
    which `MCTSBot` reads back; anything else as `str(value)`."""
    if isinstance(value, dict):
        return ";".join(f"{k}={v}" for k, v in value.items())
    return str(value)


def _bot_params(given: str | dict[str, Any] | None) -> dict[str, Any] | None:
    """`breadth=16;beam=8` -> {"breadth": 16, "beam": 8} (a spec's `guide_bot`); a dict
    (from a profile or DEFAULTS) as it is."""
    if given is None or isinstance(given, dict):
        return given
    try:
        return parse_params(str(given).replace(";", ","))
    except BotSpecError as e:
        raise ValueError(f"guide_bot: {e}") from None


def profile(game_id: str) -> dict[str, Any]:
    """The game's search defaults (its descriptor's `search_profile`, docs/mcts.md): they
    replace DEFAULTS for that game; parameters a spec names override both."""
    return dict(engine.get_game(game_id).search_profile)


class SearchStats:
    """Counters over a bot's lifetime (its `notes` report them to `arena eval`)."""

    __slots__ = ("decisions", "iterations", "seconds", "playout_steps", "reused")

    def __init__(self) -> None:
        self.decisions = 0
        self.iterations = 0
        self.seconds = 0.0
        self.playout_steps = 0
        self.reused = 0

    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


class MCTSBot(Bot):
    """Single-observer ISMCTS with max^n backups, subtree reuse and a node cap."""

    name = "mcts"

    def __init__(self, iters: int | None = None, time: float | None = None,
                 c: float | None = None, rollout: str | None = None, depth: int | None = None,
                 widen: float | None = None, nodes: int | None = None,
                 guide: float | None = None, order: int | None = None,
                 model: int | None = None, plan: int | None = None,
                 leaf: str | None = None,
                 reward: str | None = None, guide_bot: str | dict[str, Any] | None = None,
                 seed: int = 0) -> None:
        for name, given in (("iters", iters), ("time", time)):
            if given is not None and not isinstance(given, int | float):
                raise ValueError(f"{name} must be a number, not {given!r}")
        if iters is not None and iters < 1:
            raise ValueError("iters must be at least 1")
        if time is not None and time <= 0:
            raise ValueError("time must be positive")
        self.iters = iters
        self.time = time
        #: the search parameters the spec named; the others come from the game's profile
        self.given = {k: v for k, v in (("c", c), ("rollout", rollout), ("depth", depth),
                                         ("widen", widen), ("nodes", nodes), ("guide", guide),
                                         ("order", order), ("model", model), ("plan", plan),
                                         ("leaf", leaf), ("reward", reward),
                                         ("guide_bot", _bot_params(guide_bot)))
                      if v is not None}
        self._configure(DEFAULTS | self.given)
        self.seed = seed
        self._modelling = False
        self.stats = SearchStats()
        self._base = derive_seed(seed, "mcts")
        self._seat = 0
        self._bots: list[Bot] | None = None
        self._guide_bot: Bot | None = None
        self._order_bots: list[Bot] | None = None
        self._judge: Bot | None = None
        #: (decision, child of our action there): the subtree a next decision may reuse
        self._last: tuple[int, Node] | None = None

    def _configure(self, p: dict[str, Any]) -> None:
        """Set the search parameters from `p` (checked: bad values raise ValueError)."""
        if p["leaf"] not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, not {p['leaf']!r}")
        if p["reward"] not in REWARD_KINDS:
            raise ValueError(f"reward must be one of {', '.join(REWARD_KINDS)}, "
                             f"not {p['reward']!r}")
        if p["rollout"] not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, "
                             f"not {p['rollout']!r}")
        for name in ("c", "depth", "widen", "nodes", "guide", "order", "model", "plan"):
            if not isinstance(p[name], int | float):
                raise ValueError(f"{name} must be a number, not {p[name]!r}")
        if p["depth"] < 0 or p["nodes"] < 1 or min(p["c"], p["widen"], p["guide"],
                                                     p["model"], p["plan"]) < 0:
            raise ValueError("depth, c, widen, guide, model and plan must be >= 0, "
                             "nodes >= 1")
        if not isinstance(p["guide_bot"], dict):
            raise ValueError(f"guide_bot must be a dict of the rule-based bot's parameters, "
                             f"not {p['guide_bot']!r}")
        self.guide_bot = dict(p["guide_bot"])
        self.c = float(p["c"])
        self.rollout = str(p["rollout"])
        self.depth = int(p["depth"])
        self.widen = float(p["widen"])
        self.max_nodes = int(p["nodes"])
        self.guide = float(p["guide"])
        self.order = bool(p["order"])
        self.model = int(p["model"])
        self.plan = int(p["plan"])
        self.leaf = str(p["leaf"])
        self.reward = str(p["reward"])

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self._configure(DEFAULTS | profile(game_id) | self.given)
        self._base = derive_seed(self.seed, "mcts", seed, seat)
        self._seat = seat
        self._modelling = 0 < self.model <= num_players
        self._last = None
        self._bots = self._guide_bot = self._order_bots = self._judge = None
        if self.rollout in BOT_ROLLOUTS:
            self._bots = heuristic_bots(game_id, num_players, self._base)
        if self.guide > 0:
            try:
                guides = heuristic_bots(game_id, num_players, derive_seed(self._base, "guide"),
                                        self.guide_bot)
            except TypeError as e:
                raise ValueError(f"guide_bot {self.guide_bot}: {e}") from None
            self._guide_bot = guides[seat] if guides else None
        if self.leaf == "bot":
            judges = heuristic_bots(game_id, num_players, derive_seed(self._base, "leaf"))
            self._judge = judges[seat] if judges else None
        if self.order or self._modelling:
            self._order_bots = heuristic_bots(game_id, num_players,
                                              derive_seed(self._base, "order"))

    def act(self, observation: Observation, time_left: float | None) -> Action:
        start = _time.perf_counter()
        legal = observation.legal_actions
        root = self._reusable_root(observation)
        self._last = None
        if len(legal) == 1:  # forced: no search, but keep the subtree below it
            if root is not None:
                self._remember(observation.decision, root.children.get(legal[0]))
            return legal[0]
        seed = derive_seed(self._base, "decision", observation.decision)
        rng = random.Random(derive_seed(seed, "tree"))
        hint = self._guide_bot.act(observation, time_left) if self._guide_bot else None
        tree = Tree(root or Node(observation.seat), self.c, self.widen, self.max_nodes, rng,
                    hint if hint in legal else None, self._policy(), self._modelling,
                    self.order, self._planner(), self.plan)
        playout = self._playout(random.Random(derive_seed(seed, "playout")))
        deadline = self._deadline(start, time_left)
        playout.deadline = tree.deadline = deadline
        iters = self.iters if self.iters is not None else (
            DEFAULT_ITERS if deadline == float("inf") else None)
        done = 0
        collecting = gc.isenabled()
        gc.disable()  # no cyclic-GC pause inside the timed search (its garbage is acyclic)
        searching = _time.perf_counter()
        slowest = 0.0  # the longest iteration after the first (which orders the root)
        try:
            while (iters is None or done < iters) and (
                    done == 0 or _time.perf_counter() + slowest < deadline):
                began = _time.perf_counter()
                state = engine.sample_state(observation, derive_seed(seed, "det", done))
                tree.iterate(state, playout)
                if done:
                    slowest = max(slowest, _time.perf_counter() - began)
                done += 1
                if iters is None and done % SETTLE_EVERY == 0:
                    now = _time.perf_counter()
                    left = (deadline - now) * done / (now - searching)
                    if tree.settled(legal, left, self.guide):
                        break  # no answer but this one within the time left
        finally:
            if collecting:
                gc.enable()
        action = tree.best_action(legal, self.guide)
        self._remember(observation.decision, tree.root.children.get(action))
        self._count(done, playout.steps, start, root is not None)
        return action

    def _policy(self) -> Callable[[State], dict[Action, float]] | None:
        """Move ordering by the game's heuristic bot (`action_values`), if asked for."""
        bots = self._order_bots
        if bots is None:
            return None

        def values(state: State) -> dict[Action, float]:
            seat = state.current_player()
            bot = bots[seat]
            legal = state.legal_actions()
            vals = bot.state_values(state, legal)
            if vals is not None:
                return dict(zip(legal, vals, strict=True))
            # only the bot's choice is known: it goes first
            return {bot_move(bots, state): 1.0}
        return values

    def _planner(self) -> Callable[[State], Action] | None:
        """The seat's own move by the game's heuristic bot (for `plan`), if asked for."""
        bots = self._order_bots
        if bots is None or not self.plan:
            return None
        return partial(bot_move, bots)

    def _deadline(self, start: float, time_left: float | None) -> float:
        budget = self.time
        if time_left is not None:
            budget = time_left if budget is None else min(budget, time_left)
        if budget is None:
            return float("inf")
        return start + max(0.0, budget * (1 - MARGIN_FRACTION) - MARGIN_SECONDS)

    def _playout(self, rng: random.Random) -> Playout:
        kind = self.rollout
        if kind in BOT_ROLLOUTS and self._bots is None:
            kind = "random"  # the game has no heuristic bot
        return Playout(kind, rng, max_steps=1_000_000, depth=self.depth, bots=self._bots,
                       judge=self._judge, reward=self.reward)

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

    def _count(self, iterations: int, steps: int, start: float, reused: bool) -> None:
        s = self.stats
        s.decisions += 1
        s.iterations += iterations
        s.playout_steps += steps
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
        return [f"mcts: {s.iterations} iterations in {s.decisions} decisions"]

    def describe(self) -> dict[str, Any]:
        """Parameters in effect (after `reset`, with the game's profile applied; for reports)."""
        return {"iters": self.iters, "time": self.time, "c": self.c, "rollout": self.rollout,
                "depth": self.depth, "widen": self.widen, "nodes": self.max_nodes,
                "guide": self.guide, "order": int(self.order), "model": self.model,
                "plan": self.plan, "leaf": self.leaf, "reward": self.reward,
                "guide_bot": self.guide_bot, "seed": self.seed}
