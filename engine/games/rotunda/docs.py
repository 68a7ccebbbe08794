"""What the fields of Rotunda's actions and requests mean to a bot author (`FIELD_DOCS`,
engine.protocol.field_docs; actions.py and requests.py attach them). The observation's
fields are described beside the state's fields (state.py).

Codes used throughout: cube types 0 Tea, 1 Fruit, 2 Celadon, 3 Gold (static `cube_names`);
room nodes 0 Lodge, 1-5 inner rooms I1-I5, 6-11 outer rooms O1-O6 (static `nodes`); room
kinds 0-13 (static `rooms`); Order ids 0-19, Expert ids 0-23, amulet types 0-10 (A1-A11),
Smuggler ids 0-9: indexes into static `orders`, `experts`, `amulet_tokens`, `smugglers`.
"""

from __future__ import annotations

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
