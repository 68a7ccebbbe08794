"""Simulation policies of the MCTS bot, one class per `rollout` mode (`ROLLOUTS`).

Each plays a determinization forward and returns its leaf's values (`bots.mcts_leaf`):
rewards by places at a terminal state, or, when a playout stops early (depth cut-off,
decision cap, or the deadline), the game's `State.heuristic(p)` or the rule-based bot's
`position_values` (`leaf=bot`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bots.heuristic import NoRuleBasedBot, rule_based_bot
from bots.mcts_leaf import GameLeaf, Leaf
from bots.search_hints import HintedBot, hinted
from bots.seeds import Seeds
from engine.protocol import Action, State

#: most decisions of a playout to the end (`random`, `heuristic`)
MAX_STEPS = 1_000_000
#: how many random playout steps run between two deadline checks
CHECK_EVERY = 16
#: most decisions a cut-off playout adds to finish the turn it stopped in
TURN_LIMIT = 64


def heuristic_bots(game_id: str, num_players: int, seeds: Seeds,
                   params: dict[str, Any] | None = None) -> list[HintedBot] | None:
    """One instance of the game's rule-based bot per seat (built with `params`), or None
    if the game has none."""
    out: list[HintedBot] = []
    for seat in range(num_players):
        try:
            bot = hinted(rule_based_bot(game_id, **(params or {})))
        except NoRuleBasedBot:
            return None
        bot.reset(game_id, num_players, seat, seeds("rollout-bot", seat))
        out.append(bot)
    return out


def bot_move(bots: list[HintedBot], state: State) -> Action:
    """The move the rule-based bot of the seat to move plays in `state`: its `act` on that
    seat's observation, without a time limit (a whole-turn bot plans its turn)."""
    seat = state.current_player()
    return bots[seat].act(state.observation(seat), None)


class Rollout:
    """A simulation policy bound to one search: `rollout(state)` plays `state` (consumed)
    forward and returns `leaf(state)`. Subclasses implement `play`."""

    #: needs the game's rule-based bots (one per seat)
    needs_bots = False

    def __init__(self, rng: random.Random, leaf: Leaf | None = None, depth: int = 0,
                 bots: list[HintedBot] | None = None) -> None:
        self.rng = rng
        self.leaf: Leaf = leaf or GameLeaf()
        self.depth = depth
        self.bots = bots
        self.deadline = float("inf")

    def __call__(self, state: State) -> list[float]:
        self.play(state)
        return self.leaf(state)

    def play(self, state: State) -> int:
        """Play `state` forward; the number of decisions played."""
        raise NotImplementedError

    def _random(self, state: State, limit: int) -> int:
        """At most `limit` uniformly random decisions (the deadline checked every
        CHECK_EVERY of them)."""
        rng_random = self.rng.random
        steps = 0
        fast = getattr(state, "random_steps", None)
        if fast is not None:  # the kernel's loop: the same decisions, fewer calls
            while steps < limit:
                chunk = min(CHECK_EVERY - steps % CHECK_EVERY, limit - steps)
                done = fast(rng_random, chunk)
                if done is None:
                    break  # a state that lists or applies its own way: the loop below
                steps += done
                if done < chunk or (steps % CHECK_EVERY == 0
                                    and time.perf_counter() > self.deadline):
                    return steps
            else:
                return steps
        while not state.is_terminal() and steps < limit:
            legal = state.legal_actions()
            state.apply_legal(legal[int(rng_random() * len(legal))])
            steps += 1
            if steps % CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
                break
        return steps

    def _by(self, state: State, pick: Callable[[State], Action], limit: int) -> int:
        """At most `limit` decisions by `pick` (the deadline checked after each)."""
        steps = 0
        while not state.is_terminal() and steps < limit:
            state.apply_legal(pick(state))
            steps += 1
            if time.perf_counter() > self.deadline:
                break
        return steps

    def _finish_turn(self, state: State, pick: Callable[[State], Action], timed: bool) -> int:
        """Play on by `pick` (at most TURN_LIMIT more; `timed`: not past the deadline) while
        the seat to move keeps the move, so cut-off values compare positions between turns,
        not halfway through one."""
        if state.is_terminal():
            return 0
        seat, steps = state.current_player(), 0
        while (steps < TURN_LIMIT and state.current_player() == seat
               and not (timed and time.perf_counter() >= self.deadline)):
            state.apply_legal(pick(state))
            steps += 1
        return steps


class RandomRollout(Rollout):
    """`random`: uniformly random decisions to the end."""

    def play(self, state: State) -> int:
        return self._random(state, MAX_STEPS)


class CutoffRollout(Rollout):
    """`cutoff`: `depth` random decisions and the rest of that turn, then the leaf value."""

    def play(self, state: State) -> int:
        rng_random = self.rng.random

        def pick(s: State) -> Action:
            legal = s.legal_actions()
            return legal[int(rng_random() * len(legal))]
        steps = self._random(state, self.depth)
        return steps + self._finish_turn(state, pick, timed=False)


class HeuristicRollout(Rollout):
    """`heuristic`: the game's rule-based bot plays every seat to the end."""

    needs_bots = True

    def play(self, state: State) -> int:
        assert self.bots is not None
        return self._by(state, partial(bot_move, self.bots), MAX_STEPS)


class GreedyRollout(Rollout):
    """`greedy`: the rule-based bot plays `depth` decisions and the rest of that turn."""

    needs_bots = True

    def play(self, state: State) -> int:
        assert self.bots is not None
        pick = partial(bot_move, self.bots)
        steps = self._by(state, pick, self.depth)
        return steps + self._finish_turn(state, pick, timed=True)


class OrderedRollout(Rollout):
    """`ordered`: as `greedy`, but each decision is the best by the rule-based bot's cheap
    `state_values` on the playout's own state (its move-ordering values, no plan; its `act`
    if it has none)."""

    needs_bots = True

    def play(self, state: State) -> int:
        bots = self.bots
        assert bots is not None

        def pick(s: State) -> Action:
            seat = s.current_player()
            legal = s.legal_actions()
            if len(legal) == 1:
                return legal[0]
            vals = bots[seat].state_values(s, legal)
            if vals is None:
                return bot_move(bots, s)
            return legal[max(range(len(legal)), key=vals.__getitem__)]
        steps = self._by(state, pick, self.depth)
        return steps + self._finish_turn(state, pick, timed=True)


#: the `rollout` parameter's choices
ROLLOUTS: dict[str, type[Rollout]] = {
    "random": RandomRollout, "heuristic": HeuristicRollout, "cutoff": CutoffRollout,
    "greedy": GreedyRollout, "ordered": OrderedRollout}
