"""ChooseAction's table-driven options (action_phase.action_options, by yuan class) equal
the card-by-card rule (general_action_options, rules §5.1.2, D3) in play and on odd decks."""

from __future__ import annotations

import itertools
import random

import engine
from engine.games.year_of_the_dragon import action_phase, data
from engine.games.year_of_the_dragon.requests import ChooseAction
from tests.games.year_of_the_dragon.builder import position


def test_options_equal_the_card_by_card_rule_in_random_play() -> None:
    rng = random.Random(11)
    seen = 0
    for game in range(40):
        options = {"great_wall": True} if game % 2 else {}
        s = engine.make("year_of_the_dragon", 2 + game % 4, rng.randrange(1 << 30), **options)
        while not s.is_terminal():
            req = s.stack[-1]
            if type(req) is ChooseAction:
                assert (action_phase.action_options(s, req)
                        == action_phase.general_action_options(s, req.seat))
                seen += 1
            legal = s.legal_actions()
            s.apply_legal(legal[rng.randrange(len(legal))])
    assert seen > 500


def test_options_equal_the_card_by_card_rule_on_odd_decks() -> None:
    decks = [
        [[0, 1], [2, 3], [4, 5, 6]],  # the base deal
        [[0, 1, 7], [2, 3], [4, 5, 6]],  # with Build Wall
        [[0, 1], [3], [4, 6]],  # base cards out of play
        [[6], [7]],
    ]
    for groups, yuan, wall_used in itertools.product(decks, range(7), (0, 0b111111)):
        for dragons in itertools.product((0, 1, 2), repeat=len(groups)):
            s = position(3, groups=groups, great_wall=True, yuan=[yuan] * 3,
                         wall_used=[wall_used] * 3, stack=[ChooseAction(1)])
            s.group_dragons = list(dragons)
            req = s.stack[-1]
            assert action_phase.action_options(s, req) == action_phase.general_action_options(s, 1)
    s = position(3, stack=[ChooseAction(0)])
    s.card_group, s.group_dragons = [], []
    for yuan in range(7):
        s.yuan = [yuan] * 3
        assert (action_phase.action_options(s, s.stack[-1]) == [action_phase.MONEY]
                == action_phase.general_action_options(s, 0))
    assert data.PRIVILEGE < data.BUILD_WALL == len(data.ACTION_NAMES) - 1  # the tables' assumption
