"""Rule items of the rules reference (docs/rules/dragon_castle.md) that no scenario test
named: components, the castle's grid, its layouts and the data tables (read from the page,
so that the page and the engine agree), shrines in the pool, spirit windows and Faith's
pool condition."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from engine.games.dragon_castle import data
from engine.games.dragon_castle.actions import (
    ActivateSpirit,
    ActivateSpiritShrine,
    BuildShrine,
    DiscardStone,
    Pair,
    Place,
    StoneAndShrine,
    TakeStone,
)
from engine.games.dragon_castle.requests import SpiritWindow
from engine.protocol import InvalidConfigError

from .builder import activations, empty_state, set_castle, set_cell, stone, with_spirit

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "dragon_castle.md"
M = [stone("merchant", n) for n in range(1, 7)]
S = [stone("soldier", n) for n in range(1, 7)]
F = [stone("farmer", n) for n in range(1, 7)]
SEASON = [stone("season", s) for s in ("spring", "summer", "autumn", "winter")]
W = [stone("wind", s) for s in ("rain", "storm", "cloud", "lightning")]


def page_text() -> str:
    return PAGE.read_text(encoding="utf-8")


def table_after(marker: str) -> list[list[str]]:
    """The cells of the first table after the line holding `marker` (header row first)."""
    lines = page_text().splitlines()
    start = next(i for i, line in enumerate(lines) if marker in line)
    rows: list[list[str]] = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            if not line.startswith("|---"):
                rows.append([c.strip() for c in line.strip("|").split("|")])
        elif rows:
            break
    return rows


def layout_blocks(heading: str) -> dict[str, tuple[str, ...]]:
    """The layouts drawn in the code block under `heading`: name -> rows."""
    text = page_text()
    part = text[text.index(heading):]
    block = part[part.index("```") + 3:]
    block = block[:block.index("```")]
    out: dict[str, tuple[str, ...]] = {}
    for chunk in block.strip("\n").split("\n\n"):
        lines = chunk.splitlines()
        starts = [m.start() for m in re.finditer(r"\S+", lines[0])
                  if re.match(r"[a-z][a-z_0-9]*$", m.group())]
        names = [lines[0][p:].split()[0] for p in starts]
        for k, name in enumerate(names):
            out[name] = tuple(line[starts[k]:starts[k] + data.CASTLE_COLS] for line in lines[1:])
    return out


# --- §2 components -------------------------------------------------------------------------
@pytest.mark.rule("dragon_castle", "2c")
def test_special_symbols_are_not_numbers():
    """§2c: a season, a wind, a season and a wind touching (no type set) do not form a
    Beauty set: special stones show no number, so they share none."""
    s = with_spirit(data.BEAUTY)
    set_castle(s, {(0, 2): [M[0]]})
    for c, k in enumerate((SEASON[0], W[0], SEASON[1], W[1])):
        set_cell(s, 0, 0, c, 1, k)
    s.pool[0] = 1
    assert activations(s) == []
    for c, k in enumerate((M[2], F[2], S[2], F[2])):  # the same with faction 3s
        set_cell(s, 0, 2, c, 1, k)
    assert ActivateSpiritShrine() in activations(s)


@pytest.mark.rule("dragon_castle", "2d")
def test_victory_points_have_no_limit():
    """§2d: VP are a counter without the 85 tokens' limit."""
    s = empty_state(2)
    set_castle(s, {(0, 2): [M[0]]})
    s.vp[0] = 85
    s.apply(TakeStone(0, 2))
    s.apply(DiscardStone())
    assert s.vp[0] == 86 and s.scores()[0] == 86


# --- §4 the castle -------------------------------------------------------------------------
@pytest.mark.rule("dragon_castle", "4.1a")
def test_the_castle_grid_is_12_by_8_and_its_edges_are_open():
    """§4.1a: 12 columns by 8 rows; a layout wider or longer is refused; cells outside the
    grid have height 0, so the stones in columns 0 and 11 have a free long side."""
    row = "3" * 12
    full = "/".join([row] * 3 + ["1" * 8 + "...."])  # 108 + 8 = 116 stones
    s = engine.make("dragon_castle", 2, 1, layout=full)
    assert s.layout.count("/") == 7  # padded to 8 rows
    assert [(a.x, a.y) for a in s.legal_actions()] == [(0, 0), (11, 0), (0, 1), (11, 1),
                                                       (0, 2), (11, 2)]
    assert len(s.observation(0).castle_heights) == 96
    with pytest.raises(InvalidConfigError):
        engine.make("dragon_castle", 2, 1, layout="/".join(["3" * 13] * 2 + ["3" * 12] * 1
                                                           + ["1" * 2]))
    with pytest.raises(InvalidConfigError):
        engine.make("dragon_castle", 2, 1, layout="/".join(["1" * 12] * 9 + ["11111111"]))


@pytest.mark.rule("dragon_castle", "4.1b")
def test_only_the_top_stone_of_a_stack_may_be_taken():
    """§4.1b: a merchant 1 under another stone is not free: it is no Pair partner, however
    open its stack's sides are; once the stone above it is taken it is."""
    s = empty_state(2)
    set_castle(s, {(0, 2): [F[0], M[0]], (3, 2): [M[0], F[1]], (6, 2): [F[2]]})
    s.apply(TakeStone(0, 2))
    assert [a for a in s.legal_actions() if isinstance(a, Pair)] == []
    assert s.castle_h[data.castle_index(3, 2)] == 2
    s.apply(DiscardStone())
    s.apply(TakeStone(3, 2))  # seat 1 takes the farmer above it
    s.apply(DiscardStone())
    s.apply(TakeStone(3, 2))  # seat 0: the merchant 1 is free now
    assert s.stack[-1].stone == M[0]


@pytest.mark.rule("dragon_castle", "4.1e")
def test_availability_follows_every_removal():
    """§4.1e: in a level-3 row `3 3 3` between two 2s, taking an end stone makes the middle
    one available; taking a stone uncovers the one beneath (here the Pair partner)."""
    s = empty_state(4)
    set_castle(s, {(3, 3): [M[0], M[0]], (4, 3): [M[1], M[2], M[3]],
                   (5, 3): [M[1], M[2], M[4]], (6, 3): [M[1], F[2], M[5]],
                   (7, 3): [F[4], F[4]]})
    assert TakeStone(5, 3) not in s.legal_actions()
    s.apply(TakeStone(4, 3))
    assert Pair(4, 3) not in s.legal_actions()  # the merchant 3 beneath is no merchant 4
    s.apply(DiscardStone())
    assert s.legal_actions()[:2] == [TakeStone(5, 3), TakeStone(6, 3)]
    s.apply(TakeStone(6, 3))  # merchant 6 off; the farmer 3 beneath is at level 2
    s.apply(DiscardStone())
    assert TakeStone(5, 3) in s.legal_actions()
    s.apply(TakeStone(5, 3))  # merchant 5 off: a merchant 3 lies beneath it ...
    assert Pair(5, 3) not in s.legal_actions()  # ... but it is no merchant 5
    t = empty_state(2)
    set_castle(t, {(0, 2): [M[1], M[1]], (6, 2): [F[0]]})
    t.apply(TakeStone(0, 2))
    assert t.legal_actions()[0] == Pair(0, 2)  # the uncovered merchant 2 is its partner


@pytest.mark.rule("dragon_castle", "4.3a")
def test_standard_layouts_are_the_ones_drawn():
    """§4.3a: the drawn standard layouts are the engine's, each holding 116 stones with
    its bottom level in the advised range of its player count."""
    drawn = layout_blocks("### 4.3 Standard layouts")
    assert set(drawn) == {f"standard_{p}p" for p in data.STANDARD_LAYOUTS}
    for p, rows in data.STANDARD_LAYOUTS.items():
        assert drawn[f"standard_{p}p"] == rows
        lo, hi = data.RECOMMENDED_L1[p]
        assert lo <= sum(ch != "." for r in rows for ch in r) <= hi
        assert sum(int(ch) for r in rows for ch in r if ch != ".") == 116


@pytest.mark.rule("dragon_castle", "4.4a")
def test_named_layouts_are_the_ones_drawn():
    drawn = layout_blocks("### 4.4 Named layouts")
    assert drawn == {name: rows for name, (rows, _) in data.NAMED_LAYOUTS.items()}


# --- §6.4 shrines ---------------------------------------------------------------------------
@pytest.mark.rule("dragon_castle", "6.4a")
def test_pool_shrines_score_nothing():
    s = empty_state(2)
    set_cell(s, 0, 0, 0, 2, F[0], up=False, shrine=True)
    before = s.score_parts(0)
    s.pool[0] = 4
    assert s.score_parts(0) == before == {"vp": 0, "shrines": 2, "countdown": 0}


# --- §8 spirits -----------------------------------------------------------------------------
@pytest.mark.rule("dragon_castle", "8.1e")
def test_each_spirit_is_offered_only_in_its_windows():
    """§8.1e: Depths and Deception only while the Pair is chosen (W2), Elegance not after
    the stones are taken (W3), Destruction in any window."""
    red, green = (data.IDENTITIES.index((data.DRAGON, c)) for c in ("red", "green"))
    castle = {(3, 2): [M[1], red], (4, 2): [F[0], F[1]], (5, 2): [F[2], red],
              (6, 2): [F[3], F[4]], (7, 2): [F[5]], (9, 2): [green]}
    for spirit in (data.DEPTHS, data.DECEPTION, data.ELEGANCE, data.DESTRUCTION):
        s = with_spirit(spirit)
        set_castle(s, castle)
        s.pool[0] = 2
        offered = {}
        offered[1] = bool(activations(s))
        s.apply(TakeStone(3, 2))
        offered[2] = bool(activations(s))
        s.apply(StoneAndShrine())
        offered[3] = isinstance(s.stack[-1], SpiritWindow) and bool(activations(s))
        allowed = data.SPIRIT_WINDOWS[spirit]
        assert offered == {w: w in allowed for w in (1, 2, 3)}, data.SPIRIT_CARDS[spirit]
    assert data.SPIRIT_WINDOWS[data.DEPTHS] == data.SPIRIT_WINDOWS[data.DECEPTION] == {data.W2}
    assert data.SPIRIT_WINDOWS[data.ELEGANCE] == {data.W1, data.W2}
    assert data.SPIRIT_WINDOWS[data.FAITH] == {data.W3, data.W4}


@pytest.mark.rule("dragon_castle", "8.2.8b")
def test_faith_needs_a_stone_merged_this_turn_and_a_shrine_left_after_paying():
    """§8.2.8b: with one pool shrine, paying it leaves none to build: Faith is paid with a
    face-up stone only; before anything merged this turn it is not offered at all."""
    s = with_spirit(data.FAITH)
    set_castle(s, {(0, 2): [W[3]]})
    for c in range(3):
        set_cell(s, 0, 0, c, 1, W[c])
    set_cell(s, 0, 4, 4, 2, F[0], up=False)  # merged in an earlier turn
    set_cell(s, 0, 5, 5, 1, S[0])  # a face-up stone to pay with
    s.pool[0] = 0
    s.apply(TakeStone(0, 2))
    s.apply(StoneAndShrine())  # pool 1
    assert activations(s) == []  # W3 before placing: nothing merged this turn
    s.apply(Place(0, 3))  # 4 winds merge
    s.apply(s.legal_actions()[-1])  # StopBuilding: keep the one pool shrine
    assert s.stack[-1] == SpiritWindow(0, data.W4)
    assert activations(s) == [ActivateSpirit(5, 5)]
    s.apply(ActivateSpirit(5, 5))
    assert s.legal_actions() == [BuildShrine(0, c) for c in range(4)]


# --- §10 data tables, read from the page -----------------------------------------------------
@pytest.mark.rule("dragon_castle", "10a", "2a")
def test_stone_table_is_the_engines():
    rows = table_after("**§10a**")
    assert rows[0][:4] == ["Type", "Class", "Symbols", "Copies"]
    listed = []
    for kind, klass, symbols, copies, _ in rows[1:]:
        t = data.TYPES.index(kind)
        assert (klass == "faction") == (t in data.FACTIONS)
        assert copies == f"{data.COPIES} each"
        listed += [(t, sym.strip()) for sym in symbols.split(",")]
    assert listed == list(data.IDENTITIES)
    s = engine.make("dragon_castle", 2, 0)
    assert sorted(k for k in s.castle if k >= 0) == sorted(
        k for k in range(len(listed)) for _ in range(data.COPIES))


@pytest.mark.rule("dragon_castle", "10b", "6.3d")
def test_merge_point_table_is_the_engines():
    head, vp = table_after("**§10b**")
    for n, points in zip(head[1:-1], vp[1:-1], strict=True):
        assert data.merge_points(int(n.split()[0])) == int(points)
    assert [data.merge_points(n) for n in range(8, 13)] == [8, 9, 10, 11, 12]


@pytest.mark.rule("dragon_castle", "10c", "3.3")
def test_countdown_table_is_the_setup():
    rows = table_after("**§10c**")
    tokens = next(r for r in rows if r[0].startswith("Tokens"))
    for k, p in enumerate((2, 3, 4)):
        per_space = [cell.split(" / ")[k] if " / " in cell else cell for cell in tokens[1:]]
        counts = [0 if v == "–" else int(v) for v in per_space]
        s = engine.make("dragon_castle", p, 0)
        assert counts[0] == s.track_stack
        assert sum(counts[1:]) == s.track_singles and counts[1:] == [1] * p + [0] * (4 - p)
