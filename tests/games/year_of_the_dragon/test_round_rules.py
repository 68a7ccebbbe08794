"""The round (rules §1, §4, §5), the end of the game (§6), the Great Wall (§7) and the Great
Events' order (§8): positions built from the rules reference's words, one rule each."""

from __future__ import annotations

import pytest

from engine.games.year_of_the_dragon import data, events, flow, great_events, rules
from engine.games.year_of_the_dragon.actions import (
    BuildFloor,
    BuildWall,
    BuyPrivilege,
    ChoosePerson,
    Edict,
    PlacePerson,
    PlayCard,
    Release,
    RemoveFloor,
    TakeAction,
    TakeMoney,
)
from engine.games.year_of_the_dragon.board import move_marker, persons, turn_order
from engine.games.year_of_the_dragon.data import (
    ST_ACTIONS,
    ST_EVENT,
    ST_GREAT_EVENT,
    ST_OVER,
    ST_PERSONS,
)
from engine.games.year_of_the_dragon.requests import (
    ChooseAction,
    PlayPersonCard,
    ReleasePersons,
    TornadoDiscard,
)
from tests.games.year_of_the_dragon.builder import OLD, SENTINEL, Y, legal, position

S, F, T, M, W = data.SCHOLAR, data.FARMER, data.TAX_COLLECTOR, data.MONK, data.WARRIOR
NO_CARDS = [0] * data.NUM_CARDS


def _event(n: int, event: int, round: int = 5, **kw):  # noqa: ANN202
    """A position whose Phase 3 starts next (`flow.start_event_phase`)."""
    s = position(n, step=ST_PERSONS, round=round, **kw)
    s.events[round - 1] = event
    return s


# --- §1 ---------------------------------------------------------------------------------------
@pytest.mark.rule("year_of_the_dragon", "1a")
def test_a_round_runs_actions_persons_event_scoring_and_the_game_ends_after_twelve():
    s = position(2, round=11, sentinel=False, groups=[[0, 1, 2, 3], [4, 5, 6]],
                 palaces={0: [[2, Y[S]]], 1: [[2, Y[F]]]}, vp=[0, 0], yuan=[0, 0],
                 stack=[ChooseAction(0), ChooseAction(1)])
    s.events = [data.PEACE] * 12
    s.hands = [[1] + [0] * 9, [1] + [0] * 9]
    s.apply(TakeMoney())
    s.apply(TakeMoney())
    assert s.step == ST_PERSONS and s.round == 11  # Phase 2 follows Phase 1
    s.apply(PlayCard(data.CRAFTSMAN))
    s.apply(ChoosePerson(Y[data.CRAFTSMAN]))
    s.apply(PlacePerson(0))
    assert s.vp == [0, 0]  # no scoring before the event phase
    s.apply(PlayCard(data.CRAFTSMAN))
    s.apply(ChoosePerson(Y[data.CRAFTSMAN]))
    s.apply(PlacePerson(0))
    # Phase 3 (Peace), decay, Phase 4 (1 VP per palace), then round 12
    assert s.round == 12 and s.step == ST_ACTIONS and s.vp == [1, 1]
    s.apply(TakeMoney())
    s.apply(TakeMoney())
    assert s.is_terminal() and s.step == ST_OVER and s.round == 12
    assert s.vp == [1 + 1 + 2 * 2 + 1, 1 + 1 + 2 * 2 + 1]  # round 12 scoring, then final


@pytest.mark.rule("year_of_the_dragon", "1b")
def test_a_released_person_leaves_the_game_and_the_marker_stays():
    s = _event(2, data.CONTAGION, palaces={0: [[3, Y[S], Y[F], OLD[M]], [1, Y[T]]],
                                        1: [[2, Y[data.HEALER], OLD[data.HEALER]]]})
    supply, track, stamps = list(s.supply), list(s.track), list(s.track_stamp)
    flow.start_event_phase(s)
    assert s.stack[-1] == ReleasePersons(0, 3)
    s.apply(Release(0, OLD[M]))
    s.apply(Release(1, Y[T]))
    s.apply(Release(0, Y[S]))
    assert s.palaces[0] == [[3, Y[F]], [1]] and persons(s, 1) == 2
    assert s.supply == supply  # not back to the supply
    assert s.track == track and s.track_stamp == stamps  # markers never move back


@pytest.mark.rule("year_of_the_dragon", "1c", "5.1.3l")
def test_one_privilege_per_action_and_no_limit_on_privileges_or_floors():
    s = position(2, groups=[[data.PRIVILEGE, 0, 1, 2], [3, 4, 5]], yuan=[20, 0],
                 small_privileges=[5, 0], large_privileges=[3, 0], stack=[ChooseAction(0)])
    s.apply(TakeAction(data.PRIVILEGE))
    assert legal(s) == {BuyPrivilege(False), BuyPrivilege(True)}
    s.apply(BuyPrivilege(True))
    # one privilege, though 13 yuan would buy more; the fourth large one exists
    assert s.stack == [SENTINEL] and s.yuan[0] == 13
    assert (s.small_privileges[0], s.large_privileges[0]) == (5, 4)
    # floors: 66 in the box, but a player may build beyond them
    s = position(2, groups=[[data.BUILD, 0, 2, 3], [4, 5, 6]],
                 palaces={0: [[3, Y[data.CRAFTSMAN]]] + [[3, Y[S]]] * 21},
                 stack=[ChooseAction(0)])
    s.apply(TakeAction(data.BUILD))
    for _ in range(2):
        assert BuildFloor(-1) in legal(s)
        s.apply(BuildFloor(-1))
    assert sum(q[0] for q in s.palaces[0]) == 68 and s.stack == [SENTINEL]


# --- §4 ---------------------------------------------------------------------------------------
@pytest.mark.rule("year_of_the_dragon", "4b")
def test_a_move_is_one_jump_and_the_track_has_no_end():
    s = position(3, track=[3, 5, 4], track_stamp=[1, 2, 3], moves=3)
    move_marker(s, 0, 4)  # passes over both others
    assert s.track == [7, 5, 4] and s.track_stamp == [4, 2, 3] and s.moves == 4
    assert turn_order(s) == [0, 1, 2]
    s.track[0] = 200
    move_marker(s, 0, 5)
    assert s.track[0] == 205


# --- §5.1 -------------------------------------------------------------------------------------
@pytest.mark.rule("year_of_the_dragon", "5.1.2a", "4c")
def test_every_player_takes_one_phase_1_decision_in_turn_order():
    s = position(3, step=ST_PERSONS, round=4, sentinel=False, track=[2, 9, 5],
                 hands=[NO_CARDS] * 3)
    s.events[3] = data.PEACE
    rules.RULES.settle(s)  # round 4 ends; round 5 starts with Phase 1
    assert s.round == 5 and s.step == ST_ACTIONS
    assert list(reversed(s.stack)) == [ChooseAction(1), ChooseAction(2), ChooseAction(0)]
    s.apply(TakeMoney())
    assert s.current_player() == 2
    s.apply(TakeMoney())
    s.apply(TakeMoney())
    assert s.round == 6  # nobody is asked twice; no cards, so on to the next round


@pytest.mark.rule("year_of_the_dragon", "5.1.3a", "5.1.3e")
def test_actions_count_the_symbols_in_every_palace_and_the_cards_own():
    pyro, opyro = Y[data.PYROTECHNIST], OLD[data.PYROTECHNIST]
    s = position(3, groups=[[data.FIREWORKS, data.HARVEST], [0, 1, 6], [4, 5]],
                 palaces={0: [[1, pyro], [2, Y[S], opyro]], 1: [[1, Y[F]], [3, OLD[F]]]},
                 yuan=[5, 5, 5], stack=[ChooseAction(0), ChooseAction(1)])
    s.apply(TakeAction(data.FIREWORKS))
    assert s.fireworks[0] == 1 + 1 + 2  # the card's rocket, a young and an old pyrotechnist
    s.apply(TakeAction(data.HARVEST))  # same group: 3 yuan first
    assert s.rice[1] == 1 + 1 + 2 and s.yuan[1] == 2


@pytest.mark.rule("year_of_the_dragon", "5.1.3k")
def test_a_player_may_own_any_number_of_palaces():
    c = Y[data.CRAFTSMAN]
    s = position(2, groups=[[data.BUILD, 0, 2, 3], [4, 5, 6]],
                 palaces={0: [[3, c]] + [[3, Y[S]]] * 10}, stack=[ChooseAction(0)])
    s.apply(TakeAction(data.BUILD))
    assert BuildFloor(-1) in legal(s)
    s.apply(BuildFloor(-1))
    s.apply(BuildFloor(11))
    assert len(s.palaces[0]) == 12 and s.palaces[0][11] == [2]


@pytest.mark.rule("year_of_the_dragon", "5.1.4")
def test_the_dragons_go_back_after_phase_1():
    s = position(2, round=4, sentinel=False, groups=[[data.RESEARCH, 0, 1, 2], [3, 4, 6]],
                 yuan=[5, 5], stack=[ChooseAction(0), ChooseAction(1)])
    s.apply(TakeAction(data.RESEARCH))
    s.apply(TakeAction(data.RESEARCH))
    assert s.yuan == [5, 2] and s.vp == [1, 1]
    assert s.step == ST_PERSONS and s.group_dragons == [0, 0]


# --- §5.2 -------------------------------------------------------------------------------------
@pytest.mark.rule("year_of_the_dragon", "5.2a")
def test_phase_2_asks_every_card_holder_once_in_turn_order():
    s = position(3, round=4, sentinel=False, groups=[[0, 1, 2], [3, 4], [5, 6]],
                 track=[4, 6, 5], stack=[ChooseAction(1), ChooseAction(2), ChooseAction(0)])
    s.hands[2] = list(NO_CARDS)
    for _ in range(3):
        s.apply(TakeMoney())
    assert s.step == ST_PERSONS
    assert list(reversed(s.stack)) == [PlayPersonCard(1), PlayPersonCard(0)]
    s.apply(PlayCard(data.JOKER))
    assert s.current_player() == 1  # the card must be followed by a tile
    s.apply(ChoosePerson(Y[S]))
    s.apply(PlacePerson(0))
    assert s.hands[1][data.JOKER] == 1 and s.current_player() == 0


@pytest.mark.rule("year_of_the_dragon", "5.2f")
def test_a_new_person_gives_nothing_when_it_arrives():
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0), PlayPersonCard(0)],
                 palaces={0: [[3], [2]]}, yuan=[1, 1], vp=[0, 0])
    before = (s.yuan[0], s.rice[0], s.fireworks[0], s.vp[0])
    for t in (Y[T], Y[data.COURT_LADY]):
        s.apply(PlayCard(data.JOKER))
        s.apply(ChoosePerson(t))
        s.apply(PlacePerson(0))
    assert s.palaces[0][0] == [3, Y[T], Y[data.COURT_LADY]]
    assert (s.yuan[0], s.rice[0], s.fireworks[0], s.vp[0]) == before


# --- §5.3 -------------------------------------------------------------------------------------
@pytest.mark.rule("year_of_the_dragon", "5.3.1")
def test_peace_changes_nothing():
    s = _event(3, data.PEACE, fireworks=[2, 1, 0], yuan=[0, 1, 2], rice=[0, 0, 0],
               palaces={p: [[2, Y[S], Y[F]], [2, Y[T]]] for p in range(3)})
    before = s.to_bytes()
    flow.start_event_phase(s)
    s.step = ST_PERSONS
    assert s.to_bytes() == before


@pytest.mark.rule("year_of_the_dragon", "5.3.2b")
def test_tribute_takes_what_can_be_paid_without_tax_collectors_or_goods():
    tc = Y[T]
    s = _event(2, data.IMPERIAL_TRIBUTE, yuan=[6, 1], rice=[0, 5], fireworks=[0, 3],
               palaces={0: [[3, Y[S], Y[F], Y[M]]], 1: [[3, tc, tc, tc], [3, Y[S], Y[F]]]})
    flow.start_event_phase(s)
    assert s.yuan == [2, 0]  # seat 0 must pay all 4: no release instead
    assert persons(s, 0) == 3
    assert s.stack[-1] == ReleasePersons(1, 3)  # 3 missing; coins and goods do not help
    assert (s.rice[1], s.fireworks[1]) == (5, 3)


@pytest.mark.rule("year_of_the_dragon", "5.3.3b")
def test_drought_ignores_the_farmers_rice_sacks():
    s = _event(2, data.DROUGHT, rice=[0, 1],
               palaces={0: [[2, OLD[F], Y[F]], [2, Y[S], OLD[F]]],
                        1: [[1, OLD[F]], [1, OLD[F]], [2]]})
    flow.start_event_phase(s)
    assert s.rice == [0, 0]
    # seat 0: 2 inhabited, no rice: one person from each of the two palaces
    assert s.stack[-1].seat == 0 and s.stack[-1].left == 2
    s.apply(Release(0, Y[F]))
    assert legal(s) == {Release(1, Y[S]), Release(1, OLD[F])}  # the other palace now
    s.apply(Release(1, OLD[F]))
    # seat 1: 2 inhabited, 1 rice: one palace goes without
    assert s.stack[-1].seat == 1 and s.stack[-1].left == 1
    s.apply(Release(1, OLD[F]))
    assert s.palaces[0] == [[2, OLD[F]], [2, Y[S]]] and s.palaces[1] == [[1, OLD[F]], [1], [2]]
    assert s.stack == [SENTINEL]


@pytest.mark.rule("year_of_the_dragon", "5.3.4b")
def test_the_festival_counts_tokens_not_rockets():
    pyro = OLD[data.PYROTECHNIST]
    s = _event(3, data.DRAGON_FESTIVAL, fireworks=[0, 1, 2], vp=[0, 0, 0],
               palaces={0: [[3, pyro, pyro, pyro]], 1: [[1, Y[S]]], 2: [[1, Y[S]]]})
    flow.start_event_phase(s)
    assert s.vp == [0, 3, 6] and s.fireworks == [0, 0, 1]


@pytest.mark.rule("year_of_the_dragon", "5.3a")
def test_event_releases_are_decided_in_turn_order_by_each_owner():
    s = _event(3, data.CONTAGION, track=[3, 9, 6],
               palaces={p: [[3, Y[S], Y[F], Y[T]], [1, Y[M]]] for p in range(3)})
    flow.start_event_phase(s)
    assert [r.seat for r in reversed(s.stack[1:])] == [1, 2, 0]
    assert legal(s) == {Release(0, Y[S]), Release(0, Y[F]), Release(0, Y[T]),
                        Release(1, Y[M])}


@pytest.mark.rule("year_of_the_dragon", "5.3.6", "10.1g")
def test_contagion_counts_mortars_not_healers():
    h, oh = Y[data.HEALER], OLD[data.HEALER]
    s = _event(3, data.CONTAGION, palaces={
        0: [[3, oh, Y[S], Y[F]], [2, Y[T], Y[M]]],  # 2 mortars: 1 release
        1: [[3, h, oh, Y[S]]],  # 3 mortars: none
        2: [[3, h, h, Y[S]], [2, h, h]]})  # 4 mortars: none (never below 0)
    flow.start_event_phase(s)
    assert list(reversed(s.stack[1:])) == [ReleasePersons(0, 1)]
    assert persons(s, 1) == 3 and persons(s, 2) == 5


@pytest.mark.rule("year_of_the_dragon", "5.3c")
def test_the_mongol_wall_check_follows_the_events_effects():
    """Seat 0's only person is a warrior: the event counts its helmet (+1 VP) and then
    releases it; only then does the wall check (seat 0 has no wall tile) find nobody."""
    s = _event(2, data.MONGOL_INVASION, round=4, great_wall=True, wall=[1], vp=[0, 0],
               palaces={0: [[2, Y[W]]], 1: [[3, OLD[W], Y[S], Y[F]]]})
    flow.start_event_phase(s)
    assert s.vp == [1, 2] and persons(s, 0) == 0
    assert s.stack == [SENTINEL]  # seat 1 has the most helmets and wall tiles


# --- §6 ---------------------------------------------------------------------------------------
@pytest.mark.rule("year_of_the_dragon", "6d")
def test_ties_go_to_the_person_track_then_to_the_top_of_the_stack():
    s = position(4, step=ST_OVER, vp=[30, 30, 30, 12], track=[8, 10, 10, 20],
                 track_stamp=[5, 3, 7, 9], moves=9, sentinel=False)
    # seat 2 is on top of seat 1 on space 10; seat 0 is behind; seat 3 has fewer VP
    assert s.ranking() == [2, 1, 0, 3]


@pytest.mark.rule("year_of_the_dragon", "6b")
def test_a_monk_scores_the_floors_of_its_palace_not_its_neighbours():
    s = position(2, palaces={0: [[3, OLD[M]], [1, Y[M]]], 1: []}, yuan=[0, 0])
    assert events.final_points(s, 0) == 2 * 2 + (2 * 3 + 1 * 1)


# --- §7 ---------------------------------------------------------------------------------------
@pytest.mark.rule("year_of_the_dragon", "7c")
def test_wall_tiles_are_laid_left_to_right_under_the_event_slots():
    groups = [[data.BUILD_WALL, 0, 1, 2], [3, 4, 5, 6]]
    s = position(2, great_wall=True, groups=groups, wall=[1, 1, 0],
                 stack=[ChooseAction(0), ChooseAction(1)], yuan=[5, 5], rice=[0, 0])
    s.apply(TakeAction(data.BUILD_WALL))
    s.apply(BuildWall(data.WALL_RICE))
    s.apply(TakeAction(data.BUILD_WALL))  # same group: 3 yuan first
    s.apply(BuildWall(data.WALL_YUAN))
    assert s.wall == [1, 1, 0, 0, 1]  # slots 4 and 5
    assert s.wall_used == [1 << data.WALL_RICE, 1 << data.WALL_YUAN]
    assert s.rice == [1, 0] and s.yuan == [5, 5 - 3 + 2]


@pytest.mark.rule("year_of_the_dragon", "7d")
def test_each_wall_bonus():
    groups = [[data.BUILD_WALL, 0, 1, 2], [3, 4, 5, 6]]
    got = {}
    for bonus in range(6):
        s = position(2, great_wall=True, groups=groups, stack=[ChooseAction(0)],
                     yuan=[0, 0], rice=[0, 0], fireworks=[0, 0], vp=[0, 0])
        track = s.track[0]
        s.apply(TakeAction(data.BUILD_WALL))
        s.apply(BuildWall(bonus))
        if bonus == data.WALL_FLOOR:
            assert legal(s) == {BuildFloor(0), BuildFloor(1), BuildFloor(-1)}
            s.apply(BuildFloor(-1))
        got[bonus] = (s.rice[0], s.fireworks[0], sum(q[0] for q in s.palaces[0]),
                      s.yuan[0], s.track[0] - track, s.vp[0])
        assert s.stack == [SENTINEL]
    assert got == {data.WALL_RICE: (1, 0, 4, 0, 0, 0), data.WALL_FIREWORKS: (0, 1, 4, 0, 0, 0),
                   data.WALL_FLOOR: (0, 0, 5, 0, 0, 0), data.WALL_YUAN: (0, 0, 4, 2, 0, 0),
                   data.WALL_TRACK: (0, 0, 4, 0, 3, 0), data.WALL_VP: (0, 0, 4, 0, 0, 3)}


@pytest.mark.rule("year_of_the_dragon", "7e", "7f")
def test_the_mongol_check_reaches_the_slot_or_the_fewest_release():
    pal = {p: [[3, Y[S], Y[F], OLD[W]]] for p in range(3)}  # 2 helmets each: all release 1
    # round 6, L = 6: the wall reaches the slot: 1 VP per own tile, none for seat 2
    s = _event(3, data.MONGOL_INVASION, round=6, great_wall=True, wall=[0, 1, 0, 1, 0, 0],
               palaces=pal, vp=[0, 0, 0])
    flow.start_event_phase(s)
    assert s.vp == [2 + 4, 2 + 2, 2 + 0]
    assert [r.seat for r in reversed(s.stack[1:])] == [0, 1, 2]  # the event's releases
    # round 7, L = 6: short of the slot; seats 1 and 2 tie for the fewest (1 tile each)
    s = _event(3, data.MONGOL_INVASION, round=7, great_wall=True, wall=[0, 1, 0, 2, 0, 0],
               palaces=pal, vp=[0, 0, 0], track=[1, 3, 2])
    flow.start_event_phase(s)
    assert s.vp == [2, 2, 2]
    reqs = [r.seat for r in reversed(s.stack[1:])]
    assert reqs == [1, 2, 0] + [1, 2]  # event releases, then the wall's, in turn order
    # all tied at 0 tiles: everybody releases
    s = _event(2, data.MONGOL_INVASION, round=5, great_wall=True, wall=[],
               palaces={0: [[3, Y[S], Y[F], OLD[W]]], 1: [[3, Y[S], Y[F], Y[W]]]})
    flow.start_event_phase(s)
    assert [(r.seat, r.left) for r in reversed(s.stack[1:])] == [(1, 1), (0, 1), (1, 1)]


# --- §8 ---------------------------------------------------------------------------------------
@pytest.mark.rule("year_of_the_dragon", "8b")
def test_the_great_event_goes_in_the_turn_order_at_its_start():
    s = position(3, round=7, great_events=True, great_event=data.TORNADO, track=[4, 2, 8])
    s.step = ST_GREAT_EVENT
    flow.push(s, great_events.resolve_great_event(s, turn_order(s)))
    assert list(reversed(s.stack[1:])) == [TornadoDiscard(2, 2), TornadoDiscard(0, 2),
                                           TornadoDiscard(1, 2)]
    s = position(3, step=ST_EVENT, round=7, sentinel=False, great_events=True,
                 great_event=data.EDICT, track=[4, 2, 8], hands=[NO_CARDS] * 3,
                 palaces={0: [[1, Y[W]]], 1: [[1, Y[W]]], 2: [[1, OLD[W]]]})
    rules.RULES.settle(s)
    assert s.current_player() == 2
    s.apply(Edict(W))
    assert s.current_player() == 0
    s.apply(Edict(W))
    assert s.current_player() == 1
    s.apply(Edict(W))
    assert s.track == [5, 3, 10]


@pytest.mark.rule("year_of_the_dragon", "10.5e", "10.5g")
def test_edict_pyrotechnists_and_court_ladies():
    lady = Y[data.COURT_LADY]
    s = position(2, round=7, great_events=True, great_event=data.EDICT, fireworks=[0, 0],
                 vp=[0, 0], palaces={0: [[3, Y[data.PYROTECHNIST], OLD[data.PYROTECHNIST], lady]],
                                     1: [[3, lady, lady, Y[data.PYROTECHNIST]]]})
    s.step = ST_GREAT_EVENT
    flow.push(s, great_events.resolve_great_event(s, turn_order(s)))
    s.apply(Edict(data.PYROTECHNIST))
    s.apply(Edict(data.COURT_LADY))
    assert s.fireworks == [3, 0] and s.vp == [0, 2]
    events.round_scoring(s)  # the ladies still score in the scoring phase as usual
    assert s.vp == [1 + 1, 2 + 1 + 2]


@pytest.mark.rule("year_of_the_dragon", "8.3a")
def test_the_earthquake_may_take_floors_of_an_empty_palace():
    s = position(2, round=7, great_events=True, great_event=data.EARTHQUAKE,
                 palaces={0: [[2, Y[S]], [3]], 1: [[1, Y[S]], [1, Y[F]], [1, Y[T]]]})
    s.step = ST_GREAT_EVENT
    flow.push(s, great_events.resolve_great_event(s, turn_order(s)))
    assert legal(s) == {RemoveFloor(0), RemoveFloor(1)}
    s.apply(RemoveFloor(1))
    s.apply(RemoveFloor(1))
    assert s.palaces[0] == [[2, Y[S]], [1]] and s.current_player() == 1
    s.apply(RemoveFloor(2))
    s.apply(RemoveFloor(0))
    assert s.palaces[1] == [[1, Y[F]]] and s.stack == [SENTINEL]


@pytest.mark.rule("year_of_the_dragon", "10.5a", "8.10")
def test_edict_counts_the_chosen_types_symbols_only():
    s = position(2, round=7, great_events=True, great_event=data.EDICT, rice=[0, 0],
                 vp=[0, 0], palaces={0: [[3, OLD[F], Y[S], Y[T]]], 1: [[2, Y[F], Y[S]]]})
    s.step = ST_GREAT_EVENT
    flow.push(s, great_events.resolve_great_event(s, turn_order(s)))
    s.apply(Edict(F))  # an old farmer: 2 rice sacks, no card symbol
    s.apply(Edict(S))  # a young scholar: 2 books
    assert s.rice == [2, 0] and s.vp == [0, 2]
