"""Numeric observations (engine.tensor): fixed shapes, complete layouts, nothing leaked."""

from __future__ import annotations

import random

import numpy as np
import pytest

import engine
from engine import tensor
from tests import kitgame
from tests.adapters import cases, option_cases

CASES = cases()


def _walk(game_id: str, n: int, seed: int, options: dict, every: int = 1):
    """(state, seat) pairs along a seeded random game: every seat, every `every` decisions."""
    state = engine.make(game_id, n, seed, **options)
    pick = random.Random(seed)
    k = 0
    while True:
        if k % every == 0 or state.is_terminal():
            for p in range(n):
                yield state, p
        if state.is_terminal():
            return
        state.apply(pick.choice(state.legal_actions()))
        k += 1


@pytest.mark.parametrize(("game_id", "n", "options"), CASES + option_cases())
def test_layout_is_contiguous_and_every_observation_fits(game_id, n, options):
    lay = tensor.layout(game_id, n, **options)
    assert tensor.layout(game_id, n, **options) is lay  # cached
    at = 0
    for s in lay.segments:
        assert s.offset == at and s.size == int(np.prod(s.shape)) > 0, s
        at += s.size
    assert at == lay.size == lay.shape[0]
    assert "legal_actions" in lay.omitted and lay.describe().startswith(game_id)
    for seed in (101, 202) if not options else (101,):  # games the probe did not play
        for state, p in _walk(game_id, n, seed, options, every=3):
            vec = lay.encode(state.observation(p))
            assert vec.dtype == np.float32 and vec.shape == lay.shape
            assert np.isfinite(vec).all()
            assert lay.view(vec, "seat").tolist() == [float(q == p) for q in range(n)]


@pytest.mark.parametrize(("game_id", "n", "options"), CASES)
def test_the_tensor_hides_what_the_observation_hides(game_id, n, options):
    """Computed from the observation alone: a resampled state (other hands, decks and the
    future redrawn) gives the seat the same tensor."""
    lay = tensor.layout(game_id, n, **options)
    for i, (state, p) in enumerate(_walk(game_id, n, 7, options, every=17)):
        obs = state.observation(p)
        twin = engine.sample_state(obs, 1000 + i)
        assert (lay.encode(twin.observation(p)) == lay.encode(obs)).all()


def test_hints_give_one_hot_planes_bounds_and_omissions(monkeypatch):
    hints = {"hand": tensor.Hint(max_len=7), "hand[]": {"categories": tuple(range(10))},
             "phase": {"categories": ("PlayOrPass", "DrawOrKeep", "over")},
             "played": {"omit": "not needed here"}}
    monkeypatch.setattr(kitgame.KitObservation, "TENSOR_HINTS", hints, raising=False)
    lay = tensor.Layout("kit", 2, engine.get_game("kit").resolve_options({}))
    assert lay.omitted["played"] == "not needed here"
    planes = lay.segment("hand")
    assert planes.kind == "planes" and planes.shape == (10, 7)
    state = engine.make("kit", 2, 3)
    obs = state.observation(0)
    vec = lay.encode(obs)
    assert lay.view(vec, "hand#")[0] == len(obs.hand)
    grid = lay.view(vec, "hand")
    for i, card in enumerate(obs.hand):
        assert grid[card, i] == 1.0 and grid[:, i].sum() == 1.0
    assert lay.view(vec, "phase").tolist() == [float(obs.phase == c) for c in
                                               ("PlayOrPass", "DrawOrKeep", "over")]
    obs.hand = list(range(8))
    with pytest.raises(tensor.TensorOverflow, match="hand: 8 items, the layout holds at most 7"):
        lay.encode(obs)


def test_a_fixed_list_of_another_length_raises_instead_of_truncating():
    lay = tensor.layout("kit", 2)
    obs = engine.make("kit", 2, 1).observation(0)
    assert lay.segment("hand_sizes").shape == (2,)
    obs.hand_sizes = [1, 2, 3]
    with pytest.raises(tensor.TensorOverflow, match="hand_sizes: 3 items"):
        lay.encode(obs)


def test_the_stack_is_written_newest_first_and_the_module_prints_layouts(capsys):
    lay = tensor.layout("kit", 2)
    obs = engine.make("kit", 2, 1).observation(0)
    vec = lay.encode(obs)
    top = type(obs.stack[-1]).__name__
    tags = lay.segment("stack[0].type").detail.split(", ")
    assert lay.view(vec, "stack[0].type")[tags.index(top)] == 1.0
    tensor.main(["kit", "3", "duel=false"])
    assert capsys.readouterr().out.startswith("kit, 3 players")


#: sha256 (first 16 hex digits) of every observation's vector, both seats, along one seeded
#: random game at 2 players, as written by the interpreted encoder that came before the
#: compiled one (engine/tensor_nodes.py): the compiled encoder must give the same numbers
#: (Huang's and Gugong's recorded again when their layouts took the rules' bounds for a war's
#: fighters and the token discard; Gugong's again when Canal B came to place two pieces, which
#: changed its seeded random game: the Python and the compiled encoder agree on it)
ENCODED = {"year_of_the_dragon": "54a5674d16e6a5bd", "rotunda": "3fa6175072ceeedd",
           "huang": "48032a4722422ee2", "dragon_castle": "34992646e112cdd4",
           "gugong": "19bcc32703e3afb6"}


@pytest.mark.parametrize("game_id", sorted(ENCODED))
def test_the_compiled_encoder_writes_the_recorded_vectors(game_id):
    import hashlib

    lay = tensor.layout(game_id, 2)
    digest = hashlib.sha256()
    for state, p in _walk(game_id, 2, 11, {}):
        digest.update(lay.encode(state.observation(p)).tobytes())
    assert digest.hexdigest()[:16] == ENCODED[game_id]


def test_an_unknown_category_in_a_list_names_the_item(monkeypatch):
    hints = {"hand": tensor.Hint(max_len=7), "hand[]": {"categories": tuple(range(10))}}
    monkeypatch.setattr(kitgame.KitObservation, "TENSOR_HINTS", hints, raising=False)
    lay = tensor.Layout("kit", 2, engine.get_game("kit").resolve_options({}))
    obs = engine.make("kit", 2, 3).observation(0)
    obs.hand = [1, 2, 99]
    with pytest.raises(tensor.TensorOverflow, match=r"hand\[2\]: 99 is not one of its declared"):
        lay.encode(obs)
    obs.hand = [1, 2]
    vec = lay.encode(obs)
    assert lay.view(vec, "hand#")[0] == 2 and lay.view(vec, "hand").sum() == 2


def test_a_war_of_every_leader_fits_the_huang_layout():
    """Huang §8.2: any leader on the board may fight a war. Self-play under search met a war
    of 10 fighters at 2 players, past the probe games' bound (8): the bound is the rules'."""
    import msgspec

    from engine.games.huang.requests import War

    for n in (2, 5):
        lay = tensor.layout("huang", n)
        obs = engine.make("huang", n, 1).observation(0)
        war = War(hex=40, parties=(3, 70), participants=tuple(range(25)), base=(1, 2),
                  tiles=(0, 0), leaders=(0, 0))
        row = lay.encode(msgspec.structs.replace(obs, war=war))
        seg = next(s for s in lay.segments if s.name == "war.participants#")
        assert row[seg.offset] == 25


def test_a_discard_of_every_travel_token_fits_the_gugong_layout():
    """Gugong §8: exchanged travel tokens pile up in the discard until a Morning refill
    finds both piles empty. A search's playout met 18 at 2 players, past the probe games'
    bound (16): the bound is every token of the game, 38 with the bonus tokens."""
    import msgspec

    for n, options in ((2, {}), (4, {"bonus_travel": True})):
        lay = tensor.layout("gugong", n, **options)
        obs = engine.make("gugong", n, 1, **options).observation(0)
        row = lay.encode(msgspec.structs.replace(obs, token_discard=[0] * 38))
        seg = next(s for s in lay.segments if s.name == "token_discard#")
        assert row[seg.offset] == 38
