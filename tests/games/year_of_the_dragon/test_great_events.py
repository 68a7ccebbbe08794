"""Great Events expansion (rules §8): worked examples 16-19 and the other Great Events."""

from __future__ import annotations

import random

import pytest

import engine
from engine.games.year_of_the_dragon import (
    actions,
    data,
    events,
    flow,
    great_events,
    new_state,
    rules,
)
from engine.games.year_of_the_dragon.actions import (
    ChoosePerson,
    DiscardCard,
    DiscardGoods,
    Edict,
    PlacePerson,
    Release,
    RemoveFloor,
)
from engine.games.year_of_the_dragon.board import persons, turn_order
from engine.games.year_of_the_dragon.data import ST_ACTIONS, ST_EVENT, ST_GREAT_EVENT
from engine.games.year_of_the_dragon.requests import (
    EarthquakeFloors,
    EarthquakeOverfull,
    FloodDiscard,
)
from tests.games.year_of_the_dragon.builder import OLD, SENTINEL, Y, legal, position

S, F, M, T, W = data.SCHOLAR, data.FARMER, data.MONK, data.TAX_COLLECTOR, data.WARRIOR


def _great(s) -> None:  # noqa: ANN001
    """Start the Great Event on a built position (a sentinel keeps the round from moving on)."""
    s.step = ST_GREAT_EVENT
    flow.push(s, great_events.resolve_great_event(s, turn_order(s)))
    rules.RULES.settle(s)


def _ge(n: int, event: int, **kw):  # noqa: ANN202
    return position(n, round=7, great_events=True, great_event=event, **kw)


@pytest.mark.rule("year_of_the_dragon", "3.3a", "2.9")
def test_great_event_is_drawn_face_up_or_chosen():
    drawn = {new_state(3, k, {"great_events": True}).great_event for k in range(80)}
    assert drawn == set(range(10))
    assert new_state(3, 0, {"great_events": True, "great_event": 4}).great_event == 4
    assert new_state(3, 0, {}).great_event == -1
    obs = new_state(3, 0, {"great_events": True, "great_event": 4}).observation(1)
    assert obs.great_event == 4


@pytest.mark.rule("year_of_the_dragon", "8.4")
def test_example_16_flood():
    """Anna: 3 yuan, 2 rice, 2 fireworks (7) -> discards exactly 3, e.g. 2 yuan + 1 fw."""
    s = _ge(2, data.FLOOD, yuan=[3, 1], rice=[2, 0], fireworks=[2, 0])
    _great(s)
    assert s.stack[-1] == FloodDiscard(0, 3)  # seat 1: floor(1/2) = 0, nothing to do
    assert legal(s) == {DiscardGoods(0), DiscardGoods(1), DiscardGoods(2)}
    s.apply(DiscardGoods(data.YUAN_GOOD))
    s.apply(DiscardGoods(data.YUAN_GOOD))
    s.apply(DiscardGoods(data.FIREWORKS_GOOD))
    assert (s.yuan[0], s.rice[0], s.fireworks[0]) == (1, 2, 1)
    assert s.stack == [SENTINEL] and s.yuan[1] == 1


@pytest.mark.rule("year_of_the_dragon", "8.5")
def test_example_17_solar_eclipse_repeats_the_festival():
    s = _ge(3, data.SOLAR_ECLIPSE, fireworks=[3, 3, 2], vp=[0, 0, 0])
    s.events[6] = data.DRAGON_FESTIVAL
    flow.start_event_phase(s)
    assert s.vp == [6, 6, 3] and s.fireworks == [1, 1, 1]
    _great(s)
    assert s.vp == [12, 12, 9] and s.fireworks == [0, 0, 0]


@pytest.mark.rule("year_of_the_dragon", "7i", "8.5")
def test_solar_eclipse_does_not_repeat_the_wall_check():
    s = _ge(2, data.SOLAR_ECLIPSE, great_wall=True, wall=[0] * 7, vp=[0, 0],
            palaces={0: [[3, Y[W], Y[S]]], 1: [[3, OLD[W], Y[S]]]})
    s.events[6] = data.MONGOL_INVASION
    flow.start_event_phase(s)  # Mongol: +1 / +2, seat 0 releases; wall reaches: +7 / +0
    assert s.vp == [8, 2]
    s.apply(Release(0, Y[S]))
    _great(s)  # Mongol again: +1 / +2, seat 0 releases its warrior; no second wall scoring
    assert s.vp == [9, 4] and persons(s, 0) == 0


@pytest.mark.rule("year_of_the_dragon", "8.7a")
def test_example_18_tornado():
    s = _ge(2, data.TORNADO, hands=[[1, 1, 0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0, 1, 0, 0, 1]])
    _great(s)
    # seat 0 chooses 2 of its 4; seat 1 holds exactly 2 cards: both go without a decision
    assert legal(s) == {DiscardCard(0), DiscardCard(1), DiscardCard(9)}
    s.apply(DiscardCard(9))
    s.apply(DiscardCard(9))
    assert s.hands[0] == [1, 1] + [0] * 8 and s.stack == [SENTINEL]
    assert s.hands[1] == [0] * 10


@pytest.mark.rule("year_of_the_dragon", "8.7b")
def test_tornado_in_play_one_card_in_rounds_8_and_9_then_no_persons_phase():
    s = engine.make("year_of_the_dragon", 3, 5, great_events=True, great_event=data.TORNADO)
    pick = random.Random(5)
    seen: dict[int, list[int]] = {}
    while not s.is_terminal():
        if s.step == ST_ACTIONS and s.round not in seen:
            seen[s.round] = [sum(h) for h in s.hands]
        s.apply(pick.choice(s.legal_actions()))
    assert seen[8] == [2, 2, 2] and seen[9] == [1, 1, 1] and seen[10] == [0, 0, 0]


@pytest.mark.rule("year_of_the_dragon", "8.10", "10.5a", "10.5b", "10.5c")
def test_example_19_edict():
    """Ania young+old farmer -> +3 rice; Wojtek old monk in a 3-floor palace -> +6 VP;
    Magda young+old scholar -> +5 VP (no card bonus)."""
    s = _ge(3, data.EDICT, vp=[0, 0, 0], rice=[0, 0, 0], palaces={
        0: [[2, Y[F], OLD[F]], [1, Y[S]]], 1: [[3, OLD[M]]], 2: [[2, Y[S], OLD[S]]]})
    _great(s)
    assert legal(s) == {Edict(F), Edict(S)}
    s.apply(Edict(F))
    s.apply(Edict(M))
    s.apply(Edict(S))
    assert s.rice == [3, 0, 0] and s.vp == [0, 6, 5]


@pytest.mark.rule("year_of_the_dragon", "8.10", "10.5d", "10.5f", "10.5h", "10.5i")
def test_edict_other_types():
    s = _ge(3, data.EDICT, yuan=[0, 0, 0], palaces={
        0: [[3, Y[T], Y[T], Y[data.HEALER]]], 1: [[2, Y[data.CRAFTSMAN], Y[data.CRAFTSMAN]]],
        2: [[2, OLD[W], Y[data.PYROTECHNIST]]]}, track=[3, 2, 1], fireworks=[0, 0, 0])
    _great(s)
    before = (s.yuan[0], s.rice[0], s.fireworks[0], s.vp[0], s.track[0], s.palaces[0])
    s.apply(Edict(data.HEALER))  # healers give nothing
    assert (s.yuan[0], s.rice[0], s.fireworks[0], s.vp[0], s.track[0], s.palaces[0]) == before
    s.apply(Edict(data.CRAFTSMAN))  # 2 hammers -> build 2 floors
    s.apply(actions.BUILD_ON[0])
    s.apply(actions.BUILD_NEW)
    assert s.palaces[1] == [[3, Y[data.CRAFTSMAN], Y[data.CRAFTSMAN]], [1]]
    s.apply(Edict(W))  # 2 helmets -> track +2
    assert s.track[2] == 3 and s.stack == [SENTINEL]
    s = _ge(2, data.EDICT, yuan=[0, 0], palaces={0: [[3, Y[T], Y[T]]], 1: []})
    _great(s)
    s.apply(Edict(T))
    assert s.yuan[0] == 6 and s.stack == [SENTINEL]  # seat 1 owns nobody: skipped


@pytest.mark.rule("year_of_the_dragon", "8.1", "8.2", "8.9")
def test_lantern_festival_buddha_and_assassination():
    pal = {0: [[3, Y[M], OLD[M], Y[S]]], 1: [[1, Y[S]]], 2: []}
    s = _ge(3, data.LANTERN_FESTIVAL, vp=[0, 0, 0], palaces=pal)
    _great(s)
    assert s.vp == [6, 2, 0]
    s = _ge(3, data.BUDDHA, vp=[0, 0, 0], palaces=pal)
    _great(s)
    assert s.vp == [3 + 6, 0, 0]
    s = _ge(3, data.ASSASSINATION_ATTEMPT, vp=[0, 0, 0], palaces=pal,
            small_privileges=[2, 0, 1], large_privileges=[1, 1, 0])
    _great(s)
    assert s.small_privileges == [0, 0, 0] and s.large_privileges == [0, 0, 0]
    events.round_scoring(s)
    assert s.vp == [1, 1, 0]  # palaces only: the privileges score nothing in round 7


@pytest.mark.rule("year_of_the_dragon", "8.6")
def test_volcanic_eruption_keeps_the_order():
    s = _ge(3, data.VOLCANIC_ERUPTION, track=[10, 10, 12], track_stamp=[1, 2, 3], moves=3)
    assert turn_order(s) == [2, 1, 0]
    _great(s)
    assert s.track == [0, 0, 0] and turn_order(s) == [2, 1, 0]


@pytest.mark.rule("year_of_the_dragon", "8.3a", "8.3b")
def test_earthquake():
    s = _ge(3, data.EARTHQUAKE, palaces={
        0: [[3, Y[S], Y[F], Y[T]], [1, Y[M]]],
        1: [[1, Y[S]], [2, Y[F]]],
        2: [[1, Y[S]]]})
    _great(s)
    assert s.stack[-1] == EarthquakeFloors(0, 2)
    assert legal(s) == {RemoveFloor(0), RemoveFloor(1)}
    s.apply(RemoveFloor(0))
    s.apply(RemoveFloor(0))
    assert s.palaces[0][0][0] == 1 and s.stack[-1] == EarthquakeOverfull(0)
    assert legal(s) == {Release(0, Y[S]), Release(0, Y[F]), Release(0, Y[T])}
    s.apply(Release(0, Y[S]))
    s.apply(Release(0, Y[T]))
    assert s.palaces[0] == [[1, Y[F]], [1, Y[M]]]
    # seat 1: a 1-floor palace losing its floor goes with its person; indices shift
    s.apply(RemoveFloor(0))
    assert s.palaces[1] == [[2, Y[F]]]
    s.apply(RemoveFloor(0))
    assert s.palaces[1] == [[1, Y[F]]] and s.stack == [SENTINEL]
    assert persons(s, 2) == 0 and s.palaces[2] == []  # fewer than 2 floors: all removed


@pytest.mark.rule("year_of_the_dragon", "8.8a", "8.8b")
def test_sunrise_types_are_exclusive_and_recruits_move_the_marker():
    s = _ge(3, data.SUNRISE, palaces={0: [[2]], 1: [[1, Y[S]]], 2: [[2]]})
    s.supply[Y[F]] = 0
    _great(s)
    opts = legal(s)
    assert ChoosePerson(Y[F]) not in opts and ChoosePerson(OLD[S]) not in opts
    assert ChoosePerson(Y[data.CRAFTSMAN]) in opts and len(opts) == 8
    t0 = s.track[0]
    s.apply(ChoosePerson(Y[M]))
    s.apply(PlacePerson(0))
    assert s.track[0] == t0 + 6
    assert ChoosePerson(Y[M]) not in legal(s)
    s.apply(ChoosePerson(Y[S]))  # seat 1's palace is full: replace or discard
    s.apply(actions.DISCARD)
    assert ChoosePerson(Y[S]) not in legal(s)  # a discarded Sunrise tile still uses its type


@pytest.mark.rule("year_of_the_dragon", "8a")
def test_great_event_comes_after_the_event_and_before_decay():
    s = position(2, step=ST_EVENT, round=7, sentinel=False, great_events=True,
                 great_event=data.SUNRISE, palaces={0: [[1, Y[S]], [2]], 1: [[1, Y[S]]]},
                 hands=[[0] * 10, [0] * 10])
    rules.RULES.settle(s)
    assert s.step == ST_GREAT_EVENT
    s.apply(ChoosePerson(Y[M]))
    s.apply(PlacePerson(1))
    s.apply(ChoosePerson(Y[F]))
    s.apply(actions.DISCARD)
    assert s.step == ST_ACTIONS and s.round == 8
    assert s.palaces[0] == [[1, Y[S]], [2, Y[M]]]  # saved from decay by the Sunrise
