"""Dragon cards (rules §9) and their worked examples (rules §13.17-23)."""

from __future__ import annotations

import pytest

import engine
from engine.games.dragon_castle.data import DRAGON_CARDS, REALM_CELLS
from engine.games.dragon_castle.scoring import (
    Realm,
    courage,
    dragon_points,
    harmony,
    humility,
    knowledge,
    majesty,
    peace,
    piety,
    righteousness,
    valor,
)

from .builder import D, cell, stone

M = [stone("merchant", n) for n in range(1, 7)]
S = [stone("soldier", n) for n in range(1, 7)]


class R:
    """A mutable realm for one seat."""

    def __init__(self) -> None:
        self.h = [0] * REALM_CELLS
        self.t = [-1] * REALM_CELLS
        self.u = [0] * REALM_CELLS
        self.s = [0] * REALM_CELLS

    def put(self, r: int, c: int, height: int = 1, top: int = 0, up: bool = False,
            shrine: bool = False) -> R:
        i = cell(r, c)
        self.h[i], self.t[i], self.u[i], self.s[i] = height, top, int(up), int(shrine)
        return self

    def realm(self) -> Realm:
        return Realm(self.h, self.t, self.u, self.s)


@pytest.mark.rule("dragon_castle", "9.8a", "9.8b", "9.8c")
def test_example_17_power():
    """§13.17: merchants 10 vs left 9 -> 2, vs right 10 -> 1: 3. Only the best group counts."""
    me = R().put(0, 0, top=M[3], up=True).put(0, 1, top=M[5], up=True)  # 10
    me.put(3, 3, top=M[2], up=True)  # a separate group of 3
    left = R().put(0, 0, top=M[3], up=True).put(1, 0, top=M[4], up=True)  # 9
    right = R().put(5, 5, top=M[4], up=True).put(5, 4, top=M[5], up=True)  # 11 ...
    right.put(5, 4, top=M[4], up=True)  # ... now 10
    realms = [me.realm(), left.realm(), right.realm()]
    assert dragon_points("Power", realms, 0) == 3
    # no face-up merchant: 0, even against a neighbour with none
    assert dragon_points("Power", [R().realm(), R().realm(), R().realm()], 0) == 0
    # soldiers: I have some, neighbours none -> 2 + 2
    me.put(4, 4, top=S[0], up=True)
    assert dragon_points("Power", [me.realm(), left.realm(), right.realm()], 0) == 3 + 4
    # 2 players: compare once
    assert dragon_points("Power", [me.realm(), left.realm()], 0) == 2 + 2


@pytest.mark.rule("dragon_castle", "9.10")
def test_example_18_knowledge():
    """§13.18: rain + storm -> 4; duplicates neither add nor cancel; all 11 -> 22."""
    r = R().put(0, 0, top=stone("wind", "rain"), up=True)
    r.put(0, 1, top=stone("wind", "storm"), up=True)
    r.put(0, 2, top=stone("wind", "rain"), up=True)
    r.put(0, 3, top=stone("wind", "cloud"), up=False)  # face down: no
    r.put(0, 4, top=M[0], up=True)  # faction: no
    assert knowledge(r.realm()) == 4
    every = R()
    specials = [k for k in range(29) if k >= 18]
    for n, k in enumerate(specials):
        every.put(*divmod(n, 6), top=k, up=True)
    assert knowledge(every.realm()) == 22


@pytest.mark.rule("dragon_castle", "9.3", "9.4", "5b")
def test_example_19_courage_and_humility():
    """§13.19: a stack of 3 with neighbours 2, 1, 0 -> 1 (shrine irrelevant); a shrine on
    height 1 next to height 2 -> 1 however many higher neighbours."""
    r = R().put(2, 2, 3, shrine=True).put(1, 2, 2).put(2, 1, 1)
    assert courage(r.realm()) == 1
    assert courage(R().put(4, 4, 2).put(4, 5, 2).realm()) == 0  # an equal neighbour
    h = R().put(2, 2, 1, shrine=True).put(1, 2, 2).put(2, 3, 2).put(3, 2, 3)
    assert humility(h.realm()) == 1
    h.put(2, 1, 2, shrine=True)  # a second shrine may share the higher stack (2,2)? no: lower
    assert humility(h.realm()) == 1
    h.put(1, 1, 3)  # now (2,1) has a higher neighbour (1,1)
    assert humility(h.realm()) == 2
    assert humility(R().put(0, 0, 1, shrine=True).put(0, 1, 1).realm()) == 0  # equal: no


@pytest.mark.rule("dragon_castle", "9.5")
def test_example_20_righteousness():
    """§13.20: row 2 has 3 shrines of 6 -> 3; column 4 full -> 6 + 2; sharing (2,4) -> 11."""
    r = R()
    for row in range(6):
        r.put(row, 4, shrine=True)
    r.put(2, 0, shrine=True).put(2, 1, shrine=True)
    assert righteousness(r.realm()) == 11


@pytest.mark.rule("dragon_castle", "9.1")
def test_example_21_peace():
    """§13.21: face-down tops (0,0),(0,1),(1,1),(2,2),(4,4) -> 3 groups; a face-up stone on
    (0,1) splits them -> 4."""
    r = R()
    for rc in ((0, 0), (0, 1), (1, 1), (2, 2), (4, 4)):
        r.put(*rc)
    r.put(4, 4, shrine=True)  # a shrine on a face-down top still counts
    assert peace(r.realm()) == 3
    r.put(0, 1, height=2, top=M[0], up=True)
    assert peace(r.realm()) == 4


@pytest.mark.rule("dragon_castle", "9.7")
def test_example_22_piety():
    """§13.22: one face-up dragon next to 2 shrines -> 2; a shrine next to 2 dragons -> 1."""
    r = R().put(1, 1, top=D, up=True).put(0, 1, shrine=True).put(1, 0, shrine=True)
    assert piety(r.realm()) == 2
    t = R().put(2, 2, shrine=True).put(1, 2, top=D, up=True).put(3, 2, top=D, up=True)
    assert piety(t.realm()) == 1
    t.put(1, 2, top=D, up=False)
    t.put(3, 2, top=D, up=False)  # face-down dragons do not count
    assert piety(t.realm()) == 0


@pytest.mark.rule("dragon_castle", "9.9", "5e")
def test_example_23_harmony():
    """§13.23: heights symmetric on both axes, shrines (equal heights) on the vertical
    axis only -> 4 + 4 + 2 = 10. An empty realm scores nothing."""
    r = R()
    for rc in ((0, 0), (0, 5), (5, 0), (5, 5)):
        r.put(*rc, height=2)
    r.put(0, 0, height=2, shrine=True).put(0, 5, height=2, shrine=True)
    assert harmony(r.realm()) == 10
    assert harmony(R().realm()) == 0
    # shrines on mirrored cells at different heights are not mirrored
    assert harmony(R().put(0, 0, 1, shrine=True).put(0, 5, 2, shrine=True).realm()) == 0
    r.put(2, 2, height=1)  # breaks both height symmetries; shrines still mirrored (vertical)
    assert harmony(r.realm()) == 2


@pytest.mark.rule("dragon_castle", "9.2", "9.6", "5d")
def test_majesty_valor_and_edges():
    """Majesty: highest face-up number per faction at level >= 3; Valor: edge shrines."""
    r = R().put(2, 2, 3, top=M[4], up=True).put(2, 3, 4, top=M[5], up=True)
    r.put(3, 3, 2, top=S[5], up=True)  # level 2: no
    r.put(1, 1, 3, top=S[1], up=True)
    assert majesty(r.realm()) == 6 + 2
    v = R().put(0, 3, shrine=True).put(5, 5, 3, shrine=True).put(2, 2, shrine=True)
    assert valor(v.realm()) == 2
    v.put(3, 0, shrine=True).put(2, 5, 2, shrine=True)  # the left and right edges
    assert valor(v.realm()) == 4


@pytest.mark.rule("dragon_castle", "3.4", "9a")
def test_dragon_card_option_adds_points_at_the_end():
    s = engine.make("dragon_castle", 2, 7, dragon_card=True)
    assert len(s.dragon_cards) == 1
    name = DRAGON_CARDS[s.dragon_cards[0]]
    assert name in s.score_parts(0)
    plain = engine.make("dragon_castle", 2, 7)
    assert plain.dragon_cards == [] and set(plain.score_parts(0)) == {
        "vp", "shrines", "countdown"}
    drawn = {engine.make("dragon_castle", 2, seed, dragon_card=True).dragon_cards[0]
             for seed in range(60)}
    assert len(drawn) == len(DRAGON_CARDS)


@pytest.mark.rule("dragon_castle", "9.8b")
def test_power_faq_higher_than_left_lower_than_right():
    """Seed FAQ (Power): higher than one neighbour, lower than the other -> 2 VP."""
    me = R().put(0, 0, top=M[4], up=True)  # 5
    left = R().put(0, 0, top=M[3], up=True)  # 4
    right = R().put(0, 0, top=M[5], up=True)  # 6
    assert dragon_points("Power", [me.realm(), left.realm(), right.realm()], 0) == 2
    # seat 1's left is seat 2 (6 > 4? no), right is seat 0 (5 > 4? no): 0
    assert dragon_points("Power", [me.realm(), left.realm(), right.realm()], 1) == 0
