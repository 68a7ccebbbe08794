"""Rotunda's fixed data for bots (`Game.static_data`, sent once in `reset`), built from the
tables of data.py and board.py; its descriptions are `STATIC_DOCS` (docs.py)."""

from __future__ import annotations

from typing import Any

from engine.games.rotunda import board, data

#: the action code of an Assistant action, -1 for none (data uses None)
_NONE = -1

#: what each Expert does (rules §12.5, as experts.py applies it); the numbers come from data
EXPERT_EFFECTS = {
    "H1": "one-shot: +3 coins",
    "H2": "one-shot: +1 coin and +1 VP",
    "H3": f"permanent: each Apprentice action (not Elder Apprentice): +{data.OLD_MAN_VP} VP",
    "H4": f"permanent: each gain of Gold: +{data.RICH_MAN_VP} VP",
    "H5": "one-shot: sell 1 Celadon (or Gold as Celadon) into a Market, Retailer or "
          "Wholesaler room, double reward, no Assistant actions (§9)",
    "H6": "one-shot: sell 1 Tea (or Gold as Tea) as H5, double reward",
    "H7": "one-shot: sell 1 Fruit (or Gold as Fruit) as H5, double reward",
    "H8": "one-shot: fire 1 Assistant: +4 coins and +1 Gold",
    "P1": "one-shot: +1 Celadon or +1 Fruit",
    "P2": "one-shot: +1 Tea or +1 Celadon",
    "P3": "one-shot: +1 Tea or +1 Fruit",
    "P4": "one-shot: fire 1 Assistant: +1 Gold and +1 basic cube of your choice",
    "P5": "one-shot: sell 2 cubes into one Market, Retailer or Wholesaler room, normal "
          "rewards (1st and 2nd sale), no Assistant actions (§9)",
    "P6": "one-shot: every other player +1 coin; you +2 basic cubes of your choice",
    "P7": f"permanent: each gain of a basic cube: +{data.SHOPKEEPER_VP} VP",
    "P8": f"permanent: each Expert hired (this one included): +{data.CLERK_VP} VP",
    "T1": "one-shot: +4 coins or +3 VP",
    "T2": "one-shot: +1 coin and 1 Peddler",
    "T3": "one-shot: 1 Apprentice",
    "T4": "one-shot: +(X + 1) coins, X = Assistants in your personal supply",
    "T5": "one-shot: +1 coin and 2 Recruits",
    "T6": "one-shot: 1 Recruit and 2 Peddlers",
    "T7": "one-shot: 1 Recruit and 1 Apprentice",
    "T8": "one-shot: +1 coin, 1 Recruit and 1 Peddler",
}

#: the meaning of `Execute.option` in each room kind (rooms.execution_options)
EXECUTE_OPTIONS = {
    data.SUPPLIER: "0-2: take 1 cube of that basic type, 3: no cube; then an optional Peddler",
    data.HARBOUR: "0-2: take the Smuggler in that pool slot and gain its cubes, 3: 1 Gold",
    data.MARKET: "as_type * 2 + gold: sell one cube as type as_type (0-2), paid with a Gold "
              "if gold = 1; reward market_reward[as_type]",
    data.EXPERTS_ROOM: "the Expert pool slot 0-2 to hire; 3 = the discard pile's top card "
                    "(advanced_experts only)",
    data.BANKER: "0: take all coins in the room, 1-3: take 1 cube of type option - 1; then an "
              "optional Peddler",
    data.TEA_HOUSE: "pay 2 coins to the Banker room; 0: 2 Recruits, then Peddler, then "
                 "Apprentice; 1: the same with Apprentice before Peddler; 2-12: 1 Recruit and "
                 "the action of room node option - 1 (a room holding any leader)",
    data.RETAILER: "0: sell up to 3 cubes one by one (SaleLoop, then Stop), every type on the "
                "tile different; rewards `retailer_reward`",
    data.WHOLESALER: "0: sell up to 3 cubes one by one (SaleLoop, then Stop), every type on "
                  "the tile the same; rewards `wholesaler_reward`",
    data.BANK: "0: make up to 4 payments one by one (BankLoop: Pay, then Stop), `bank_steps`",
    data.BLACK_MARKET: f"0: up to {data.BM_TRANSACTIONS} deals and one Peddler (BlackMarketLoop: "
                    "Deal, then Stop), `black_market`",
    data.TRADING_POST: "0: up to 4 purchases (TradingLoop: Buy, then Stop) at "
                    "`trading_post_costs`",
    data.GUILD_HALL: "0: hire up to 3 Experts (GuildLoop: Hire, then Stop) at `guild_hall_costs`",
    data.WAREHOUSE: "0: 1 Recruit, then up to 3 cubes from any room (WarehouseLoop: TakeCube, "
                 "then Stop) at `warehouse_costs`",
    data.LODGE_ROOM: "none: arriving there asks LodgeStep (Pray or Honour, §7)",
}


def _action(a: int | None) -> int:
    return _NONE if a is None else a


def _reward(row: tuple[int, int, int | None]) -> list[int]:
    return [row[0], row[1], _action(row[2])]


def _nodes() -> list[dict[str, Any]]:
    out = []
    for n, name in enumerate(data.NODE_NAMES):
        ring = "lodge" if n == data.LODGE else "inner" if n in data.INNER else "outer"
        slot = "large" if n in data.LARGE_SLOTS else "small" if n in data.SMALL_SLOTS else ""
        out.append({"node": n, "name": name, "ring": ring, "slot": slot,
                    "chairs": data.CHAIRS_PER_ROOM if n in data.INNER else 0})
    return out


def _rooms() -> list[dict[str, Any]]:
    out = []
    for k, name in enumerate(data.ROOM_NAMES):
        if k == data.LODGE_ROOM:
            where, node = "lodge", data.LODGE
        elif k in data.INNER_ROOMS:
            where, node = "inner", data.INNER[data.INNER_ROOMS.index(k)]
        else:
            where, node = ("large" if k in data.LARGE_TILES else "small"), -1
        out.append({"room": k, "name": name, "where": where, "node": node,
                    "execute": EXECUTE_OPTIONS[k]})
    return out


def _orders() -> list[dict[str, Any]]:
    out = []
    for name, t, f, c, coins, vp, kind, arg, starting in data.ORDERS:
        named = kind in (data.E2, data.E3)
        amount = data.E2_VP[name] if kind == data.E2 else 1 if kind == data.E3 else arg
        out.append({"id": name, "cost": [t, f, c], "coins": coins, "vp": vp, "effect": kind,
                    "cube": arg if named else -1, "amount": amount, "starting": starting})
    return out


def _experts() -> list[dict[str, Any]]:
    return [{"id": i, "name": name, "permanent": perm, "amulet": amulet,
             "back": data.EXPERT_BACK[e], "sells": data.SUPPLIER_EXPERT_CUBE.get(e, -1),
             "cube_choice": list(data.EXPERT_CUBE_CHOICE.get(e, ())),
             "effect": EXPERT_EFFECTS[i]}
            for e, (i, name, perm, amulet) in enumerate(data.EXPERTS)]


def _black_market() -> list[dict[str, Any]]:
    price = {"buy cube": -data.BM_BUY_CUBE, "buy recruit": -data.BM_BUY_RECRUIT,
             "buy amulet": -data.BM_BUY_AMULET, "sell cube": data.BM_SELL_CUBE,
             "fire": data.BM_FIRE,
             "sell amulet": data.BM_SELL_AMULET, "peddler": 0}
    return [{"deal": k, "kind": kind, "arg": arg, "coins": price[kind]}
            for k, (kind, arg) in enumerate(data.BM_OPTIONS)]


def static_data() -> dict[str, Any]:
    """Every table a Rotunda bot needs, as JSON values (keys described in docs.STATIC)."""
    counts = sorted(data.LEADERS)
    return {
        "cube_names": list(data.CUBE_NAMES),
        "colours": list(data.COLOURS),
        "supply_start": list(data.SUPPLY_START),
        "start": {"coins_from_first": list(data.START_COINS),
                  "supply_assistants": data.START_SUPPLY_ASSISTANTS,
                  "track_assistants": data.START_TRACK_ASSISTANTS, "gold": data.START_GOLD},
        "leaders_per_seat": {str(n): data.LEADERS[n] for n in counts},
        "end_space": {str(n): data.END_SPACE[n] for n in counts},
        "round_track_last": data.ROUND_TRACK_LAST,
        "assistant_track": list(data.TRACK_VALUES),
        "bonus_every": data.BONUS_EVERY,
        "pool_size": data.POOL_SIZE,
        "expert_limit": data.EXPERT_LIMIT,
        "nodes": _nodes(),
        "staircases": [{"name": name, "inner_before": a, "inner_after": b,
                        "outer_before": c, "outer_after": d}
                       for name, a, b, c, d in data.STAIRCASES],
        "successors": {str(k): [list(s) for s in g] for k, g in enumerate(data.GRAPHS)},
        "rooms": _rooms(),
        "villages": data.VILLAGES,
        "assistant_actions": list(data.ASSISTANT_ACTION_NAMES),
        "market_reward": [_reward(data.MARKET_REWARD[t]) for t in data.BASIC],
        "retailer_reward": [_reward(r) for r in data.RETAILER_REWARD],
        "wholesaler_reward": [_reward(r) for r in data.WHOLESALER_REWARD],
        "bank_steps": [[c, v, _action(data.APPRENTICE if a else None)]
                       for c, v, a in data.BANK_STEPS],
        "banker_refill": data.BANKER_REFILL,
        "tea_house_cost": data.TEA_HOUSE_COST,
        "trading_post_costs": list(data.TRADING_POST_COSTS),
        "trading_items": list(data.TRADING_ITEMS),
        "warehouse_costs": list(data.WAREHOUSE_COSTS),
        "warehouse_sources": [[room, i] for room, i in data.WAREHOUSE_SOURCES],
        "guild_hall_costs": [list(r) for r in data.GUILD_HALL_COSTS],
        "black_market_transactions": data.BM_TRANSACTIONS,
        "black_market": _black_market(),
        "worship_vp": [list(r) for r in data.WORSHIP_VP],
        "worship_left": list(data.WORSHIP_LEFT),
        "worship_top": [[c, _action(a)] for c, a in data.WORSHIP_TOP],
        "worship_amulet_spaces": list(data.AMULET_SPACE_NAMES),
        "worship_neighbours": [list(x) for x in board.NEIGHBOURS],
        "temples": [{"id": i, "coins": c, "gold": g, "actions": list(a)}
                    for i, c, g, a in data.TEMPLES],
        "smugglers": [list(x) for x in data.SMUGGLERS],
        "amulet_tokens": [data.AMULET_TOKENS.count(t) for t in range(data.AMULET_TYPES)],
        "amulet_set_vp": list(data.SET_VP),
        "orders": _orders(),
        "experts": _experts(),
        "expert_backs": dict(data.BACK_NAMES),
        "neutral_cube": list(data.NEUTRAL_CUBE),
        "advanced_discard": data.ADVANCED_DISCARD,
    }


_ACT = "assistant action code (0 Peddler, 1 Recruit, 2 Apprentice, 3 Elder Apprentice; -1 none)"

#: a description of every key of `static_data()`
STATIC_DOCS = {
    "cube_names": "cube type codes 0-3: Tea, Fruit, Celadon, Gold (Gold is wild, §5)",
    "colours": "seat colours by seat (§2); 2 players use black and yellow",
    "supply_start": "general supply at the start by cube type, before the set-up takes any",
    "start": "per player at set-up (§3 step 10): coins by position clockwise from the first "
             "player, Assistants in the personal supply and on the track, Gold",
    "leaders_per_seat": "family leaders per seat by player count (\"2\"..\"5\")",
    "end_space": "round-track space holding the end amulet by player count (\"2\"..\"5\"); "
                 "Honour moving the round marker there triggers the end (§7, §8)",
    "round_track_last": "the last round-track space; the marker stays there",
    "assistant_track": "the 9 Assistant-track values left to right; uncovered spaces score "
                       "at the end (§8.3): the first 9 - track of them",
    "bonus_every": "a score-track bonus symbol sits on every multiple of this (§5 step 4)",
    "pool_size": "face-up cards or tokens in each pool (Orders, Amulets, Experts, Smugglers)",
    "expert_limit": "most Experts held (kept amulet Experts not counted, §9)",
    "nodes": "the 12 room nodes (index = node): name (Lodge, I1-I5, O1-O6), ring, outer tile "
             "slot size (large / small), chairs (3 per inner room)",
    "staircases": "the 3 staircases SA, SB, SC (index = `lodge` code) with the nodes they "
                  "join (§4.1): a free one adds inner_before -> outer_after and outer_before "
                  "-> inner_after; the Lodge's one routes both rings through node 0",
    "successors": "clockwise successor nodes of every node (list index = node), by the "
                  "Lodge's staircase (\"0\" SA, \"1\" SB, \"2\" SC). A family leader moves "
                  "1-3 counted rooms; rooms with another leader are passed uncounted and "
                  "cannot be ends; entering the Lodge counts and ends the move; a neutral "
                  "passes the Lodge uncounted and never ends there or in its start (§4.4)",
    "rooms": "the 14 room kinds (index = kind): name, where (inner / small / large tile / "
             "lodge), fixed node (-1 for tiles: see observation `rooms`), and what "
             "`Execute.option` means there (§12.1)",
    "villages": "number of villages (V1-V6); the Peddler tile moves clockwise, v -> v + 1",
    "assistant_actions": "assistant action codes 0-3: Peddler, Recruit, Apprentice, Elder "
                         "Apprentice (§6)",
    "market_reward": f"Market (R3) reward by type sold (0 Tea, 1 Fruit, 2 Celadon): [coins, "
                     f"VP, {_ACT}]; the action may be skipped",
    "retailer_reward": f"Retailer (R7) reward of the 1st, 2nd, 3rd cube sold in one "
                       f"execution: [coins, VP, {_ACT}]",
    "wholesaler_reward": "Wholesaler (R8) reward of the 1st, 2nd, 3rd cube sold in one "
                         "execution: [coins, VP, assistant action code or -1]",
    "bank_steps": "Bank (R9) payments in order: [coins paid, VP gained, assistant action "
                  "code (2 Apprentice, optional) or -1]",
    "banker_refill": "coins put in an empty Banker room at the end of step 3 (R5)",
    "tea_house_cost": "coins the Tea House (R6) costs, paid into the Banker room",
    "trading_post_costs": "Trading Post (R11): coins of the 1st..4th purchase",
    "trading_items": "Trading Post items by `Buy.item` code",
    "warehouse_costs": "Warehouse (R13): coins of the 1st..3rd cube taken (after a free "
                       "Recruit)",
    "warehouse_sources": "by `TakeCube.source`: [room kind, index]: Warehouse cube type, "
                         "Market icon type, Retailer / Wholesaler icon position",
    "guild_hall_costs": "Guild Hall (R12): cost of the 1st..3rd hire: [coins, Assistants "
                        "fired]",
    "black_market_transactions": "Black Market (R10) transactions per execution (its one "
                                 "Peddler is not a transaction)",
    "black_market": "by `Deal.option`: kind (buy cube / buy recruit / buy amulet / sell cube "
                    "/ fire / sell amulet / peddler), arg (cube type, amulet pool slot or "
                    "amulet type) and coins gained (negative: paid)",
    "worship_vp": "worship-board cell VP by [row][column] (§12.2); honour adds 1 VP per "
                  "chair Assistant",
    "worship_left": "left-edge reward of each row: the cube type gained",
    "worship_top": f"top-edge reward of each column: [coins, {_ACT}]",
    "worship_amulet_spaces": "names of `amulet_spaces` 0-5: RA1-RA3 (right edge of rows 1-3), "
                             "BA1-BA3 (bottom edge of columns 1-3)",
    "worship_neighbours": "orthogonal neighbours of each worship cell (row * 4 + column); a "
                          "chain is a self-avoiding path from cell 0 (§7)",
    "temples": "the 4 temples TP1-TP4 (index = `Pray.temple`): coins, Gold and assistant "
               "action codes gained by praying",
    "smugglers": "the 10 Smugglers (index = id): the cube types gained at the Harbour",
    "amulet_tokens": "tokens of each amulet type 0-10 (A1-A11)",
    "amulet_set_vp": "VP of a set of k different amulet types at index k - 1 (§8.1; split "
                     "greedily, one of each type still held)",
    "orders": "the 20 Orders (index = id): cost [Tea, Fruit, Celadon] and coins, VP at the "
              "end, effect once per turn (§9): E1 on gaining coins +amount coins; E2 on "
              "gaining `cube` +amount VP; E3 on gaining `cube` +amount of it; E4a / E4b on "
              "gaining any cube (Gold too) +amount VP / +1 cube of the same type; `cube` -1 "
              "for E1 and E4; starting: a starting Order (each seat is dealt one, §3 step 7)",
    "experts": "the 24 Experts (index = id): permanent (else one-shot, used in step 1), "
               "amulet type when kept (-1: not an amulet Expert), back (H Horse, P Phoenix, "
               "T Tiger, §11), the cube type it sells (H5-H7; -1 none), the cube types it "
               "offers (P1-P3; empty otherwise), effect in words",
    "expert_backs": "names of the Expert back letters (§11)",
    "neutral_cube": "2 players: the cube type paid to move neutral 0 (green), 1 (red), 2 "
                    "(blue); Gold may substitute (§10)",
    "advanced_discard": "advanced_experts: cards put face up on the discard pile at set-up",
}
