"""The kit's checks of hidden information: samples reproduce a seat's view and redraw the
rest, fast legality tests agree with the options, the shape of the game (who is asked) and
a seat's render reveal nothing the seat may not know."""

from __future__ import annotations

import engine
from engine import kernel
from engine.common.rng import Rng
from engine.kernel import GameState, Hidden
from engine.protocol import Observation
from engine.testing.playouts import SEEDS, Case, positions, require, trajectory


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


def check_sampling(case: Case) -> None:
    """`sample_state(obs).observation(p) == obs`; no peeking: the generator is always new,
    and hidden zones are redrawn: what other seats hold in owner-only zones varies across
    samples, and somewhere in the game the samples differ from the truth with the
    generator excluded (so a new generator alone cannot pass)."""
    game_id, n, preset = case
    state_type = engine.get_game(game_id).state_type
    has_owner_zones = bool(state_type.owner_fields())
    hidden_somewhere = varied = differs = 0
    for state, _ in positions(game_id, n, preset, SEEDS[0]):
        gen = type(state).generator_field()
        truth = _without_generator(state)
        for p in range(n):
            obs: Observation = state.observation(p)
            samples = [engine.sample_state(obs, k) for k in range(6)]
            for k, s in enumerate(samples):
                require(s.observation(p) == obs,
                        f"sample {k} does not reproduce seat {p}'s view")
                if gen is not None and not state.is_terminal():
                    require(getattr(s, gen) != getattr(state, gen), "the generator was copied")
            differs += any(_without_generator(s) != truth for s in samples)
            if has_owner_zones and not state.is_terminal():
                others = _owner_entries(state, p)
                if any(others):
                    hidden_somewhere += 1
                    varied += len({_owner_entries(s, p) for s in samples}) > 1
    if hidden_somewhere:
        require(varied, "other seats' owner-only zones never vary across samples: "
                "sample_state copies what the seat cannot see")
    declared = kernel.declarations(state_type).values()
    if hidden_somewhere or any(isinstance(v, Hidden) for v in declared):
        require(differs, "samples always equal the truth: hidden zones are not redrawn")


def check_fast_legality(case: Case) -> None:
    """The handlers' fast `legal` tests accept exactly the listed options, over the whole
    action space, on true and sampled states."""
    game_id, n, preset = case
    for state, _ in positions(game_id, n, preset, SEEDS[0]):
        if state.is_terminal():
            continue
        p = state.current_player()
        for s in (state, engine.sample_state(state.observation((p + 1) % n), 3)):
            legal = set(s.legal_actions())
            for a in s.action_space().actions:
                require(s.is_legal(a) == (a in legal),
                        f"fast legality test says {s.is_legal(a)} for {a!r}, options say "
                        f"{a in legal} (pending {type(s.pending()).__name__})")


def check_asking(case: Case) -> None:
    """From any seat q's point of view, the truth and a state sampled from q's observation
    (given the truth's generator) must ask the same seat the same kind of question after
    the same action: otherwise q learns hidden facts from the shape of the game (a seat
    with nothing to commit must still be asked, with 0 or pass as its only option)."""
    game_id, n, preset = case
    state = engine.make(game_id, n, SEEDS[0], **preset)
    gen = type(state).generator_field()
    for i, a in enumerate(trajectory(game_id, n, preset, SEEDS[0])):
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
            got = (s2.current_player(), type(s2.pending()).__name__)
            require(got == asked, f"after {a!r} (decision {i}) the truth asks {asked} but a "
                    f"state seat {q} cannot tell from it asks {got}")
        state.apply(a)


def check_render_secrecy(case: Case) -> None:
    """`render(p)` and the acting seat's words are the same on the truth and on states
    sampled from p's observation: a seat's screen shows only what it may know."""
    game_id, n, preset = case
    for state, _ in positions(game_id, n, preset, SEEDS[1]):
        for p in range(n):
            obs = state.observation(p)
            view = state.render(p)
            for k in range(3):
                sample = engine.sample_state(obs, k)
                require(sample.render(p) == view, f"seat {p}'s render differs on a state "
                        f"sampled from its observation: it shows something seat {p} may not know")
                if not state.is_terminal() and state.current_player() == p:
                    legal = state.legal_actions()
                    require([sample.describe_action(a) for a in legal]
                            == [state.describe_action(a) for a in legal],
                            f"seat {p}'s options read differently on a sampled state")
