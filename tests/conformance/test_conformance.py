"""The conformance kit: every registered game x player count x option preset (presets at the
fewest and most players they allow).

Game authors: register your game (engine/registry.py BUILTIN) and this module checks it.
See docs/adding-a-game.md for what each check means.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import msgspec
import pytest

import engine
from engine import kernel
from engine.common.rng import Rng
from engine.kernel import GameState, Hidden
from engine.protocol import NO_WINNER, TERMINAL, Action, IllegalActionError, Observation, State
from harness.play.match import play_match

SEEDS = (1, 2)
#: number of positions per playout where the expensive checks run
CHECKPOINTS = 12


def _cases() -> list[Any]:
    """The default options at every player count; each option preset at the fewest and the
    most players it allows (e.g. a two-player-only variant at 2 only): the counts between
    add time, not checks, as the defaults run there."""
    out = []
    for game in engine.games():
        presets: list[dict[str, Any]] = [{}] + [dict(p) for p in game.presets]
        for n in range(game.min_players, game.max_players + 1):
            for i, preset in enumerate(presets):
                allowed = [k for k in range(game.min_players, game.max_players + 1)
                           if game.allows(k, preset)]
                if n not in allowed or (i and n not in (allowed[0], allowed[-1])):
                    continue
                label = ",".join(f"{k}={v}" for k, v in preset.items()) or "defaults"
                out.append(pytest.param((game.id, n, preset), id=f"{game.id}-{n}p-{i}:{label}"))
    return out


CASES = _cases()


@cache
def _trajectory(game_id: str, n: int, preset_items: tuple, seed: int) -> tuple[Action, ...]:
    """Actions of one random playout, checking per-step invariants on the way."""
    game = engine.get_game(game_id)
    state = engine.make(game_id, n, seed, **dict(preset_items))
    pick = random.Random(seed)
    actions: list[Action] = []
    while not state.is_terminal():
        assert len(actions) < game.max_decisions, (
            f"no terminal state within {game.max_decisions} decisions"
        )
        p = state.current_player()
        assert 0 <= p < n, f"current_player {p} out of range"
        legal = state.legal_actions()
        assert legal, "non-terminal state with no legal action"
        assert len(set(legal)) == len(legal), f"duplicate legal actions: {legal}"
        assert state.legal_actions() == legal, "legal_actions() is not deterministic"
        a = pick.choice(legal)
        state.apply(a)
        actions.append(a)
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    return tuple(actions)


def _positions(game_id: str, n: int, preset: dict, seed: int) -> list[tuple[State, Action | None]]:
    """About CHECKPOINTS (state, next action) pairs spread over one playout, terminal last."""
    traj = _trajectory(game_id, n, tuple(sorted(preset.items())), seed)
    every = max(1, len(traj) // CHECKPOINTS)
    state = engine.make(game_id, n, seed, **preset)
    out: list[tuple[State, Action | None]] = []
    for i, a in enumerate(traj):
        if i % every == 0:
            out.append((state.clone(), a))
        state.apply(a)
    out.append((state, None))
    return out


@pytest.fixture(params=CASES)
def case(request: pytest.FixtureRequest) -> tuple[str, int, dict]:
    return request.param


def test_random_playouts_end_with_valid_results(case):
    game_id, n, preset = case
    for seed in SEEDS:
        traj = _trajectory(game_id, n, tuple(sorted(preset.items())), seed)
        state = engine.make(game_id, n, seed, **preset)
        for a in traj:
            state.apply(a)
        scores, ranking = state.scores(), state.ranking()
        assert len(scores) == n and all(isinstance(s, int) for s in scores)
        assert len(ranking) == n and min(ranking) == 0
        for p in range(n):  # a place is the number of seats strictly ahead
            assert ranking[p] == sum(1 for q in range(n) if ranking[q] < ranking[p])
            for q in range(n):
                if scores[p] > scores[q]:
                    assert ranking[p] <= ranking[q], "a higher score ranked below a lower one"


def test_same_seed_and_actions_give_identical_bytes(case):
    """Determinism; and `apply_legal` (the searches' unchecked path) does what `apply` does."""
    game_id, n, preset = case
    traj = _trajectory(game_id, n, tuple(sorted(preset.items())), SEEDS[0])
    a = engine.make(game_id, n, SEEDS[0], **preset)
    b = engine.make(game_id, n, SEEDS[0], **preset)
    assert a.to_bytes() == b.to_bytes()
    for act in traj:
        a.apply(act)
        b.apply_legal(act)
        assert a.decision == b.decision
    assert a.to_bytes() == b.to_bytes()


def test_illegal_actions_raise_and_change_nothing(case):
    game_id, n, preset = case
    for state, _ in _positions(game_id, n, preset, SEEDS[0]):
        before = state.to_bytes()
        legal = set(state.legal_actions())
        space = state.action_space()
        illegal = [a for a in space.actions if a not in legal][:5]
        for bad in [*illegal, "not an action", None]:
            with pytest.raises(IllegalActionError):
                state.apply(bad)  # type: ignore[arg-type]
            assert state.to_bytes() == before, f"illegal {bad!r} changed the state"


def test_serialization_round_trip_and_independent_clones(case):
    game_id, n, preset = case
    for state, nxt in _positions(game_id, n, preset, SEEDS[0]):
        data = state.to_bytes()
        back = type(state).from_bytes(data)
        assert back.to_bytes() == data
        assert back.legal_actions() == state.legal_actions()
        twin = state.clone()
        assert twin.to_bytes() == data
        if nxt is not None:
            twin.apply(nxt)
            assert state.to_bytes() == data, "applying to a clone changed the original"


def test_action_space_ids_are_stable(case):
    game_id, n, preset = case
    for state, _ in _positions(game_id, n, preset, SEEDS[0]):
        legal = state.legal_actions()
        ids = [state.action_id(a) for a in legal]
        assert len(set(ids)) == len(ids)
        assert all(0 <= i < state.num_distinct_actions() for i in ids)
        assert [state.action_from_id(i) for i in ids] == legal
        assert int(state.legal_action_mask().sum()) == len(legal)


def test_observations_encode_and_decode(case):
    game_id, n, preset = case
    game = engine.get_game(game_id)
    for state, _ in _positions(game_id, n, preset, SEEDS[0]):
        for p in range(n):
            obs = state.observation(p)
            assert isinstance(obs, game.observation_type)
            assert obs.game == game_id and obs.seat == p
            assert obs.current_player == state.current_player()
            if state.current_player() == p:
                assert obs.legal_actions == state.legal_actions()
            else:
                assert obs.legal_actions == []
            js = msgspec.json.encode(obs)
            assert msgspec.json.decode(js, type=game.observation_type) == obs
            mp = msgspec.msgpack.encode(obs)
            assert msgspec.msgpack.decode(mp, type=game.observation_type) == obs


def _without_generator(state: GameState) -> bytes:
    """The state's bytes with its generator (future chance) blanked out."""
    twin = state.clone()
    name = type(state).generator_field()
    if name is not None:
        setattr(twin, name, Rng(0))
    return twin.to_bytes()


def _owner_entries(state: GameState, seat: int) -> tuple[str, ...]:
    """What the other seats hold in the owner-only zones (which `seat` cannot see), as text;
    empty entries ([] or all zeros) as ""."""
    out = []
    for name, vis in type(state).owner_fields().items():
        value = getattr(state, name)
        for q in range(state.num_players):
            if q != seat:
                e = vis.entry(value, q)
                held = any(e) if isinstance(e, list) else bool(e)
                out.append(repr(e) if held else "")
    return tuple(out)


def test_states_are_on_the_engine_kernel(case):
    """Issue 13: one decision mechanism and declared visibility for every game."""
    game_id, _, _ = case
    assert issubclass(engine.get_game(game_id).state_type, GameState)


def check_sampling(game_id: str, n: int, preset: dict) -> None:
    """`sample_state(obs).observation(p) == obs`; no peeking: the generator is always new,
    and hidden zones are redrawn: what other seats hold in owner-only zones varies across
    samples, and somewhere in the game the samples differ from the truth with the
    generator excluded (so a new generator alone cannot pass)."""
    state_type = engine.get_game(game_id).state_type
    has_owner_zones = bool(state_type.owner_fields())
    hidden_somewhere = varied = differs = 0
    for state, _ in _positions(game_id, n, preset, SEEDS[0]):
        gen = type(state).generator_field()
        truth = _without_generator(state)
        for p in range(n):
            obs: Observation = state.observation(p)
            samples = [engine.sample_state(obs, k) for k in range(6)]
            for k, s in enumerate(samples):
                assert s.observation(p) == obs, f"sample {k} does not reproduce seat {p}'s view"
                if gen is not None and not state.is_terminal():
                    assert getattr(s, gen) != getattr(state, gen), "the generator was copied"
            differs += any(_without_generator(s) != truth for s in samples)
            if has_owner_zones and not state.is_terminal():
                others = _owner_entries(state, p)
                if any(others):
                    hidden_somewhere += 1
                    varied += len({_owner_entries(s, p) for s in samples}) > 1
    if hidden_somewhere:
        assert varied, ("other seats' owner-only zones never vary across samples: "
                        "sample_state copies what the seat cannot see")
    declared = kernel.declarations(state_type).values()
    if hidden_somewhere or any(isinstance(v, Hidden) for v in declared):
        assert differs, "samples always equal the truth: hidden zones are not redrawn"


def test_sample_state_reproduces_the_observation_and_resamples_the_rest(case):
    check_sampling(*case)


def check_fast_legality(game_id: str, n: int, preset: dict) -> None:
    """The handlers' fast `legal` tests accept exactly the listed options, over the whole
    action space, on true and sampled states."""
    for state, _ in _positions(game_id, n, preset, SEEDS[0]):
        if state.is_terminal():
            continue
        p = state.current_player()
        for s in (state, engine.sample_state(state.observation((p + 1) % n), 3)):
            legal = set(s.legal_actions())
            for a in s.action_space().actions:
                assert s.is_legal(a) == (a in legal), (
                    f"fast legality test says {s.is_legal(a)} for {a!r}, options say "
                    f"{a in legal} (pending {type(s.pending()).__name__})")


def test_fast_legality_test_agrees_with_legal_actions(case):
    check_fast_legality(*case)


def check_asking(game_id: str, n: int, preset: dict) -> None:
    """From any seat q's point of view, the truth and a state sampled from q's observation
    (given the truth's generator) must ask the same seat the same kind of question after
    the same action: otherwise q learns hidden facts from the shape of the game (a seat
    with nothing to commit must still be asked, with 0 or pass as its only option)."""
    traj = _trajectory(game_id, n, tuple(sorted(preset.items())), SEEDS[0])
    state = engine.make(game_id, n, SEEDS[0], **preset)
    gen = type(state).generator_field()
    for i, a in enumerate(traj):
        for q in range(n):
            s2 = engine.sample_state(state.observation(q), i * n + q)
            if gen is not None:
                setattr(s2, gen, Rng(getattr(state, gen).s))
            if not s2.is_legal(a):
                continue
            truth = state.clone()
            truth.apply(a)
            s2.apply(a)
            asked = (truth.current_player(), type(truth.pending()).__name__)
            assert (s2.current_player(), type(s2.pending()).__name__) == asked, (
                f"after {a!r} (decision {i}) the truth asks {asked} but a state seat {q} "
                f"cannot tell from it asks {s2.current_player()}, "
                f"{type(s2.pending()).__name__}")
        state.apply(a)


def test_whether_a_seat_is_asked_does_not_depend_on_what_others_cannot_see(case):
    check_asking(*case)


def test_replay_rebuilds_the_final_state(case):
    game_id, n, preset = case
    record = play_match(game_id, n, ["random"] * n, seed=SEEDS[1], options=preset)
    assert record.outcome in ("normal", NO_WINNER) and not record.failures
    final = engine.replay(record)
    assert final.is_terminal()
    assert engine.digest(final) == record.final_digest
    assert final.scores() == record.scores and final.ranking() == record.ranking
