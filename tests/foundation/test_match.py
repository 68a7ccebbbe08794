"""harness.play.match: failures are recorded, ranked last, and the game still finishes."""

from __future__ import annotations

import time

import pytest

import engine
from bots.base import Bot, RandomBot
from engine.protocol import Action, InvalidConfigError
from harness.play.clock import TimeControl
from harness.play.match import failure_aware_ranking, play_match
from tests.kitgame import Play


class Crasher(Bot):
    name = "crasher"

    def act(self, observation, time_left):
        raise RuntimeError("boom")


class Sleeper(Bot):
    name = "sleeper"

    def act(self, observation, time_left):
        time.sleep(0.6)
        return observation.legal_actions[0]


class Liar(Bot):
    name = "liar"

    def act(self, observation, time_left):
        return Play(card=99)


class Garbage(Bot):
    name = "garbage"

    def act(self, observation, time_left):
        return {"type": "Pass"}


def test_random_match_is_reproducible():
    a = play_match("kit", 3, ["random"] * 3, seed=7)
    b = play_match("kit", 3, ["random"] * 3, seed=7)
    assert a.outcome == "normal" and not a.failures
    assert [m.action for m in a.moves] == [m.action for m in b.moves]
    assert a.final_digest == b.final_digest
    assert sorted(a.ranking)[0] == 0


@pytest.mark.parametrize(
    ("bot", "kind"),
    [(Crasher(), "crash"), (Sleeper(), "timeout"), (Liar(), "illegal"), (Garbage(), "malformed")],
)
def test_failing_bot_is_recorded_ranked_last_and_replaced(bot: Bot, kind: str):
    rec = play_match("kit", 2, [bot, "random"], seed=3, time_control=TimeControl(per_move=0.2))
    assert rec.outcome == kind
    assert [(f.seat, f.kind) for f in rec.failures] == [(0, kind)]
    assert rec.failures[0].decision == 0
    assert rec.ranking == [1, 0]
    # the game still finished, the rest of seat 0's moves by the substitute
    final = engine.replay(rec)
    assert final.is_terminal()
    assert all(m.by_substitute for m in rec.moves if m.seat == 0)
    assert not any(m.by_substitute for m in rec.moves if m.seat == 1)


def test_failure_aware_ranking_keeps_order_among_the_rest():
    assert failure_aware_ranking([0, 1, 2, 2], {0}) == [3, 0, 1, 1]
    assert failure_aware_ranking([0, 0, 1], {0, 1}) == [1, 1, 0]
    # failed seats share last place: a bot that never started wins nothing from another
    assert failure_aware_ranking([0, 1, 2], {0, 1}) == [1, 1, 0]
    assert failure_aware_ranking([1, 0], {0, 1}) == [0, 0]
    assert failure_aware_ranking([1, 0], set()) == [1, 0]


def test_wrong_bot_count_is_a_clear_error():
    with pytest.raises(InvalidConfigError, match="3 players need 3 bots"):
        play_match("kit", 3, ["random"] * 2)


def test_bot_instances_get_distinct_seeds_per_seat():
    seen: list[int] = []

    class Recorder(RandomBot):
        def reset(self, game_id, num_players, seat, seed):
            seen.append(seed)
            super().reset(game_id, num_players, seat, seed)

    play_match("kit", 3, [Recorder(), Recorder(), Recorder()], seed=1)
    assert len(set(seen)) == 3


def test_actions_are_recorded_with_ids_and_tags():
    rec = play_match("kit", 2, ["random", "random"], seed=5)
    state = engine.make("kit", 2, 5)
    for m in rec.moves:
        a = engine.decode_action("kit", m.action)
        assert isinstance(a, Action) and state.action_id(a) == m.id
        state.apply(a)
    assert engine.digest(state) == rec.final_digest
