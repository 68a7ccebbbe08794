"""The bot author's reference of Huang (docs.py, static.py): every field described, the
static data complete and JSON-able, and the descriptions true of real observations."""

from __future__ import annotations

import random
from typing import Any

import msgspec

import engine
from bots.external import static_data
from engine.games.huang.board import compute_labels
from engine.games.huang.state import HuangState

STATIC = static_data("huang")


def _play(n: int, seed: int, decisions: int, **options: Any) -> list[tuple[HuangState, Any]]:
    """(state, JSON observation of the seat to move) after every random decision (building
    whenever it may, so that pagodas appear)."""
    s = engine.make("huang", n, seed, **options)
    rng = random.Random(seed)
    out = []
    for _ in range(decisions):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        build = [a for a in legal if type(a).__name__ in ("BuildPagoda", "BuildPalace")]
        s.apply(rng.choice(build or legal))
        seat = max(s.current_player(), 0)
        out.append((s.clone(), msgspec.json.decode(msgspec.json.encode(s.observation(seat)))))
    assert isinstance(s, HuangState)
    return out


def _groups(board: list[int], marker: int) -> list[int]:
    """Per hex, the smallest hex id of its group as the `board` description defines groups
    (nonzero hexes connected through static `neighbours`, the marker hex left out); -1."""
    lab = [-1] * len(board)
    for h in range(len(board)):
        if board[h] and lab[h] < 0 and h != marker:
            lab[h], todo = h, [h]
            while todo:
                for n in STATIC["neighbours"][todo.pop()]:
                    if board[n] and lab[n] < 0 and n != marker:
                        lab[n] = h
                        todo.append(n)
    return lab


def test_static_geometry_agrees_with_the_engine() -> None:
    hexes = STATIC["grid"]["hexes"]
    axial = [tuple(x) for x in STATIC["hex_axial"]]
    where = {a: h for h, a in enumerate(axial)}
    for h, (q, r) in enumerate(axial):
        near = [where[(q + dq, r + dr)] for dq, dr in STATIC["directions"]
                if (q + dq, r + dr) in where]
        assert STATIC["neighbours"][h] == near
        assert r == h // STATIC["grid"]["cols"]
        name = STATIC["hex_names"][h]
        assert name == f"{'ABCDEFGHIJKLMNO'[h % 15]}{h // 15 + 1}"
    # the engine's groups: two pieces on static neighbours form one group, else two
    rng = random.Random(0)
    for _ in range(200):
        a, b = rng.randrange(hexes), rng.randrange(hexes)
        if a == b:
            continue
        board = [0] * hexes
        board[a] = board[b] = 1
        lab = compute_labels(board)
        assert (lab[a] == lab[b]) == (b in STATIC["neighbours"][a])
    for t in STATIC["triangles"]:
        assert all(y in STATIC["neighbours"][x] for x in t for y in t if x != y)


def test_hex_names_are_the_words_of_the_actions() -> None:
    s = engine.make("huang", 2, 1)
    leader = next(a for a in s.legal_actions() if type(a).__name__ == "PositionLeader")
    s.apply(leader)
    for a in s.legal_actions()[:5]:
        assert f" at {STATIC['hex_names'][a.hex]}," in s.describe_action(a)


def test_board_codes_decode_as_described() -> None:
    codes = STATIC["board_codes"]
    known = {codes["empty"], *codes["tile"], *codes["leader"], *codes["bandit"]}
    seen_bandit = seen_pagoda = beaten = False
    for opts in ({"bandits": True, "imperial_palace": True}, {"eighteen_kingdoms": True}):
        for _s, obs in _play(2, 3, 450, **opts)[::5]:
            board, side = obs["board"], STATIC["sides"][obs["side"]]
            assert len(board) == STATIC["grid"]["hexes"] and set(board) <= known
            for i, h in enumerate(obs["leaders"]):
                if h >= 0:
                    assert board[h] == codes["leader"][i] and not side["is_river"][h]
            for h, x in enumerate(board):
                if x in codes["tile"]:
                    blue = codes["tile"].index(x) == STATIC["colours"].index("blue")
                    assert side["is_river"][h] == blue
            beaten |= 0 < len(obs["bandits"]) < 5
            for n in obs["bandits"]:
                seen_bandit = True
                assert all(board[h] == codes["bandit"][n - 1] for h in STATIC["bandit_sites"][n])
            for k, t in enumerate(obs["pagodas"]):
                if t >= 0:
                    seen_pagoda = True
                    colour = STATIC["pagoda_colours"][k]
                    assert all(board[h] == codes["tile"][colour] for h in STATIC["triangles"][t])
            if obs["palace"] >= 0:
                assert all(board[h] == codes["tile"][0] for h in STATIC["rhombi"][obs["palace"]])
            assert obs["granaries"] == sorted(obs["granaries"])
            assert set(obs["granaries"]) <= set(side["granaries"])
    assert seen_bandit and seen_pagoda and beaten


def test_setup_matches_the_static_sides() -> None:
    for opts, side in (({}, 0), ({"eighteen_kingdoms": True}, 1)):
        obs = msgspec.json.decode(msgspec.json.encode(
            engine.make("huang", 3, 1, **opts).observation(0)))
        data = STATIC["sides"][side]
        assert obs["side"] == side and obs["granaries"] == data["granaries"]
        assert all(obs["board"][h] == STATIC["board_codes"]["tile"][0] for h in data["capitals"])
        held = sum(obs["hand_sizes"]) + sum(obs["market"]) + obs["bag_size"]
        assert held == sum(data["bag_after_setup"])


def test_vp_layout_is_seat_times_five_plus_colour() -> None:
    s, obs = _play(3, 4, 2000)[-1]
    assert s.is_terminal() and any(obs["vp"])
    breakdown = s.score_breakdown()
    for p in range(3):
        for c, name in enumerate(STATIC["colours"][:4]):
            assert breakdown[f"{name} VP"][p] == obs["vp"][p * 5 + c]
        assert breakdown["white VP (wild)"][p] == obs["vp"][p * 5 + 4]
        # §10 as described: white VP one at a time onto the lowest of the other four
        v = sorted(obs["vp"][p * 5:p * 5 + 4])
        for _ in range(obs["vp"][p * 5 + 4]):
            v[0] += 1
            v.sort()
        assert v[0] == s.scores()[p]
    for i, h in enumerate(obs["leaders"]):
        assert h == s.leaders[i]


def test_war_parties_are_the_smallest_hex_of_each_group_without_the_marker() -> None:
    wars = [obs for _s, obs in _play(3, 4, 600) if obs["war"]]
    assert wars
    for obs in wars:
        war, board = obs["war"], obs["board"]
        assert obs["marker"] == war["hex"] and board[war["hex"]] != 0
        lab = _groups(board, war["hex"])
        assert all(lab[p] == p for p in war["parties"])
        assert {lab[obs["leaders"][i]] for i in war["participants"]} <= set(war["parties"])
        assert len(war["base"]) == len(war["tiles"]) == len(war["parties"])
        red = STATIC["board_codes"]["tile"][1]
        if war["winner"] < 0:
            assert war["base"] == [sum(1 for h, x in enumerate(board) if x == red and lab[h] == p)
                                   for p in war["parties"]]
