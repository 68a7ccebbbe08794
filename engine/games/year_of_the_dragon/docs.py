"""Field descriptions for bot authors (engine.protocol.field_docs): the observation, the
requests in its `stack` and the actions, in the rulebook's words. Codes come from data.py;
the static data (static.py) holds the tables they index."""

from __future__ import annotations

from engine.games.year_of_the_dragon import data as D


def _codes(names: tuple[str, ...]) -> str:
    return ", ".join(f"{i} {n}" for i, n in enumerate(names))


PERSON_TYPES = _codes(D.PERSON_TYPE_NAMES)
TILE_FULL = (f"person tile id 0-{D.NUM_TILES - 1} = person type * 2 + (1 if old else 0); person "
        f"types: {PERSON_TYPES}; craftsman, court lady and tax collector have only young tiles "
        "(ids 1, 3, 5 do not exist); static `tiles` gives each tile's value and symbols")
TILE = "person tile id 0-17 (= person type * 2 + 1 if old; codes at `supply`)"
CARD = (f"person card 0-{D.NUM_CARDS - 1}: 0-8 the person type of the same number, "
        f"{D.JOKER} = \"?\" (any person)")
PALACE = ("index into your own palaces (`palaces[seat]`, 0 = first; indices shift when a "
          "palace goes)")
SEAT = {"seat": "the seat that must decide"}

OBSERVATION: dict[str, str] = {
    "num_players": "number of players, 2-5",
    "great_wall": "option great_wall: the Great Wall expansion (rules §7) is in play "
                  "(Build Wall action card 7, wall tiles)",
    "original_privilege": f"option original_privilege: a large privilege costs "
                          f"{D.LARGE_PRIVILEGE_COST_ORIGINAL} yuan instead of "
                          f"{D.LARGE_PRIVILEGE_COST} (D17)",
    "great_events": "option great_events: the Great Events expansion (rules §8) is in play; "
                    f"the Great Event is resolved in round {D.GREAT_EVENT_ROUND} after the "
                    "month's event, before decay",
    "great_event": "the Great Event on event slot 7 (rules §8): "
                   f"{_codes(D.GREAT_EVENT_NAMES)} (static `great_events`); -1 without the "
                   "expansion, and with option hidden_great_event while it lies face down "
                   f"(until round {D.GREAT_EVENT_ROUND} starts)",
    "hidden_great_event": "option hidden_great_event: the Great Event stays face down "
                          f"(`great_event` = -1) until round {D.GREAT_EVENT_ROUND}",
    "sunrise_used": "Great Event Sunrise (§8.8): bitmask of the person types already taken "
                    "in this Sunrise (bit k = person type k); 0 otherwise",
    "round": f"the round (month), 1-{D.ROUNDS}; 0 during the draft (§3.6)",
    "events": f"the event track: {D.ROUNDS} event kinds, index i = round i+1 (its event is "
              f"resolved at the end of that round, §5.3); kinds: {_codes(D.EVENT_NAMES)}. "
              "Slots 1-2 are Peace; the other 10 are 2 of each other kind, never the same "
              "kind twice in a row. All face up from the start",
    "supply": f"person tiles left in the supply, {D.NUM_TILES} counts indexed by tile id "
              f"({TILE_FULL})",
    "yuan": "yuan (money) per seat",
    "rice": "rice tokens per seat (Drought: 1 per inhabited palace, §5.3)",
    "fireworks": "fireworks tokens per seat (Dragon Festival, §5.3)",
    "vp": "victory points per seat so far (the score); the final scoring (§6) is added at "
          "the end",
    "small_privileges": f"small privileges per seat ({D.SMALL_PRIVILEGE_DRAGONS} dragon: "
                        f"{D.SMALL_PRIVILEGE_DRAGONS} VP each round scoring, §5.4)",
    "large_privileges": f"large privileges per seat ({D.LARGE_PRIVILEGE_DRAGONS} dragons: "
                        f"{D.LARGE_PRIVILEGE_DRAGONS} VP each round scoring, §5.4)",
    "track": "person track space per seat (§4): turn order is highest space first; breaks "
             "the final tie (§6)",
    "track_stamp": "per seat, when the marker last moved (value of `moves` then): on the "
                   "same space the higher stamp lies on top and goes first (§4)",
    "moves": "count of marker moves so far (source of `track_stamp`)",
    "hands": f"person cards in hand per seat: hands[seat] = {D.NUM_CARDS} counts indexed by "
             f"card ({CARD}); everyone starts with 1 of each type and 2 \"?\"; public "
             "because played cards are face up (D11)",
    "palaces": "palaces[seat] = that seat's palaces in order; each palace is a list "
               "[floors, tile, tile, ...]: its floors (1-3) then the person tiles living in it "
               f"({TILE}); persons <= floors except in the middle of an Earthquake. Start: "
               "two empty 2-floor palaces. An empty palace loses a floor at decay and goes "
               "when it had 1 floor (§5.3)",
    "drafted": "draft (§3.6): person-type pairs already taken, each coded first * 9 + second "
               "(first < second); a pair may be taken only once",
    "card_group": f"action cards this round: {len(D.ACTION_NAMES)} entries indexed by action "
                  f"card ({_codes(D.ACTION_NAMES)}), each the group 0..n-1 it was dealt to "
                  "(§5.1.1), -1 when the card is not in play (Build Wall without the Great "
                  "Wall); [] during the draft",
    "group_dragons": "dragons on each action group this round (index = group, one group per "
                     f"player); a dragon on an occupied group costs {D.OCCUPIED_GROUP_FEE} "
                     "yuan; reset to 0 after the action phase",
    "wall": f"Great Wall (§7): owner seat of each built wall tile in wall order (length <= "
            f"{D.WALL_LENGTH}; tile i lies under event slot i+1); [] without the expansion",
    "wall_used": "Great Wall: per seat, bitmask of the own wall tiles already used (bit b = "
                 f"bonus b: {_codes(D.WALL_BONUS_NAMES)}); 0 without the expansion",
    "stack": "pending decisions, the last one is decided now; each is an array "
             "[type, seat, ...fields] (see the request types)",
}



def observation(stage_names: tuple[str, ...]) -> dict[str, str]:
    """OBSERVATION with the stage codes (requests.STAGE_NAMES; requests.py imports this)."""
    return {**OBSERVATION,
            "stage": f"stage of the round (rules §5): {_codes(stage_names)}; `phase` names it"}


# --- requests (array-like: [type, seat, fields...]) --------------------------------------------
PLACE_RECRUIT = {
    **SEAT,
    "tile": f"the new person ({TILE})",
    "move": "person-track spaces the marker moves once the person is placed or replaces "
            "someone (not when discarded); in the draft the first tile has 0, the second the "
            "sum of both values",
}
LEFT_FLOORS = {**SEAT, "left": "floors still to place (one per decision)"}
CHOOSE_TILE = {**SEAT, "card": f"the person card just played ({CARD})"}
LEFT_PERSONS = {**SEAT, "left": "persons still to release (one per decision)"}
DROUGHT = {
    **SEAT,
    "left": "unsupplied palaces still to release 1 person from",
    "chosen": "bitmask of own palace indices already chosen in this Drought (bit i = palace i)",
}
LEFT_EARTHQUAKE = {**SEAT, "left": "floors still to remove (one per decision)"}
LEFT_FLOOD = {**SEAT, "left": "items (yuan, rice or fireworks) still to discard"}
LEFT_TORNADO = {**SEAT, "left": "person cards still to discard"}

# --- actions --------------------------------------------------------------------------------------
DRAFT_PAIR = {
    "first": f"the lower person type of the pair ({PERSON_TYPES}); its young tile is "
             "2 * first",
    "second": "the higher person type (first < second); its young tile is 2 * second",
}
PLACE_PERSON = {"palace": f"the palace with a free floor to put the person in ({PALACE})"}
REPLACE_PERSON = {
    "palace": f"the palace of the person released ({PALACE})",
    "tile": f"the tile of the released person ({TILE})",
}
TAKE_ACTION = {"card": f"the action card ({_codes(D.ACTION_NAMES)}); static `action_cards`"}
BUILD_FLOOR = {"palace": f"the palace to raise (< {D.MAX_FLOORS} floors; {PALACE}), or -1 "
                         "for a new 1-floor palace"}
BUY_PRIVILEGE = {"large": f"true: large ({D.LARGE_PRIVILEGE_DRAGONS} dragons, "
                          f"{D.LARGE_PRIVILEGE_COST} yuan, {D.LARGE_PRIVILEGE_COST_ORIGINAL} "
                          f"with original_privilege); false: small "
                          f"({D.SMALL_PRIVILEGE_DRAGONS} dragon, {D.SMALL_PRIVILEGE_COST} yuan)"}
PLAY_CARD = {"card": CARD}
CHOOSE_PERSON = {"tile": f"the supply tile to take ({TILE}); a type card allows the young or "
                         "old tile of its type, \"?\" any tile; Sunrise only young tiles"}
RELEASE = {
    "palace": f"the palace of the person ({PALACE})",
    "tile": f"the tile of the person released ({TILE})",
}
BUILD_WALL = {"bonus": f"own unused wall tile = its bonus: {_codes(D.WALL_BONUS_NAMES)}"}
REMOVE_FLOOR = {"palace": f"the palace losing a floor ({PALACE}); at 0 floors it goes with "
                          "its persons"}
DISCARD_GOODS = {"good": "0 = 1 yuan, 1 = 1 rice, 2 = 1 fireworks"}
DISCARD_CARD = {"card": CARD}
EDICT = {"person_type": f"a person type present in own palaces ({PERSON_TYPES}); static "
                        "`person_types` gives each edict benefit"}
