"""The game's fixed data for bots (Game.static_data, sent in `reset`), built from data.py:
person tiles, cards, action cards, events, privileges, scoring, Great Wall, Great Events."""

from __future__ import annotations

from typing import Any

from engine.games.year_of_the_dragon import data as D

#: what each action card does (rules §5.1.3); "symbols" = of the person type it names
ACTION_EFFECT = {
    D.TAXES: f"+{D.TAXES_CARD_COINS} yuan + 1 per coin on own tax collectors",
    D.BUILD: f"{D.CARD_SYMBOL} floor + 1 per hammer on own craftsmen, placed one at a time "
             f"(on palaces below {D.MAX_FLOORS} floors or as new 1-floor palaces)",
    D.HARVEST: f"+{D.CARD_SYMBOL} rice + 1 per rice sack on own farmers",
    D.FIREWORKS: f"+{D.CARD_SYMBOL} fireworks + 1 per rocket on own pyrotechnists",
    D.MILITARY_PARADE: f"person track +{D.CARD_SYMBOL} + 1 per helmet on own warriors",
    D.RESEARCH: f"+{D.CARD_SYMBOL} VP + 1 per book on own scholars",
    D.PRIVILEGE: f"buy one privilege: small {D.SMALL_PRIVILEGE_COST} yuan, large "
                 f"{D.LARGE_PRIVILEGE_COST} yuan ({D.LARGE_PRIVILEGE_COST_ORIGINAL} with "
                 "original_privilege)",
    D.BUILD_WALL: "Great Wall only: use one own unused wall tile: gain its bonus, the tile "
                  "extends the wall",
}

#: the monthly events (rules §5.3), resolved in turn order at the end of their round
EVENT_EFFECT = {
    D.PEACE: "nothing happens",
    D.IMPERIAL_TRIBUTE: f"pay {D.TRIBUTE_YUAN} yuan; release 1 person per missing yuan",
    D.DROUGHT: "pay 1 rice per inhabited palace; from each unsupplied palace (owner's "
               "choice) release 1 person",
    D.DRAGON_FESTIVAL: f"most fireworks (> 0) +{D.FESTIVAL_FIRST_VP} VP, second most "
                       f"+{D.FESTIVAL_SECOND_VP} VP (ties share the rank); each scorer "
                       "returns half (rounded up) of its fireworks",
    D.MONGOL_INVASION: "+1 VP per helmet on own warriors; the players with the fewest "
                       "helmets release 1 person each (with the Great Wall: then the wall "
                       "check, §7)",
    D.CONTAGION: f"release {D.CONTAGION_RELEASES} persons, 1 fewer per mortar on own healers",
}

#: the Great Events (rules §8), resolved in round 7 after the event, before decay
GREAT_EVENT_EFFECT = {
    D.LANTERN_FESTIVAL: f"+{D.LANTERN_VP_PER_PERSON} VP per own person",
    D.BUDDHA: "each monk scores its Buddhas x its palace's floors in VP (as at the end)",
    D.EARTHQUAKE: f"remove {D.EARTHQUAKE_FLOORS} own floors (a palace at 0 goes with its "
                  "persons); then release persons from palaces with more persons than floors",
    D.FLOOD: "discard half (rounded down) of own yuan + rice + fireworks, one item at a time",
    D.SOLAR_ECLIPSE: "the round-7 event happens a second time (no wall check)",
    D.VOLCANIC_ERUPTION: "every person-track marker goes back to space 0, keeping the "
                         "current turn order",
    D.TORNADO: f"discard {D.TORNADO_CARDS} person cards",
    D.SUNRISE: "in turn order each takes a young person of a type nobody took in this "
               "Sunrise (placed as a recruit; the marker moves)",
    D.ASSASSINATION_ATTEMPT: "every privilege is lost",
    D.EDICT: "each chooses a person type in own palaces and gains its edict benefit "
             "(static person_types[k].edict)",
}


def _tile(t: int) -> dict[str, Any]:
    return {"tile": t, "type": D.TILE_TYPE[t], "old": D.TILE_OLD[t], "exists": D.TILE_EXISTS[t],
            "name": D.tile_name(t) if D.TILE_EXISTS[t] else "",
            "value": D.TILE_VALUE[t], "symbols": D.TILE_SYMBOLS[t]}


def _action_cards() -> list[dict[str, Any]]:
    driver = D.ACTION_PERSON_TYPE
    return [{"card": c, "name": D.ACTION_NAMES[c], "person_type": driver.get(c, -1),
             "card_symbols": (D.TAXES_CARD_COINS if c == D.TAXES else D.CARD_SYMBOL)
             if c in driver else 0, "effect": ACTION_EFFECT[c]}
            for c in range(len(D.ACTION_NAMES))]


def static_data() -> dict[str, Any]:
    """Every table a bot needs, for every player count and option (keyed where it differs)."""
    players = range(2, 6)
    return {
        "person_types": [
            {"type": k, "name": D.PERSON_TYPE_NAMES[k], "symbol": D.PERSON_SYMBOL[k],
             "single_level": k in D.SINGLE_LEVEL, "young_tile": D.tile_of(k, False),
             "old_tile": D.tile_of(k, True) if k not in D.SINGLE_LEVEL else -1,
             "action_card": next((c for c, t in D.ACTION_PERSON_TYPE.items() if t == k), -1),
             "edict": D.EDICT_BENEFIT[k]}
            for k in range(D.NUM_TYPES)],
        "tiles": [_tile(t) for t in range(D.NUM_TILES)],
        "supply_at_start": {str(n): D.initial_supply(n) for n in players},
        "person_cards": list(D.CARD_NAMES),
        "initial_hand": list(D.INITIAL_HAND),
        "action_cards": _action_cards(),
        "group_sizes": {
            "base": {str(n): list(D.GROUP_SIZES[(len(D.BASE_ACTION_CARDS), n)])
                     for n in players},
            "great_wall": {str(n): list(D.GROUP_SIZES[(len(D.BASE_ACTION_CARDS) + 1, n)])
                           for n in players}},
        "costs": {"occupied_group_fee": D.OCCUPIED_GROUP_FEE, "money_top_up": D.MONEY_TOP_UP,
                  "small_privilege": D.SMALL_PRIVILEGE_COST,
                  "large_privilege": D.LARGE_PRIVILEGE_COST,
                  "large_privilege_original": D.LARGE_PRIVILEGE_COST_ORIGINAL,
                  "small_privilege_dragons": D.SMALL_PRIVILEGE_DRAGONS,
                  "large_privilege_dragons": D.LARGE_PRIVILEGE_DRAGONS},
        "events": [{"kind": e, "name": D.EVENT_NAMES[e], "effect": EVENT_EFFECT[e],
                    "tiles": 2 if e in D.SHUFFLED_EVENTS else 0}
                   for e in range(len(D.EVENT_NAMES))],
        "setup": {"rounds": D.ROUNDS, "start_yuan": D.START_YUAN,
                  "start_palaces": list(D.START_PALACES), "max_floors": D.MAX_FLOORS,
                  "draft_tiles": D.DRAFT_TILES, "peace_slots": [1, 2],
                  "shuffled_events": list(D.SHUFFLED_EVENTS)},
        "scoring": {"round": "each round (§5.4): 1 VP per palace, per court-lady fan and per "
                             "privilege dragon",
                    "final_vp_per_person": D.FINAL_VP_PER_PERSON,
                    "monk": "each monk: its Buddhas x its palace's floors",
                    "goods_sale_yuan": D.GOODS_SALE_YUAN,
                    "yuan_per_vp": D.YUAN_PER_FINAL_VP,
                    "tiebreak": "person track space, then the marker on top"},
        "steps": list(D.STEPS),
        "great_wall": {"bonuses": list(D.WALL_BONUS_NAMES),
                       "tiles_per_player": D.WALL_TILES_PER_PLAYER, "length": D.WALL_LENGTH,
                       "check": "after each Mongol Invasion of round r (and after the last "
                                "round's scoring, r = 12): wall length >= r -> +1 VP per "
                                "own wall tile; else the players with the fewest own tiles "
                                "release 1 person"},
        "great_events": [{"id": g, "name": D.GREAT_EVENT_NAMES[g],
                          "effect": GREAT_EVENT_EFFECT[g]}
                         for g in range(D.NUM_GREAT_EVENTS)],
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
