"""Issue 21: the `human` bot, a person choosing among the legal actions in rulebook words
(numbered, a filter, help, quit), on the seat's own view, in printed lines (pipes); and in
tmux, where the full screen asks (harness/views/play_screen.py)."""

from __future__ import annotations

import io
import random

import pytest

import engine
from bots.human import HumanBot, HumanQuit
from bots.registry import make_bot
from harness.play.clock import TimeControl
from harness.play.match import play_match
from tests.tmux import ARENA, Tmux, needs_tmux


def human(keys: str) -> tuple[HumanBot, io.StringIO]:
    out = io.StringIO()
    return HumanBot(io.StringIO(keys), out), out


def first_decision(game: str = "kit", seed: int = 3):
    state = engine.make(game, 2, seed)
    return state, state.observation(state.current_player())


def test_the_spec_makes_an_untimed_human():
    bot = make_bot("human")
    assert isinstance(bot, HumanBot) and bot.untimed


def test_numbers_choose_in_rulebook_words():
    state, obs = first_decision()
    bot, out = human("2\n")
    bot.reset("kit", 2, 0, 1)
    assert bot.act(obs, None) == obs.legal_actions[1]
    text = out.getvalue()
    assert "your decision: play a hand card face up, or pass" in text
    for k, a in enumerate(obs.legal_actions, 1):
        assert f"{k}  {state.describe_action(a)}" in text
    assert f"you chose: {state.describe_action(obs.legal_actions[1])}" in text


def test_bad_input_gets_one_line_and_is_asked_again():
    state, obs = first_decision()
    n = len(obs.legal_actions)
    bot, out = human(f"{n + 1}\nzebra\n1\n")
    assert bot.act(obs, None) == obs.legal_actions[0]
    lines = out.getvalue().splitlines()
    bad = [ln for ln in lines if "there is no action" in ln]
    assert len(bad) == 1 and bad[0].endswith(f"there is no action {n + 1}: choose a number "
                                             f"from 1 to {n}")
    assert sum("no action matches 'zebra'" in ln for ln in lines) == 1


def test_the_filter_narrows_and_enter_takes_the_only_match():
    state, obs = first_decision()
    target = obs.legal_actions[-1]  # "pass"
    bot, out = human("pas\n\n")
    assert bot.act(obs, None) == target
    after = out.getvalue().split("> ", 1)[1]
    assert "play the" not in after.split("you chose")[0]  # the list shrank to the match
    assert "one match: press Enter" in after


def test_help_then_quit_abandons_the_game():
    state, obs = first_decision()
    bot, out = human("?\nq\n")
    with pytest.raises(HumanQuit):
        bot.act(obs, None)
    text = out.getvalue()
    assert "type a number to choose" in text and "the game is abandoned" in text


def test_end_of_input_quits():
    state, obs = first_decision()
    with pytest.raises(HumanQuit):
        human("")[0].act(obs, None)


@pytest.mark.parametrize("game", [g.id for g in engine.list_games()])
def test_the_view_is_the_seats_own_and_hides_the_others(game):
    """The bot draws a state sampled from its observation from its seat's view; that picture
    is the true state's seat view (a view shows only what the seat may know)."""
    state = engine.make(game, 3, 5)
    rng_moves = 0
    while not state.is_terminal() and rng_moves < 25:
        if rng_moves % 3:  # every third decision is looked at, the others just played
            state.apply(state.legal_actions()[-1])
            rng_moves += 1
            continue
        seat = state.current_player()
        bot, out = human("1\n")
        bot.reset(game, 3, seat, 9)
        try:
            truth = state.render(seat)
        except NotImplementedError:
            pytest.skip(f"{game} has no seat views yet")
        assert bot.act(state.observation(seat), None) == state.legal_actions()[0]
        assert truth.strip() in out.getvalue()
        assert state.render() not in out.getvalue() or state.render() == truth
        state.apply(state.legal_actions()[0])
        rng_moves += 1


def test_a_human_gets_no_time_limit():
    bot, _ = human("1\n" * 200)
    rec = play_match("kit", 2, [bot, "random"], seed=2, time_control=TimeControl(per_move=0.0001))
    assert not rec.failures and rec.outcome == "normal"


@needs_tmux
def test_quitting_in_tmux_says_so_and_writes_nothing(tmp_path):
    """On a terminal the full screen asks (tests/harness/test_play_screen.py has the rest)."""
    rec = tmp_path / "g.json"
    argv = [*ARENA, "play", "-g", "kit", "--bots", "random,human", "--record", str(rec)]
    with Tmux(argv) as t:
        t.wait_for("your decision")
        t.type("q")
        screen = t.wait_for("[status 1]")
        assert "game abandoned: no result, no record written" in screen
    assert not rec.exists()


def test_a_long_list_is_cut_but_every_number_works():
    from bots.human import LIST_MAX

    state = engine.make("huang", 2, 1)
    pick = random.Random(1)
    for _ in range(200):
        if len(state.legal_actions()) > LIST_MAX + 1:
            break
        state.apply(pick.choice(state.legal_actions()))
    obs = state.observation(state.current_player())
    n = len(obs.legal_actions)
    bot, out = human(f"{n}\n")
    assert bot.act(obs, None) == obs.legal_actions[-1]
    text = out.getvalue()
    assert f"... and {n - LIST_MAX} more (up to {n}): type words to narrow the list" in text
    assert f"{LIST_MAX + 1}  " not in text.split("more (up to")[0]


def test_take_back_returns_to_your_previous_decision_in_an_unrated_game():
    state, obs = first_decision("kit", 3)
    bot, out = human("1\nu\n2\n" + "1\n" * 200)
    rec = play_match("kit", 2, [bot, "random"], seed=3, undo=True)
    assert "taken back: your previous decision again" in out.getvalue()
    first = engine.make("kit", 2, 3)
    assert rec.moves[0].id == first.action_id(first.legal_actions()[1])  # the second choice
    assert engine.digest(engine.replay(rec)) == rec.final_digest  # a consistent record


def test_no_take_back_where_the_harness_offers_none():
    bot, out = human("u\n1\n" + "1\n" * 200)
    play_match("kit", 2, [bot, "random"], seed=3)
    assert "nothing to take back here" in out.getvalue()
