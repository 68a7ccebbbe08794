"""The rule-based bot (issue 22): it values the dragon card, uses the spirits (not only
Cunning, Beauty, Change and Faith) and plans whole turns; concrete positions, then small
win-rate checks (the 200-game figures are measured outside the test suite)."""

from __future__ import annotations

import pytest

from bots.heuristic.dragon_castle import HeuristicBot
from bots.registry import make_bot
from engine.games.dragon_castle.actions import (
    BuildShrine,
    DiscardStone,
    StoneAndShrine,
    SummonDragon,
    TakeStone,
)
from engine.games.dragon_castle.data import REALM_CELLS
from engine.games.dragon_castle.requests import BuildShrines
from engine.games.dragon_castle.state import DragonCastleState
from engine.protocol import Action
from harness.play.match import play_match
from ratings.elo import first_share
from tests.baseline_bots.dragon_castle_v1 import HeuristicBot as V1Bot

from .builder import cell, empty_state, set_castle, set_cell, stone

V1 = "python:tests.baseline_bots.dragon_castle_v1:HeuristicBot"
SOLDIERS = [stone("soldier", n) for n in range(1, 7)]
MERCHANT = stone("merchant", 6)
FILLER = stone("farmer", 6)


def last_turn(seat: int = 1, **options: object) -> DragonCastleState:
    """A 2-player game in its last round, `seat` (the last seat) to play its final turn;
    a filler stone under every castle stack keeps the top level at 2 (no summon)."""
    s = empty_state(2, seat=seat, first_player=0, **options)
    s.last_round = True
    s.track_singles = 0
    return s


def play_turn(s: DragonCastleState, bot: HeuristicBot | V1Bot) -> list[Action]:
    """Let `bot` play the seat to move until its turn is over; the actions it took."""
    seat = s.current_player()
    bot.reset("dragon_castle", s.num_players, seat, 1)
    out = []
    while s.stack and s.current_player() == seat:
        a = bot.act(s.observation(seat), None)
        out.append(a)
        s.apply(a)
    return out


def faces(s: DragonCastleState, seat: int, cells: list[int]) -> list[int]:
    return [s.up[seat * REALM_CELLS + c] for c in cells]


def knowledge_position(**options: object) -> DragonCastleState:
    """Seat 1 has three face-up winds of three symbols; the castle offers a fourth wind
    (a fourth symbol) that would merge them."""
    s = last_turn(**options)
    winds = [stone("wind", w) for w in ("rain", "storm", "cloud", "lightning")]
    set_cell(s, 1, 0, 0, 1, winds[0])
    set_cell(s, 1, 0, 1, 1, winds[1])
    set_cell(s, 1, 1, 0, 1, winds[2])
    set_castle(s, {(0, 2): [FILLER, winds[3]]})
    return s


def test_dragon_card_knowledge_keeps_distinct_winds_face_up():
    """Without a dragon card merging 4 winds (2 VP and 2 shrines) is the best turn; with
    Knowledge (2 VP per distinct face-up special symbol) the merge would cost 6 card
    points, so the wind goes elsewhere and the card gains 2."""
    plain = knowledge_position()
    play_turn(plain, HeuristicBot())
    assert plain.vp[1] >= 2 and faces(plain, 1, [0, 1, 6]) == [0, 0, 0]
    s = knowledge_position(dragons="Knowledge")
    play_turn(s, HeuristicBot())
    assert faces(s, 1, [0, 1, 6]) == [1, 1, 1]
    assert s.score_parts(1)["Knowledge"] == 8
    v1 = knowledge_position(dragons="Knowledge")
    play_turn(v1, V1Bot())
    assert v1.score_parts(1)["Knowledge"] == 0  # the v1 bot ignored the card


def test_dragon_card_valor_builds_the_shrine_on_the_edge():
    """Valor (1 VP per built shrine on an edge cell): of four merged stones of equal
    height the shrine goes on the edge one; the v1 bot took the top-left one."""
    s = last_turn(dragons="Valor")
    cells = (cell(2, 2), cell(2, 3), cell(2, 4), cell(2, 5))
    for c in cells:
        set_cell(s, 1, c // 6, c % 6, 1, SOLDIERS[0], up=False)
    s.stack = [BuildShrines(1, cells, 1)]
    assert HeuristicBot().act(s.observation(1), None) == BuildShrine(2, 5)
    assert V1Bot().act(s.observation(1), None) == BuildShrine(2, 2)


def test_strength_moves_a_stone_to_complete_a_set():
    """Strength (move 1-2 top stones): a lone soldier moved next to three others merges
    four (2 VP and a shrine) on the last turn; the v1 bot never used it."""
    s = last_turn(spirits="Strength")
    for c in range(3):
        set_cell(s, 1, 0, c, 1, SOLDIERS[c])
    set_cell(s, 1, 4, 4, 1, SOLDIERS[3])
    set_cell(s, 1, 5, 0, 1, MERCHANT)
    set_castle(s, {(0, 2): [FILLER, stone("farmer", 1)]})
    play_turn(s, HeuristicBot())
    assert s.spirit_used == [1] and s.vp[1] >= 2
    v1 = last_turn(spirits="Strength")
    for c in range(3):
        set_cell(v1, 1, 0, c, 1, SOLDIERS[c])
    set_cell(v1, 1, 4, 4, 1, SOLDIERS[3])
    set_cell(v1, 1, 5, 0, 1, MERCHANT)
    set_castle(v1, {(0, 2): [FILLER, stone("farmer", 1)]})
    play_turn(v1, V1Bot())
    assert v1.spirit_used == [0]


def wind_position() -> DragonCastleState:
    s = last_turn(spirits="Wind")
    set_cell(s, 1, 0, 0, 1, SOLDIERS[0], up=False, shrine=True)
    set_cell(s, 1, 3, 3, 3, SOLDIERS[1], up=False)
    set_cell(s, 1, 5, 5, 1, MERCHANT)
    set_castle(s, {(0, 2): [FILLER, stone("farmer", 1)]})
    return s


def test_wind_moves_a_shrine_onto_a_higher_stack():
    """Wind: a shrine on a 1-high stack (1 VP) moved onto a shrineless 3-high face-down
    stack (3 VP) on the last turn; the v1 bot never used Wind."""
    s = wind_position()
    play_turn(s, HeuristicBot())
    assert s.spirit_used == [1]
    assert s.shrine[REALM_CELLS + cell(3, 3)] and not s.shrine[REALM_CELLS + cell(0, 0)]
    v1 = wind_position()
    play_turn(v1, V1Bot())
    assert v1.spirit_used == [0]


def depths_position() -> DragonCastleState:
    s = last_turn(spirits="Depths")
    set_cell(s, 1, 0, 0, 1, SOLDIERS[0])
    set_cell(s, 1, 0, 1, 1, SOLDIERS[1])
    set_cell(s, 1, 5, 5, 1, MERCHANT)
    set_castle(s, {(0, 2): [FILLER, SOLDIERS[2]], (11, 2): [FILLER, SOLDIERS[3]]})
    return s


def test_depths_pairs_a_stone_of_the_same_type_to_merge():
    """Depths: the first stone (soldier 3) pairs with another available soldier (not
    identical), and both complete a set with the two soldiers in the realm; the v1 bot
    never used Depths."""
    s = depths_position()
    play_turn(s, HeuristicBot())
    assert s.spirit_used == [1] and s.vp[1] >= 2
    v1 = depths_position()
    play_turn(v1, V1Bot())
    assert v1.spirit_used == [0] and v1.vp[1] == 0


def test_pair_of_stones_is_placed_as_one_merge():
    """Whole turns: two separate soldier groups of 2 and 1 with a gap; the pair of
    soldiers fills the gap and grows the set to 5 (3 VP) rather than discarding or
    building a shrine."""
    s = last_turn()
    set_cell(s, 1, 0, 0, 1, SOLDIERS[0])
    set_cell(s, 1, 0, 1, 1, SOLDIERS[1])
    set_cell(s, 1, 0, 4, 1, SOLDIERS[2])
    set_castle(s, {(0, 2): [FILLER, SOLDIERS[5]], (11, 2): [FILLER, SOLDIERS[5]]})
    actions = play_turn(s, HeuristicBot())
    assert isinstance(actions[0], TakeStone)
    assert s.vp[1] == 3


def test_summons_to_end_the_game_when_ahead_and_not_when_behind():
    """At top level 1 with the last single countdown token left: ahead, the bot takes it
    (2 VP and the game ends); far behind it keeps playing stones."""
    s = empty_state(2, seat=0, first_player=0)
    s.track_singles, s.track_stack = 1, 5
    set_castle(s, {(0, 2): [FILLER], (11, 2): [stone("farmer", 2)]})
    s.vp = [10, 4]
    assert HeuristicBot().act(s.observation(0), None) == SummonDragon()
    s.vp = [4, 10]
    assert HeuristicBot().act(s.observation(0), None) != SummonDragon()


def test_finishing_actions_are_valued_as_a_turn():
    """On the last turn a lone stone placed face up scores nothing: discard it (1 VP);
    the v1 bot took a pool shrine and placed it (0 VP)."""
    s = last_turn()
    set_castle(s, {(0, 2): [FILLER, stone("farmer", 1)]})
    s.apply(TakeStone(0, 2))
    assert HeuristicBot().act(s.observation(1), None) == DiscardStone()
    assert V1Bot().act(s.observation(1), None) == StoneAndShrine()


def test_heuristic_bot_is_registered_and_plays_legally():
    bot = make_bot("heuristic:dragon_castle")
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic:dragon_castle"
    rec = play_match("dragon_castle", 4, ["heuristic:dragon_castle"] * 4, seed=3,
                     options={"dragon_card": True})
    assert rec.outcome == "normal" and not rec.failures


def test_heuristic_beats_random_with_seats_swapped():
    games, wins = 8, 0.0
    for g in range(games):
        seat = g % 2
        bots = ["random", "random"]
        bots[seat] = "heuristic:dragon_castle"
        rec = play_match("dragon_castle", 2, bots, seed=500 + g // 2)
        assert not rec.failures
        wins += first_share(rec.ranking, seat, rec.outcome)
    assert wins / games >= 0.75


@pytest.mark.slow
def test_new_bot_beats_the_v1_baseline_in_a_small_sample():
    """Smoke check of issue 22's comparison (200 games measured outside the suite)."""
    games, wins = 8, 0.0
    for g in range(games):
        seat = g % 2
        bots = [V1, V1]
        bots[seat] = "heuristic:dragon_castle"
        rec = play_match("dragon_castle", 2, bots, seed=1000 + g // 2)
        assert not rec.failures
        wins += first_share(rec.ranking, seat, rec.outcome)
    assert wins / games >= 0.5


@pytest.mark.slow
def test_heuristic_bot_plays_with_several_spirit_and_dragon_cards():
    for spirits in ("Cunning,Beauty,Strength,Wind,Change",
                    "Deception,Elegance,Destruction,Depths,Faith"):
        rec = play_match("dragon_castle", 2, ["heuristic:dragon_castle", "random"], seed=8,
                         options={"spirits": spirits, "dragon_cards": 2})
        assert rec.outcome == "normal" and not rec.failures
