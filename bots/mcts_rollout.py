"""Simulation policies of the MCTS bot: `random`, `heuristic`, `cutoff`, `greedy`, `ordered`.

Each policy plays a determinization forward and returns a reward vector, one value per
seat: rewards by places at a terminal state (`mcts_tree.rank_rewards`, or `win_rewards`
with `reward=win`), or, when a playout stops early (depth cut-off, decision cap, or the
deadline), the game's `State.heuristic(p)` values, or the rule-based bot's
`position_values` (`leaf=bot`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bots.base import Bot
from bots.heuristic import NoRuleBasedBot, rule_based_bot
from bots.mcts_tree import REWARDS
from engine.common.rng import derive_seed
from engine.protocol import Action, State

ROLLOUTS = ("random", "heuristic", "cutoff", "greedy", "ordered")
#: rollouts that need the game's rule-based bot
BOT_ROLLOUTS = ("heuristic", "greedy", "ordered")
#: how many playout steps run between two deadline checks
CHECK_EVERY = 16
#: most decisions a cut-off playout adds to finish the turn it stopped in
TURN_LIMIT = 64

Simulate = Callable[[State], list[float]]


def value(state: State, reward: str = "rank") -> list[float]:
    """Rewards by places when the game is over (`rank_rewards`, or `win_rewards` with
    `reward="win"`), else the game's heuristic values. A 1-seat game (a solo game against
    a rule-driven opponent) has only one place: its result is read by the game's heuristic
    there too (e.g. 0 when the opponent won, `State.no_winner()`)."""
    if state.is_terminal():
        if state.num_players == 1:
            return [float(state.heuristic(0))]
        return REWARDS[reward](state.ranking())
    return [float(state.heuristic(p)) for p in range(state.num_players)]


def heuristic_bots(game_id: str, num_players: int, seed: int,
                   params: dict[str, Any] | None = None) -> list[Bot] | None:
    """One instance of the game's rule-based bot per seat (built with `params`), or None
    if the game has none."""
    out: list[Bot] = []
    for seat in range(num_players):
        try:
            bot = rule_based_bot(game_id, **(params or {}))
        except NoRuleBasedBot:
            return None
        bot.reset(game_id, num_players, seat, derive_seed(seed, "rollout-bot", seat))
        out.append(bot)
    return out


def bot_move(bots: list[Bot], state: State) -> Action:
    """The move the rule-based bot of the seat to move plays in `state`: its `act` on that
    seat's observation, without a time limit (a whole-turn bot plans its turn)."""
    seat = state.current_player()
    return bots[seat].act(state.observation(seat), None)


class Playout:
    """A simulation policy bound to one search: its generator, limits and deadline."""

    def __init__(self, kind: str, rng: random.Random, max_steps: int, depth: int,
                 bots: list[Bot] | None = None, judge: Bot | None = None,
                 reward: str = "rank") -> None:
        if kind not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {kind!r}")
        self.kind = kind
        self.rng = rng
        self.max_steps = max_steps if kind in ("random", "heuristic") else min(max_steps, depth)
        self.bots = bots if kind in BOT_ROLLOUTS else None
        self.deadline = float("inf")
        #: decisions played in playouts so far (for statistics)
        self.steps = 0
        #: a bot whose `position_values` value the positions a playout stops in before
        #: the end (`leaf=bot`); None: `State.heuristic`
        self.judge = judge
        #: terminal rewards: `rank` (linear in the place) or `win` (first place only)
        self.reward = reward

    def value(self, state: State) -> list[float]:
        """The module's `value(state)`, with the judge's values where it gives them."""
        if self.judge is not None and not state.is_terminal():
            values = self.judge.position_values(state)
            if values is not None:
                return values
        return value(state, self.reward)

    def __call__(self, state: State) -> list[float]:
        if self.kind == "ordered" and self.bots is not None:
            return self._ordered(state, self.bots)
        if self.bots is not None:
            return self._heuristic(state, self.bots)
        rng_random = self.rng.random
        steps = 0
        while not state.is_terminal() and steps < self.max_steps:
            legal = state.legal_actions()
            state.apply_legal(legal[int(rng_random() * len(legal))])
            steps += 1
            if steps % CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
                break
        if self.kind == "cutoff":
            def pick(s: State) -> Action:
                legal = s.legal_actions()
                return legal[int(rng_random() * len(legal))]
            steps += self._finish_turn(state, pick, timed=False)
        self.steps += steps
        return self.value(state)

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

    def _heuristic(self, state: State, bots: list[Bot]) -> list[float]:
        steps = 0
        while not state.is_terminal() and steps < self.max_steps:
            state.apply_legal(bot_move(bots, state))
            steps += 1
            if time.perf_counter() > self.deadline:
                break
        if self.kind == "greedy":
            steps += self._finish_turn(state, partial(bot_move, bots), timed=True)
        self.steps += steps
        return self.value(state)

    def _ordered(self, state: State, bots: list[Bot]) -> list[float]:
        """`depth` decisions and the rest of that turn, each the best by the rule-based bot's
        cheap `state_values` on the playout's own state (its move-ordering values, no
        plan; its `act` if it has none), then `self.value` (`State.heuristic(p)`, or the
        judge's values)."""
        def pick(s: State) -> Action:
            seat = s.current_player()
            legal = s.legal_actions()
            if len(legal) == 1:
                return legal[0]
            vals = bots[seat].state_values(s, legal)
            if vals is None:
                return bot_move(bots, s)
            return legal[max(range(len(legal)), key=vals.__getitem__)]
        steps = 0
        while not state.is_terminal() and steps < self.max_steps:
            state.apply_legal(pick(state))
            steps += 1
            if time.perf_counter() > self.deadline:
                break
        steps += self._finish_turn(state, pick, timed=True)
        self.steps += steps
        return self.value(state)
