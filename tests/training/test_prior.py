"""The move prior (`arena train --policy`, `mcts:model=PATH,prior=W`): its targets in the
self-play positions, its fit, its place in the model file and in the search."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import engine
from bots.mcts_model import move_prior
from bots.mcts_tree import Node, Tree
from bots.model_file import Header, Model, ModelError, load, save
from bots.registry import BotSpecError, make_bot
from bots.search_params import SearchParams
from engine import tensor
from harness.play.entrants import check_spec
from harness.play.match import play_match
from harness.training.dataset import Positions, read, write_part
from harness.training.fit import FitConfig, fit, fit_policy
from harness.training.selfplay import play_games

GAME = "year_of_the_dragon"


@pytest.fixture(scope="module")
def data() -> Positions:
    """Eight seeded self-play games of a small search."""
    return play_games(GAME, 2, {}, "mcts:iters=10,depth=4", list(range(1, 9)), None)


def _model(data: Positions, policy: bool, path: Path) -> Path:
    cfg = FitConfig(hidden=(16,), max_iter=60, policy=policy)
    net, figures = fit(data, cfg)
    prior = None
    if policy:
        prior, more = fit_policy(data, cfg, net)
        figures |= more
    lay = tensor.layout(GAME, 2)
    save(Model(Header(game=GAME, players=2, layout_version=tensor.LAYOUT_VERSION,
                      layout_fingerprint=lay.fingerprint, layout_size=lay.size,
                      base="heuristic", generation=1, trained_on="mcts:iters=10,depth=4",
                      training_games=figures["games"], positions=figures["positions"],
                      fit=figures), net, prior), path)
    return path


@pytest.fixture(scope="module")
def with_prior(data: Positions, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _model(data, True, tmp_path_factory.mktemp("prior") / "model.npz")


def test_each_decision_keeps_the_action_its_mover_played(tmp_path: Path) -> None:
    part = play_games(GAME, 2, {}, "random", [4], None)
    rec = play_match(GAME, 2, ["random", "random"], seed=4)  # the same game, replayed
    state = engine.make(GAME, 2, 4)
    moved = part.a.reshape(-1, 2)  # one row per seat and decision
    assert len(moved) == len(rec.moves)
    for row, mv in zip(moved, rec.moves, strict=True):
        mover = state.current_player()
        action = engine.decode_action(GAME, mv.action)
        assert row[mover] == state.action_id(action) and row[1 - mover] == -1
        state.apply(action)
    write_part(tmp_path, part)
    assert np.array_equal(read(tmp_path, part.x.shape[1]).a, part.a)


def test_the_prior_names_the_searchs_move_more_often_than_the_commonest_move(
        data: Positions, with_prior: Path) -> None:
    figures = load(with_prior).header.fit["policy"]
    assert figures["moves"] == int((data.a >= 0).sum())
    assert figures["held_out_accuracy"] > figures["most_common_accuracy"]


def test_the_model_file_keeps_the_prior(with_prior: Path) -> None:
    model = load(with_prior)
    assert model.policy is not None
    prior = move_prior(str(with_prior), GAME, 2)
    state = engine.make(GAME, 2, 3)
    for _ in range(12):
        p = prior(state)
        assert set(p) == set(state.legal_actions())
        assert sum(p.values()) == pytest.approx(1.0) and min(p.values()) > 0
        state.apply(state.legal_actions()[0])


def test_two_classes_read_as_sklearns_logistic_output() -> None:
    """sklearn fits two classes with one logistic output; the file holds both logits."""
    x = np.random.default_rng(1).normal(size=(200, 3)).astype(np.float32)
    a = np.where(x[:, 0] > 0, 7, 2)
    data = Positions(x, np.zeros(200, np.float32), np.zeros(200, np.float32),
                     np.arange(200) % 10, list(range(10)), np.zeros(200, np.float32), a)
    net, _ = fit(data, FitConfig(hidden=(4,), max_iter=50, base="none"))
    prior, figures = fit_policy(data, FitConfig(hidden=(4,), max_iter=200), net)
    assert prior is not None and figures["policy"]["actions_seen"] == 2
    row = x[5]
    ix = [int(i) for i in np.flatnonzero(row)]
    p = prior.probabilities(ix, [float(row[i]) for i in ix], [2, 7])
    assert p[0 if a[5] == 2 else 1] > 0.5


HOSTILE = {  # a model file is hostile input: each broken prior is refused in one line
    "no classes": ({"pclasses": None}, "no array 'pclasses'"),
    "a weight without its bias": ({"pb1": None}, "no array 'pb1'"),
    "layers that do not chain": ({"pw1": np.zeros((5, 3))}, "policy layer 1"),
    "classes not ids": ({"pclasses": np.array([0.5, 1.5, 2.5])}, "are not 3 action ids"),
    "repeated classes": ({"pclasses": np.array([1, 1, 2])}, "not distinct"),
    "not a number": ({"pb1": np.array([np.nan, 0, 0])}, "not finite"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_broken_prior_is_refused_in_one_line(case: str, with_prior: Path,
                                               tmp_path: Path) -> None:
    change, message = HOSTILE[case]
    with np.load(with_prior, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    width = arrays["pw0"].shape[1]
    arrays["pw1"], arrays["pb1"] = np.zeros((width, 3)), np.zeros(3)
    arrays["pclasses"] = np.array([1, 2, 3])
    for k, v in change.items():
        if v is None:
            arrays.pop(k)
        else:
            arrays[k] = v
    path = tmp_path / "bad.npz"
    np.savez(path, **arrays)
    with pytest.raises(ModelError, match=message) as e:
        load(path)
    assert "\n" not in str(e.value)


def test_the_search_plays_with_the_prior_and_refuses_one_that_is_missing(
        data: Positions, with_prior: Path, tmp_path: Path) -> None:
    rec = play_match(GAME, 2, [f"mcts:iters=20,depth=4,model={with_prior},prior=1",
                               "random"], seed=5)
    assert rec.failures == [] and rec.outcome == "normal"
    value_only = _model(data, False, tmp_path / "value.npz")
    bot = make_bot(f"mcts:iters=5,model={value_only},prior=1")
    with pytest.raises(ModelError, match="has no move prior"):
        bot.reset(GAME, 2, 0, 1)
    with pytest.raises(ModelError, match="has no move prior") as e:  # before any game
        check_spec(GAME, f"mcts:model={value_only},prior=1", 2)
    assert "\n" not in str(e.value)


def test_the_prior_orders_expansion_and_biases_selection() -> None:
    """With `prior`, untried actions are expanded most probable first, and between two
    children of equal mean and visits the more probable one is selected."""
    state = engine.make(GAME, 2, 9)
    legal = state.legal_actions()
    favourite = legal[-1]
    probs = {a: (0.9 if a == favourite else 0.1 / (len(legal) - 1)) for a in legal}
    tree = Tree(Node(state.current_player()), SearchParams(prior=1.0, model="m.npz", c=0.0),
                random.Random(1), policy=lambda s: probs)
    tree.iterate(state.clone(), lambda s: [0.5, 0.5])
    assert list(tree.root.children) == [favourite]
    for a in legal[:2]:
        child = tree.root.children.setdefault(a, Node(state.current_player()))
        child.visits, child.total, child.avail = 4, 2.0, 4
    fav = tree.root.children[favourite]
    fav.visits, fav.total, fav.avail = 4, 2.0, 4
    pairs = [(a, tree.root.children[a]) for a in (legal[0], favourite, legal[1])]
    assert tree._select(tree.root, pairs)[0] == favourite
    plain = Tree(tree.root, SearchParams(c=0.0), random.Random(1))
    assert plain._select(tree.root, pairs)[0] == legal[0]


def test_a_prior_that_does_not_fit_the_layout_is_uniform(
        with_prior: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    prior = move_prior(str(with_prior), GAME, 2)
    state = engine.make(GAME, 2, 1)

    def overflow(obs: object) -> None:
        raise tensor.TensorOverflow("hand: 9 items, the layout holds at most 8")

    monkeypatch.setattr(prior.layout, "entries", overflow)
    p = prior(state)
    assert len(set(p.values())) == 1 and prior.misfits == 1


def test_a_lazy_prior_waits_for_its_visits_and_model_for_prior_keeps_the_games_leaf(
        with_prior: Path) -> None:
    """`prior_visits=k`: a node's prior is computed once it has k visits (before, random
    expansion order); `model_for=prior` uses the model for the prior alone."""
    from bots.mcts_leaf import ModelLeaf, WinLeaf

    state = engine.make(GAME, 2, 9)
    calls: list[int] = []

    def policy(s: object) -> dict:
        calls.append(1)
        return {a: 1.0 / len(state.legal_actions()) for a in state.legal_actions()}

    tree = Tree(Node(state.current_player()),
                SearchParams(prior=1.0, prior_visits=3, model="m.npz"), random.Random(1),
                policy=policy)
    for i in range(3):  # the root has 0, 1, 2 visits: no prior yet
        tree.iterate(state.clone(), lambda s: [0.5, 0.5])
        assert tree.root.prior is None and not calls, i
    tree.iterate(state.clone(), lambda s: [0.5, 0.5])
    assert tree.root.prior is not None and len(calls) == 1
    bot = make_bot(f"mcts:iters=5,model={with_prior},model_for=prior,prior=1")
    bot.reset(GAME, 2, 0, 1)
    # the leaf the profile gives (at 2 players `leaf=win`), not the model's
    assert type(bot._leaf) is WinLeaf and bot._prior is not None
    both = make_bot(f"mcts:iters=5,model={with_prior},prior=1")
    both.reset(GAME, 2, 0, 1)
    assert isinstance(both._leaf, ModelLeaf)
    with pytest.raises(BotSpecError, match="give prior="):
        make_bot(f"mcts:model={with_prior},model_for=prior")


def test_a_run_with_policy_names_the_prior_only_for_a_model_that_has_one(
        data: Positions, with_prior: Path, tmp_path: Path) -> None:
    """A resumed run whose old positions kept no moves fits no prior: its bots then search
    without `prior=` instead of failing at their first decision."""
    from harness.training.loop import TrainConfig

    cfg = TrainConfig(game=GAME, players=2, out=tmp_path, iters=10,
                      fit=FitConfig(policy=True))
    value_only = _model(data, False, tmp_path / "value.npz")
    assert cfg.bot(with_prior).endswith(",prior=1") and "prior" not in cfg.bot(value_only)
    assert "prior" not in cfg.bot(None)
