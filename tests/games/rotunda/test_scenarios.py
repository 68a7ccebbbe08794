"""Worked examples of the rules document §15 (and the seed's examples they reproduce),
each asserting the rulebook's numbers."""

from __future__ import annotations

import pytest

from engine.games.rotunda import board, data, rooms
from engine.games.rotunda.actions import (
    Apprentice,
    BonusOrder,
    Deal,
    EndCell,
    Execute,
    Fulfil,
    Honour,
    Move,
    Pay,
    PayNeutral,
    Peddler,
    Pray,
    Skip,
    Stop,
    TakeAmulet,
)
from engine.games.rotunda.requests import LodgeStep, MoveStep
from engine.games.rotunda.scoring import (
    advanced_expert_vp,
    amulet_vp,
    back_counts,
    breakdown,
    family_vp,
)
from tests.games.rotunda.builder import (
    begin,
    blank,
    play,
    put_leader,
    seat_chair,
    set_item,
    set_seat,
)

BLUE = 3  # the acting seat of the examples
PEDDLER0 = Peddler(0, 0)


@pytest.mark.rule("rotunda", "4.1d", "4.2", "4.4a", "4.4b", "4.4c")
def test_1_movement_three_paths():
    """§15.1 / seed p.5: Blue in I2, Green in O4, Red in O6."""
    occupied = 1 << data.O4 | 1 << data.O6
    legal = board.destinations(data.DEFAULT_STAIRCASE, data.I2, occupied)
    assert set(legal) == {data.I3, data.I4, data.I5, data.O5, data.LODGE}
    s = blank()
    s.leaders = [data.LODGE] * len(s.leaders)
    put_leader(s, BLUE, data.I2)
    put_leader(s, BLUE, data.O1, 1)   # Blue's other leader elsewhere
    put_leader(s, 2, data.O4)
    put_leader(s, 0, data.O6)
    begin(s, BLUE)
    moves = {a.to for a in s.legal_actions() if a.frm == data.I2}
    assert moves == {data.I3, data.I4, data.I5, data.O5, data.LODGE}


@pytest.mark.rule("rotunda", "R1", "5.3c", "6b", "5.6a")
def test_2_supplier_with_a_chair():
    """§15.2 / seed p.5: a chair Assistant gives a 2nd execution."""
    s = blank()
    seat_chair(s, BLUE, data.I1)
    s.supply_discs[BLUE] = 3
    s.peddler = 1  # V2
    begin(s, BLUE)
    play(s, Move(data.LODGE, data.I1), Execute(data.CELADON, 0), PEDDLER0, Execute(data.FRUIT, 1),
         PEDDLER0)
    assert s.cube(BLUE, data.CELADON) == 1 and s.cube(BLUE, data.FRUIT) == 1
    assert s.villages[1 * 4 + BLUE] == 2
    assert s.supply_discs[BLUE] == 2          # 3 - 2 placed + 1 back from the chair
    assert s.chairs[0:3] == [-1, -1, -1]
    assert s.peddler == 2                     # moved to V3 at the end of the turn
    assert s.turn == 0                         # the next seat's turn began


@pytest.mark.rule("rotunda", "R9", "5.4a", "5.4b", "5.4c")
def test_3_bank_and_bonus():
    """§15.3 / seed p.6: 9 coins for 7 VP; the score marker passes 10: one pool Order."""
    s = blank(rooms={data.O2: data.BANK})
    s.vp[BLUE], s.coins[BLUE] = 5, 10
    begin(s, BLUE)
    play(s, Move(data.LODGE, data.O2), Execute(0, 0), Pay(), Pay(), Skip(), Pay())
    assert s.vp[BLUE] == 12 and s.coins[BLUE] == 1
    # a 4th payment needs 5 coins: the room action ends by itself
    deck = len(s.order_deck)
    assert type(s.pending()).__name__ == "BonusStep"
    taken = s.order_pool[0]
    play(s, BonusOrder(0))
    assert s.orders_open[BLUE] == (taken,)
    assert len(s.order_pool) == 3 and len(s.order_deck) == deck - 1


@pytest.mark.rule("rotunda", "5.5", "9d", "5.7", "8.2", "TP4")
def test_4_order_effect_once_per_turn():
    """§15.4 / seed p.6: O05 (T F C, 2 VP, +1 VP on gaining any resource once per turn)."""
    s = blank()
    o05 = 4
    set_seat(s, 'orders_open', BLUE, [o05])
    s.cubes[BLUE * 4:BLUE * 4 + 3] = [1, 1, 1]
    s.leaders = [data.LODGE] * len(s.leaders)
    put_leader(s, BLUE, data.O6)
    begin(s, BLUE)
    play(s, Move(data.O6, data.LODGE), Pray(3))        # TP4: a Gold before the order is done
    play(s, Fulfil(o05, 0, 0, 0))
    assert s.orders_done[BLUE] == (o05,) and s.cubes[BLUE * 4:BLUE * 4 + 3] == [0, 0, 0]
    vp = s.vp[BLUE]
    s.chairs = [-1] * 15
    seat_chair(s, BLUE, data.I1)
    begin(s, BLUE)
    play(s, Move(data.LODGE, data.I1), Execute(data.TEA, 0), Skip(), Execute(data.FRUIT, 1), Skip())
    assert s.vp[BLUE] == vp + 1                 # once per turn
    begin(s, BLUE)
    play(s, Move(data.I1, data.I2), Execute(3, 0))     # Harbour: 1 Gold, any resource
    assert s.vp[BLUE] == vp + 2                 # works again the next turn
    assert breakdown(s, BLUE)["orders"] == 2


@pytest.mark.rule("rotunda", "R3a", "R3b", "R3c", "5.3c", "5.3d", "5b")
def test_5_market_with_young_and_elder_discs():
    """§15.5 / seed p.11: Celadon, Fruit, Gold as Fruit: +5 coins, +7 VP, 1 Recruit,
    2 Peddler; the young disc returns, the elder stays."""
    s = blank()
    seat_chair(s, BLUE, data.I3)
    seat_chair(s, BLUE, data.I3, elder=True)
    s.cubes[BLUE * 4 + data.CELADON] = 1
    s.cubes[BLUE * 4 + data.FRUIT] = 1
    s.cubes[BLUE * 4 + data.GOLD] = 1
    s.leaders = [data.LODGE] * len(s.leaders)
    put_leader(s, BLUE, data.I2)
    begin(s, BLUE)
    track, supply = s.track[BLUE], s.supply_discs[BLUE]
    play(s, Move(data.I2, data.I3), Execute(data.CELADON * 2, 0))
    play(s, Execute(data.FRUIT * 2, 1), PEDDLER0)
    assert Execute(data.FRUIT * 2 + 1, 2) in s.legal_actions()   # the Market exception
    play(s, Execute(data.FRUIT * 2 + 1, 2), PEDDLER0)
    assert s.coins[BLUE] == 5 and s.vp[BLUE] == 7
    assert s.track[BLUE] == track - 1
    assert sum(s.villages[v * 4 + BLUE] for v in range(6)) == 2
    assert s.supply_discs[BLUE] == supply + 1 + 1 - 2
    assert s.chairs[6:9].count(BLUE * 2 + 1) == 1 and BLUE * 2 not in s.chairs
    assert s.market[data.CELADON] == data.CELADON and s.market[data.FRUIT] == data.FRUIT
    assert s.market[data.TEA] == -1 and s.supply[data.GOLD] == 10 - 4 + 1


@pytest.mark.rule("rotunda", "6e", "6a", "R10b")
def test_6_firing_onto_a_full_track():
    """§15.6 / seed p.10: the fired disc stacks on the leftmost space; +5 coins; the next
    Recruit takes it and uncovers nothing."""
    s = blank(rooms={data.O2: data.BLACK_MARKET})
    red = 2
    begin(s, red)
    play(s, Move(data.LODGE, data.O2), Execute(0, 0), Deal(11))
    assert s.track[red] == 10 and s.coins[red] == 5 and s.supply_discs[red] == 4
    assert family_vp(s.track[red]) == 0
    play(s, Deal(3))  # buy a Recruit for 3 coins
    assert s.track[red] == 9 and family_vp(9) == 0
    assert s.supply_discs[red] == 5                # the Recruit: track -> personal supply


@pytest.mark.rule("rotunda", "7b", "TP1", "5.8e")
def test_7_pray():
    """§15.7 / seed p.11: TP1 gives 2 Peddler actions; the round marker stays."""
    s = blank()
    s.peddler = 0
    begin(s, BLUE)
    play(s, Move(data.LODGE, data.I1), Stop())
    s.leaders[BLUE * 2] = data.I5
    begin(s, BLUE)
    play(s, Move(data.I5, data.LODGE), Pray(0), PEDDLER0, PEDDLER0)
    assert s.round == 0 and s.temples[0] == 0
    assert s.villages[0 * 4 + BLUE] == 2
    begin(s, BLUE)
    s.leaders[BLUE * 2] = data.I5
    play(s, Move(data.I5, data.LODGE))
    assert Pray(0) not in s.legal_actions()


@pytest.mark.rule("rotunda", "7.1a", "7.2a", "7.2b", "7.2c", "7.3", "7.4a", "7.4b", "7.5", "6d")
def test_8_honour():
    """§15.8 / seed p.12: chain (0,0) -> own elder (0,1) -> (0,2) -> (1,2): 4 + 2 VP,
    Celadon, an Elder Apprentice and RA1 or BA2."""
    s = blank()
    s.round = 3
    s.villages[3 * 4 + BLUE] = 3
    set_item(s, 'worship', BLUE * 16 + 1, 1)
    seat_chair(s, BLUE, data.I1)
    seat_chair(s, BLUE, data.I2)
    s.supply_discs[BLUE] = 1
    s.leaders[BLUE * 2] = data.I5
    begin(s, BLUE)
    play(s, Move(data.I5, data.LODGE), Honour(3))
    assert s.round == 4
    assert EndCell(6) in s.legal_actions()
    play(s, EndCell(6))
    assert s.vp[BLUE] == 6
    assert s.worship[BLUE * 16 + 6] == 1 and s.cube(BLUE, data.CELADON) == 1
    assert Apprentice(data.I4) in s.legal_actions()         # Elder Apprentice
    play(s, Apprentice(data.I4))
    assert s.chairs[9] == BLUE * 2 + 1
    assert set(s.legal_actions()) == {TakeAmulet(0), TakeAmulet(4), Skip()}  # RA1 or BA2
    amulet = s.amulet_spaces[4]
    play(s, TakeAmulet(4))
    assert s.amulets[BLUE] == (amulet,) and s.amulet_spaces[0] >= 0
    assert s.supply_discs[BLUE] == 0 + 2             # the other two chain discs return


@pytest.mark.rule("rotunda", "8a", "7.1a")
def test_10_end_three_players():
    """§15.10: marker at 7, Blue honours -> 8 and takes the end amulet; the others play one
    more turn each, then the game ends."""
    s = blank(n=3)
    blue = 0
    s.round = 7
    end_amulet = s.end_amulet
    s.villages[blue] = 1
    s.leaders[blue * 2] = data.I5
    begin(s, blue)
    play(s, Move(data.I5, data.LODGE), Honour(0), EndCell(0))
    while s.pending() is not None and s.turn == blue:
        s.apply(s.legal_actions()[-1])
    assert s.round == 8 and s.end_triggered and end_amulet in s.amulets[blue]
    seen = []
    while not s.is_terminal():
        if s.turn not in seen:
            seen.append(s.turn)
        s.apply(s.legal_actions()[0])
    assert seen == [1, 2]


@pytest.mark.rule("rotunda", "8.1", "6f", "8.3", "8.5")
def test_11_scoring():
    """§15.11 / seed p.13."""
    a1, a2, a3 = 0, 1, 2
    assert amulet_vp([a1, a1, a2, a3, data.EXPERTS[data.P3][3]]) == 7
    assert family_vp(1) == 4 and family_vp(0) == 12
    s = blank()
    s.coins[BLUE], s.supply_discs[BLUE] = 7, 1
    s.cubes[BLUE * 4 + data.TEA] = 1
    s.cubes[BLUE * 4 + data.GOLD] = 1
    assert breakdown(s, BLUE)["coins"] == 3


@pytest.mark.rule("rotunda", "R3c")
def test_market_example_totals_through_room_options():
    """The Market options on a repeat execution are exactly the free icons plus the
    exception types (R3)."""
    s = blank()
    seat_chair(s, BLUE, data.I3)
    s.cubes[BLUE * 4 + data.TEA] = 2
    s.leaders[BLUE * 2] = data.I2
    begin(s, BLUE)
    play(s, Move(data.I2, data.I3), Execute(data.TEA * 2, 0), PEDDLER0)
    assert s.legal_actions() == [Execute(data.TEA * 2, 1), Stop()]
    play(s, Execute(data.TEA * 2, 1), PEDDLER0)
    assert s.coins[BLUE] == 10 and s.supply[data.TEA] == 15 - 1 + 1


def test_lodge_step_and_room_turn_requests():
    s = blank()
    begin(s, BLUE)
    assert isinstance(s.pending(), MoveStep)
    play(s, Move(data.LODGE, data.I1))
    assert not isinstance(s.pending(), LodgeStep)
    assert rooms.STOP in s.legal_actions()


@pytest.mark.rule("rotunda", "11d")
def test_9_advanced_scoring():
    """§15.9 / seed p.13 (advanced Experts): "3 Phoenix cards in the discard pile, so each
    Phoenix Expert Blue owns scores 3 VP"."""
    s = blank(advanced_experts=True)
    s.expert_discard = (data.P1, data.P2, data.P4, data.H1, data.T4)   # 3 Phoenix, 1 Horse, 1 Tiger
    set_seat(s, "experts", BLUE, [data.P7, data.H3])           # unused Phoenix + Horse
    set_seat(s, "kept", BLUE, [data.P3])                    # Phoenix kept as an amulet [rec]
    s.stack = []
    assert back_counts(s) == {"H": 1, "P": 3, "T": 1}
    assert advanced_expert_vp(s, BLUE) == 3 + 3 + 1
    parts = breakdown(s, BLUE)
    assert parts["experts"] == 7
    assert s.scores()[BLUE] == sum(parts.values())
    assert "experts" not in breakdown(blank(), BLUE)     # basic game: no such part


@pytest.mark.rule("rotunda", "10b", "10c", "4.4b")
def test_12_two_player_neutral_move():
    """§15.12 / seed p.14: neutrals blue O1, green O3, red O5; family leaders in the Lodge.
    Black pays 1 Tea to move green; "the Lodge itself is never a legal stop for a neutral"
    ("Nie możesz skończyć ruchu Neutralnym Liderem w Loży Przodków")."""
    s = blank(2)
    s.neutrals = (data.O3, data.O5, data.O1)          # green, red, blue
    s.cubes[0 * 4 + data.TEA] = 1
    s.supply[data.TEA] -= 1
    begin(s, 0)
    assert type(s.pending()).__name__ == "NeutralWindow"
    assert s.legal_actions() == [Skip(), PayNeutral(0, False)]   # only green is payable
    play(s, PayNeutral(0, False))
    assert s.cube(0, data.TEA) == 0
    dest = {a.to for a in s.legal_actions()}
    assert all(a.frm == data.O3 for a in s.legal_actions())
    assert dest == {data.I3, data.O4, data.I4, data.I5, data.O6, data.I1, data.O2}
    assert data.LODGE not in dest
    play(s, Move(data.O3, data.I4))
    assert s.neutrals == (data.I4, data.O5, data.O1)
    assert type(s.pending()).__name__ == "MoveStep"
    # family leaders may not end in a neutral's room (I4 now blocked, O1 blue)
    assert not any(a.to in (data.I4, data.O1) for a in s.legal_actions())
