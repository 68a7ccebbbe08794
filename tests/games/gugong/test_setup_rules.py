"""Set-up and components (rules §2, §3), the game's length (§4), information and chance
(§15) and the data tables of §14, each checked against the rules reference's own words and
tables (the tables are read from docs/rules/gugong.md, so the page and the engine agree)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from engine.games.gugong import data
from engine.games.gugong.actions import BuyJade, OptionB, PlaceWall, Trade
from engine.games.gugong.automa_data import AUTOMA_CARDS, PERIMETER, SPECIAL
from engine.games.gugong.data import F_LOCKED, S_FINAL, S_NIGHT_END, S_OVER
from engine.games.gugong.effects import envoy_step
from engine.games.gugong.requests import GiftExchange, LocationAction
from tests.games.gugong.builder import build, card

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "gugong.md"


def table_rows(heading: str) -> list[list[str]]:
    """The cells of the first table under `heading` in the rules page (header left out)."""
    text = PAGE.read_text(encoding="utf-8")
    part = text[text.index(heading):]
    rows = []
    for line in part.splitlines()[1:]:
        if line.startswith("#"):
            break
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([c.strip() for c in line.strip("|").split("|")])
        elif rows and not line.startswith("|"):
            break
    return rows[1:]


@pytest.mark.rule("gugong", "2a", "3.3")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_each_player_starts_with_twelve_servants_a_locked_foreman_and_three_ships(n):
    s = engine.make("gugong", n, n)
    assert s.pool == [6] * n and s.supply == [6] * n
    assert s.foreman == [F_LOCKED] * n and s.vp == [0] * n
    assert s.ship_harbor == [-1] * (3 * n) and s.traveller == [-1] * n


@pytest.mark.rule("gugong", "2b")
def test_the_market_never_runs_out_of_jade():
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, pool=[12, 6], supply=[0, 6],
              houses=[0] * 6, jade=[25, 0])
    for _ in range(2):
        s.stack = [LocationAction(0, data.JADE)]
        s.apply(BuyJade(data.MARKET))
    assert s.jade[0] == 27 and s.pool[0] == 2


@pytest.mark.rule("gugong", "3.1", "3.2")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_board_cards_draw_pile_and_starting_sets_by_seat_order(n):
    for seed in range(4):
        s = engine.make("gugong", n, seed)
        assert sorted(s.board) == sorted(data.BOARD_CARDS)
        assert sorted(s.draw_pile) == sorted(data.DRAW_CARDS)
        for k in range(n):  # the k-th seat from the first player holds set P(k+1)
            assert sorted(s.hands[(s.first + k) % n]) == sorted(data.STARTING_SETS[k])
        in_play = set(s.board) | set(s.draw_pile) | {c for h in s.hands for c in h}
        assert not in_play & set(data.unused_sets(n))  # unused sets are boxed
    firsts = {engine.make("gugong", n, seed).first for seed in range(30)}
    assert firsts == set(range(n))  # the first player is drawn at random


@pytest.mark.rule("gugong", "3.4")
def test_envoys_at_zero_and_intrigue_stacked_first_player_lowest():
    s = engine.make("gugong", 4, 2)
    assert s.envoy == [0] * 4 and s.intrigue == [0] * 4
    order = [(s.first + k) % 4 for k in range(4)]
    heights = [s.intrigue_t[p] for p in order]
    assert heights == sorted(heights) and len(set(heights)) == 4  # the last one on top


@pytest.mark.rule("gugong", "3.5", "D3b")
@pytest.mark.parametrize("n", [2, 5])
def test_twenty_tokens_face_up_and_two_piles_of_six(n):
    s = engine.make("gugong", n, 7)
    assert all(t >= 0 for t in s.cities) and len(s.cities) == 20
    assert len(s.pile_a) == 6 and len(s.pile_b) == 6
    tokens = sorted(s.cities + s.pile_a + s.pile_b)
    assert tokens == sorted(t for t, k in data.BASE_TOKENS.items() for _ in range(k))
    for row in table_rows("### D3. Travel tokens"):
        if row[1].startswith("T_"):
            assert data.BASE_TOKENS[data.TOKEN_NAMES.index(row[1])] == int(row[3]), row


@pytest.mark.rule("gugong", "3.6", "3.7", "3.8")
def test_jade_on_every_roof_two_decrees_per_level_dice_day_and_medal():
    for seed in range(6):
        s = engine.make("gugong", 3, seed)
        assert s.houses == [1] * 6 and s.jade == [0, 0, 0]
        assert [data.DECREE_LEVEL[t] for t in s.decrees] == [1, 1, 2, 2, 3, 3]
        assert len(set(s.decrees)) == 6
        assert len(s.dice) == 3 and all(1 <= d <= 6 for d in s.dice)
        assert s.day == 1 and s.medal == -1
    assert len({tuple(engine.make("gugong", 3, seed).decrees) for seed in range(6)}) > 1


@pytest.mark.rule("gugong", "3.9")
def test_the_player_count_table():
    rows = table_rows("| Players | Board side |")
    for row in rows:
        n = int(row[0].split()[0])
        assert data.WALL_SIZE[n] == int(row[2])
        assert data.CANAL_PATHS[n] == int(row[3])
        slots = [int(v) for v in row[4].split(", ")]
        assert list(data.PALACE_SLOTS[:len(slots)]) == slots
        if n > 1:  # every slot in use is taken by the Envoys in order
            s = build(n, envoy=[7] * n, palace_slot=[0] * n)
            for p in range(n):
                envoy_step(s, p, 1)
            assert s.palace_slot == slots


@pytest.mark.rule("gugong", "4a", "4.3.3")
def test_four_days_then_the_final_window_and_scoring():
    s = build(2, discards={0: [card("G14")], 1: [card("G22")]}, day=4, step=S_NIGHT_END)
    s.RULES.settle(s)
    assert s.step == S_OVER and s.day == 4  # no fifth Day
    assert s.hands == [[], []]  # Day 4: the discard piles are not picked up
    t = build(2, discards={0: [card("G14")], 1: [card("G22")]}, day=3, step=S_NIGHT_END)
    t.RULES.settle(t)
    assert t.day == 4 and t.hands == [[card("G14")], [card("G22")]] and t.discards == [[], []]
    assert type(t.pending()) is GiftExchange


@pytest.mark.rule("gugong", "4.3.3", "8c")
def test_day_four_ends_with_a_last_exchange_window():
    s = build(2, discards={0: [card("G14")], 1: [card("G22")]}, day=4, step=S_NIGHT_END,
              stored=[[data.T_S1, data.T_VP2, data.T_INT, data.T_ENV], []], vp=[10, 0])
    s.RULES.settle(s)
    assert s.step == S_FINAL and type(s.pending()).__name__ == "FinalTrades"
    s.apply(Trade(4, 0))  # then nothing more to exchange: the end scoring
    assert s.step == S_OVER and s.vp[0] == 12  # the 2 VP before the end scoring


@pytest.mark.rule("gugong", "15a")
def test_hands_discards_and_hidden_piles_are_not_shown_to_the_others():
    s = engine.make("gugong", 3, 4)
    s.discards = [[card("G31")], [card("G36")], [card("G38")]]
    obs = s.observation(1)
    fields = set(obs.__struct_fields__)
    assert not fields & {"draw_pile", "pile_a", "pile_b", "hands", "discards"}
    assert obs.draw_size == len(s.draw_pile) and obs.pile_a_size == len(s.pile_a)
    assert obs.hand == s.hands[1] and obs.discard == s.discards[1]
    assert obs.hand_sizes == [4, 4, 4] and obs.discard_sizes == [1, 1, 1]


@pytest.mark.rule("gugong", "15b")
def test_tracks_board_tokens_and_servants_are_public():
    s = engine.make("gugong", 3, 4)
    for seat in range(3):
        obs = s.observation(seat)
        for field in ("board", "cities", "decrees", "vp", "intrigue", "envoy", "pool",
                      "supply", "wall", "ship_harbor", "dice", "medal", "stored", "jade"):
            assert getattr(obs, field) == getattr(s, field), field


@pytest.mark.rule("gugong", "15c")
def test_one_seeded_generator_makes_every_random_choice():
    a, b = engine.make("gugong", 3, 11), engine.make("gugong", 3, 11)
    for _ in range(60):
        act = a.legal_actions()[len(a.legal_actions()) // 2]
        a.apply(act)
        b.apply(act)
    assert a.to_bytes() == b.to_bytes()
    assert engine.make("gugong", 3, 12).to_bytes() != engine.make("gugong", 3, 11).to_bytes()


# --- data (§14) ----------------------------------------------------------------------------------
@pytest.mark.rule("gugong", "D1a")
def test_the_gift_cards_are_the_table():
    rows = table_rows("### D1. Gift cards")
    cards = {}
    for row in rows:
        for k in (0, 4):
            cards[row[k]] = (int(row[k + 1]), row[k + 2], row[k + 3])
    assert len(cards) == data.NUM_CARDS == 38
    for c in range(data.NUM_CARDS):
        value, action, kind = cards[data.CARD_NAMES[c]]
        assert (data.CARD_VALUE[c], data.CARD_ACTIONS[data.CARD_ACTION[c]].upper(),
                data.CARD_SET[c]) == (value, action, kind)
    assert all(sum(data.CARD_VALUE[c] for c in s) == 20 for s in data.STARTING_SETS)
    assert data.CARD_VALUE[card("G09")] == 3 and data.CARD_ACTION[card("G09")] == data.A_SERV2


@pytest.mark.rule("gugong", "D2a")
def test_the_map_is_a_five_by_four_grid_with_orthogonal_roads():
    assert sum(len(r) for r in data.ROADS) == 2 * 31
    for c in range(data.NUM_CITIES):
        x, y = c % 5, c // 5
        near = {(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        assert {(n % 5, n // 5) for n in data.ROADS[c]} == {(a, b) for a, b in near
                                                          if 0 <= a < 5 and 0 <= b < 4}


@pytest.mark.rule("gugong", "D2b")
def test_mengs_perimeter_order():
    names = [data.CITY_NAMES[c] for c in PERIMETER]
    assert names == ["C20", "C15", "C10", "C05", "C04", "C03", "C02", "C01", "C06", "C11",
                     "C16", "C17", "C18", "C19"]


@pytest.mark.rule("gugong", "D4a")
def test_decree_levels_costs_and_immediate_vp_are_the_table():
    rows = table_rows("### D4. Decrees")
    assert len(rows) == 15
    for row in rows:
        t = data.DECREE_NAMES.index(row[1])
        vp = 0 if row[4] == "–" else int(row[4])
        assert (data.DECREE_LEVEL[t], data.DECREE_COST[t], data.DECREE_VP[t]) == (
            int(row[2]), int(row[3]), vp), row


@pytest.mark.rule("gugong", "D6a", "5.3a")
def test_roof_costs_and_the_jade_scoring_table():
    assert data.HOUSE_COSTS == (2, 2, 3, 3, 4, 4) and data.MARKET_COST == 5
    text = PAGE.read_text(encoding="utf-8")
    costs = re.search(r"costing ([0-9, ]+) \[", text).group(1)
    assert tuple(int(v) for v in costs.split(", ")) == data.HOUSE_COSTS
    s = build(2, hands={0: [card("G14")], 1: [card("G22")]}, pool=[9, 6],
              houses=[0, 0, 0, 0, 1, 1])
    s.stack = [LocationAction(0, data.JADE)]
    s.apply(BuyJade(5))
    assert s.pool[0] == 5 and s.houses == [0, 0, 0, 0, 1, 0]


@pytest.mark.rule("gugong", "D7a")
def test_the_wall_has_no_space_limit():
    """5 players (a section of 7): 6 units on the Wall take B's two pieces (8), then score."""
    s = build(5, hands={p: [card(f"G{13 + p:02d}")] for p in range(5)}, wall=[5, 1, 0, 0, 0])
    s.stack = [LocationAction(1, data.WALL)]
    s.apply(OptionB())
    s.apply(PlaceWall())
    s.apply(PlaceWall())
    assert s.vp[0] == 3 and s.wall == [0, 3, 0, 0, 0]  # 8 units were scored


@pytest.mark.rule("gugong", "D9a")
def test_the_automa_deck():
    names = [data.LOCATIONS[a] if a != SPECIAL else "Special" for a in AUTOMA_CARDS]
    text = PAGE.read_text(encoding="utf-8")
    listed = re.search(r"\*\*§D9a\*\* (.*?) \[reconstructed", text, re.S).group(1)
    assert [w.split(" ", 1)[1] for w in " ".join(listed.split()).split(", ")] == names
