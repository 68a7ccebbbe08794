"""engine.make / games / errors, the RNG, and action spaces."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.common.rng import Rng, derive_seed
from engine.protocol import ActionSpace, IllegalActionError, InvalidConfigError, UnknownGameError
from tests.kitgame import Draw, Pass, Play


def test_unknown_game_lists_the_valid_ones():
    with pytest.raises(UnknownGameError, match="available: .*kit"):
        engine.make("chess", 2, 0)


def test_player_count_out_of_range():
    with pytest.raises(InvalidConfigError, match="2-4 players, not 7"):
        engine.make("kit", 7, 0)


def test_unknown_option_lists_the_valid_ones():
    msg = "no option 'great_wall'; valid options: duel, unused"
    with pytest.raises(InvalidConfigError, match=msg):
        engine.make("kit", 2, 0, great_wall=True)


def test_bad_option_value():
    with pytest.raises(InvalidConfigError, match="true/false"):
        engine.make("kit", 2, 0, unused=3)


def test_games_describe_options():
    kit = next(g for g in engine.list_games() if g.id == "kit")
    assert (kit.min_players, kit.max_players) == (2, 4)
    assert kit.options[0].meaning


def test_same_seed_same_state_different_seed_different_deal():
    assert engine.make("kit", 2, 1).to_bytes() == engine.make("kit", 2, 1).to_bytes()
    assert engine.make("kit", 2, 1).to_bytes() != engine.make("kit", 2, 2).to_bytes()


def test_decode_action_rejects_malformed_input():
    assert engine.decode_action("kit", b'{"type": "Play", "card": 3}') == Play(3)
    with pytest.raises(IllegalActionError, match="malformed"):
        engine.decode_action("kit", {"type": "Fly"})
    with pytest.raises(IllegalActionError, match="malformed"):
        engine.decode_action("kit", b"{not json")


def test_action_space_round_trip_and_errors():
    space = ActionSpace([Play(1), Pass(), Draw()])
    assert space.size == 3 and space.id_of(Pass()) == 1 and space.from_id(2) == Draw()
    assert space.mask([Draw()]).tolist() == [False, False, True]
    with pytest.raises(IllegalActionError):
        space.id_of(Play(9))
    with pytest.raises(IllegalActionError):
        space.from_id(3)
    with pytest.raises(ValueError):
        ActionSpace([Pass(), Pass()])


def test_rng_is_reproducible_and_serializable():
    a, b = Rng.from_seed(5, "x"), Rng.from_seed(5, "x")
    assert [a.below(10) for _ in range(20)] == [b.below(10) for _ in range(20)]
    c = msgspec.msgpack.decode(msgspec.msgpack.encode(a), type=Rng)
    assert c.next64() == a.next64()
    assert derive_seed(1, "a") != derive_seed(1, "b") != derive_seed(2, "a")


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_rng_below_stays_in_range(seed: int, n: int):
    r = Rng(seed)
    assert all(0 <= r.below(n) < n for _ in range(10))


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=40))
def test_below_and_shuffle_draw_next64_as_splitmix64_does(seed: int, size: int):
    """`below` and `shuffle` inline the generator step (issue 41): the same numbers as
    `next64`, and the same state after them."""
    ref, r = Rng(seed), Rng(seed)
    items = list(range(size))
    expected = list(items)
    for i in range(size - 1, 0, -1):
        j = (ref.next64() * (i + 1)) >> 64
        expected[i], expected[j] = expected[j], expected[i]
    r.shuffle(items)
    assert items == expected and r.s == ref.s
    assert r.below(size + 1) == (ref.next64() * (size + 1)) >> 64 and r.s == ref.s
    assert Rng(1).next64() == 0x910A2DEC89025CC1  # splitmix64's first output from seed 1


@given(st.integers(min_value=0, max_value=2**64 - 1),
       st.one_of(st.integers(min_value=1, max_value=2**32 + 1), st.integers(min_value=1)))
def test_below_is_the_high_word_of_the_product(seed: int, n: int):
    """`below(n)` is (next64() * n) >> 64 for every n: the compiled module takes it in 64-bit
    halves below 2**32, as Python ints above."""
    ref, r = Rng(seed), Rng(seed)
    assert r.below(n) == (ref.next64() * n) >> 64 and r.s == ref.s


@pytest.mark.parametrize("bad", [-1, 2**64, b"[-1]", b"[18446744073709551616]"])
def test_a_generator_state_outside_64_bits_is_refused(bad: int | bytes):
    with pytest.raises((ValueError, msgspec.ValidationError), match="in \\[0, 2\\*\\*64\\)"):
        msgspec.json.decode(bad, type=Rng) if isinstance(bad, bytes) else Rng(bad)


@given(st.integers(min_value=0, max_value=2**32), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]):
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_rng_below_is_roughly_uniform():
    r = Rng.from_seed(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_every_game_package_on_disk_is_playable():
    from pathlib import Path

    from engine.registry import BUILTIN

    games_dir = Path(engine.__file__).parent / "games"
    for game_id in BUILTIN:
        if (games_dir / game_id / "__init__.py").exists():
            assert engine.get_game(game_id).id == game_id


def test_an_option_limited_to_some_player_counts():
    assert engine.make("kit", 2, 0, duel=True).num_players == 2
    with pytest.raises(InvalidConfigError, match="option duel is only for 2 players, not 3"):
        engine.make("kit", 3, 0, duel=True)
    engine.make("kit", 3, 0, duel=False)  # the default is fine everywhere
    kit = engine.get_game("kit")
    assert kit.allows(2, {"duel": True}) and not kit.allows(4, {"duel": True})


def test_the_project_root_is_the_checkout_in_a_compiled_install_too() -> None:
    """engine/common/project.py stays Python (a compiled module's file lies under
    engine/compiled/, which would make every path read from PROJECT wrong)."""
    from engine.common.project import PROJECT

    assert (PROJECT / "engine" / "common" / "project.py").is_file()
    assert (PROJECT / "bots" / "sandbox_runner.py").is_file()
