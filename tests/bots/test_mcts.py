"""The information-set MCTS bot on the test-only kit game (tests/kitgame.py).

Every test here is deterministic: iteration budgets only, fixed seeds.
"""

from __future__ import annotations

import gc
import random
import tracemalloc
from typing import Any

import pytest

import engine
from bots.mcts import DEFAULTS, MCTSBot
from bots.mcts_leaf import GameLeaf, rank_rewards, value, win_rewards
from bots.mcts_rollout import CutoffRollout, RandomRollout
from bots.mcts_tree import Node, Tree, widen_cap
from bots.profiles import profile
from bots.registry import make_bot
from bots.search_params import SearchParams
from harness.eval.compare import spec_of
from harness.play.clock import TimeControl
from harness.play.match import play_match
from tests import kitgame


def _wins(bot_spec: str, opponent: str, games: int, players: int = 2) -> float:
    """Seated round-robin over seeds; wins count 1, shared first places count 1/2."""
    won = 0.0
    for i in range(games):
        seat = i % players
        bots = [opponent] * players
        bots[seat] = bot_spec
        rec = play_match("kit", players, bots, seed=100 + i // players)
        assert not rec.failures
        if rec.ranking[seat] == 0:
            won += 1 / sum(1 for r in rec.ranking if r == 0)
    return won


def test_rank_rewards_are_linear_with_shared_ties():
    assert rank_rewards([0, 1]) == [1.0, 0.0]
    assert rank_rewards([0, 0]) == [0.5, 0.5]
    assert rank_rewards([1, 0, 2]) == [0.5, 1.0, 0.0]
    assert rank_rewards([0, 0, 2]) == [0.75, 0.75, 0.0]
    assert rank_rewards([2, 0, 0, 2]) == pytest.approx([1 / 6, 5 / 6, 5 / 6, 1 / 6])


def test_win_rewards_pay_first_place_only_and_split_it():
    assert win_rewards([0, 1]) == [1.0, 0.0]
    assert win_rewards([1, 0, 2, 3]) == [0.0, 1.0, 0.0, 0.0]
    assert win_rewards([0, 0, 2, 3]) == [0.5, 0.5, 0.0, 0.0]
    assert win_rewards([1, 1, 0]) == [0.0, 0.0, 1.0]


def test_reward_win_values_a_finished_playout_by_first_place():
    state = kitgame.new_state(3, 4, {})
    while not state.is_terminal():
        state.apply_legal(state.legal_actions()[0])
    ranking = state.ranking()
    rng = random.Random(0)
    assert RandomRollout(rng, GameLeaf("win"))(state.clone()) == win_rewards(ranking)
    assert RandomRollout(rng)(state.clone()) == rank_rewards(ranking)
    assert make_bot("mcts:reward=win").describe()["reward"] == "win"


def test_spec_builds_the_bot_with_its_parameters():
    bot = make_bot("mcts:iters=50,c=1.2,rollout=cutoff,depth=4,widen=1.5,nodes=999,"
                   "leaf=bot,seed=3")
    assert isinstance(bot, MCTSBot)
    assert bot.describe() == {"iters": 50, "time": None, "cpu": None, "profile": "game",
                              "c": 1.2, "rollout": "cutoff",
                              "depth": 4, "widen": 1.5, "nodes": 999, "guide": 0.0,
                              "order": 0, "settle": 1, "minimax": 0.0, "opponents": 0, "plan": 0,
                              "leaf": "bot", "win_weights": None,
                              "reward": "rank", "guide_bot": {}, "model": None,
                              "model_views": "all", "prior": 0.0, "prior_visits": 0,
                              "model_for": "both", "seed": 3}
    with pytest.raises(ValueError, match="rollout"):
        MCTSBot(rollout="smart")
    with pytest.raises(ValueError, match="leaf must be one of game, bot, win, not 'x'"):
        make_bot("mcts:leaf=x")
    with pytest.raises(ValueError, match="reward must be one of rank, win, not 'x'"):
        make_bot("mcts:reward=x")
    with pytest.raises(ValueError, match="opponents must be a number, not 'x'"):
        make_bot("mcts:opponents=x")
    with pytest.raises(ValueError, match="iters must be a number, not 'x'"):
        make_bot("mcts:iters=x")
    with pytest.raises(ValueError):
        MCTSBot(iters=0)


def test_iteration_budget_is_deterministic_even_with_a_time_limit():
    runs = [play_match("kit", 3, ["mcts:iters=60,seed=5", "random", "mcts:iters=40"],
                       seed=7, time_control=TimeControl(per_move=30.0)) for _ in range(2)]
    assert [m.action for m in runs[0].moves] == [m.action for m in runs[1].moves]
    assert runs[0].final_digest == runs[1].final_digest
    assert not runs[0].failures


def test_the_reserve_is_taken_from_the_harness_limit_not_from_the_bots_own_time():
    """`time=T` is the bot's own budget, searched in full; only the harness's limit keeps
    a reserve (MARGIN_FRACTION and MARGIN_SECONDS) for the answer to get back. A bot given
    time=0.03 and no limit searched a single iteration (30 ms less a 33.6 ms reserve)."""
    import time as clock

    from bots.mcts import MARGIN_FRACTION, MARGIN_SECONDS

    state = engine.make("gugong", 2, 3)
    obs = state.observation(state.current_player())
    bot = MCTSBot(time=0.03, rollout="random")
    bot.reset("gugong", 2, obs.seat, 1)
    bot.act(obs, None)
    assert bot.stats.iterations > 1
    limited = MCTSBot(time=5.0, rollout="random")
    limited.reset("gugong", 2, obs.seat, 1)
    start = clock.perf_counter()
    limited.act(obs, 0.2)  # the harness's limit: 0.2 s less its reserve
    assert clock.perf_counter() - start < 0.2 * (1 - MARGIN_FRACTION) - MARGIN_SECONDS + 0.05


def test_the_bot_seed_changes_the_search():
    state = kitgame.new_state(2, 11, {})
    obs = state.observation(0)
    picks = set()
    for seed in range(8):
        bot = MCTSBot(iters=4, seed=seed)
        bot.reset("kit", 2, 0, 1)
        picks.add(bot.act(obs, None))
    assert len(picks) > 1


def test_beats_random_two_players():
    assert _wins("mcts:iters=200", "random", 20) >= 16


def test_beats_random_three_players_with_maxn_backups():
    assert _wins("mcts:iters=150", "random", 12, players=3) >= 7


@pytest.mark.parametrize("rollout", ["random", "heuristic", "cutoff"])
def test_every_rollout_plays_whole_games(rollout):
    rec = play_match("kit", 2, [f"mcts:iters=40,rollout={rollout},depth=3", "random"], seed=3,
                     time_control=TimeControl(per_move=30.0))
    assert rec.outcome == "normal" and rec.scores == engine.replay(rec).scores()


def test_cutoff_values_are_heuristic_then_ranks():
    state = kitgame.new_state(2, 4, {})
    playout = CutoffRollout(random.Random(0), depth=0)
    cut = state.clone()
    rewards = playout(cut)  # seat 0 finishes its turn (play, then draw or keep), no more
    assert cut.current_player() == 1 and cut.decision in (1, 2)
    assert rewards == [cut.heuristic(0), cut.heuristic(1)]
    playout = CutoffRollout(random.Random(0), depth=10_000)
    end = state.clone()
    rewards = playout(end)
    assert end.is_terminal() and rewards == value(end) == rank_rewards(end.ranking())


def test_subtree_is_reused_after_our_own_move_only():
    bot = MCTSBot(iters=200)
    for game_seed in range(10):  # a position where the bot plays a card, so Draw/Keep follows
        state = kitgame.new_state(2, game_seed, {})
        bot.reset("kit", 2, 0, 1)
        play = bot.act(state.observation(0), None)
        if isinstance(play, kitgame.Play):
            break
    kept = bot._last[1] if bot._last else None
    assert kept is not None and kept.visits > 0
    state.apply(play)
    bot.act(state.observation(0), None)  # Draw or Keep: same information set + our action
    assert bot.stats.reused == 1 and kept.visits > 200  # visits before + 200 new ones
    state.apply(state.legal_actions()[0])
    while state.current_player() != 0:  # the other seat moves: nothing can be reused
        state.apply(state.legal_actions()[-1])
    bot.act(state.observation(0), None)
    assert bot.stats.reused == 1


def _tree_on_kit(iterations: int, **kw: object) -> Tree:
    state = kitgame.new_state(2, 21, {})
    obs = state.observation(0)
    params = SearchParams(**({"c": 0.7, "nodes": 10**9} | kw))  # type: ignore[arg-type]
    tree = Tree(Node(0), params, random.Random(1))
    playout = RandomRollout(random.Random(2))
    for i in range(iterations):
        tree.iterate(engine.sample_state(obs, i), playout)
    return tree


def test_availability_counts_follow_the_determinizations():
    tree = _tree_on_kit(400)
    assert tree.root.visits == 400
    # the opponent's plays depend on its hidden hand: some were not always available
    partial = []
    stack = [tree.root]
    while stack:
        node = stack.pop()
        for child in node.children.values():
            assert 1 <= child.visits <= child.avail
            if child.mover == 1 and node.visits > 20 and child.avail < node.visits - 1:
                partial.append(child)
            stack.append(child)
    assert partial


def test_progressive_widening_and_node_cap_bound_the_tree():
    wide = _tree_on_kit(60, widen=0.3)
    assert len(wide.root.children) <= widen_cap(0.3, wide.root.visits) < 4
    capped = _tree_on_kit(300, nodes=40)
    assert capped.nodes == capped.root.size() == 40
    assert capped.root.visits == 300


def test_one_hundred_thousand_nodes_fit_in_one_gibibyte():
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tree = _tree_on_kit(2000)
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert tree.nodes == tree.root.size() >= 1500
    per_node = used / tree.nodes
    assert 100_000 * per_node < 2**30, f"{per_node:.0f} bytes per node"


def test_the_hint_is_expanded_first_and_kept_within_the_guide_margin():
    state = kitgame.new_state(2, 21, {})
    legal = state.legal_actions()
    hint = legal[-1]
    tree = Tree(Node(0), SearchParams(nodes=10**9), random.Random(1), hint=hint)
    tree.iterate(state.clone(), RandomRollout(random.Random(2)))
    assert list(tree.root.children) == [hint]
    other = legal[0]
    tree.root.children[other] = Node(0)
    tree.root.children[hint].visits, tree.root.children[other].visits = 40, 55
    tree.root.visits = 100
    assert tree.best_action(legal) == other
    assert tree.best_action(legal, guide=0.2) == hint  # 40 + 0.2 * 100 > 55
    assert tree.best_action(legal, guide=0.1) == other


def test_exploration_scales_with_the_spread_of_rewards():
    tree = _tree_on_kit(50)
    assert (tree.lo, tree.hi) == (0.0, 1.0)  # rank rewards of finished kit games
    a, b = Node(0), Node(0)
    pairs = [(kitgame.Pass(), a), (kitgame.Keep(), b)]

    def pick(lo: float, hi: float) -> Node:
        tree.lo, tree.hi = lo, hi
        a.visits, a.total, a.avail = 30, 15.9, 20  # mean 0.53, well explored
        b.visits, b.total, b.avail = 10, 5.0, 20  # mean 0.50, less explored
        return tree._select(tree.root, pairs)[1]

    assert pick(0.0, 1.0) is b  # 0/1 results: explore
    assert pick(0.45, 0.55) is a  # values within 0.1: the same c would over-explore


def test_move_ordering_expands_best_first_and_widening_keeps_the_best_few():
    state = kitgame.new_state(2, 21, {})
    legal = state.legal_actions()
    assert len(legal) >= 3
    ranked = list(reversed(legal))  # the policy likes the last legal action best

    def policy(s: object) -> dict:
        return {a: float(i) for i, a in enumerate(legal)}

    tree = Tree(Node(0), SearchParams(widen=0.5, nodes=10**9, order=1), random.Random(1),
                policy=policy)
    playout = RandomRollout(random.Random(2))
    tree.iterate(state.clone(), playout)
    assert list(tree.root.children) == ranked[:1]
    for i in range(30):
        tree.iterate(engine.sample_state(state.observation(0), i), playout)
    k = len(tree.root.children)
    assert 2 <= k <= widen_cap(0.5, tree.root.visits) < len(legal)
    assert set(tree.root.children) == set(ranked[:k])
    assert tree.root.prior == policy(None)  # computed once, kept on the node


def test_opponent_modelling_follows_the_policy_at_other_seats_and_branches_at_ours():
    """`opponents`: at the other seat's decisions the tree takes the policy's best legal action
    (here: pass) without branching or stopping, so iterations reach our next decision."""
    state = kitgame.new_state(2, 21, {})

    def policy(s: object) -> dict:
        return {kitgame.Pass(): 1.0}

    tree = Tree(Node(0), SearchParams(nodes=10**9), random.Random(1), policy=policy,
                modelling=True)
    playout = RandomRollout(random.Random(2))
    for i in range(60):
        tree.iterate(engine.sample_state(state.observation(0), i), playout)
    stack, ours_after_theirs = [(tree.root, 0)], 0
    while stack:
        node, theirs_above = stack.pop()
        theirs = [(a, c) for a, c in node.children.items() if c.mover == 1]
        assert [a for a, _ in theirs] in ([], [kitgame.Pass()])
        ours = [c for c in node.children.values() if c.mover == 0]
        ours_after_theirs += theirs_above * len(ours)
        stack.extend((c, theirs_above or c.mover == 1) for c in node.children.values())
    assert len(tree.root.children) > 1 and ours_after_theirs > 0
    bot = make_bot("mcts:iters=20,opponents=3")
    assert isinstance(bot, MCTSBot)
    bot.reset("kit", 2, 0, 1)
    assert not bot._modelling  # two players: below the model's player count
    bot.reset("kit", 3, 0, 1)
    assert bot._modelling and bot.describe()["opponents"] == 3


def test_plan_follows_the_bots_own_move_at_modelled_nodes_reached_often():
    """`plan`: a modelled node reached `plan` times asks the planner (the rule-based bot's
    own move) once and follows it; nodes reached fewer times keep the cheap policy's."""
    state = kitgame.new_state(2, 21, {})
    asked: list[int] = []

    def policy(s: object) -> dict:
        return {kitgame.Pass(): 1.0}

    def planner(s: Any) -> object:
        asked.append(s.current_player())
        return next((a for a in s.legal_actions() if a != kitgame.Pass()), kitgame.Pass())

    tree = Tree(Node(0), SearchParams(nodes=10**9, plan=4), random.Random(1), policy=policy,
                modelling=True, planner=planner)
    playout = RandomRollout(random.Random(2))
    for i in range(80):
        tree.iterate(engine.sample_state(state.observation(0), i), playout)
    stack, planned, moved = [tree.root], 0, 0
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        theirs = [a for a, c in node.children.items() if c.mover == 1]
        if not theirs:
            continue
        if node.planned is None:
            assert node.visits <= 4 and len(theirs) == 1  # the cheap policy, no branching
        else:
            planned += 1
            moved += node.planned != kitgame.Pass()
            assert node.planned in theirs
    assert planned == len(asked) and moved > 0 and set(asked) == {1}
    bot = make_bot("mcts:iters=30,opponents=2,plan=2,order=1,rollout=ordered")
    assert isinstance(bot, MCTSBot) and bot.describe()["plan"] == 2
    with pytest.raises(ValueError, match="plan must be >= 0"):
        make_bot("mcts:plan=-1")


def test_game_profiles_fill_the_parameters_a_spec_leaves_out():
    bot = make_bot("mcts:time=0.5,c=0.3")
    assert isinstance(bot, MCTSBot)
    bot.reset("dragon_castle", 2, 0, 1)
    prof = profile("dragon_castle")
    p = bot.params
    assert (p.rollout, p.order, p.c, p.depth, p.leaf) == (
        prof["rollout"], prof["order"], 0.3, prof["depth"], prof["leaf"])
    bot.reset("kit", 2, 0, 1)  # no profile: the global defaults
    p = bot.params
    assert (p.rollout, p.order, p.c, p.depth, p.leaf) == ("random", 0, 0.3, 20, "game")
    with pytest.raises(ValueError, match="rollout"):
        make_bot("mcts:rollout=smart")


def test_the_guide_bot_is_built_with_the_profiles_parameters(monkeypatch):
    """`guide_bot`, from a profile or a spec: the rule-based bot that names the root move is
    built with these parameters; the rollout, ordering and leaf bots stay the baseline bot."""
    monkeypatch.setattr("bots.mcts.profile", lambda game_id, players: {
        "guide": 0.1, "rollout": "ordered", "order": 1, "guide_bot": {"breadth": 9, "beam": 5}})
    bot = MCTSBot(iters=1)
    bot.reset("huang", 4, 2, 0)
    assert bot.describe()["guide_bot"] == {"breadth": 9, "beam": 5}
    guide = bot._guide_bot
    assert guide is not None and (guide.breadth, guide.beam, guide.seat) == (9, 5, 2)
    assert bot._bots is not None and {(b.breadth, b.beam) for b in bot._bots} == {(4, 2)}
    monkeypatch.setattr("bots.mcts.profile", lambda game_id, players: {
        "guide": 0.1, "guide_bot": {"width": 3}})
    with pytest.raises(ValueError, match="guide_bot {'width': 3}: .*width"):
        bot.reset("huang", 4, 0, 0)
    monkeypatch.setattr("bots.mcts.profile", lambda game_id, players: {"guide_bot": "wide"})
    with pytest.raises(ValueError, match="guide_bot must be a dict"):
        bot.reset("huang", 4, 0, 0)
    # a spec names them `;`-separated and overrides the profile; empty: the baseline bot
    monkeypatch.setattr("bots.mcts.profile", lambda game_id, players: {
        "guide": 0.1, "guide_bot": {"breadth": 9, "beam": 5}})
    for spec, params in (("breadth=3;beam=1", {"breadth": 3, "beam": 1}), ("", {})):
        bot = make_bot(f"mcts:iters=1,guide_bot={spec}")
        bot.reset("huang", 4, 0, 0)
        assert bot.describe()["guide_bot"] == params
        assert (bot._guide_bot.breadth, bot._guide_bot.beam) == (params.get("breadth", 4),
                                                                 params.get("beam", 2))
    with pytest.raises(ValueError, match="guide_bot: bot parameter 'wide' is not of the form"):
        make_bot("mcts:guide_bot=wide")
    # the parameter dicts that commands build bots from round-trip (`arena bench`, `compare`)
    assert MCTSBot(**DEFAULTS).describe()["guide_bot"] == {}
    spec = spec_of({"iters": 1, "guide_bot": {"breadth": 3, "beam": 1}})
    assert spec == "mcts:iters=1,guide_bot=breadth=3;beam=1"
    assert make_bot(spec).describe()["guide_bot"] == {"breadth": 3, "beam": 1}


def test_a_search_is_settled_when_the_leader_cannot_be_caught():
    state = kitgame.new_state(2, 21, {})
    legal = state.legal_actions()
    tree = Tree(Node(0), SearchParams(nodes=10**9), random.Random(1), hint=legal[1])
    for a, visits in zip(legal[:2], (50, 20), strict=True):
        tree.root.children[a] = Node(0)
        tree.root.children[a].visits = visits
    tree.root.visits = 70
    assert tree.settled(legal, 29) and not tree.settled(legal, 30)
    # the hint's guide bonus counts, and grows by `guide` per further iteration
    assert not tree.settled(legal, 10, guide=0.3)  # 50 vs 20 + 21: lead 9
    tree.root.children[legal[0]].visits = 80
    tree.root.visits = 100
    assert tree.settled(legal, 20, guide=0.3) and not tree.settled(legal, 25, guide=0.3)


def test_nodes_with_move_ordering_values_still_fit_100k_in_one_gibibyte():
    actions = [kitgame.Play(card=k) for k in range(64)]  # wider than any decision here
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        nodes = []
        for i in range(2000):
            node = Node(0)
            node.prior = {a: float(i + k) for k, a in enumerate(actions)}
            nodes.append(node)
        used = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert 100_000 * used / len(nodes) < 2**30, f"{used / len(nodes):.0f} bytes per node"
