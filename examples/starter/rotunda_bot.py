"""Rotunda bot, one move ahead: it scores every legal action by its immediate effect on your
final score (VP; coins, cubes and Assistants at the end-game rate of about 1 VP per 3) from
the observation and the static data, and plays the best. Built on the starter kit (kit.py);
run it as examples/README.md shows (the command line names the kit's files too).
"""

import kit

COIN = 1 / 3  # the final score adds (coins + cubes + supply Assistants) // 3
CUBE, GOLD = 0.6, 0.9  # a cube is worth more than a coin: Orders turn cubes into VP
NEEDED = 0.6  # extra worth of a cube an open Order of yours still lacks
ACTION = 0.5  # an Assistant action (Peddler, Recruit, Apprentice...)
ENTER = 0.4  # starting a loop room's action (Bank...): its steps are valued one by one


def cube_value(view, t):
    """Worth of one more cube of type t (0 Tea, 1 Fruit, 2 Celadon, 3 Gold)."""
    if t == 3:
        return GOLD
    wanted = sum(view.static["orders"][o]["cost"][t] for o in view.me.orders_open)
    return CUBE + (NEEDED if wanted > view.me.cubes[t] else 0)


def amulet_gain(view, t, sold=False):
    """VP change of gaining (or with `sold`, losing) an amulet of type t: the sets of
    different types (rules §8.1, split greedily) score static amulet_set_vp[size - 1]."""
    def sets_vp(types):
        counts, vp = [types.count(k) for k in set(types)], 0
        while any(counts):
            vp += view.static["amulet_set_vp"][sum(1 for c in counts if c) - 1]
            counts = [max(c - 1, 0) for c in counts]
        return vp
    held = view.me.amulets + view.me.kept
    after = list(held)
    after.remove(t) if sold else after.append(t)
    return sets_vp(after) - sets_vp(held)


def reward(view, r, as_type=-1, gold=False):
    """A [coins, VP, assistant action] reward; a sale (as_type >= 0) pays a cube or a Gold."""
    coins, vp, act = r
    cost = 0 if as_type < 0 else GOLD if gold else cube_value(view, as_type)
    return coins * COIN + vp + (ACTION if act >= 0 else 0) - cost


def execute_value(view, kind, option):
    """One execution of room kind `kind` with Execute.option `option` (static rooms[k])."""
    st = view.static
    if kind == 0:  # Supplier: a cube, then an optional Peddler
        return (cube_value(view, option) if option < 3 else 0) + ACTION / 2
    if kind == 1:  # Harbour: a Smuggler's cubes, or a Gold
        smuggler = st["smugglers"][view.obs["smuggler_pool"][option]] if option < 3 else [3]
        return sum(cube_value(view, t) for t in smuggler)
    if kind == 2:  # Market: sell one cube as as_type (with a Gold if gold)
        as_type, gold = divmod(option, 2)
        return reward(view, st["market_reward"][as_type], as_type, gold)
    if kind == 4:  # Banker: its coins, or a cube
        return view.obs["banker"] * COIN if option == 0 else cube_value(view, option - 1)
    if kind == 5:  # Tea House: 2 coins for Recruits and actions
        return 3 * ACTION - st["tea_house_cost"] * COIN
    return 1.0 if kind == 3 else ENTER  # Experts' Room: a hire; else a loop room


def room_value(view, node):
    """Worth of ending a leader's move on `node`: its best execution (the Lodge: pray or
    honour). Selling rooms are worth nothing without a cube to sell."""
    kind, me = view.obs["rooms"][node], view.me
    if kind == 13:
        return max([temple_value(view, t) for t, up in enumerate(view.obs["temples"]) if up]
                   + [honour_value(view, v) for v in range(6)])
    if kind == 2:  # Market: the best sale of a cube you hold
        return max([execute_value(view, 2, 2 * t) for t in range(3) if me.cubes[t]], default=0)
    if kind in (6, 7, 8):  # Retailer, Wholesaler (cubes for VP), Bank (coins for VP)
        return 1.5 if (me.coins >= 2 if kind == 8 else sum(me.cubes)) else 0
    return max(execute_value(view, kind, o) for o in range(13 if kind == 5 else 4))


def temple_value(view, t):
    tp = view.static["temples"][t]
    return tp["coins"] * COIN + tp["gold"] * GOLD + ACTION * len(tp["actions"])


def honour_value(view, village):
    """A chain of n Assistants ends at most n - 1 steps from the top-left worship cell."""
    n, vp = view.me.villages[village], view.static["worship_vp"]
    reach = [vp[r][c] for r in range(4) for c in range(4) if r + c < n]
    return max(reach, default=0) + len(view.me.chairs)


def deal_value(view, deal):  # a Black Market transaction (static black_market[option])
    kind, arg, coins = deal["kind"], deal["arg"], deal["coins"] * COIN
    if kind in ("buy cube", "sell cube"):
        return coins + cube_value(view, arg) * (1 if kind == "buy cube" else -1)
    if kind == "buy amulet":
        return coins + amulet_gain(view, view.obs["amulet_pool"][arg])
    if kind == "sell amulet":
        return coins + amulet_gain(view, arg, sold=True)
    return coins + (-ACTION if kind == "fire" else ACTION)  # recruit, peddler


def value(view, a):
    """Immediate worth of legal action `a` for you, in VP."""
    st, obs, req, t = view.static, view.obs, view.request, a["type"]
    if t == "Fulfil":
        o, gold = st["orders"][a["order"]], a["gt"] + a["gf"] + a["gc"]
        return o["vp"] + 1 - gold * GOLD - (sum(o["cost"]) - gold) * CUBE - o["coins"] * COIN
    if t == "Execute":
        young = 0.7 if a["disc"] == 1 else 0  # a chair Assistant (1 VP at the end) leaves
        return execute_value(view, obs["rooms"][req.node], a["option"]) - young
    if t == "Sell":
        table = st["retailer_reward" if req.room == 6 else "wholesaler_reward"]
        return reward(view, table[req.sold], a["as_type"], a["gold"])
    if t == "TakeCube":
        kind, i = st["warehouse_sources"][a["source"]]
        icon = {2: obs["market"], 6: obs["retailer"], 7: obs["wholesaler"]}.get(kind)
        cube = i if icon is None else icon[i] if kind == 2 else icon[i] % 4
        return cube_value(view, cube) - st["warehouse_costs"][req.bought] * COIN
    simple = {
        "Hire": lambda: 1.0 - sum(st["guild_hall_costs"][req.hired]) * 0.4,  # coins, fired
        "Move": lambda: room_value(view, a["to"]) if req.type == "MoveStep" else 0,
        "Pay": lambda: reward(view, [-c if k == 0 else c for k, c in
                                     enumerate(st["bank_steps"][req.paid])]),
        "Buy": lambda: [ACTION, ACTION, 1.0, GOLD][a["item"]]
        - st["trading_post_costs"][req.bought] * COIN,
        "Deal": lambda: deal_value(view, st["black_market"][a["option"]]),
        "ExpertSell": lambda: 2 * reward(view, st["market_reward"][a["as_type"]]),
        "PickCube": lambda: cube_value(view, a["cube"]),
        "Choose": lambda: [4 * COIN, 3][a["option"]],
        "Activate": lambda: 1.0,
        "KeepAmulet": lambda: amulet_gain(view, st["experts"][req.expert]["amulet"]),
        "Pray": lambda: temple_value(view, a["temple"]),
        "Honour": lambda: honour_value(view, a["village"]),
        "EndCell": lambda: st["worship_vp"][a["cell"] // 4][a["cell"] % 4],
        "TakeAmulet": lambda: amulet_gain(view, obs["amulet_spaces"][a["space"]]),
        "BonusAmulet": lambda: amulet_gain(view, obs["amulet_pool"][a["slot"]]),
        "BonusOrder": lambda: st["orders"][obs["order_pool"][a["slot"]]]["vp"] / 2,
        "Peddler": lambda: ACTION - (a["before"] + a["after"]) * COIN,
        "Apprentice": lambda: 1.0,
        "PayNeutral": lambda: -1.0,
    }
    return simple[t]() if t in simple else 0  # Stop, Skip, SkipExpert...: nothing changes


def decide(view):
    values = [value(view, a) for a in view.legal_actions]
    return values.index(max(values))


kit.run(decide)
