"""What every field a Gugong bot reads or writes means (engine.protocol.field_docs), for bot
authors who have only the JSON. Rule numbers are the rules doc's (§4.2 the Day turn, §5.1-§5.7
the seven locations, §6 card actions, §7 the Foreman, §8 travel tokens, §10 end scoring, §11
advanced set-up, §12 bonus travel tokens, §13 solo, §15 hidden information); tables named
here are keys of the static data (`reset.static`, engine/games/gugong/static.py)."""

from __future__ import annotations

from engine.games.gugong import data as D

_LOCS = ", ".join(f"{i} {n}" for i, n in enumerate(D.LOCATIONS))
#: a per-colour list
COLOUR = "per colour (index = seat; solo: 2 entries, index 1 = the Automa Meng)"
LOC = f"location id 0-6 ({_LOCS}; static `locations`)"
CARD = "gift card id 0-37 (G01-G38; static `cards`)"
TOKEN = "travel token type 0-14 (static `tokens`: 0-11 base, 12-14 bonus tokens of §12)"
PAY = ("true: the Foreman (the double servant, 2 units, rules §7) pays 2 units of the "
       "cost (it goes to the supply), normal servants the rest; false: normal servants only")
PLACE = ("true: the piece is the Foreman (2 units, rules §7); false: one normal servant")
SEAT = ("the seat this decision is for (solo: 1 = the Automa Meng, whose steps are "
        "automatic)")

OBSERVATION: dict[str, str] = {
    "phase": "the type name of the decision being taken (the last of `stack`, e.g. "
             "\"GiftExchange\"); \"over\" when the game is over. `step` says where in the "
             "Day it is",
    "stack": "the pending decisions, oldest first; the last one is being decided now (its "
             "seat is `current_player`; `phase` is its type name). Automatic entries "
             "(WallCheck, MengAction, MengMove, MengMorning) wait below for their turn",
    "num_players": "seats in the game, 1-5 (1: solo against the Automa Meng, rules §13)",
    "step": "where the game is in the Day (rules §4): 0 Day phase (turns; also Morning "
            "servant gains and the end-of-Day storing of bonus tokens); 1 Night step 1, "
            "Destiny-dice gains (NightGain); 2 Night dice majority (never pending); 3 Night "
            "ships and Harbor claims; 4 Morning level-1 decrees (MorningDecree); 5 final "
            "exchanges after Day 4 (FinalTrades); 6 game over; 7 solo only: Meng's Dusk "
            "phase between the Day and the Night",
    "day": f"the Day, 1-{D.DAYS}; the game ends after the Night of Day {D.DAYS}",
    "first": "first player this Day (solo: 0 you, 1 Meng); the holder of the Medal becomes "
             "first player next Morning",
    "turn": "the seat whose Day turn is considered next (turns go clockwise, skipping seats "
            "with no hand cards; solo: you and Meng alternate)",
    "medal": "who took the Next-First-Player Medal this Day (the first Intrigue option A of "
             "the Day, §5.4; solo: 1 = Meng); -1: still on the board",
    "dice": f"the {D.DICE} Destiny dice faces (1-6), rolled each Morning; index = die "
            "(TurnDie.die). At Night (§4.3) each card in a discard pile gains its owner 1 "
            "servant per die showing its printed value (a match); most matches (at least 1; "
            f"tie: Intrigue) scores {D.MAJORITY_VP} VP and Envoy +1",
    "board": "the gift card lying face up on each location: index = " + LOC + ", value = "
             + CARD,
    "seen": "per gift card id (38 entries): what everybody knows of where it is (§15, "
            "perfect memory): -1 nothing known (on the board, in the draw pile or box, or "
            "unseen); else seat * 3 + k: k = 0 known to be in that seat's hand, 1 in its "
            "discard pile, 2 in its hand or its discard pile. Public: your own cards as the "
            "others know them",
    "pool": COLOUR + ": normal servants in the pool (they pay costs and are placed); the "
            "Foreman is counted in `foreman`",
    "supply": COLOUR + ": normal servants in the own supply (gains come from there)",
    "foreman": COLOUR + ": where the Foreman (double servant, §7) is: 0 locked on the "
               "player board (freed only by the Foreman Harbor reward), 1 pool, 2 supply, "
               "3 on the Great Wall, 4 + k on own ship k (k = 0-2). Meng's stays 0",
    "vp": COLOUR + ": victory points so far; end scoring (§10) adds the Wall majority, "
          "level-3 decrees, the Palace slot and jade; at the end only Envoys inside the "
          "Palace can win (others' final score is 0)",
    "intrigue": COLOUR + f": Intrigue track position 0-{D.INTRIGUE_MAX}; breaks every "
                "tie (§9): higher wins, on the same space the later arrival "
                "(`intrigue_t`) wins",
    "intrigue_t": COLOUR + ": when the Intrigue marker last moved (a `clock` value); at "
                  "the same position the higher value is on top and wins ties",
    "clock": "counter of Intrigue moves (`intrigue_t` values come from it)",
    "envoy": COLOUR + f": Envoy position on the Palace track 0-{D.PALACE_INSIDE}; "
             f"{D.PALACE_INSIDE} = inside the Palace; each further step is 1 VP (§5.5)",
    "palace_slot": COLOUR + ": VP of the Palace slot taken on entering (static "
                   "`palace.slots`, the highest free one; scored at the end); 0: not inside",
    "jade": COLOUR + ": jade owned (end scoring: static `jade.points`)",
    "houses": f"the {len(D.HOUSE_COSTS)} roof spaces of the Jade location (index = "
              "BuyJade.space): 1 jade still there, 0 taken; the market (space "
              f"{D.MARKET}) sells only when all are 0",
    "wall": COLOUR + ": normal servants on the Great Wall (the Foreman there: foreman "
            "= 3, counts 2 units); the section scores when the units reach static "
            "`by_players[n].wall_size` (§5.2)",
    "ship_harbor": "per colour * 3 + ship k (0-2): the harbor index 0-4 (H1-H5) where the "
                   "ship is, -1 beside the board (not on the canal). Solo: 6 entries",
    "ship_path": "per colour * 3 + ship: canal path 0 or 1 of the ship (1-3 players have one "
                 "path, 4-5 have two: static `by_players[n].canal_paths`), -1 off the canal",
    "ship_load": "per colour * 3 + ship: normal servants on the ship (capacity "
                 f"{D.SHIP_CAPACITY} units; the Foreman on it, foreman = 4 + k, adds 2)",
    "rewards": "per colour * 3 + kind: Harbor reward spaces used (kind 0 = 4 VP, max "
               f"{D.REWARD_SPACES[0]}; 1 = gift card, max {D.REWARD_SPACES[1]}; 2 = Foreman, "
               f"max {D.REWARD_SPACES[2]}); solo: Meng's neutral cubes in kinds 0 and 1",
    "decrees": "the 6 face-up decree tiles by slot (slots 0-1 level 1, 2-3 level 2, 4-5 "
               "level 3); value = decree id 0-14 (static `decrees`)",
    "decree_servants": "per colour * 6 + slot: 1 if that colour's servant is on the decree "
                       "in `decrees[slot]` (it holds that decree), else 0",
    "cities": "per city 0-19 (C01-C20, static `cities`): the face-up travel token type "
              "there (" + TOKEN + "), -1 none",
    "traveller": COLOUR + ": the city 0-19 of the Traveller; -1 not yet on the map",
    "token_discard": "token types given up in exchanges, in order (shuffled into new piles "
                     "when both piles run out at a Morning refill)",
    "stored": COLOUR + ": the travel tokens in storage (token types, oldest first, at "
              f"most {D.TOKEN_STORAGE}); exchanged 2/4/6 units (T_DOUBLE = 2) for 1 servant / "
              "2 VP / 1 jade (§8)",
    "hand": "your own hand cards, each a " + CARD + " (hidden from the others)",
    "hand_sizes": "hand cards per seat (1 entry in solo)",
    "discard": "your own face-down discard pile (card ids): the board cards you take in "
               "exchanges and sacrificed cards; it becomes part of your hand at the end of "
               "the Night",
    "discard_sizes": "discard pile sizes per seat",
    "draw_size": "cards in the face-down gift draw pile (Harbor card rewards draw from it; "
                 "advanced: it holds the unused starting sets too; solo: it still counts "
                 "the `meng_reserved` cards)",
    "pile_a_size": "face-down travel tokens in pile A (refills empty cities first)",
    "pile_b_size": "face-down travel tokens in pile B (used when A is empty)",
    "advanced": "option advanced (§11): board and draw pile dealt from one mixed deck",
    "bonus": "option bonus_travel (§12): the 6 bonus travel tokens are among the tokens",
    "bonus_active": "option bonus_travel only (else []): the activated bonus tokens, face "
                    "up until the end of this Day phase",
    "automa": "solo only: Meng's level, 1 easy, 2 normal, 3 hard; 0 in the multi-player game",
    "focus": "solo only: Meng's focus " + LOC + " (his Special Automa cards act there); -1 "
             "otherwise",
    "box": "solo only: the cards of the starting sets nobody plays with (public). With 2-5 "
           "players it is [] (base game: the sets P(n+1)-P5 are in the box; advanced: in "
           "the draw pile)",
    "meng_stack": "solo only: Meng's face-down gift stack as the sorted cards known to be in "
                  "it (its order is unknown: each reveal is random); -1 = a card he drew "
                  "unseen from the draw pile",
    "meng_bottom": "solo only: cards put under his stack this Day, revealed after the stack "
                   "in this order (-1 unseen)",
    "meng_discard": "solo only: Meng's discard pile in order (last = top; -1 unseen)",
    "meng_reserved": "solo only: how many -1 (unseen) cards Meng holds; they are still "
                     "counted in `draw_size`",
    "automa_deck_size": "solo only: Automa cards left in his face-down deck",
    "automa_today": "solo only: Automa card ids (static `solo.automa_cards`) played today, in "
                    "order; at Dusk each gives its Dusk action, first played first",
    "automa_used": "solo only: Automa cards of earlier Days (reshuffled into the deck when "
                   "it is empty)",
    "meng_route": "solo only: index in static `solo.perimeter` of the last perimeter city "
                  "Meng's Traveller took a token from; -1 not yet on the map",
    "meng_astray": "solo only: 1 = no perimeter city had a token this Day, so he goes to "
                   "the nearest token city until the next Morning; else 0",
    "meng_parts": "solo only, after the end scoring (else []): Meng's final VP in 5 parts "
                  "(static `solo.score_parts`)",
}

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
        "remaining": "pieces still to place, including this one (Canal B: 2)",
        "placed": "pieces already placed by this action",
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
    "BuyJade": {"space": f"roof space 0-{D.MARKET - 1} (costs static `jade.house_costs`) "
                         f"or {D.MARKET} = the market (cost {D.MARKET_COST}; offered only "
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
