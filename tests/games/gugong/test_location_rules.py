"""The locations (rules §5), the card actions (§6), the Foreman (§7), the travel tokens (§8,
D3) and the decrees' effects (D4): positions built directly at the decision under test."""

from __future__ import annotations

import pytest

from engine.games.gugong import data, masks
from engine.games.gugong.actions import (
    BuyJade,
    Claim,
    Do,
    Exchange,
    Jade7,
    LoadShip,
    MoveShip,
    MoveTo,
    NewShip,
    OptionA,
    OptionB,
    PlaceWall,
    Retrieve,
    Skip,
    Swap,
    TakeDecree,
    Trade,
    UseToken,
)
from engine.games.gugong.data import F_LOCKED, F_POOL, F_SHIP, F_SUPPLY, F_WALL, S_FINAL
from engine.games.gugong.requests import (
    GiftExchange,
    HarborClaim,
    LocationAction,
    TravelMove,
)
from engine.games.gugong.scoring import end_scoring
from engine.protocol import IllegalActionError
from tests.games.gugong.builder import build, card, city, pending, play

HANDS = {0: [card("G14")], 1: [card("G22")], 2: [card("G24")], 3: [card("G25")]}


def at(loc: int, n: int = 2, seat: int = 0, **fields):
    """Seat `seat` at location `loc`'s action."""
    s = build(n, hands={p: HANDS[p] for p in range(n)}, **fields)
    s.stack = [LocationAction(seat, loc)]
    return s


def holding(s, seat: int, tile: int, slot: int = 0) -> None:
    s.decrees[slot] = tile
    s.decree_servants[seat * 6 + slot] = 1


def ship(s, p: int, k: int, harbor: int, load: int, path: int = 0) -> None:
    i = p * 3 + k
    s.ship_harbor[i], s.ship_path[i], s.ship_load[i] = harbor, path, load
    masks.refresh(s)


def tokens_at(s, **where: int) -> None:
    """Only the given cities hold tokens (`C05=data.T_VP2`)."""
    s.cities = [-1] * data.NUM_CITIES
    for name, t in where.items():
        s.cities[city(name)] = t
    masks.refresh(s)


# --- §5 ------------------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "5b")
def test_options_offered_only_when_payable_and_useful():
    s = at(data.TRAVEL, pool=[1, 6])
    tokens_at(s)  # no token anywhere: no destination
    s.RULES.settle(s)
    assert pending(s)[1] != "LocationAction"  # nothing possible: skipped
    s = at(data.PALACE, pool=[1, 6])
    assert s.legal_actions() == [OptionA(), Skip()]  # B costs 2
    s = at(data.INTRIGUE, pool=[0, 6])
    assert s.legal_actions() == [OptionA(), Skip()]  # B costs 1


# --- Travel (§5.1) -------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "5.1a", "D4.D2a")
def test_travel_b_pays_two_or_one_with_d2a_and_moves_twice():
    s = at(data.TRAVEL, pool=[2, 6], supply=[6, 6])
    tokens_at(s, C01=data.T_VP2, C02=data.T_VP2)
    s.apply(OptionB())
    assert s.pool[0] == 0 and pending(s) == (0, "TravelMove") and s.stack[-1].moves == 2
    play(s, MoveTo(city("C01")), MoveTo(city("C02")))
    assert s.vp[0] == 4 and s.traveller[0] == city("C02")
    t = at(data.TRAVEL, pool=[1, 6])
    tokens_at(t, C01=data.T_VP2)
    assert OptionB() not in t.legal_actions()
    holding(t, 0, data.D2A, 2)
    assert OptionB() in t.legal_actions()
    t.apply(OptionB())
    assert t.pool[0] == 0


@pytest.mark.rule("gugong", "5.1b")
def test_the_first_move_goes_to_any_city_with_a_token():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]})
    tokens_at(s, C01=data.T_VP2, C20=data.T_VP2, C13=data.T_VP2)
    s.stack = [TravelMove(0, 1)]
    assert s.legal_actions() == [MoveTo(city("C01")), MoveTo(city("C13")), MoveTo(city("C20"))]


@pytest.mark.rule("gugong", "5.1c")
def test_moves_cross_token_free_cities_but_never_a_token_city():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]})
    # every city holds a token but C01 (here), C02 and C07; C03 - C04: C04 lies behind C03
    s.cities = [data.T_VP2] * data.NUM_CITIES
    for c in ("C01", "C02", "C07"):
        s.cities[city(c)] = -1
    masks.refresh(s)
    s.traveller[0] = city("C01")
    s.traveller[1] = city("C02")  # another Traveller does not block
    s.stack = [TravelMove(0, 1)]
    near = {city(c) for c in ("C03", "C06", "C08", "C12")}  # next to C01, C02, C07
    assert {a.city for a in s.legal_actions()} == near
    s.apply(MoveTo(city("C08")))
    assert s.traveller[0] == city("C08") and s.cities[city("C08")] == -1
    t = build(2, hands={0: [card("G14")], 1: [card("G22")]})
    tokens_at(t)
    t.traveller[0] = city("C01")
    t.stack = [TravelMove(0, 1)]
    t.RULES.settle(t)
    assert t.traveller[0] == city("C01") and pending(t)[1] != "TravelMove"  # wasted


@pytest.mark.rule("gugong", "5.1d", "D3a", "D3.5")
def test_arriving_takes_the_token_its_reward_is_optional_then_it_is_stored():
    s = build(2, hands={0: [card("G35"), card("G14")], 1: [card("G22")]})
    tokens_at(s, C01=data.T_JADE7)
    s.stack = [TravelMove(0, 1)]
    s.apply(MoveTo(city("C01")))
    assert pending(s) == (0, "TokenReward")
    assert s.legal_actions() == [Jade7(card("G35")), Skip()]  # a card of 7+ only
    s.apply(Jade7(card("G35")))
    assert s.jade[0] == 1 and s.discards[0] == [card("G35")] and s.stored[0] == [data.T_JADE7]
    t = build(2, hands={0: [card("G35")], 1: [card("G22")]})
    tokens_at(t, C01=data.T_JADE7)
    t.stack = [TravelMove(0, 1)]
    play(t, MoveTo(city("C01")), Skip())
    assert t.jade[0] == 0 and t.hands[0] == [card("G35")] and t.stored[0] == [data.T_JADE7]


# --- Jade, Intrigue, Palace, Decrees (§5.3-5.6) --------------------------------------------------
@pytest.mark.rule("gugong", "5.3c", "D4.D2b")
def test_d2b_makes_houses_and_market_one_cheaper():
    s = at(data.JADE, pool=[1, 6], houses=[1, 0, 0, 0, 0, 0])
    assert BuyJade(0) not in s.legal_actions()
    holding(s, 0, data.D2B, 2)
    s.apply(BuyJade(0))
    assert s.pool[0] == 0 and s.jade[0] == 1
    t = at(data.JADE, pool=[4, 6], houses=[0] * 6)
    holding(t, 0, data.D2B, 2)
    t.apply(BuyJade(data.MARKET))
    assert t.pool[0] == 0


@pytest.mark.rule("gugong", "5.4c")
def test_intrigue_stops_at_fourteen():
    s = at(data.INTRIGUE, intrigue=[12, 0])
    s.apply(OptionB())
    assert s.intrigue[0] == 14
    s.stack = [LocationAction(0, data.INTRIGUE)]
    s.apply(OptionA())
    assert s.intrigue[0] == 14


@pytest.mark.rule("gugong", "5.5a")
def test_palace_a_is_one_step():
    s = at(data.PALACE, envoy=[3, 0])
    s.apply(OptionA())
    assert s.envoy[0] == 4 and s.intrigue[0] == 0 and s.pool[0] == 6


@pytest.mark.rule("gugong", "5.6c", "5.6a")
def test_a_decree_is_owned_once_and_shared_by_several():
    s = at(data.DECREES, pool=[12, 6], supply=[0, 6])
    s.decree_servants[1 * 6 + 0] = 1  # Blue already on slot 0
    s.apply(TakeDecree(0))
    cost = data.DECREE_COST[s.decrees[0]] + 1
    assert s.decree_servants[0] == 1 and s.pool[0] == 12 - cost - 1
    s.stack = [LocationAction(0, data.DECREES)]
    assert all(a.slot != 0 for a in s.legal_actions() if isinstance(a, TakeDecree))


@pytest.mark.rule("gugong", "5.6a", "D4.D2e")
def test_d2e_makes_decrees_one_cheaper_never_below_zero():
    s = at(data.DECREES, pool=[1, 6])
    s.decrees[0] = data.D1A
    holding(s, 0, data.D2E, 2)
    s.apply(TakeDecree(0))  # cost 1 - 1 = 0, plus the servant placed
    assert s.pool[0] == 0 and s.decree_servants[0] == 1 and s.supply[0] == 6


# --- the Grand Canal (§5.7) ----------------------------------------------------------------------
@pytest.mark.rule("gugong", "5.7c")
def test_a_new_ship_takes_the_lowest_free_harbor_of_the_chosen_path():
    s = at(data.CANAL, n=4)
    ship(s, 1, 0, 0, 1, path=0)  # L1 taken
    s.apply(OptionA())
    assert set(s.legal_actions()) >= {NewShip(0), NewShip(1)}  # 4 players: two paths
    s.apply(NewShip(0))
    assert (s.ship_harbor[0], s.ship_path[0]) == (1, 0)  # L2: the lowest free
    s.apply(MoveShip(0))
    assert (s.ship_harbor[0], s.ship_path[0]) == (2, 0)  # its own path only


@pytest.mark.rule("gugong", "5.7d")
def test_a_ship_holds_three_units_and_a_harbor_one_ship():
    s = at(data.CANAL)
    ship(s, 0, 0, 0, 3)
    ship(s, 0, 1, 1, 2)
    ship(s, 1, 0, 2, 1)
    s.apply(OptionA())
    assert LoadShip(0) not in s.legal_actions() and LoadShip(1) in s.legal_actions()
    s.apply(LoadShip(1))
    assert MoveShip(1) in s.legal_actions()
    s.apply(MoveShip(1))
    assert s.ship_harbor[1] == 3  # over Blue's ship in harbor 3, to harbor 4


@pytest.mark.rule("gugong", "5.7a")
def test_canal_a_places_and_or_moves_each_optional():
    s = at(data.CANAL)
    ship(s, 0, 0, 1, 1)
    s.apply(OptionA())
    assert Skip() in s.legal_actions()
    s.apply(Skip())  # no piece placed
    assert pending(s) == (0, "CanalMove")
    s.apply(MoveShip(0))
    assert s.ship_harbor[0] == 2 and s.ship_load[0] == 1 and s.pool[0] == 6


@pytest.mark.rule("gugong", "5.7e", "5.7h")
def test_claiming_needs_a_full_ship_beyond_harbor_one_and_a_free_reward_space():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]})
    ship(s, 0, 0, 0, 3)  # H1: no reward
    ship(s, 0, 1, 1, 2)  # not full
    ship(s, 0, 2, 3, 3)  # H4: the Foreman
    s.stack = [HarborClaim(0)]
    assert s.legal_actions() == [Claim(2, data.R_FOREMAN), Skip()]
    s.apply(Claim(2, data.R_FOREMAN))
    assert s.rewards[data.R_FOREMAN] == 1 and s.foreman[0] == F_POOL
    assert s.ship_harbor[2] == -1 and s.supply[0] == 6 + 2
    s.rewards[data.R_VP] = 3  # every VP space taken
    ship(s, 0, 2, 1, 3)
    s.stack = [HarborClaim(0)]
    s.RULES.settle(s)
    assert pending(s)[1] != "HarborClaim"


@pytest.mark.rule("gugong", "5.7f")
def test_claims_only_at_the_end_of_the_own_canal_action_not_at_other_locations():
    s = at(data.INTRIGUE)
    ship(s, 0, 0, 1, 3)
    s.apply(OptionA())
    assert s.ship_harbor[0] == 1 and pending(s)[1] != "HarborClaim"
    t = at(data.CANAL)
    ship(t, 0, 0, 1, 3)
    play(t, OptionA(), Skip(), Skip())  # nothing placed, no move: then the claim window
    assert pending(t) == (0, "HarborClaim")


@pytest.mark.rule("gugong", "5.7g", "5.7h")
def test_harbor_five_offers_any_reward_and_the_card_needs_a_draw_pile():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]})
    ship(s, 0, 0, 4, 3)
    s.stack = [HarborClaim(0)]
    assert s.legal_actions() == [Claim(0, data.R_VP), Claim(0, data.R_CARD),
                                 Claim(0, data.R_FOREMAN), Skip()]
    s.draw_pile = []
    s.rewards[data.R_VP] = 3
    assert s.legal_actions() == [Claim(0, data.R_FOREMAN), Skip()]
    s.foreman[0] = F_POOL  # already unlocked: nothing left to claim
    s.RULES.settle(s)
    assert pending(s)[1] != "HarborClaim"


# --- card actions (§6) ---------------------------------------------------------------------------
@pytest.mark.rule("gugong", "6b")
def test_serv1_and_serv2_gain_one_and_two():
    for c, n in (("G14", 1), ("G05", 2)):
        s = build(2, hands={0: [card(c), card("G02")], 1: [card("G22")]},
                  board={data.INTRIGUE: card("G03")}, pool=[0, 6], supply=[6, 6])
        s.stack = [GiftExchange(0)]
        s.apply(Exchange(card(c), data.INTRIGUE))
        assert s.pool[0] == n and s.supply[0] == 6 - n


@pytest.mark.rule("gugong", "6a")
def test_a_location_card_action_is_option_a_of_that_location():
    s = build(2, hands={0: [card("G19"), card("G02")], 1: [card("G22")]},
              board={data.INTRIGUE: card("G03")}, pool=[6, 6])
    s.stack = [GiftExchange(0)]
    s.apply(Exchange(card("G19"), data.INTRIGUE))  # a PALACE card played at Intrigue
    assert s.legal_actions() == [Do(), Skip()]
    s.apply(Do())
    assert s.envoy[0] == 1 and s.pool[0] == 6  # Palace A: 1 step, no cost


# --- the Foreman (§7) ----------------------------------------------------------------------------
@pytest.mark.rule("gugong", "7a", "D3.1")
def test_the_foreman_stays_locked_until_the_harbor_four_reward():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, supply=[0, 6])
    tokens_at(s, C01=data.T_S1)
    s.stack = [TravelMove(0, 1)]
    s.apply(MoveTo(city("C01")))
    assert s.foreman[0] == F_LOCKED and s.pool[0] == 6  # a gain never takes it
    s.supply[0] = 3
    tokens_at(s, C02=data.T_S1)
    s.stack = [TravelMove(0, 1)]
    s.apply(MoveTo(city("C02")))
    assert s.pool[0] == 7 and s.supply[0] == 2  # T_S1: gain 1


@pytest.mark.rule("gugong", "7d")
def test_the_foreman_on_a_ship_counts_two_never_overfills_and_leaves_to_the_supply():
    s = at(data.CANAL, pool=[2, 6], foreman=[F_POOL, 0])
    ship(s, 0, 0, 1, 2)
    s.apply(OptionA())
    assert LoadShip(0, True) not in s.legal_actions() and LoadShip(0) in s.legal_actions()
    s.ship_load[0] = 1
    s.apply(LoadShip(0, True))
    assert s.foreman[0] == F_SHIP + 0
    s.stack = [HarborClaim(0)]
    s.apply(Claim(0, data.R_VP))  # 1 + 2 units: full; the normal servant goes to the space
    assert s.foreman[0] == F_SUPPLY and s.rewards[data.R_VP] == 1 and s.supply[0] == 6
    t = at(data.DECREES, pool=[1, 6], foreman=[F_POOL, 0])
    t.decrees[0] = data.D1A
    assert TakeDecree(0) not in t.legal_actions()  # the servant placed is a normal one


@pytest.mark.rule("gugong", "7e", "D3.9", "5.7f")
def test_a_ship_token_places_from_the_supply_the_foreman_too_and_may_claim():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, supply=[0, 6],
              foreman=[F_SUPPLY, 0])
    ship(s, 0, 0, 1, 1)
    tokens_at(s, C01=data.T_SHIP)
    s.stack = [TravelMove(0, 1)]
    s.apply(MoveTo(city("C01")))
    assert pending(s) == (0, "CanalPlace") and s.legal_actions() == [
        LoadShip(0, True), NewShip(0, True), Skip()]
    s.apply(LoadShip(0, True))
    assert pending(s) == (0, "HarborClaim")  # the 3rd unit: claim at once
    s.apply(Claim(0, data.R_VP))
    assert s.vp[0] == 4


@pytest.mark.rule("gugong", "7e", "D3.11")
def test_a_wall_token_places_from_the_supply():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, supply=[2, 6], pool=[6, 6])
    tokens_at(s, C01=data.T_WALL)
    s.stack = [TravelMove(0, 1)]
    s.apply(MoveTo(city("C01")))
    s.apply(PlaceWall())
    assert s.wall[0] == 1 and s.supply[0] == 1 and s.pool[0] == 6
    t = build(2, hands={0: [card("G14")], 1: [card("G22")]}, supply=[0, 6],
              foreman=[F_SUPPLY, 0])
    tokens_at(t, C01=data.T_WALL)
    t.stack = [TravelMove(0, 1)]
    t.apply(MoveTo(city("C01")))
    t.apply(PlaceWall(True))
    assert t.foreman[0] == F_WALL


@pytest.mark.rule("gugong", "7f", "7c")
def test_pool_value_counts_the_foreman_as_two():
    s = at(data.PALACE, pool=[0, 6], foreman=[F_POOL, 0])
    assert OptionB(True) in s.legal_actions()  # 0 + 2 units pay a cost of 2
    s.apply(OptionB(True))
    assert s.foreman[0] == F_SUPPLY and s.pool[0] == 0 and s.envoy[0] == 2


# --- travel tokens (§8, D3) ----------------------------------------------------------------------
@pytest.mark.rule("gugong", "8a", "8d")
def test_six_spaces_the_seventh_token_forces_an_exchange():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, stored=[[data.T_S1] * 5, []])
    tokens_at(s, C01=data.T_VP2, C02=data.T_VP2)
    s.stack = [TravelMove(0, 2)]
    s.apply(MoveTo(city("C01")))
    assert len(s.stored[0]) == 6 and pending(s) == (0, "TravelMove")  # the 6th: room
    s.apply(MoveTo(city("C02")))
    assert pending(s) == (0, "StoreToken")
    assert Skip() not in s.legal_actions()


@pytest.mark.rule("gugong", "8b", "D3.12")
def test_the_double_token_gives_nothing_takes_one_space_and_counts_two():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, stored=[[data.T_S1], []])
    tokens_at(s, C01=data.T_DOUBLE)
    before = (s.pool[0], s.vp[0], s.envoy[0], s.intrigue[0])
    s.stack = [TravelMove(0, 1)]
    s.apply(MoveTo(city("C01")))
    assert (s.pool[0], s.vp[0], s.envoy[0], s.intrigue[0]) == before
    assert s.stored[0] == [data.T_S1, data.T_DOUBLE]  # one space
    s.stack = [GiftExchange(0)]
    assert Trade(2, 1) in s.legal_actions()  # the double alone: 2 units
    s.apply(Trade(2, 1))
    assert s.stored[0] == [data.T_S1]


@pytest.mark.rule("gugong", "8c")
def test_two_four_six_tokens_give_a_servant_two_vp_a_jade():
    for units, gets in ((2, "pool"), (4, "vp"), (6, "jade")):
        s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, stored=[[data.T_S1] * 6, []])
        before = getattr(s, gets)[0]
        s.stack = [GiftExchange(0)]
        s.apply(Trade(units, 0))
        assert getattr(s, gets)[0] == before + {2: 1, 4: 2, 6: 1}[units]
        assert len(s.stored[0]) == 6 - units and len(s.token_discard) == units


@pytest.mark.rule("gugong", "D3.2", "D3.3", "D3.4", "D3.8")
def test_servant_envoy_intrigue_and_vp_tokens_apply_at_once():
    for token, field, d in ((data.T_S2, "pool", 2), (data.T_ENV, "envoy", 1),
                            (data.T_INT, "intrigue", 1), (data.T_VP2, "vp", 2)):
        s = build(2, hands={0: [card("G14")], 1: [card("G22")]})
        tokens_at(s, C01=token)
        before = getattr(s, field)[0]
        s.stack = [TravelMove(0, 1)]
        s.apply(MoveTo(city("C01")))
        assert getattr(s, field)[0] == before + d, token
        assert s.medal == -1  # T_INT never takes the Medal


@pytest.mark.rule("gugong", "D3.6")
def test_retrieve_token_takes_a_discard_back_to_the_hand():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, discards={0: [card("G31")]})
    tokens_at(s, C01=data.T_RETRIEVE)
    s.stack = [TravelMove(0, 1)]
    s.apply(MoveTo(city("C01")))
    assert s.legal_actions() == [Retrieve(card("G31")), Skip()]
    s.apply(Retrieve(card("G31")))
    assert sorted(s.hands[0]) == sorted([card("G14"), card("G31")]) and s.discards[0] == []


@pytest.mark.rule("gugong", "D3.7")
def test_swap_token_swaps_like_the_card_action():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, discards={0: [card("G31")]},
              board={data.JADE: card("G36")})
    tokens_at(s, C01=data.T_SWAP)
    s.stack = [TravelMove(0, 1)]
    s.apply(MoveTo(city("C01")))
    s.apply(Swap(card("G31"), data.JADE))  # from the discard pile: the new card goes there
    assert s.board[data.JADE] == card("G31") and s.discards[0] == [card("G36")]


@pytest.mark.rule("gugong", "D3.10")
def test_buy_jade_token_pays_three():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, pool=[3, 6])
    tokens_at(s, C01=data.T_BUYJADE)
    s.stack = [TravelMove(0, 1)]
    s.apply(MoveTo(city("C01")))
    s.apply(UseToken())
    assert s.jade[0] == 1 and s.pool[0] == 0
    t = build(2, hands={0: [card("G14")], 1: [card("G22")]}, pool=[2, 6])
    tokens_at(t, C01=data.T_BUYJADE)
    t.stack = [TravelMove(0, 1)]
    t.apply(MoveTo(city("C01")))
    with pytest.raises(IllegalActionError):
        t.apply(UseToken())


# --- decrees scored at the end (D4) --------------------------------------------------------------
@pytest.mark.rule("gugong", "D4.D3b", "D4.D3d", "D4.D3e", "10.2")
def test_level_three_decrees_eight_vp_decree_servants_and_harbor_servants():
    s = build(2, envoy=[8, 8], palace_slot=[7, 5], step=S_FINAL)
    s.decrees = [data.D1A, data.D1B, data.D2A, data.D2B, data.D3B, data.D3D]
    for slot in (0, 2, 4, 5):
        s.decree_servants[slot] = 1  # Red on four decrees, D3b and D3d among them
    s.decrees[4], s.decrees[5] = data.D3B, data.D3D
    end_scoring(s)
    assert s.vp[0] == 8 + 2 * 4 + 7
    t = build(2, envoy=[8, 8], palace_slot=[7, 5], step=S_FINAL, rewards=[2, 1, 1, 0, 0, 0])
    t.decrees[5] = data.D3E
    t.decree_servants[5] = 1
    end_scoring(t)
    assert t.vp[0] == 2 * 4 + 7
