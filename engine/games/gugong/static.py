"""Gugong's fixed data for bots (registry `Game.static_data`, sent in `reset`), built from the
engine's own tables (data.py, automa_data.py, words.py) so it cannot drift from the rules the
engine plays. Values tagged [reconstructed] in data.py are the ones the engine uses."""

from __future__ import annotations

from typing import Any

from engine.games.gugong import automa_data, data
from engine.games.gugong.automa import PARTS
from engine.games.gugong.words import CARD_ACTION_WORDS, OPTION_A, OPTION_B

#: what each token exchange gives (rules §8; effects.do_trade)
_EXCHANGE_GAIN = {data.EXCHANGE_SERVANT: "1 servant", data.EXCHANGE_VP: "2 VP",
                  data.EXCHANGE_JADE: "1 jade"}
#: the Intrigue rewards (rules §5.2 step 2; wall.reward_apply), by steps given back
_INTRIGUE_GAIN = dict(zip(data.INTRIGUE_REWARDS, ("1 servant", "2 servants", "turn one Destiny "
                                               "die to any face", "1 jade"), strict=True))
_LOCATION_OPTIONS = {data.JADE: ("buy 1 jade: a roof space or, when all are empty, the market",
                              ""),
                     data.DECREES: ("take a decree: pay its cost and put 1 more servant on it",
                                 "")}


def _locations() -> list[dict[str, Any]]:
    out = []
    for loc, name in enumerate(data.LOCATIONS):
        a, b = _LOCATION_OPTIONS.get(loc, (OPTION_A[loc], OPTION_B[loc]))
        out.append({"id": loc, "name": name, "option_a": a,
                    "option_b": b.replace("{}", "2 (1 with D2a)")})
    return out


def _cities() -> list[dict[str, Any]]:
    return [{"id": c, "name": data.CITY_NAMES[c], "column": c % 5, "row": c // 5,
             "roads": list(data.ROADS[c])} for c in range(data.NUM_CITIES)]


def _by_players(n: int) -> dict[str, Any]:
    colours = 2 if n == 1 else n
    return {"colours": colours, "wall_size": data.WALL_SIZE[n], "canal_paths": data.CANAL_PATHS[n],
            "path_names": list(data.PATH_NAMES[data.CANAL_PATHS[n]]),
            "starting_sets": "by option card_sets" if n == 1 else
            [f"P{k + 1}" for k in range(n)],
            "draw_pile": len(data.DRAW_CARDS),
            "draw_pile_advanced": (None if n == 1
                                   else len(data.DRAW_CARDS) + len(data.unused_sets(n)))}


def static_data() -> dict[str, Any]:
    """Every table a bot needs, keyed by name (described in STATIC_DOCS)."""
    return {
        "locations": _locations(),
        "cards": [{"id": c, "name": data.CARD_NAMES[c], "value": data.CARD_VALUE[c],
                   "action": data.CARD_ACTION[c], "set": data.CARD_SET[c]}
                  for c in range(data.NUM_CARDS)],
        "card_actions": [{"id": a, "name": data.CARD_ACTIONS[a], "text": CARD_ACTION_WORDS[a],
                          "location": data.ACTION_LOCATION.get(a, -1)}
                         for a in range(len(data.CARD_ACTIONS))],
        "starting_sets": [list(s) for s in data.STARTING_SETS],
        "board_cards": list(data.BOARD_CARDS),
        "draw_cards": list(data.DRAW_CARDS),
        "cities": _cities(),
        "tokens": [{"id": t, "name": data.TOKEN_NAMES[t], "text": data.TOKEN_TEXT[t],
                    "units": data.token_units(t), "base_count": data.BASE_TOKENS.get(t, 0),
                    "bonus_count": data.BONUS_TOKENS.get(t, 0)}
                   for t in range(len(data.TOKEN_NAMES))],
        "travel": {"map_tokens": data.MAP_TOKENS, "storage": data.TOKEN_STORAGE,
                   "exchanges": [{"units": u, "gain": _EXCHANGE_GAIN[u]} for u in data.EXCHANGES]},
        "decrees": [{"id": t, "name": data.DECREE_NAMES[t], "level": data.DECREE_LEVEL[t],
                     "cost": data.DECREE_COST[t], "vp": data.DECREE_VP[t],
                     "text": data.DECREE_TEXT[t]}
                    for t in range(len(data.DECREE_NAMES))],
        "jade": {"house_costs": list(data.HOUSE_COSTS), "market": data.MARKET,
                 "market_cost": data.MARKET_COST,
                 "points": [data.jade_points(n) for n in range(len(data.JADE_POINTS))],
                 "points_per_jade_above": data.JADE_EXTRA},
        "palace": {"inside": data.PALACE_INSIDE, "slots": list(data.PALACE_SLOTS)},
        "intrigue": {"max": data.INTRIGUE_MAX,
                     "rewards": [{"steps": k, "gain": _INTRIGUE_GAIN[k]}
                                 for k in data.INTRIGUE_REWARDS]},
        "canal": {"harbors": data.HARBORS, "ships": data.SHIPS, "ship_capacity": data.SHIP_CAPACITY,
                  "harbor_rewards": [list(r) for r in data.HARBOR_REWARDS],
                  "reward_names": list(data.REWARD_NAMES),
                  "reward_spaces": list(data.REWARD_SPACES),
                  "harbor_vp": data.HARBOR_VP},
        "game": {"days": data.DAYS, "dice": data.DICE, "servants": data.SERVANTS,
                 "start_pool": data.START_POOL,
                 "day_income": {str(d): k for d, k in data.DAY_INCOME.items()},
                 "dice_majority_vp": data.MAJORITY_VP, "wall_vp": data.WALL_VP,
                 "max_die": data.MAX_DIE},
        "by_players": {str(n): _by_players(n) for n in sorted(data.WALL_SIZE)},
        "solo": {"meng": automa_data.MENG, "levels": list(automa_data.LEVELS),
                 "automa_cards": [{"id": a, "name": automa_data.AUTOMA_NAMES[a], "location": loc}
                                  for a, loc in enumerate(automa_data.AUTOMA_CARDS)],
                 "special": automa_data.SPECIAL,
                 "cards_in_play": {lvl: len(automa_data.automa_cards(k + 1))
                                   for k, lvl in enumerate(automa_data.LEVELS)},
                 "perimeter": list(automa_data.PERIMETER),
                 "night_matches": {str(d): k for d, k in automa_data.NIGHT_MATCHES.items()},
                 "card_claims": {automa_data.LEVELS[k - 1]: v
                                 for k, v in automa_data.CARD_CLAIMS.items()},
                 "dusk_travel_cost": automa_data.DUSK_TRAVEL_COST,
                 "dusk_intrigue_steps": automa_data.DUSK_INTRIGUE_STEPS,
                 "jade_units": automa_data.MENG_JADE_UNITS, "score_parts": list(PARTS)},
    }


STATIC_DOCS: dict[str, str] = {
    "locations": "the 7 locations by id (index of `board`; rules §5): name and what option A "
                 "and B do (B costs the servants named; Jade and Decrees are purchases)",
    "cards": "the 38 gift cards by id (rules §6, D1): name G01-G38, printed value 1-9, "
             "action (an index of `card_actions`) and set: BOARD (on the locations at "
             "set-up), DRAW (draw pile), P1-P5 (starting sets)",
    "card_actions": "gift card actions by code: name, text, and the location whose option A "
                    "it performs (-1: none; SERV1/SERV2 gain servants automatically, SWAP "
                    "swaps an own card with a board card)",
    "starting_sets": "the 5 starting sets P1-P5 as card ids (values sum to 20); seat "
                     "(f + k) mod n gets P(k+1), f = Day 1's `first` (solo: option "
                     "card_sets)",
    "board_cards": "card ids dealt onto the 7 locations in the base set-up (advanced: from "
                   "the mixed deck)",
    "draw_cards": "card ids of the base draw pile (advanced: mixed with BOARD and the unused "
                  "starting sets)",
    "cities": "the 20 travel-map cities by id (`cities`, `traveller`, MoveTo.city): name "
              "C01-C20, grid column 0-4 and row 0-3, and the ids it has roads to (rules "
              "§5.1, D2)",
    "tokens": "travel token types by id (rules §8, D3): name, reward text, exchange units, "
              "how many are in play without / added with option bonus_travel (12-14: §12)",
    "travel": "map_tokens face up at set-up, storage spaces per player, and the token "
              "exchanges (units -> gain, rules §8)",
    "decrees": "the 15 decree tiles by id (`decrees`; rules §5.6, D4): level 1-3, printed "
               "cost, immediate VP and effect (level 1 each Morning, level 2 lasting, level "
               "3 at the end)",
    "jade": "Jade (rules §5.3, §10.4): roof space costs (BuyJade.space 0-5), the market "
            "index and cost, end points by jade owned (index = jade 0-5) plus "
            "points_per_jade_above for each beyond 5",
    "palace": "Palace track (rules §5.5): the Envoy position that is inside, and the VP "
              "slots taken in entry order",
    "intrigue": "Intrigue track top position and the Intrigue rewards at a completed Wall "
                "section (steps given back -> gain, rules §5.2)",
    "canal": "Grand Canal (rules §5.7, D8): harbors per path, ships per player, ship "
             "capacity in units, the reward kinds each harbor index offers (0 = 4 VP, 1 = "
             "gift card, 2 = Foreman), reward names, spaces per kind, VP of kind 0",
    "game": "Days, Destiny dice, servants per player and in the starting pool, Morning "
            "income by Day, VP of the dice and Wall majorities, highest die face",
    "by_players": "by player count (\"1\"-\"5\"): colours in per-colour lists (solo: you and "
                  "Meng), Wall section size in units, canal paths and their names, starting "
                  "sets used, draw pile size (base and advanced; advanced is not for solo)",
    "solo": "the solo game (rules §13): Meng's colour index, levels (automa = index + 1), "
            "Automa cards by id with their location (special = the focus location), cards "
            "in play per level, Meng's perimeter route (city ids), his Night matches by "
            "Day, his Harbor card claims per level, Dusk costs, jade exchange units, and "
            "the parts of `meng_parts`",
}
