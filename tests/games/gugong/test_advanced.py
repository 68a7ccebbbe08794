"""The advanced set-up (rules doc §11; seed "WARIANT ZAAWANSOWANY"): the BOARD cards, the
DRAW cards and every starting set nobody received are shuffled into one face-down deck; its
seven top cards go onto the seven locations, the rest is the draw pile; starting hands are
unchanged. Neither the rules doc nor the seed has a worked example of it; these tests check
the set-up's numbers at every player count and what stays hidden."""

from __future__ import annotations

import pytest

import engine
from engine.games.gugong import data, masks
from engine.games.gugong.actions import Claim
from engine.games.gugong.requests import HarborClaim
from engine.protocol import InvalidConfigError
from tests.games.gugong.builder import build, card

ADV = {"advanced": True}


@pytest.mark.rule("gugong", "11a")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_mixed_deck_sizes_and_hands(n):
    """7 on the locations; draw pile = 7 BOARD + 11 DRAW + 4 per unused set - 7."""
    for seed in range(5):
        s = engine.make("gugong", n, seed, **ADV)
        assert s.advanced and len(s.board) == 7
        assert len(s.draw_pile) == 11 + 4 * (5 - n)
        assert sorted(s.board + s.draw_pile) == sorted(
            data.BOARD_CARDS + data.DRAW_CARDS + tuple(data.unused_sets(n)))
        for k in range(n):  # set Pk to the k-th seat in turn order, as in the base game
            assert sorted(s.hands[(s.first + k) % n]) == sorted(data.STARTING_SETS[k])


@pytest.mark.rule("gugong", "11a", "3.1")
def test_draw_pile_sizes_by_player_count():
    assert [len(engine.make("gugong", n, 1, **ADV).draw_pile) for n in (2, 3, 4, 5)] == [
        23, 19, 15, 11]
    assert [len(engine.make("gugong", n, 1).draw_pile) for n in (2, 3, 4, 5)] == [11] * 4


@pytest.mark.rule("gugong", "11a")
def test_locations_get_cards_of_every_kind():
    """Base game: only BOARD cards lie on the locations; advanced: any card of the deck."""
    kinds = set()
    for seed in range(40):
        s = engine.make("gugong", 2, seed, **ADV)
        kinds |= {data.CARD_SET[c] for c in s.board}
        base = engine.make("gugong", 2, seed)
        assert sorted(base.board) == sorted(data.BOARD_CARDS)
        assert sorted(base.draw_pile) == sorted(data.DRAW_CARDS)
    assert {"BOARD", "DRAW", "P3", "P4", "P5"} <= kinds


def test_same_seed_same_deal_and_different_seeds_differ():
    a, b = engine.make("gugong", 3, 9, **ADV), engine.make("gugong", 3, 9, **ADV)
    assert (a.board, a.draw_pile) == (b.board, b.draw_pile)
    assert len({tuple(engine.make("gugong", 3, k, **ADV).board) for k in range(10)}) > 1


def test_sample_state_redraws_the_mixed_draw_pile():
    """The unused starting sets are no longer in the box: nobody knows where they are in the
    draw pile; a sample keeps the pile's contents (all unseen cards) and redraws its order."""
    s = engine.make("gugong", 2, 4, **ADV)
    obs = s.observation(0)
    assert obs.advanced and obs.draw_size == 23
    orders = set()
    for k in range(8):
        t = engine.sample_state(obs, k)
        assert t.advanced and t.observation(0) == obs
        assert sorted(t.draw_pile) == sorted(s.draw_pile)
        orders.add(tuple(t.draw_pile))
    assert len(orders) > 1
    assert set(data.unused_sets(2)) <= set(s.draw_pile) | set(s.board)


@pytest.mark.rule("gugong", "11a", "5.7g")
def test_harbor_card_reward_may_draw_an_unused_starting_card():
    """With the mixed deck the card reward (H3) draws whatever is on top, here a P5 card."""
    p5 = card("G29")
    s = build(2, hands={0: [card("G02")], 1: [card("G08")]}, advanced=True)
    s.draw_pile = [c for c in s.draw_pile if c != p5] + [p5]
    s.ship_harbor[0], s.ship_path[0], s.ship_load[0] = 2, 0, 3
    masks.refresh(s)
    s.stack = [HarborClaim(0)]
    s.apply(Claim(0, data.R_CARD))
    assert p5 in s.hands[0] and s.rewards[0 * 3 + data.R_CARD] == 1


def test_unknown_option_values_are_refused():
    with pytest.raises(InvalidConfigError, match="advanced takes true/false"):
        engine.make("gugong", 2, 1, advanced="yes")
    with pytest.raises(InvalidConfigError, match="no option 'advance'"):
        engine.make("gugong", 2, 1, advance=True)
