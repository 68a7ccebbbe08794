"""Spirit cards (option spirit_card, rules §8) and their worked examples (rules §13.8-16)."""

from __future__ import annotations

import pytest

import engine
from engine.games.dragon_castle.actions import (
    ActivateSpirit,
    ActivateSpiritShrine,
    BuildShrine,
    ChangeStone,
    DestroyStone,
    DiscardStone,
    FlipStone,
    MergeGroup,
    MoveFrom,
    MoveTo,
    NoFlip,
    Pair,
    Place,
    Proceed,
    ShrineFrom,
    ShrineTo,
    StoneAndShrine,
    StopBuilding,
    StopMoving,
    SummonDragon,
    TakeStone,
)
from engine.games.dragon_castle.castle import top_level
from engine.games.dragon_castle.data import (
    BEAUTY,
    CHANGE,
    CUNNING,
    DECEPTION,
    DEPTHS,
    DESTRUCTION,
    ELEGANCE,
    FAITH,
    MERCHANT,
    SOLDIER,
    STRENGTH,
    WIND_SPIRIT,
)
from engine.games.dragon_castle.requests import BuildShrines, FinishAction, SpiritWindow
from engine.protocol import IllegalActionError

from .builder import (
    activations,
    cell,
    set_castle,
    set_cell,
    stone,
    two_open_sets,
    with_spirit,
)

M = [stone("merchant", n) for n in range(1, 7)]
S = [stone("soldier", n) for n in range(1, 7)]
F = [stone("farmer", n) for n in range(1, 7)]
W = [stone("wind", s) for s in ("rain", "storm", "cloud", "lightning")]


@pytest.mark.rule("dragon_castle", "8.2.8a", "8.1e", "8.1a")
def test_example_8_faith_third_shrine_on_a_special_set():
    """§13.8: 4 winds merged + Faith -> 3 shrines on them; never on stones merged earlier."""
    s = with_spirit(FAITH)
    set_castle(s, {(0, 2): [W[3]]})
    for c in range(3):
        set_cell(s, 0, 0, c, 1, W[c])
    set_cell(s, 0, 3, 3, 2, F[0], up=False)  # merged in an earlier turn
    s.pool[0] = 3
    assert activations(s) == []  # W1 is not a Faith window
    s.apply(TakeStone(0, 2))
    s.apply(StoneAndShrine())
    s.apply(Place(0, 3))  # W3 skipped (nothing merged yet), then the merge: 4 winds
    assert s.vp[0] == 2 and s.pool[0] == 4
    s.apply(BuildShrine(0, 0))
    s.apply(BuildShrine(0, 1))
    assert s.stack[-1] == SpiritWindow(0, 4)
    assert ActivateSpiritShrine() in s.legal_actions()
    s.apply(ActivateSpiritShrine())  # pay a pool shrine: pool 2 -> 1
    assert s.pool[0] == 1
    assert s.legal_actions() == [BuildShrine(0, 2), BuildShrine(0, 3)]  # not (3, 3)
    s.apply(BuildShrine(0, 3))
    assert sum(s.shrine[:36]) == 3 and s.pool[0] == 0
    assert s.current_player() == 1


@pytest.mark.rule("dragon_castle", "8.2.10", "8.1a", "8.1c", "8.1b")
def test_example_9_cunning_three_soldiers():
    """§13.9: 3 touching soldiers -> 2 VP, at most 1 shrine."""
    s = with_spirit(CUNNING)
    set_castle(s, {(0, 2): [M[0]]})
    for c in range(3):
        set_cell(s, 0, 1, c, 1, S[c])
    set_cell(s, 0, 5, 5, 1, F[0])
    set_cell(s, 0, 3, 0, 1, M[0])
    set_cell(s, 0, 3, 1, 1, M[1])  # two merchants: not a Cunning set
    s.pool[0] = 2
    assert ActivateSpirit(1, 0) not in activations(s)  # paying a soldier leaves no set of 3
    s.apply(ActivateSpirit(5, 5))  # pay with the farmer
    assert s.height[cell(5, 5)] == 0
    assert s.legal_actions() == [MergeGroup(1, 0)]
    s.apply(MergeGroup(1, 0))
    assert s.vp[0] == 2
    assert s.stack[-1] == BuildShrines(0, (cell(1, 0), cell(1, 1), cell(1, 2)), 1)
    s.apply(BuildShrine(1, 1))
    assert s.pool[0] == 1
    assert s.legal_actions() == [TakeStone(0, 2), SummonDragon()]  # back to W1; spirit used


@pytest.mark.rule("dragon_castle", "8.2.2a", "8.2.2b")
def test_example_10_beauty_same_numbers():
    """§13.10: merchant 3, farmer 3, soldier 3, farmer 3 touching -> 2 + 1 VP, <= 2 shrines."""
    s = with_spirit(BEAUTY)
    set_castle(s, {(0, 2): [M[0]]})
    for c, k in enumerate((M[2], F[2], S[2], F[2])):
        set_cell(s, 0, 0, c, 1, k)
    s.pool[0] = 3
    s.apply(ActivateSpiritShrine())
    assert s.legal_actions() == [MergeGroup(0, 0)]
    s.apply(MergeGroup(0, 0))
    assert s.vp[0] == 3
    assert s.stack[-1] == BuildShrines(0, tuple(cell(0, c) for c in range(4)), 2)
    s.apply(BuildShrine(0, 0))
    s.apply(BuildShrine(0, 2))
    assert s.pool[0] == 0


@pytest.mark.rule("dragon_castle", "8.2.4a", "8.2.4b")
def test_example_11_change_wind_as_merchant():
    """§13.11: 3 merchants + adjacent wind as merchant -> 4 merchants merged, 2 VP, 1
    shrine; illegal if no merge results."""
    s = with_spirit(CHANGE)
    set_castle(s, {(0, 2): [M[0]]})
    for c in range(3):
        set_cell(s, 0, 0, c, 1, M[c])
    set_cell(s, 0, 0, 3, 1, W[0])
    s.pool[0] = 2
    s.apply(ActivateSpiritShrine())
    assert s.legal_actions() == [ChangeStone(0, 3, MERCHANT)]
    with pytest.raises(IllegalActionError):
        s.apply(ChangeStone(0, 3, SOLDIER))
    s.apply(ChangeStone(0, 3, MERCHANT))
    assert s.vp[0] == 2
    assert s.stack[-1] == BuildShrines(0, tuple(cell(0, c) for c in range(4)), 1)
    t = with_spirit(CHANGE)
    set_castle(t, {(0, 2): [M[0]]})
    set_cell(t, 0, 0, 0, 1, M[0])
    set_cell(t, 0, 0, 1, 1, M[1])
    set_cell(t, 0, 0, 2, 1, W[0])
    t.pool[0] = 2
    assert activations(t) == []  # no merge could result


@pytest.mark.rule("dragon_castle", "8.2.7")
def test_example_12_depths_any_merchant():
    """§13.12: merchant 5 first, any available merchant second (merchant 5 also legal)."""
    s = with_spirit(DEPTHS)
    set_castle(s, {(0, 2): [M[4]], (3, 2): [M[4]], (6, 2): [M[1]], (9, 2): [S[4]]})
    s.apply(TakeStone(0, 2))
    assert Pair(3, 2) in s.legal_actions() and Pair(6, 2) not in s.legal_actions()
    s.apply(ActivateSpiritShrine())
    assert s.stack[-1] == FinishAction(0, M[4], True)
    assert s.legal_actions() == [Pair(3, 2), Pair(6, 2)]  # no soldier; must pair now
    with pytest.raises(IllegalActionError):
        s.apply(DiscardStone())
    s.apply(Pair(6, 2))
    # both stones wait to be placed (with §8.1 windows between them)
    assert [type(r).__name__ for r in s.stack if type(r).__name__ == "PlaceTaken"] == [
        "PlaceTaken", "PlaceTaken"]


@pytest.mark.rule("dragon_castle", "8.2.6a", "8.2.6b", "4.1d")
def test_example_13_elegance_short_sides():
    """§13.13: take a top-level stone exposed only on a short side; the second may be one
    whose short side that take exposed."""
    s = with_spirit(ELEGANCE, players=4)
    set_castle(s, {
        (4, 3): [F[0], F[1]], (5, 3): [F[2], M[0]], (6, 3): [F[3], F[4]],
        (4, 4): [S[0], S[1]], (5, 4): [S[2], M[0]], (6, 4): [S[3], S[4]],
        (4, 5): [W[0], W[1]], (5, 5): [W[2], W[3]], (6, 5): [F[5], F[5]],
    })
    assert TakeStone(5, 3) not in s.legal_actions()
    s.apply(ActivateSpiritShrine())
    # short-exposed (north / south), long sides covered
    assert s.legal_actions() == [TakeStone(5, 3), TakeStone(5, 5)]
    s.apply(TakeStone(5, 3))
    # (5, 4) is now short-exposed (north), identical, and not available: a legal second
    assert Pair(5, 4) in s.legal_actions()
    s.apply(Pair(5, 4))
    assert s.castle_h[(3 + 1) * 14 + 5 + 1] == 1 and s.castle_h[(4 + 1) * 14 + 5 + 1] == 1


@pytest.mark.rule("dragon_castle", "8.2.6b")
def test_elegance_at_w2_forces_a_special_second_stone():
    s = with_spirit(ELEGANCE, players=4)
    set_castle(s, {(3, 3): [M[0]], (4, 3): [M[1]], (5, 3): [M[1]], (6, 3): [M[2]],
                   (8, 3): [M[1]], (10, 3): [M[1]]})
    s.apply(TakeStone(8, 3))
    # (4, 3) and (5, 3): long sides covered; (10, 3) is available
    assert [a for a in s.legal_actions() if isinstance(a, Pair)] == [Pair(10, 3)]
    s.apply(ActivateSpiritShrine())
    # §8.2.6b: the next stone must be one only Elegance allows (short side exposed)
    assert s.legal_actions() == [Pair(4, 3), Pair(5, 3)]


@pytest.mark.rule("dragon_castle", "8.2.9", "4.2b")
def test_example_14_destruction_lowers_the_top_level_and_unlocks_summon():
    """§13.14: remove the last level-3 stone -> T = 2; the last level-2 stone -> T = 1 and
    Summon is legal this turn."""
    s = with_spirit(DESTRUCTION)
    set_castle(s, {(0, 2): [M[0], M[1], M[2]], (3, 2): [F[0], F[1]], (6, 2): [S[0]]})
    s.pool[0] = 2
    assert top_level(s) == 3
    s.apply(ActivateSpiritShrine())
    assert DestroyStone(0, 2) in s.legal_actions()
    s.apply(DestroyStone(0, 2))
    assert top_level(s) == 2 and s.gone[M[2]] == 4
    assert s.legal_actions() == [TakeStone(0, 2), TakeStone(3, 2)]
    t = with_spirit(DESTRUCTION)
    set_castle(t, {(3, 2): [F[0], F[1]], (6, 2): [S[0]]})
    assert SummonDragon() not in t.legal_actions()
    t.apply(ActivateSpiritShrine())
    t.apply(DestroyStone(3, 2))
    assert top_level(t) == 1 and SummonDragon() in t.legal_actions()
    t.apply(SummonDragon())
    assert t.tokens[0] == 1 and t.current_player() == 1


@pytest.mark.rule("dragon_castle", "8.2.5a", "8.2.5b", "6.4c")
def test_example_15_strength_moves():
    """§13.15: onto a face-up stone: illegal; a face-down stone to an empty cell, then a
    face-up stone onto it: legal; a shrined stone: immovable."""
    s = with_spirit(STRENGTH)
    set_castle(s, {(0, 2): [M[0]]})
    set_cell(s, 0, 0, 0, 1, M[0])  # face up
    set_cell(s, 0, 0, 1, 1, F[0], up=False)  # face down
    set_cell(s, 0, 0, 2, 2, F[1], up=False, shrine=True)
    s.apply(ActivateSpiritShrine())
    froms = s.legal_actions()
    assert MoveFrom(0, 2) not in froms and MoveFrom(0, 0) in froms and MoveFrom(0, 1) in froms
    s.apply(MoveFrom(0, 1))
    tos = s.legal_actions()
    assert MoveTo(0, 0) not in tos and MoveTo(0, 2) not in tos and MoveTo(0, 1) not in tos
    s.apply(MoveTo(5, 5))
    assert StopMoving() in s.legal_actions()
    s.apply(MoveFrom(0, 0))
    assert MoveTo(5, 5) in s.legal_actions()
    s.apply(MoveTo(5, 5))
    assert s.height[cell(5, 5)] == 2 and s.up[cell(5, 5)] == 1 and s.top[cell(5, 5)] == M[0]
    assert s.height[cell(0, 0)] == 0 and s.height[cell(0, 1)] == 0
    assert s.legal_actions() == [TakeStone(0, 2), SummonDragon()]
    # a face-up first stone cannot receive the second
    t = with_spirit(STRENGTH)
    set_castle(t, {(0, 2): [M[0]]})
    set_cell(t, 0, 0, 0, 1, M[0])
    set_cell(t, 0, 0, 1, 1, F[0])
    t.apply(ActivateSpiritShrine())
    t.apply(MoveFrom(0, 0))
    t.apply(MoveTo(3, 3))
    t.apply(MoveFrom(0, 1))
    assert MoveTo(3, 3) not in t.legal_actions()


@pytest.mark.rule("dragon_castle", "8.2.5c", "8.1f")
def test_strength_moves_can_form_a_set_that_merges():
    s = with_spirit(STRENGTH)
    set_castle(s, {(0, 2): [M[0]]})
    for c in range(3):
        set_cell(s, 0, 0, c, 1, F[c])
    set_cell(s, 0, 4, 4, 1, F[3])
    set_cell(s, 0, 5, 0, 1, S[0])
    s.pool[0] = 1
    s.apply(ActivateSpiritShrine())
    s.apply(MoveFrom(4, 4))
    s.apply(MoveTo(0, 3))
    # §8.2 Strength: merges are checked only after the whole power, so the 4 farmers may
    # still move; stopping here merges them
    assert MoveFrom(5, 0) in s.legal_actions() and MoveFrom(0, 3) in s.legal_actions()
    s.apply(StopMoving())
    assert s.vp[0] == 2 and not any(s.up[cell(0, c)] for c in range(4))
    assert s.pool[0] == 0  # no shrine left to build: turn continues at W1
    assert s.legal_actions() == [TakeStone(0, 2), SummonDragon()]


@pytest.mark.rule("dragon_castle", "8.2.3a", "8.2.3b")
def test_example_16_wind_flip_and_move_shrine():
    """§13.16: flip a face-up soldier, move a shrine onto it: legal; a new shrine on it:
    illegal (the flip is not a merge)."""
    s = with_spirit(WIND_SPIRIT)
    set_castle(s, {(0, 2): [M[0]]})
    set_cell(s, 0, 1, 1, 1, S[0])
    set_cell(s, 0, 2, 2, 2, F[0], up=False, shrine=True)
    s.apply(ActivateSpiritShrine())
    # no other face-down shrineless top: the flip is needed before a shrine can move
    assert s.legal_actions() == [FlipStone(1, 1)]
    s.apply(FlipStone(1, 1))
    assert s.legal_actions() == [ShrineFrom(2, 2)]  # compulsory
    s.apply(ShrineFrom(2, 2))
    assert s.legal_actions() == [ShrineTo(1, 1)]
    s.apply(ShrineTo(1, 1))
    assert s.shrine[cell(1, 1)] == 1 and s.shrine[cell(2, 2)] == 0
    assert s.up[cell(1, 1)] == 0 and s.vp[0] == 0 and s.merged_now == []
    assert s.score_parts(0)["shrines"] == 1


@pytest.mark.rule("dragon_castle", "8.2.1", "6.2d")
def test_deception_takes_a_neighbour_at_the_same_level():
    """Ambiguity 5: Deception's second stone: a free stone in an orthogonal neighbour cell
    at the first stone's level, identical and available or not."""
    s = with_spirit(DECEPTION, players=4)
    set_castle(s, {(3, 3): [M[0], M[1]], (4, 3): [F[0], F[1]], (5, 3): [S[0], S[1]],
                   (4, 2): [W[0]], (4, 4): [W[1], W[2]], (8, 3): [M[1], M[1]],
                   (3, 2): [S[2]], (3, 4): [S[3], S[4]]})
    s.apply(TakeStone(3, 3))
    assert Pair(8, 3) in s.legal_actions()
    s.apply(ActivateSpiritShrine())
    # east (4, 3) and south (3, 4) are free at level 2; north (3, 2) is level 1;
    # (4, 2) and (4, 4) touch only diagonally
    assert s.legal_actions() == [Pair(4, 3), Pair(3, 4)]
    s.apply(Pair(4, 3))
    s.apply(Place(0, 0))
    s.apply(Place(0, 1))
    assert s.top[cell(0, 0)] == M[1] and s.top[cell(0, 1)] == F[1]  # taken order


@pytest.mark.rule("dragon_castle", "8.1b", "8.1d")
def test_spirit_once_per_turn_and_windows():
    s = with_spirit(DESTRUCTION)
    set_castle(s, {(0, 2): [M[0]], (3, 2): [M[1]], (6, 2): [M[2]], (9, 2): [M[3]]})
    s.pool[0] = 3
    s.apply(ActivateSpiritShrine())
    s.apply(DestroyStone(0, 2))
    assert activations(s) == []
    s.apply(TakeStone(3, 2))
    assert activations(s) == []
    s.apply(StoneAndShrine())
    s.apply(Place(0, 0))
    assert s.current_player() == 1  # W3/W4 skipped: spirit used
    assert activations(s)  # new turn, new activation
    s.apply(TakeStone(6, 2))
    s.apply(StoneAndShrine())
    assert s.stack[-1] == SpiritWindow(1, 3)  # §8.1: also before placing
    s.apply(Proceed())
    s.apply(Place(0, 0))
    assert s.stack[-1] == SpiritWindow(1, 3)
    assert Proceed() in s.legal_actions()
    s.apply(Proceed())
    assert s.stack[-1] == SpiritWindow(1, 4)
    s.apply(Proceed())
    assert s.current_player() == 0


@pytest.mark.rule("dragon_castle", "8.1g")
def test_w3_cannot_stop_a_mandatory_merge():
    """[reconstructed] At W3 the stones of a 4+ set awaiting its merge cannot pay."""
    s = with_spirit(WIND_SPIRIT)
    set_castle(s, {(0, 2): [F[3]]})
    for c in range(3):
        set_cell(s, 0, 0, c, 1, F[c])
    set_cell(s, 0, 5, 5, 1, S[0])
    set_cell(s, 0, 4, 4, 1, S[1])
    set_cell(s, 0, 3, 0, 1, S[2], up=False, shrine=True)  # Wind needs a shrine to move
    s.pool[0] = 0
    s.apply(TakeStone(0, 2))
    s.apply(StoneAndShrine())
    s.apply(Proceed())  # the window before placing
    s.apply(Place(0, 3))
    assert s.stack[-1] == SpiritWindow(0, 3)
    acts = activations(s)
    assert ActivateSpirit(5, 5) in acts and not any(
        isinstance(a, ActivateSpirit) and a.r == 0 for a in acts)
    s.apply(ActivateSpiritShrine())
    assert FlipStone(0, 0) not in s.legal_actions() and FlipStone(5, 5) in s.legal_actions()
    s.apply(FlipStone(5, 5))
    s.apply(ShrineFrom(3, 0))
    s.apply(ShrineTo(5, 5))
    assert s.vp[0] == 2  # merge check ran: the 4 farmers merged


@pytest.mark.rule("dragon_castle", "3.5a", "3.5b")
def test_spirit_option_draws_a_card_and_base_games_are_unchanged():
    a = engine.make("dragon_castle", 3, 4)
    b = engine.make("dragon_castle", 3, 4, spirit_card=True)
    assert a.spirit_cards == [] and len(b.spirit_cards) == 1
    assert a.castle == b.castle
    drawn = {engine.make("dragon_castle", 2, k, spirit_card=True).spirit_cards[0]
             for k in range(60)}
    assert len(drawn) == 10
    with pytest.raises(IllegalActionError):
        a.apply(ActivateSpiritShrine())
    assert StopBuilding() not in a.legal_actions()


@pytest.mark.rule("dragon_castle", "8.2.3a", "8.2.3b")
def test_wind_without_flip_moves_a_shrine():
    s = with_spirit(WIND_SPIRIT)
    set_castle(s, {(0, 2): [M[0]]})
    set_cell(s, 0, 2, 2, 1, F[0], up=False, shrine=True)
    set_cell(s, 0, 3, 3, 3, F[1], up=False)
    set_cell(s, 0, 0, 0, 2, S[0])  # face up: no shrine may go on it
    s.apply(ActivateSpiritShrine())
    assert s.legal_actions() == [FlipStone(0, 0), NoFlip()]  # the flip is optional
    s.apply(NoFlip())
    s.apply(ShrineFrom(2, 2))
    assert s.legal_actions() == [ShrineTo(3, 3)]
    s.apply(ShrineTo(3, 3))
    assert s.score_parts(0)["shrines"] == 3


@pytest.mark.rule("dragon_castle", "8.2.10")
def test_cunning_on_dragons_gets_the_dragon_bonus():
    """Ambiguity 8: 3 dragons with Cunning -> 2 + 1 VP, special allowance 2."""
    s = with_spirit(CUNNING)
    set_castle(s, {(0, 2): [M[0], M[1]]})
    dragons = [stone("dragon", "red"), stone("dragon", "green"), stone("dragon", "white")]
    for r in range(3):
        set_cell(s, 0, r, 5, 1, dragons[r])
    s.pool[0] = 3
    s.apply(ActivateSpiritShrine())
    s.apply(MergeGroup(0, 5))
    assert s.vp[0] == 3
    assert s.stack[-1] == BuildShrines(0, (cell(0, 5), cell(1, 5), cell(2, 5)), 2)


@pytest.mark.rule("dragon_castle", "8.2.5d")
def test_strength_may_move_the_stone_uncovered_by_the_first_move():
    """Ambiguity 10: the stone uncovered by move 1 may be moved second."""
    s = with_spirit(STRENGTH)
    set_castle(s, {(0, 2): [M[0], M[1]]})
    set_cell(s, 0, 2, 2, 2, M[3])  # a face-up stone on a face-down one
    s.apply(ActivateSpiritShrine())
    s.apply(MoveFrom(2, 2))
    s.apply(MoveTo(0, 0))
    assert s.height[cell(2, 2)] == 1 and s.up[cell(2, 2)] == 0
    assert MoveFrom(2, 2) in s.legal_actions()
    s.apply(MoveFrom(2, 2))
    assert MoveTo(2, 2) not in s.legal_actions()  # not back to its origin
    s.apply(MoveTo(5, 5))
    assert s.height[cell(2, 2)] == 0 and s.height[cell(5, 5)] == 1 and not s.up[cell(5, 5)]


@pytest.mark.rule("dragon_castle", "8.2.9")
def test_destruction_uses_normal_availability_at_any_level():
    """Ambiguity 11: any available stone, not only at the top level."""
    s = with_spirit(DESTRUCTION)
    set_castle(s, {(0, 2): [M[0], M[1], M[2]], (6, 2): [S[0]], (7, 2): [S[1]],
                   (8, 2): [S[2]]})
    s.apply(ActivateSpiritShrine())
    assert s.legal_actions() == [DestroyStone(0, 2), DestroyStone(6, 2), DestroyStone(8, 2)]
    s.apply(DestroyStone(6, 2))
    assert top_level(s) == 3 and s.castle_h[(2 + 1) * 14 + 7] == 0


@pytest.mark.rule("dragon_castle", "8.2.8a", "8.1d")
def test_faith_faq_shrine_on_any_set_merged_this_turn():
    """Seed FAQ (Faith): with two sets merged this turn the extra shrine may go on either."""
    s = with_spirit(FAITH)
    two_open_sets(s)
    s.apply(TakeStone(0, 2))
    s.apply(Pair(5, 2))
    s.apply(Place(0, 3))
    s.apply(Place(5, 3))
    s.apply(StopBuilding())  # keep the pool shrines
    assert s.stack[-1] == SpiritWindow(0, 4)  # §8.1: a step between the two sets
    s.apply(Proceed())
    s.apply(StopBuilding())
    assert s.stack[-1] == SpiritWindow(0, 4)
    assert s.legal_actions() == [ActivateSpiritShrine(), Proceed()]  # no face-up stone left
    s.apply(ActivateSpiritShrine())
    legal = s.legal_actions()
    assert BuildShrine(0, 0) in legal and BuildShrine(5, 3) in legal and len(legal) == 8


def test_look_alike_actions_with_float_fields_are_handled():
    """Actions equal by value (1.0 == 1) act as the canonical action; nothing half-applies."""
    s = with_spirit(CUNNING)
    set_castle(s, {(0, 2): [M[0], M[1]]})
    for c in range(3):
        set_cell(s, 0, 1, c, 1, S[c])
    set_cell(s, 0, 5, 5, 1, F[0])
    s.apply(ActivateSpirit(5.0, 5))  # type: ignore[arg-type]
    s.apply(MergeGroup(1.0, 0))  # type: ignore[arg-type]
    assert s.vp[0] == 2
    before = s.to_bytes()
    with pytest.raises(IllegalActionError):
        s.apply(Place(0.5, 1))  # type: ignore[arg-type]
    assert s.to_bytes() == before


@pytest.mark.rule("dragon_castle", "8.2.3c", "8.1c")
def test_wind_only_when_a_built_shrine_can_move():
    """§8.2 Wind (seed 003): "Możesz odwrócić 1 odkryty kamień … Następnie przesuń 1
    wybudowaną już świątynię" and "Jeśli zapłacisz za aktywację ducha, musisz skorzystać z
    jego mocy": the flip is optional, the shrine move is not - no shrine, no Wind."""
    s = with_spirit(WIND_SPIRIT)
    set_castle(s, {(0, 2): [M[0]]})
    set_cell(s, 0, 1, 1, 1, S[0])  # a face-up stone that could be flipped
    s.pool[0] = 1
    assert activations(s) == []  # no built shrine: paying just to flip is not allowed
    set_cell(s, 0, 2, 2, 1, F[0], up=False, shrine=True)
    assert ActivateSpiritShrine() in activations(s)  # the flip gives the shrine a target


@pytest.mark.rule("dragon_castle", "8.2.5c")
def test_strength_second_move_may_break_the_set_the_first_completed():
    """§8.2 Strength (seed 003): "Dopiero gdy skończysz korzystać z mocy, sprawdź, czy
    jakieś zestawy kamieni nie wymagają scalenia": the set made by move 1 is not merged
    at once; move 2 may take one of its stones away, and then nothing merges."""
    s = with_spirit(STRENGTH)
    set_castle(s, {(0, 2): [M[0]]})
    for c in range(3):
        set_cell(s, 0, 0, c, 1, F[c])
    set_cell(s, 0, 4, 4, 1, F[3])
    s.apply(ActivateSpiritShrine())
    s.apply(MoveFrom(4, 4))
    s.apply(MoveTo(0, 3))  # 4 farmers in a row
    assert s.vp[0] == 0 and all(s.up[cell(0, c)] for c in range(4))
    s.apply(MoveFrom(0, 3))
    s.apply(MoveTo(5, 5))
    assert s.vp[0] == 0 and all(s.up[cell(0, c)] for c in range(3))  # nothing merged


@pytest.mark.rule("dragon_castle", "8.1d")
def test_activation_between_placing_the_two_stones():
    """§8.1 (seed 003): spirits may be used "W dowolnym momencie swojej tury" - also between
    placing the two stones of a pair; a step offers activation only where one is possible."""
    s = with_spirit(DESTRUCTION)
    set_castle(s, {(0, 2): [M[0]], (3, 2): [M[0]], (6, 2): [S[0]], (9, 2): [S[1]]})
    s.pool[0] = 1
    s.apply(TakeStone(0, 2))
    s.apply(Pair(3, 2))
    s.apply(Proceed())  # the window before the first placement
    s.apply(Place(0, 0))
    assert s.stack[-1] == SpiritWindow(0, 3)
    assert ActivateSpiritShrine() in s.legal_actions()
    s.apply(ActivateSpiritShrine())
    s.apply(DestroyStone(6, 2))
    assert Place(0, 1) in s.legal_actions()  # back to placing the second stone
    s.apply(Place(0, 1))
    assert s.current_player() == 1  # spirit used: the later steps ask nothing
