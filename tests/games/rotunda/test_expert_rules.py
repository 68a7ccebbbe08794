"""The Experts' effects (rules §12.5, §9), one row of the table each: a one-shot Expert is
used in step 1 and what changed is compared with the card's words."""

from __future__ import annotations

import pytest

from engine.games.rotunda import data as D
from engine.games.rotunda.actions import (
    Activate,
    Apprentice,
    Choose,
    DiscardCard,
    Execute,
    Move,
    Peddler,
    PickCube,
    Skip,
)
from engine.games.rotunda.requests import KeepOrDiscard
from tests.games.rotunda.builder import begin, blank, play, seat_chair, set_seat

P = 1
TEA, FRUIT, CELADON = (PickCube(t) for t in D.BASIC)
PEDDLER = Peddler(0, 0)


def counts(s) -> dict[str, int]:
    """What a one-shot Expert can change for seat P."""
    return {"coins": s.coins[P], "vp": s.vp[P], "Tea": s.cube(P, D.TEA),
            "Fruit": s.cube(P, D.FRUIT), "Celadon": s.cube(P, D.CELADON),
            "Gold": s.cube(P, D.GOLD), "track": s.track[P], "supply": s.supply_discs[P],
            "villages": sum(s.villages[P::4]), "chairs": s.chairs.count(P * 2),
            "others' coins": sum(s.coins) - s.coins[P]}


#: (expert, the choices it asks for in order (None: it asks nothing), the options of the
#: first choice (None: not checked), what changed)
CASES = {
    "H1": (D.H1, [], None, {"coins": 3}),
    "H8": (D.H8, [], None, {"coins": 4, "Gold": 1, "track": 1, "supply": -1}),
    "P1": (D.P1, [FRUIT], {CELADON, FRUIT}, {"Fruit": 1}),
    "P2": (D.P2, [CELADON], {TEA, CELADON}, {"Celadon": 1}),
    "P4": (D.P4, [TEA], {TEA, FRUIT, CELADON},
           {"Tea": 1, "Gold": 1, "track": 1, "supply": -1}),
    "P6": (D.P6, [TEA, FRUIT], {TEA, FRUIT, CELADON},
           {"Tea": 1, "Fruit": 1, "others' coins": 3}),
    "T1 coins": (D.T1, [Choose(0)], {Choose(0), Choose(1)}, {"coins": 4}),
    "T1 VP": (D.T1, [Choose(1)], None, {"vp": 3}),
    "T2": (D.T2, [PEDDLER], None, {"coins": 1, "villages": 1, "supply": -1}),
    "T3": (D.T3, [Apprentice(D.I2)], None, {"chairs": 1, "supply": -1}),
    "T4": (D.T4, [], None, {"coins": 3 + 1}),
    "T5": (D.T5, [], None, {"coins": 1, "track": -2, "supply": 2}),
    "T6": (D.T6, [PEDDLER, PEDDLER], None, {"track": -1, "villages": 2, "supply": -1}),
    "T7": (D.T7, [Apprentice(D.I2)], None, {"track": -1, "chairs": 1}),
    "T8": (D.T8, [PEDDLER], None, {"coins": 1, "track": -1, "villages": 1}),
}


@pytest.mark.rule("rotunda", "H1", "H8", "P1", "P2", "P4", "P6", "T1", "T2", "T3", "T4",
                  "T5", "T6", "T7", "T8", "5.1b")
@pytest.mark.parametrize("case", sorted(CASES))
def test_one_shot_expert_does_what_its_card_says(case):
    expert, choices, first, changed = CASES[case]
    s = blank()
    set_seat(s, "experts", P, [expert])
    s.supply_discs[P] = 3
    begin(s, P)
    before = counts(s)
    play(s, Activate(expert))
    if first is not None:
        assert set(s.legal_actions()) == first
    for a in choices:
        assert Skip() not in s.legal_actions()           # the card's actions are not optional
        play(s, a)
    if isinstance(s.pending(), KeepOrDiscard):           # an amulet card (§5.1b)
        assert D.EXPERTS[expert][3] >= 0
        play(s, DiscardCard())
    else:
        assert D.EXPERTS[expert][3] < 0 and s.expert_discard[-1] == expert
    after = counts(s)
    assert {k: after[k] - before[k] for k in after if after[k] != before[k]} == changed
    assert s.experts[P] == () and type(s.pending()).__name__ == "MoveStep"


@pytest.mark.rule("rotunda", "H4")
def test_rich_man_scores_gold_gains_once_a_turn():
    s = blank()
    set_seat(s, "experts", P, [D.H4])
    seat_chair(s, P, D.I2)
    begin(s, P)
    play(s, Move(D.LODGE, D.I2), Execute(3, 0))
    assert s.vp[P] == 2
    play(s, Execute(3, 1))
    assert s.cube(P, D.GOLD) == 2 and s.vp[P] == 2
    s = blank()
    set_seat(s, "experts", P, [D.H4])
    begin(s, P)
    play(s, Move(D.LODGE, D.I1), Execute(D.TEA, 0))
    assert s.vp[P] == 0                                  # a basic cube is not Gold
