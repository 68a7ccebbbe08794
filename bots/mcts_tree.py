"""The search tree of the information-set MCTS bot (single-observer ISMCTS).

One tree per decision of the searching seat, over that seat's information set: nodes
are keyed by the actions leading to them, never by hidden state, so every
determinization walks the same tree. When the legal actions differ across
determinizations, UCT uses availability counts (Cowling, Powley and Whitehouse 2012,
"Information Set Monte Carlo Tree Search"): a child's exploration term counts how often
it was *available*, not how often its parent was visited.

Backups are max^n style: each node stores the summed reward of the seat that chose the
action leading to it, so every seat maximises its own component of the reward vector.
With `minimax`, each node also keeps an implicit minimax value (Lanctot, Winands, Pepels
and Sturtevant 2014, "Monte Carlo Tree Search with Heuristic Evaluations using Implicit
Minimax Backups"): a new node's is its first playout's reward vector, an inner node's
that of its child best for the seat choosing there, and selection mixes it into the mean.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from bots.search_params import SearchParams
from engine.protocol import Action, State

#: seconds before a timed search's deadline after which no modelled node asks for a plan
#: (a whole-turn plan takes up to about 50 ms)
PLAN_RESERVE = 0.05


class Node:
    """One information-set node: visits, availability, summed reward of its mover."""

    __slots__ = ("children", "visits", "avail", "total", "mover", "prior", "planned", "best")

    def __init__(self, mover: int) -> None:
        self.children: dict[Action, Node] = {}
        #: the move-ordering values of the node's actions (first determinization), or None
        self.prior: dict[Action, float] | None = None
        #: opponent modelling with `plan`: the move the seat's rule-based bot plays here
        #: (its whole-turn plan, asked once the node was visited `plan` times), or None
        self.planned: Action | None = None
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.mover = mover
        #: with `minimax`: the implicit minimax reward vector (shared, never mutated)
        self.best: list[float] | None = None

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def size(self) -> int:
        """Number of nodes in this subtree (iterative, no recursion limit)."""
        count, stack = 0, [self]
        while stack:
            node = stack.pop()
            count += 1
            stack.extend(node.children.values())
        return count


def back_minimax(path: Sequence[Node], rewards: list[float]) -> None:
    """Implicit minimax backup along `path` after a playout worth `rewards`: the last node,
    if it is new (or a leaf the search cannot expand), takes `rewards`; each node above
    takes the value of its child best for that child's mover, the seat choosing there. Stops
    where a node's value did not change (nothing above it can)."""
    last = path[-1]
    if not last.children and last.best is None:
        last.best = rewards
    for k in range(len(path) - (1 if last.children else 2), -1, -1):
        node = path[k]
        top, pick = -math.inf, None
        for child in node.children.values():
            b = child.best
            if b is not None and b[child.mover] > top:
                top, pick = b[child.mover], b
        if pick is None or pick is node.best:
            return
        node.best = pick


def widen_cap(widen: float, visits: int) -> int:
    """Progressive widening: children a node may have after `visits` visits."""
    return max(1, math.ceil(widen * math.sqrt(visits + 1)))


class Tree:
    """Selection, expansion and backup over one information set.

    `iterate(state, simulate)` runs one iteration on the determinization `state`
    (consumed): descend by UCT among the children available in this determinization,
    expand one untried action, call `simulate(state)` for a reward vector, back it up.
    """

    def __init__(self, root: Node, params: SearchParams, rng: random.Random,
                 hint: Action | None = None,
                 policy: Callable[[State], dict[Action, float]] | None = None,
                 modelling: bool = False,
                 planner: Callable[[State], Action] | None = None) -> None:
        self.root = root
        #: expand untried actions best first by `policy` (else in random order)
        self.order = bool(params.order or params.prior) and policy is not None
        #: progressive bias: a child's score gains `bias * policy value / (visits + 1)`
        self.bias = params.prior if policy is not None else 0.0
        #: with `bias`: the visits a node needs before its prior is computed
        self.prior_visits = params.prior_visits if self.bias else 0
        #: opponent modelling: at another seat's decision the tree follows the move
        #: ordering's best legal action instead of branching (needs `policy`)
        self.model = modelling and policy is not None
        #: with `model`: a modelled node visited `plan` times follows `planner(state)` (the
        #: seat's rule-based bot's own move, a whole-turn plan) instead of the cheap values
        self.planner = planner if params.plan > 0 else None
        self.plan = params.plan
        #: move ordering: values of the legal actions of a state; untried actions are
        #: expanded best first (random order when None)
        self.policy = policy
        #: a root action to expand first (the game's heuristic bot's choice), or None
        self.hint = hint
        self.c = params.c
        #: implicit minimax backups: the weight of a child's minimax value in selection
        self.minimax = params.minimax
        self.widen = params.widen
        self.max_nodes = params.nodes
        self.rng = rng
        self.nodes = root.size()
        #: smallest and largest reward backed up so far: UCT's exploration term is scaled
        #: by their spread, so cut-off values near 0.5 explore as much as 0/1 results
        self.lo, self.hi = math.inf, -math.inf
        #: a timed search's deadline (perf_counter): a modelled walk stops valuing new
        #: nodes past it
        self.deadline = math.inf

    def iterate(self, state: State, simulate: Callable[[State], list[float]]) -> None:
        node = self.root
        path = [node]
        while not state.is_terminal():
            legal = state.legal_actions()
            children = node.children
            if self.model and state.current_player() != self.root.mover:
                # another seat's move as modelled: one path, no branching, no stop
                if node.prior is None and time.perf_counter() > self.deadline:
                    break  # no time left to value a new node's moves: simulate from here
                action = self._modelled(node, state, legal)
                child = children.get(action)
                if child is None:
                    if self.nodes >= self.max_nodes:
                        break
                    child = children[action] = Node(state.current_player())
                    self.nodes += 1
                node = child
                state.apply_legal(action)
                path.append(node)
                continue
            # one pass, one lookup per action: the tried ones with their nodes, the rest
            available: list[tuple[Action, Node]] = []
            untried: list[Action] = []
            get = children.get
            for a in legal:
                child = get(a)
                if child is None:
                    untried.append(a)
                else:
                    available.append((a, child))
            if untried and self._may_expand(node, len(available)):
                action = self._untried_choice(node, state, untried)
                child = Node(state.current_player())
                child.avail = 1
                children[action] = child
                self.nodes += 1
                state.apply_legal(action)
                path.append(child)
                break
            if not available:
                break  # node budget spent: simulate from here
            if self.bias and node.prior is None and node.visits >= self.prior_visits:
                assert self.policy is not None
                node.prior = self.policy(state)
            action, node = self._select(node, available)
            state.apply_legal(action)
            path.append(node)
        rewards = simulate(state)
        lo, hi = min(rewards), max(rewards)
        if lo < self.lo:
            self.lo = lo
        if hi > self.hi:
            self.hi = hi
        self.root.visits += 1
        for k in range(1, len(path)):
            n = path[k]
            n.visits += 1
            n.total += rewards[n.mover]
        if self.minimax:
            back_minimax(path, rewards)

    def _untried_choice(self, node: Node, state: State, untried: list[Action]) -> Action:
        """The hint at the root, else the best untried action by the move ordering (its
        values computed once per node, on the first determinization that needs them),
        else a random one."""
        if node is self.root and self.hint in untried:
            return self.hint
        if not self.order or (node.prior is None and node.visits < self.prior_visits):
            return self.rng.choice(untried)
        return self._best(node, state, untried)

    def _modelled(self, node: Node, state: State, legal: list[Action]) -> Action:
        """The other seat's move: its best legal action by the move ordering, whose values
        come from the first determinization that reached this node (hidden hands differ
        between determinizations: an action not valued then ranks last, in legal order).
        With a planner, a node visited `plan` times (before the deadline) asks it once, on
        the determinization at hand, and follows its move wherever it is legal."""
        planned = node.planned
        if planned is None and self.planner is not None and node.visits >= self.plan and (
                time.perf_counter() < self.deadline - PLAN_RESERVE):
            planned = node.planned = self.planner(state)
        if planned is not None and planned in legal:
            return planned
        return self._best(node, state, legal)

    def _best(self, node: Node, state: State, actions: list[Action]) -> Action:
        """The first of `actions` with the highest move-ordering value; the node's values
        are computed once, on the first determinization that needs them."""
        prior = node.prior
        if prior is None:
            assert self.policy is not None
            prior = node.prior = self.policy(state)
        low = -math.inf
        return max(actions, key=lambda a: prior.get(a, low))

    def _may_expand(self, node: Node, available: int) -> bool:
        if self.nodes >= self.max_nodes:
            return False
        if available == 0 or self.widen <= 0:
            return True
        return available < widen_cap(self.widen, node.visits)

    def _select(self, node: Node, available: list[tuple[Action, Node]]) -> tuple[Action, Node]:
        """UCT with availability counts (and the move prior's progressive bias, Chaslot et
        al. 2008, with `prior`); first best in legal order wins ties."""
        c = self.c * (self.hi - self.lo if self.hi > self.lo else 1.0)
        best: tuple[Action, Node] = available[0]
        best_score = -math.inf
        sqrt, log = math.sqrt, math.log
        bias, prior = self.bias, node.prior
        alpha = self.minimax
        for pair in available:
            child = pair[1]
            avail = child.avail = child.avail + 1
            visits = child.visits
            if alpha and child.best is not None:
                q = (1 - alpha) * child.total / visits + alpha * child.best[child.mover]
            else:
                q = child.total / visits
            score = q + c * sqrt(log(avail) / visits)
            if bias and prior is not None:
                score += bias * prior.get(pair[0], 0.0) / (visits + 1)
            if score > best_score:
                best, best_score = pair, score
        return best

    def settled(self, legal: Sequence[Action], more: float, guide: float = 0.0) -> bool:
        """True when `more` iterations cannot change `best_action`: the most visited legal
        root action (the hint's guide bonus included) leads every other by more (the bonus
        grows by `guide` per iteration)."""
        bonus = guide * self.root.visits
        first = second = 0.0
        for a in legal:
            child = self.root.children.get(a)
            v = (child.visits if child else 0) + (bonus if a == self.hint else 0.0)
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > more * (1 + guide)

    def best_action(self, legal: Sequence[Action], guide: float = 0.0) -> Action:
        """Most visited legal root action; ties by mean reward, then legal order.

        The hint counts `guide * root visits` extra visits: another action replaces it
        only when the search prefers that action by this margin.
        """
        best, key = legal[0], (-1.0, -math.inf)
        bonus = guide * self.root.visits
        for a in legal:
            child = self.root.children.get(a)
            extra = bonus if a == self.hint else 0.0
            k = (child.visits + extra, child.mean()) if child else (extra, -math.inf)
            if k > key:
                best, key = a, k
        return best
