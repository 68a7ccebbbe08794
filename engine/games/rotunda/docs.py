"""What every field a Rotunda bot reads or writes means (`FIELD_DOCS`, engine.protocol
.field_docs): the observation (state.py), the actions and the requests (actions.py).

Codes used throughout: cube types 0 Tea, 1 Fruit, 2 Celadon, 3 Gold (static `cube_names`);
room nodes 0 Lodge, 1-5 inner rooms I1-I5, 6-11 outer rooms O1-O6 (static `nodes`); room
kinds 0-13 (static `rooms`); Order ids 0-19, Expert ids 0-23, amulet types 0-10 (A1-A11),
Smuggler ids 0-9: indexes into static `orders`, `experts`, `amulet_tokens`, `smugglers`.
"""

from __future__ import annotations

_PER_SEAT = "one list per seat (index = seat)"

OBSERVATION = {
    "stack": "the pending decisions, oldest first: the last entry is the decision being taken "
             "now (its name is `phase`); each is an array [type, seat, fields...] (see "
             "Pending decisions). Cleanup, ReturnChain, EndTurn and NeutralCleanup are "
             "automatic steps, never asked",
    "num_players": "number of seats, 2-5",
    "first": "the first player's seat (§3 step 11); turns go clockwise, seat + 1",
    "lodge": "the staircase the Ancestral Lodge covers: 0 SA (default), 1 SB, 2 SC (§4.1, "
             "§4.3; chosen at set-up with the `lodge_variant` option); it selects static "
             "`successors[str(lodge)]`",
    "rooms": "12 entries, one per room node 0-11: the room kind there (static `rooms`: 0 "
             "Supplier, 1 Harbour, 2 Market, 3 Experts' Room, 4 Banker, 5 Tea House, 6 "
             "Retailer, 7 Wholesaler, 8 Bank, 9 Black Market, 10 Trading Post, 11 Guild Hall, "
             "12 Warehouse, 13 Ancestral Lodge). Node 0 is always 13 and nodes 1-5 always "
             "0-4; large tiles 10-12 lie on O1, O3, O5, three of the small tiles 5-9 on O2, "
             "O4, O6 (§3 step 1)",
    "leaders": "the room node of each family leader, index seat * k + j, k = leaders per "
               "seat (static `leaders_per_seat`: 2, or 1 with 5 players); all start in the "
               "Lodge (0); the neutral leaders are in `neutrals`",
    "coins": "coins held, one per seat (coins are unlimited, §2)",
    "vp": "each seat's score-track VP so far (index = seat); the final score adds (§8) "
          "amulet sets, fulfilled Orders' VP, the uncovered Assistant track, 1 per chair or "
          "village Assistant and (coins + cubes + supply Assistants) // 3, and with "
          "`advanced_experts` the Experts' back points (§11)",
    "cubes": "cubes held, per seat and type: index seat * 4 + type (0 Tea, 1 Fruit, "
             "2 Celadon, 3 Gold); Gold may be paid or sold as any basic cube (§5)",
    "supply_discs": "Assistants in each seat's personal supply (index = seat); each scores "
                    "as 1 coin at the end (§8.5)",
    "track": "Assistants on each seat's Assistant track (index = seat), 9 at the start. A "
             "Recruit takes the leftmost one; the uncovered spaces score the first "
             "9 - track values of static `assistant_track` (§6, §8.3); a Fire puts one back "
             "(above 9 they stack)",
    "chairs": "15 chairs of the inner rooms: inner room node n (1-5) owns indexes "
              "3 * (n - 1) .. 3 * (n - 1) + 2; -1 free, else seat * 2 + elder (elder 0 young "
              "side, 1 elder side; elders never leave)",
    "villages": "Assistants in the 6 villages V1-V6 per seat: index village * num_players "
                "+ seat",
    "peddler": "the village (0-5 = V1-V6) holding the Peddler tile; it moves clockwise, "
               "(v + k) % 6",
    "worship": "elders on the 4x4 worship board per seat and cell: index seat * 16 + cell, "
               "cell = row * 4 + column (0 = top-left, where every chain starts); 1 = the "
               "seat's elder lies there (a free link of its chains, §7)",
    "amulet_spaces": "6 worship-board amulet spaces: 0-2 RA1-RA3 (right edge of rows 1-3), "
                     "3-5 BA1-BA3 (bottom edge of columns 1-3); the amulet type there, -1 "
                     "taken (never refilled, §7 step 4)",
    "end_amulet": "the amulet type on the round track's end space; -1 once taken (the end "
                  "has been triggered, §8)",
    "round": "the round marker, 0-12; Honour advances it 1; reaching static "
             "`end_space[str(num_players)]` takes `end_amulet` and triggers the end",
    "temples": "4 temples TP1-TP4 (static `temples`): 1 face up (can be prayed at), 0 "
               "used for good (§7 Pray)",
    "market": "the Market's 3 icons by type sold (0 Tea, 1 Fruit, 2 Celadon): the cube "
              "lying there (0-3, 3 = a Gold sold as that type), -1 uncovered (R3)",
    "retailer": "the Retailer's 3 icons left to right: as_type * 4 + actual cube (actual 3 "
                "= Gold), -1 uncovered; all sold types must differ (R7). Empty list when "
                "the tile is not on the board",
    "wholesaler": "the Wholesaler's 3 icons, coded as `retailer`; all sold types must be "
                  "identical (R8). Empty list when the tile is not on the board",
    "warehouse": "cubes in the Warehouse by type (0 Tea, 1 Fruit, 2 Celadon), 0 or 1 each; "
                 "refilled from the supply at the end of step 3",
    "banker": "coins lying in the Banker room (R5); Tea House payments go here; 3 are "
              "added when it is empty at the end of step 3",
    "supply": "the general supply by cube type (0 Tea, 1 Fruit, 2 Celadon, 3 Gold); a gain "
              "from an empty supply is lost",
    "order_pool": "face-up Order ids (0-19, static `orders`), in slot order 0-2 (the slot "
                  "of BonusOrder); shorter when the deck ran out",
    "amulet_pool": "face-up amulet types (0-10) in slot order 0-2 (BonusAmulet, Black "
                   "Market)",
    "expert_pool": "face-up Expert ids (0-23, static `experts`) in slot order 0-2 (Hire, "
                   "Experts' Room)",
    "smuggler_pool": "face-up Smuggler ids (0-9, static `smugglers`) in slot order 0-2 "
                     "(Harbour)",
    "smuggler_returned": "used Smuggler ids under the face-down stack, oldest first (they "
                         "come back in this order once the stack is empty)",
    "expert_discard": "the Expert discard pile (public): index 0 is its top card (hireable "
                      "as slot 3 with `advanced_experts`), new discards go to the end "
                      "(bottom); in the basic game it is reshuffled into an empty deck",
    "orders_open": f"{_PER_SEAT}: held, unfulfilled Order ids (public, §3 step 7)",
    "orders_done": f"{_PER_SEAT}: fulfilled Order ids: their effect acts once per turn and "
                   "their VP count at the end (§8.2, §9)",
    "experts": f"{_PER_SEAT}: held Expert ids (unused one-shots and permanents; at most 3, "
               "§9)",
    "kept": f"{_PER_SEAT}: used amulet Experts kept as amulets (their type: static "
            "`experts[e].amulet`); they do not count toward the Expert limit",
    "amulets": f"{_PER_SEAT}: amulet tokens held, as types 0-10 (repeats possible)",
    "fired": "per seat, a bit set of the once-per-turn effects used this turn: bit o = "
             "fulfilled Order o (0-19), bit 20 + e = Expert e (0-23); reset at each turn's "
             "start",
    "turn": "the seat whose turn it is (the active seat)",
    "turns": "turns begun before the current one (0 during the first turn)",
    "vp_start": "the active seat's VP when its turn began; step 4 gives one bonus per "
                "multiple of 10 crossed: vp // 10 - vp_start // 10 (§5 step 4)",
    "peddler_used": "the active seat used a Peddler action this turn: the Peddler tile moves "
                    "1 village at the end of the turn (§5)",
    "market_mine": "bit set of Market icons (bit = cube type) the active seat covered this "
                   "turn: an extra execution may sell that type again (R3 exception)",
    "end_triggered": "the end amulet was taken: after the triggering turn every other seat "
                     "plays one more turn (§8)",
    "turns_left": "after the trigger, the turns still to play after the current one (0 "
                  "before it)",
    "neutrals": "2 players only (§10): the room node of the neutral leaders 0 green (moved "
                "for a Tea), 1 red (Fruit), 2 blue (Celadon); empty list otherwise",
    "neutral_moved": "2 players: a neutral leader was moved this turn (once per turn, §10)",
    "neutral_actions": "option `neutral_actions` (2 players, §10): after moving a neutral "
                       "the active seat takes that room's action",
    "advanced_experts": "option `advanced_experts` (§11): public discard pile whose top "
                        "card is hireable, no reshuffle, end VP per card back",
    "order_deck_size": "cards in the face-down Order deck (contents hidden)",
    "amulet_stack_size": "tokens in the face-down amulet stack (contents hidden)",
    "expert_deck_size": "cards in the face-down Expert deck (contents hidden)",
    "smuggler_stack_size": "never-seen Smugglers in the face-down stack (contents hidden)",
}

_STAIR = "staircase: 0 SA, 1 SB, 2 SC (static `staircases`)"
_NODE = "room node 0-11 (0 Lodge, 1-5 I1-I5, 6-11 O1-O6)"
_GOLD = "true: pay a Gold instead of the cube"

ACTIONS: dict[str, dict[str, str]] = {
    "ChooseStaircase": {"stair": _STAIR},
    "Activate": {"expert": "the held one-shot Expert id (0-23) to use"},
    "PickCube": {"cube": "the basic cube type gained: 0 Tea, 1 Fruit, 2 Celadon"},
    "Choose": {"option": "0: +4 coins, 1: +3 VP"},
    "ExpertSell": {"room": "the node of the Market (I3), Retailer or Wholesaler room sold "
                           "into",
                   "as_type": "the type sold: 0 Tea, 1 Fruit, 2 Celadon", "gold": _GOLD},
    "Move": {"frm": "the node the leader leaves (a node of one of your leaders, or the "
                    "neutral's node in NeutralMove); " + _NODE,
             "to": "the destination node, 1-3 counted rooms clockwise along static "
                   "`successors` (§4.4)"},
    "Pray": {"temple": "the face-up temple 0-3 (TP1-TP4, static `temples`)"},
    "Honour": {"village": "the village 0-5 (V1-V6) whose Assistants of yours form the chain"},
    "EndCell": {"cell": "the worship cell row * 4 + column (0-15) where the chain ends; it "
                        "scores static `worship_vp[row][column]` + 1 VP per chair Assistant"},
    "TakeAmulet": {"space": "amulet space 0-2 RA1-RA3 or 3-5 BA1-BA3 (`amulet_spaces`)"},
    "Peddler": {"before": "villages the tile moves before placing (0-5), each costing "
                          "1 coin",
                "after": "villages it moves after placing (0-5), each costing 1 coin; at "
                         "most one of before / after is non-zero"},
    "Apprentice": {"room": "the inner room node 1-5 whose free chair takes the Assistant"},
    "Execute": {"option": "what this execution does, by the kind k = observation "
                          "`rooms[node]` of the RoomTurn's node: static `rooms[k].execute`",
                "disc": "0: the main execution; 1: an extra one, a young chair Assistant "
                        "returns to your supply; 2: an extra one for an elder chair "
                        "Assistant (it stays)"},
    "Sell": {"as_type": "the type sold: 0 Tea, 1 Fruit, 2 Celadon", "gold": _GOLD},
    "Buy": {"item": "0 Recruit, 1 Peddler, 2 Apprentice, 3 one Gold (static `trading_items`)"},
    "TakeCube": {"source": "0-2 Warehouse Tea/Fruit/Celadon, 3-5 Market icons Tea/Fruit/"
                           "Celadon, 6-8 Retailer icons, 9-11 Wholesaler icons (static "
                           "`warehouse_sources`)"},
    "Hire": {"slot": "the Expert pool slot 0-2, or 3 = the discard pile's top card "
                     "(advanced_experts)"},
    "Deal": {"option": "index into static `black_market` (kind, argument, coins)"},
    "DiscardExpert": {"expert": "the held Expert id discarded to make room"},
    "BonusOrder": {"slot": "the `order_pool` slot 0-2"},
    "BonusAmulet": {"slot": "the `amulet_pool` slot 0-2"},
    "Fulfil": {"order": "the held Order id (0-19); pays static `orders[o].cost` cubes and "
                        "`coins`",
               "gt": "Gold paid instead of Tea", "gf": "Gold paid instead of Fruit",
               "gc": "Gold paid instead of Celadon"},
    "PayNeutral": {"neutral": "the neutral leader: 0 green (pay Tea), 1 red (Fruit), 2 blue "
                              "(Celadon)",
                   "gold": _GOLD},
}

_LEFT = "how many are still to do, this one included"
_EXPERT = "the Expert id (0-23) being used"

REQUESTS: dict[str, dict[str, str]] = {
    "ExpertCube": {"expert": _EXPERT, "left": "cubes still to choose, this one included"},
    "ExpertReward": {"expert": _EXPERT},
    "ExpertSale": {"expert": _EXPERT, "room": "the node every cube of this sale goes to "
                                              "(set after P5's first cube); -1 any",
                   "left": "cubes still to sell, this one included"},
    "KeepOrDiscard": {"expert": "the used amulet Expert id"},
    "ChainEnd": {"count": "Assistants taken from the village for the chain"},
    "WorshipAmulet": {"r": "row 0-3 of the chain's last cell (amulet space RA<r>, r >= 1)",
                      "c": "column 0-3 of that cell (amulet space BA<c>, c >= 1)"},
    "Grant": {"kind": "the Assistant action: 0 Peddler, 2 Apprentice, 3 Elder Apprentice "
                      "(1 Recruit is never asked)",
              "optional": "true: Skip is allowed"},
    "RoomTurn": {"node": "the room node whose action is taken (1-11)",
                 "done": "executions so far (0: the main one not yet taken)",
                 "young": "extra executions paid with a young chair Assistant",
                 "elder": "extra executions paid with an elder chair Assistant (each "
                          "elder gives one per turn)"},
    "SaleLoop": {"room": "the room kind: 6 Retailer, 7 Wholesaler",
                 "sold": "cubes sold in this execution; the next earns static "
                         "`retailer_reward` / `wholesaler_reward` [sold]"},
    "BankLoop": {"paid": "payments made; the next is static `bank_steps[paid]`"},
    "TradingLoop": {"bought": "purchases made; the next costs `trading_post_costs[bought]`"},
    "WarehouseLoop": {"bought": "purchases made; the next costs `warehouse_costs[bought]`"},
    "GuildLoop": {"hired": "Experts hired; the next costs `guild_hall_costs[hired]` (coins, "
                           "Assistants fired)"},
    "BlackMarketLoop": {"deals": "transactions made (at most 2)",
                        "peddler": "the room's one Peddler action was used"},
    "HireLimit": {"slot": "the pool slot being hired (3 = discard-pile top)",
                  "guild": "the Guild Hall hire number 0-2, -1 for the Experts' Room"},
    "BonusStep": {"left": "bonus symbols still to use, this one included"},
    "ReturnChain": {"count": "chain Assistants returning to the supply"},
    "NeutralMove": {"neutral": "the neutral leader moved: 0 green, 1 red, 2 blue"},
    "NeutralCleanup": {"vp": "the active seat's VP before the neutral room's action"},
}

SEAT = {"seat": "the seat that decides (for automatic steps: the active seat)"}
