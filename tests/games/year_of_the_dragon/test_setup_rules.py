"""Components, setup and data (rules §2, §3, §10, §11): the tables are read from
docs/rules/year_of_the_dragon.md and checked against the engine, so the page and the engine
agree; the rest from the rules reference's words."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import engine
from engine.games.year_of_the_dragon import action_phase, data, flow, new_state
from engine.games.year_of_the_dragon.actions import BuildWall
from engine.games.year_of_the_dragon.data import ST_DRAFT
from engine.games.year_of_the_dragon.requests import ChooseAction, ChooseWallTile
from harness.rulemap.items import parse_items
from tests.games.year_of_the_dragon.builder import legal, position

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "year_of_the_dragon.md"
GAME = "year_of_the_dragon"


def item_cells() -> dict[str, list[str]]:
    """The page's table-row items by id, each the list of its cells after the id (the
    rules map's own reading of the page; an empty cell is left out)."""
    return {it.id: it.text.split(" | ") for it in parse_items(PAGE.read_text(encoding="utf-8"))}


def components() -> dict[str, list[str]]:
    """§2's rows by item id: the counts for N = 2, 3, 4, 5."""
    return {k: cells[1:] for k, cells in item_cells().items() if k.startswith("2.")}


def group_sizes() -> dict[tuple[int, int], tuple[int, ...]]:
    """§5.1.1's table: (cards, players) -> the sizes of the groups."""
    text = PAGE.read_text(encoding="utf-8")
    part = text[text.index("### 5.1 Phase 1"):text.index("**Choice.**")]
    out = {}
    for cards, cells in re.findall(r"^\| ([78]) \|(.*)\|$", part, re.M):
        for n, cell in zip(range(2, 6), cells.split("|"), strict=True):
            out[(int(cards), n)] = tuple(int(x) for x in cell.strip().split("-"))
    return out


def _numbers(cell: str) -> list[int]:
    """The whole numbers of a cell, its bracketed remark left out."""
    return [int(x) for x in re.findall(r"\d+", re.sub(r"\[.*?\]", "", cell))]


@pytest.mark.rule("year_of_the_dragon", "2.1", "2.2", "2.3", "3.1")
def test_the_person_supply_is_the_components_table():
    rows = components()
    for i, n in enumerate(range(2, 6)):
        supply = new_state(n, 0, {}).supply
        young, old = _numbers(rows["2.1"][i])
        for k in range(data.NUM_TYPES):
            if k in data.SINGLE_LEVEL:
                assert supply[data.tile_of(k, False)] == _numbers(rows["2.2"][i])[0]
            else:
                assert (supply[data.tile_of(k, False)],
                        supply[data.tile_of(k, True)]) == (young, old)
        assert sum(supply) == _numbers(rows["2.3"][i])[0]
    # §3.1: every missing player takes out 1 young + 1 old (two-level) or 2 tiles (single)
    five = new_state(5, 0, {}).supply
    for n in range(2, 5):
        out = [a - b for a, b in zip(five, new_state(n, 0, {}).supply, strict=True)]
        per_tile = [(2 if data.TILE_TYPE[t] in data.SINGLE_LEVEL else 1) * data.TILE_EXISTS[t]
                    for t in range(data.NUM_TILES)]
        assert out == [(5 - n) * k for k in per_tile]


@pytest.mark.rule("year_of_the_dragon", "2.4", "3.4a")
def test_every_player_starts_with_one_card_per_type_and_two_jokers():
    rows = components()
    for i, n in enumerate(range(2, 6)):
        s = new_state(n, i, {})
        for hand in s.hands:
            assert sum(hand) == _numbers(rows["2.4"][i])[0] == 11
            assert hand[:data.NUM_TYPES] == [1] * data.NUM_TYPES and hand[data.JOKER] == 2


@pytest.mark.rule("year_of_the_dragon", "2.5", "2.6", "5.1.1", "7a")
def test_seven_or_eight_action_cards_in_n_groups():
    rows = components()
    page_sizes = group_sizes()
    assert page_sizes == data.GROUP_SIZES
    for i, n in enumerate(range(2, 6)):
        base, wall = _numbers(rows["2.5"][i])
        for cards, great_wall in ((base, False), (wall, True)):
            s = position(n, great_wall=great_wall)
            flow.deal_action_cards(s)
            dealt = [g for g in s.card_group if g >= 0]
            assert len(dealt) == cards
            assert (s.card_group[data.BUILD_WALL] >= 0) == great_wall
            assert len(s.group_dragons) == _numbers(rows["2.6"][i])[0] == n
            sizes = sorted((dealt.count(g) for g in range(n)), reverse=True)
            assert tuple(sizes) == page_sizes[(cards, n)]


@pytest.mark.rule("year_of_the_dragon", "2.7")
def test_twelve_event_tiles_two_of_each_kind():
    rows = components()
    for i, n in enumerate(range(2, 6)):
        events = new_state(n, i, {}).events
        assert len(events) == _numbers(rows["2.7"][i])[0] == 12
        assert sorted(events) == sorted(2 * list(range(len(data.EVENT_NAMES))))


@pytest.mark.rule("year_of_the_dragon", "2.8", "3.4b", "7a")
def test_six_wall_tiles_per_player_one_of_each_bonus():
    rows = components()
    for i, n in enumerate(range(2, 6)):
        s = new_state(n, i, {"great_wall": True})
        assert s.wall == [] and s.wall_used == [0] * n
        tiles = 0
        for p in range(n):
            s.stack = [ChooseWallTile(p)]
            assert legal(s) == {BuildWall(b) for b in range(6)}
            tiles += len(legal(s))
        assert tiles == _numbers(rows["2.8"][i])[0] == 6 * n


@pytest.mark.rule("year_of_the_dragon", "2.9", "3.3a")
def test_one_of_ten_great_events_lies_on_slot_seven():
    drawn = {new_state(3, k, {"great_events": True}).great_event for k in range(60)}
    assert drawn == set(range(10)) and len(data.GREAT_EVENT_NAMES) == 10
    assert all(_numbers(c) == [1] for c in components()["2.9"])
    s = new_state(2, 0, {"great_events": True, "great_event": data.FLOOD})
    assert s.great_event == data.FLOOD and s.observation(1).great_event == data.FLOOD


@pytest.mark.rule("year_of_the_dragon", "3.4a")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_player_equipment(n):
    s = new_state(n, n, {})
    assert s.step == ST_DRAFT and s.round == 0
    assert s.track == [0] * n and s.vp == [0] * n and s.yuan == [6] * n
    assert s.palaces == [[[2], [2]] for _ in range(n)]
    assert s.rice == s.fireworks == s.small_privileges == s.large_privileges == [0] * n


@pytest.mark.rule("year_of_the_dragon", "10.1a", "10.1b", "10.1c", "10.1d", "10.1e", "10.1f",
                  "10.1g", "10.1h", "10.1i")
def test_the_person_types_are_the_table():
    cells = item_cells()
    rows = [cells[f"10.1{x}"] for x in "abcdefghi"]
    assert [r[0].lower() for r in rows] == [
        "craftsman", "court lady", "tax collector", "pyrotechnist", "warrior", "monk",
        "healer", "farmer", "scholar"]
    for k, row in enumerate(rows):
        assert row[0].lower() == data.PERSON_TYPE_NAMES[k]
        young = _numbers(row[3])
        old = _numbers(row[4])
        y, o = data.tile_of(k, False), data.tile_of(k, True)
        assert [data.TILE_VALUE[y], data.TILE_SYMBOLS[y]] == young
        if k in data.SINGLE_LEVEL:
            assert old == [] and not data.TILE_EXISTS[o]
        else:
            assert [data.TILE_VALUE[o], data.TILE_SYMBOLS[o]] == old
    # the rulebook's own numbers (§13): the draft sums and the examples' symbols
    v = data.TILE_VALUE
    T, S, F = (data.tile_of(k, False) for k in (data.TAX_COLLECTOR, data.SCHOLAR, data.FARMER))
    assert (v[T] + v[S], v[T] + v[F], v[S] + v[F]) == (7, 7, 8)


@pytest.mark.rule("year_of_the_dragon", "11a")
def test_everything_is_public_but_the_generator():
    s = engine.make(GAME, 3, 2, great_wall=True, great_events=True)
    rng = random.Random(2)
    for _ in range(80):
        s.apply(rng.choice(s.legal_actions()))
    for seat in range(3):
        o = s.observation(seat)
        assert o.hands == s.hands and o.palaces == s.palaces and o.supply == s.supply
        assert (o.yuan, o.rice, o.fireworks, o.vp) == (s.yuan, s.rice, s.fireworks, s.vp)
        assert o.events == s.events and o.great_event == s.great_event
        assert o.card_group == s.card_group and o.wall_used == s.wall_used


@pytest.mark.rule("year_of_the_dragon", "5.1.1", "5.1.4", "11b")
def test_the_action_cards_are_dealt_anew_every_round():
    s = position(2, round=1, sentinel=False, groups=[[0, 1, 2, 3], [4, 5, 6]],
                 stack=[ChooseAction(0), ChooseAction(1)])
    s.events = [data.PEACE] * 12
    s.hands = [[0] * data.NUM_CARDS, [0] * data.NUM_CARDS]
    deals = set()
    while not s.is_terminal():
        s.apply(action_phase.MONEY)
        deals.add(tuple(s.card_group))
    assert len(deals) >= 8  # 11 fresh deals of the 7 cards into a group of 4 and one of 3
