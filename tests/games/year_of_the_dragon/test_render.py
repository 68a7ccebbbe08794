"""Readable renders and actions in rulebook words (issue 21): golden files for fixed seeds
(regenerate with UPDATE_GOLDEN=1 and read the diff), concrete words of actions, 80 columns."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from engine.games.year_of_the_dragon import data
from engine.games.year_of_the_dragon.actions import (
    BuildFloor,
    BuildWall,
    BuyPrivilege,
    ChoosePerson,
    DiscardPerson,
    DraftPair,
    Edict,
    PlacePerson,
    Release,
    TakeAction,
    TakeMoney,
)
from engine.games.year_of_the_dragon.requests import (
    BuildFloors,
    ChooseAction,
    ChooseEdict,
    ChoosePrivilege,
    ChooseTile,
    ChooseWallTile,
    EarthquakeOverfull,
    PlaceRecruit,
)
from tests.games.year_of_the_dragon.builder import OLD, Y, position
from tests.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
OPTIONS = {"great_wall": True, "great_events": True}


def _play(n: int, seed: int, steps: int | None, **options):
    """A random game from a fixed seed, `steps` decisions in (None: to the end)."""
    s = engine.make("year_of_the_dragon", n, seed, **options)
    pick = random.Random(seed)
    k = 0
    while not s.is_terminal() and (steps is None or k < steps):
        s.apply(pick.choice(s.legal_actions()))
        k += 1
    return s


CASES = {
    "start_3p": lambda: _play(3, 11, 0, **OPTIONS).render(),
    "middle_4p": lambda: _play(4, 12, 150, **OPTIONS).render(),
    "middle_4p_seat2": lambda: _play(4, 12, 150, **OPTIONS).render(2),
    "final_5p": lambda: _play(5, 13, None, **OPTIONS).render(),
    "final_2p_base": lambda: _play(2, 14, None).render(),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_renders(name):
    text = CASES[name]()
    check_golden(GOLDEN / f"{name}.txt", text + "\n")


def test_every_render_fits_80_columns_and_ends_with_the_decision():
    for n in (2, 5):
        s = engine.make("year_of_the_dragon", n, 5, **OPTIONS)
        pick = random.Random(5)
        while not s.is_terminal():
            text = s.render()
            assert max(len(line) for line in text.splitlines()) <= 80, text
            assert " ".join(text.split()).endswith(s.describe_pending())
            s.apply(pick.choice(s.legal_actions()))
        assert "Score breakdown" in s.render()


def test_render_styles_seats_and_person_colours():
    s = _play(3, 11, 40, **OPTIONS)
    styles = {str(span.style) for span in s.render_text().spans}
    assert "bold red" in styles and "bold blue" in styles  # seats 0 and 1
    assert "red" in styles or "green" in styles  # person tiles in their colours


def test_draft_and_recruit_words():
    s = engine.make("year_of_the_dragon", 3, 1)
    assert s.describe_pending() == "seat 0: draft 2 young persons of two different types"
    assert s.describe_action(DraftPair(data.TAX_COLLECTOR, data.SCHOLAR)) == (
        "take a tax collector and a young scholar (track +7)")
    s.apply(DraftPair(data.TAX_COLLECTOR, data.SCHOLAR))
    assert s.describe_pending() == "seat 0: put the tax collector into a palace"
    s.apply(PlacePerson(0))
    assert s.describe_pending() == "seat 0: put the young scholar into a palace (marker +7)"
    assert s.describe_action(PlacePerson(0)) == (
        "put the young scholar into palace 1 (2 floors, 1 free)")
    assert s.describe_action(PlacePerson(1)) == (
        "put the young scholar into palace 2 (2 floors, 2 free)")


def test_full_palaces_name_the_tile_being_placed():
    s = position(palaces={0: [[1, Y[data.MONK]], [2, OLD[data.FARMER], Y[data.HEALER]]]},
                 stack=[PlaceRecruit(0, OLD[data.SCHOLAR], 2)])
    assert s.describe_pending() == (
        "seat 0: palaces full: the old scholar replaces someone or is discarded")
    words = [s.describe_action(a) for a in s.legal_actions()]
    assert "release the old farmer from palace 2; the old scholar moves in" in words
    assert s.describe_action(DiscardPerson()) == (
        "discard the old scholar (it leaves the game; the marker does not move)")


def test_the_played_card_and_the_supply_show():
    s = position(stack=[ChooseTile(0, data.FARMER)])
    assert s.describe_pending() == (
        "seat 0: played the farmer card: take a person from the supply")
    n = s.supply[OLD[data.FARMER]]
    assert s.describe_action(ChoosePerson(OLD[data.FARMER])) == (
        f"take an old farmer (track +1, 2 rice sacks; {n} in the supply)")
    s = position(stack=[ChooseTile(0, data.JOKER)])
    assert "played the ? card (any person)" in s.describe_pending()


def test_action_words_give_the_group_fee_and_the_gain():
    s = position(groups=[[data.TAXES, data.BUILD], [data.PRIVILEGE]], yuan=[5, 5, 5],
                 palaces={0: [[2, Y[data.TAX_COLLECTOR], Y[data.CRAFTSMAN]]]},
                 stack=[ChooseAction(0)])
    s.group_dragons = [1, 0]
    assert s.describe_action(TakeAction(data.TAXES)) == (
        "dragon on group 1, pay 3 yuan: Taxes (+5 yuan)")
    assert s.describe_action(TakeAction(data.PRIVILEGE)) == (
        "dragon on group 2: Privilege (buy a privilege)")
    assert s.describe_action(TakeMoney()) == "no dragon: take money up to 3 yuan (+0)"
    s = position(palaces={0: [[2, Y[data.MONK]], [3, Y[data.FARMER]]]}, stack=[BuildFloors(0, 2)])
    assert s.describe_pending() == (
        "seat 0: build 2 floors, one at a time (palaces below 3 floors, or a new one)")
    assert s.describe_action(BuildFloor(0)) == "build a floor on palace 1 (2 -> 3 floors)"
    assert s.describe_action(BuildFloor(-1)) == "build a new 1-floor palace (palace 3)"
    s = position(yuan=[9, 0, 0], stack=[ChoosePrivilege(0)])
    assert s.describe_action(BuyPrivilege(True)) == (
        "buy a large privilege (7 yuan, 2 dragons: 2 VP a round)")


def test_wall_and_great_event_words():
    s = position(great_wall=True, stack=[ChooseWallTile(0)])
    s.wall = [1, 2]
    assert s.describe_action(BuildWall(data.WALL_RICE)) == (
        "build the wall tile '1 rice' under event slot 3")
    s = position(palaces={0: [[1, Y[data.MONK], OLD[data.WARRIOR]]]}, stack=[EarthquakeOverfull(0)])
    assert s.describe_action(Release(0, OLD[data.WARRIOR])) == (
        "release the old warrior from palace 1 (1 floor, 1 over-full)")
    assert "1[Mon War+!]" in s.render()  # an over-full palace does not look full
    s = position(palaces={0: [[2, Y[data.FARMER]]]}, stack=[ChooseEdict(0)])
    assert s.describe_action(Edict(data.FARMER)) == "edict for the farmers: +1 rice per sack"


def test_breakdown_adds_up_and_names_the_final_scoring():
    s = _play(3, 21, None)
    parts = s.score_breakdown()
    assert list(parts) == ["VP during the rounds", "persons (2 VP each)",
                           "monks (Buddhas x floors)", "money (1 VP per 3 yuan)"]
    assert [sum(v[p] for v in parts.values()) for p in range(3)] == s.scores()
    mid = _play(3, 21, 60)
    assert mid.score_breakdown()["VP during the rounds"] == mid.scores()
    assert all(v == [0, 0, 0] for k, v in mid.score_breakdown().items()
               if k != "VP during the rounds")


def test_a_seat_view_marks_the_seat_and_hides_nothing_public():
    s = _play(3, 11, 30, **OPTIONS)
    assert "seat 1 (you)" in s.render(1)
    assert s.render(1).replace(" (you)", "") == s.render()


def test_a_hidden_great_event_stays_face_down():
    s = engine.make("year_of_the_dragon", 3, 2, great_events=True, hidden_great_event=True)
    assert "Great Event (round 7): face down until round 7" in s.render(0)
