"""The bot author's reference: every field described, static data JSON-able and true to the
engine's tables and geometry, coded values in a real observation decoding as described."""

from __future__ import annotations

import random

import msgspec

import engine
from bots.external import static_data
from engine.games.dragon_castle import data
from engine.games.dragon_castle.castle import LAYOUT_HEIGHTS, is_available
from engine.games.dragon_castle.scoring import Realm, courage, dragon_points
from engine.games.dragon_castle.state import DragonCastleObservation
from engine.protocol import field_docs

GAME = "dragon_castle"


def test_static_tables_match_the_engine() -> None:
    static = static_data(GAME)
    assert [(s["type"], s["symbol"]) for s in static["stones"]] == list(data.IDENTITIES)
    assert [s["id"] for s in static["stones"] if s["type"] == data.WIND] == [22, 23, 24, 25]
    assert static["stones"][26]["type"] == data.DRAGON and static["stones"][5]["number"] == 6
    for name in data.ALL_LAYOUTS:
        heights = static["layouts"][name]["heights"]
        assert heights == [LAYOUT_HEIGHTS[name][i] for i in data.CASTLE_CELLS]
        assert sum(heights) == data.NUM_STONES
    for p in (2, 3, 4):
        s = engine.make(GAME, p, 0)
        assert static["standard_layout"][str(p)] == s.layout
        assert s.observation(0).castle_heights == static["layouts"][s.layout]["heights"]
        assert static["setup"]["countdown_singles"][str(p)] == s.track_singles
    nb = static["castle"]["neighbours"]
    assert nb[0] == [-1, 1, -1, 12] and nb[95] == [94, -1, 83, -1]
    assert static["realm"]["neighbours"][7] == [1, 6, 8, 13]
    assert static["scoring"]["merge_points"]["4"] == data.merge_points(4)
    assert [c["name"] for c in static["dragon_cards"]] == list(data.DRAGON_CARDS)
    assert [c["name"] for c in static["spirit_cards"]] == list(data.SPIRIT_CARDS)
    assert static["spirit_cards"][data.DECEPTION]["windows"] == [2]


def test_availability_rule_as_described() -> None:
    """The castle doc's rule (west or east neighbour lower) picks the engine's stones."""
    static = static_data(GAME)
    nb = static["castle"]["neighbours"]
    s = engine.make(GAME, 2, 5)
    o = s.observation(s.current_player())
    h = o.castle_heights
    for i, cell in enumerate(data.CASTLE_CELLS):
        w, e = nb[i][0], nb[i][1]
        lower = [(h[j] if j >= 0 else 0) < h[i] for j in (w, e)]
        assert (h[i] > 0 and any(lower)) == is_available(s.castle_h, cell)
    top = max(h)
    takes = {(a.x, a.y) for a in o.legal_actions if type(a).__name__ == "TakeStone"}
    described = {(i % 12, i // 12) for i in range(96) if h[i] == top and any(
        (h[j] if j >= 0 else 0) < top for j in nb[i][:2])}
    assert takes == described


def test_observation_decodes_as_described() -> None:
    s = engine.make(GAME, 3, 2, spirit_cards=2, dragon_card=True)
    rng = random.Random(2)
    for _ in range(30):
        s.apply(rng.choice(s.legal_actions()))
    o = msgspec.json.decode(msgspec.json.encode(s.observation(1)))
    d = field_docs(DragonCastleObservation)
    assert len(o["castle_heights"]) == len(o["castle_tops"]) == 96
    assert len(o["height"]) == 3 * 36 and len(o["hidden"]) == len(o["gone"]) == 29
    for i in range(96):  # castle index y * 12 + x
        cell = data.castle_index(i % 12, i // 12)
        assert o["castle_heights"][i] == s.castle_h[cell]
    for j, hgt in enumerate(o["height"]):  # realm index seat * 36 + r * 6 + c
        assert hgt == s.height[j]
        if o["up"][j]:
            assert hgt > 0 and o["top"][j] >= 0
    assert "seat * 36 + r * 6 + c" in d["height"]
    in_castle = sum(o["castle_heights"])
    assert in_castle == sum(o["hidden"]) + sum(1 for t in o["castle_tops"] if t >= 0)
    if o["first_cell"] >= 0:
        x, y = o["first_cell"] % 14 - 1, o["first_cell"] // 14 - 1
        assert 0 <= x < 12 and 0 <= y < 8
    assert len(o["spirit_used"]) == len(o["spirit_cards"]) == 2
    assert o["stack"][-1][1] == o["current_player"]


def test_dragon_effect_is_the_scoring_rule() -> None:
    static = static_data(GAME)
    assert "strictly lower" in static["dragon_cards"][data.DRAGON_CARDS.index("Courage")]["effect"]
    h = [0] * 36
    h[7] = 2
    realm = Realm(h, [-1] * 36, [0] * 36, [0] * 36)
    assert courage(realm) == 1 == dragon_points("Courage", [realm], 0)
