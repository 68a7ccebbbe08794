"""The engine kernel (engine/kernel/): the decision template, declared visibility, the
generated clone, and the conformance checks catching leaky games built on purpose."""

from __future__ import annotations

import dataclasses
import pickle
from importlib.metadata import EntryPoint
from typing import Annotated, Any

import msgspec
import pytest

import engine
from engine import kernel, registry, testing
from engine.common.rng import Rng
from engine.kernel import DERIVED, GENERATOR, Owner, Public
from engine.protocol import IllegalActionError, field_docs
from engine.testing import Case, ConformanceError, check_asking, check_fast_legality, check_sampling
from engine.testing.__main__ import main as run_kit
from tests import kitgame


def test_apply_takes_the_top_request_runs_its_handler_and_counts_the_decision():
    s = kitgame.new_state(2, 5, {})
    card = s.hands[0][0]
    s.apply(kitgame.Play(card))
    assert s.decision == 1 and s.pending() == kitgame.DrawOrKeep(0)
    assert s.legal_actions() == [kitgame.Draw(), kitgame.Keep()]
    s.apply(kitgame.Keep())
    assert s.stack == [kitgame.PlayOrPass(1)] and s.current_player() == 1
    before = s.to_bytes()
    with pytest.raises(IllegalActionError, match="not an option of the pending decision"):
        s.apply(kitgame.Draw())
    assert s.to_bytes() == before


@pytest.mark.parametrize("game_id", ["kit", *engine.game_ids()])
def test_random_steps_take_the_decisions_a_legal_actions_apply_legal_loop_takes(game_id):
    """`GameState.random_steps` (the kernel's fused playout loop, issue 41) draws the same
    numbers and reaches the same states as the plain loop, stopping at the end of a game."""
    import random
    game = engine.get_game(game_id)
    for seed in range(3):
        fast = engine.make(game_id, game.max_players, seed)
        slow = fast.clone()
        r1, r2 = random.Random(seed), random.Random(seed)
        taken = 0
        while True:
            done = fast.random_steps(r1.random, 7)
            assert done is not None
            taken += done
            if done < 7:
                break
        plain = 0
        while not slow.is_terminal():
            legal = slow.legal_actions()
            slow.apply_legal(legal[int(r2.random() * len(legal))])
            plain += 1
        assert taken == plain and fast.is_terminal()
        assert fast.to_bytes() == slow.to_bytes() and r1.random() == r2.random()
        assert fast.random_steps(r1.random, 5) == 0


def test_observation_is_derived_from_the_declarations():
    s = kitgame.new_state(3, 1, {})
    obs = s.observation(1)
    assert obs.hand == s.hands[1] and obs.hand_sizes == [3, 3, 3]
    assert obs.deck_size == len(s.deck) and obs.stack == s.stack
    assert obs.legal_actions == [] and obs.phase == "PlayOrPass"
    assert not hasattr(obs, "deck") and not hasattr(obs, "rng")
    obs.hand.append(99)  # the observation is a copy
    assert 99 not in s.hands[1]


def test_generated_clone_is_equal_and_independent():
    s = kitgame.new_state(2, 3, {})
    c = s.clone()
    assert c.to_bytes() == s.to_bytes() and c.rng is not s.rng
    c.hands[0].append(7)
    c.rng.next64()
    c.stack.append(kitgame.PlayOrPass(1))
    assert s.to_bytes() != c.to_bytes() and len(s.hands[0]) == 3 and len(s.stack) == 1


def test_sample_state_copies_public_and_own_fields_and_redraws_the_rest():
    s = kitgame.new_state(2, 8, {})
    obs = s.observation(0)
    t = kitgame.KitState.sample(obs, 4)
    assert t.hands[0] == s.hands[0] and t.played == s.played and len(t.hands[1]) == 3
    assert t.observation(0) == obs and t.rng != s.rng


def test_every_field_must_be_declared():
    class Undeclared(kernel.GameState, kw_only=True):
        game_id = "undeclared"
        num_players: Annotated[int, Public("the number of seats")]
        secret: list[int] = []

    with pytest.raises(TypeError, match=r"undeclared \['secret'\]"):
        Undeclared(num_players=2).observation(0)


def test_a_request_type_has_one_handler_and_automatic_steps_run_without_a_decision():
    rules = kernel.Rules("t")
    rules.on(kitgame.PlayOrPass, options=kitgame.play_options, apply=kitgame.play)
    with pytest.raises(ValueError, match="has a handler already"):
        rules.on(kitgame.PlayOrPass, options=kitgame.play_options, apply=kitgame.play)

    class Tick(kernel.Request, frozen=True):
        pass

    seen: list[int] = []
    rules.automatic(Tick, lambda s, req: seen.append(req.seat))
    s = kitgame.new_state(2, 1, {})
    s.stack.append(Tick(1))
    rules.settle(s)
    assert seen == [1] and s.pending() == kitgame.PlayOrPass(0) and s.decision == 0


# --- leaky games the conformance checks must catch ------------------------------------------


class PeekState(kitgame.KitState, kw_only=True):
    """Deals the other hands from the unknown cards in sorted order: they never vary."""

    game_id = "kit_peek"

    @classmethod
    def redraw(cls, fields: dict[str, Any], obs: Any, rng: Rng) -> None:
        unknown = list(kitgame.DECK)
        for c in obs.hand + [c for cs in obs.played for c in cs]:
            unknown.remove(c)
        unknown.sort()
        for p, n in enumerate(obs.hand_sizes):
            if p != obs.seat:
                fields["hands"][p] = [unknown.pop() for _ in range(n)]
        rng.shuffle(unknown)
        fields["deck"] = unknown


def _play_then_ask_only_with_a_high_card(s: Any, req: Any, a: Any) -> None:
    """Leaks: the draw question comes only when the hidden hand still holds a 7 or more."""
    if isinstance(a, kitgame.Play):
        s.hands[req.seat].remove(a.card)
        s.played[req.seat].append(a.card)
        if max(s.hands[req.seat], default=0) >= 7:
            s.stack.append(kitgame.DrawOrKeep(req.seat))
            return
    kitgame.end_turn(s)


class ShapeState(kitgame.KitState, kw_only=True):
    game_id = "kit_shape"


ShapeState.RULES = kernel.Rules("kit_shape")
ShapeState.RULES.on(kitgame.PlayOrPass, options=kitgame.play_options,
                    apply=_play_then_ask_only_with_a_high_card)
ShapeState.RULES.on(kitgame.DrawOrKeep, options=kitgame.draw_options, apply=kitgame.draw)


class LaxState(kitgame.KitState, kw_only=True):
    """Its fast legality test accepts playing a card the player does not hold."""

    game_id = "kit_lax"


LaxState.RULES = kernel.Rules("kit_lax")
LaxState.RULES.on(kitgame.PlayOrPass, options=kitgame.play_options, apply=kitgame.play,
                  legal=lambda s, req, a: isinstance(a, kitgame.Play | kitgame.Pass))
LaxState.RULES.on(kitgame.DrawOrKeep, options=kitgame.draw_options, apply=kitgame.draw)


def _variant(state_type: type[kitgame.KitState]) -> registry.Game:
    def new_state(n: int, seed: int, options: dict[str, Any]) -> kitgame.KitState:
        base = kitgame.new_state(n, seed, options)
        return state_type(**msgspec.structs.asdict(base))

    g = kitgame.GAME
    return registry.Game(
        id=state_type.game_id, name=state_type.game_id, min_players=2, max_players=4,
        new_state=new_state, sample_state=state_type.sample, action_space=g.action_space,
        state_type=state_type, observation_type=g.observation_type,
        action_type=g.action_type, max_decisions=100)


@pytest.mark.parametrize("state_type, check, message", [
    (PeekState, check_sampling, "never vary across samples"),
    (ShapeState, check_asking, "cannot tell from it asks"),
    (LaxState, check_fast_legality, "fast legality test says True"),
])
def test_the_conformance_kit_catches_a_leaky_game(state_type, check, message):
    engine.register(_variant(state_type))
    try:
        for n in (2, 3, 4):
            try:
                check(Case(state_type.game_id, n, {}))
            except ConformanceError as e:
                assert message in str(e)
                return
        pytest.fail(f"{check.__name__} did not catch {state_type.__name__}")
    finally:
        registry.unregister(state_type.game_id)


def test_owner_declarations_give_own_entries_and_public_sizes():
    vis = Owner(own="hand", sizes="hand_sizes", stride=5, measure="sum")
    flat = [1, 0, 2, 0, 0, 0, 0, 0, 3, 1]
    assert vis.entry(flat, 1) == [0, 0, 0, 3, 1] and vis.size_list(flat, 2) == [3, 4]
    assert vis.blank(2, 1, [0, 0, 0, 3, 1]) == [0] * 5 + [0, 0, 0, 3, 1]
    assert GENERATOR is not DERIVED


PLUGIN = dataclasses.replace(kitgame.GAME, id="kit_plugin")


def test_installed_packages_add_games_through_the_arena_games_entry_point(monkeypatch):
    eps = [EntryPoint("kit_plugin", "tests.foundation.test_kernel:PLUGIN", "arena.games")]
    monkeypatch.setattr(registry, "entry_points", lambda group: eps if group == "arena.games"
                        else [])
    try:
        assert "kit_plugin" in engine.game_ids()
        assert engine.make("kit_plugin", 2, 1).num_players == 2
    finally:
        registry.unregister("kit_plugin")
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    with pytest.raises(engine.UnknownGameError):
        engine.get_game("kit_plugin")


def test_a_plug_in_game_runs_the_conformance_kit_from_the_library(monkeypatch, capsys):
    """engine.testing is what a plug-in package runs (docs/adding-a-game.md): every case and
    check reported, exit status 0 when all hold, 1 with the failure's line when one fails."""
    eps = [EntryPoint("kit", "tests.kitgame:GAME", "arena.games")]
    monkeypatch.setattr(registry, "entry_points", lambda group: eps if group == "arena.games"
                        else [])
    registry.unregister("kit")  # conftest's registration: the entry point brings it now
    try:
        assert run_kit(["kit"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == len(testing.cases("kit")) * len(testing.CHECKS)
        assert all(line.startswith("ok ") for line in lines)
        assert "ok   kit-3p:defaults  replay rebuilds the final state" in lines
        assert run_kit(["kit_plugin"]) == 2  # the id is the game's own, as its states say
    finally:
        registry.unregister("kit")
        engine.register(kitgame.GAME)
    eps = [EntryPoint("kit_plugin", "tests.foundation.test_kernel:PLUGIN", "arena.games")]
    try:  # a package whose entry point's Game says another id than its states
        assert run_kit(["kit_plugin"]) == 1
        assert "seat 0's observation names game 'kit', seat 0" in capsys.readouterr().out
    finally:
        registry.unregister("kit_plugin")
    engine.register(_variant(LaxState))
    try:
        assert run_kit([LaxState.game_id]) == 1
        out = capsys.readouterr().out
        assert "FAIL" in out and "fast legality test says True" in out
        with pytest.raises(ConformanceError, match="fast legality test agrees"):
            testing.check_game(LaxState.game_id, only=["fast legality test agrees with "
                                                       "legal_actions"])
    finally:
        registry.unregister(LaxState.game_id)
    assert run_kit(["no_such_game"]) == 2
    assert "unknown game 'no_such_game'" in capsys.readouterr().err


def test_the_observation_type_is_generated_from_the_declarations_with_descriptions():
    obs = kitgame.KitObservation
    assert obs is kitgame.KitState.OBSERVATION and obs.__module__ == "tests.kitgame"
    names = [f.name for f in msgspec.structs.fields(obs)]
    # public fields under their names, own entry and public sizes, the hidden deck's size;
    # nothing of the generator or of other seats' hands
    assert {"num_players", "played", "hand", "hand_sizes", "deck_size", "stack"} <= set(names)
    assert not {"rng", "hands", "deck"} & set(names)
    docs = field_docs(obs)
    assert docs["hand"] == "your hand: card values 1-9" and all(docs[n] for n in names)
    s = kitgame.new_state(2, 3, {})
    assert pickle.loads(pickle.dumps(s.observation(1))) == s.observation(1)


def test_an_observed_field_without_a_description_is_refused():
    class Mute(kernel.GameState, kw_only=True):
        game_id = "mute"
        num_players: Annotated[int, Public()]

    with pytest.raises(TypeError, match="'num_players' has no description"):
        kernel.observation_type(Mute, kitgame.KitAction)

    class Twice(kernel.GameState, kw_only=True):
        game_id = "twice"
        num_players: Annotated[int, Public("seats"), DERIVED]

    with pytest.raises(TypeError, match="more than one visibility"):
        kernel.declarations(Twice)



def test_every_kernel_name_the_games_and_the_guide_use_comes_from_engine_kernel():
    """engine.kernel is public API (docs/adding-a-game.md): a package of modules, whose
    every name a game, a bot or the guides write (`kernel.X`, `from engine.kernel import
    X`) it gives itself."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    paths = [*(root / "engine" / "games").rglob("*.py"), *(root / "bots").rglob("*.py"),
             root / "tests" / "kitgame.py", root / "docs" / "adding-a-game.md",
             root / "docs" / "architecture.md"]
    used: set[str] = set()
    for text in (p.read_text() for p in paths):
        used.update(re.findall(r"\bkernel\.([A-Za-z_]\w*)\b(?!\.py)", text))
        for names in re.findall(r"from engine\.kernel import (\([^)]*\)|[^\n]*)", text):
            used.update(n.strip(" ()\n") for n in names.split(",") if n.strip(" ()\n"))
    assert {"Request", "Rules", "GameState", "Public", "Ask", "observation_type"} <= used
    assert sorted(used - set(kernel.__all__)) == []
    assert all(hasattr(kernel, name) for name in kernel.__all__)
