"""What every field a Gugong bot reads or writes means (engine.protocol.field_docs), for bot
authors who have only the JSON. Rule numbers are the rules doc's (§4.2 the Day turn, §5.1-§5.7
the seven locations, §6 card actions, §7 the Foreman, §8 travel tokens, §10 end scoring, §11
advanced set-up, §12 bonus travel tokens, §13 solo, §15 hidden information); tables named
here are keys of the static data (`reset.static`, engine/games/gugong/static.py)."""

from __future__ import annotations

from engine.games.gugong import data

_LOCS = ", ".join(f"{i} {n}" for i, n in enumerate(data.LOCATIONS))
LOC = f"location id 0-6 ({_LOCS}; static `locations`)"
CARD = "gift card id 0-37 (G01-G38; static `cards`)"
TOKEN = "travel token type 0-14 (static `tokens`: 0-11 base, 12-14 bonus tokens of §12)"
PAY = ("true: the Foreman (the double servant, 2 units, rules §7) pays 2 units of the "
       "cost (it goes to the supply), normal servants the rest; false: normal servants only")
PLACE = ("true: the piece is the Foreman (2 units, rules §7); false: one normal servant")
SEAT = ("the seat this decision is for (solo: 1 = the Automa Meng, whose steps are "
        "automatic)")

#: the observation's `phase` (a field of every observation), in Gugong's words
PHASE = ("the type name of the decision being taken (the last of `stack`, e.g. "
         "\"GiftExchange\"); \"over\" when the game is over. `step` says where in the "
         "Day it is")

BONUS_IN_PLAY: dict[str, str] = {
    "seat": "the seat that activated it",
    "token": "12 B_PLUS1 (cards the seat plays count +1), 13 B_TOLL (another seat performing "
             "that location's action pays the owner 1 VP), 14 B_FOLLOW (the owner may "
             "perform the same action after another seat does)",
    "loc": "the " + LOC + " it lies beside (B_TOLL, B_FOLLOW); -1 beside the player board "
           "(B_PLUS1)",
}

_WALL_PLACE = {
    "remaining": "pieces still to place, including this one",
    "placed": "pieces already placed by this action (after one, Skip is allowed)",
    "supply": "true: the piece comes from the own supply (T_WALL token, decree D2c) and "
              "placing is optional; false: from the pool",
}

REQUESTS: dict[str, dict[str, str]] = {
    "GiftExchange": {},
    "TurnEnd": {},
    "ExchangeCost": {"card": "the " + CARD + " being played", "loc": "the " + LOC},
    "CardAction": {"card": "the " + CARD + " just played (its action: static `cards` and "
                           "`card_actions`)"},
    "LocationAction": {"loc": "the " + LOC + " where the card was played"},
    "TravelMove": {"moves": "moves left including this one (Travel B: 2)"},
    "TokenReward": {"token": "the " + TOKEN + " just taken: 4 T_JADE7, 5 T_RETRIEVE, "
                             "6 T_SWAP or 9 T_BUYJADE (T_S1, T_S2, T_ENV, T_INT, T_VP2 apply "
                             "automatically; T_SHIP and T_WALL ask through CanalPlace / "
                             "WallPlace with supply = true; T_DOUBLE has no reward)"},
    "StoreToken": {"token": "the " + TOKEN + " to store; storage is full, so exchange first"},
    "WallPlace": _WALL_PLACE,
    "WallCheck": {"seat": "the colour whose Wall placement is checked (automatic)"},
    "IntrigueReward": {},
    "CanalPlace": {
        "remaining": "pieces still to place, including this one (Canal B: 2, both "
                     "compulsory: no pass is offered, and the first piece leaves room for the "
                     "second; Canal A, T_SHIP and D1b: 1, optional)",
        "placed": "pieces already placed by this action (Canal B's second piece: 1, "
                  "compulsory)",
        "supply": "true: from the own supply (T_SHIP token, decree D1b; a ship filled so is "
                  "claimed at once); false: from the pool",
        "then_move": "always false in this engine (Canal A's ship move is the CanalMove "
                     "below this request)",
    },
    "CanalMove": {},
    "HarborClaim": {"ship": "-1: claim with any full own ship at harbor H2-H5 (asked again "
                            "after each claim); k: only with own ship k (0-2)"},
    "ChooseGain": {"n": "servants being gained from the supply"},
    "NightGain": {},
    "MorningDecree": {"tile": "the level-1 decree id (static `decrees`); only D1e (4: swap a "
                              "hand card with a board card) is asked"},
    "FinalTrades": {},
    "MengAction": {"seat": "always 1, Meng's colour (automatic)", "loc": "the " + LOC,
                   "mode": "0 his Day version, 1 the Special card's free option B, 2 his "
                           "Dusk version, 3 the extra Wall piece of decree D2c"},
    "MengMove": {"seat": "always 1, Meng's colour (automatic)",
                 "moves": "moves left including this one"},
    "MengMorning": {"seat": "always 1, Meng's colour (automatic)"},
    "ActivateBonus": {"token": "the bonus " + TOKEN + " just taken (12, 13 or 14)"},
    "FollowAction": {"loc": "the " + LOC + " whose action the other seat performed"},
}
for _docs in REQUESTS.values():
    _docs.setdefault("seat", SEAT)

ACTIONS: dict[str, dict[str, str]] = {
    "Exchange": {"card": "the " + CARD + " from your hand",
                 "loc": "the " + LOC + "; free if your card's value is higher than the "
                        "board card's (equal with D2d; a printed 1 onto a printed 9; each "
                        "own active B_PLUS1 adds 1), otherwise ExchangeCost follows"},
    "PayTwo": {"foreman": PAY},
    "Sacrifice": {"card": "the " + CARD + " from your hand that goes face down onto your "
                          "discard pile"},
    "OptionB": {"foreman": PAY + " (only where the cost is 2: Travel B, Palace B)"},
    "BuyJade": {"space": f"roof space 0-{data.MARKET - 1} (costs static `jade.house_costs`) "
                         f"or {data.MARKET} = the market (cost {data.MARKET_COST}; offered only "
                         "when every roof space is empty); D2b makes each 1 cheaper",
                "foreman": PAY},
    "TakeDecree": {"slot": "slot 0-5 of `decrees`; cost = the decree's printed cost + 1 per "
                           "other colour's servant on it (-1 with D2e), and 1 more servant "
                           "goes onto it; its VP score at once (§5.6)",
                   "foreman": PAY},
    "Swap": {"card": "your " + CARD + " (hand or discard pile) that goes onto the board",
             "loc": "the " + LOC + " whose card you take (into the place your card left)"},
    "MoveTo": {"city": "the city 0-19 to move to: a token city adjacent to the token-less "
                       "area connected to your Traveller (off the map: any token city); "
                       "you take its token"},
    "PlaceWall": {"foreman": PLACE},
    "LoadShip": {"ship": "your ship 0-2 already on the canal", "foreman": PLACE},
    "NewShip": {"path": "canal path 0 or 1 (1 only with 4-5 players); the ship is your "
                        "lowest-numbered one beside the board", "foreman": PLACE},
    "MoveShip": {"ship": "your ship 0-2 (moves to the next free harbor ahead)"},
    "Claim": {"ship": "your full ship 0-2 (3 units) at harbor H2-H5",
              "reward": "0 = 4 VP, 1 = top gift card of the draw pile, 2 = free the Foreman "
                        "into your pool; harbor h offers static `canal.harbor_rewards[h]`"},
    "IntrigueBack": {"steps": "1 (gain 1 servant), 3 (gain 2 servants) or 7 (1 jade): "
                              "Intrigue steps given back"},
    "TurnDie": {"die": "Destiny die index 0-2 in `dice`", "face": "its new face 1-6"},
    "Retrieve": {"card": "the " + CARD + " from your discard pile"},
    "Jade7": {"card": "the " + CARD + " from your hand, printed value 7 or more"},
    "Trade": {"units": "2 (1 servant; offered only if you can gain one, unless storage is "
                       "full), 4 (2 VP) or 6 (1 jade)",
              "doubles": "how many T_DOUBLE tokens (worth 2 units each) are used; the rest "
                         "are single tokens, oldest first"},
    "TakeForeman": {"yes": "true: the Foreman comes to the pool as one of the units gained"},
    "UseToken": {"foreman": PAY + " (T_BUYJADE: pay 3 for 1 jade)"},
    "Activate": {"loc": "-1: beside the player board (B_PLUS1); 0-6: beside that "
                        "location (B_TOLL, B_FOLLOW)"},
}
