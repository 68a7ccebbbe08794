"""`arena train`'s parts without Ray (issue 40): positions from seeded self-play, a value
fit that beats a constant, the model file's header and refusals, `mcts:model=PATH` in a
game, ladder pinning of the model file, and the old `model=3`'s one line."""

from __future__ import annotations

import resource
import zipfile
from pathlib import Path

import msgspec
import numpy as np
import pytest

import engine
from bots.mcts_leaf import rank_rewards
from bots.mcts_model import model_leaf
from bots.model_file import Header, Model, ModelError, load, save
from bots.registry import BotSpecError, make_bot
from engine import tensor
from harness.ladders.pin import manifest, pin, store
from harness.play.entrants import check_spec
from harness.play.match import play_match
from harness.training.dataset import Positions, done_seeds, read, write_part
from harness.training.fit import FitConfig, correlation, fit
from harness.training.selfplay import play_games

GAME = "year_of_the_dragon"


@pytest.fixture(scope="module")
def data() -> Positions:
    """Six seeded self-play games of a tiny search (about a second)."""
    return play_games(GAME, 2, {}, "mcts:iters=3", [1, 2, 3, 4, 5, 6], None)


@pytest.fixture(scope="module")
def model_file(data: Positions, tmp_path_factory: pytest.TempPathFactory) -> Path:
    net, figures = fit(data, FitConfig(hidden=(16,), max_iter=40))
    lay = tensor.layout(GAME, 2)
    path = tmp_path_factory.mktemp("model") / "model.npz"
    save(Model(Header(game=GAME, players=2, layout_version=tensor.LAYOUT_VERSION,
                      layout_fingerprint=lay.fingerprint, layout_size=lay.size, base="heuristic",
                      generation=1,
                      trained_on="mcts:iters=3", training_games=figures["games"],
                      positions=figures["positions"], fit=figures), net), path)
    return path


def test_self_play_positions_are_observations_with_each_seats_result(data: Positions) -> None:
    lay = tensor.layout(GAME, 2)
    assert data.x.shape == (len(data), lay.size) and data.x.dtype == np.float32
    assert sorted(data.seeds) == [1, 2, 3, 4, 5, 6]
    for seed in data.seeds:  # a 2-player game: one seat's rows won, the other's lost
        results = set(data.y[data.game == seed].tolist())
        assert results <= {0.0, 0.5, 1.0} and len(results) >= 1
    assert 0.0 < data.y.mean() < 1.0
    assert data.h.shape == data.y.shape and ((data.h >= 0) & (data.h <= 1)).all()


def test_every_seat_is_recorded_at_every_decision() -> None:
    """A leaf is valued from every seat's view, so the positions hold every seat's
    observation at every decision of the game (not only the seat to move), each with that
    seat's own result and heuristic value."""
    from harness.training.selfplay import positions

    lay = tensor.layout(GAME, 2)
    rec = play_match(GAME, 2, ["random", "random"], seed=9)
    got = positions(rec, lay)
    assert len(got) == 2 * len(rec.moves) and got.seeds == [9]
    state = engine.make(GAME, 2, 9)
    action_type = engine.get_game(GAME).action_type
    result = rank_rewards(rec.ranking)
    for i, mv in enumerate(rec.moves[:40]):
        for seat in range(2):
            row = 2 * i + seat
            assert np.array_equal(got.x[row], lay.encode(state.observation(seat)))
            assert got.y[row] == result[seat]
            assert got.h[row] == np.float32(state.heuristic(seat))
        state.apply(msgspec.convert(mv.action, type=action_type))


def test_a_decision_whose_observation_does_not_fit_is_left_out_and_counted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Self-play under search can reach an observation longer than the layout's probe games
    saw: that decision is left out (every seat's row) and counted, the game's other
    positions kept, where the task (and the run) used to fail."""
    lay = tensor.layout(GAME, 2)
    whole = play_games(GAME, 2, {}, "random", [4], None)
    encode = lay.encode
    calls = {"n": 0}

    def third_fails(obs: object, out: object = None) -> object:
        calls["n"] += 1
        if calls["n"] == 3:  # the first seat's observation at the second decision
            raise tensor.TensorOverflow("hand: 9 items, the layout holds at most 8")
        return encode(obs) if out is None else encode(obs, out)

    monkeypatch.setattr(lay, "encode", third_fails)
    part = play_games(GAME, 2, {}, "random", [4], None)
    assert part.misfits == 1 and whole.misfits == 0
    assert len(part) == len(whole) - 2
    assert np.array_equal(part.x[2:], whole.x[4:]) and np.array_equal(part.y[2:], whole.y[4:])
    write_part(tmp_path, part)
    assert read(tmp_path, lay.size).misfits == 1


def test_the_search_value_of_each_move_is_kept_for_both_seats(data: Positions) -> None:
    """`mcts` self-play keeps the searched value of the move played (`last_value`): the
    seat that played it gets it, the other seat of a 2-player game 1 minus it."""
    from harness.training.fit import targets

    q = data.q
    known = np.isfinite(q)
    assert known.mean() > 0.5 and ((q[known] >= 0) & (q[known] <= 1)).all()
    pairs = q.reshape(-1, 2)  # rows come in (seat 0, seat 1) pairs, one pair per decision
    both = np.isfinite(pairs).all(axis=1)
    assert both.any() and np.allclose(pairs[both].sum(axis=1), 1.0)
    mixed = targets(data, "mixed")
    assert np.allclose(mixed[known], (data.y[known] + q[known]) / 2)
    assert np.array_equal(mixed[~known], data.y[~known])
    assert np.array_equal(targets(data, "result"), data.y)
    with pytest.raises(ValueError, match="target 'q' is not one of result, mixed"):
        targets(data, "q")


def test_mcts_says_the_value_of_the_move_it_played() -> None:
    bot = make_bot("mcts:iters=20")
    state = engine.make(GAME, 2, 4)
    bot.reset(GAME, 2, state.current_player(), 1)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    bot.reset(GAME, 2, state.current_player(), 1)
    bot.act(state.observation(state.current_player()), None)
    assert 0.0 <= bot.last_value <= 1.0
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[0])
    bot.reset(GAME, 2, state.current_player(), 1)
    bot.act(state.observation(state.current_player()), None)
    assert bot.last_value is None  # a forced move is not searched


def test_parts_written_before_search_values_were_kept_still_read(tmp_path: Path) -> None:
    x = np.zeros((3, 4), np.float32)
    y = np.array([1, 0, 1], np.float32)
    np.savez(tmp_path / "part-7.npz", x=x, y=y, h=y, game=np.full(3, 7, np.int64),
             seeds=np.array([7], np.int64))  # no `q`
    back = read(tmp_path, 4)
    assert len(back) == 3 and np.isnan(back.q).all() and back.seeds == [7]


def test_positions_parts_on_disk_say_which_games_are_done(data: Positions,
                                                          tmp_path: Path) -> None:
    write_part(tmp_path, data)
    assert done_seeds(tmp_path) == set(data.seeds)
    back = read(tmp_path, data.x.shape[1])
    assert np.array_equal(back.x, data.x) and np.array_equal(back.y, data.y)
    assert np.array_equal(back.q, data.q, equal_nan=True)


def test_the_value_model_fits_better_than_a_constant(data: Positions,
                                                     model_file: Path) -> None:
    m = load(model_file)
    pred = m.net.predict(data.x, data.h)  # the net learns the heuristic's error
    assert correlation(pred, data.y) > 0.5  # a constant's correlation is 0
    assert np.mean((pred - data.y) ** 2) < np.mean((data.y.mean() - data.y) ** 2)
    f = m.header.fit
    assert f["held_out_mse"] < f["constant_mse"]
    assert f["numpy_us_per_call"] > 0 and f["sklearn_us_per_call"] > 0


def test_the_model_file_keeps_its_header(model_file: Path) -> None:
    h = load(model_file).header
    assert (h.game, h.players, h.options, h.generation, h.base) == (GAME, 2, {}, 1,
                                                                    "heuristic")
    assert h.layout_version == tensor.LAYOUT_VERSION
    assert h.layout_fingerprint == tensor.layout(GAME, 2).fingerprint
    assert h.training_games == 6 and h.positions > 100 and h.trained_on == "mcts:iters=3"


def test_a_model_for_another_game_player_count_or_layout_is_refused_in_one_line(
        model_file: Path, tmp_path: Path) -> None:
    with pytest.raises(ModelError) as e:
        model_leaf(str(model_file), "gugong", 2)
    assert "trained for year_of_the_dragon at 2 players, not gugong at 2" in str(e.value)
    assert "\n" not in str(e.value)
    with pytest.raises(ModelError, match=f"model {model_file} was trained for {GAME}, not "
                       "gugong$"):  # `arena play`, before the game
        check_spec("gugong", f"mcts:iters=2,model={model_file}")
    check_spec(GAME, f"mcts:iters=2,model={model_file}")
    with pytest.raises(ModelError, match="not year_of_the_dragon at 3"):
        make_bot(f"mcts:iters=2,model={model_file}").reset(GAME, 3, 0, 1)
    m = load(model_file)
    m.header.layout_fingerprint = "0" * 16
    save(m, tmp_path / "old.npz")
    with pytest.raises(ModelError, match="observation layout .* train it again"):
        model_leaf(str(tmp_path / "old.npz"), GAME, 2)
    with pytest.raises(ModelError, match="observation layout .* train it again"):
        check_spec(GAME, f"mcts:iters=2,model={tmp_path / 'old.npz'}", 2)  # before the game
    (tmp_path / "junk.npz").write_bytes(b"not a model")
    with pytest.raises(ModelError, match="not a readable model file"):
        model_leaf(str(tmp_path / "junk.npz"), GAME, 2)


def test_a_model_file_that_unpacks_to_too_much_is_refused_before_it_is_unpacked(
        tmp_path: Path) -> None:
    """A hostile model (a ladder submission pins it) must not make the harness allocate
    gigabytes: a 0.8 MB archive of 800 MB of zeros is refused from its index."""
    bomb = tmp_path / "bomb.npz"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:  # written in chunks
        with z.open("w.npy", "w", force_zip64=True) as f:
            np.lib.format.write_array_header_1_0(
                f, {"descr": "<f4", "fortran_order": False, "shape": (200_000_000,)})
            chunk = bytes(8_000_000)
            for _ in range(100):
                f.write(chunk)
    assert bomb.stat().st_size < 2_000_000
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ModelError, match=r"unpacks to 800,000,\d+ bytes, more than a model "):
        load(bomb)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200_000  # KiB


def test_mcts_with_a_model_plays_a_legal_game(model_file: Path) -> None:
    rec = play_match(GAME, 2, [f"mcts:iters=8,rollout=cutoff,depth=2,model={model_file}",
                               "random"], seed=3)
    assert rec.failures == [] and rec.outcome == "normal" and rec.ranking
    leaf = model_leaf(str(model_file), GAME, 2)
    state = engine.make(GAME, 2, 1)
    for _ in range(30):
        values = leaf(state)  # the seats' results add up to n/2, the values too
        assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)
        state.apply(state.legal_actions()[0])


def test_the_own_view_values_a_leaf_as_the_dense_net_does(model_file: Path) -> None:
    """`model_views=own`: the searching seat's view alone, read as entries (the first
    layer takes only the rows of the non-zero entries): the same value as the dense row,
    the other seat's value 1 minus it."""
    m = load(model_file)
    lay = tensor.layout(GAME, 2)
    own = [model_leaf(str(model_file), GAME, 2, seat=p) for p in (0, 1)]
    state = engine.make(GAME, 2, 2)
    for _ in range(40):
        for p in (0, 1):
            x = lay.encode(state.observation(p))
            dense = float(m.net.predict(x[None], np.array([state.heuristic(p)],
                                                          np.float32))[0])
            values = own[p](state)
            assert values[p] == pytest.approx(dense, abs=1e-5)
            assert values[1 - p] == pytest.approx(1.0 - dense, abs=1e-5)
        state.apply(state.legal_actions()[-1])
    rec = play_match(GAME, 2, [f"mcts:iters=8,depth=2,model_views=own,model={model_file}",
                               "random"], seed=5)
    assert rec.failures == [] and rec.outcome == "normal"
    with pytest.raises(BotSpecError, match="model_views"):
        make_bot("mcts:model_views=some")


def test_a_position_that_does_not_fit_the_layout_is_valued_by_the_game(
        model_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A playout can reach an observation longer than the layout's probe games saw (a
    Gugong discard pile of 18 tokens where the layout holds 16 crashed a trained bot once
    in 200 games): the leaf is then valued as the game values it, not a crash."""
    from bots.mcts_leaf import value

    leaf = model_leaf(str(model_file), GAME, 2)
    state = engine.make(GAME, 2, 1)
    fits = leaf(state)

    def overflow(obs: object, out: object = None) -> None:
        raise tensor.TensorOverflow("hand: 9 items, the layout holds at most 8")

    monkeypatch.setattr(tensor.layout(GAME, 2), "encode", overflow)
    assert leaf(state) == value(state) != fits and leaf.misfits == 1
    # the bot's notes (kept in the match record) say how many leaves it valued so
    bot = make_bot(f"mcts:iters=8,depth=2,model={model_file}")
    bot.reset(GAME, 2, state.current_player(), 3)
    bot.act(state.observation(state.current_player()), None)
    assert bot.notes[0] == "mcts: 8 iterations in 1 decisions"
    assert bot.notes[1].startswith("mcts: 8 leaves did not fit the model's layout")


def _arrays(n: int, **change: object) -> dict[str, object]:
    net = {"mean": np.zeros(n), "scale": np.ones(n), "w0": np.zeros((n, 4)), "b0": np.zeros(4),
           "w1": np.zeros((4, 1)), "b1": np.zeros(1)}
    return {k: v for k, v in (net | change).items() if v is not None}


HOSTILE = {  # a model file is hostile input (ladders pin them): each is refused in one line
    "no mean": ({"mean": None}, "no array 'mean'"),
    "no layers": ({"w0": None, "b0": None, "w1": None, "b1": None}, "no layers"),
    "layers that do not chain": ({"w1": np.zeros((5, 1))}, "layer 1: w1 (5, 1)"),
    "a 3-d weight": ({"w0": np.zeros((3, 4, 2))}, "layer 0"),
    "two outputs": ({"w1": np.zeros((4, 2)), "b1": np.zeros(2)}, "gives 2 values, not 1"),
    "a weight without its bias": ({"b1": None}, "no array 'b1'"),
    "text for numbers": ({"b0": np.array(["a"] * 4)}, "could not convert"),
    "not a number": ({"b1": np.array([np.nan])}, "not finite"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_model_file_that_is_not_a_net_is_refused_in_one_line(case: str,
                                                                tmp_path: Path) -> None:
    lay = tensor.layout(GAME, 2)
    change, says = HOSTILE[case]
    header = Header(game=GAME, players=2, layout_version=tensor.LAYOUT_VERSION,
                    layout_fingerprint=lay.fingerprint, layout_size=lay.size)
    path = tmp_path / "m.npz"
    np.savez(path, header=np.frombuffer(msgspec.json.encode(header), np.uint8),
             **_arrays(lay.size if case != "a 3-d weight" else 3, **change))
    with pytest.raises(ModelError, match="does not hold a value net") as e:
        load(path)
    assert says in str(e.value) and "\n" not in str(e.value)


def test_a_net_of_another_width_than_its_layout_is_refused(tmp_path: Path) -> None:
    lay = tensor.layout(GAME, 2)
    path = tmp_path / "m.npz"
    header = Header(game=GAME, players=2, layout_version=tensor.LAYOUT_VERSION,
                    layout_fingerprint=lay.fingerprint, layout_size=lay.size)
    np.savez(path, header=np.frombuffer(msgspec.json.encode(header), np.uint8),
             **_arrays(lay.size - 5))
    with pytest.raises(ModelError, match=f"reads {lay.size - 5} numbers, the layout it names "
                                         f"has {lay.size}"):
        model_leaf(str(path), GAME, 2)


def test_model_names_a_file_and_opponents_counts_the_modelled_seats() -> None:
    with pytest.raises(ValueError) as e:
        make_bot("mcts:model=3")
    assert str(e.value) == ("bad parameters in bot spec 'mcts:model=3': model must be a file "
                            "name, not 3")
    assert make_bot("mcts:opponents=3").describe()["opponents"] == 3


def test_a_ladder_pins_the_model_file(model_file: Path, tmp_path: Path) -> None:
    spec = f"mcts:iters=5,model={model_file},c=0.5"
    a = pin(spec, tmp_path / "snap")
    (kept,) = manifest(a.snapshot or "", tmp_path / "snap").entries
    assert store(tmp_path / "snap").read(kept[1]) == model_file.read_bytes()
    assert kept[0] == model_file.name  # kept under its own name, the spec naming it there
    assert a.run_spec == f"mcts:iters=5,model={model_file.name},c=0.5"
    assert pin(spec, tmp_path / "snap") == a  # same file, same pin
    other = tmp_path / "m2.npz"
    m = load(model_file)
    m.header.generation = 2
    save(m, other)
    b = pin(f"mcts:iters=5,model={other},c=0.5", tmp_path / "snap")
    assert b.digest != a.digest and b.snapshot != a.snapshot
    assert pin("mcts:iters=5", tmp_path / "snap").snapshot is None
