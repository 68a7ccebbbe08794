"""The Grand Canal's option B (rules §5.7): the rulebook's "Usuń jednego ze swoich Służących
z Puli Służących, aby umieścić dwóch innych swoich Służących z Puli Służących na jednym lub
dwóch swoich Statkach": one servant paid, two more placed, on one or two own ships."""

from __future__ import annotations

import pytest

from engine.games.gugong import data, masks
from engine.games.gugong.actions import LoadShip, NewShip, OptionA, OptionB, Skip
from engine.games.gugong.data import F_POOL
from engine.games.gugong.requests import LocationAction
from engine.games.gugong.state import GugongState
from engine.protocol import IllegalActionError
from tests.games.gugong.builder import build, card, pending


def at_canal(pool: int, **fields) -> GugongState:
    """Red (seat 0) of a 2-player game at the Grand Canal's location action."""
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, pool=[pool, 6], **fields)
    s.stack = [LocationAction(0, data.CANAL)]
    return s


def put_ship(s: GugongState, p: int, k: int, harbor: int, load: int) -> None:
    """Own ship k of seat p at `harbor` of path 0 holding `load` normal servants."""
    i = p * 3 + k
    s.ship_harbor[i], s.ship_path[i], s.ship_load[i] = harbor, 0 if harbor >= 0 else -1, load
    masks.refresh(s)


@pytest.mark.rule("gugong", "5.7b")
def test_two_in_the_pool_b_is_not_offered():
    """One paid leaves one to place, and B places two."""
    s = at_canal(2)
    assert s.legal_actions() == [OptionA(), Skip()]
    with pytest.raises(IllegalActionError):
        s.apply(OptionB())


@pytest.mark.rule("gugong", "5.7b")
def test_three_in_the_pool_b_places_two():
    s = at_canal(3)
    assert OptionB() in s.legal_actions()
    s.apply(OptionB())
    assert s.pool[0] == 2 and s.supply[0] == 7  # one paid
    assert Skip() not in s.legal_actions()  # the first piece is not optional
    s.apply(NewShip(0))
    assert pending(s) == (0, "CanalPlace")
    assert Skip() not in s.legal_actions()  # nor the second
    s.apply(LoadShip(0))
    assert s.pool[0] == 0 and s.ship_load[0] == 2 and s.ship_harbor[0] == 0


@pytest.mark.rule("gugong", "5.7b")
def test_the_two_pieces_may_go_on_two_ships():
    s = at_canal(3)
    put_ship(s, 0, 0, 2, 2)
    s.apply(OptionB())
    s.apply(LoadShip(0))
    s.apply(NewShip(0))
    assert s.ship_load[0:2] == [3, 1] and s.pool[0] == 0


@pytest.mark.rule("gugong", "5.7b", "5.7d")
def test_ships_with_room_for_one_piece_only_no_b():
    """All three ships on the canal (no new ship), room for one servant in all."""
    s = at_canal(6)
    put_ship(s, 0, 0, 0, 3)
    put_ship(s, 0, 1, 1, 2)
    put_ship(s, 0, 2, 2, 3)
    legal = s.legal_actions()
    assert OptionA() in legal and OptionB() not in legal
    put_ship(s, 0, 2, 2, 2)  # room for one piece on each of two ships: B again
    assert OptionB() in s.legal_actions()


@pytest.mark.rule("gugong", "5.7b", "5.7c")
def test_no_free_harbor_for_a_new_ship_counts_as_no_room():
    s = at_canal(6)
    put_ship(s, 0, 0, 0, 2)  # room for 1
    put_ship(s, 0, 1, 4, 3)  # full; ship 2 beside the board
    for k, h in enumerate((1, 2, 3)):  # the other colour's ships: every harbor is taken
        put_ship(s, 1, k, h, 1)
    assert OptionB() not in s.legal_actions()
    put_ship(s, 1, 2, -1, 0)  # a harbor frees: a new ship has room
    assert OptionB() in s.legal_actions()


@pytest.mark.rule("gugong", "5.7b", "7d")
def test_foreman_counts_as_one_of_the_two_pieces():
    """Pool 2 and the Foreman: pay 1, then a servant and the Foreman (3 units: one new ship)."""
    s = at_canal(2, foreman=[F_POOL, 0])
    s.apply(OptionB())
    assert set(s.legal_actions()) == {NewShip(0), NewShip(0, True)}
    s.apply(NewShip(0, True))
    assert set(s.legal_actions()) == {LoadShip(0), NewShip(0)}  # same ship or another
    s.apply(LoadShip(0))
    assert s.pool[0] == 0 and s.ship_load[0] == 1 and s.foreman[0] == data.F_SHIP + 0


@pytest.mark.rule("gugong", "5.7b", "7c")
def test_pool_one_and_the_foreman_is_one_piece_after_paying():
    s = at_canal(1, foreman=[F_POOL, 0])
    assert OptionB() not in s.legal_actions()


@pytest.mark.rule("gugong", "5.7b", "7d")
def test_the_first_piece_leaves_room_for_the_second():
    """A servant and the Foreman, rooms 2 and 1, no new ship: the servant may not take the
    room-2 ship the Foreman needs."""
    s = at_canal(2, foreman=[F_POOL, 0])
    put_ship(s, 0, 0, 0, 1)  # room 2
    put_ship(s, 0, 1, 1, 2)  # room 1
    put_ship(s, 0, 2, 2, 3)  # full
    s.apply(OptionB())
    assert set(s.legal_actions()) == {LoadShip(1), LoadShip(0, True)}
    with pytest.raises(IllegalActionError):
        s.clone().apply(LoadShip(0))
    s.apply(LoadShip(0, True))
    assert s.legal_actions() == [LoadShip(1)]
