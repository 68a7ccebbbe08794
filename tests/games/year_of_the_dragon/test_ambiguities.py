"""Rules §9 edge cases and §12 ambiguity decisions (D1-D18)."""

from __future__ import annotations

import pytest

import engine
from engine.games.year_of_the_dragon import data, events, flow, new_state, rules
from engine.games.year_of_the_dragon.actions import (
    BuildFloor,
    BuildWall,
    BuyPrivilege,
    ChoosePerson,
    DiscardPerson,
    DraftPair,
    PlacePerson,
    PlayCard,
    Release,
    ReplacePerson,
    TakeAction,
    TakeMoney,
)
from engine.games.year_of_the_dragon.board import persons
from engine.games.year_of_the_dragon.data import ST_ACTIONS, ST_EVENT, ST_PERSONS
from engine.games.year_of_the_dragon.requests import (
    BuildFloors,
    ChooseAction,
    ChoosePrivilege,
    ChooseTile,
    ChooseWallTile,
    PlaceRecruit,
    PlayPersonCard,
    ReleasePersons,
)
from engine.protocol import IllegalActionError
from tests.games.year_of_the_dragon.builder import OLD, SENTINEL, Y, legal, position

S, F, T, M = data.SCHOLAR, data.FARMER, data.TAX_COLLECTOR, data.MONK


@pytest.mark.rule("year_of_the_dragon", "3.2a", "3.2b")
def test_d1_event_track_peace_first_and_no_identical_neighbours():
    for seed in range(200):
        ev = new_state(3, seed, {}).events
        assert ev[:2] == [data.PEACE, data.PEACE]
        assert sorted(ev[2:]) == sorted(data.SHUFFLED_EVENTS)
        assert all(ev[i] != ev[i + 1] for i in range(2, 11))
    assert len({tuple(new_state(3, k, {}).events) for k in range(50)}) > 40


@pytest.mark.rule("year_of_the_dragon", "5.2b", "5.2c")
def test_d2_type_card_takes_young_or_old_and_is_wasted_when_exhausted():
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)])
    s.apply(PlayCard(F))
    assert legal(s) == {ChoosePerson(Y[F]), ChoosePerson(OLD[F])}
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)])
    s.supply[Y[F]] = 0
    s.apply(PlayCard(F))
    assert legal(s) == {ChoosePerson(OLD[F])}
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)])
    s.supply[Y[F]] = s.supply[OLD[F]] = 0
    track = list(s.track)
    assert PlayCard(F) in legal(s)  # legal even though other cards would work
    s.apply(PlayCard(F))
    assert s.stack == [SENTINEL] and s.track == track and s.hands[0][F] == 0


@pytest.mark.rule("year_of_the_dragon", "5.2b", "5.2c")
def test_joker_takes_any_tile_and_nothing_when_supply_empty():
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)])
    s.apply(PlayCard(data.JOKER))
    assert legal(s) == {ChoosePerson(t) for t in data.VALID_TILES}
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)], supply=[0] * 18)
    s.apply(PlayCard(data.JOKER))
    assert s.stack == [SENTINEL] and s.hands[0][data.JOKER] == 1


@pytest.mark.rule("year_of_the_dragon", "5.2d", "10.1f")
def test_recruit_moves_marker_by_value_and_must_place_when_room():
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)],
                 palaces={0: [[2, Y[S], Y[F]], [1]]})
    s.apply(PlayCard(M))
    s.apply(ChoosePerson(Y[M]))
    assert s.stack[-1] == PlaceRecruit(0, Y[M], 6)
    assert legal(s) == {PlacePerson(1)}  # no discard while a floor is free
    t = s.track[0]
    s.apply(PlacePerson(1))
    assert s.track[0] == t + 6 and s.palaces[0][1] == [1, Y[M]]


@pytest.mark.rule("year_of_the_dragon", "5.2e")
def test_full_palaces_replace_anyone_or_discard():
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)],
                 palaces={0: [[2, Y[S], Y[F]], [1, Y[S]]]})
    s.apply(PlayCard(M))
    s.apply(ChoosePerson(OLD[M]))
    assert legal(s) == {ReplacePerson(0, Y[S]), ReplacePerson(0, Y[F]),
                        ReplacePerson(1, Y[S]), DiscardPerson()}
    t = s.track[0]
    s.apply(ReplacePerson(0, Y[F]))
    assert sorted(s.palaces[0][0][1:]) == sorted([Y[S], OLD[M]]) and s.track[0] == t + 2


@pytest.mark.rule("year_of_the_dragon", "5.2e")
def test_d16_discarded_recruit_leaves_the_game_without_a_move():
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)],
                 palaces={0: [[1, Y[S]]]})
    before = s.supply[OLD[M]]
    s.apply(PlayCard(M))
    s.apply(ChoosePerson(OLD[M]))
    t, stamp = s.track[0], s.track_stamp[0]
    s.apply(DiscardPerson())
    assert s.supply[OLD[M]] == before - 1  # not back to the supply
    assert (s.track[0], s.track_stamp[0]) == (t, stamp)
    assert s.palaces[0] == [[1, Y[S]]]


@pytest.mark.rule("year_of_the_dragon", "5.2e")
def test_player_without_palace_can_only_discard():
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)], palaces={0: []})
    s.apply(PlayCard(S))
    s.apply(ChoosePerson(Y[S]))
    assert s.legal_actions() == [DiscardPerson()]


@pytest.mark.rule("year_of_the_dragon", "5.1.3h", "5.1.3m")
def test_d3_privilege_needs_2_yuan_after_fee_and_large_needs_7():
    s = position(3, groups=[[data.PRIVILEGE, data.TAXES], [1, 2], [3, 4, 5]], yuan=[4, 6, 1],
                 stack=[ChooseAction(2), ChooseAction(0)])
    assert TakeAction(data.PRIVILEGE) not in legal(s)  # 1 yuan
    with pytest.raises(IllegalActionError):
        s.apply(TakeAction(data.PRIVILEGE))
    s.apply(TakeAction(data.TAXES))
    assert TakeAction(data.PRIVILEGE) not in legal(s)  # 4 - 3 fee = 1 < 2
    with pytest.raises(IllegalActionError):
        s.apply(TakeAction(data.PRIVILEGE))
    s = position(3, groups=[[data.PRIVILEGE], [0, 1, 2], [3, 4, 5]], yuan=[6, 6, 1],
                 stack=[ChooseAction(0)])
    s.apply(TakeAction(data.PRIVILEGE))
    assert s.stack[-1] == ChoosePrivilege(0)
    assert legal(s) == {BuyPrivilege(False)}  # 6 < 7
    s.apply(BuyPrivilege(False))
    assert s.yuan[0] == 4 and s.small_privileges[0] == 1
    s = position(3, groups=[[data.PRIVILEGE], [0, 1, 2], [3, 4, 5]], yuan=[7, 6, 1],
                 stack=[ChooseAction(0)])
    s.apply(TakeAction(data.PRIVILEGE))
    s.apply(BuyPrivilege(True))
    assert s.yuan[0] == 0 and s.large_privileges[0] == 1


@pytest.mark.rule("year_of_the_dragon", "5.1.3n")
def test_d17_original_privilege_price_option():
    s = position(3, groups=[[data.PRIVILEGE], [0, 1, 2], [3, 4, 5]], yuan=[6, 6, 1],
                 original_privilege=True, stack=[ChooseAction(0)])
    s.apply(TakeAction(data.PRIVILEGE))
    assert legal(s) == {BuyPrivilege(False), BuyPrivilege(True)}
    s.apply(BuyPrivilege(True))
    assert s.yuan[0] == 0


@pytest.mark.rule("year_of_the_dragon", "7b")
def test_d3_build_wall_needs_a_tile_and_space():
    groups = [[data.BUILD_WALL, 0, 1, 2], [3, 4, 5, 6]]
    s = position(2, great_wall=True, groups=groups, stack=[ChooseAction(0)])
    assert TakeAction(data.BUILD_WALL) in legal(s)
    s = position(2, great_wall=True, groups=groups, stack=[ChooseAction(0)],
                 wall_used=[63, 0])
    assert TakeAction(data.BUILD_WALL) not in legal(s)
    with pytest.raises(IllegalActionError):
        s.apply(TakeAction(data.BUILD_WALL))
    s = position(2, great_wall=True, groups=groups, stack=[ChooseAction(0)], wall=[1] * 12)
    assert TakeAction(data.BUILD_WALL) not in legal(s)
    with pytest.raises(IllegalActionError):
        s.apply(TakeAction(data.BUILD_WALL))


@pytest.mark.rule("year_of_the_dragon", "7c", "7d")
def test_build_wall_bonuses():
    groups = [[data.BUILD_WALL, 0, 1, 2], [3, 4, 5, 6]]
    s = position(2, great_wall=True, groups=groups, stack=[ChooseAction(0)],
                 wall_used=[0b000101, 0], wall=[0, 1, 0])
    s.apply(TakeAction(data.BUILD_WALL))
    assert s.stack[-1] == ChooseWallTile(0)
    assert legal(s) == {BuildWall(b) for b in (1, 3, 4, 5)}
    s.apply(BuildWall(data.WALL_TRACK))
    assert s.wall == [0, 1, 0, 0] and s.track[0] == 2 + 3 and s.wall_used[0] == 0b010101
    s = position(2, great_wall=True, groups=groups, stack=[ChooseAction(0)])
    s.apply(TakeAction(data.BUILD_WALL))
    s.apply(BuildWall(data.WALL_FLOOR))
    assert s.stack[-1] == BuildFloors(0, 1)
    s.apply(BuildFloor(0))
    assert s.palaces[0][0] == [3]


@pytest.mark.rule("year_of_the_dragon", "5.1.2d")
def test_d4_money_is_legal_at_3_or_more_and_gains_nothing():
    s = position(2, groups=[[0, 1, 2, 3], [4, 5, 6]], yuan=[5, 0], stack=[ChooseAction(0)])
    assert TakeMoney() in legal(s)
    s.apply(TakeMoney())
    assert s.yuan[0] == 5


@pytest.mark.rule("year_of_the_dragon", "3.6c", "5.3d")
def test_d5_both_draft_persons_in_one_palace_then_the_empty_one_decays():
    s = new_state(2, 5, {})
    s.apply(DraftPair(F, S))
    assert legal(s) == {PlacePerson(0), PlacePerson(1)}
    s.apply(PlacePerson(0))
    assert legal(s) == {PlacePerson(0), PlacePerson(1)}  # the same palace again
    s.apply(PlacePerson(0))
    assert s.palaces[0] == [[2, Y[F], Y[S]], [2]]
    events.decay(s)
    assert s.palaces[0] == [[2, Y[F], Y[S]], [1]]


@pytest.mark.rule("year_of_the_dragon", "5.1.3i", "5.1.3j")
def test_d6_all_floors_must_be_built_one_at_a_time():
    s = position(2, groups=[[data.BUILD, 0, 2, 3], [4, 5, 6]],
                 palaces={0: [[3, Y[data.CRAFTSMAN]], [3, Y[data.CRAFTSMAN]]]},
                 stack=[ChooseAction(0)])
    s.apply(TakeAction(data.BUILD))
    assert s.legal_actions() == [BuildFloor(-1)]  # both palaces have 3 floors
    s.apply(BuildFloor(-1))
    assert legal(s) == {BuildFloor(2), BuildFloor(-1)}  # the new palace may grow
    s.apply(BuildFloor(2))
    s.apply(BuildFloor(2))
    assert s.palaces[0][2] == [3] and s.stack == [SENTINEL]


@pytest.mark.rule("year_of_the_dragon", "5.3c", "5.3d", "5.4a", "7f")
def test_d7_event_then_wall_check_then_decay_then_scoring():
    """Releases of the event and the wall check empty a palace, which decays the same round
    before the scoring phase counts palaces."""
    s = position(2, step=ST_PERSONS, round=6, sentinel=False, great_wall=True, wall=[0] * 5,
                 palaces={0: [[2, Y[S]], [1, Y[data.WARRIOR]]], 1: [[1, Y[S]], [1, Y[F]]]},
                 vp=[0, 0])
    s.events[5] = data.MONGOL_INVASION
    s.hands = [[0] * 10, [0] * 10]
    rules.RULES.settle(s)
    # event: seat 0 +1 VP, seat 1 (0 helmets) releases 1; wall L=5 < 6: seat 1 (0 tiles)
    # releases 1 more
    assert s.step == ST_EVENT
    assert list(reversed(s.stack)) == [ReleasePersons(1, 1), ReleasePersons(1, 1)]
    s.apply(Release(0, Y[S]))
    # the wall-check release took the last person automatically; both palaces decay
    assert s.step == ST_ACTIONS and s.round == 7
    assert s.palaces[1] == []
    assert s.vp == [1 + 2, 0]  # Mongol VP, then 2 palaces scored; seat 1 has none left


@pytest.mark.rule("year_of_the_dragon", "7h")
def test_d8_slot_12_mongol_gives_two_wall_checks():
    s = position(2, step=ST_EVENT, round=12, sentinel=False, great_wall=True,
                 wall=[0] * 12, vp=[0, 0], yuan=[0, 0],
                 palaces={0: [[1, Y[S]]], 1: [[1, Y[S]]]})
    s.events[11] = data.MONGOL_INVASION
    s.step = ST_PERSONS
    s.hands = [[0] * 10, [0] * 10]
    rules.RULES.settle(s)
    # all 0 helmets: both release their only person (automatic); wall complete: +12 / +0
    assert s.is_terminal()
    # Mongol check +12, no palaces after decay, final check +12 again, no persons left
    assert s.vp == [24, 0]


@pytest.mark.rule("year_of_the_dragon", "5.3b", "5.3.2a")
def test_d9_over_release_takes_everything_without_decisions():
    s = position(2, step=ST_PERSONS, round=5, yuan=[0, 4], vp=[5, 5], rice=[2, 0],
                 palaces={0: [[2, Y[S], Y[F]], [1, Y[T]]], 1: [[1, Y[S]]]})
    s.events[4] = data.IMPERIAL_TRIBUTE
    flow.start_event_phase(s)
    assert persons(s, 0) == 0 and s.stack == [SENTINEL]
    assert s.yuan == [0, 0] and persons(s, 1) == 1
    assert s.vp == [5, 5] and s.rice == [2, 0]  # 4 owed, 3 released, nothing more


@pytest.mark.rule("year_of_the_dragon", "5.3.4a", "5.3.4b")
def test_d13_festival_second_place_exists_after_a_tie_for_first():
    s = position(4, step=ST_PERSONS, round=5, fireworks=[5, 5, 4, 4], vp=[0] * 4)
    s.events[4] = data.DRAGON_FESTIVAL
    flow.start_event_phase(s)
    assert s.vp == [6, 6, 3, 3] and s.fireworks == [2, 2, 2, 2]
    s = position(3, step=ST_PERSONS, round=5, fireworks=[0, 0, 1], vp=[0] * 3)
    s.events[4] = data.DRAGON_FESTIVAL
    flow.start_event_phase(s)
    assert s.vp == [0, 0, 6] and s.fireworks == [0, 0, 0]


@pytest.mark.rule("year_of_the_dragon", "5.3.5b")
def test_d14_mongol_all_equal_everyone_releases():
    s = position(3, step=ST_PERSONS, round=5, vp=[0] * 3,
                 palaces={p: [[2, Y[S], Y[F]]] for p in range(3)})
    s.events[4] = data.MONGOL_INVASION
    flow.start_event_phase(s)
    assert [r.seat for r in reversed(s.stack[1:])] == [0, 1, 2]  # turn order


@pytest.mark.rule("year_of_the_dragon", "5.3.3a", "5.3.3b")
def test_drought_counts_inhabited_palaces_and_forced_single_persons_go_automatically():
    s = position(2, step=ST_PERSONS, round=5, rice=[1, 0],
                 palaces={0: [[1, Y[S]], [1, Y[F]], [2]], 1: [[1, Y[S]], [3, Y[F]]]})
    s.events[4] = data.DROUGHT
    flow.start_event_phase(s)
    assert s.rice == [0, 0]
    # seat 0: 2 inhabited, 1 rice -> chooses which palace goes unsupplied
    assert s.stack[-1].seat == 0 and legal(s) == {Release(0, Y[S]), Release(1, Y[F])}
    # seat 1: 2 inhabited, 0 rice, one person each -> released automatically
    assert persons(s, 1) == 0


@pytest.mark.rule("year_of_the_dragon", "4c", "5.2a")
def test_phase_2_order_reflects_phase_1_parades_and_round_12_has_no_phase_2():
    s = position(2, round=4, sentinel=False, groups=[[data.MILITARY_PARADE, 0, 1, 2], [3, 5, 6]],
                 track=[5, 4], stack=[ChooseAction(0), ChooseAction(1)])
    s.apply(TakeMoney())
    s.apply(TakeAction(data.MILITARY_PARADE))
    assert s.step == ST_PERSONS and s.stack[-1] == PlayPersonCard(1)
    s = position(2, round=12, sentinel=False, groups=[[0, 1, 2, 3], [4, 5, 6]],
                 stack=[ChooseAction(0), ChooseAction(1)])
    s.events[11] = data.PEACE
    s.apply(TakeMoney())
    s.apply(TakeMoney())
    assert s.is_terminal()


@pytest.mark.rule("year_of_the_dragon", "5.2a")
def test_player_without_cards_skips_phase_2():
    s = position(2, round=4, sentinel=False, groups=[[0, 1, 2, 3], [4, 5, 6]],
                 stack=[ChooseAction(0), ChooseAction(1)])
    s.hands[0] = [0] * 10
    s.apply(TakeMoney())
    s.apply(TakeMoney())
    assert [r.seat for r in s.stack] == [1]


@pytest.mark.rule("year_of_the_dragon", "5.1.2c")
def test_fee_is_paid_before_taxes_income():
    s = position(2, groups=[[data.TAXES, 0 + 1], [2, 3, 4, 5, 6]], yuan=[2, 2],
                 stack=[ChooseAction(0)])
    s.group_dragons[0] = 1
    assert TakeAction(data.TAXES) not in legal(s)  # 2 yuan cannot pay the fee first


def test_illegal_actions_raise_clear_errors():
    s = new_state(2, 0, {})
    for bad in (None, "x", TakeMoney(), DraftPair(3, 3), DraftPair(5, 2)):
        with pytest.raises(IllegalActionError, match="not legal"):
            s.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(engine.InvalidConfigError):
        engine.make("year_of_the_dragon", 6, 0)
    with pytest.raises(engine.InvalidConfigError):
        engine.make("year_of_the_dragon", 3, 0, great_walls=True)
    with pytest.raises(engine.InvalidConfigError):
        engine.make("year_of_the_dragon", 3, 0, great_event=4)  # needs great_events=True
    with pytest.raises(engine.InvalidConfigError):
        engine.make("year_of_the_dragon", 3, 0, great_events=True, great_event=10)
    with pytest.raises(engine.InvalidConfigError):
        engine.make("year_of_the_dragon", 3, 0, great_wall="yes")


@pytest.mark.rule("year_of_the_dragon", "2.1", "2.2", "3.1", "5.1.1", "7a")
def test_supply_and_group_sizes_by_player_count():
    for n, per_type in ((2, 4), (3, 6), (4, 8), (5, 10)):
        s = new_state(n, 0, {})
        assert sum(s.supply) == 9 * per_type
        for k in range(data.NUM_TYPES):
            assert s.supply[2 * k] + s.supply[2 * k + 1] == per_type
        for wall in (False, True):
            s = new_state(n, 1, {"great_wall": wall})
            while s.step != ST_ACTIONS:
                s.apply(s.legal_actions()[0])
            sizes = sorted((s.card_group.count(g) for g in range(n)), reverse=True)
            assert tuple(sizes) == data.GROUP_SIZES[(7 + wall, n)]


def test_choose_request_kind_for_joker():
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)])
    s.apply(PlayCard(data.JOKER))
    assert s.stack[-1] == ChooseTile(0, data.JOKER)


@pytest.mark.rule("year_of_the_dragon", "1c")
def test_d18_privileges_and_floors_are_unlimited():
    s = position(2, groups=[[data.PRIVILEGE, 0, 1, 2], [3, 4, 5]], yuan=[9, 0],
                 small_privileges=[20, 0], large_privileges=[9, 0], stack=[ChooseAction(0)])
    s.apply(TakeAction(data.PRIVILEGE))
    s.apply(BuyPrivilege(True))
    assert s.large_privileges[0] == 10


def test_malformed_field_values_are_illegal_not_crashes():
    s = position(2, step=ST_PERSONS, stack=[PlayPersonCard(0)],
                 palaces={0: [[2, Y[S]], [1]]})
    for bad in (PlayCard(-1), PlayCard(10), PlayCard("1"), PlayCard(True), PlayCard(None)):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    s.apply(PlayCard(M))
    for bad in (ChoosePerson(99), ChoosePerson(-1), ChoosePerson(Y[S])):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    s.apply(ChoosePerson(Y[M]))
    for bad in (PlacePerson(-1), PlacePerson(2), PlacePerson("0"), ReplacePerson(0, Y[S]),
                DiscardPerson()):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    s.apply(PlacePerson(1))
    s = position(2, step=ST_PERSONS, round=5, yuan=[2, 4],
                 palaces={0: [[3, Y[S], Y[F], Y[T]]], 1: [[1, Y[S]]]})
    s.events[4] = data.IMPERIAL_TRIBUTE
    flow.start_event_phase(s)
    for bad in (Release(-1, Y[S]), Release(0, -1), Release(0, 99), Release(1, Y[S]),
                Release(0, Y[M]), BuildFloor(-1)):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    s.apply(Release(0, Y[T]))
