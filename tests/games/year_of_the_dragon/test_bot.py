"""The rule-based bot (issue 22): the blunders of the v1 bot, each in a concrete position the
v1 bot gets wrong, now played right; whole games at every player count and with the
expansions; a small win-rate smoke test against random and against the v1 baseline (the
200-game figures are in the issue's closing note)."""

from __future__ import annotations

import pytest

import engine
from bots.heuristic.year_of_the_dragon import HeuristicBot, evaluate
from bots.registry import make_bot
from engine.games.year_of_the_dragon import data, flow, great_events, rules
from engine.games.year_of_the_dragon.actions import BuildFloor, TakeAction
from engine.games.year_of_the_dragon.board import persons, symbols, turn_order
from engine.games.year_of_the_dragon.data import ST_EVENT, ST_GREAT_EVENT
from engine.games.year_of_the_dragon.requests import ChooseAction, ReleasePersons
from engine.games.year_of_the_dragon.state import YotdState
from harness.play.match import play_match
from ratings.elo import first_share
from tests.games.year_of_the_dragon.builder import OLD, Y, position

BOT = "heuristic:year_of_the_dragon"
BASELINE = "python:tests.baseline_bots.year_of_the_dragon_v1:HeuristicBot"
S, F, M, H, W = data.SCHOLAR, data.FARMER, data.MONK, data.HEALER, data.WARRIOR
C, P, L = data.CRAFTSMAN, data.PYROTECHNIST, data.COURT_LADY
#: an event track with the Contagions and Mongol invasions late (rounds 8, 9, 11, 12)
EVENTS = [data.PEACE, data.PEACE, data.DROUGHT, data.DRAGON_FESTIVAL, data.IMPERIAL_TRIBUTE,
          data.DROUGHT, data.PEACE, data.MONGOL_INVASION, data.CONTAGION, data.DRAGON_FESTIVAL,
          data.CONTAGION, data.MONGOL_INVASION]


def play_turn(s: YotdState, seat: int = 0, spec: str = BOT) -> YotdState:
    """Let the bot play seat's whole turn (every decision above the current stack bottom)
    through its observations; returns the state after it."""
    s = s.clone()
    bot = make_bot(spec)
    bot.reset("year_of_the_dragon", s.num_players, seat, 0)
    base = len(s.stack) - 1
    while len(s.stack) > base and s.current_player() == seat:
        s.apply(bot.act(s.observation(seat), None))
    return s


def great_event(event: int, palaces: dict, **fields) -> YotdState:  # noqa: ANN003
    """Round 7 with `event` starting (seat 0 first); a sentinel keeps the round from
    moving on."""
    s = position(2, round=7, great_events=True, great_event=event, palaces=palaces,
                 track=[2, 1], **fields)
    s.step = ST_GREAT_EVENT
    flow.push(s, great_events.resolve_great_event(s, turn_order(s)))
    rules.RULES.settle(s)
    return s


def test_earthquake_takes_the_empty_palace_not_the_only_inhabited_one():
    """Two floors to remove: v1 removed both floors of its only inhabited palace (both
    persons gone); the whole turn valued as one removes the empty palace."""
    s = great_event(data.EARTHQUAKE, {0: [[2, Y[S], OLD[F]], [2]], 1: [[3, Y[S]]]})
    assert play_turn(s, spec=BASELINE).palaces[0] == [[2]]  # the v1 blunder
    after = play_turn(s)
    assert after.palaces[0] == [[2, Y[S], OLD[F]]] and persons(after, 0) == 2


def test_earthquake_loses_one_person_where_one_is_enough():
    """A free floor in the 2-floor monk palace: one floor there costs nobody, so only one
    person goes; v1 took both floors from the full 3-floor palace and lost two."""
    pals = {0: [[3, Y[S], OLD[F], Y[L]], [2, Y[M]], [1, Y[P]]], 1: [[3, Y[S]]]}
    s = great_event(data.EARTHQUAKE, pals)
    assert persons(play_turn(s, spec=BASELINE), 0) == 3  # the v1 blunder
    after = play_turn(s)
    assert persons(after, 0) == 4
    assert sorted(t for q in after.palaces[0] for t in q[1:]) == sorted(
        [Y[S], Y[L], Y[M], Y[P]])  # the cheapest person (the old farmer) went


def test_release_keeps_the_healer_and_warrior_for_the_contagions_and_mongols_ahead():
    """Tribute in round 5 costs two persons; two Contagions and two Mongol invasions are
    still to come and the opponent has no warrior. v1 released its healer (and emptied a
    palace); now it keeps both and releases the others."""
    for second in (OLD[P], Y[C]):
        s = position(2, step=ST_EVENT, round=5, events=list(EVENTS), yuan=[0, 3],
                     palaces={0: [[2, Y[H], Y[F]], [2, Y[W], second]], 1: [[3, Y[S], Y[M]]]},
                     stack=[ReleasePersons(0, 2)])
        assert symbols(play_turn(s, spec=BASELINE), 0, H) == 0  # the v1 blunder
        after = play_turn(s)
        assert symbols(after, 0, H) == 1 and symbols(after, 0, W) == 1
        assert all(len(q) > 1 for q in after.palaces[0])  # no palace left to decay


def test_flood_keeps_the_yuan_and_rice_the_next_events_need():
    """Flood: discard 6 of 12 items; Tribute (4 yuan) in round 8 and Drought (2 inhabited
    palaces) in round 9: keep exactly 4 yuan and 2 rice."""
    events = list(EVENTS)
    events[7], events[8] = data.IMPERIAL_TRIBUTE, data.DROUGHT
    s = great_event(data.FLOOD, {0: [[2, Y[H], Y[F]], [2, Y[W], OLD[P]]], 1: [[3, Y[S]]]},
                    events=events, yuan=[6, 0], rice=[3, 0], fireworks=[3, 0])
    after = play_turn(s)
    assert (after.yuan[0], after.rice[0], after.fireworks[0]) == (4, 2, 0)


@pytest.mark.parametrize("rnd", [6, 7])
def test_builds_when_the_palaces_are_full_and_recruits_are_coming(rnd: int):
    """Both palaces full, 11 cards in hand, 1 yuan: v1 took Fireworks for a Festival three
    rounds away and later had to discard or replace recruits; now it builds a floor."""
    s = position(2, round=rnd, events=list(EVENTS), yuan=[1, 6], rice=[2, 2],
                 groups=[[data.BUILD, data.RESEARCH, data.HARVEST, data.MILITARY_PARADE],
                         [data.FIREWORKS, data.TAXES, data.PRIVILEGE]],
                 palaces={0: [[2, Y[H], Y[F]], [2, Y[W], OLD[P]]], 1: [[3, Y[S], OLD[W]]]},
                 stack=[ChooseAction(0)])
    assert play_turn(s, spec=BASELINE).fireworks[0] == 3  # the v1 choice
    bot = HeuristicBot()
    bot.reset("year_of_the_dragon", 2, 0, 0)
    assert bot.act(s.observation(0), None) == TakeAction(data.BUILD)
    after = play_turn(s)
    assert sum(q[0] for q in after.palaces[0]) == 5
    s.apply(TakeAction(data.BUILD))  # the floor goes where the evaluation says, all options tried
    best = max(s.legal_actions(), key=lambda a: _after(s, a))
    assert bot.act(s.observation(0), None) == best and isinstance(best, BuildFloor)


def _after(s: YotdState, a: object) -> float:
    c = s.clone()
    c.apply(a)
    return evaluate(c, 0)


def test_action_values_rank_the_chosen_action_first():
    """MCTS move ordering reads `action_values`: the whole-turn value of each legal action,
    best for the action `act` plays."""
    state = engine.make("year_of_the_dragon", 2, seed=3)
    bot = HeuristicBot()
    bot.reset("year_of_the_dragon", 2, 0, 0)
    for _ in range(60):
        obs = state.observation(state.current_player())
        choice = bot.act(obs, None)
        if len(obs.legal_actions) > 1:
            values = bot.action_values(obs)
            assert len(values) == len(obs.legal_actions)
            assert obs.legal_actions.index(choice) == values.index(max(values))
        state.apply(choice)


def test_a_tight_time_limit_cuts_the_enumeration_short():
    """With no time to enumerate the draft's 36 pairs and their placements, the bot still
    answers at once with a legal action; without a limit it plans the whole turn."""
    state = engine.make("year_of_the_dragon", 2, seed=3)
    bot = HeuristicBot()
    bot.reset("year_of_the_dragon", 2, 0, 0)
    obs = state.observation(0)
    assert bot.act(obs, 1e-9) in obs.legal_actions
    assert bot.act(obs, None) == bot.act(obs, 60.0)


def test_heuristic_bot_beats_random_in_two_player_games():
    assert _share(BOT, "random", range(10)) >= 0.9


def test_heuristic_bot_beats_the_v1_baseline():
    """Smoke test (12 seeded games, seats swapped); the full 200-game figure is in the
    issue's closing note."""
    assert _share(BOT, BASELINE, range(6)) >= 0.65


def _share(bot: str, opponent: str, seeds: range) -> float:
    wins = 0.0
    games = 0
    for seed in seeds:
        for seat in (0, 1):
            bots = [opponent, opponent]
            bots[seat] = bot
            rec = play_match("year_of_the_dragon", 2, bots, seed=seed)
            assert not rec.failures, rec.failures
            games += 1
            wins += first_share(rec.ranking, seat, rec.outcome)
    return wins / games


def test_heuristic_bot_plays_every_player_count_and_the_expansions():
    for n in (3, 5):
        rec = play_match("year_of_the_dragon", n, [BOT] * n, seed=n,
                         options={"great_wall": True})
        assert rec.outcome == "normal" and not rec.failures
    for event in (data.EARTHQUAKE, data.FLOOD, data.TORNADO, data.SUNRISE, data.EDICT):
        rec = play_match("year_of_the_dragon", 2, [BOT] * 2, seed=event,
                         options={"great_events": True, "great_event": event})
        assert rec.outcome == "normal" and not rec.failures
    assert make_bot(BOT).name == BOT
