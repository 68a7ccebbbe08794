"""2-player short game (§3 step 2, option `short_game`): 24 random tiles leave the bag for
the box at setup, unseen by everyone."""

from __future__ import annotations

import random

import msgspec
import pytest

import engine
from engine.games.huang import GAME, requests
from engine.games.huang.data import BAG_AFTER_SETUP, SHORT_GAME_REMOVED, TILE_COUNTS
from engine.games.huang.observe import unseen_tiles
from engine.games.huang.setup import new_state
from engine.games.huang.state import HuangObservation, HuangState
from engine.protocol import InvalidConfigError
from tests.games.huang.test_scenarios import conserved

DEALT_2P = 2 * 6 + 6  # two hands and the market


def short(seed: int, **opts: bool) -> HuangState:
    s = engine.make("huang", 2, seed, short_game=True, **opts)
    assert isinstance(s, HuangState)
    return s


def playout(s: HuangState, seed: int) -> HuangState:
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


def twin_with_other_removed_tiles(s: HuangState) -> HuangState | None:
    """The same position except that one removed tile and one bag tile of another colour
    trade places (nobody can tell the two apart); None if the bag has no such tile."""
    t = s.clone()
    swaps = [(c, d) for c in range(5) for d in range(5)
             if c != d and t.removed[c] > 0 and t.bag[d] > 0]
    if not swaps:
        return None
    c, d = swaps[0]
    t.removed[c] -= 1
    t.bag[c] += 1
    t.bag[d] -= 1
    t.removed[d] += 1
    assert conserved(t) and t.removed != s.removed
    return t


# --- setup --------------------------------------------------------------------------------


@pytest.mark.rule("huang", "3.2b")
@pytest.mark.parametrize("seed", range(6))
def test_setup_removes_24_random_tiles_from_the_bag(seed: int) -> None:
    s = short(seed)
    plain = engine.make("huang", 2, seed)
    assert isinstance(plain, HuangState)
    assert SHORT_GAME_REMOVED == 24 and sum(s.removed) == 24 and len(s.removed) == 5
    assert sum(s.bag) == sum(plain.bag) - 24 == sum(BAG_AFTER_SETUP) - DEALT_2P - 24 == 89
    assert all(0 <= k <= n for k, n in zip(s.removed, TILE_COUNTS, strict=True))
    assert conserved(s) and conserved(plain)
    # without the option nothing is removed and nothing changes
    assert not plain.short_game and plain.removed == []
    assert sum(plain.bag) + sum(plain.hands) + sum(plain.market) == sum(BAG_AFTER_SETUP)


def test_removal_is_random_but_deterministic_per_seed() -> None:
    assert short(3).to_bytes() == short(3).to_bytes()
    assert len({tuple(short(seed).removed) for seed in range(10)}) > 1


def test_short_game_combines_with_the_modules() -> None:
    s = short(5, eighteen_kingdoms=True, imperial_palace=True)
    assert sum(s.bag) == 119 - DEALT_2P - 24 and conserved(s)
    b = short(5, bandits=True)
    assert len(b.bandits) == 5 and sum(b.bag) == 89 and conserved(b)


@pytest.mark.rule("huang", "3.2b")
@pytest.mark.parametrize("n", [3, 4, 5])
def test_option_is_rejected_at_other_player_counts(n: int) -> None:
    with pytest.raises(InvalidConfigError, match=f"short_game is only for 2 players, not {n}"):
        engine.make("huang", n, 1, short_game=True)
    with pytest.raises(InvalidConfigError, match="only for 2 players"):
        new_state(n, 1, {"short_game": True})  # also when bypassing the registry
    assert not GAME.allows(n, {"short_game": True}) and GAME.allows(2, {"short_game": True})
    engine.make("huang", n, 1, short_game=False)  # the default is fine anywhere


def test_option_is_registered_for_two_players_with_a_preset() -> None:
    opt = next(o for o in GAME.options if o.name == "short_game")
    assert opt.default is False and opt.players == (2,) and "24" in opt.meaning
    assert {"short_game": True} in [dict(p) for p in GAME.presets]


# --- hidden information -------------------------------------------------------------------


@pytest.mark.rule("huang", "13a")
def test_observations_show_only_the_number_of_removed_tiles() -> None:
    s = short(8)
    for p in range(2):
        obs = s.observation(p)
        assert obs.short_game and obs.removed_count == 24 and obs.bag_size == 89
        # the removed tiles count as unseen, like the bag and the other hand
        assert sum(unseen_tiles(obs)) == 24 + 89 + 6
        assert "removed" not in msgspec.structs.asdict(obs)  # no per-colour field


@pytest.mark.parametrize("seed", range(4))
def test_no_observation_depends_on_which_tiles_were_removed(seed: int) -> None:
    """Along a whole game: a twin with other removed tiles gives byte-identical
    observations to both seats (so no field reveals them)."""
    s = short(seed)
    rng = random.Random(seed)
    compared = 0
    while True:
        t = twin_with_other_removed_tiles(s)
        if t is not None:  # (near the end the bag may hold no tile of another colour)
            compared += 1
            for p in range(2):
                assert s.observation(p) == t.observation(p)
                assert msgspec.json.encode(s.observation(p)) == msgspec.json.encode(
                    t.observation(p))
        if s.is_terminal():
            break
        for _ in range(25):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
    assert compared >= 8


# --- game end -----------------------------------------------------------------------------


def test_removed_tiles_stay_in_the_box_until_the_end() -> None:
    s = short(2)
    removed = list(s.removed)
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
        assert s.removed == removed and conserved(s)
    assert sum(s.bag) == 0 and s.over  # §10: the game ended at a draw from the empty bag


def test_a_short_game_ends_earlier_on_average() -> None:
    seeds = range(16)
    full = [playout(engine.make("huang", 2, k), k).decision for k in seeds]  # type: ignore[arg-type]
    cut = [playout(short(k), k).decision for k in seeds]
    assert sum(cut) < 0.9 * sum(full)


# --- determinization ----------------------------------------------------------------------


@pytest.mark.parametrize("cut", [0, 40, 150])
def test_sampled_states_reproduce_the_view_and_resample_the_removed_tiles(cut: int) -> None:
    s = short(cut)
    rng = random.Random(cut)
    for _ in range(cut):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    for p in range(2):
        obs = s.observation(p)
        samples = [engine.sample_state(obs, k) for k in range(12)]
        for t in samples:
            assert isinstance(t, HuangState)
            assert t.observation(p) == obs and conserved(t)
            assert t.short_game and sum(t.removed) == 24
            assert t.hands[p * 5:p * 5 + 5] == s.hands[p * 5:p * 5 + 5]
        assert len({tuple(t.removed) for t in samples}) > 1, "removed tiles copied, not sampled"


def test_a_tile_being_placed_is_in_its_placers_hand_in_every_sampled_state() -> None:
    """§6.2: a seat placing a tile names its colour first (a public request), so a sampled
    state deals that tile to its hand; dealt at random it could be missing there, and the
    placement then took a tile the hand did not hold (a count of -1)."""
    s = engine.make("huang", 2, 1137, short_game=True)
    rng = random.Random(1137)
    for _ in range(39):
        s.apply(rng.choice(s.legal_actions()))
    req = s.pending()
    assert isinstance(req, requests.ChooseTileHex) and (req.seat, req.colour) == (0, 4)
    obs = s.observation(1)
    for k in range(40):
        t = engine.sample_state(obs, k)
        assert t.observation(1) == obs and conserved(t)
        assert t.hands[req.colour] >= 1
        for a in t.legal_actions():
            u = t.clone()
            u.apply(a)
            assert min(u.hands) >= 0


def test_sampled_removed_tiles_are_uniform_among_the_unseen() -> None:
    """At setup a seat sees its hand and the market; the 24 removed tiles are a uniform
    draw from the other 113, so their expected colours are proportional to the unseen."""
    s = short(1)
    obs = s.observation(0)
    unseen = unseen_tiles(obs)
    total = [0] * 5
    k = 300
    for seed in range(k):
        t = engine.sample_state(obs, seed)
        assert isinstance(t, HuangState)
        for c in range(5):
            total[c] += t.removed[c]
    for c in range(5):
        expected = 24 * unseen[c] / sum(unseen)
        assert abs(total[c] / k - expected) < 0.25 * expected + 0.3, (c, total[c] / k, expected)


def test_inconsistent_observation_is_refused() -> None:
    obs = short(4).observation(0)
    bad = msgspec.structs.replace(obs, removed_count=23)
    with pytest.raises(ValueError, match="inconsistent"):
        engine.sample_state(bad, 0)
    assert isinstance(obs, HuangObservation)
