"""Tournament schedules: lineups, seat rotation, seeds, validation."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bots.registry import BotSpecError
from engine.protocol import InvalidConfigError, UnknownGameError
from harness.tournaments.schedule import (
    TournamentError,
    TournamentSpec,
    block_seed,
    lineups,
    pool_key,
    schedule,
    validate,
)


def _spec(**kw: object) -> TournamentSpec:
    base: dict[str, object] = {"game": "kit", "num_players": 2, "bots": ("a", "b", "c")}
    return TournamentSpec(**{**base, **kw})  # type: ignore[arg-type]


def test_round_robin_meets_every_combination_once_per_cycle() -> None:
    assert lineups(_spec()) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert lineups(_spec(num_players=3, bots=("a", "b"))) == [("a", "a", "b"), ("a", "b", "b")]


def test_gauntlet_puts_the_candidate_against_the_field() -> None:
    spec = _spec(format="gauntlet", num_players=3, bots=("x", "a", "b", "c"))
    assert lineups(spec) == [("x", "a", "b"), ("x", "a", "c"), ("x", "b", "c")]


def test_seat_rotation_plays_every_permutation_on_one_seed() -> None:
    games = schedule(_spec(num_players=3, bots=("a", "b", "c"), seat_rotation=True, games=12))
    assert len(games) == 12
    first = [g for g in games if g.block == 0]
    assert len(first) == 6 and len({g.bots for g in first}) == 6
    assert {g.seed for g in first} == {block_seed(0, 0)}
    assert block_seed(0, 0) != block_seed(0, 1)


def test_without_rotation_seats_rotate_from_one_cycle_to_the_next() -> None:
    games = schedule(_spec(games=6))
    assert [g.bots for g in games] == [("a", "b"), ("a", "c"), ("b", "c"),
                                       ("b", "a"), ("c", "a"), ("c", "b")]
    assert [g.idx for g in games] == list(range(6))
    assert len({g.seed for g in games}) == 6


def test_seeds_depend_on_tournament_seed_and_block_only() -> None:
    a = schedule(_spec(seed=5, games=9))
    b = schedule(_spec(seed=5, games=30))
    assert a == b[:9]
    assert schedule(_spec(seed=6, games=9))[0].seed != a[0].seed
    assert all(0 <= g.seed < 2**63 for g in b)


def test_default_size_is_one_cycle_and_games_round_up_to_whole_blocks() -> None:
    assert len(schedule(_spec())) == 3
    assert len(schedule(_spec(seat_rotation=True, games=5))) == 6
    assert len(schedule(_spec(bots=("a", "b"), sprt="0,50,0.05,0.05", games=None))) == 2000


def test_pool_key_fills_in_default_options() -> None:
    plain, unused = pool_key(_spec()), pool_key(_spec(options={"unused": True}))
    assert plain.startswith("kit/2p/{") and '"unused": false' in plain
    assert unused == plain.replace('"unused": false', '"unused": true')
    assert pool_key(_spec(num_players=3)).startswith("kit/3p/")


@pytest.mark.parametrize(("kw", "error", "match"), [
    ({"game": "nope"}, UnknownGameError, "unknown game"),
    ({"num_players": 9}, InvalidConfigError, "2-4 players"),
    ({"options": {"x": 1}}, InvalidConfigError, "no option 'x'"),
    ({"num_players": 3, "options": {"duel": True}}, InvalidConfigError, "only for 2 players"),
    ({"bots": ("random", "nobot")}, BotSpecError, "unknown bot 'nobot'"),
    ({"bots": ("random",)}, TournamentError, "at least two"),
    ({"bots": ("random", "random")}, TournamentError, "twice"),
    ({"bots": ("random", "mcts"), "games": 0}, TournamentError, "^games must be at least 1"),
    ({"bots": ("random", "mcts"), "format": "swiss"}, TournamentError, "^format .swiss. is not one of"),
    ({"bots": ("random", "mcts"), "sprt": "1,2"}, TournamentError, "four numbers"),
    ({"bots": ("random", "mcts", "python:bots.base:RandomBot"), "sprt": "0,50,0.05,0.05"},
     TournamentError, "exactly two"),
    ({"bots": ("random", "mcts"), "time_per_move": 0.0}, TournamentError, "positive"),
    ({"bots": ("random", "mcts"), "modules": ("no.such.module",)}, TournamentError, "import"),
])
def test_validation_gives_one_clear_error(kw: dict[str, object], error: type[Exception],
                                          match: str) -> None:
    with pytest.raises(error, match=match):
        validate(_spec(**kw))


def test_spec_round_trips_through_json() -> None:
    spec = _spec(options={"unused": True}, sprt="0,5,0.1,0.1", modules=("tests.kitgame",))
    assert TournamentSpec.from_json(spec.to_json()) == spec


@given(n=st.integers(2, 4), entrants=st.integers(2, 5), rotation=st.booleans(),
       gauntlet=st.booleans(), games=st.integers(1, 60), seed=st.integers(0, 2**40))
def test_schedule_invariants(n: int, entrants: int, rotation: bool, gauntlet: bool,
                             games: int, seed: int) -> None:
    bots = tuple(f"b{i}" for i in range(entrants))
    spec = _spec(num_players=n, bots=bots, seat_rotation=rotation, games=games, seed=seed,
                 format="gauntlet" if gauntlet else "round-robin")
    sched = schedule(spec)
    assert len(sched) >= games and [g.idx for g in sched] == list(range(len(sched)))
    blocks: dict[int, list[tuple[str, ...]]] = {}
    for g in sched:
        assert len(g.bots) == n and len(set(g.bots)) > 1 and g.seed == block_seed(seed, g.block)
        if gauntlet:
            assert "b0" in g.bots
        blocks.setdefault(g.block, []).append(g.bots)
    assert sorted(blocks) == list(range(len(blocks)))
    for seats in blocks.values():
        assert len(set(seats)) == len(seats)
        assert len({tuple(sorted(s)) for s in seats}) == 1  # one lineup per block
        if rotation:
            assert len(seats) == len(set(itertools.permutations(seats[0])))
    assert len(sched) - games < max(len(s) for s in blocks.values())  # whole blocks only
