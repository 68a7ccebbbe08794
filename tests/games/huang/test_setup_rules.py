"""Set-up (rules §3), the geometry of §4, the data of §12 and what a seat may know (§13),
each checked against the rules reference's own words: the tables and coordinate lists are
read from docs/rules/huang.md, so the page and the engine agree."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest

import engine
from engine.games.huang import actions, data
from engine.games.huang import requests as Rq
from engine.games.huang.board import refresh
from engine.games.huang.data import (
    BLUE,
    GREEN,
    LEADER,
    MAPS,
    NEIGHBOURS,
    NUM_HEXES,
    RED,
    RHOMBI,
    TILE,
    TILE_COUNTS,
    TRIANGLES,
    WHITE,
    YELLOW,
    hex_index,
)
from engine.games.huang.setup import place_bandits
from engine.games.huang.state import HuangState
from engine.protocol import IllegalActionError
from tests.games.huang.test_scenarios import H, build, conserved, pagoda, play, tri, vp

Y, R, B, G, W = YELLOW, RED, BLUE, GREEN, WHITE
PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "huang.md"
LETTER = {"Y": Y, "R": R, "B": B, "G": G, "W": W}


def page() -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text[:text.find("<!-- rule-map: begin")]


def item_text(item: str) -> str:
    """The text of list item §`item` (its first line and its indented continuation)."""
    lines = page().splitlines()
    start = next(i for i, x in enumerate(lines) if f"**§{item}**" in x)
    out = [lines[start]]
    for x in lines[start + 1:]:
        if not x.startswith("  ") or x.lstrip().startswith(("- **§", "|")):
            break
        out.append(x)
    return " ".join(out)


def data_row(item: str) -> list[str]:
    """The cells of the §12 data table's row §`item` (item, name, value, basis)."""
    row = next(x for x in page().splitlines() if x.startswith(f"| **§{item}** |"))
    return [c.strip() for c in row.strip().strip("|").split("|")]


def coords(text: str) -> list[int]:
    """The hexes [q,r] named in `text`, in order (a reconstruction tag's text left out)."""
    text = re.sub(r"\[reconstructed:[^\]]*\]", "", text)
    return [H(int(q), int(r)) for q, r in re.findall(r"\[(-?\d+),(-?\d+)\]", text)]


def game(n: int, seed: int, **opts: bool) -> HuangState:
    s = engine.make("huang", n, seed, **opts)
    assert isinstance(s, HuangState)
    return s


# --- §3 setup ------------------------------------------------------------------------------


@pytest.mark.rule("huang", "3.1", "3.2a", "12.2")
@pytest.mark.parametrize("side", [0, 1])
def test_a_yellow_tile_on_every_capital_and_the_rest_in_the_bag(side: int) -> None:
    s = game(3, 5, eighteen_kingdoms=bool(side))
    capitals = MAPS[side].capitals
    assert len(capitals) == (7, 19)[side]
    assert [h for h in range(NUM_HEXES) if s.board[h]] == list(capitals)
    assert all(s.board[h] == TILE + Y for h in capitals)
    # everything else went into the bag before the deal: 131 (35 yellow) or 119 (23 yellow)
    before_deal = [s.bag[c] + s.market[c] + sum(s.hands[p * 5 + c] for p in range(3))
                   for c in range(5)]
    assert before_deal == [42 - len(capitals), 36, 24, 24, 12]
    assert sum(before_deal) == (131, 119)[side]
    value = data_row("12.2")[2]
    assert "base 131 (35 Y)" in value and "18 Kingdoms 119 (23 Y)" in value
    assert "2-p short −24" in value
    assert sum(game(2, 5, short_game=True).bag) == 131 - 24 - 18


@pytest.mark.rule("huang", "3.3", "3.5")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_pagodas_marker_palace_and_every_leader_start_off_the_board(n: int) -> None:
    s = game(n, n, imperial_palace=True)
    assert s.pagodas == [-1] * 9 and s.palace == -1 and s.marker == -1
    assert s.leaders == [-1] * (5 * n)
    assert not any(x >= LEADER for x in s.board)
    assert s.vp == [0] * (5 * n) and s.box == [0] * 5


@pytest.mark.rule("huang", "3.6", "12.6")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_six_hidden_tiles_each_and_six_face_up_in_the_market(n: int) -> None:
    s = game(n, 11 + n)
    assert [sum(s.hands[p * 5:p * 5 + 5]) for p in range(n)] == [6] * n
    assert sum(s.market) == 6
    assert s.observation(0).hand_sizes == [6] * n
    assert data_row("12.6")[2] == "6 / 6 / 6; hand 7 with the palace"
    assert (data.HAND_SIZE, data.MARKET_SIZE, data.EXCHANGE_MAX,
            data.PALACE_HAND_SIZE) == (6, 6, 6, 7)


@pytest.mark.rule("huang", "3.7", "13d")
def test_a_random_player_starts_from_the_seeded_generator() -> None:
    firsts = {game(4, seed).active for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    for seed in (3, 8):
        s = game(4, seed)
        assert s.pending() == Rq.ChooseAction(s.active)
        assert s.current_player() == s.active and s.actions_left == 2
        # one seed, one game: every chance event comes from the state's generator
        assert game(4, seed).to_bytes() == s.to_bytes()
    assert game(4, 3).to_bytes() != game(4, 8).to_bytes()


@pytest.mark.rule("huang", "13d")
def test_draws_come_from_the_generator_in_the_state() -> None:
    """An exchange draws with the state's generator: two clones draw the same tiles, a clone
    whose generator moved on draws others (bag and hands otherwise equal)."""
    s = build(n=2, hands={0: {R: 6}})
    t = s.clone()
    for x in (s, t):
        play(x, actions.Exchange(), *[actions.DiscardTile(R)] * 6)
    assert s.hands[:5] == t.hands[:5] and s.bag == t.bag
    outcomes = set()
    for k in range(6):
        v = build(n=2, hands={0: {R: 6}})
        v.rng.s += k
        play(v, actions.Exchange(), *[actions.DiscardTile(R)] * 6)
        outcomes.add(tuple(v.hands[:5]))
    assert len(outcomes) > 1


# --- §4 geometry -----------------------------------------------------------------------------


@pytest.mark.rule("huang", "4a")
def test_the_six_neighbours_in_direction_order() -> None:
    dirs = re.findall(r"\(([+−-]?\d),([+−-]?\d)\)", item_text("4a"))
    dirs = [(int(a.replace("−", "-")), int(b.replace("−", "-"))) for a, b in dirs]
    assert dirs == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert list(data.DIRECTIONS) == dirs
    q, r = 5, 5
    assert NEIGHBOURS[H(q, r)] == tuple(H(q + a, r + b) for a, b in dirs)
    # a corner hex has fewer neighbours, all of them on the board
    assert sorted(NEIGHBOURS[H(0, 0)]) == sorted([H(1, 0), H(0, 1)])
    assert all(h in NEIGHBOURS[n] for h in range(NUM_HEXES) for n in NEIGHBOURS[h])


@pytest.mark.rule("huang", "4b", "12.10")
def test_eleven_rows_of_fifteen_hexes() -> None:
    assert data_row("12.10")[2] == "165 hexes, 15 × 11"
    assert NUM_HEXES == 165
    for r in range(11):
        on = [q for q in range(-10, 20) if hex_index(q, r) >= 0]
        assert on == list(range(-(r // 2), 15 - r // 2))
    assert hex_index(0, 11) == -1 and hex_index(0, -1) == -1
    for side in (0, 1):
        assert len(MAPS[side].land) + len(MAPS[side].river) == 165


@pytest.mark.rule("huang", "4c")
def test_a_tile_a_leader_or_a_bandit_tile_occupies_its_hex() -> None:
    """Nothing goes on a hex holding a tile, a leader or a bandit tile; a granary or a
    pagoda occupies no hex of its own (the emptied granary hex takes a tile)."""
    s = build(n=2, tiles={(6, 5): Y, (7, 5): Y, (6, 6): Y},
              leaders={(1, B): (5, 5)}, hands={0: {Y: 1, R: 1}},
              pagodas={pagoda(Y): tri((6, 5), (7, 5), (6, 6))})
    s.bandits_module, s.bandits = True, [2]
    for h in data.BANDIT_SITES[2]:
        s.board[h] = -2
    refresh(s)
    s.apply(actions.PlaceTile(R))
    offered = {a.hex for a in s.legal_actions()}  # type: ignore[attr-defined]
    for taken in ((6, 5), (5, 5), (2, 1)):
        assert H(*taken) not in offered
    assert H(7, 6) in offered
    for taken in ((6, 5), (5, 5), (2, 1)):
        with pytest.raises(IllegalActionError):
            s.apply(actions.TileTo(H(*taken)))
    s = build(n=2, tiles={(6, 5): Y}, leaders={(1, B): (5, 5)}, hands={0: {R: 1}})
    s.apply(actions.PositionLeader(G))
    assert actions.LeaderTo(H(5, 5)) not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(actions.LeaderTo(H(5, 5)))


@pytest.mark.rule("huang", "4d")
def test_leaders_and_tiles_link_groups_and_a_group_needs_a_leader_to_be_a_kingdom() -> None:
    """A red leader links the yellow tile on one side to a red tile placed on its other
    side: one kingdom, so the tile scores for that leader's owner. Without the leader the two
    tiles are two groups, and a leaderless group is no kingdom: no VP."""
    s = build(n=2, tiles={(6, 5): Y}, leaders={(1, R): (7, 5)}, hands={0: {R: 2}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(8, 5)))  # touches only the leader
    assert s.labels[H(8, 5)] == s.labels[H(6, 5)] == s.labels[H(7, 5)]
    assert vp(s, 1, R) == 1
    s = build(n=2, tiles={(6, 5): Y, (7, 5): Y}, hands={0: {R: 1}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(8, 5)))  # joins the two yellow tiles: no leader
    assert s.labels[H(8, 5)] == s.labels[H(6, 5)] and sum(s.vp) == 0


@pytest.mark.rule("huang", "4d", "11.1b")
def test_a_bandit_tile_links_groups_like_a_tile() -> None:
    """A tile next to a bandit tile whose other side touches a kingdom links the bandit to
    that kingdom (so it is a bandit fight, here legal with 2 red tiles for bandit 6)."""
    s = build(n=2, tiles={(11, 4): Y, (10, 4): R, (11, 5): R}, leaders={(1, R): (12, 4)},
              hands={0: {G: 1}})
    s.bandits_module, s.bandits = True, [6]
    for h in data.BANDIT_SITES[6]:
        s.board[h] = -6
    refresh(s)
    assert s.labels[H(10, 3)] == s.labels[H(10, 4)] == s.labels[H(12, 4)]  # bandit touches it
    assert not any(s.board[h] == TILE + c for h in data.BANDIT_SITES[6] for c in range(5))
    play(s, actions.PlaceTile(G), actions.TileTo(H(8, 4)))  # next to the bandit tile only
    assert s.bandits == [] and vp(s, 1, R) == 2


def _pairwise_adjacent_triples() -> set[frozenset[int]]:
    out = set()
    for h in range(NUM_HEXES):
        for a, b in combinations(NEIGHBOURS[h], 2):
            if b in NEIGHBOURS[a]:
                out.add(frozenset((h, a, b)))
    return out


@pytest.mark.rule("huang", "4e")
def test_triangles_are_the_pairwise_adjacent_triples() -> None:
    assert {frozenset(t) for t in TRIANGLES} == _pairwise_adjacent_triples()
    assert len(TRIANGLES) == len(set(map(frozenset, TRIANGLES)))
    # both forms build a pagoda: {h, h+(1,-1), h+(1,0)} and {h, h+(1,0), h+(0,1)}
    for cells in (((6, 5), (7, 4), (7, 5)), ((6, 5), (7, 5), (6, 6))):
        s = build(n=2, tiles={cells[0]: R, cells[1]: R}, hands={0: {R: 1}})
        play(s, actions.PlaceTile(R), actions.TileTo(H(*cells[2])))
        assert s.legal_actions() == [actions.BuildPagoda(tri(*cells)), actions.Pass()]


@pytest.mark.rule("huang", "4f")
def test_a_palace_rhombus_is_two_triangles_sharing_an_edge() -> None:
    tris = [frozenset(t) for t in TRIANGLES]
    pairs = {a | b for a, b in combinations(tris, 2) if len(a & b) == 2}
    assert {frozenset(r) for r in RHOMBI} == pairs and len(RHOMBI) == len(pairs) == 396
    assert "two triangles sharing an edge" in item_text("4f")


@pytest.mark.rule("huang", "4g", "6.2.5a")
def test_no_tile_supports_two_buildings() -> None:
    """A yellow triangle sharing a tile with the yellow pagoda's triangle is no candidate;
    the triangle of three free tiles next to it is."""
    old = tri((6, 5), (7, 5), (6, 6))
    s = build(n=2, tiles={(6, 5): Y, (7, 5): Y, (6, 6): Y, (7, 6): Y},
              pagodas={pagoda(Y): old}, hands={0: {Y: 2}})
    play(s, actions.PlaceTile(Y), actions.TileTo(H(7, 4)))  # (6,5) (7,4) (7,5): two support tiles
    assert s.actions_left == 1 and actions.BuildPagoda(tri((6, 5), (7, 4), (7, 5))) not in (
        s.legal_actions())
    play(s, actions.PlaceTile(Y), actions.TileTo(H(8, 5)))  # (7,5) (8,5) (7,6): (7,5) supports
    assert not any(isinstance(a, actions.BuildPagoda) for a in s.legal_actions())


@pytest.mark.rule("huang", "4h", "7a")
def test_a_pagoda_belongs_to_the_kingdom_of_its_support_tiles() -> None:
    """The red leader next to the red pagoda's tiles scores at the end of the turn; a red
    leader of a separate kingdom does not."""
    red = tri((6, 5), (7, 5), (6, 6))
    for leader, scores in (((8, 4), 1), ((10, 4), 0)):
        s = build(n=2, tiles={(6, 5): R, (7, 5): R, (6, 6): R, (8, 5): Y, (10, 5): Y},
                  leaders={(0, R): leader}, pagodas={pagoda(R): red}, hands={0: {W: 1}})
        s.actions_left = 1
        play(s, actions.PlaceTile(W), actions.TileTo(H(2, 9)))
        assert vp(s, 0, R) == scores and s.active == 1


# --- §12 data -------------------------------------------------------------------------------


@pytest.mark.rule("huang", "12.1")
def test_the_tiles_are_the_table() -> None:
    value = data_row("12.1")[2]
    counts = dict(re.findall(r"([YRBGW]) (\d+)", value))
    assert tuple(int(counts[k]) for k in "YRBGW") == TILE_COUNTS == (42, 36, 24, 24, 12)
    assert value.endswith("= 138")
    for n, seed in ((2, 1), (5, 2)):
        s = game(n, seed)
        assert conserved(s)  # board + hands + market + bag hold exactly these tiles


@pytest.mark.rule("huang", "12.3")
def test_the_pagodas_are_the_table() -> None:
    value = data_row("12.3")[2]
    counts = dict(re.findall(r"([YRBGW]) (\d)", value))
    assert [int(counts[k]) for k in "YRBGW"] == [data.PAGODA_COLOUR.count(c) for c in range(5)]
    assert data.PAGODA_COLOUR == (Y, Y, R, R, B, B, G, G, W)
    assert data.PAGODA_NAMES == ("Court", "Garrison", "Granary", "Market", "Workshop")
    # a second pagoda of one colour comes from the supply; the single white one moves
    s = build(n=2, tiles={(6, 5): W, (7, 5): W, (6, 6): W, (1, 1): W, (2, 1): W},
              pagodas={pagoda(W): tri((6, 5), (7, 5), (6, 6))}, hands={0: {W: 1}})
    play(s, actions.PlaceTile(W), actions.TileTo(H(1, 2)),
         actions.BuildPagoda(tri((1, 1), (2, 1), (1, 2))))
    assert s.pagodas[pagoda(W)] == tri((1, 1), (2, 1), (1, 2))


@pytest.mark.rule("huang", "12.4", "12.5")
def test_leaders_and_dynasties_are_the_table() -> None:
    leaders = data_row("12.4")[2]
    assert re.findall(r"[YRBGW] (\w+)", leaders) == list(data.LEADER_NAMES)
    assert [LETTER[x] for x in re.findall(r"([YRBGW]) \w+", leaders)] == [Y, R, B, G, W]
    dynasties = re.findall(r"[A-Z]\w+", data_row("12.5")[2])
    assert dynasties == list(data.DYNASTIES)
    s = game(5, 1)
    text = s.render()
    assert all(f"{name} (seat {p})" in text for p, name in enumerate(data.DYNASTIES))


@pytest.mark.rule("huang", "12.7")
def test_nineteen_granaries_worth_two_blue_each() -> None:
    assert data_row("12.7")[2] == "19, worth 2 blue VP each"
    s = game(3, 2, eighteen_kingdoms=True)
    assert len(s.granaries) == 19
    s.vp[:4] = [5, 5, 1, 5]
    s.granaries_held[0] = 2
    assert s.final_vector(0) == [5, 5, 5, 5]


@pytest.mark.rule("huang", "12.8", "11.1a")
def test_ten_bandit_tiles_five_of_them_in_play_at_random() -> None:
    assert data_row("12.8")[2] == "10, of which 5 are used"
    assert len(data.BANDIT_SITES) - 1 == 10
    chosen = set()
    for seed in range(12):
        s = game(2, seed, bandits=True)
        assert len(s.bandits) == 5 and set(s.bandits) <= set(range(1, 11))
        chosen.add(tuple(s.bandits))
    assert len(chosen) > 6 and set().union(*chosen) == set(range(1, 11))


@pytest.mark.rule("huang", "12.9")
def test_bandit_counts_are_the_table() -> None:
    pairs = re.findall(r"(\d+):(\d)", data_row("12.9")[2])
    assert [int(n) for n, _ in pairs] == list(range(1, 11))
    assert tuple(int(k) for _, k in pairs) == data.BANDIT_COUNT[1:]


@pytest.mark.rule("huang", "12.B1", "12.B2")
def test_the_base_rivers_are_the_page_and_every_other_hex_is_land() -> None:
    yellow, yangtze = coords(item_text("12.B1")), coords(item_text("12.B2"))
    assert len(yellow) == len(yangtze) == 19
    for river in (yellow, yangtze):
        main = river[:-2]  # flow order, west to east: one connected chain
        assert all(b in NEIGHBOURS[a] for a, b in zip(main, main[1:], strict=False))
    assert set(MAPS[0].river) == set(yellow) | set(yangtze)
    assert len(MAPS[0].river) == 38 and len(MAPS[0].land) == 127
    # the widenings make blue triangles
    blue = [t for t in TRIANGLES if all(MAPS[0].is_river[h] for h in t)]
    assert {h for t in blue for h in t} >= set(yellow[-2:]) | set(yangtze[-2:])


@pytest.mark.rule("huang", "12.B3")
def test_the_base_capitals_are_the_page() -> None:
    text = item_text("12.B3")
    named = re.findall(r"(\w+) \[(-?\d+),(-?\d+)\]", text)
    assert {name: (int(q), int(r)) for name, q, r in named} == data.CAPITALS
    assert MAPS[0].capitals == tuple(sorted(H(int(q), int(r)) for _, q, r in named))
    assert [h for h in range(NUM_HEXES) if game(2, 4).board[h]] == list(MAPS[0].capitals)


@pytest.mark.rule("huang", "12.B4")
def test_the_bandit_sites_are_the_page() -> None:
    text = page()
    table = text[text.index("**§12.B4**"):text.index("Most sites border a river")]
    sites: dict[int, list[int]] = {}
    for row in table.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].isdigit():
            sites[int(cells[0])] = sorted(coords(cells[1]))
            sites[int(cells[2])] = sorted(coords(cells[3]))
    assert sorted(sites) == list(range(1, 11))
    assert [sites[n] for n in range(1, 11)] == [list(x) for x in data.BANDIT_SITES[1:]]
    caps = set(MAPS[0].capitals)
    for n, cells in sites.items():
        assert not any(MAPS[0].is_river[h] or h in caps for h in cells)
        around = {x for h in cells for x in NEIGHBOURS[h]} - set(cells)
        assert not around & caps
        assert not around & {h for m, o in sites.items() if m != n for h in o}
    s = build(n=2)
    place_bandits(s)
    assert all(s.board[h] == -n for n in s.bandits for h in data.BANDIT_SITES[n])


@pytest.mark.rule("huang", "12.E1", "12.E2", "11.2b")
def test_the_eighteen_kingdoms_rivers_are_the_page_and_hold_no_triangle() -> None:
    yellow, yangtze = coords(item_text("12.E1")), coords(item_text("12.E2"))
    assert len(yellow) == len(yangtze) == 18
    for river in (yellow, yangtze):
        assert all(b in NEIGHBOURS[a] for a, b in zip(river, river[1:], strict=False))
    assert set(MAPS[1].river) == set(yellow) | set(yangtze)
    assert not any(all(MAPS[1].is_river[h] for h in t) for t in TRIANGLES)
    # a blue tile goes on any of them and never completes a blue triangle
    s = build(n=2, hands={0: {B: 2}})
    s.side = 1
    refresh(s)
    play(s, actions.PlaceTile(B), actions.TileTo(yellow[3]))
    assert not any(isinstance(a, actions.BuildPagoda) for a in s.legal_actions())


@pytest.mark.rule("huang", "12.E3", "11.2a")
def test_the_nineteen_capitals_with_granaries_are_the_page() -> None:
    caps = coords(item_text("12.E3"))
    assert len(caps) == len(set(caps)) == 19
    assert MAPS[1].capitals == tuple(sorted(caps))
    s = game(3, 9, eighteen_kingdoms=True)
    assert s.granaries == sorted(caps) and s.side == 1
    assert all(s.board[h] == TILE + Y for h in caps)
    for a, b in combinations(caps, 2):  # any two at distance >= 3
        assert b not in NEIGHBOURS[a]
        assert not set(NEIGHBOURS[a]) & set(NEIGHBOURS[b])


# --- §13 information ---------------------------------------------------------------------------


@pytest.mark.rule("huang", "13b", "13c")
def test_vp_board_leaders_market_box_and_commitments_are_public() -> None:
    s = build(n=3, tiles={(8, 5): R, (9, 5): Y, (7, 4): R, (6, 4): Y},
              leaders={(0, R): (9, 4), (1, R): (5, 5)},
              hands={0: {R: 3}, 1: {R: 2, B: 1}}, market={G: 2}, vp={1: {G: 4, W: 1}})
    s.box[B] = 2
    play(s, actions.PlaceTile(R), actions.TileTo(H(7, 5)), actions.SupportParty(0),
         actions.CommitTiles(2))
    for seat in range(3):
        obs = s.observation(seat)
        assert obs.vp == s.vp and obs.vp[5 + G] == 4
        assert obs.board == s.board and obs.leaders == s.leaders and obs.pagodas == s.pagodas
        assert obs.market == s.market and obs.box == s.box and obs.bag_size == sum(s.bag)
        assert obs.war is not None
        assert obs.war.tiles == s.war.tiles == (2, 0)  # type: ignore[union-attr]
        assert obs.hand_sizes == [2, 1, 0]


@pytest.mark.rule("huang", "13a")
def test_hands_bag_and_face_down_discards_are_hidden() -> None:
    a = build(n=2, hands={0: {R: 2}, 1: {G: 3}})
    b = build(n=2, hands={0: {R: 2}, 1: {Y: 1, W: 2}})
    assert sum(a.bag) == sum(b.bag) and a.bag != b.bag
    assert a.observation(0) == b.observation(0)  # seat 1's hand and the bag differ unseen
    assert a.observation(1) != b.observation(1)
    play(a, actions.Exchange(), actions.DiscardTile(R), actions.Pass())
    obs = a.observation(1)
    assert obs.hidden_counts == [1, 0] and obs.box == [0] * 5  # the colour is not shown
