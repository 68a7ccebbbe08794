"""Imperial Palace module (§11.3, option `imperial_palace`)."""

from __future__ import annotations

import pytest

import engine
from engine.games.huang import actions
from engine.games.huang import requests as Rq
from engine.games.huang.data import BLUE, GREEN, RED, RHOMBI, WHITE, YELLOW
from tests.games.huang.test_scenarios import H, build, conserved, play, tri

Y, R, B, G, W = YELLOW, RED, BLUE, GREEN, WHITE


def rhombus(*cells: tuple[int, int]) -> int:
    want = {H(q, r) for q, r in cells}
    return next(i for i, rh in enumerate(RHOMBI) if set(rh) == want)


RH = ((6, 5), (7, 5), (6, 6), (7, 4))


def palace_game(**kw: object) -> object:
    s = build(**kw)  # type: ignore[arg-type]
    s.palace_module = True
    return s


@pytest.mark.rule("huang", "11.3a")
def test_yellow_tile_may_yield_the_palace_instead_of_a_pagoda() -> None:
    s = palace_game(n=2, tiles={(6, 5): Y, (7, 5): Y, (6, 6): Y}, hands={0: {Y: 1, R: 1}})
    play(s, actions.PlaceTile(Y), actions.TileTo(H(7, 4)))
    r = rhombus(*RH)
    assert actions.BuildPalace(r) in s.legal_actions()
    assert actions.BuildPagoda(tri((6, 5), (7, 5), (7, 4))) in s.legal_actions()
    s.apply(actions.BuildPalace(r))
    assert s.palace == r and s.actions_left == 1
    # its tiles support a building now: no pagoda on them
    play(s, actions.PlaceTile(R), actions.TileTo(H(2, 1)))
    assert "Imperial Palace: on " in s.render()


@pytest.mark.rule("huang", "11.3a")
def test_without_the_module_there_is_no_palace() -> None:
    s = build(n=2, tiles={(6, 5): Y, (7, 5): Y, (6, 6): Y}, hands={0: {Y: 1}})
    play(s, actions.PlaceTile(Y), actions.TileTo(H(7, 4)))
    assert not any(isinstance(a, actions.BuildPalace) for a in s.legal_actions())


@pytest.mark.rule("huang", "9.3b", "11.3d")
def test_palace_gives_a_hand_of_seven_to_its_yellow_leader() -> None:
    s = palace_game(n=2, tiles={(6, 5): Y, (7, 5): Y, (6, 6): Y, (7, 4): Y},
                    leaders={(0, Y): (8, 4)}, hands={0: {R: 6}, 1: {R: 6}})
    s.palace = rhombus(*RH)
    s.actions_left = 1
    play(s, actions.PlaceTile(R), actions.TileTo(H(10, 9)), actions.RefillTo(7))
    assert sum(s.hands[:5]) == 7 and sum(s.hands[5:]) == 6
    assert conserved(s)


def palace_turn_end(**kw: object) -> object:
    """Seat 0 (or `kw` seat) ends its turn; the palace's kingdom holds the yellow leader of
    `holder`."""
    holder = kw.pop("holder", 0)
    s = palace_game(n=3, tiles={(6, 5): Y, (7, 5): Y, (6, 6): Y, (7, 4): Y},
                    leaders={(holder, Y): (8, 4)}, **kw)
    s.palace = rhombus(*RH)
    s.actions_left = 1
    return s


@pytest.mark.rule("huang", "9.3b", "11.3d")
def test_palace_refill_is_a_choice_of_6_or_7() -> None:
    """§11.3: "możesz trzymać za zasłonką 7 kafla (zamiast 6)" - may, not must."""
    for count in (6, 7):
        s = palace_turn_end(hands={0: {R: 6}, 1: {R: 6}, 2: {R: 6}})
        play(s, actions.PlaceTile(R), actions.TileTo(H(10, 9)))
        assert isinstance(s.pending(), Rq.ChooseRefill) and s.current_player() == 0
        assert s.legal_actions() == [actions.RefillTo(6), actions.RefillTo(7)]
        s.apply(actions.RefillTo(count))
        assert sum(s.hands[:5]) == count
        assert isinstance(s.pending(), Rq.ChooseAction) and s.current_player() == 1
        assert conserved(s)


@pytest.mark.rule("huang", "9.3a", "9.3b")
def test_palace_refill_asks_the_refilled_seat_in_refill_order() -> None:
    """§9: the active player refills first, then clockwise; the palace's yellow-leader owner
    decides its own refill, the others draw to 6 (and the market refills after all)."""
    s = palace_turn_end(holder=2, hands={0: {R: 6}, 1: {R: 3}, 2: {R: 2}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(10, 9)))
    assert isinstance(s.pending(), Rq.ChooseRefill) and s.current_player() == 2
    assert sum(s.hands[0:5]) == 6 and sum(s.hands[5:10]) == 6 and sum(s.hands[10:]) == 2
    s.apply(actions.RefillTo(7))
    assert sum(s.hands[10:]) == 7 and sum(s.market) == 6
    assert s.current_player() == 1 and conserved(s)


@pytest.mark.rule("huang", "11.3d")
def test_palace_refill_is_asked_whatever_the_hand_holds() -> None:
    """Whether the seat is asked depends only on public facts: the leader, the palace and
    the hand's size (not its colours)."""
    for hand in ({R: 5}, {B: 2, G: 3}, {W: 5}):
        s = palace_turn_end(hands={0: {R: 1, **hand}})
        play(s, actions.PlaceTile(R), actions.TileTo(H(10, 9)))
        assert isinstance(s.pending(), Rq.ChooseRefill)


@pytest.mark.rule("huang", "9.3c", "11.3d")
def test_no_refill_question_without_the_leader_or_with_seven_tiles() -> None:
    s = palace_turn_end(holder=1, hands={0: {R: 6}, 1: {R: 7}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(10, 9)))
    assert isinstance(s.pending(), Rq.ChooseAction) and s.current_player() == 1
    assert sum(s.hands[:5]) == 6 and sum(s.hands[5:10]) == 7


@pytest.mark.rule("huang", "11.3c")
def test_palace_returns_to_the_supply_when_a_tile_leaves() -> None:
    s = palace_game(n=2, tiles={(6, 5): Y, (7, 5): Y, (6, 6): Y, (7, 4): Y},
                    hands={0: {B: 2}, 1: {B: 1}})
    s.palace = rhombus(*RH)
    play(s, actions.PeasantRevolt(), actions.UseLeader(False), actions.RemoveTile(H(6, 6)))
    assert s.palace == -1 and s.box[Y] == 1


@pytest.mark.rule("huang", "11.3a", "11.3b")
def test_green_action_builds_or_moves_the_palace() -> None:
    cells = {(6, 5): Y, (7, 5): Y, (6, 6): Y, (7, 4): Y,
             (1, 1): Y, (2, 1): Y, (1, 2): Y, (2, 0): Y}
    s = palace_game(n=2, tiles=cells, hands={0: {G: 2}})
    s.palace = rhombus(*RH)
    s.apply(actions.BuildWithGreen())
    s.apply(actions.UseLeader(False))
    other = rhombus((1, 1), (2, 1), (1, 2), (2, 0))
    assert actions.BuildPalace(other) in s.legal_actions()
    assert actions.BuildPalace(rhombus(*RH)) not in s.legal_actions()  # its tiles support it
    s.apply(actions.BuildPalace(other))
    assert s.palace == other


def test_palace_games_play_to_the_end() -> None:
    import random

    s = engine.make("huang", 2, 5, imperial_palace=True)
    rng = random.Random(5)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    assert s.palace_module  # type: ignore[attr-defined]
