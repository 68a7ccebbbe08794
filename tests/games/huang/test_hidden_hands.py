"""Whether a seat is asked never depends on what the other seats cannot see (issue 13,
docs/rules/huang-notes.md "Whether a seat is asked never depends on a hidden hand"). Each test
builds two positions that differ only behind one screen (same hand sizes) and checks that
the same seat is asked the same question, the others see the same observation, and the seat
with nothing to commit has 0 / pass as its only option."""

from __future__ import annotations

import pytest

from engine.games.huang import actions
from engine.games.huang import requests as Rq
from engine.games.huang.data import BLUE, GREEN, RED, WHITE, YELLOW
from engine.games.huang.state import HuangState
from tests.games.huang.test_scenarios import H, build, play

Y, R, B, G, W = YELLOW, RED, BLUE, GREEN, WHITE


def same_question(with_: HuangState, without: HuangState, onlooker: int) -> None:
    assert with_.pending() == without.pending()
    assert with_.observation(onlooker) == without.observation(onlooker)


@pytest.mark.rule("huang", "8.1.3")
def test_revolt_defender_without_yellow_is_asked() -> None:
    """§8.1 step 3: the defender is asked even with no yellow tile (0 its only option)."""
    def revolt(defender_hand: dict[int, int]) -> HuangState:
        s = build(n=3, tiles={(6, 5): Y, (7, 4): Y, (1, 1): Y},
                  leaders={(1, G): (7, 5), (1, Y): (2, 1), (0, Y): (0, 1)},
                  hands={0: {R: 1}, 1: defender_hand})
        play(s, actions.PositionLeader(G), actions.LeaderTo(H(6, 6)))
        assert s.current_player() == 0 and s.legal_actions() == [actions.CommitTiles(0)]
        return play(s, actions.CommitTiles(0))

    rich, poor = revolt({Y: 2}), revolt({R: 2})
    same_question(rich, poor, onlooker=2)
    assert isinstance(poor.pending(), Rq.CommitRevolt) and poor.current_player() == 1
    assert poor.legal_actions() == [actions.CommitTiles(0)]
    assert rich.legal_actions() == [actions.CommitTiles(0), actions.CommitTiles(1),
                                    actions.CommitTiles(2)]
    poor.apply(actions.CommitTiles(0))
    assert poor.revolt is None and poor.leaders[G] == -1  # 1 (attacker) vs 2: defender wins


@pytest.mark.rule("huang", "8.2e")
def test_every_seat_is_asked_in_the_war_support_round() -> None:
    """§8.2: a seat with no red tile and its red leader on the board may only pass, but is
    asked in its turn like everyone else."""
    def war(seat1_hand: dict[int, int]) -> HuangState:
        s = build(n=3, tiles={(8, 5): R, (9, 5): Y, (7, 4): R, (6, 4): Y},
                  leaders={(0, R): (9, 4), (1, R): (5, 5)},
                  hands={0: {R: 1}, 1: seat1_hand})
        return play(s, actions.PlaceTile(R), actions.TileTo(H(7, 5)))

    rich, poor = war({R: 1}), war({W: 1})
    same_question(rich, poor, onlooker=2)
    assert isinstance(poor.pending(), Rq.ChooseSupport) and poor.current_player() == 1
    assert poor.legal_actions() == [actions.Pass()]
    assert rich.legal_actions() == [actions.SupportParty(0), actions.SupportParty(1),
                                    actions.Pass()]
    poor.apply(actions.Pass())
    assert isinstance(poor.pending(), Rq.ChooseSupport) and poor.current_player() == 2


@pytest.mark.rule("huang", "6.3b")
def test_leader_substitute_is_asked_whenever_the_leader_is_off_board() -> None:
    """§6.3/§14.12: the question depends on the off-board leader (public), not on whether
    the hand holds 1 or 2 blue tiles; with 1 the leader must help."""
    def revolt(hand: dict[int, int]) -> HuangState:
        s = build(n=2, tiles={(6, 5): Y}, hands={0: hand})
        return play(s, actions.PeasantRevolt())

    two, one = revolt({B: 2}), revolt({B: 1, W: 1})
    same_question(two, one, onlooker=1)
    assert isinstance(one.pending(), Rq.ChooseSubstitute)
    assert one.legal_actions() == [actions.UseLeader(True)]
    assert two.legal_actions() == [actions.UseLeader(True), actions.UseLeader(False)]
    one.apply(actions.UseLeader(True))
    assert one.hands[B] == 0 and one.box[B] == 1 and isinstance(one.pending(),
                                                                Rq.ChooseRevoltTarget)
    # blue leader on the board: nothing to ask, 2 blue tiles are paid
    s = build(n=2, tiles={(6, 5): Y}, leaders={(0, B): (6, 4)}, hands={0: {B: 2}})
    s.apply(actions.PeasantRevolt())
    assert isinstance(s.pending(), Rq.ChooseRevoltTarget) and s.box[B] == 2


@pytest.mark.rule("huang", "6.2.6a")
def test_blue_chain_is_offered_without_a_blue_tile_in_hand() -> None:
    """§6.2.6: the chain question depends on the empty river hexes (public), not on the
    blue tiles left in hand; without one, stopping is the only option."""
    def chain(hand: dict[int, int]) -> HuangState:
        s = build(n=2, hands={0: hand})
        return play(s, actions.PlaceTile(B), actions.TileTo(H(-1, 7)))

    more, last = chain({B: 2}), chain({B: 1, W: 1})
    same_question(more, last, onlooker=1)
    assert isinstance(last.pending(), Rq.ChooseChain)
    assert last.legal_actions() == [actions.Pass()]
    assert set(more.legal_actions()) == {actions.ChainTo(H(-2, 8)), actions.ChainTo(H(0, 7)),
                                         actions.Pass()}
    last.apply(actions.Pass())
    assert last.pending() == Rq.ChooseAction(0) and last.actions_left == 1
