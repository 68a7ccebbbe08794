"""Implicit minimax backups (`mcts:minimax=A`, bots/mcts_tree.py `back_minimax`): each node
keeps the reward vector of its child best for the seat choosing there, a new node its
first playout's; selection mixes it into the mean reward."""

from __future__ import annotations

import random

import pytest

import engine
from bots import mcts
from bots.mcts_leaf import GameLeaf
from bots.mcts_rollout import RandomRollout
from bots.mcts_tree import Node, Tree, back_minimax
from bots.search_params import SearchParams
from bots.spec import BotSpecError


def _leaf(mover: int, best: list[float]) -> Node:
    node = Node(mover)
    node.best, node.visits, node.total = best, 1, best[mover]
    return node


def test_each_node_takes_the_value_best_for_the_seat_choosing_there() -> None:
    # seat 0 chooses at the root (children a, b), seat 1 below a (children a1, a2, new)
    root, a, b = Node(0), Node(0), _leaf(0, [0.5, 0.5])
    a1, a2 = _leaf(1, [0.9, 0.1]), _leaf(1, [0.3, 0.7])
    root.children = {"a": a, "b": b}
    a.children = {"a1": a1, "a2": a2}
    new = a.children["a3"] = Node(1)
    back_minimax([root, a, new], [0.6, 0.4])
    assert new.best == [0.6, 0.4]
    assert a.best is a2.best  # seat 1 picks 0.7 over 0.4 and 0.1
    assert root.best is b.best  # seat 0: 0.5 beats a's 0.3
    later = a.children["a4"] = Node(1)
    back_minimax([root, a, later], [0.05, 0.95])  # seat 1 finds better; so does seat 0
    assert a.best == [0.05, 0.95] and root.best is b.best
    again = b.children["b1"] = Node(1)
    back_minimax([root, b, again], [0.8, 0.2])  # b's value is now its only child's
    assert b.best == [0.8, 0.2] and root.best is b.best


def _inner_nodes(root: Node) -> list[Node]:
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.children:
            out.append(node)
            stack.extend(node.children.values())
    return out


def test_a_search_keeps_every_inner_node_at_its_best_childs_value() -> None:
    state = engine.make("kit", 2, 5)
    obs = state.observation(state.current_player())
    params = SearchParams.build({"minimax": 0.5, "c": 0.7})
    tree = Tree(Node(obs.seat), params, random.Random(3))
    playout = RandomRollout(random.Random(4), GameLeaf(), params.depth, None)
    for i in range(300):
        tree.iterate(engine.sample_state(obs, i), playout)
    inner = _inner_nodes(tree.root)
    assert len(inner) > 20
    for node in inner:
        kids = [c for c in node.children.values() if c.best is not None]
        assert node.best is not None
        assert node.best[max(kids, key=lambda c: c.best[c.mover]).mover] == max(
            c.best[c.mover] for c in kids)


def test_minimax_0_plays_as_before_and_a_weight_outside_0_to_1_is_one_line() -> None:
    state = engine.make("kit", 2, 5)
    obs = state.observation(state.current_player())
    moves = {}
    for a in (0.0, 0.5):
        bot = mcts.MCTSBot(iters=200, minimax=a)
        bot.reset("kit", 2, obs.seat, 1)
        moves[a] = bot.act(obs, None)
        assert bot.stats.iterations == 200
    plain = mcts.MCTSBot(iters=200)
    plain.reset("kit", 2, obs.seat, 1)
    assert plain.act(obs, None) == moves[0.0]
    # off, the search keeps no minimax values at all (no backup runs)
    params = SearchParams.build({"c": 0.7})
    tree = Tree(Node(obs.seat), params, random.Random(3))
    playout = RandomRollout(random.Random(4), GameLeaf(), params.depth, None)
    for i in range(100):
        tree.iterate(engine.sample_state(obs, i), playout)
    assert tree.root.size() > 20 and all(n.best is None for n in _inner_nodes(tree.root))
    with pytest.raises(BotSpecError, match=r"minimax must be <= 1, not 1.5"):
        SearchParams.parse("minimax=1.5")
    with pytest.raises(BotSpecError, match=r"minimax must be >= 0"):
        SearchParams.parse("minimax=-0.1")
    assert "minimax" not in SearchParams().tunable(2)  # off: switched on by measurement
    assert "minimax" in SearchParams.build({"minimax": 0.3}).tunable(2)
