"""The Experts' effects (rules §12.5, §9), one row of the table each: a one-shot Expert is
used in step 1 and what changed is compared with the card's words."""

from __future__ import annotations

import pytest

from engine.games.rotunda import data
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
TEA, FRUIT, CELADON = (PickCube(t) for t in data.BASIC)
PEDDLER = Peddler(0, 0)


def counts(s) -> dict[str, int]:
    """What a one-shot Expert can change for seat P."""
    return {"coins": s.coins[P], "vp": s.vp[P], "Tea": s.cube(P, data.TEA),
            "Fruit": s.cube(P, data.FRUIT), "Celadon": s.cube(P, data.CELADON),
            "Gold": s.cube(P, data.GOLD), "track": s.track[P], "supply": s.supply_discs[P],
            "villages": sum(s.villages[P::4]), "chairs": s.chairs.count(P * 2),
            "others' coins": sum(s.coins) - s.coins[P]}


#: (expert, the choices it asks for in order (None: it asks nothing), the options of the
#: first choice (None: not checked), what changed)
CASES = {
    "H1": (data.H1, [], None, {"coins": 3}),
    "H8": (data.H8, [], None, {"coins": 4, "Gold": 1, "track": 1, "supply": -1}),
    "P1": (data.P1, [FRUIT], {CELADON, FRUIT}, {"Fruit": 1}),
    "P2": (data.P2, [CELADON], {TEA, CELADON}, {"Celadon": 1}),
    "P4": (data.P4, [TEA], {TEA, FRUIT, CELADON},
           {"Tea": 1, "Gold": 1, "track": 1, "supply": -1}),
    "P6": (data.P6, [TEA, FRUIT], {TEA, FRUIT, CELADON},
           {"Tea": 1, "Fruit": 1, "others' coins": 3}),
    "T1 coins": (data.T1, [Choose(0)], {Choose(0), Choose(1)}, {"coins": 4}),
    "T1 VP": (data.T1, [Choose(1)], None, {"vp": 3}),
    "T2": (data.T2, [PEDDLER], None, {"coins": 1, "villages": 1, "supply": -1}),
    "T3": (data.T3, [Apprentice(data.I2)], None, {"chairs": 1, "supply": -1}),
    "T4": (data.T4, [], None, {"coins": 3 + 1}),
    "T5": (data.T5, [], None, {"coins": 1, "track": -2, "supply": 2}),
    "T6": (data.T6, [PEDDLER, PEDDLER], None, {"track": -1, "villages": 2, "supply": -1}),
    "T7": (data.T7, [Apprentice(data.I2)], None, {"track": -1, "chairs": 1}),
    "T8": (data.T8, [PEDDLER], None, {"coins": 1, "track": -1, "villages": 1}),
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
        assert data.EXPERTS[expert][3] >= 0
        play(s, DiscardCard())
    else:
        assert data.EXPERTS[expert][3] < 0 and s.expert_discard[-1] == expert
    after = counts(s)
    assert {k: after[k] - before[k] for k in after if after[k] != before[k]} == changed
    assert s.experts[P] == () and type(s.pending()).__name__ == "MoveStep"


@pytest.mark.rule("rotunda", "H4")
def test_rich_man_scores_gold_gains_once_a_turn():
    s = blank()
    set_seat(s, "experts", P, [data.H4])
    seat_chair(s, P, data.I2)
    begin(s, P)
    play(s, Move(data.LODGE, data.I2), Execute(3, 0))
    assert s.vp[P] == 2
    play(s, Execute(3, 1))
    assert s.cube(P, data.GOLD) == 2 and s.vp[P] == 2
    s = blank()
    set_seat(s, "experts", P, [data.H4])
    begin(s, P)
    play(s, Move(data.LODGE, data.I1), Execute(data.TEA, 0))
    assert s.vp[P] == 0                                  # a basic cube is not Gold
