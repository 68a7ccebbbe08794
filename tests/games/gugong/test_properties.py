"""Invariants over random games: the fixed servant supply (rules §7: 12 servants and the
Foreman per player), cards and tokens are conserved, VP never decrease."""

from __future__ import annotations

import random

import pytest

import engine
from engine.games.gugong import data, masks
from engine.games.gugong.requests import StoreToken


@pytest.mark.rule("gugong", "2a")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_conservation_in_random_games(n):
    for seed in range(5):
        s = engine.make("gugong", n, seed)
        r = random.Random(seed)
        last_vp = list(s.vp)
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
            for p in range(n):
                placed = (s.pool[p] + s.supply[p] + s.wall[p]
                          + sum(s.ship_load[p * 3:p * 3 + 3])
                          + sum(s.decree_servants[p * 6:p * 6 + 6])
                          + sum(s.rewards[p * 3:p * 3 + 3]))
                assert placed == data.SERVANTS
                assert s.vp[p] >= last_vp[p]
            last_vp = list(s.vp)
            cards = (s.board + s.draw_pile + data.unused_sets(n)
                     + [c for p in range(n) for c in s.hands[p] + s.discards[p]]
                     + [q.card for q in s.stack if hasattr(q, "card")
                        and type(q).__name__ == "ExchangeCost"])
            assert sorted(cards) == list(range(data.NUM_CARDS))
            tokens = ([t for t in s.cities if t >= 0] + s.pile_a + s.pile_b + s.token_discard
                      + [t for st in s.stored for t in st]
                      + [q.token for q in s.stack if isinstance(q, StoreToken)])
            assert len(tokens) == sum(data.BASE_TOKENS.values())


@pytest.mark.parametrize(("n", "options"), [
    (5, {}), (4, {"bonus_travel": True}), (2, {"advanced": True}),
    (1, {"automa_level": "hard", "card_sets": 3}), (1, {"focus": "canal"})])
def test_derived_caches_agree_with_the_fields(n, options):
    """The DERIVED caches (masks.py) kept by the rules are what `masks.refresh` computes from
    the public fields, at every step, also in states drawn by `sample_state` and clones."""
    for seed in range(6):
        s = engine.make("gugong", n, seed, **options)
        r = random.Random(seed)
        k = 0
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
            k += 1
            views = [s, s.clone()]
            if k % 5 == 0 and not s.is_terminal():
                views.append(engine.sample_state(s.observation(s.current_player()), k))
            for t in views:
                assert t.tokens == masks.token_mask(t.cities)
                assert t.harbors == masks.harbor_mask(t.ship_harbor, t.ship_path)
