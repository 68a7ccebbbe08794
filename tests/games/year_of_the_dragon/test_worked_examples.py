"""Rules §13 worked examples (base game and Great Wall), each with the rulebook's numbers."""

from __future__ import annotations

import pytest

from engine.games.year_of_the_dragon import data, events, flow, new_state, rules
from engine.games.year_of_the_dragon.actions import (
    BuildFloor,
    DraftPair,
    PlacePerson,
    Release,
    TakeAction,
    TakeMoney,
)
from engine.games.year_of_the_dragon.board import persons, turn_order
from engine.games.year_of_the_dragon.data import (
    ST_ACTIONS,
    ST_EVENT,
    ST_FINAL_WALL,
    ST_OVER,
    ST_PERSONS,
)
from engine.games.year_of_the_dragon.requests import (
    BuildFloors,
    ChooseAction,
    Draft,
    ReleasePersons,
)
from tests.games.year_of_the_dragon.builder import OLD, SENTINEL, Y, legal, position

ANIA, BENEK, KASIA, DOROTA, EMIL = range(5)
T, S, F = data.TAX_COLLECTOR, data.SCHOLAR, data.FARMER


@pytest.mark.rule("year_of_the_dragon", "3.6a", "3.6b", "3.6d", "4a", "10.1c", "10.1h", "10.1i")
def test_example_1_draft():
    """Ania T+S -> 7; Benek T+F -> 7 on top; Kasia S+F -> 8; pairs now forbidden."""
    s = new_state(4, 1, {})
    for seat, pair in ((ANIA, (T, S)), (BENEK, (T, F)), (KASIA, (F, S))):
        assert s.current_player() == seat
        s.apply(DraftPair(*sorted(pair)))
        s.apply(PlacePerson(0))
        s.apply(PlacePerson(1))
    assert s.track[:3] == [7, 7, 8]
    assert s.track_stamp[BENEK] > s.track_stamp[ANIA]  # Benek's marker on top
    forbidden = {DraftPair(T, S), DraftPair(T, F), DraftPair(F, S)}
    assert s.current_player() == 3
    options = legal(s)
    assert not forbidden & options
    assert DraftPair(T, data.WARRIOR) in options and len(options) == 36 - 3
    s.apply(DraftPair(data.CRAFTSMAN, data.COURT_LADY))  # 2 + 1
    s.apply(PlacePerson(0))
    s.apply(PlacePerson(0))
    assert s.track[3] == 3
    # the first action phase runs in order Kasia, Benek, Ania, seat 3
    assert s.step == ST_ACTIONS and s.round == 1
    assert [r.seat for r in reversed(s.stack)] == [KASIA, BENEK, ANIA, 3]
    assert turn_order(s) == [KASIA, BENEK, ANIA, 3]


@pytest.mark.rule("year_of_the_dragon", "3.6d")
def test_example_1_marker_moves_once_by_the_sum():
    s = new_state(2, 3, {})
    s.apply(DraftPair(T, S))
    s.apply(PlacePerson(0))
    assert s.track[0] == 0 and s.moves == 0  # no move before both are placed
    s.apply(PlacePerson(1))
    assert s.track[0] == 7 and s.moves == 1


@pytest.mark.rule("year_of_the_dragon", "5.1.2b", "5.1.2c")
def test_example_2_occupied_group_costs_3_however_many_dragons():
    s = position(5, groups=[[data.RESEARCH, data.TAXES], [data.BUILD, data.HARVEST],
                            [data.FIREWORKS], [data.MILITARY_PARADE], [data.PRIVILEGE]],
                 yuan=[6, 6, 6, 5, 2], stack=[ChooseAction(DOROTA), ChooseAction(EMIL)])
    s.group_dragons[0] = 2
    s.apply(TakeAction(data.RESEARCH))
    assert s.yuan[DOROTA] == 2 and s.vp[DOROTA] == 1
    assert s.group_dragons[0] == 3
    # Emil (2 yuan) cannot pay the fee: the occupied group is closed to him
    opts = legal(s)
    assert TakeAction(data.RESEARCH) not in opts and TakeAction(data.TAXES) not in opts
    assert TakeAction(data.BUILD) in opts and TakeMoney() in opts


@pytest.mark.rule("year_of_the_dragon", "5.1.2d")
def test_example_3_money_option():
    s = position(5, groups=[[0, 1], [2, 3], [4], [5], [6]], yuan=[6, 6, 6, 6, 1],
                 stack=[ChooseAction(EMIL)])
    s.apply(TakeMoney())
    assert s.yuan[EMIL] == 3
    assert s.group_dragons == [0] * 5  # no dragon placed


@pytest.mark.rule("year_of_the_dragon", "5.1.3b", "5.1.2b", "5.1.2c", "10.1c")
def test_example_4_taxes():
    """Kasia (no tax collectors) +2; Ania (2 tax collectors) pays 3 then +8."""
    s = position(3, groups=[[data.TAXES, data.BUILD, data.HARVEST], [4, 5], [3, 6]],
                 palaces={ANIA: [[2, Y[T], Y[T]], [2]], KASIA: [[2, Y[S]], [2]]},
                 yuan=[5, 6, 0], stack=[ChooseAction(KASIA), ChooseAction(ANIA)])
    s.apply(TakeAction(data.TAXES))
    assert s.yuan[KASIA] == 2
    s.apply(TakeAction(data.TAXES))
    assert s.yuan[ANIA] == 5 - 3 + 8


@pytest.mark.rule("year_of_the_dragon", "5.1.3c", "5.1.3i", "5.3d")
def test_example_5_build_and_decay():
    """Emil (2 craftsmen): 3 floors: 2 on a 1-floor palace, 1 as a new palace, which decays."""
    c = Y[data.CRAFTSMAN]
    s = position(5, groups=[[data.BUILD, 0], [2, 3], [4], [5], [6]],
                 palaces={EMIL: [[2, c, c], [1, Y[S]]]}, stack=[ChooseAction(EMIL)])
    s.apply(TakeAction(data.BUILD))
    assert s.stack[-1] == BuildFloors(EMIL, 3)
    assert legal(s) == {BuildFloor(1), BuildFloor(0), BuildFloor(-1)}
    s.apply(BuildFloor(1))
    s.apply(BuildFloor(1))
    assert BuildFloor(1) not in legal(s)  # 3 floors is the maximum
    s.apply(BuildFloor(-1))
    assert [q[0] for q in s.palaces[EMIL]] == [2, 3, 1]
    assert s.stack == [SENTINEL]  # all 3 floors were placed
    events.decay(s)
    assert [q[0] for q in s.palaces[EMIL]] == [2, 3]  # the empty 1-floor palace is gone


@pytest.mark.rule("year_of_the_dragon", "5.1.3d", "5.1.3f", "5.1.3g", "10.1e", "10.1h", "10.1i")
def test_examples_6_7_8_harvest_parade_research():
    s = position(3, groups=[[data.HARVEST, data.MILITARY_PARADE], [data.RESEARCH, 0], [1, 3, 6]],
                 palaces={ANIA: [[2, Y[F], OLD[F]]],
                          BENEK: [[2, OLD[data.WARRIOR], OLD[data.WARRIOR]]],
                          KASIA: [[2, Y[S], OLD[S]]]},
                 yuan=[9, 9, 9],
                 stack=[ChooseAction(ANIA), ChooseAction(BENEK), ChooseAction(KASIA)])
    s.apply(TakeAction(data.HARVEST))
    assert s.rice[ANIA] == 4  # 1 + 1 + 2
    track = s.track[BENEK]
    s.apply(TakeAction(data.MILITARY_PARADE))
    assert s.track[BENEK] == track + 5  # 1 + 2 + 2
    s.apply(TakeAction(data.RESEARCH))
    assert s.vp[KASIA] == 6  # 1 + 2 + 3 (Dorota's example)


def _event_position(n: int, event: int, round: int = 5, **kw):  # noqa: ANN202
    s = position(n, step=ST_PERSONS, round=round, **kw)
    s.events[round - 1] = event
    return s


@pytest.mark.rule("year_of_the_dragon", "5.3.2a", "5.3a")
def test_example_9_tribute():
    """Kasia has 2 yuan: pays 2 and releases 2 persons of her choice."""
    s = _event_position(3, data.IMPERIAL_TRIBUTE, yuan=[4, 9, 2],
                        palaces={ANIA: [[2, Y[S]]], BENEK: [[2, Y[S]]],
                                 KASIA: [[3, Y[S], Y[F], Y[T]], [1, Y[data.MONK]]]})
    flow.start_event_phase(s)
    assert s.yuan == [0, 5, 0]
    assert s.stack[-1] == ReleasePersons(KASIA, 2)
    assert legal(s) == {Release(0, Y[S]), Release(0, Y[F]), Release(0, Y[T]),
                        Release(1, Y[data.MONK])}
    s.apply(Release(1, Y[data.MONK]))
    s.apply(Release(0, Y[F]))
    assert s.palaces[KASIA] == [[3, Y[S], Y[T]], [1]]
    assert s.stack == [SENTINEL]


@pytest.mark.rule("year_of_the_dragon", "5.3.3a", "5.3.3b", "5.3d")
def test_example_10_drought():
    """Ania: 3 inhabited + 1 empty palace, 4 rice -> pays 3. Benek: 3 inhabited, 0 rice ->
    releases 1 from each of the 3."""
    s = _event_position(
        2, data.DROUGHT, rice=[4, 0],
        palaces={ANIA: [[1, Y[S]], [2, Y[F]], [2], [3, Y[T]]],
                 BENEK: [[2, Y[S], Y[F]], [2, Y[T], OLD[F]], [1, Y[data.MONK]]]},
    )
    flow.start_event_phase(s)
    assert s.rice == [1, 0]
    assert [r.seat for r in s.stack[1:]] == [BENEK]
    chosen = set()
    for _ in range(3):
        opts = legal(s)
        assert all(a.palace not in chosen for a in opts)
        a = min(opts, key=lambda a: (a.palace, a.tile))
        chosen.add(a.palace)
        s.apply(a)
    assert chosen == {0, 1, 2}
    assert persons(s, BENEK) == 2 and persons(s, ANIA) == 3
    assert s.stack == [SENTINEL]
    events.decay(s)
    assert len(s.palaces[ANIA]) == 4 and s.palaces[ANIA][2] == [1]  # empty palace decays


@pytest.mark.rule("year_of_the_dragon", "5.3.4a", "5.3.4b")
def test_example_11_dragon_festival():
    s = _event_position(5, data.DRAGON_FESTIVAL, fireworks=[2, 1, 3, 0, 3])
    flow.start_event_phase(s)
    assert s.vp == [3, 0, 6, 0, 6]
    assert s.fireworks == [1, 1, 1, 0, 1]


@pytest.mark.rule("year_of_the_dragon", "5.3.5a", "5.3.5b")
def test_example_12_mongols():
    w, ow = Y[data.WARRIOR], OLD[data.WARRIOR]
    s = _event_position(5, data.MONGOL_INVASION, palaces={
        ANIA: [[3, w, ow, Y[S]]], BENEK: [[3, w, ow, Y[S]]], KASIA: [[2, ow, Y[S]]],
        DOROTA: [[2, w, Y[S]]], EMIL: [[2, w, Y[S]]]})
    flow.start_event_phase(s)
    assert s.vp == [3, 3, 2, 1, 1]
    assert list(reversed(s.stack[1:])) == [ReleasePersons(DOROTA, 1), ReleasePersons(EMIL, 1)]
    assert Release(0, w) in legal(s)  # the warrior just counted may go


@pytest.mark.rule("year_of_the_dragon", "5.3.6", "5.3b", "10.1g")
def test_example_13_contagion():
    h = Y[data.HEALER]
    s = _event_position(3, data.CONTAGION, palaces={
        ANIA: [[3, Y[S], Y[F], Y[T]], [1, Y[data.MONK]]], BENEK: [[1, Y[S]]],
        KASIA: [[2, h, h], [2, Y[S], Y[F]]]})
    flow.start_event_phase(s)
    assert persons(s, BENEK) == 0  # 3 required, 1 owned: all released, nothing more
    assert [(r.seat, r.left) for r in reversed(s.stack[1:])] == [(ANIA, 3), (KASIA, 1)]
    s.apply(Release(0, Y[S]))
    s.apply(Release(0, Y[F]))
    s.apply(Release(1, Y[data.MONK]))
    assert Release(0, h) in legal(s)  # may release a healer
    s.apply(Release(0, h))
    assert persons(s, KASIA) == 3 and persons(s, ANIA) == 1


@pytest.mark.rule("year_of_the_dragon", "5.4a", "5.4b", "5.4c", "5.1.3h")
def test_example_14_round_scoring():
    lady = Y[data.COURT_LADY]
    s = position(3, palaces={ANIA: [[2, lady, lady], [1, Y[S]], [3]]},
                 large_privileges=[1, 0, 0], vp=[10, 0, 0])
    events.round_scoring(s)
    assert s.vp[ANIA] == 10 + 7


@pytest.mark.rule("year_of_the_dragon", "6a", "6b", "6c", "10.1f")
def test_example_15_final_scoring():
    m, om = Y[data.MONK], OLD[data.MONK]
    s = position(3, palaces={BENEK: [[2, m, Y[S]], [3, om, Y[F], Y[T]], [2, Y[F], Y[S]]]},
                 rice=[0, 1, 0], fireworks=[0, 2, 0], yuan=[0, 4, 0], vp=[0, 50, 0])
    assert persons(s, BENEK) == 7
    assert events.final_points(s, BENEK) == 25
    events.final_scoring(s)
    assert s.vp[BENEK] == 75


@pytest.mark.rule("year_of_the_dragon", "7e", "7f", "7g")
def test_example_20_great_wall():
    """Round 4 Mongol, L=3 < 4: fewest (C, 0 tiles) releases. Round 9 Mongol, L=10: +4/+4/+2.
    End with L=11: C releases after the round-12 scoring, no decay."""
    A, B, C = 0, 1, 2
    pal = {p: [[3, Y[S], Y[F]], [1, Y[T]]] for p in range(3)}
    s = _event_position(3, data.MONGOL_INVASION, great_wall=True, palaces=pal,
                        wall=[A, A, B], round=4)
    s.palaces[A][0].append(Y[data.WARRIOR])  # so that the Mongol release itself is A-free
    flow.start_event_phase(s)
    reqs = [(r.seat, r.left) for r in reversed(s.stack[1:])]
    # the event: B and C (0 helmets) release 1; then the wall check: C (0 tiles) releases 1
    assert reqs == [(B, 1), (C, 1), (C, 1)]
    assert s.vp == [1, 0, 0]

    s = _event_position(3, data.MONGOL_INVASION, great_wall=True, palaces=pal, round=9,
                        wall=[A, B, A, B, C, A, B, C, A, B])
    vp_before = list(s.vp)
    order_before = turn_order(s)
    events.mongol_invasion(s, order_before)  # all 0 helmets: everyone releases (not checked here)
    assert s.vp == vp_before
    assert events.mongol_wall_check(s, turn_order(s)) == []
    assert s.vp == [4, 4, 2]

    # game end: L = 11 -> after the round-12 scoring phase C releases, then final scoring
    s = position(3, step=ST_EVENT, round=12, great_wall=True, palaces=pal, sentinel=False,
                 wall=[A, B, A, B, C, A, B, C, A, B, A], yuan=[0, 0, 0])
    s.palaces[C].append([2])  # an empty palace: would decay if decay followed the check
    rules.RULES.settle(s)
    assert s.step == ST_FINAL_WALL
    assert s.vp == [2, 2, 3]  # round-12 scoring ran first (C has 3 palaces)
    assert s.stack == [ReleasePersons(C, 1)]
    s.apply(Release(0, Y[S]))
    assert s.step == ST_OVER
    assert s.palaces[C][2] == [1]  # decayed once in round 12, not again after the check
    # final: persons 3/3/2 -> 6/6/4, no money
    assert s.vp == [8, 8, 7]


@pytest.mark.rule("year_of_the_dragon", "4a", "5.1.3f")
def test_example_21_stacking():
    """A on 10, B on 10 later (on top), C on 12 -> C, B, A; A parades +2 -> A, C, B."""
    A, B, C = 0, 1, 2
    s = position(3, track=[10, 10, 12], track_stamp=[1, 2, 3], moves=3,
                 palaces={A: [[2, Y[data.WARRIOR]]]},
                 groups=[[data.MILITARY_PARADE, 0, 1], [2, 3], [5, 6]],
                 stack=[ChooseAction(A)])
    assert turn_order(s) == [C, B, A]
    s.apply(TakeAction(data.MILITARY_PARADE))
    assert s.track[A] == 12
    assert turn_order(s) == [A, C, B]


@pytest.mark.rule("year_of_the_dragon", "3.5", "3.6a")
def test_draft_requests_follow_seat_order():
    s = new_state(5, 0, {})
    assert list(reversed(s.stack)) == [Draft(p) for p in range(5)]
