"""The game's fixed data for bots (Game.static_data, sent in `reset`), built from data.py:
person tiles, cards, action cards, events, privileges, scoring, Great Wall, Great Events."""

from __future__ import annotations

from typing import Any

from engine.games.year_of_the_dragon import data

#: what each action card does (rules §5.1.3); "symbols" = of the person type it names
ACTION_EFFECT = {
    data.TAXES: f"+{data.TAXES_CARD_COINS} yuan + 1 per coin on own tax collectors",
    data.BUILD: f"{data.CARD_SYMBOL} floor + 1 per hammer on own craftsmen, placed one at a time "
             f"(on palaces below {data.MAX_FLOORS} floors or as new 1-floor palaces)",
    data.HARVEST: f"+{data.CARD_SYMBOL} rice + 1 per rice sack on own farmers",
    data.FIREWORKS: f"+{data.CARD_SYMBOL} fireworks + 1 per rocket on own pyrotechnists",
    data.MILITARY_PARADE: f"person track +{data.CARD_SYMBOL} + 1 per helmet on own warriors",
    data.RESEARCH: f"+{data.CARD_SYMBOL} VP + 1 per book on own scholars",
    data.PRIVILEGE: f"buy one privilege: small {data.SMALL_PRIVILEGE_COST} yuan, large "
                 f"{data.LARGE_PRIVILEGE_COST} yuan ({data.LARGE_PRIVILEGE_COST_ORIGINAL} with "
                 "original_privilege)",
    data.BUILD_WALL: "Great Wall only: use one own unused wall tile: gain its bonus, the tile "
                  "extends the wall",
}

#: the monthly events (rules §5.3), resolved in turn order at the end of their round
EVENT_EFFECT = {
    data.PEACE: "nothing happens",
    data.IMPERIAL_TRIBUTE: f"pay {data.TRIBUTE_YUAN} yuan; release 1 person per missing yuan",
    data.DROUGHT: "pay 1 rice per inhabited palace; from each unsupplied palace (owner's "
               "choice) release 1 person",
    data.DRAGON_FESTIVAL: f"most fireworks (> 0) +{data.FESTIVAL_FIRST_VP} VP, second most "
                       f"+{data.FESTIVAL_SECOND_VP} VP (ties share the rank); each scorer "
                       "returns half (rounded up) of its fireworks",
    data.MONGOL_INVASION: "+1 VP per helmet on own warriors; the players with the fewest "
                       "helmets release 1 person each (with the Great Wall: then the wall "
                       "check, §7)",
    data.CONTAGION: f"release {data.CONTAGION_RELEASES} persons, 1 fewer per mortar on own healers",
}

#: the Great Events (rules §8), resolved in round 7 after the event, before decay
GREAT_EVENT_EFFECT = {
    data.LANTERN_FESTIVAL: f"+{data.LANTERN_VP_PER_PERSON} VP per own person",
    data.BUDDHA: "each monk scores its Buddhas x its palace's floors in VP (as at the end)",
    data.EARTHQUAKE: f"remove {data.EARTHQUAKE_FLOORS} own floors (a palace at 0 goes with its "
                  "persons); then release persons from palaces with more persons than floors",
    data.FLOOD: "discard half (rounded down) of own yuan + rice + fireworks, one item at a time",
    data.SOLAR_ECLIPSE: "the round-7 event happens a second time (no wall check)",
    data.VOLCANIC_ERUPTION: "every person-track marker goes back to space 0, keeping the "
                         "current turn order",
    data.TORNADO: f"discard {data.TORNADO_CARDS} person cards",
    data.SUNRISE: "in turn order each takes a young person of a type nobody took in this "
               "Sunrise (placed as a recruit; the marker moves)",
    data.ASSASSINATION_ATTEMPT: "every privilege is lost",
    data.EDICT: "each chooses a person type in own palaces and gains its edict benefit "
             "(static person_types[k].edict)",
}


def _tile(t: int) -> dict[str, Any]:
    return {"tile": t, "type": data.TILE_TYPE[t], "old": data.TILE_OLD[t],
            "exists": data.TILE_EXISTS[t],
            "name": data.tile_name(t) if data.TILE_EXISTS[t] else "",
            "value": data.TILE_VALUE[t], "symbols": data.TILE_SYMBOLS[t]}


def _action_cards() -> list[dict[str, Any]]:
    driver = data.ACTION_PERSON_TYPE
    return [{"card": c, "name": data.ACTION_NAMES[c], "person_type": driver.get(c, -1),
             "card_symbols": (data.TAXES_CARD_COINS if c == data.TAXES else data.CARD_SYMBOL)
             if c in driver else 0, "effect": ACTION_EFFECT[c]}
            for c in range(len(data.ACTION_NAMES))]


def static_data() -> dict[str, Any]:
    """Every table a bot needs, for every player count and option (keyed where it differs)."""
    players = range(2, 6)
    return {
        "person_types": [
            {"type": k, "name": data.PERSON_TYPE_NAMES[k], "symbol": data.PERSON_SYMBOL[k],
             "single_level": k in data.SINGLE_LEVEL, "young_tile": data.tile_of(k, False),
             "old_tile": data.tile_of(k, True) if k not in data.SINGLE_LEVEL else -1,
             "action_card": next((c for c, t in data.ACTION_PERSON_TYPE.items() if t == k), -1),
             "edict": data.EDICT_BENEFIT[k]}
            for k in range(data.NUM_TYPES)],
        "tiles": [_tile(t) for t in range(data.NUM_TILES)],
        "supply_at_start": {str(n): data.initial_supply(n) for n in players},
        "person_cards": list(data.CARD_NAMES),
        "initial_hand": list(data.INITIAL_HAND),
        "action_cards": _action_cards(),
        "group_sizes": {
            "base": {str(n): list(data.GROUP_SIZES[(len(data.BASE_ACTION_CARDS), n)])
                     for n in players},
            "great_wall": {str(n): list(data.GROUP_SIZES[(len(data.BASE_ACTION_CARDS) + 1, n)])
                           for n in players}},
        "costs": {"occupied_group_fee": data.OCCUPIED_GROUP_FEE, "money_top_up": data.MONEY_TOP_UP,
                  "small_privilege": data.SMALL_PRIVILEGE_COST,
                  "large_privilege": data.LARGE_PRIVILEGE_COST,
                  "large_privilege_original": data.LARGE_PRIVILEGE_COST_ORIGINAL,
                  "small_privilege_dragons": data.SMALL_PRIVILEGE_DRAGONS,
                  "large_privilege_dragons": data.LARGE_PRIVILEGE_DRAGONS},
        "events": [{"kind": e, "name": data.EVENT_NAMES[e], "effect": EVENT_EFFECT[e],
                    "tiles": 2 if e in data.SHUFFLED_EVENTS else 0}
                   for e in range(len(data.EVENT_NAMES))],
        "setup": {"rounds": data.ROUNDS, "start_yuan": data.START_YUAN,
                  "start_palaces": list(data.START_PALACES), "max_floors": data.MAX_FLOORS,
                  "draft_tiles": data.DRAFT_TILES, "peace_slots": [1, 2],
                  "shuffled_events": list(data.SHUFFLED_EVENTS)},
        "scoring": {"round": "each round (§5.4): 1 VP per palace, per court-lady fan and per "
                             "privilege dragon",
                    "final_vp_per_person": data.FINAL_VP_PER_PERSON,
                    "monk": "each monk: its Buddhas x its palace's floors",
                    "goods_sale_yuan": data.GOODS_SALE_YUAN,
                    "yuan_per_vp": data.YUAN_PER_FINAL_VP,
                    "tiebreak": "person track space, then the marker on top"},
        "steps": list(data.STEPS),
        "great_wall": {"bonuses": list(data.WALL_BONUS_NAMES),
                       "tiles_per_player": data.WALL_TILES_PER_PLAYER, "length": data.WALL_LENGTH,
                       "check": "after each Mongol Invasion of round r (and after the last "
                                "round's scoring, r = 12): wall length >= r -> +1 VP per "
                                "own wall tile; else the players with the fewest own tiles "
                                "release 1 person"},
        "great_events": [{"id": g, "name": data.GREAT_EVENT_NAMES[g],
                          "effect": GREAT_EVENT_EFFECT[g]}
                         for g in range(data.NUM_GREAT_EVENTS)],
    }


STATIC_DOCS: dict[str, str] = {
    "person_types": "the 9 person types by code (§10.1): name, the symbol on its tiles, "
                    "single_level (no old tile), young_tile and old_tile ids (-1: none), "
                    "the action card its symbols add to (-1: none; court ladies score 1 VP "
                    "per fan each round, monks at the end, healers protect from Contagion), "
                    "and its Edict benefit (§8.10)",
    "tiles": "the 18 tile ids (type * 2 + old): type, old, exists (false for the old "
             "craftsman, court lady and tax collector), name, value (person-track spaces "
             "gained when placed) and symbols (count of its type's symbol)",
    "supply_at_start": "supply by player count (\"2\"..\"5\"): tiles per tile id at setup",
    "person_cards": "names of person cards 0-9 (0-8 = person type, 9 = \"?\" any person)",
    "initial_hand": "each player's starting hand: count per person card 0-9",
    "action_cards": "action cards by code (§5.1, §10.2): name, person_type whose symbols add "
                    "to it (-1: none), card_symbols printed on the card, effect",
    "group_sizes": "sizes of the action groups dealt each round by player count: `base` (7 "
                   "cards) and `great_wall` (8 cards, with Build Wall)",
    "costs": "yuan prices: extra fee for a dragon on an occupied group, the Money top-up "
             "amount, privileges (large_privilege_original with option original_privilege) "
             "and their dragons (= VP per round)",
    "events": "event kinds by code (§5.3): name, effect, tiles = how many are shuffled onto "
              "slots 3-12",
    "setup": "rounds, starting yuan, starting palaces (floors each), max floors per palace, "
             "tiles drafted, the Peace slots and the 10 shuffled event tiles",
    "scoring": "round scoring (§5.4) and final scoring (§6): VP per person, monks, goods sold "
               "for yuan each, yuan per VP, tie-break",
    "steps": "names of the `step` codes",
    "great_wall": "Great Wall (option great_wall, §7): wall tile bonuses by code (bit b of "
                  "wall_used), tiles per player, wall length, the wall check",
    "great_events": "Great Events (option great_events, §8) by code (`great_event`): name, "
                    "effect in round 7",
}
