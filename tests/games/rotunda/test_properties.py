"""Invariants over random games: components are conserved, VP never decrease, turn order
is clockwise from the first player; render and the bot."""

from __future__ import annotations

import random

import engine
from bots.heuristic.rotunda import HeuristicBot
from engine.games.rotunda import data, sales
from engine.games.rotunda.requests import ChainEnd, ReturnChain
from engine.games.rotunda.state import RotundaState
from harness.play.match import play_match


def cubes_total(s: RotundaState) -> list[int]:
    tot = s.supply[:]
    for p in range(s.num_players):
        for t in range(4):
            tot[t] += s.cubes[p * 4 + t]
    for t in data.BASIC:
        tot[t] += s.warehouse[t]
        if s.market[t] >= 0:
            tot[s.market[t]] += 1
    for row in (s.retailer, s.wholesaler):
        for x in row:
            if x >= 0:
                tot[x & 3] += 1
    return tot


def assistants(s: RotundaState, p: int) -> int:
    n = s.num_players
    k = s.supply_discs[p] + s.track[p] + sum(s.worship[p * 16:p * 16 + 16])
    k += sum(1 for c in s.chairs if c >= 0 and c >> 1 == p)
    k += sum(s.villages[v * n + p] for v in range(data.VILLAGES))
    for r in s.stack:  # Assistants held between honour steps
        if isinstance(r, ChainEnd) and r.seat == p:
            k += r.count
        elif isinstance(r, ReturnChain) and r.seat == p:
            k += r.count
    return k


def test_conservation_and_monotone_vp():
    for n in (3, 4, 5):
        for seed in range(4):
            s = engine.make("rotunda", n, seed)
            rng = random.Random(seed)
            turns = [s.turn]
            while not s.is_terminal():
                vp = s.vp[:]
                s.apply(rng.choice(s.legal_actions()))
                assert cubes_total(s) == list(data.SUPPLY_START)
                assert all(assistants(s, p) == 14 for p in range(n))
                assert all(a >= b for a, b in zip(s.vp, vp, strict=True))
                if s.turn != turns[-1]:
                    turns.append(s.turn)
                assert s.coins == [c for c in s.coins if c >= 0]
            assert turns == [(s.first + i) % n for i in range(len(turns))]
            amulets = sum(len(x) for x in s.amulets) + len(s.amulet_pool) + len(s.amulet_stack)
            amulets += sum(1 for a in s.amulet_spaces if a >= 0) + (s.end_amulet >= 0)
            assert amulets == len(data.AMULET_TOKENS)


def test_render_names_rooms_and_the_pending_decision():
    s = engine.make("rotunda", 4, 2)
    text = s.render()
    assert "Supplier" in text and "Lodge" in text
    assert "Pending: Green: move one of your leaders clockwise" in text
    assert "move your leader from the Ancestral Lodge to I1 Supplier" in [
        s.describe_action(a) for a in s.legal_actions()]


def test_bot_beats_random_in_a_few_games():
    wins = 0
    for g in range(6):
        bots: list[object] = ["random"] * 3
        bots[g % 3] = HeuristicBot()
        rec = play_match("rotunda", 3, bots, seed=500 + g)  # type: ignore[arg-type]
        assert not rec.failures
        wins += rec.ranking[g % 3] == 0
    assert wins >= 5


def test_heuristic_in_unit_interval():
    s = engine.make("rotunda", 3, 9)
    rng = random.Random(1)
    while not s.is_terminal():
        for p in range(3):
            assert 0.0 <= s.heuristic(p) <= 1.0
        s.apply(rng.choice(s.legal_actions()))


def test_a_second_sale_is_judged_as_on_the_position_after_the_first():
    """sales.can_sell_again (P5's two cubes, §9) agrees with placing the first cube on a
    copy and asking can_sell there."""
    rng = random.Random(3)
    checked = 0
    for n in (2, 5):
        s = engine.make("rotunda", n, 11)
        while not s.is_terminal():
            for p in range(n):
                for kind in {s.rooms[node] for node in range(data.NODES)} & set(sales.SALE_ROOMS):
                    for t in data.BASIC:
                        for gold in (False, True):
                            if not sales.can_sell(s, p, kind, t, gold):
                                continue
                            twin = s.clone()
                            sales.place(twin, p, kind, t, gold)
                            want = any(sales.can_sell(twin, p, kind, u, h)
                                       for u in data.BASIC for h in (False, True))
                            assert sales.can_sell_again(s, p, kind, t, gold) == want
                            checked += 1
                # P5 (§9): two cubes into one room, as every sale followed by a second
                two = any(sales.can_sell(s, p, kind, t, g)
                          and sales.can_sell_again(s, p, kind, t, g)
                          for kind in s.rooms if kind in sales.SALE_ROOMS
                          for t in data.BASIC for g in (False, True))
                assert sales.can_sell_two(s, p) == two
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 1000


def test_remembered_options_belong_to_one_state():
    """memo.py keys the options it keeps by state, request and decision count: a clone
    shares its original's request objects and count, yet gets its own options, and the
    original keeps getting its own after the clone's were computed."""
    s = engine.make("rotunda", 3, 5)
    while type(s.pending()).__name__ != "MoveStep":
        s.apply(s.legal_actions()[0])
    before = s.legal_actions()
    c = s.clone()
    assert c.pending() is s.pending() and c.decision == s.decision
    seat = s.current_player()
    k = data.LEADERS[3]
    for i in range(seat * k, seat * k + k):  # the seat's leaders leave the board
        c.leaders[i] = -1
    assert c.legal_actions() == [] and c.legal_actions() != before
    assert s.legal_actions() == before
    move = before[0]
    assert s.is_legal(move) and not c.is_legal(move)
