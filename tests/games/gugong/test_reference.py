"""The bot author's reference (docs.py, static.py): every field and static key described, the
static tables equal the engine's, and coded values in real observations decode as described."""

from __future__ import annotations

import json
import random
import re

import msgspec
import pytest

import engine
from bots.external import static_data
from engine.games.gugong import automa_data, data, docs
from engine.games.gugong.state import GugongObservation
from engine.protocol import field_docs

GAMES = ((1, {}), (2, {"advanced": True}), (3, {"bonus_travel": True}), (4, {}), (5, {}))


def test_static_tables_are_the_engine_tables() -> None:
    static = static_data("gugong")
    cards = static["cards"]
    assert [c["value"] for c in cards] == list(data.CARD_VALUE)
    assert [c["action"] for c in cards] == list(data.CARD_ACTION)
    assert [static["card_actions"][c["action"]]["name"] for c in cards][10] == "SWAP"  # G11
    assert all(sum(cards[c]["value"] for c in s) == 20 for s in static["starting_sets"])
    cities = static["cities"]
    assert all(a["id"] in cities[b]["roads"] for a in cities for b in a["roads"])  # symmetric
    assert all(abs(a["row"] - cities[b]["row"]) + abs(a["column"] - cities[b]["column"]) == 1
               for a in cities for b in a["roads"])
    assert sum(t["base_count"] for t in static["tokens"]) == 32
    assert [t["units"] for t in static["tokens"]][data.T_DOUBLE] == 2
    assert [d["vp"] for d in static["decrees"]] == list(data.DECREE_VP)
    assert static["jade"]["points"] == [data.jade_points(n) for n in range(6)]
    assert static["canal"]["harbor_rewards"][4] == [data.R_VP, data.R_CARD, data.R_FOREMAN]
    assert [static["solo"]["automa_cards"][a]["location"] for a in range(11)] == list(
        automa_data.AUTOMA_CARDS)
    for n in range(2, 6):
        start = engine.make("gugong", n, 3, advanced=True).observation(0)
        assert start.draw_size == static["by_players"][str(n)]["draw_pile_advanced"]
        assert len(start.vp) == static["by_players"][str(n)]["colours"]
    assert len(engine.make("gugong", 1, 3).observation(0).vp) == 2


def test_descriptions_name_the_codes_the_engine_uses() -> None:
    obs = field_docs(GugongObservation)
    assert "3 on the Great Wall, 4 + k on own ship k" in obs["foreman"]
    assert "seat * 3 + k" in obs["seen"]
    assert "7 solo only" in obs["step"]
    assert "1 easy, 2 normal, 3 hard" in obs["automa"]
    assert docs.ACTIONS["Claim"]["reward"].startswith(f"{data.R_VP} = 4 VP, {data.R_CARD} = ")


def _play(n: int, opts: dict, seed: int):
    """The observations of every seat at each decision of one random game; at the end the
    final observation is checked (step 6, phase "over")."""
    state = engine.make("gugong", n, seed, **opts)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield [state.observation(p) for p in range(n)]
        state.apply(rng.choice(state.legal_actions()))
    final = state.observation(0)
    assert (final.step, final.phase, final.current_player, final.stack) == (6, "over", -4, [])


@pytest.mark.parametrize(("n", "opts"), GAMES)
def test_observations_decode_as_described(n: int, opts: dict) -> None:
    statics = static_data("gugong")
    for observations in _play(n, opts, 11):
        for o in observations:
            top = o.stack[-1]
            assert o.phase == type(top).__name__ and o.current_player == top.seat
            expected = {"NightGain": 1, "MorningDecree": 4, "FinalTrades": 5}
            assert o.step == expected.get(o.phase, o.step) and o.step in (0, 1, 3, 4, 5, 7)
            assert o.step != 7 or n == 1  # Meng's Dusk
            colours = statics["by_players"][str(n)]["colours"]
            assert len(o.vp) == colours and len(o.ship_harbor) == 3 * colours
            for p in range(colours):
                f = o.foreman[p]
                if f >= 4:  # on own ship f - 4, which is on the canal
                    assert o.ship_harbor[p * 3 + f - 4] >= 0
                if f == 0:  # locked: the Foreman reward not claimed
                    assert o.rewards[p * 3 + data.R_FOREMAN] == 0
                if o.envoy[p] == statics["palace"]["inside"]:
                    assert o.palace_slot[p] in statics["palace"]["slots"]
                else:
                    assert o.palace_slot[p] == 0
            for i, h in enumerate(o.ship_harbor):
                assert (h < 0) == (o.ship_path[i] < 0)
                assert o.ship_path[i] < statics["by_players"][str(n)]["canal_paths"]
            for slot, tile in enumerate(o.decrees):
                assert statics["decrees"][tile]["level"] == slot // 2 + 1
            me = o.seat
            for c, v in enumerate(o.seen):  # what the others know of my cards is true
                if v == me * 3 + 0:
                    assert c in o.hand
                elif v == me * 3 + 1:
                    assert c in o.discard
                elif v == me * 3 + 2:
                    assert c in o.hand or c in o.discard
            assert all(t == -1 or 0 <= t < len(statics["tokens"]) for t in o.cities)
            if n == 1:
                assert o.automa == 2 and 0 <= o.focus < 7
            else:
                assert o.automa == 0 and o.focus == -1 and o.box == []
            assert o.bonus == bool(opts.get("bonus_travel")) or not o.bonus_active
            for b in o.bonus_active:
                assert (b.loc == -1) == (b.token == data.B_PLUS1)
        json.loads(msgspec.json.encode(observations[0]))


def test_static_names_in_descriptions_exist() -> None:
    """Every "static `key.sub`" a description names is in the static data."""
    static = static_data("gugong")
    texts = list(field_docs(GugongObservation).values()) + list(docs.BONUS_IN_PLAY.values())
    texts += [v for table in (docs.REQUESTS, docs.ACTIONS) for d in table.values()
              for v in d.values()]
    names = {m for t in texts for m in re.findall(r"static `([^`]+)`", t)}
    assert {"cards", "locations", "by_players[n].wall_size", "solo.perimeter"} <= names
    for name in names:
        node: object = static
        for part in name.replace("[n]", ".2").replace("[h]", "").split("."):
            node = node[part]  # type: ignore[index]
