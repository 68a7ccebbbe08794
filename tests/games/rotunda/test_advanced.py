"""The advanced Experts variant (`advanced_experts`, rules §11; seed "Zaawansowany wariant
Ekspertów"), one test per rule, with the ambiguity list's edge case (§14.19)."""

from __future__ import annotations

import pytest

import engine
from engine.games.rotunda import data
from engine.games.rotunda.actions import (
    Activate,
    DiscardCard,
    DiscardExpert,
    Execute,
    Hire,
    Move,
)
from tests.games.rotunda.builder import begin, blank, play, set_seat

P = 1


@pytest.mark.rule("rotunda", "11a")
def test_setup_discards_five_face_up():
    """§11: "At setup, discard the top 5 Experts face up to form the discard pile"; the pool
    keeps 3; the deck (hidden, only its size public) holds the other 16."""
    s = engine.make("rotunda", 3, 5, advanced_experts=True)
    assert len(s.expert_discard) == 5 and len(s.expert_pool) == 3
    assert len(s.expert_deck) == 16
    assert len(set(s.expert_discard) | set(s.expert_pool) | set(s.expert_deck)) == 24
    obs = s.observation(0)
    assert obs.expert_discard == s.expert_discard and obs.expert_deck_size == 16
    assert "Expert discard pile" in s.render()
    assert engine.make("rotunda", 3, 5).expert_discard == ()   # basic game: empty


@pytest.mark.rule("rotunda", "11a")
def test_experts_room_hires_the_discard_top():
    """§11: "Its top card may be hired exactly like a pool card"; the next card becomes the
    top; the pool is untouched."""
    s = blank(3, advanced_experts=True)
    s.expert_discard = (data.T1, data.H1, data.P1)
    pool = s.expert_pool
    begin(s, P)
    s.leaders[P * 2] = data.I3
    play(s, Move(data.I3, data.I4))
    assert Execute(data.DISCARD_SLOT, 0) in s.legal_actions()
    assert "top of the discard pile" in s.describe_action(Execute(data.DISCARD_SLOT, 0))
    play(s, Execute(data.DISCARD_SLOT, 0))
    assert s.experts[P] == (data.T1,)
    assert s.expert_discard == (data.H1, data.P1) and s.expert_pool == pool


@pytest.mark.rule("rotunda", "11a")
def test_guild_hall_hires_the_discard_top():
    """§11 "exactly like a pool card": the Guild Hall offers it too."""
    s = blank(3, rooms={data.O1: data.GUILD_HALL}, advanced_experts=True)
    s.expert_discard = (data.P8,)
    s.coins[P] = 1
    begin(s, P)
    play(s, Move(data.LODGE, data.O1), Execute(0, 0))
    assert Hire(data.DISCARD_SLOT) in s.legal_actions()
    play(s, Hire(data.DISCARD_SLOT))
    assert s.experts[P] == (data.P8,) and s.vp[P] == data.CLERK_VP and s.expert_discard == ()


@pytest.mark.rule("rotunda", "11b")
def test_spent_experts_go_to_the_bottom():
    """§11: "Every card entering the discard pile goes to the bottom" (seed: "zużyci
    Eksperci będą umieszczani na SPODZIE stosu kart odrzuconych")."""
    s = blank(3, advanced_experts=True)
    s.expert_discard = (data.P1,)
    set_seat(s, "experts", P, [data.T4])
    begin(s, P)
    play(s, Activate(data.T4))
    assert s.expert_discard == (data.P1, data.T4) and s.coins[P] == s.supply_discs[P] + 1


@pytest.mark.rule("rotunda", "11b")
def test_kept_amulet_expert_declined_goes_to_the_bottom():
    """§5 step 1, §11: an amulet Expert not kept is discarded, to the bottom."""
    s = blank(3, advanced_experts=True)
    s.expert_discard = (data.P1,)
    set_seat(s, "experts", P, [data.H2])
    begin(s, P)
    play(s, Activate(data.H2), DiscardCard())
    assert s.expert_discard == (data.P1, data.H2)


@pytest.mark.rule("rotunda", "11b")
def test_limit_discard_goes_to_the_bottom():
    """§14.19 [rec]: "limit discards go to the bottom" (hiring a 4th Expert)."""
    s = blank(3, advanced_experts=True)
    s.expert_discard = (data.T5,)
    set_seat(s, "experts", P, [data.H3, data.H4, data.P7])
    begin(s, P)
    s.leaders[P * 2] = data.I3
    play(s, Move(data.I3, data.I4), Execute(data.DISCARD_SLOT, 0), DiscardExpert(data.H3))
    assert sorted(s.experts[P]) == sorted((data.H4, data.P7, data.T5))
    assert s.expert_discard == (data.H3,)


@pytest.mark.rule("rotunda", "11c")
def test_no_reshuffle_when_the_deck_runs_out():
    """§11: "No reshuffle when the deck runs out": the pool stays short."""
    s = blank(3, advanced_experts=True)
    s.expert_deck = ()
    s.expert_discard = (data.T2, data.T3)
    begin(s, P)
    s.leaders[P * 2] = data.I3
    play(s, Move(data.I3, data.I4), Execute(0, 0))
    assert len(s.expert_pool) == 2 and s.expert_discard == (data.T2, data.T3)


@pytest.mark.rule("rotunda", "5.8c")
def test_basic_game_reshuffles_and_has_no_discard_hire():
    """§5 "Decks and pools" (basic game): deck empty -> the discard pile is reshuffled;
    the discard pile's top is not for hire."""
    s = blank(3)
    s.expert_deck = ()
    s.expert_discard = (data.T2, data.T3)
    begin(s, P)
    s.leaders[P * 2] = data.I3
    play(s, Move(data.I3, data.I4))
    assert Execute(data.DISCARD_SLOT, 0) not in s.legal_actions()
    play(s, Execute(0, 0))
    assert len(s.expert_pool) == 3 and s.expert_discard == ()


@pytest.mark.rule("rotunda", "13.2b")
def test_sample_state_redraws_only_the_deck():
    """§13.2: the deck's order is hidden and redrawn; the public discard pile stays."""
    s = engine.make("rotunda", 2, 9, advanced_experts=True)
    obs = s.observation(0)
    decks = set()
    for k in range(6):
        t = engine.sample_state(obs, k)
        assert t.expert_discard == s.expert_discard and t.expert_pool == s.expert_pool
        assert sorted(t.expert_deck) == sorted(s.expert_deck)
        decks.add(t.expert_deck)
    assert len(decks) > 1
