"""`mcts[:k=v,...]`: information-set MCTS by determinization, for every game.

Each iteration samples a full state from the bot's observation with
`engine.sample_state(observation, seed)` (hidden parts and future chance resampled, so
the search never sees what the seat may not know), walks the information-set tree with
UCT and availability counts, expands one action, simulates, and backs up a reward vector
max^n style (`bots.mcts_tree`). Simulations are pluggable (`bots.mcts_rollout`).

Parameters (all optional):
  iters    iterations per decision (default 1000 when no time budget is given)
  time     seconds per decision (capped by the harness's limit, minus a safety margin)
  c        UCT exploration constant (rewards lie in [0, 1])
  rollout  random | heuristic (the game's HeuristicBot plays all seats) | cutoff
           (random playout of `depth` decisions, then `State.heuristic(p)`)
  depth    playout length for `cutoff`
  widen    progressive widening: a node may have ceil(widen * sqrt(visits + 1)) children;
           0 turns it off
  nodes    tree size cap (memory bound); past it the search only simulates
  guide    > 0: the game's heuristic bot names a root move, expanded first and kept
           unless another move gets `guide * iterations` more visits (0: off)
  seed     mixed into the seeds the harness gives, so two bots can differ

Determinism: with an iteration budget (and no deadline reached) the chosen action is a
function of (seed, game seed, seat, observation). Time budgets are the only source of
nondeterminism.
"""

from __future__ import annotations

import gc
import random
import time as _time
from typing import Any

import engine
from bots.base import Bot
from bots.mcts_rollout import ROLLOUTS, Playout, heuristic_bots
from bots.mcts_tree import Node, Tree
from engine.common.rng import derive_seed
from engine.protocol import Action, Observation

DEFAULT_ITERS = 1000
#: fraction of the time limit kept in reserve, plus a fixed reserve in seconds
MARGIN_FRACTION = 0.12
MARGIN_SECONDS = 0.03


class SearchStats:
    """Counters over a bot's lifetime (read by scripts/eval_mcts.py)."""

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

    def __init__(self, iters: int | None = None, time: float | None = None, c: float = 0.7,
                 rollout: str = "random", depth: int = 20, widen: float = 0.0,
                 nodes: int = 200_000, guide: float = 0.0, seed: int = 0) -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if iters is not None and iters < 1:
            raise ValueError("iters must be at least 1")
        if time is not None and time <= 0:
            raise ValueError("time must be positive")
        if depth < 0 or nodes < 1 or c < 0 or widen < 0 or guide < 0:
            raise ValueError("depth, c, widen and guide must be >= 0, nodes >= 1")
        self.iters = iters
        self.time = time
        self.c = float(c)
        self.rollout = rollout
        self.depth = depth
        self.widen = float(widen)
        self.max_nodes = nodes
        self.guide = float(guide)
        self.seed = seed
        self.stats = SearchStats()
        self._base = derive_seed(seed, "mcts")
        self._seat = 0
        self._bots: list[Bot] | None = None
        self._guide_bot: Bot | None = None
        #: (decision, child of our action there): the subtree a next decision may reuse
        self._last: tuple[int, Node] | None = None

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self._base = derive_seed(self.seed, "mcts", seed, seat)
        self._seat = seat
        self._last = None
        self._bots = self._guide_bot = None
        if self.rollout == "heuristic":
            self._bots = heuristic_bots(game_id, num_players, self._base)
        if self.guide > 0:
            guides = heuristic_bots(game_id, num_players, derive_seed(self._base, "guide"))
            self._guide_bot = guides[seat] if guides else None

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
                    hint if hint in legal else None)
        playout = self._playout(random.Random(derive_seed(seed, "playout")))
        deadline = self._deadline(start, time_left)
        playout.deadline = deadline
        iters = self.iters if self.iters is not None else (
            DEFAULT_ITERS if deadline == float("inf") else None)
        done = 0
        collecting = gc.isenabled()
        gc.disable()  # no cyclic-GC pause inside the timed search (its garbage is acyclic)
        try:
            while (iters is None or done < iters) and (
                    done == 0 or _time.perf_counter() < deadline):
                state = engine.sample_state(observation, derive_seed(seed, "det", done))
                tree.iterate(state, playout)
                done += 1
        finally:
            if collecting:
                gc.enable()
        action = tree.best_action(legal, self.guide)
        self._remember(observation.decision, tree.root.children.get(action))
        self._count(done, playout.steps, start, root is not None)
        return action

    def _deadline(self, start: float, time_left: float | None) -> float:
        budget = self.time
        if time_left is not None:
            budget = time_left if budget is None else min(budget, time_left)
        if budget is None:
            return float("inf")
        return start + max(0.0, budget * (1 - MARGIN_FRACTION) - MARGIN_SECONDS)

    def _playout(self, rng: random.Random) -> Playout:
        kind = self.rollout
        if kind == "heuristic" and self._bots is None:
            kind = "random"  # the game has no heuristic bot
        return Playout(kind, rng, max_steps=1_000_000, depth=self.depth, bots=self._bots)

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

    def describe(self) -> dict[str, Any]:
        """Parameters as given (for reports)."""
        return {"iters": self.iters, "time": self.time, "c": self.c, "rollout": self.rollout,
                "depth": self.depth, "widen": self.widen, "nodes": self.max_nodes,
                "guide": self.guide, "seed": self.seed}
