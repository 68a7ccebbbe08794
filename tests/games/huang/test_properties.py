"""Invariants over random playouts (hypothesis picks seeds and player counts)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.games.huang import requests as Rq
from engine.games.huang.board import (
    candidate_hexes,
    compute_labels,
    mono_triangles,
    near_masks,
    yellow_counts,
)
from engine.games.huang.data import LEADER, NEIGHBOURS, RHOMBI, TILE, TRIANGLES, YELLOW
from engine.games.huang.queries import leader_targets
from engine.games.huang.state import HuangState
from tests.games.huang.test_scenarios import conserved


def _between_actions_invariants(s: HuangState) -> None:
    """§4 invariant: no kingdom holds two leaders of one colour; §8.4: every leader
    touches a yellow tile; labels equal the groups."""
    assert s.labels == compute_labels(s.board, s.marker)
    assert s.yellow_next == yellow_counts(s.board)
    assert s.near == near_masks(s.board)
    assert s.leader_hexes == candidate_hexes(s.board, s.yellow_next, s.side)
    assert s.mono == mono_triangles(s.board)
    seen: set[tuple[int, int]] = set()
    for i, pos in enumerate(s.leaders):
        if pos < 0:
            continue
        assert s.board[pos] == LEADER + i
        key = (s.labels[pos], i % 5)
        assert key not in seen, "two leaders of one colour in a kingdom"
        seen.add(key)
        assert any(s.board[n] == TILE + YELLOW for n in NEIGHBOURS[pos]), "stranded leader"
    bandit_groups = {s.labels[h] for h in range(len(s.board)) if s.board[h] < 0}
    assert not bandit_groups & {s.labels[pos] for pos in s.leaders if pos >= 0}, (
        "a kingdom holds a bandit tile")
    under = [h for t in s.pagodas if t >= 0 for h in TRIANGLES[t]]
    if s.palace >= 0:
        under += list(RHOMBI[s.palace])
    assert len(under) == len(set(under)), "a tile supports two buildings"
    assert all(TILE <= s.board[h] < LEADER for h in under)


OPTION_SETS = ({}, {"imperial_palace": True}, {"eighteen_kingdoms": True}, {"bandits": True},
               {"bandits": True, "imperial_palace": True}, {"short_game": True},
               {"short_game": True, "eighteen_kingdoms": True, "imperial_palace": True},
               {"short_game": True, "bandits": True})


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 5), opts=st.sampled_from(OPTION_SETS))
def test_random_playouts_keep_the_invariants(seed: int, n: int, opts: dict) -> None:
    if opts.get("short_game"):
        n = 2  # a 2-player variant (the registry refuses it elsewhere)
    s = engine.make("huang", n, seed, **opts)
    assert isinstance(s, HuangState)
    rng = random.Random(seed)
    vp = list(s.vp)
    steps = 0
    while not s.is_terminal():
        assert conserved(s), "a tile appeared or vanished"
        if isinstance(s.pending(), Rq.ChooseAction):
            _between_actions_invariants(s)
        for p in range(n):
            assert sum(s.hands[p * 5:p * 5 + 5]) <= (7 if s.palace_module else 6)
        s.apply(rng.choice(s.legal_actions()))
        assert all(a >= b for a, b in zip(s.vp, vp, strict=True)), "VP never decrease"
        vp = list(s.vp)
        steps += 1
    assert conserved(s) and steps < engine.get_game("huang").max_decisions
    assert sum(s.bag) == 0  # §10: the game ends only when a draw meets an empty bag
    assert sum(s.removed) == (24 if s.short_game else 0)  # removed tiles never come back


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.integers(0, 300), k=st.integers(0, 100),
       short=st.booleans())
def test_sample_state_is_consistent_and_conserves_tiles(
    seed: int, cut: int, k: int, short: bool
) -> None:
    n = 2 if short else 3
    s = engine.make("huang", n, seed, **({"short_game": True} if short else {}))
    rng = random.Random(seed)
    for _ in range(cut):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    for p in range(n):
        obs = s.observation(p)
        t = engine.sample_state(obs, k)
        assert isinstance(t, HuangState)
        assert t.observation(p) == obs and conserved(t)
        assert t.labels == compute_labels(t.board, t.marker) or t.war is not None
        assert t.near == near_masks(t.board)
        assert t.leader_hexes == candidate_hexes(t.board, t.yellow_next, t.side)
        assert t.mono == mono_triangles(t.board)
        for _ in range(10):  # play on: the memoised caches (board.caches_of) are not shared
            if t.is_terminal():
                break
            t.apply(rng.choice(t.legal_actions()))
        u = engine.sample_state(obs, k + 1)
        assert u.board == obs.board and u.near == near_masks(u.board)
        assert u.labels == compute_labels(u.board, u.marker) or u.war is not None
        assert u.mono == mono_triangles(u.board) and u.yellow_next == yellow_counts(u.board)


def test_a_pending_leader_substitute_is_sampled_with_a_tile_of_its_colour() -> None:
    """§6.3/§6.4: a seat asked whether its off-board leader stands in for a tile has chosen
    a revolt (or a build), which needs at least one tile of that colour: every sample the
    other seat draws gives it one, so the sampled game plays on legally (a case Hypothesis
    found: seed 10000, the short game, one random action)."""
    s = engine.make("huang", 2, 10000, short_game=True)
    s.apply(random.Random(10000).choice(s.legal_actions()))
    req = s.stack[-1]
    assert isinstance(req, Rq.ChooseSubstitute) and (req.seat, req.colour) == (0, 2)
    assert s.hands[2] == 1  # one blue tile: the leader must stand in for the other
    obs = s.observation(1)
    for k in range(60):
        t = engine.sample_state(obs, k)
        assert t.hands[2] >= 1 and min(t.hands) >= 0 and conserved(t)
        rng = random.Random(k)
        for _ in range(12):
            t.apply(rng.choice(t.legal_actions()))
            assert min(t.hands) >= 0


def _reference_leader_targets(s: HuangState, i: int) -> list[int]:
    """§6.1 from scratch: lift leader i on a board copy, label the groups anew, and keep the
    candidate hexes next to no bandit group (§11.1) where at most one adjacent group is a
    kingdom, or the kingdoms share no leader colour and lack leader i's colour."""
    board = list(s.board)
    if s.leaders[i] >= 0:
        board[s.leaders[i]] = 0
    lab = compute_labels(board, s.marker)
    bandit = {lab[h] for h in range(len(board)) if board[h] < 0}
    out = []
    for t in s.leader_hexes:
        adjacent = {lab[n] for n in NEIGHBOURS[t]} - {-1}
        if adjacent & bandit:
            continue
        masks = [sum({1 << (j % 5) for j, pos in enumerate(s.leaders)
                      if j != i and pos >= 0 and lab[pos] == g}) for g in adjacent]
        kingdoms = [m for m in masks if m]
        union = 0
        clash = False
        for m in kingdoms:
            clash |= bool(union & m)
            union |= m
        if len(kingdoms) >= 2 and (clash or union & 1 << (i % 5)):
            continue
        out.append(t)
    return out


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 5), opts=st.sampled_from(OPTION_SETS))
def test_leader_targets_agree_with_a_fresh_labelling(seed: int, n: int, opts: dict) -> None:
    """The lifted labels' shortcuts (one-arc hexes, a one-arc lifted hex) change nothing."""
    if opts.get("short_game"):
        n = 2
    s = engine.make("huang", n, seed, **opts)
    assert isinstance(s, HuangState)
    rng = random.Random(seed)
    while not s.is_terminal():
        req = s.pending()
        if isinstance(req, Rq.ChooseLeaderHex):
            i = req.seat * 5 + req.colour
            assert leader_targets(s, i) == _reference_leader_targets(s, i)
        s.apply(rng.choice(s.legal_actions()))
