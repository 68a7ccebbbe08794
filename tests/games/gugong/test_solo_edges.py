"""Edge cases of the Automa Meng (rules doc §13, its decisions, and the seed's "Wyjątkowe
sytuacje"): his travel route without perimeter tokens, forced token exchanges, his decree
choice, Harbor rewards by difficulty, the empty Automa deck, Wall rewards, token rewards, and
what the human may know of his cards."""

from __future__ import annotations

import pytest

import engine
from engine.games.gugong import automa, automa_data, data, meng
from engine.games.gugong.automa_data import MENG
from engine.games.gugong.data import S_DUSK
from engine.games.gugong.requests import IntrigueReward
from harness.tournaments.schedule import TournamentError, TournamentSpec, validate
from tests.games.gugong.solo_builder import (
    A_PALACE,
    A_TRAVEL,
    A_WALL,
    card,
    city,
    clear_map,
    run,
    solo,
)


# --- travel ------------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "13.6a", "D2b")
def test_first_move_goes_to_c20_or_the_next_token_city():
    s = solo()
    clear_map(s)
    for c in ("C05", "C02", "C01", "C16"):
        s.cities[city(c)] = data.T_VP2
    meng.move(s)
    assert s.traveller[MENG] == city("C05")
    assert s.meng_route == automa_data.PERIMETER.index(city("C05"))
    meng.move(s)
    assert s.traveller[MENG] == city("C02")  # counter-clockwise, ignoring roads
    meng.move(s)
    assert s.traveller[MENG] == city("C01")
    meng.move(s)
    assert s.traveller[MENG] == city("C16")  # down the west side


@pytest.mark.rule("gugong", "13.6b", "13.1c")
def test_no_perimeter_token_nearest_city_then_resume_next_day():
    """No perimeter city has a token: the nearest token city (fewest roads, tie lowest id),
    and so for the rest of the Day; next Day the perimeter order after his last perimeter
    city."""
    s = solo()
    clear_map(s)
    s.traveller[MENG] = city("C05")
    s.meng_route = automa_data.PERIMETER.index(city("C05"))
    s.cities[city("C09")] = data.T_VP2  # 1 road from C05
    s.cities[city("C07")] = data.T_VP2  # 3 roads
    s.cities[city("C13")] = data.T_VP2  # 3 roads, higher id than C07
    meng.move(s)
    assert s.traveller[MENG] == city("C09") and s.meng_astray == 1
    s.cities[city("C01")] = data.T_VP2  # a perimeter token appears: still astray today
    meng.move(s)
    assert s.traveller[MENG] == city("C07")  # from C09: C07 and C13 at 2 roads, lowest id
    automa.morning(s, [])
    assert s.meng_astray == 0
    meng.move(s)
    assert s.traveller[MENG] == city("C01")  # resumes after C05: C04, C03, C02, C01
    assert s.meng_route == automa_data.PERIMETER.index(city("C01"))


@pytest.mark.rule("gugong", "13.6b")
def test_no_token_anywhere_the_move_is_lost():
    s = solo()
    clear_map(s)
    meng.move(s)
    assert s.traveller[MENG] == -1 and s.stored[MENG] == []


# --- forced token exchanges --------------------------------------------------------------------
@pytest.mark.rule("gugong", "13.6e", "13.1g")
def test_forced_exchange_makes_a_dusk_cost_affordable():
    s = solo(step=S_DUSK)
    s.pool[MENG] = 1
    s.stored[MENG] = [data.T_S1, data.T_INT]
    automa.dusk_action(s, data.PALACE)
    assert s.stored[MENG] == [] and s.pool[MENG] == 0
    assert s.envoy[MENG] == 1 and s.intrigue[MENG] == 1


@pytest.mark.rule("gugong", "13.6e")
def test_no_exchange_when_it_cannot_make_the_cost():
    s = solo(step=S_DUSK)
    s.pool[MENG] = 0
    s.stored[MENG] = [data.T_S1, data.T_INT]  # one exchange = 1 servant, Palace needs 2
    automa.dusk_action(s, data.PALACE)
    assert s.stored[MENG] == [data.T_S1, data.T_INT] and s.envoy[MENG] == 0


@pytest.mark.rule("gugong", "13.6d", "13.6c")
def test_six_token_units_become_jade_at_once():
    s = solo()
    clear_map(s)
    s.stored[MENG] = [data.T_S1, data.T_DOUBLE, data.T_INT, data.T_ENV]  # 5 units
    s.cities[city("C20")] = data.T_SWAP
    meng.move(s)
    assert s.jade[MENG] == 1 and sum(data.token_units(t) for t in s.stored[MENG]) == 0
    assert s.vp[MENG] == 1  # T_SWAP: 1 VP instead


@pytest.mark.rule("gugong", "13.6e", "13.1g")
def test_forced_exchange_for_a_day_jade_purchase():
    s = solo()
    s.pool[MENG] = 1
    s.stored[MENG] = [data.T_VP2, data.T_VP2]
    meng.buy_jade(s, False)  # cheapest house costs 2
    assert s.jade[MENG] == 1 and s.pool[MENG] == 0 and s.stored[MENG] == []


# --- decree choice -----------------------------------------------------------------------------
@pytest.mark.rule("gugong", "13.6f", "13.1h")
def test_decree_choice_by_level_and_human_tiles():
    s = solo()  # Day 1: level 1
    assert meng.choose_decree(s, False) == 1  # both free: the lower tile
    s.decree_servants[1] = 1  # the human holds the lower one: the other
    assert meng.choose_decree(s, False) == 0
    s.decree_servants[0] = 1  # the human holds both: the lower one (equal cost)
    assert meng.choose_decree(s, False) == 1
    s.decree_servants[MENG * 6 + 0] = s.decree_servants[MENG * 6 + 1] = 1
    assert meng.choose_decree(s, False) == 3  # he owns level 1: higher levels next


@pytest.mark.rule("gugong", "13.6f", "13.1h")
def test_decree_choice_days_3_and_4_target_level_3_then_lower():
    s = solo(day=4)
    assert meng.choose_decree(s, False) == 5
    s.decree_servants[MENG * 6 + 4] = s.decree_servants[MENG * 6 + 5] = 1
    assert meng.choose_decree(s, False) == 3  # then level 2 (descending)
    s.pool[MENG] = 2  # level 2 costs 2 + 1 servant: unaffordable, level 1 costs 1 + 1
    assert meng.choose_decree(s, False) == 1
    s.pool[MENG] = 1
    assert meng.choose_decree(s, False) == -1
    assert meng.choose_decree(s, True) == 3  # the Special card: no cost, level 2 again


@pytest.mark.rule("gugong", "5.6a")
def test_decree_costs_count_the_other_colours_servants():
    """The human pays 1 more per Meng servant on a decree and Meng 1 more per hers."""
    from engine.games.gugong.locations import decree_cost

    s = solo()
    s.decree_servants[MENG * 6 + 0] = 1
    assert decree_cost(s, 0, 0) == data.DECREE_COST[s.decrees[0]] + 1
    s.decree_servants[1] = 1
    assert decree_cost(s, MENG, 1) == data.DECREE_COST[s.decrees[1]] + 1


# --- Harbor rewards ----------------------------------------------------------------------------
def _claims(level: str, n: int, dusk: bool = False):
    s = solo(level=level)
    s.meng_stack = []
    if dusk:
        s.step = S_DUSK
    for _ in range(n):
        s.supply[MENG] = 6
        meng.ship(s, 3, True, only_supply=True)
    return s


@pytest.mark.rule("gugong", "13.6h", "13.6i")
@pytest.mark.parametrize("level,cards", [("easy", 2), ("normal", 2), ("hard", 1)])
def test_harbor_rewards_by_difficulty(level: str, cards: int):
    s = _claims(level, 4)
    assert s.rewards[MENG * 3 + data.R_CARD] == cards
    assert s.rewards[MENG * 3 + data.R_VP] == 4 - cards
    assert s.vp[MENG] == 4 * (4 - cards)
    assert s.meng_bottom.count(-1) == cards  # Day: under his gift stack, unseen (A24)
    assert all(h < 0 for h in s.ship_harbor[MENG * 3:MENG * 3 + 3])


@pytest.mark.rule("gugong", "13.6i")
def test_harbor_card_at_dusk_goes_to_discard():
    s = _claims("normal", 1, dusk=True)
    assert s.meng_discard == [-1] and s.meng_stack == s.meng_bottom == []


@pytest.mark.rule("gugong", "13.6h")
def test_harbor_claim_any_harbor_servants_to_supply():
    s = solo()
    s.pool[MENG], s.supply[MENG] = 3, 9
    meng.ship(s, 3, False)
    assert s.pool[MENG] == 0 and s.supply[MENG] == 12 and s.rewards[MENG * 3 + data.R_CARD] == 1


@pytest.mark.rule("gugong", "13.1i", "D4.D3e")
def test_d3e_counts_his_claims_not_the_hard_marker():
    s = _claims("hard", 2)
    s.decrees[4] = data.D3E
    s.decree_servants[MENG * 6 + 4] = 1
    s.step = 5
    before = s.vp[MENG]
    s.palace_slot = [0, 0]
    s.jade = [0, 0]
    from engine.games.gugong.scoring import end_scoring

    end_scoring(s)
    assert automa.meng_breakdown(s)["end: level-3 decrees"] == [4]
    assert s.vp[MENG] >= before + 4


@pytest.mark.rule("gugong", "13.1b")
def test_cards_under_the_stack_come_after_it_in_order():
    s = solo()
    s.meng_stack = [card("G02")]
    s.meng_bottom = [card("G31"), -1]
    s.meng_reserved = 1
    assert meng.reveal_gift(s) == card("G02")
    assert meng.reveal_gift(s) == card("G31")
    pile = len(s.draw_pile)
    assert meng.reveal_gift(s) in data.DRAW_CARDS and len(s.draw_pile) == pile - 1
    assert s.meng_reserved == 0


@pytest.mark.rule("gugong", "13.6h")
def test_empty_draw_pile_gives_vp_instead_of_a_card():
    s = solo()
    s.meng_reserved = len(s.draw_pile)
    s.supply[MENG] = 6
    meng.ship(s, 3, True, only_supply=True)
    assert s.rewards[MENG * 3 + data.R_VP] == 1 and s.vp[MENG] == 4


# --- the Automa deck ---------------------------------------------------------------------------
@pytest.mark.rule("gugong", "13.4c")
def test_empty_automa_deck_reshuffles_earlier_days_only():
    s = solo(automa_deck=[], automa_used=[A_TRAVEL, A_WALL], automa_today=[A_PALACE])
    a = automa.draw_automa(s)
    assert a in (A_TRAVEL, A_WALL)
    assert s.automa_deck == [x for x in (A_TRAVEL, A_WALL) if x != a]
    assert s.automa_used == [] and s.automa_today == [A_PALACE]


# --- Wall rewards ------------------------------------------------------------------------------
@pytest.mark.parametrize("intrigue,supply,jade,servants,left", [
    (8, 3, 1, 0, 1), (7, 3, 1, 0, 0), (6, 3, 0, 1, 5), (3, 3, 0, 1, 2), (3, 0, 0, 0, 3),
    (1, 3, 0, 1, 0), (0, 3, 0, 0, 0)])
@pytest.mark.rule("gugong", "13.6g")
def test_meng_wall_reward(intrigue, supply, jade, servants, left):
    s = solo()
    s.intrigue[MENG] = intrigue
    s.supply[MENG] = supply
    pool = s.pool[MENG]
    s.stack = [IntrigueReward(MENG)]
    run(s)
    assert s.jade[MENG] == jade and s.pool[MENG] == pool + servants
    assert s.intrigue[MENG] == left


@pytest.mark.rule("gugong", "5.2d", "5.2e")
def test_meng_completes_wall_and_the_human_chooses_her_reward():
    s = solo()
    s.wall = [1, 2]
    s.intrigue = [2, 0]
    s.hands[0] = [card("G02")]
    s.meng_stack = [card("G22")]  # WALL icon at the Wall: 2 pieces -> 5 >= 4
    s.automa_deck = [A_WALL]
    s.turn = MENG
    automa.next_turn(s)
    s.RULES.settle(s)
    assert s.vp[MENG] == 3 and s.envoy[MENG] == 1 and s.wall[MENG] == 0
    assert type(s.pending()) is IntrigueReward and s.current_player() == 0


@pytest.mark.rule("gugong", "13.3c")
def test_d2c_extra_piece_after_his_wall_action():
    s = solo()
    s.decrees[2] = data.D2C
    s.decree_servants[MENG * 6 + 2] = 1
    s.stack = []
    meng.wall(s, 1, False)
    run(s)
    assert s.wall[MENG] == 2 and s.pool[MENG] == 5 and s.supply[MENG] == 5


# --- token rewards -----------------------------------------------------------------------------
@pytest.mark.rule("gugong", "13.6c", "13.1f")
def test_token_rewards_day_and_dusk():
    s = solo()
    s.meng_stack = [card("G02")]
    s.meng_discard = [card("G31")]
    meng.token_reward(s, data.T_JADE7)  # Day: the top gift card to discard, jade anyway
    assert s.jade[MENG] == 1 and s.meng_stack == [] and s.meng_discard[-1] == card("G02")
    meng.token_reward(s, data.T_JADE7)  # empty stack: 1 VP
    assert s.vp[MENG] == 1
    meng.token_reward(s, data.T_RETRIEVE)  # Day: top of discard under his stack
    assert s.meng_bottom == [card("G02")] and s.meng_discard == [card("G31")]
    s.step = S_DUSK
    meng.token_reward(s, data.T_RETRIEVE)
    meng.token_reward(s, data.T_JADE7)
    meng.token_reward(s, data.T_SWAP)
    assert s.vp[MENG] == 4 and s.meng_bottom == [card("G02")] and s.jade[MENG] == 1


@pytest.mark.rule("gugong", "13.6c", "13.1f")
def test_buy_jade_token_when_he_can_pay_three():
    s = solo()
    s.pool[MENG] = 3
    meng.token_reward(s, data.T_BUYJADE)
    assert s.jade[MENG] == 1 and s.pool[MENG] == 0
    meng.token_reward(s, data.T_BUYJADE)
    assert s.jade[MENG] == 1


# --- what the human knows ----------------------------------------------------------------------
@pytest.mark.rule("gugong", "15a")
def test_hidden_cards_and_sampling():
    """The Automa deck's order and the unseen cards Meng drew are chance: the human sees the
    cards she knows (his marked set, what he took) and -1 for unseen ones; samples keep the
    known, redraw the pile."""
    s = engine.make("gugong", 1, 11, automa_level="hard")
    obs = s.observation(0)
    assert not hasattr(obs, "automa_deck") and obs.automa_deck_size == 11
    assert obs.meng_stack.count(-1) == 1
    t = engine.sample_state(obs, 5)
    assert t.meng_stack == s.meng_stack and t.meng_reserved == 1
    assert sorted(t.draw_pile) == sorted(s.draw_pile) and t.rng != s.rng
    assert sorted(t.automa_deck) == sorted(s.automa_deck)


def test_meng_never_asks_a_decision():
    s = engine.make("gugong", 1, 2, automa_level="hard")
    import random

    r = random.Random(2)
    while not s.is_terminal():
        assert s.current_player() == 0
        s.apply(r.choice(s.legal_actions()))
    assert len(s.scores()) == 1 and s.meng_parts


def test_tournaments_refuse_one_player():
    spec = TournamentSpec(game="gugong", bots=("random", "heuristic:gugong"), num_players=1)
    with pytest.raises(TournamentError, match="at least 2 players"):
        validate(spec)
