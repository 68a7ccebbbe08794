"""Worked examples of the rules document (§13) and the seed, base game (1-7, 24).

The spirit examples (8-16) are in test_spirits.py, the dragon card examples (17-23) in
test_dragons.py.
"""

from __future__ import annotations

import pytest

from engine.games.dragon_castle.actions import (
    BuildShrine,
    DiscardStone,
    Pair,
    Place,
    StoneAndShrine,
    SummonDragon,
    TakeStone,
)
from engine.games.dragon_castle.castle import is_available, top_level
from engine.games.dragon_castle.data import castle_index, merge_points
from engine.games.dragon_castle.requests import (
    BuildShrines,
    CheckMerges,
    ChooseAction,
    FinishAction,
)
from engine.games.dragon_castle.rules import RULES
from engine.games.dragon_castle.turn import first_stone_options
from engine.protocol import TERMINAL, IllegalActionError

from .builder import D2, D, cell, empty_state, set_castle, set_cell, stone, two_open_sets

M = [stone("merchant", n) for n in range(1, 7)]
F = [stone("farmer", n) for n in range(1, 7)]
W = [stone("wind", s) for s in ("rain", "storm", "cloud", "lightning")]


def joanna_castle(s):
    """A dragon on top of a level-3 stack; an identical dragon available on level 2 and
    another one on level 2 that is not available."""
    set_castle(s, {
        (1, 2): [M[0]], (2, 2): [M[1], M[2], D],  # T = 3, available (west 1, east 0)
        (6, 2): [M[3], D],  # level 2, both long sides open
        (8, 2): [F[0], F[1]], (9, 2): [F[2], D], (10, 2): [F[3], F[4]],  # D not available
    })


@pytest.mark.rule("dragon_castle", "6.1a", "6.3b", "4.1c")
def test_example_1_joanna_pair_without_merge():
    """Rules §13.1 / seed "Przykład (część 1)": pair of dragons, placed so no set forms."""
    s = empty_state(2, seat=0)
    joanna_castle(s)
    for r, c in ((1, 0), (2, 0)):
        set_cell(s, 0, r, c, 1, D2)
    set_cell(s, 0, 0, 0, 1, F[0], up=False)
    set_cell(s, 0, 0, 2, 2, F[0], up=False)
    assert s.pool[0] == 1
    assert top_level(s) == 3
    s.apply(TakeStone(2, 2))
    assert s.stack[-1] == FinishAction(0, D)
    pairs = [a for a in s.legal_actions() if isinstance(a, Pair)]
    assert pairs == [Pair(6, 2)]  # the level-2 dragon; (9, 2) is covered on both long sides
    with pytest.raises(IllegalActionError):
        s.apply(Pair(9, 2))
    s.apply(Pair(6, 2))
    s.apply(Place(0, 0))
    s.apply(Place(0, 2))
    assert s.height[cell(0, 0)] == 2 and s.height[cell(0, 2)] == 3
    assert s.vp[0] == 0  # groups of 3 and 1: no merge
    assert s.up[cell(0, 0)] and s.up[cell(1, 0)] and s.up[cell(2, 0)] and s.up[cell(0, 2)]
    assert s.current_player() == 1 and s.stack == [ChooseAction(1)]


@pytest.mark.rule("dragon_castle", "6.1b", "6.3d", "6.3e", "6.3f", "6.4b", "7d")
def test_example_2_joanna_stone_and_shrine_merges_five_dragons():
    """Rules §13.2 / seed "Przykład (część 2)": 5 dragons -> 3 + 1 = 4 VP; shrines on
    heights 2 and 3 are worth 2 + 3 = 5 VP at the end."""
    s = empty_state(2, seat=0)
    joanna_castle(s)
    set_cell(s, 0, 0, 0, 2, D2)
    set_cell(s, 0, 1, 0, 1, D2)
    set_cell(s, 0, 2, 0, 1, D2)
    set_cell(s, 0, 0, 2, 3, D2)
    s.apply(TakeStone(2, 2))
    s.apply(StoneAndShrine())
    assert s.pool[0] == 2 and s.supply == 40 - 2 - 1
    s.apply(Place(0, 1))
    assert s.vp[0] == 4
    merged = (cell(0, 0), cell(0, 1), cell(0, 2), cell(1, 0), cell(2, 0))
    assert s.stack[-1] == BuildShrines(0, merged, 2)
    assert not any(s.up[i] for i in merged)
    s.apply(BuildShrine(0, 0))
    s.apply(BuildShrine(0, 2))
    assert s.pool[0] == 0
    assert s.score_parts(0) == {"vp": 4, "shrines": 5, "countdown": 0}
    assert s.scores()[0] == 9
    assert s.current_player() == 1


@pytest.mark.rule("dragon_castle", "6.3d", "10b")
@pytest.mark.parametrize(("n", "vp"), [(4, 2), (5, 3), (6, 5), (7, 6), (8, 8), (9, 9), (11, 11)])
def test_example_3_set_sizes(n, vp):
    """Rules §13.3: merge points by set size."""
    assert merge_points(n) == vp


@pytest.mark.rule("dragon_castle", "6.3a", "5c")
def test_example_3_mixed_numbers_merge_and_diagonals_do_not_count():
    """Rules §13.3: merchants with different numbers form one set; a diagonal merchant is
    not part of it."""
    s = empty_state(2, seat=0)
    set_castle(s, {(0, 2): [M[5]]})
    for c in range(5):
        set_cell(s, 0, 0, c, 1, M[c])  # 5 merchants in a row, numbers 1..5
    set_cell(s, 0, 1, 5, 1, M[0])  # diagonal to (0, 4) only... and next to (0,5)
    set_cell(s, 0, 3, 3, 1, M[1])  # not adjacent to anything
    set_cell(s, 0, 0, 5, 1, F[0], up=False)
    s.pool[0] = 0
    s.apply(TakeStone(0, 2))
    s.apply(StoneAndShrine())
    s.apply(Place(1, 0))  # joins (0,0): 5 + 1 = 6 merchants; (1,5) is diagonal to (0,4)
    assert s.vp[0] == merge_points(6) == 5
    assert s.up[cell(1, 5)] == 1 and s.up[cell(3, 3)] == 1  # not merged
    assert not any(s.up[cell(0, c)] for c in range(5))


@pytest.mark.rule("dragon_castle", "6.3h")
def test_example_4_two_groups_merge_separately():
    """Rules §13.4: 4 farmers and 5 winds merge as two sets: 2 + 3 = 5 VP, shrine
    allowances 1 and 2, each on its own set, lowest cell first."""

    s = empty_state(2, seat=0)
    set_castle(s, {(0, 2): [M[5]]})
    for c in range(4):
        set_cell(s, 0, 0, c, 1, F[c])
    for c in range(5):
        set_cell(s, 0, 2, c, 1, W[c % 4])
    s.pool[0] = 3
    s.stack = [CheckMerges(0)]  # e.g. after a placement completed both
    RULES.settle(s)
    assert s.vp[0] == 2 + 3
    farmers = tuple(cell(0, c) for c in range(4))
    winds = tuple(cell(2, c) for c in range(5))
    assert s.stack == [BuildShrines(0, winds, 2), BuildShrines(0, farmers, 1)]
    with pytest.raises(IllegalActionError):
        s.apply(BuildShrine(2, 0))  # the farmers decide first
    s.apply(BuildShrine(0, 3))
    assert s.stack == [BuildShrines(0, winds, 2)]  # farmer allowance used up
    s.apply(BuildShrine(2, 1))
    s.apply(BuildShrine(2, 4))
    assert s.pool[0] == 0 and sum(s.shrine) == 3
    assert s.current_player() == 1


@pytest.mark.rule("dragon_castle", "6.3b", "6.3h", "6b")
def test_example_4_pair_completes_two_separate_sets_of_one_type():
    """A pair can complete two separate same-type sets: separate merges and allowances."""
    s = empty_state(2, seat=0)
    two_open_sets(s)
    s.apply(TakeStone(0, 2))
    s.apply(Pair(5, 2))
    s.apply(Place(0, 3))
    assert s.vp[0] == 0  # merges wait until every taken stone is placed
    s.apply(Place(5, 3))
    assert s.vp[0] == 4
    assert [type(r) for r in s.stack] == [BuildShrines, BuildShrines]
    assert s.stack[-1].cells == tuple(cell(0, c) for c in range(4))


@pytest.mark.rule("dragon_castle", "4.1c", "6.1")
def test_example_5_availability():
    """Rules §13.5: long sides west/east decide availability."""
    s = empty_state(4)
    set_castle(s, {(3, 3): [M[0], M[0]], (4, 3): [M[1]] * 3, (5, 3): [M[2]] * 3,
                   (6, 3): [M[3]] * 3, (7, 3): [M[4], M[4]]})
    h = s.castle_h
    assert [is_available(h, castle_index(x, 3)) for x in range(4, 7)] == [True, False, True]
    assert first_stone_options(s) == [TakeStone(4, 3), TakeStone(6, 3)]
    # a 3 with 3s above and below and 1s left and right: available
    t = empty_state(4)
    set_castle(t, {(5, 2): [F[0]] * 3, (5, 4): [F[1]] * 3, (5, 3): [F[2]] * 3,
                   (4, 3): [F[3]], (6, 3): [F[4]]})
    assert is_available(t.castle_h, castle_index(5, 3))
    # a 3 with 3s left and right and a 1 above: not available (Elegance only)
    u = empty_state(4)
    set_castle(u, {(4, 3): [W[0]] * 3, (5, 3): [W[1]] * 3, (6, 3): [W[2]] * 3,
                   (5, 2): [W[3]]})
    assert not is_available(u.castle_h, castle_index(5, 3))
    assert TakeStone(5, 3) not in first_stone_options(u)
    with pytest.raises(IllegalActionError):
        u.apply(TakeStone(5, 3))


@pytest.mark.rule("dragon_castle", "4.2a", "6.1", "6.1a", "2b")
def test_example_6_top_level_two():
    """Rules §13.6: with T = 2 the first stone comes from a height-2 stack; the pair's
    second stone may be any available identical stone at level 1 or 2."""
    s = empty_state(2)
    set_castle(s, {(0, 2): [M[0], F[5]], (3, 2): [F[5]], (6, 2): [M[1], F[5]],
                   (9, 2): [F[0]]})
    assert top_level(s) == 2
    assert first_stone_options(s) == [TakeStone(0, 2), TakeStone(6, 2)]
    with pytest.raises(IllegalActionError):
        s.apply(TakeStone(3, 2))  # level 1 < T
    s.apply(TakeStone(0, 2))
    assert [a for a in s.legal_actions() if isinstance(a, Pair)] == [Pair(3, 2), Pair(6, 2)]
    with pytest.raises(IllegalActionError):
        s.apply(Pair(9, 2))  # not identical


@pytest.mark.rule("dragon_castle", "6a", "6.1d3", "7a", "7c", "7d")
def test_example_7_end_of_game_three_players():
    """Rules §13.7: 3p, tokens on spaces 1-3 + a stack of 4. At T = 1 seats 2, 3, 1 (here
    1, 2, 0) summon; the first player uncovers "!" -> seats 2 and 3 play once more (they
    may summon from the stack) -> the game ends."""
    s = empty_state(3, seat=1, first_player=0)
    set_castle(s, {(0, 3): [M[0]], (4, 3): [M[1]], (8, 3): [M[2]]})
    assert (s.track_singles, s.track_stack) == (3, 4)
    for seat in (1, 2, 0):
        assert s.current_player() == seat
        assert SummonDragon() in s.legal_actions()
        s.apply(SummonDragon())
    assert s.last_round and s.track_singles == 0
    assert s.current_player() == 1
    s.apply(SummonDragon())  # from the stack
    assert s.track_stack == 3
    assert s.current_player() == 2
    s.apply(TakeStone(0, 3))
    s.apply(DiscardStone())
    assert s.current_player() == TERMINAL and s.is_terminal()
    assert s.tokens == [1, 2, 1]
    assert s.scores() == [2, 4, 2 + 1]


@pytest.mark.rule("dragon_castle", "7b")
def test_example_7_last_seat_uncovering_ends_at_once():
    """Rules §7: if the player right of the first player uncovers "!", the game ends now."""
    s = empty_state(2, seat=1, first_player=0)
    s.track_singles = 1
    s.apply(SummonDragon())
    assert s.is_terminal()


@pytest.mark.rule("dragon_castle", "7e", "7f", "7g")
def test_example_24_tie_breaks():
    """Rules §13.24 / seed: at equal score, most face-down-topped stacks, then most built
    shrines, else a shared win."""
    s = empty_state(2)
    s.vp = [50, 50]
    for c in range(6):  # A: 7 face-down-topped stacks
        set_cell(s, 0, 0, c, 1, M[0], up=False)
    set_cell(s, 0, 1, 0, 1, M[0], up=False)
    for c in range(6):  # B: 6 face-down-topped stacks and a face-up one
        set_cell(s, 1, 0, c, 1, M[0], up=False)
    set_cell(s, 1, 1, 0, 1, M[0], up=True)  # face up: does not count
    assert s.scores() == [50, 50]
    assert s.ranking() == [0, 1]  # A wins
    set_cell(s, 1, 1, 0, 1, M[0], up=False)  # B: 7 too
    assert s.tiebreak(0) == s.tiebreak(1) == (7, 0)
    assert s.ranking() == [0, 0]  # shared win
    set_cell(s, 1, 1, 0, 1, M[0], up=False, shrine=True)  # B: a built shrine (1 VP) ...
    s.vp[1] -= 1  # ... with the score kept at 50
    assert s.scores() == [50, 50]
    assert s.tiebreak(0) == (7, 0) and s.tiebreak(1) == (7, 1)
    assert s.ranking() == [1, 0]  # B wins on built shrines
    s.pool[0] = 5  # pool shrines do not count
    assert s.ranking() == [1, 0]
