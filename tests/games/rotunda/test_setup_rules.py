"""Components, set-up, board structure and the data tables (rules §2, §3, §4.1, §4.3, §12),
from the rules reference's words; the data rows are read from docs/rules/rotunda.md with
the rules map's own parser and checked against the engine, so the page and the engine
agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from engine.games.rotunda import data
from engine.games.rotunda.actions import (
    Activate,
    ChooseStaircase,
    DiscardCard,
    Execute,
    Move,
    PickCube,
    Pray,
    Stop,
)
from engine.games.rotunda.effects import seat_apprentice
from harness.rulemap.items import parse_items
from tests.games.rotunda.builder import begin, blank, play, set_seat

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "rotunda.md"
P = 1
SEEDS = range(12)
CUBE = {"Tea": data.TEA, "Fruit": data.FRUIT, "Celadon": data.CELADON, "Gold": data.GOLD}


def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def item_cells() -> dict[str, list[str]]:
    """The page's table-row items by id: the cells after the id, bracketed remarks out."""
    return {it.id: [re.sub(r"\s*\[[^\]]*\]", "", c).strip() for c in it.text.split(" | ")]
            for it in parse_items(page())}


def games(n: int = 4, **options: bool) -> list[engine.State]:
    return [engine.make("rotunda", n, seed, **options) for seed in SEEDS]


# --- §2 components ---------------------------------------------------------------------------
@pytest.mark.rule("rotunda", "2a")
def test_cubes_are_the_pieces_in_the_box_and_a_gain_from_an_empty_supply_is_lost():
    for n in (2, 5):
        s = engine.make("rotunda", n, 3)
        for t, total in zip(range(4), (15, 15, 15, 10), strict=True):
            held = sum(s.cubes[p * 4 + t] for p in range(n))
            assert s.supply[t] + held + (s.warehouse[t] if t < 3 else 0) == total
    s = blank()
    set_seat(s, "experts", P, [data.P3])                   # Farmer: +1 Tea or +1 Fruit
    s.supply[data.TEA] = 0
    begin(s, P)
    play(s, Activate(data.P3), PickCube(data.TEA))
    assert s.cube(P, data.TEA) == 0 and s.supply[data.TEA] == 0


@pytest.mark.rule("rotunda", "2b")
def test_coins_never_run_out():
    s = blank()
    s.coins[P] = 95                                     # more than the box's 90
    set_seat(s, "experts", P, [data.H1])
    begin(s, P)
    play(s, Activate(data.H1), DiscardCard())
    assert s.coins[P] == 98


# --- §3 set-up -------------------------------------------------------------------------------
@pytest.mark.rule("rotunda", "3.1", "4.1b", "R0")
def test_three_large_tiles_on_the_large_slots_and_three_of_five_small_ones():
    drawn = set()
    for s in games():
        assert sorted(s.rooms[n] for n in data.LARGE_SLOTS) == sorted(data.LARGE_TILES)
        small = [s.rooms[n] for n in data.SMALL_SLOTS]
        assert len(set(small)) == 3 and set(small) <= set(data.SMALL_TILES)
        drawn.add(tuple(small))
        assert data.WAREHOUSE in s.rooms and data.BANKER in s.rooms
    assert len(drawn) > 3                               # drawn and placed at random


@pytest.mark.rule("rotunda", "3.2", "4.1e")
def test_the_lodge_stands_on_sa_between_i5_and_i1():
    s = blank()
    assert s.lodge == 0 and data.STAIRCASES[0][1:] == (data.I5, data.I1, data.O6, data.O1)
    begin(s, P)
    assert {a.to for a in s.legal_actions() if a.frm == data.LODGE} == {
        data.I1, data.I2, data.I3, data.O1, data.O2, data.O3, data.O4}
    s.leaders[P * 2] = data.I5
    s.leaders[P * 2 + 1] = data.O6
    begin(s, P)
    assert {a.to for a in s.legal_actions()} == {data.LODGE}   # both ways lead into it


@pytest.mark.rule("rotunda", "3.3", "6b")
def test_the_peddler_starts_in_v1_and_serves_its_village():
    s = engine.make("rotunda", 3, 4)
    assert s.peddler == 0
    s = blank()
    s.supply_discs[P] = 1
    begin(s, P)
    play(s, Move(0, data.I1), Execute(3, 0))
    play(s, s.legal_actions()[0])                       # Peddler(0, 0)
    assert s.villages[0 * 4 + P] == 1 and s.supply_discs[P] == 0


@pytest.mark.rule("rotunda", "3.5", "3.6")
def test_temples_face_up_and_three_smugglers_turned_up():
    for s in games():
        assert s.temples == (1, 1, 1, 1)
        assert len(s.smuggler_pool) == 3 and len(s.smuggler_stack) == 7
        assert sorted(s.smuggler_pool + s.smuggler_stack) == list(range(10))


@pytest.mark.rule("rotunda", "3.7")
def test_one_starting_order_each_and_three_orders_turned_up():
    firsts = set()
    for n in (2, 5):
        for s in games(n):
            held = [o for seat in s.orders_open for o in seat]
            assert [len(seat) for seat in s.orders_open] == [1] * n
            assert set(held) <= set(data.STARTING_ORDERS) and len(set(held)) == n
            assert len(s.order_pool) == 3
            assert sorted(held + list(s.order_pool) + list(s.order_deck)) == list(range(20))
            firsts.add(held[0])
    assert len(firsts) > 1
    # the unused starting orders are shuffled into the deck, not set aside
    assert any(set(s.order_deck) & set(data.STARTING_ORDERS) for s in games(2))


@pytest.mark.rule("rotunda", "3.8")
def test_three_experts_turned_up_from_the_shuffled_deck():
    pools = set()
    for s in games():
        assert len(s.expert_pool) == 3 and len(s.expert_deck) == 21 and not s.expert_discard
        pools.add(s.expert_pool)
    assert len(pools) > 1


@pytest.mark.rule("rotunda", "3.9")
def test_warehouse_banker_and_round_marker_at_the_start():
    for n in (2, 3, 4, 5):
        s = engine.make("rotunda", n, n)
        assert s.warehouse == [1, 1, 1] and s.banker == 3 and s.round == 0
        assert s.supply == [14, 14, 14, 10 - n]


@pytest.mark.rule("rotunda", "3.10")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_each_player_takes_leaders_assistants_gold_and_coins(n):
    s = engine.make("rotunda", n, 11)
    assert s.leaders == [data.LODGE] * (n * (1 if n == 5 else 2))
    assert s.supply_discs == [5] * n and s.track == [9] * n and s.vp == [0] * n
    assert [s.cube(p, data.GOLD) for p in range(n)] == [1] * n
    assert [s.coins[(s.first + k) % n] for k in range(n)] == [3, 3, 4, 5, 6][:n]


@pytest.mark.rule("rotunda", "3.11", "5a")
def test_the_first_seat_is_random_and_turns_pass_clockwise():
    firsts = {s.first for s in games()}
    assert len(firsts) > 1
    s = blank()
    begin(s, 2)
    play(s, Move(data.LODGE, data.I1), Stop())
    assert s.current_player() == 3
    play(s, Move(data.LODGE, data.I2), Stop())
    assert s.current_player() == 0


# --- §4 board --------------------------------------------------------------------------------
@pytest.mark.rule("rotunda", "4.1a")
def test_the_inner_ring_is_always_the_same():
    for s in games():
        assert s.rooms[data.I1:data.I5 + 1] == (data.SUPPLIER, data.HARBOUR, data.MARKET,
                                                data.EXPERTS_ROOM, data.BANKER)


@pytest.mark.rule("rotunda", "4.1c")
def test_corridors_lead_to_the_next_room_clockwise_in_the_same_ring():
    for lodge in range(3):
        g = data.GRAPHS[lodge]
        covered = data.STAIRCASES[lodge]
        for ring in (data.INNER, data.OUTER):
            for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
                if (a, b) in ((covered[1], covered[2]), (covered[3], covered[4])):
                    assert b not in g[a] and data.LODGE in g[a]
                else:
                    assert b in g[a]
    s = blank()
    s.leaders[P * 2] = data.O1
    begin(s, P)
    assert Move(data.O1, data.O2) in s.legal_actions()


@pytest.mark.rule("rotunda", "4.1f")
def test_three_chairs_in_each_inner_room_and_none_outside():
    s = blank()
    assert len(s.chairs) == 15
    s.supply_discs[P] = 5
    for _ in range(3):
        seat_apprentice(s, P, data.I2, False)
    assert s.chairs[3:6] == [P * 2] * 3 and s.supply_discs[P] == 2
    seat_apprentice(s, P, data.I2, False)                  # no fourth chair
    assert s.supply_discs[P] == 2
    s = blank(rooms={data.O1: data.TRADING_POST})
    s.coins[P] = 20
    begin(s, P)
    play(s, Move(data.LODGE, data.O1), Execute(0, 0), Stop())
    assert type(s.pending()).__name__ != "RoomTurn"     # an outer room runs once


@pytest.mark.rule("rotunda", "4.3c")
def test_in_the_variant_rooms_stay_and_leaders_begin_in_the_moved_lodge():
    plain = engine.make("rotunda", 3, 8)
    s = engine.make("rotunda", 3, 8, lodge_variant=True)
    s.apply(ChooseStaircase(1))
    assert s.rooms == plain.rooms and set(s.leaders) == {data.LODGE}
    assert {a.to for a in s.legal_actions()} == {data.I3, data.I4, data.I5, data.O4, data.O5,
                                                 data.O6}


# --- §12 data --------------------------------------------------------------------------------
def _worship_rows() -> list[list[str]]:
    text = page()
    part = text[text.index("| **top edge**"):]
    return [[c.strip() for c in line.strip("|").split("|")]
            for line in part.splitlines()[:6]]


@pytest.mark.rule("rotunda", "12.2")
def test_the_worship_board_is_the_pages_table():
    top, *rows, bottom = _worship_rows()
    for r, row in enumerate(rows):
        assert [int(x) for x in row[1:5]] == list(data.WORSHIP_VP[r])
        assert CUBE[row[0].split("1 ")[-1]] == data.WORSHIP_LEFT[r]
        assert row[5] == ("–" if r == 0 else f"RA{r} amulet")
    names = {None: "", data.RECRUIT: "Recruit", data.ELDER_APPRENTICE: "Elder Apprentice"}
    for c, (coins, action) in enumerate(data.WORSHIP_TOP):
        words = [names[action]] if action is not None else []
        words += [f"{coins} coin" + ("s" if coins > 1 else "")] if coins else []
        assert top[1 + c] == " + ".join(words)
        assert bottom[1 + c] == ("–" if c == 0 else f"BA{c} amulet")
    assert data.worship_amulet_spaces(2, 3) == (1, 5) and data.worship_amulet_spaces(0, 0) == ()


def _pray(temple: int) -> engine.State:
    s = blank()
    s.leaders[P * 2] = data.I5
    s.supply_discs[P] = 2
    begin(s, P)
    play(s, Move(data.I5, data.LODGE), Pray(temple))
    return s


@pytest.mark.rule("rotunda", "TP1", "TP2", "TP3", "TP4")
def test_temple_rewards_as_in_the_table():
    cells = item_cells()
    assert [cells[f"TP{k}"][1] for k in range(1, 5)] == [
        "2 Peddler", "2 Recruit", "1 Recruit + 1 Apprentice", "1 Gold + 2 coins"]
    s = _pray(0)
    play(s, s.legal_actions()[0], s.legal_actions()[0])
    assert sum(s.villages) == 2
    s = _pray(1)
    assert s.track[P] == 7 and s.supply_discs[P] == 4
    s = _pray(2)
    assert s.track[P] == 8
    play(s, s.legal_actions()[0])
    assert s.chairs.count(P * 2) == 1 and s.supply_discs[P] == 2
    s = _pray(3)
    assert s.coins[P] == 2 and s.cube(P, data.GOLD) == 1


def _smugglers(cell: str) -> list[tuple[int, ...]]:
    out = []
    for part in cell.split(" / "):
        m = re.fullmatch(r"2 (\w+)", part)
        out.append((CUBE[m[1]],) * 2 if m else tuple(CUBE[w] for w in part.split("+")))
    return out


@pytest.mark.rule("rotunda", "SM1", "SM4", "SM7", "SM8")
def test_smugglers_as_in_the_table():
    cells = item_cells()
    listed = [x for k in ("SM1", "SM4", "SM7", "SM8") for x in _smugglers(cells[k][1])]
    assert [sorted(x) for x in listed] == [sorted(x) for x in data.SMUGGLERS]
    s = blank()
    begin(s, P)
    tok = s.smuggler_pool[0]
    play(s, Move(data.LODGE, data.I2), Execute(0, 0))
    assert sum(s.cubes[P * 4:P * 4 + 4]) == len(data.SMUGGLERS[tok])


@pytest.mark.rule("rotunda", "A1", "A8")
def test_eighteen_amulets_of_eleven_types():
    cells = item_cells()
    assert (cells["A1"][2], cells["A8"][2]) == ("14", "4")
    counts = [data.AMULET_TOKENS.count(t) for t in range(data.AMULET_TYPES)]
    assert counts == [2] * 7 + [1] * 4 and len(data.SET_VP) == 11
    s = engine.make("rotunda", 4, 2)
    on_table = [*s.amulet_spaces, s.end_amulet, *s.amulet_pool, *s.amulet_stack]
    assert sorted(on_table) == sorted(data.AMULET_TOKENS)


def _order_rows() -> list[list[str]]:
    text = page()
    part = text[text.index("### 12.4 Orders"):text.index("### 12.5")]
    return [[c.strip() for c in line.strip("|").split("|")]
            for line in part.splitlines() if re.match(r"\| O\d\d", line)]


def _cost(cell: str) -> tuple[int, int, int, int]:
    need = dict.fromkeys("TFC$", 0)
    for word in cell.split():
        need[word[-1]] += int(word[:-1]) if len(word) > 1 else 1
    return need["T"], need["F"], need["C"], need["$"]


@pytest.mark.rule("rotunda", "12.4")
def test_the_orders_are_the_pages_table():
    rows = _order_rows()
    assert len(rows) == 20
    for k, (name, cost, vp, effect) in enumerate(rows):
        o = data.ORDERS[k]
        assert name.rstrip("★") == o[0] and name.endswith("★") == o[8]
        assert _cost(cost) == data.ORDER_COSTS[k] and int(vp) == o[5]
        kind, *rest = effect.split()
        assert kind == o[6]
        if kind in ("E2", "E3"):
            assert CUBE[rest[0]] == o[7]
        if kind == "E1":
            assert int(rest[0]) == o[7]
        if kind == "E2":
            assert int(rest[1]) == data.E2_VP[o[0]]


@pytest.mark.rule("rotunda", "R2b")
def test_harbour_gives_one_gold():
    s = blank()
    begin(s, P)
    play(s, Move(data.LODGE, data.I2), Execute(3, 0))
    assert s.cube(P, data.GOLD) == 1 and s.supply[data.GOLD] == 10 - 4 - 1


@pytest.mark.rule("rotunda", "4.1d")
def test_uncovered_staircases_cross_as_in_the_table():
    text = page()
    part = text[text.index("| staircase | inner boundary |"):]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in part.splitlines()[2:5]]
    names = dict(zip(data.NODE_NAMES, range(data.NODES), strict=True))
    for k, (name, inner, outer) in enumerate(rows):
        a, b = (names[x] for x in inner.split(" / "))
        c, d = (names[x] for x in outer.split(" / "))
        assert data.STAIRCASES[k] == (name.split()[0], a, b, c, d)
        for lodge in range(3):
            g = data.GRAPHS[lodge]
            if lodge != k:                              # uncovered: two crossing moves
                assert d in g[a] and b in g[c]
            else:
                assert d not in g[a] and b not in g[c]


@pytest.mark.rule("rotunda", "4.2")
def test_the_default_graph_is_the_pages():
    text = page()
    part = text[text.index("```yaml"):text.index("villages: [V1")]
    names = dict(zip(data.NODE_NAMES, range(data.NODES), strict=True)) | {"LODGE": data.LODGE}
    listed = {}
    for node, body in re.findall(r"^(\w+): \{(.*)\}", part, re.M):
        succ = re.findall(r"(?:next|corridor|stairs): \[([^\]]*)\]", body)
        listed[names[node]] = {names[x.strip()] for cell in succ for x in cell.split(",")
                               if x.strip()}
    assert len(listed) == data.NODES
    assert {n: set(g) for n, g in enumerate(data.GRAPHS[0])} == listed


@pytest.mark.rule("rotunda", "3.4")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_seven_amulets_face_up_on_the_boards_and_three_in_the_pool(n):
    s = engine.make("rotunda", n, 6)
    assert len(s.amulet_spaces) == 6 and min(s.amulet_spaces) >= 0 and s.end_amulet >= 0
    assert len(s.amulet_pool) == 3 and len(s.amulet_stack) == 18 - 6 - 1 - 3
    obs = s.observation(0)
    assert obs.amulet_spaces == s.amulet_spaces and obs.end_amulet == s.end_amulet
    assert data.END_SPACE[n] == {2: 7, 3: 8, 4: 10, 5: 12}[n]
