"""Rules edge cases and the ambiguity decisions of §14 (rules/huang.md)."""

from __future__ import annotations

import pytest

import engine
from engine.games.huang import actions
from engine.games.huang import queries as rules
from engine.games.huang import requests as Rq
from engine.games.huang.data import BLUE, GREEN, IS_RIVER, RED, RIVER, TILE, WHITE, YELLOW
from engine.protocol import IllegalActionError, InvalidConfigError
from tests.games.huang.test_scenarios import H, build, conserved, pagoda, play, tri, vp

Y, R, B, G, W = YELLOW, RED, BLUE, GREEN, WHITE


@pytest.mark.rule("huang", "6.1b", "6.1c", "6.1d")
def test_leader_targets_empty_land_next_to_yellow() -> None:
    """§6.1: empty, land, adjacent to a yellow tile."""
    s = build(n=2, tiles={(6, 5): Y, (6, 4): R}, hands={0: {R: 1}})
    targets = rules.leader_targets(s, 0 * 5 + G)
    # neighbours of (6,5): (7,5) (7,4) (6,4)=tile (5,5) (5,6)=river (6,6)
    assert targets == sorted([H(7, 5), H(7, 4), H(5, 5), H(6, 6)])


@pytest.mark.rule("huang", "6.1e")
def test_leader_may_join_kingdoms_only_without_conflict() -> None:
    """§6.1 join rule: >= 2 kingdoms may be joined only without duplicate colours."""
    s = build(n=3, tiles={(6, 5): Y, (8, 5): Y},
              leaders={(0, R): (5, 5), (1, R): (9, 5)})
    assert H(7, 5) not in rules.leader_targets(s, 2 * 5 + G)
    s = build(n=3, tiles={(6, 5): Y, (8, 5): Y},
              leaders={(0, R): (5, 5), (1, Y): (9, 5)}, hands={2: {R: 1}}, active=2)
    assert H(7, 5) in rules.leader_targets(s, 2 * 5 + G)
    assert H(7, 5) not in rules.leader_targets(s, 2 * 5 + R)  # would duplicate red
    play(s, actions.PositionLeader(G), actions.LeaderTo(H(7, 5)))
    assert s.labels[H(5, 5)] == s.labels[H(9, 5)] and s.revolt is None


@pytest.mark.rule("huang", "6.1a")
def test_leader_move_lifts_first_and_withdraw() -> None:
    """§6.1/§14.13: lift first, a different hex; withdraw returns the leader."""
    s = build(n=2, tiles={(6, 5): Y}, leaders={(0, B): (7, 5)}, hands={0: {R: 2}})
    s.apply(actions.PositionLeader(B))
    assert actions.LeaderTo(H(7, 5)) not in s.legal_actions()
    assert actions.Withdraw() in s.legal_actions()
    s.apply(actions.LeaderTo(H(5, 5)))
    assert s.board[H(7, 5)] == 0 and s.leaders[B] == H(5, 5)
    play(s, actions.PositionLeader(B), actions.Withdraw())
    assert s.leaders[B] == -1 and s.board[H(5, 5)] == 0 and s.active == 1


@pytest.mark.rule("huang", "8.1.4b", "8.1.4c")
def test_losing_attacker_goes_in_front_of_the_screen() -> None:
    """§14.13: a moved attacker that loses does not return to its old hex."""
    s = build(n=2, tiles={(6, 5): Y, (7, 4): Y, (1, 1): Y},
              leaders={(1, G): (7, 5), (1, Y): (2, 1), (0, G): (1, 2), (0, Y): (0, 1)},
              hands={0: {R: 1}, 1: {R: 1}})
    # defender (7,5) touches 2 yellow tiles; attacker at (6,6) touches 1, no yellow in hand:
    # both sides are still asked (§8.1 step 3), 0 being their only option
    play(s, actions.PositionLeader(G), actions.LeaderTo(H(6, 6)))
    for seat in (0, 1):
        assert s.current_player() == seat and s.legal_actions() == [actions.CommitTiles(0)]
        s.apply(actions.CommitTiles(0))
    assert s.leaders[G] == -1 and s.board[H(1, 2)] == 0 and s.board[H(6, 6)] == 0
    assert vp(s, 1, G) == 1


@pytest.mark.rule("huang", "8.1.2")
def test_yellow_revolt_has_no_yellow_leader_bonus() -> None:
    """§8.1 step 2: +1 only when the contested colour is not yellow."""
    s = build(n=2, tiles={(6, 5): Y, (8, 5): Y, (7, 6): R},
              leaders={(1, Y): (7, 5)}, hands={0: {R: 1}})
    play(s, actions.PositionLeader(Y), actions.LeaderTo(H(6, 6)))
    rv = s.revolt
    assert rv is not None and (rv.attacker_base, rv.defender_base) == (1, 2)
    play(s, actions.CommitTiles(0), actions.CommitTiles(0))  # no yellow in hands: 1 vs 2
    assert s.revolt is None
    assert s.leaders[Y] == -1 and vp(s, 1, Y) == 1


@pytest.mark.rule("huang", "6.2b")
def test_tiles_respect_rivers_and_illegal_actions_change_nothing() -> None:
    """§6.2: blue only on rivers, every other colour only on land."""
    s = build(n=2, hands={0: {R: 1, B: 1}})
    s.apply(actions.PlaceTile(R))
    before = s.to_bytes()
    for bad in (actions.TileTo(H(0, 3)), actions.TileTo(999), actions.LeaderTo(H(6, 5)), None,
                "TileTo"):
        with pytest.raises(IllegalActionError):
            s.apply(bad)  # type: ignore[arg-type]
        assert s.to_bytes() == before
    assert all(not IS_RIVER[a.hex] for a in s.legal_actions())  # type: ignore[attr-defined]
    s = build(n=2, hands={0: {B: 1}})
    s.apply(actions.PlaceTile(B))
    assert {a.hex for a in s.legal_actions()} == set(RIVER)  # type: ignore[attr-defined]


@pytest.mark.rule("huang", "11.1b")
def test_unknown_options_and_player_counts_raise() -> None:
    with pytest.raises(InvalidConfigError):
        engine.make("huang", 2, 0, dragon_dynasty=True)
    with pytest.raises(InvalidConfigError):
        engine.make("huang", 2, 0, bandits="yes")
    with pytest.raises(InvalidConfigError):  # §11.1: not with Eighteen Kingdoms
        engine.make("huang", 2, 0, bandits=True, eighteen_kingdoms=True)
    for n in (1, 6):
        with pytest.raises(InvalidConfigError):
            engine.make("huang", n, 0)


@pytest.mark.rule("huang", "6.2.3a", "6.2.3b", "6.2.3c")
def test_scoring_leader_of_colour_then_yellow_fallback_then_nobody() -> None:
    """§6.2.3 and §14.5."""
    s = build(n=2, tiles={(6, 5): Y}, leaders={(1, Y): (7, 5), (0, R): (5, 5)},
              hands={0: {R: 2, G: 1, W: 1}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(4, 5)))  # next to the red leader: red owner
    assert vp(s, 0, R) == 1
    play(s, actions.PlaceTile(W), actions.TileTo(H(8, 5)))  # no white leader: yellow leader's owner
    assert vp(s, 1, W) == 1
    s = build(n=2, hands={0: {R: 1}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(8, 5)))  # not in a kingdom
    assert sum(s.vp) == 0


@pytest.mark.rule("huang", "6.2.4a", "6.2.1b")
def test_green_market_pick_needs_no_kingdom_and_is_lost_in_war() -> None:
    """§6.2.4, §14.5."""
    s = build(n=2, hands={0: {G: 2}}, market={R: 2, W: 1})
    play(s, actions.PlaceTile(G), actions.TileTo(H(8, 5)))
    assert isinstance(s.pending(), Rq.ChooseMarketTile)
    assert s.legal_actions() == [actions.TakeFromMarket(R), actions.TakeFromMarket(W),
                                 actions.Pass()]
    s.apply(actions.TakeFromMarket(W))
    assert s.hands[W] == 1 and s.market[W] == 0 and conserved(s)
    # a green tile that starts a war: no pick
    s = build(n=3, tiles={(8, 5): R, (9, 5): Y, (7, 4): R, (6, 4): Y},
              leaders={(0, R): (9, 4), (1, R): (5, 5)}, hands={0: {G: 1}}, market={R: 2})
    play(s, actions.PlaceTile(G), actions.TileTo(H(7, 5)))
    assert s.war is not None and not isinstance(s.pending(), Rq.ChooseMarketTile)


def _three_kingdoms(**kw: object) -> object:
    return build(n=3, tiles={(8, 5): R, (9, 5): Y, (7, 4): R, (6, 4): Y, (6, 6): R},
                 leaders={(0, R): (9, 4), (1, R): (5, 5)}, **kw)  # type: ignore[arg-type]


@pytest.mark.rule("huang", "8.2c", "8.2f", "8.2g", "8.2h", "8.2.5")
def test_war_tie_bystander_and_automatic_winner_losses() -> None:
    """§8.2: seats without strength may only pass, a tie is broken by the active player,
    a leaderless neighbour is a bystander, M removed automatically when it covers all."""
    s = _three_kingdoms(hands={0: {R: 1}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(7, 5)))
    war = s.war
    assert war is not None and len(war.parties) == 2  # (6,6) is a leaderless bystander
    # seat 1 (left of 0) has no red tile and its red leader on board: asked, may only pass
    assert s.current_player() == 1 and s.legal_actions() == [actions.Pass()]
    s.apply(actions.Pass())
    assert s.current_player() == 2 and s.legal_actions() == [
        actions.SupportParty(0), actions.SupportParty(1), actions.Pass()]
    s.apply(actions.Pass())
    assert s.current_player() == 0 and s.legal_actions() == [actions.Pass()]  # active, last
    s.apply(actions.Pass())
    assert isinstance(s.pending(), Rq.ChooseWarWinner) and s.current_player() == 0
    east = war.parties.index(s.labels[H(8, 5)])
    s.apply(actions.DeclareWinner(east))
    assert s.leaders[1 * 5 + R] == -1 and s.board[H(7, 4)] == 0  # loser's red tile
    assert s.board[H(8, 5)] == 0  # M = 1 removed from the winner (its only red tile)
    assert s.board[H(6, 6)] == TILE + R  # bystander untouched
    assert vp(s, 0, R) == 1 and s.leaders[R] == H(9, 4)
    assert s.war is None and s.marker == -1 and conserved(s)


@pytest.mark.rule("huang", "8.2.2", "8.2.4", "8.3")
def test_war_loser_colour_missing_in_winner_scores_nobody() -> None:
    """§14.1: one war for all conflict colours; every participating leader of every loser
    goes, and a colour the winner lacks scores for nobody."""
    s = build(n=3, active=1,
              tiles={(10, 5): R, (11, 5): Y, (8, 6): R, (7, 6): Y, (9, 7): Y},
              leaders={(0, R): (11, 4), (0, Y): (12, 5), (1, R): (7, 5), (2, Y): (10, 7)},
              hands={1: {R: 3}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(9, 6)))
    war = s.war
    assert war is not None and len(war.parties) == 3
    a, b, c = (war.parties.index(s.labels[H(*x)]) for x in ((10, 5), (8, 6), (9, 7)))
    assert [war.base[i] for i in (a, b, c)] == [1, 1, 0]
    # seat 2 (off-board red leader) passes, seat 0 can only pass, seat 1 last
    assert s.current_player() == 2
    s.apply(actions.Pass())
    assert s.current_player() == 0 and s.legal_actions() == [actions.Pass()]
    s.apply(actions.Pass())
    assert s.current_player() == 1
    play(s, actions.SupportParty(b), actions.CommitTiles(2))
    assert s.leaders[0 * 5 + R] == -1 and s.leaders[0 * 5 + Y] == -1
    assert s.leaders[2 * 5 + Y] == -1 and s.board[H(10, 5)] == 0
    assert vp(s, 1, R) == 1 and sum(s.vp) == 1  # nobody scores the yellow leaders
    assert s.board[H(8, 6)] == TILE + R  # M = 1 covered by the 2 committed tiles
    assert conserved(s) and s.war is None


@pytest.mark.rule("huang", "6.2.5a", "6.2.5c")
def test_building_needs_the_new_tile_and_moves_a_pagoda_when_supply_is_empty() -> None:
    """§6.2.5, §14.17: triangle containing the placed tile, unsupported; supply empty ->
    choose which pagoda moves, freeing its old triangle."""
    t1, t2 = tri((1, 1), (2, 1), (1, 2)), tri((8, 4), (9, 4), (8, 5))
    s = build(n=2, tiles={(1, 1): Y, (2, 1): Y, (1, 2): Y, (8, 4): Y, (9, 4): Y, (8, 5): Y,
                          (6, 9): Y, (7, 9): Y, (0, 8): Y, (1, 8): Y, (0, 9): Y},
              pagodas={pagoda(Y, 0): t1, pagoda(Y, 1): t2}, hands={0: {Y: 2}})
    t3 = tri((6, 9), (7, 9), (6, 10))
    play(s, actions.PlaceTile(Y), actions.TileTo(H(6, 10)))
    assert s.legal_actions() == [actions.BuildPagoda(t3), actions.Pass()]  # not the older (0,8) one
    s.apply(actions.BuildPagoda(t3))
    assert s.legal_actions() == [actions.MovePagoda(pagoda(Y, 0)), actions.MovePagoda(pagoda(Y, 1))]
    s.apply(actions.MovePagoda(pagoda(Y, 1)))
    assert s.pagodas[pagoda(Y, 1)] == t3 and s.pagodas[pagoda(Y, 0)] == t1
    assert s.actions_left == 1


@pytest.mark.rule("huang", "6.2.5b", "6.2.6a")
def test_declining_a_building_keeps_the_blue_chain() -> None:
    """§14.6: building ends the chain, declining does not."""
    s = build(n=2, tiles={(0, 7): B, (1, 6): B}, hands={0: {B: 2}})
    play(s, actions.PlaceTile(B), actions.TileTo(H(1, 7)))
    assert isinstance(s.pending(), Rq.ChooseBuilding)
    s.apply(actions.Pass())
    assert s.legal_actions() == [actions.ChainTo(H(2, 7)), actions.Pass()]


@pytest.mark.rule("huang", "7b", "7c")
def test_pagoda_scoring_is_per_leader_not_per_pagoda() -> None:
    """§7, §14.4: two red pagodas in the red leader's kingdom give 1 red VP; the yellow
    leader does not score for them."""
    s = build(n=2, tiles={(6, 5): R, (7, 5): R, (6, 6): R, (8, 5): R, (9, 5): R, (8, 6): R,
                          (10, 5): Y},
              leaders={(0, R): (10, 4), (0, Y): (11, 5)},
              pagodas={pagoda(R, 0): tri((6, 5), (7, 5), (6, 6)),
                       pagoda(R, 1): tri((8, 5), (9, 5), (8, 6))},
              hands={0: {W: 1}})
    s.actions_left = 1
    play(s, actions.PlaceTile(W), actions.TileTo(H(2, 1)))
    assert vp(s, 0, R) == 1 and vp(s, 0, Y) == 0 and s.active == 1


@pytest.mark.rule("huang", "6.3c", "6.3d", "8.4")
def test_peasant_revolt_removes_capital_strands_and_frees_pagoda() -> None:
    """§6.3, §8.4, §14.16."""
    s = build(n=2, tiles={(6, 5): Y, (7, 5): Y, (6, 6): Y},
              leaders={(1, B): (6, 4), (0, B): (7, 6)},
              pagodas={pagoda(Y): tri((6, 5), (7, 5), (6, 6))}, hands={0: {B: 2}})
    s.apply(actions.PeasantRevolt())  # blue leader on board: no substitution question
    assert isinstance(s.pending(), Rq.ChooseRevoltTarget) and s.hands[B] == 0 and s.box[B] == 2
    s.apply(actions.RemoveTile(H(6, 5)))
    assert s.board[H(6, 5)] == 0 and s.pagodas[pagoda(Y)] == -1
    assert s.leaders[1 * 5 + B] == -1  # stranded
    assert s.leaders[0 * 5 + B] == H(7, 6)  # still next to (7,5)
    assert conserved(s)


@pytest.mark.rule("huang", "6.3b", "6.4a")
def test_substitute_leader_asked_whenever_the_leader_is_off_board() -> None:
    """§14.12 (huang-notes: the question never depends on the hidden hand)."""
    s = build(n=2, tiles={(6, 5): Y}, hands={0: {B: 2, G: 1}})
    s.apply(actions.PeasantRevolt())
    assert s.legal_actions() == [actions.UseLeader(True), actions.UseLeader(False)]
    s.apply(actions.UseLeader(True))
    assert s.hands[B] == 1 and s.box[B] == 1
    s = build(n=2, tiles={(6, 5): G, (7, 5): G, (6, 6): G}, hands={0: {G: 1}})
    s.apply(actions.BuildWithGreen())
    assert s.legal_actions() == [actions.UseLeader(True)]  # one green tile: the leader must help
    s.apply(actions.UseLeader(True))
    assert s.hands[G] == 0
    assert s.legal_actions() == [actions.BuildPagoda(tri((6, 5), (7, 5), (6, 6)))]


@pytest.mark.rule("huang", "6.5a", "13a")
def test_exchange_rules_and_hidden_discards() -> None:
    """§6.5, §14.3: 1-6 tiles, face down; ends at 6 by itself."""
    s = build(n=2, hands={0: {R: 3, Y: 4}, 1: {G: 2}})
    s.apply(actions.Exchange())
    assert actions.Pass() not in s.legal_actions()
    for _ in range(6):
        s.apply(actions.DiscardTile(Y if s.hands[Y] else R))
    assert sum(s.hands[:5]) == 7 and s.actions_left == 1
    assert s.observation(1).hidden_counts[0] == 6 and s.observation(1).own_hidden == [0] * 5
    assert s.observation(0).own_hidden == [4, 2, 0, 0, 0]
    assert conserved(s)


@pytest.mark.rule("huang", "10a", "6.5b")
def test_game_ends_mid_exchange_when_the_bag_is_empty() -> None:
    """§10, §14.8: draws already made stay; nothing else is resolved."""
    s = build(n=2, hands={0: {Y: 2}}, bag={R: 1})
    play(s, actions.Exchange(), actions.DiscardTile(Y), actions.DiscardTile(Y))
    assert s.is_terminal() and s.hands[:5] == [0, 1, 0, 0, 0] and s.legal_actions() == []


@pytest.mark.rule("huang", "9.3a", "10a")
def test_refill_order_active_first_then_clockwise() -> None:
    """§9, §14.7."""
    s = build(n=2, hands={0: {R: 6}, 1: {R: 5}}, bag={G: 1})
    s.actions_left = 1
    play(s, actions.PlaceTile(R), actions.TileTo(H(8, 5)))
    assert s.is_terminal() and s.hands[G] == 1 and sum(s.hands[5:]) == 5


@pytest.mark.rule("huang", "5c")
def test_no_legal_action_skips_the_rest_of_the_turn() -> None:
    """§5, §14.19."""
    s = build(n=2, hands={0: {R: 1}})
    play(s, actions.PlaceTile(R), actions.TileTo(H(8, 5)))
    assert s.active == 1 and sum(s.hands[:5]) == 6


@pytest.mark.rule("huang", "13a")
def test_observation_hides_hands_bag_and_generator() -> None:
    a = build(n=2, hands={0: {R: 2}, 1: {G: 3}})
    b = build(n=2, hands={0: {R: 2}, 1: {Y: 1, W: 2}})
    b.rng.s += 1
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
    s = engine.sample_state(a.observation(0), 3)
    assert s.observation(0) == a.observation(0) and conserved(s)  # type: ignore[arg-type]
