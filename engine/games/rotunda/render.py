"""A text picture of a Rotunda state: rooms with leaders and chairs, villages, worship
board, tracks, pools, players and the pending decision in words."""

from __future__ import annotations

from engine.games.rotunda import data as D
from engine.games.rotunda import rooms as R
from engine.games.rotunda.actions import (
    Activate,
    Apprentice,
    BonusAmulet,
    BonusOrder,
    Buy,
    Choose,
    ChooseStaircase,
    Deal,
    DiscardExpert,
    EndCell,
    Execute,
    ExpertSell,
    Fulfil,
    Hire,
    Honour,
    Move,
    PayNeutral,
    Peddler,
    PickCube,
    Pray,
    Sell,
    TakeAmulet,
    TakeCube,
)
from engine.games.rotunda.effects import hired_card
from engine.games.rotunda.state import RotundaState
from engine.protocol import Action

#: the pending decision in words, where the request's name does not say it
REQUEST_WORDS = {
    "NeutralWindow": "pay a cube to move a neutral leader (once per turn)?",
    "NeutralMove": "where the {} neutral leader goes",
}


def colour(p: int) -> str:
    return D.COLOURS[p]


def node_label(s: RotundaState, n: int) -> str:
    return f"{D.NODE_NAMES[n]} {D.ROOM_NAMES[s.rooms[n]]}" if n else "Lodge"


def cubes_text(s: RotundaState, p: int) -> str:
    return ", ".join(f"{s.cubes[p * 4 + t]} {D.CUBE_NAMES[t]}" for t in range(4))


def icon_text(x: int) -> str:
    if x < 0:
        return "-"
    return D.CUBE_NAMES[x & 3] if x >> 2 == x & 3 else f"{D.CUBE_NAMES[x & 3]} as " \
        f"{D.CUBE_NAMES[x >> 2]}"


def describe(s: RotundaState, a: Action) -> str:
    """One legal action in words."""
    if isinstance(a, Move):
        return f"move leader {node_label(s, a.frm)} -> {node_label(s, a.to)}"
    if isinstance(a, Execute):
        room = s.rooms[s.stack[-1].node] if s.stack else 0  # type: ignore[attr-defined]
        how = ("", " (extra, young chair Assistant)", " (extra, elder chair Assistant)")[a.disc]
        return f"{D.ROOM_NAMES[room]} option {_option(s, room, a.option)}{how}"
    if isinstance(a, Activate):
        return f"activate {D.EXPERTS[a.expert][0]} {D.EXPERTS[a.expert][1]}"
    if isinstance(a, (PickCube,)):
        return f"take {D.CUBE_NAMES[a.cube]}"
    if isinstance(a, Choose):
        return ("4 coins", "3 VP")[a.option]
    if isinstance(a, (ExpertSell, Sell)):
        where = f" into {node_label(s, a.room)}" if isinstance(a, ExpertSell) else ""
        return f"sell {'Gold as ' if a.gold else ''}{D.CUBE_NAMES[a.as_type]}{where}"
    if isinstance(a, Pray):
        return f"pray at temple {D.TEMPLES[a.temple][0]}"
    if isinstance(a, Honour):
        return f"honour with the Assistants of village V{a.village + 1}"
    if isinstance(a, EndCell):
        r, c = divmod(a.cell, 4)
        return f"end the chain on (r{r},c{c}) worth {D.WORSHIP_VP[r][c]} VP"
    if isinstance(a, TakeAmulet):
        return f"take amulet {D.AMULET_SPACE_NAMES[a.space]}"
    if isinstance(a, Peddler):
        return f"Peddler: move the tile {a.before}, place, move it {a.after}"
    if isinstance(a, Apprentice):
        return f"seat an Assistant in {node_label(s, a.room)}"
    if isinstance(a, Buy):
        return f"buy {R.TRADING_ITEMS[a.item]}"
    if isinstance(a, TakeCube):
        room, i = R.WAREHOUSE_SOURCES[a.source]
        return f"take the cube {i} of the {D.ROOM_NAMES[room]}"
    if isinstance(a, Hire):
        top = " (top of the discard pile)" if a.slot == D.DISCARD_SLOT else ""
        return f"hire {D.EXPERTS[hired_card(s, a.slot)][1]}{top}"
    if isinstance(a, Deal):
        kind, arg = R.BM_OPTIONS[a.option]
        return {"buy cube": lambda: f"buy a {D.CUBE_NAMES[arg]} for 1 coin",
                "buy recruit": lambda: "buy a Recruit for 3 coins",
                "buy amulet": lambda: f"buy amulet A{s.amulet_pool[arg] + 1} for 4 coins",
                "sell cube": lambda: f"sell a {D.CUBE_NAMES[arg]} for 3 coins",
                "fire": lambda: "fire an Assistant for 5 coins",
                "sell amulet": lambda: f"sell amulet A{arg + 1} for 6 coins",
                "peddler": lambda: "Peddler action"}[kind]()
    if isinstance(a, DiscardExpert):
        return f"discard {D.EXPERTS[a.expert][1]}"
    if isinstance(a, BonusOrder):
        return f"take order {D.ORDERS[s.order_pool[a.slot]][0]}"
    if isinstance(a, BonusAmulet):
        return f"take amulet A{s.amulet_pool[a.slot] + 1}"
    if isinstance(a, Fulfil):
        gold = f" (Gold for {a.gt}T {a.gf}F {a.gc}C)" if a.gt + a.gf + a.gc else ""
        return f"fulfil {D.ORDERS[a.order][0]}{gold}"
    if isinstance(a, PayNeutral):
        cube = "Gold" if a.gold else D.CUBE_NAMES[D.NEUTRAL_CUBE[a.neutral]]
        return (f"pay 1 {cube} to move the {D.NEUTRAL_COLOURS[a.neutral]} neutral leader "
                f"from {node_label(s, s.neutrals[a.neutral])}")
    if isinstance(a, ChooseStaircase):
        return f"Lodge on staircase {D.STAIRCASES[a.stair][0]}"
    return type(a).__name__


def _option(s: RotundaState, room: int, o: int) -> str:
    if room in (D.SUPPLIER,):
        return D.CUBE_NAMES[o] if o < 3 else "no cube"
    if room == D.HARBOUR:
        return "1 Gold" if o == 3 else f"smuggler {o}"
    if room == D.MARKET:
        t, g = divmod(o, 2)
        return f"sell {'Gold as ' if g else ''}{D.CUBE_NAMES[t]}"
    if room == D.BANKER:
        return "the room's coins" if o == 0 else D.CUBE_NAMES[o - 1]
    if room == D.TEA_HOUSE:
        if o <= 1:
            return ("2 Recruit + Peddler + Apprentice", "2 Recruit + Apprentice + Peddler")[o]
        return f"copy {node_label(s, o - 1)}"
    if room == D.EXPERTS_ROOM:
        top = " (top of the discard pile)" if o == D.DISCARD_SLOT else ""
        return f"hire {D.EXPERTS[hired_card(s, o)][1]}{top}"
    return {D.RETAILER: "sell cubes", D.WHOLESALER: "sell cubes", D.BANK: "make payments",
            D.BLACK_MARKET: "trade", D.TRADING_POST: "buy", D.GUILD_HALL: "hire Experts",
            D.WAREHOUSE: "Recruit and buy cubes"}.get(room, "take the action")


def render(s: RotundaState) -> str:
    n = s.num_players
    rows = [f"Rotunda, {n} players, round marker {s.round}/{D.END_SPACE[n]}"
            f"{' (end triggered)' if s.end_triggered else ''}, Lodge on "
            f"{D.STAIRCASES[s.lodge][0]}, first player {colour(s.first)}"
            f"{', neutral actions' if s.neutral_actions else ''}"
            f"{', advanced Experts' if s.advanced_experts else ''}"]
    for node in range(D.NODES):
        who = [colour(i // s.per_seat) for i, x in enumerate(s.leaders) if x == node]
        who += [f"neutral {D.NEUTRAL_COLOURS[k]}" for k, x in enumerate(s.neutrals) if x == node]
        extra = ""
        if node in D.INNER:
            k = (node - 1) * 3
            seats = [("-" if c < 0 else colour(c >> 1) + ("*" if c & 1 else ""))
                     for c in s.chairs[k:k + 3]]
            extra = f" chairs [{', '.join(seats)}]"
        room = s.rooms[node]
        if room == D.MARKET:
            extra += " icons " + "/".join(
                f"{D.CUBE_NAMES[t]}:{'-' if s.market[t] < 0 else D.CUBE_NAMES[s.market[t]]}"
                for t in D.BASIC)
        elif room in (D.RETAILER, D.WHOLESALER):
            extra += " icons " + "/".join(icon_text(x) for x in R.sales.icons(s, room))
        elif room == D.BANKER:
            extra += f" {s.banker} coins"
        elif room == D.WAREHOUSE:
            extra += " holds " + ",".join(
                D.CUBE_NAMES[t] for t in D.BASIC if s.warehouse[t])
        rows.append(f"  {node_label(s, node):26} leaders: {', '.join(who) or '-'}{extra}")
    vil = []
    for v in range(D.VILLAGES):
        here = [f"{colour(p)} {s.villages[v * n + p]}" for p in range(n) if s.villages[v * n + p]]
        mark = "*" if v == s.peddler else ""
        vil.append(f"V{v + 1}{mark}: {', '.join(here) or '-'}")
    rows.append("  villages (* Peddler): " + "; ".join(vil))
    rows.append("  worship board elders: " + "; ".join(
        f"{colour(p)} " + ",".join(f"(r{c // 4},c{c % 4})" for c in range(16)
                                   if s.worship[p * 16 + c]) for p in range(n)))
    rows.append("  amulet spaces: " + ", ".join(
        f"{D.AMULET_SPACE_NAMES[k]}={'-' if a < 0 else f'A{a + 1}'}"
        for k, a in enumerate(s.amulet_spaces)) + f"; temples face up: "
        f"{[D.TEMPLES[t][0] for t in range(4) if s.temples[t]]}")
    rows.append(f"  pools: orders {[D.ORDERS[o][0] for o in s.order_pool]}, amulets "
                f"{[f'A{a + 1}' for a in s.amulet_pool]}, experts "
                f"{[D.EXPERTS[e][1] for e in s.expert_pool]}, smugglers "
                f"{[[D.CUBE_NAMES[t] for t in D.SMUGGLERS[x]] for x in s.smuggler_pool]}")
    if s.advanced_experts:
        rows.append("  Expert discard pile (top first, hireable top): "
                    f"{[D.EXPERTS[e][1] for e in s.expert_discard]}")
    for p in range(n):
        rows.append(
            f"  {colour(p):6} VP {s.vp[p]:3}, {s.coins[p]} coins, {cubes_text(s, p)}; "
            f"supply {s.supply_discs[p]}, track {s.track[p]}; orders open "
            f"{[D.ORDERS[o][0] for o in s.orders_open[p]]} done "
            f"{[D.ORDERS[o][0] for o in s.orders_done[p]]}; experts "
            f"{[D.EXPERTS[e][1] for e in s.experts[p]]}; amulets "
            f"{[f'A{a + 1}' for a in s.amulets[p]]} kept {[D.EXPERTS[e][1] for e in s.kept[p]]}")
    req = s.pending()
    if req is None:
        rows.append(f"game over: scores {s.scores()}")
    else:
        legal = s.legal_actions()
        what = REQUEST_WORDS.get(type(req).__name__, type(req).__name__)
        neutral = getattr(req, "neutral", None)
        if neutral is not None:
            what = what.format(D.NEUTRAL_COLOURS[neutral])
        kind = getattr(req, "kind", None)
        if kind is not None:
            what += f" ({D.ASSISTANT_ACTION_NAMES[kind]})"
        rows.append(f"{colour(req.seat)} to decide: {what}; options: "
                    + "; ".join(describe(s, a) for a in legal[:12])
                    + (" ..." if len(legal) > 12 else ""))
    return "\n".join(rows)
