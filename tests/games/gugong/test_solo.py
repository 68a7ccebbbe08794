"""The solo game against the Automa Meng (rules doc §13 and its worked example E12; seed
"WARIANT SOLO"): set-up by difficulty, his Day turns, the Special card at his focus, the Dusk,
his Night count, the result."""

from __future__ import annotations

import pytest

import engine
from engine.games.gugong import automa, automa_data, data, masks, morning, night, scoring
from engine.games.gugong.automa_data import MENG
from engine.games.gugong.data import S_DUSK, S_OVER
from engine.games.gugong.requests import GiftExchange
from engine.protocol import InvalidConfigError
from harness.play.match import play_match
from tests.games.gugong.solo_builder import (
    A_CANAL,
    A_DECREES,
    A_INTRIGUE,
    A_JADE,
    A_PALACE,
    A_SPECIAL,
    A_TRAVEL,
    A_WALL,
    card,
    city,
    clear_map,
    meng_turn,
    run,
    solo,
)


# --- set-up ------------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "13.2d", "13.1d")
def test_setup_by_difficulty():
    """Easy: 10 Automa cards (one Special); normal: 11; hard: 11 and a 5th random DRAW card
    in Meng's stack (unseen), only one card Harbor reward."""
    easy = engine.make("gugong", 1, 5, automa_level="easy")
    normal = engine.make("gugong", 1, 5)
    hard = engine.make("gugong", 1, 5, automa_level="hard")
    assert len(easy.automa_deck) == 10
    assert sum(automa_data.AUTOMA_CARDS[a] == automa_data.SPECIAL for a in easy.automa_deck) == 1
    assert len(normal.automa_deck) == 11 and normal.automa == automa_data.NORMAL
    assert sum(automa_data.AUTOMA_CARDS[a] == automa_data.SPECIAL for a in normal.automa_deck) == 2
    assert len(normal.meng_stack) == 4 and len(hard.meng_stack) == 5
    assert hard.meng_stack.count(-1) == 1 and hard.meng_reserved == 1
    assert len(hard.draw_pile) - hard.meng_reserved == 10  # the 5th card left the pile
    assert automa_data.CARD_CLAIMS[hard.automa] == 1 and automa_data.CARD_CLAIMS[normal.automa] == 2


@pytest.mark.rule("gugong", "13.2a", "13.2c", "13.2e")
def test_setup_seats_sets_and_focus():
    """The human is seat 0 and first player on Day 1; option 1: human P1, Meng P2 (known,
    face down); option 2 swaps them; the focus option fixes Meng's focus."""
    s = engine.make("gugong", 1, 9, focus="decrees")
    assert s.num_players == 1 and len(s.scores()) == 1 and len(s.vp) == 2
    assert s.first == 0 and s.current_player() == 0 and type(s.pending()) is GiftExchange
    assert sorted(s.hands[0]) == sorted(data.STARTING_SETS[0])
    assert s.meng_stack == sorted(data.STARTING_SETS[1])
    assert s.focus == data.DECREES
    assert sorted(s.box) == sorted(c for k in (2, 3, 4) for c in data.STARTING_SETS[k])
    # Meng plays second: his Intrigue marker lies on top of the human's
    assert s.intrigue_t[MENG] > s.intrigue_t[0]
    t = engine.make("gugong", 1, 9, card_sets=2)
    assert sorted(t.hands[0]) == sorted(data.STARTING_SETS[1])
    assert t.meng_stack == sorted(data.STARTING_SETS[0])


@pytest.mark.rule("gugong", "13.2b")
def test_only_base_travel_tokens():
    for seed in range(4):
        s = engine.make("gugong", 1, seed)
        tokens = s.cities + s.pile_a + s.pile_b
        assert sorted(tokens) == sorted(t for t, k in data.BASE_TOKENS.items() for _ in range(k))
    with pytest.raises(InvalidConfigError, match="only for 2-5 players"):
        engine.make("gugong", 1, 1, bonus_travel=True)


@pytest.mark.rule("gugong", "13.2a")
def test_random_focus_is_a_location():
    focuses = {engine.make("gugong", 1, seed).focus for seed in range(40)}
    assert focuses <= set(range(7)) and len(focuses) > 3


# --- Day turns ---------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "13.4a", "13.5.3")
def test_meng_exchange_ignores_values_and_costs():
    """A 1 (no action) on the 8 at Jade: the exchange is made with actions anyway; the 8 goes
    to his discard pile; Jade: the cheapest jade (2)."""
    s = solo()
    s.board[data.JADE] = card("G31")
    meng_turn(s, card("G02"), A_JADE)
    assert s.board[data.JADE] == card("G02")
    assert s.meng_discard == [card("G31")]
    assert s.jade[MENG] == 1 and s.pool[MENG] == 4 and s.houses[0] == 0
    assert s.automa_today == [A_JADE]


@pytest.mark.rule("gugong", "13.4b", "13.5.4", "13.5.5")
def test_swap_card_gives_one_vp_and_serv_cards_servants():
    s = solo()
    meng_turn(s, card("G11"), A_PALACE)  # SWAP card at the Palace
    assert s.vp[MENG] == 1 and s.envoy[MENG] == 1
    meng_turn(s, card("G05"), A_INTRIGUE)  # +2 servants, Intrigue +1 and the Medal
    assert s.pool[MENG] == 8 and s.intrigue[MENG] == 1 and s.medal == MENG


@pytest.mark.rule("gugong", "13.4b", "13.5.2")
def test_card_action_before_location_action():
    """A Wall card played at the Wall: card action (1 piece) then location (1 piece)."""
    s = solo()
    meng_turn(s, card("G22"), A_WALL)
    assert s.wall[MENG] == 2 and s.pool[MENG] == 4


@pytest.mark.rule("gugong", "13.5c", "13.5.8")
def test_special_card_at_focus_palace():
    """Special: the focus location's option B, free: Envoy +2 and Intrigue +1; a Palace card
    played there is a free option B too."""
    s = solo(focus="palace")
    s.board[data.PALACE] = card("G31")
    meng_turn(s, card("G12"), A_SPECIAL)  # G12: PALACE icon
    assert s.board[data.PALACE] == card("G12")
    assert s.envoy[MENG] == 4 and s.intrigue[MENG] == 2 and s.pool[MENG] == 6


@pytest.mark.rule("gugong", "13.5c")
def test_special_wall_from_supply_then_pool():
    s = solo(focus="wall")
    s.supply[MENG] = 1
    s.pool[MENG] = 6
    meng_turn(s, card("G02"), A_SPECIAL)
    assert s.wall[MENG] == 2 and s.supply[MENG] == 0 and s.pool[MENG] == 5


@pytest.mark.rule("gugong", "13.5c", "13.5d")
def test_special_jade_and_intrigue_and_canal():
    s = solo(focus="jade")
    meng_turn(s, card("G02"), A_SPECIAL)
    assert s.jade[MENG] == 1 and s.pool[MENG] == 6  # free
    s = solo(focus="intrigue")
    meng_turn(s, card("G02"), A_SPECIAL)
    assert s.intrigue[MENG] == 3 and s.medal == -1  # option B: no Medal
    s = solo(focus="canal")
    meng_turn(s, card("G02"), A_SPECIAL)
    assert s.ship_load[MENG * 3] == 2 and s.supply[MENG] == 4 and s.pool[MENG] == 6
    assert s.ship_harbor[MENG * 3] == 0  # a new ship on the first free harbor


@pytest.mark.rule("gugong", "13.5d")
def test_special_canal_places_two_one_at_a_time_or_the_one_he_holds():
    s = solo(focus="canal")
    i = MENG * 3
    s.ship_harbor[i], s.ship_path[i], s.ship_load[i] = 1, 0, 2  # room for one
    masks.refresh(s)
    meng_turn(s, card("G02"), A_SPECIAL)
    assert s.rewards[MENG * 3 + data.R_CARD] == 1  # the first filled it: claimed at once
    assert s.ship_load[i] == 1 and s.ship_harbor[i] == 0  # the second: a new ship
    t = solo(focus="canal")
    t.supply[MENG], t.pool[MENG] = 0, 1
    meng_turn(t, card("G02"), A_SPECIAL)
    assert t.ship_load[i] == 1 and t.pool[MENG] == 0  # one servant: that one


@pytest.mark.rule("gugong", "13.5b", "13.1a", "13.5.7")
def test_canal_day_action_adds_to_fullest_unfinished_ship():
    s = solo()
    i = MENG * 3
    s.ship_harbor[i:i + 2] = [0, 2]
    s.ship_path[i:i + 2] = [0, 0]
    s.ship_load[i:i + 2] = [1, 1]
    meng_turn(s, card("G02"), A_CANAL)
    assert s.ship_load[i:i + 2] == [1, 2]  # tie on load: the furthest ship
    assert s.ship_harbor[i:i + 2] == [0, 2]  # he never moves ships
    s.ship_load[i:i + 2] = [2, 1]
    meng_turn(s, card("G03"), A_CANAL)
    assert s.ship_load[i:i + 2] == [0, 1] and s.ship_harbor[i] == -1  # the fullest: filled,
    # claimed at once (3 units) and back beside his board


@pytest.mark.rule("gugong", "13.5.6", "13.6f")
def test_decree_day_action_pays_cost_and_servant():
    """Day 1, target level 1; nobody on it: the lower tile (the second) for cost 1 + 1
    servant placed; its VP at once."""
    s = solo()
    meng_turn(s, card("G02"), A_DECREES)
    assert s.decree_servants[MENG * 6 + 1] == 1
    assert s.pool[MENG] == 4 and s.vp[MENG] == data.DECREE_VP[s.decrees[1]]


# --- Dusk --------------------------------------------------------------------------------------
def dusk(s) -> None:
    """Meng's Dusk: today's pile card by card, each action's steps resolved."""
    while automa.dusk_step(s):
        run(s)


@pytest.mark.rule("gugong", "13.5a", "13.5.2", "13.5.4", "13.5.5")
def test_dusk_runs_today_pile_in_order_and_skips_the_unaffordable():
    """Dusk: Wall (pool >= 2: pay 1, place 1), Palace (pay 2: Envoy +1, Intrigue +1), then
    Intrigue (pay 1: +2) cannot be paid and is skipped; cards move to the Automa discard."""
    s = solo(step=S_DUSK, automa_today=[A_WALL, A_PALACE, A_INTRIGUE])
    s.pool[MENG] = 4
    dusk(s)
    assert s.wall[MENG] == 1 and s.envoy[MENG] == 1 and s.intrigue[MENG] == 1
    assert s.pool[MENG] == 0 and s.supply[MENG] == 6 + 3
    assert s.automa_used == [A_WALL, A_PALACE, A_INTRIGUE] and s.automa_today == []


@pytest.mark.rule("gugong", "13.5.2", "13.5.4")
def test_dusk_wall_needs_two_and_dusk_intrigue_moves_two():
    s = solo(step=S_DUSK, automa_today=[A_WALL])
    s.pool[MENG] = 1  # the Wall at Dusk needs 2 in the pool (pay 1, place 1)
    dusk(s)
    assert s.wall[MENG] == 0 and s.pool[MENG] == 1
    t = solo(step=S_DUSK, automa_today=[A_INTRIGUE])
    t.pool[MENG] = 1
    dusk(t)
    assert t.intrigue[MENG] == 2 and t.pool[MENG] == 0 and t.medal == -1


@pytest.mark.rule("gugong", "13.5.3", "13.5.6", "13.5.8", "13.6a")
def test_dusk_free_moves_for_jade_decrees_and_special():
    s = solo(step=S_DUSK, automa_today=[A_JADE, A_DECREES, A_SPECIAL])
    clear_map(s)
    for c in ("C20", "C15", "C10"):
        s.cities[city(c)] = data.T_VP2
    dusk(s)
    assert s.traveller[MENG] == city("C10") and s.meng_route == 2
    assert s.vp[MENG] == 6 and s.pool[MENG] == 6 and s.stored[MENG] == [data.T_VP2] * 3


@pytest.mark.rule("gugong", "13.5.1", "13.3c")
def test_dusk_travel_costs_two_or_one_with_d2a():
    s = solo(step=S_DUSK)
    s.pool[MENG] = 2
    automa.dusk_action(s, data.TRAVEL)
    assert s.pool[MENG] == 0
    t = solo(step=S_DUSK)
    t.decrees[2] = data.D2A
    t.decree_servants[MENG * 6 + 2] = 1
    t.pool[MENG] = 1
    automa.dusk_action(t, data.TRAVEL)
    assert t.pool[MENG] == 0 and t.stack  # paid 1, a move follows


# --- Night: worked example E12 -----------------------------------------------------------------
def _night(human_on_top: bool):
    s = solo(day=3, dice=[1, 3, 5])
    s.hands[0] = []
    s.discards[0] = [card("G02"), card("G09"), card("G18")]  # values 1, 3, 5: 3 matches
    s.meng_discard = [card("G31"), card("G36")]  # 8 and 9: no real match
    s.intrigue = [4, 4]
    s.intrigue_t = [9, 8] if human_on_top else [8, 9]
    pools = list(s.pool)
    night.destiny_dice(s)
    night.dice_majority(s)
    return s, pools


@pytest.mark.rule("gugong", "13.6j", "9a")
def test_e12_meng_night_day3_counts_three_and_ties_by_intrigue():
    s, pools = _night(human_on_top=False)
    assert s.pool[MENG] == pools[MENG] + 3 and s.pool[0] == pools[0] + 3
    assert s.vp[MENG] == 3 and s.envoy[MENG] == 1 and s.vp[0] == 0
    s, _ = _night(human_on_top=True)
    assert s.vp[0] == 3 and s.envoy[0] == 1 and s.vp[MENG] == 0


@pytest.mark.rule("gugong", "13.6j")
def test_night_count_is_the_day_number():
    assert [automa_data.NIGHT_MATCHES[d] for d in range(1, 5)] == [1, 2, 3, 4]
    s = solo(day=1, dice=[6, 6, 6])
    s.meng_discard = [card("G25")]  # a 6 would match three dice: he still counts 1
    assert night.matches(s, MENG) == 1


@pytest.mark.rule("gugong", "13.6k", "13.1b")
def test_end_of_night_discard_becomes_new_gift_stack():
    s = solo()
    s.meng_stack = []
    s.meng_discard = [card("G31"), -1, card("G10")]
    automa.new_gift_stack(s)
    assert s.meng_stack == sorted([card("G31"), -1, card("G10")]) and s.meng_discard == []


# --- Morning -----------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "13.3a", "13.3b", "13.1e")
def test_morning_level1_decrees_and_medal():
    s = solo()
    s.decrees[0], s.decrees[1] = data.D1E, data.D1A
    s.decree_servants[MENG * 6 + 0] = s.decree_servants[MENG * 6 + 1] = 1
    s.medal = MENG
    s.hands[0] = [card("G02")]
    s.meng_stack = []  # no Day turn of his follows
    morning.morning(s)
    s.RULES.settle(s)
    assert s.first == MENG and s.day == 2
    assert s.vp[MENG] == 1  # D1e: 1 VP instead of a swap
    assert s.intrigue[MENG] == 2  # D1a
    assert s.pool[MENG] == 6 + data.DAY_INCOME[2]
    assert type(s.pending()) is GiftExchange


# --- result ------------------------------------------------------------------------------------
def _final(vp_h: int, vp_m: int, human_in: bool, meng_in: bool, meng_on_top: bool = False):
    s = solo(step=S_OVER)
    s.vp = [vp_h, vp_m]
    s.palace_slot = [7 if human_in else 0, 5 if meng_in else 0]
    s.intrigue = [3, 3]
    s.intrigue_t = [1, 2] if meng_on_top else [2, 1]
    return s


@pytest.mark.rule("gugong", "13.6l")
def test_result_against_meng():
    assert not _final(50, 40, True, True).no_winner()
    assert _final(50, 60, True, False).no_winner()  # Meng outside the Palace can win
    assert _final(50, 40, False, True).no_winner()  # the human must enter
    assert _final(50, 40, False, True).scores() == [0]
    assert _final(50, 50, True, True, meng_on_top=True).no_winner()  # tie: Intrigue
    assert not _final(50, 50, True, True, meng_on_top=False).no_winner()


@pytest.mark.rule("gugong", "13.6l")
def test_meng_outside_palace_scores_no_palace_points():
    s = solo(step=S_OVER)
    s.step = 5  # S_FINAL
    s.envoy = [8, 6]
    s.palace_slot = [7, 0]
    s.jade = [0, 0]
    scoring.end_scoring(s)
    parts = automa.meng_breakdown(s)
    assert parts["end: Palace"] == [0]
    assert sum(v[0] for v in parts.values()) == s.vp[MENG]


def test_solo_game_plays_to_the_end_with_the_rule_based_bot():
    for level in automa_data.LEVELS:
        rec = play_match("gugong", 1, ["heuristic:gugong"], seed=4, options={"automa_level": level})
        assert len(rec.scores) == 1
        assert rec.outcome in ("normal", "no_winner")


@pytest.mark.rule("gugong", "13.4b", "13.5.1", "13.6a")
def test_travel_card_then_travel_location_moves_twice():
    s = solo()
    meng_turn(s, card("G13"), A_TRAVEL)  # TRAVEL icon at Travel: two moves along his route
    assert s.meng_route == 1 and s.traveller[MENG] == automa_data.PERIMETER[1]


def test_render_shows_meng_and_the_result():
    s = engine.make("gugong", 1, 6, automa_level="hard", focus="jade")
    text = s.render()
    assert "Meng (Automa, hard; focus Jade)" in text and "First player Red;" in text
    end = _final(40, 55, True, False)
    end.meng_parts = [40, 3, 0, 0, 12]
    assert "Meng wins" in automa.describe_meng(end)
    assert "during the game 40" in automa.describe_meng(end)


def test_meng_steps_have_words():
    from engine.games.gugong.requests import MengAction, MengMorning, MengMove

    s = solo()
    for req in (MengAction(MENG, data.WALL, 2), MengAction(MENG, automa_data.SPECIAL, 2),
                MengMove(MENG, 2), MengMorning(MENG)):
        s.stack = [req]
        assert s.describe_pending().startswith("Meng: ")
