"""Win models (`bots.win_model`): a conditional logit over the seats, fitted on games between
rule-based bots, read by searches through the bot's `position_values`."""

from __future__ import annotations

import math

import numpy as np
import pytest

import engine
from bots import win_model


def test_chances_are_a_softmax_over_the_seats() -> None:
    """Equal features give equal chances; one more unit of a feature with weight log 3
    makes a seat three times as likely to win as each other seat."""
    assert win_model.chances([1.0, -2.0], [[1, 2]] * 4) == pytest.approx([0.25] * 4)
    got = win_model.chances([math.log(3), 0.0], [[1, 5], [0, 5], [0, 1]])
    assert got == pytest.approx([0.6, 0.2, 0.2])


def test_fit_recovers_the_weights_the_winners_were_drawn_with() -> None:
    rng = np.random.default_rng(7)
    truth = np.array([0.8, -0.5, 0.0])
    features = rng.normal(size=(6000, 4, 3))
    u = features @ truth
    p = np.exp(u) / np.exp(u).sum(axis=1, keepdims=True)
    winners = np.array([rng.choice(4, p=row) for row in p])
    weights = win_model.fit(features, winners)
    assert weights == pytest.approx(truth, abs=0.08)
    # the fitted model explains the winners better than even chances do
    assert win_model.log_loss(weights, features, winners) < math.log(4) - 0.15


def test_collect_labels_every_turn_end_of_a_game_with_its_winner() -> None:
    features, winners, games, phases, values = win_model.collect("huang", 4, [3])
    assert features.ndim == 3 and features.shape[1] == 4 and len(features) > 40
    assert len(set(winners.tolist())) == 1 and set(games.tolist()) == {0}
    assert phases[0] == 0 and np.all(np.diff(phases) > 0) and phases[-1] < 1
    assert values.shape == (len(features), 4) and np.all((values >= 0) & (values <= 1))
    # the seat to move next has no seat before it, each position has one
    assert sorted(features[0, :, -1].tolist()) == [0, 1, 2, 3]


@pytest.mark.slow
def test_the_command_prints_the_fit_and_its_held_out_loss(capsys) -> None:
    win_model.main(["huang", "--players", "4", "--games", "4", "--seed", "3"])
    out = capsys.readouterr().out
    first, second = out.splitlines()
    assert first.startswith("huang, 4 players: ") and "held-out log-loss" in first
    assert "(even chances 1.3863)" in first
    assert second.startswith("weights: ") and len(second.split(", ")) == 12


def test_a_bot_without_a_win_model_gets_one_clear_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A rule-based bot that gives no win features (the `SearchHints` default, as a
    plug-in game's bot may): one line, before any game is played."""
    from bots.heuristic.rotunda import HeuristicBot
    from bots.search_hints import SearchHints

    monkeypatch.setattr(HeuristicBot, "win_features", SearchHints.win_features)
    with pytest.raises(ValueError, match="has no win_features"):
        win_model.collect("rotunda", 2, [0])
    with pytest.raises(SystemExit) as stop:
        win_model.main(["rotunda", "--players", "2"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == "error: the rule-based bot of rotunda has no win_features\n"


@pytest.mark.parametrize("argv, message", [
    (["nosuch"], "unknown game 'nosuch'"),
    (["huang", "--players", "9"], "for 2-5 players, not 9"),
    (["kit"], "game 'kit' has no rule-based bot"),
    (["huang", "--games", "0"], "--games must be at least 1"),
])
def test_bad_input_to_the_command_gets_one_line(argv, message, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        win_model.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err


def test_too_few_games_to_hold_a_quarter_out_get_one_line(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        win_model.main(["huang", "--games", "1"])
    assert stop.value.code == 1
    assert capsys.readouterr().err == (
        "error: 1 of 1 games ended with a single winner; the fit needs at least 4 "
        "(more --games)\n")


def test_neither_the_held_out_games_nor_the_others_are_ever_empty() -> None:
    """600 seeds, or three games kept from the last seeds only (the last one held out):
    both sides hold games, so the held-out log-loss is a number."""
    rng = np.random.default_rng(2)
    for games in (np.repeat(np.arange(600), 2), np.repeat([597, 598, 599], 10)):
        features = rng.normal(size=(len(games), 4, 3))
        winners = rng.integers(0, 4, size=len(games))
        _, held, even = win_model.report(features, winners, games)
        assert math.isfinite(held) and even == pytest.approx(math.log(4))


def test_dragon_castle_features_and_leaves_valued_by_a_fitted_model(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Dragon Castle's `win_features`: one row per seat, the seats before each from the seat
    to move. `mcts:leaf=win` values a leaf by the model fitted for the player count
    (chances that sum to one); the bot's own `position_values` stay the logistic of its
    margin (`leaf=bot`), and without a model `leaf=win` is `leaf=bot`."""
    from bots.heuristic import dragon_castle_win
    from bots.mcts import MCTSBot
    from bots.mcts_leaf import BotLeaf, WinLeaf

    features, winners, games, *_ = win_model.collect("dragon_castle", 4, [3])
    assert features.shape[1:] == (4, 8) and len(features) > 20
    assert sorted(features[0, :, -1].tolist()) == [0, 1, 2, 3]
    assert np.isfinite(features).all()
    state = engine.make("dragon_castle", 4, seed=3)
    weights = (0.3, 0.3, 0.2, 0.2, 0.3, 0.1, 0.1, -0.1)
    monkeypatch.setitem(dragon_castle_win.WIN_WEIGHTS, 4, weights)
    bot = MCTSBot(iters=1, leaf="win")
    bot.reset("dragon_castle", 4, 0, 1)
    leaf = bot._leaf
    assert isinstance(leaf, WinLeaf) and leaf.weights == weights
    chances = leaf(state.clone())
    assert sum(chances) == pytest.approx(1.0) and all(0 < c < 1 for c in chances)
    bot.reset("dragon_castle", 3, 0, 1)  # no model for 3 players: the bot's own values
    assert type(bot._leaf) is BotLeaf
    judged = bot._leaf.judge.position_values(engine.make("dragon_castle", 3, seed=3))
    assert not math.isclose(sum(judged), 1.0)


def test_year_of_the_dragon_features_values_and_its_two_player_model() -> None:
    """In the Year of the Dragon's `win_features` are the terms of the rule-based bot's
    `evaluate` (which sums them), late-scaled terms and the seats before each; `leaf=win`
    reads the 2-player model (chances that rise with a seat's VP), and at 3 players, with
    none fitted, is `leaf=bot`."""
    from bots.heuristic import year_of_the_dragon as yotd
    from bots.heuristic.year_of_the_dragon_win import WIN_FEATURES, WIN_WEIGHTS
    from bots.mcts import MCTSBot
    from bots.mcts_leaf import BotLeaf, WinLeaf

    features, winners, games, *_ = win_model.collect("year_of_the_dragon", 2, [3])
    assert features.shape[1:] == (2, len(WIN_FEATURES)) and len(features) > 20
    assert sorted(features[0, :, -1].tolist()) == [0, 1] and np.isfinite(features).all()
    state = engine.make("year_of_the_dragon", 2, seed=3)
    while state.round < 4:
        state.apply(state.legal_actions()[0])
    judge = yotd.HeuristicBot()
    for p, row in enumerate(judge.win_features(state)):
        vp, money, persons, palaces, privileges, track, crowd, threats = row[:8]
        assert yotd.evaluate(state, p) == pytest.approx(
            vp + money + persons + palaces + privileges + track + crowd + threats)
    bot = MCTSBot(iters=1, leaf="win")
    bot.reset("year_of_the_dragon", 2, 0, 1)
    assert isinstance(bot._leaf, WinLeaf) and bot._leaf.weights == WIN_WEIGHTS[2]
    values = bot._leaf(state.clone())
    assert sum(values) == pytest.approx(1.0) and all(0 < v < 1 for v in values)
    low = min((0, 1), key=values.__getitem__)
    richer = state.clone()
    richer.vp[low] += 12
    assert bot._leaf(richer)[low] > 2 * values[low]
    bot.reset("year_of_the_dragon", 3, 0, 1)
    assert type(bot._leaf) is BotLeaf


def test_huangs_two_player_model_is_read_by_leaf_win_alone() -> None:
    """At 2 players Huang's `leaf=bot` keeps the logistic of `evaluate` (the shipped profile's
    leaves); `leaf=win` values them by the 2-player model."""
    from bots.heuristic.huang import VALUE_SCALE, WIN_WEIGHTS
    from bots.mcts import MCTSBot
    from bots.mcts_leaf import BotLeaf, WinLeaf

    state = engine.make("huang", 2, seed=5)
    bot = MCTSBot(iters=1, leaf="win")
    bot.reset("huang", 2, 0, 1)
    assert isinstance(bot._leaf, WinLeaf) and bot._leaf.weights == WIN_WEIGHTS[2]
    chances = bot._leaf(state.clone())
    assert chances == win_model.chances(WIN_WEIGHTS[2], bot._leaf.judge.win_features(state))
    bot = MCTSBot(iters=1, leaf="bot")
    bot.reset("huang", 2, 0, 1)
    assert type(bot._leaf) is BotLeaf
    judge = bot._leaf.judge
    assert judge.position_values(state) == [
        1 / (1 + math.exp(-judge.evaluate(state, p) / VALUE_SCALE)) for p in (0, 1)]


def test_by_phase_compares_the_model_with_the_bots_values_on_held_out_games() -> None:
    """One line per phase from which positions count: as many positions as the held-out
    games have from there on, each predictor's log-loss and top share; the bot's own values
    of a finished position are never asked for (turn ends only)."""
    pos = win_model.collect("dragon_castle", 2, range(8))
    lines = win_model.by_phase(pos)
    held = ~win_model.held_in(pos.games)
    assert lines[0].split()[:2] == ["from", "positions"]
    counts = [int(line.split()[1]) for line in lines[1:]]
    assert counts[0] == held.sum() and counts == sorted(counts, reverse=True)
    assert len(lines) == 1 + len(win_model.PHASES)
    for line in lines[1:]:
        _, _, model, top, pv, pv_top = line.split()
        assert 0 < float(model) < 5 and 0 < float(pv) < 5
        assert top.endswith("%") and pv_top.endswith("%")


def test_win_weights_replace_the_fitted_model_and_are_checked_against_the_features() -> None:
    """`mcts:leaf=win,win_weights=...`: the search's objective given in the spec. At two
    players, the bot's own terms with equal weights over Dragon Castle's SCALE are its
    `position_values` (a logistic of the margin) as a softmax; a wrong count, a value that
    is no number, or weights without `leaf=win` are one line each."""
    from bots.mcts import MCTSBot
    from bots.mcts_leaf import WinLeaf
    from bots.search_params import SearchParams, spec_value
    from bots.spec import BotSpecError
    from engine.games.dragon_castle.heuristic import SCALE

    same = ";".join([str(1 / SCALE)] * 4 + ["0"] * 4)
    bot = MCTSBot(iters=1, leaf="win", win_weights=same)
    bot.reset("dragon_castle", 2, 0, 1)  # no 2-player model is fitted: the spec's weights
    leaf = bot._leaf
    assert isinstance(leaf, WinLeaf) and leaf.weights == (1 / SCALE,) * 4 + (0.0,) * 4
    state = engine.make("dragon_castle", 2, seed=3)
    judge = leaf.judge
    for _ in range(40):
        state.apply(state.legal_actions()[0])
        if not state.is_terminal():
            assert leaf(state) == pytest.approx(judge.position_values(state), abs=1e-12)
    assert spec_value(SearchParams.build(SearchParams.parse(f"leaf=win,win_weights={same}"))
                      .win_weights) == ";".join([f"{1 / SCALE:g}"] * 4 + ["0"] * 4)
    with pytest.raises(BotSpecError, match="^win_weights weighs the win features of leaf=win"):
        SearchParams.parse("win_weights=1;2")
    with pytest.raises(BotSpecError, match=r"^win_weights must be numbers separated by ';'"):
        SearchParams.parse("leaf=win,win_weights=1;x")
    with pytest.raises(BotSpecError, match="^win_weights must be finite numbers"):
        SearchParams.given(leaf="win", win_weights="1;inf")
    wrong = MCTSBot(iters=1, leaf="win", win_weights="1;2")
    with pytest.raises(BotSpecError, match=r"^win_weights has 2 values; the win features of "
                       r"dragon_castle are 8: points, cards, promise, threat, points late"):
        wrong.reset("dragon_castle", 2, 0, 1)
    kit = MCTSBot(iters=1, leaf="win", win_weights="1;2")
    with pytest.raises(BotSpecError, match="^win_weights: kit has no rule-based bot"):
        kit.reset("kit", 2, 0, 1)
