"""Setup and the round flow (rules §3, §5, §6): what happens when no decision is pending.

`next_stage` is the kernel's `on_empty` hook: it runs the automatic parts of the round
(deals, events, decay, scoring) and pushes the next decisions, until one is pending or the
game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.common.rng import Rng
from engine.games.year_of_the_dragon import data as D
from engine.games.year_of_the_dragon import events as E
from engine.games.year_of_the_dragon import great_events as G
from engine.games.year_of_the_dragon.board import turn_order
from engine.games.year_of_the_dragon.requests import (
    ST_ACTIONS,
    ST_DRAFT,
    ST_EVENT,
    ST_FINAL_WALL,
    ST_GREAT_EVENT,
    ST_OVER,
    ST_PERSONS,
    ChooseAction,
    Draft,
    PlayPersonCard,
)
from engine.kernel import Request

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState


def push(s: YotdState, reqs: list[Request]) -> None:
    """Schedule `reqs` to be decided in list order (first one on top of the stack)."""
    s.stack.extend(reversed(reqs))


# --- setup (rules §3) ---------------------------------------------------------------------------
def arrange_event_track(rng: Rng) -> list[int]:
    """Rules §3.2, D1: Peace on slots 1-2; the other 10 tiles uniformly at random such that no
    two adjacent slots hold the same kind (rejection sampling)."""
    while True:
        tiles = list(D.SHUFFLED_EVENTS)
        rng.shuffle(tiles)
        if all(tiles[i] != tiles[i + 1] for i in range(len(tiles) - 1)):
            return [D.PEACE, D.PEACE, *tiles]


def setup(s: YotdState) -> None:
    """Rules §3.6: the draft requests, in seat order from seat 0 (the start player)."""
    push(s, [Draft(p) for p in range(s.num_players)])


# --- round flow ---------------------------------------------------------------------------------
def next_stage(s: YotdState) -> None:
    """The `on_empty` hook (rules §5, §6): run the stages until a decision is pending or the
    game is over."""
    while not s.stack:
        st = s.stage
        if st == ST_OVER:
            return
        if st == ST_DRAFT:
            start_round(s)
        elif st == ST_ACTIONS:
            s.group_dragons = [0] * len(s.group_dragons)  # rules §5.1.4: dragons return
            if s.round < D.ROUNDS:
                start_persons_phase(s)
            else:
                start_event_phase(s)
        elif st == ST_PERSONS:
            start_event_phase(s)
        elif st == ST_EVENT and s.great_events and s.round == D.GREAT_EVENT_ROUND:
            s.stage = ST_GREAT_EVENT
            push(s, G.resolve_great_event(s, turn_order(s)))
        elif st == ST_EVENT or st == ST_GREAT_EVENT:
            E.decay(s)
            E.round_scoring(s)
            if s.round < D.ROUNDS:
                start_round(s)
            elif s.great_wall:
                s.stage = ST_FINAL_WALL
                push(s, E.final_wall_check(s))
            else:
                E.final_scoring(s)
                s.stage = ST_OVER
        else:  # ST_FINAL_WALL
            E.final_scoring(s)
            s.stage = ST_OVER


def deal_action_cards(s: YotdState) -> None:
    """Rules §5.1.1: shuffle the 7 (8) action cards and deal them into N groups."""
    cards = list(D.BASE_ACTION_CARDS) + ([D.BUILD_WALL] if s.great_wall else [])
    s.rng.shuffle(cards)
    sizes = D.GROUP_SIZES[(len(cards), s.num_players)]
    group = [-1] * len(D.ACTION_NAMES)
    i = 0
    for g, size in enumerate(sizes):
        for c in cards[i:i + size]:
            group[c] = g
        i += size
    s.card_group = group
    s.group_dragons = [0] * len(sizes)


def start_round(s: YotdState) -> None:
    """Rules §5.1: a new round starts with the action phase in turn order."""
    s.round += 1
    s.stage = ST_ACTIONS
    if s.hidden_great_event and s.round == D.GREAT_EVENT_ROUND:
        turn_up_great_event(s)
    deal_action_cards(s)
    push(s, [ChooseAction(p) for p in turn_order(s)])


def turn_up_great_event(s: YotdState) -> None:
    """Rules §8 setup (option hidden_great_event): "Żetony wielkich wydarzeń należy zakryć i
    potasować. Następnie należy wylosować jeden z nich i umieścić go na wierzchu siódmego
    kafelka wydarzenia" - never said to be turned up, so it may stay face down until round 7.
    Nobody has seen it, so it is modelled as drawn now from the generator: observations
    show -1 until then, and `sample_state`'s fresh generator redraws it."""
    s.great_event = s.rng.below(D.NUM_GREAT_EVENTS)


def start_persons_phase(s: YotdState) -> None:
    """Rules §5.2: rounds 1-11, in turn order, every player holding a card plays one."""
    s.stage = ST_PERSONS
    push(s, [PlayPersonCard(p) for p in turn_order(s) if any(s.hands[p])])


def start_event_phase(s: YotdState) -> None:
    """Rules §5.3: resolve the round's event (then the wall check, rules §7)."""
    s.stage = ST_EVENT
    order = turn_order(s)
    event = s.events[s.round - 1]
    reqs = E.resolve_event(s, event, order)
    if s.great_wall and event == D.MONGOL_INVASION:
        reqs += E.mongol_wall_check(s, order)
    push(s, reqs)


