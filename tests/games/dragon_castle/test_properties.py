"""Invariants over random playouts (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.games.dragon_castle.caches import check_caches
from engine.games.dragon_castle.data import COPIES, COUNTDOWN_TOKENS, NUM_IDENTITIES
from engine.games.dragon_castle.realm import face_up_groups
from engine.games.dragon_castle.requests import ChooseAction


def castle_counts(s) -> list[int]:
    counts = [0] * NUM_IDENTITIES
    for k in s.castle:
        if k >= 0:
            counts[k] += 1
    return counts


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), pick_seed=st.integers(0, 999))
def test_random_playout_invariants(players, seed, pick_seed):
    s = engine.make("dragon_castle", players, seed)
    pick = random.Random(pick_seed)
    prev_scores = s.scores()
    prev_heights = list(s.height)
    turn_seat = s.current_player()
    turns = 0
    while not s.is_terminal():
        s.apply(pick.choice(s.legal_actions()))
        # stones: every identity is in the castle or gone (realms, discarded, removed)
        assert [c + g for c, g in zip(castle_counts(s), s.gone, strict=True)] == [
            COPIES] * NUM_IDENTITIES
        # shrines: supply + pools + built = 40; countdown tokens: 7
        assert s.supply + sum(s.pool) + sum(s.shrine) == 40
        assert s.track_singles + s.track_stack + sum(s.tokens) == COUNTDOWN_TOKENS
        assert min(s.pool) >= 0 and s.supply >= 0 and s.track_stack >= 0
        # base game without dragon cards: scores and realm stacks never go down
        scores = s.scores()
        assert all(a >= b for a, b in zip(scores, prev_scores, strict=True))
        assert all(a >= b for a, b in zip(s.height, prev_heights, strict=True))
        prev_scores, prev_heights = scores, list(s.height)
        if not s.is_terminal() and isinstance(s.stack[-1], ChooseAction) and len(
                s.stack) == 1 and s.stack[-1].seat != turn_seat:
            # a new turn: clockwise, and every 4+ group of the previous player was merged
            assert all(len(g) < 4 for g in face_up_groups(s, turn_seat))
            assert s.stack[-1].seat == (turn_seat + 1) % players
            turn_seat = s.stack[-1].seat
            turns += 1
    # every seat had the same number of turns (the last round ends with the last seat)
    assert turn_seat == (s.first_player - 1) % players
    assert (turns + 1) % players == 0
    assert s.last_round and s.track_singles == 0


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), spirit=st.integers(0, 9))
def test_spirit_playout_conservation(players, seed, spirit):
    """With any spirit card: stones and shrines are conserved, one activation per turn."""
    s = engine.make("dragon_castle", players, seed, spirit_card=True)
    s.spirit_cards = [spirit]
    pick = random.Random(seed)
    while not s.is_terminal():
        s.apply(pick.choice(s.legal_actions()))
        assert [c + g for c, g in zip(castle_counts(s), s.gone, strict=True)] == [
            COPIES] * NUM_IDENTITIES
        assert s.supply + sum(s.pool) + sum(s.shrine) + s.shrines_out == 40
        assert min(s.pool) >= 0 and min(s.height) >= 0
        assert s.spirit_used[0] in (0, 1)
        # a face-up stone is always a stack top with a stone identity, never under a shrine
        for j in range(len(s.height)):
            if s.up[j]:
                assert s.height[j] > 0 and s.top[j] >= 0 and not s.shrine[j]
            if s.shrine[j]:
                assert s.height[j] > 0
    assert s.last_round


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), spirits=st.integers(0, 3))
def test_derived_caches_equal_their_recomputation(players, seed, spirits):
    """The DERIVED caches (state.py), kept up to date by the handlers, equal a fresh
    computation after every decision, and in every sampled state (sample_state)."""
    s = engine.make("dragon_castle", players, seed, spirit_cards=spirits)
    pick = random.Random(seed)
    while not s.is_terminal():
        check_caches(s)
        if pick.random() < 0.05:
            check_caches(engine.sample_state(s.observation(s.current_player()), seed))
        s.apply(pick.choice(s.legal_actions()))
    check_caches(s)
