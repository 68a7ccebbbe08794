"""The bot's view of Rotunda is described (issue 35): every field, every static key, and the
descriptions state facts that hold in real observations and in the engine's own tables."""

from __future__ import annotations

import json
import random

import msgspec

import engine
from bots.external import static_data
from engine.games.rotunda import board, data, docs
from engine.games.rotunda.actions import Apprentice, RotundaAction, Sell
from engine.games.rotunda.requests import RotundaRequest, SaleLoop
from engine.games.rotunda.scoring import family_vp
from engine.protocol import field_docs

_EXECUTE_RANGE = {data.SUPPLIER: range(4), data.HARBOUR: range(4), data.MARKET: range(6),
                  data.EXPERTS_ROOM: range(4), data.BANKER: range(4), data.TEA_HOUSE: range(13)}


def _observations(n: int, seed: int, steps: int, **options: object) -> list[dict]:
    """JSON observations of the seat to move along one seeded random game."""
    s = engine.make("rotunda", n, seed, **options)
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if s.is_terminal():
            break
        out.append(msgspec.json.decode(msgspec.json.encode(s.observation(s.current_player()))))
        s.apply(rng.choice(s.legal_actions()))
    return out


def test_doc_keys_name_real_fields():
    """A typo in docs.py would describe nothing: every key is a field of its class."""
    for cls in (*RotundaAction.__args__, *RotundaRequest.__args__):
        assert set(field_docs(cls)) >= set(cls.__struct_fields__), cls.__name__
    names = {c.__name__: c for c in (*RotundaAction.__args__, *RotundaRequest.__args__)}
    for table in (docs.ACTIONS, docs.REQUESTS):
        for name, fields in table.items():
            assert set(fields) <= set(names[name].__struct_fields__), name


def test_static_data_is_json_and_small():
    text = json.dumps(static_data("rotunda"))
    assert len(text) < 40_000
    assert json.loads(text) == static_data("rotunda")


def test_static_tables_agree_with_the_engine():
    st = static_data("rotunda")
    assert st["successors"]["1"] == [list(x) for x in data.GRAPHS[1]]
    assert st["end_space"] == {str(n): data.END_SPACE[n] for n in range(2, 6)}
    o07 = st["orders"][6]
    assert (o07["id"], o07["cost"], o07["vp"], o07["effect"], o07["amount"]) == \
        ("O07", [0, 2, 1], 4, "E1", 2)
    assert st["orders"][8]["cube"] == data.TEA and st["orders"][8]["amount"] == data.E2_VP["O09"]
    h1 = st["experts"][data.H1]
    assert (h1["id"], h1["amulet"], h1["back"], h1["permanent"]) == ("H1", 7, "H", False)
    assert st["experts"][data.H5]["sells"] == data.CELADON
    assert st["experts"][data.P1]["cube_choice"] == [data.CELADON, data.FRUIT]
    assert [r["node"] for r in st["rooms"][:5]] == list(data.INNER)
    assert st["market_reward"][data.CELADON] == [3, 1, data.RECRUIT]
    assert st["retailer_reward"][0][2] == -1
    deal = st["black_market"][11]
    assert (deal["kind"], deal["coins"]) == ("fire", data.BM_FIRE)
    assert len(st["black_market"]) == len(data.BM_OPTIONS)
    assert st["worship_neighbours"][5] == list(board.NEIGHBOURS[5])
    assert sum(st["amulet_tokens"]) == len(data.AMULET_TOKENS) == 18
    # §8.3 as described: the first 9 - track values of the Assistant track
    for track in range(10):
        assert sum(st["assistant_track"][:9 - track]) == family_vp(track)


def test_observation_codes_decode_as_described():
    """Layouts and codes of a real observation (2 and 4 players) read as the docs say."""
    for n, seed in ((2, 3), (4, 5)):
        per = data.LEADERS[n]
        for o in _observations(n, seed, 300):
            assert len(o["cubes"]) == 4 * n and len(o["villages"]) == 6 * n
            assert len(o["worship"]) == 16 * n and len(o["leaders"]) == per * n
            assert o["rooms"][0] == data.LODGE_ROOM and o["rooms"][1:6] == list(data.INNER_ROOMS)
            for c in o["chairs"]:
                assert c == -1 or 0 <= c < 2 * n
            for k in (*o["retailer"], *o["wholesaler"]):
                assert k == -1 or (k >> 2 in data.BASIC and k & 3 in (k >> 2, data.GOLD))
            for t, c in enumerate(o["market"]):
                assert c in (-1, t, data.GOLD)
            for bits in o["fired"]:
                assert bits < 1 << (20 + len(data.EXPERTS))
            assert (len(o["neutrals"]) == 3) == (n == 2)
            top = o["stack"][-1]
            assert top[0] == o["phase"] and top[1] == o["current_player"]
            if o["decision"] <= 2:
                assert o["turns"] == 0
            assert o["order_deck_size"] >= 0 and "order_deck" not in o
            if top[0] == "RoomTurn":  # Execute.option ranges of static rooms[k].execute
                kind = o["rooms"][top[2]]
                for a in o["legal_actions"]:
                    if a["type"] == "Execute":
                        assert a["option"] in _EXECUTE_RANGE.get(kind, (0,)), (kind, a)


def test_sales_and_chairs_decode_as_described():
    """After a Sell the Retailer/Wholesaler row holds as_type * 4 + actual cube; after an
    Apprentice the room's chairs 3 * (node - 1) .. + 2 hold seat * 2 + elder."""
    sold = seated = 0
    for seed in range(12):
        s = engine.make("rotunda", 3, seed)
        rng = random.Random(seed)
        while not s.is_terminal() and not (sold and seated):
            p, a = s.current_player(), rng.choice(s.legal_actions())
            req = s.stack[-1]
            s.apply(a)
            o = s.observation(p)
            if isinstance(a, Sell) and isinstance(req, SaleLoop):
                row = o.retailer if req.room == data.RETAILER else o.wholesaler
                code = a.as_type * 4 + (data.GOLD if a.gold else a.as_type)
                assert row[req.sold] == code
                sold += 1
            if isinstance(a, Apprentice):
                k = 3 * (a.room - 1)
                assert {p * 2, p * 2 + 1} & set(o.chairs[k:k + 3])
                seated += 1
        if sold and seated:
            break
    assert sold and seated
