"""The round flow (rules §5, §6): what happens when no decision is pending.

`on_empty` is the kernel's hook: it runs the automatic parts of the round (deals, events,
decay, scoring) and pushes the next decisions, until one is pending or the game is over.
The state's `step` (names in data.STEPS) says where in the round it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon.board import turn_order
from engine.games.year_of_the_dragon.data import (
    ACTION_NAMES,
    DEAL_GROUPS,
    GREAT_EVENT_ROUND,
    MONGOL_INVASION,
    NUM_GREAT_EVENTS,
    ROUND_ACTION_CARDS,
    ROUNDS,
    ST_ACTIONS,
    ST_DRAFT,
    ST_EVENT,
    ST_FINAL_WALL,
    ST_GREAT_EVENT,
    ST_OVER,
    ST_PERSONS,
)
from engine.games.year_of_the_dragon.events import (
    decay,
    final_scoring,
    final_wall_check,
    mongol_wall_check,
    resolve_event,
    round_scoring,
)
from engine.games.year_of_the_dragon.great_events import resolve_great_event
from engine.games.year_of_the_dragon.requests import ChooseAction, PlayPersonCard
from engine.kernel import Request

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState


#: the per-seat requests of the action and persons phases (frozen, so shared by every state;
#: seats 0-4, the most players, as data.GROUP_SIZES)
CHOOSE_ACTION: tuple[ChooseAction, ...] = tuple(ChooseAction(p) for p in range(5))
PLAY_PERSON_CARD: tuple[PlayPersonCard, ...] = tuple(PlayPersonCard(p) for p in range(5))


def push(s: YotdState, reqs: list[Request]) -> None:
    """Schedule `reqs` to be decided in list order (first one on top of the stack)."""
    s.stack.extend(reversed(reqs))


# --- round flow ---------------------------------------------------------------------------------
def on_empty(s: YotdState) -> None:
    """The kernel's `on_empty` hook (rules §5, §6): run the steps until a decision is
    pending or the game is over."""
    while not s.stack:
        st = s.step
        if st == ST_OVER:
            return
        if st == ST_DRAFT:
            start_round(s)
        elif st == ST_ACTIONS:
            s.group_dragons = [0] * len(s.group_dragons)  # rules §5.1.4: dragons return
            if s.round < ROUNDS:
                start_persons_phase(s)
            else:
                start_event_phase(s)
        elif st == ST_PERSONS:
            start_event_phase(s)
        elif st == ST_EVENT and s.great_events and s.round == GREAT_EVENT_ROUND:
            s.step = ST_GREAT_EVENT
            push(s, resolve_great_event(s, turn_order(s)))
        elif st == ST_EVENT or st == ST_GREAT_EVENT:
            decay(s)
            round_scoring(s)
            if s.round < ROUNDS:
                start_round(s)
            elif s.great_wall:
                s.step = ST_FINAL_WALL
                push(s, final_wall_check(s))
            else:
                final_scoring(s)
                s.step = ST_OVER
        else:  # ST_FINAL_WALL
            final_scoring(s)
            s.step = ST_OVER


@cython.locals(cards=list, groups=tuple, group=list, i=cython.Py_ssize_t, c=cython.Py_ssize_t)
def deal_action_cards(s: YotdState) -> None:
    """Rules §5.1.1: shuffle the 7 (8) action cards and deal them into N groups."""
    cards = list(ROUND_ACTION_CARDS[s.great_wall])
    s.rng.shuffle(cards)
    groups = DEAL_GROUPS[(len(cards), s.num_players)]
    group = [-1] * len(ACTION_NAMES)
    for i in range(len(cards)):
        c = cards[i]
        group[c] = groups[i]
    s.card_group = group
    s.group_dragons = [0] * (groups[-1] + 1)


def start_round(s: YotdState) -> None:
    """Rules §5.1: a new round starts with the action phase in turn order."""
    s.round += 1
    s.step = ST_ACTIONS
    if s.hidden_great_event and s.round == GREAT_EVENT_ROUND:
        turn_up_great_event(s)
    deal_action_cards(s)
    stack = s.stack
    for p in reversed(turn_order(s)):  # the first in turn order on top
        stack.append(CHOOSE_ACTION[p])


def turn_up_great_event(s: YotdState) -> None:
    """Rules §8 setup (option hidden_great_event): "Żetony wielkich wydarzeń należy zakryć i
    potasować. Następnie należy wylosować jeden z nich i umieścić go na wierzchu siódmego
    kafelka wydarzenia" - never said to be turned up, so it may stay face down until round 7.
    Nobody has seen it, so it is modelled as drawn now from the generator: observations
    show -1 until then, and `sample_state`'s fresh generator redraws it."""
    s.great_event = s.rng.below(NUM_GREAT_EVENTS)


def start_persons_phase(s: YotdState) -> None:
    """Rules §5.2: rounds 1-11, in turn order, every player holding a card plays one."""
    s.step = ST_PERSONS
    hands = s.hands
    stack = s.stack
    for p in reversed(turn_order(s)):  # the first in turn order on top
        if any(hands[p]):
            stack.append(PLAY_PERSON_CARD[p])


def start_event_phase(s: YotdState) -> None:
    """Rules §5.3: resolve the round's event (then the wall check, rules §7)."""
    s.step = ST_EVENT
    order = turn_order(s)
    event = s.events[s.round - 1]
    reqs = resolve_event(s, event, order)
    if s.great_wall and event == MONGOL_INVASION:
        reqs += mongol_wall_check(s, order)
    push(s, reqs)


