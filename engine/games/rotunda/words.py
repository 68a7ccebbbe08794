"""Rotunda in words (issue 21): seat colours, room and worship-board names, and every
request's decision and options in the rulebook's words: one `RULES.words` registration per
request type that is ever asked (Cleanup, ReturnChain, EndTurn and NeutralCleanup never are).

Rooms are named by their place on the board (I1-I5 inner ring, O1-O6 outer ring, the
Ancestral Lodge) and their tile ("I3 Market"); worship-board cells by column letter A-D
and row number 1-4 ("worship B3"); villages V1-V6, as in the render.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.common.text import column_labels
from engine.games.rotunda import data
from engine.games.rotunda.actions import (
    BonusOrder,
    Deal,
    Execute,
    Fulfil,
    Honour,
    KeepAmulet,
    Move,
    PayNeutral,
    Peddler,
    Pray,
    Skip,
    SkipExpert,
    Stop,
    TakeCube,
)
from engine.games.rotunda.effects import hired_card
from engine.games.rotunda.requests import (
    BankLoop,
    BlackMarketLoop,
    BonusStep,
    ChainEnd,
    ChooseLodge,
    ExpertCube,
    ExpertReward,
    ExpertSale,
    ExpertStep,
    Grant,
    GuildLoop,
    HireLimit,
    KeepOrDiscard,
    LodgeStep,
    MoveStep,
    NeutralMove,
    NeutralWindow,
    OrdersStep,
    RoomTurn,
    SaleLoop,
    TradingLoop,
    WarehouseLoop,
    WorshipAmulet,
)
from engine.games.rotunda.rules import RULES

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

#: Rich styles of the five family colours (rules §2) and the neutral leaders (§10)
STYLES = {"black": "bold white on grey23", "yellow": "bold yellow", "green": "bold green",
          "red": "bold red", "blue": "bold blue"}
CUBE_STYLES = ("green", "red", "cyan", "bold yellow")
WORSHIP_COLUMNS = column_labels(data.WORSHIP_COLS)


def colour(p: int) -> str:
    """A seat's family colour, capitalised: "Black"."""
    return data.COLOURS[p].capitalize()


def seat_style(p: int) -> str:
    return STYLES[data.COLOURS[p]]


def node_label(s: RotundaState, n: int) -> str:
    """A room by its place and tile: "I3 Market", or "the Ancestral Lodge"."""
    return f"{data.NODE_NAMES[n]} {data.ROOM_NAMES[s.rooms[n]]}" if n else "the Ancestral Lodge"


def worship_cell(cell: int) -> str:
    r, c = divmod(cell, data.WORSHIP_COLS)
    return f"worship {WORSHIP_COLUMNS[c]}{r + 1}"


def expert_name(e: int) -> str:
    return f"{data.EXPERTS[e][1]} ({data.EXPERTS[e][0]})"


def amulet_name(a: int) -> str:
    return f"amulet A{a + 1}"


def order_text(o: int) -> str:
    """An Order with its cost and reward: "O07 (2 Fruit + 1 Celadon: 4 VP)"."""
    _, t, f, c, coins, vp = data.ORDERS[o][:6]
    cost = " + ".join(f"{k} {data.CUBE_NAMES[i]}" for i, k in enumerate((t, f, c)) if k)
    gain = ", ".join(x for x in (f"{coins} coins" if coins else "", f"{vp} VP") if x)
    return f"{data.ORDERS[o][0]} ({cost}: {gain})"


def smuggler_text(x: int) -> str:
    return "+".join(data.CUBE_NAMES[t] for t in data.SMUGGLERS[x])


def _option(s: RotundaState, room: int, o: int) -> str:
    """One execution option of a room (rooms.execution_options)."""
    if room == data.SUPPLIER:
        return f"take 1 {data.CUBE_NAMES[o]}" if o < 3 else "take no cube"
    if room == data.HARBOUR:
        return "take 1 Gold" if o == 3 else f"take smuggler {smuggler_text(s.smuggler_pool[o])}"
    if room == data.MARKET:
        t, g = divmod(o, 2)
        return f"sell {'Gold as ' if g else ''}{data.CUBE_NAMES[t]}"
    if room == data.BANKER:
        return f"take the room's {s.banker} coins" if o == 0 else f"take 1 {data.CUBE_NAMES[o - 1]}"
    if room == data.TEA_HOUSE:
        if o <= 1:
            return ("2 Recruits, then Peddler, then Apprentice",
                    "2 Recruits, then Apprentice, then Peddler")[o]
        return f"copy the action of {node_label(s, o - 1)}"
    if room == data.EXPERTS_ROOM:
        return f"hire {_hire(s, o)}"
    return {data.RETAILER: "sell cubes", data.WHOLESALER: "sell cubes", data.BANK: "make payments",
            data.BLACK_MARKET: "trade", data.TRADING_POST: "buy", data.GUILD_HALL: "hire Experts",
            data.WAREHOUSE: "Recruit and buy cubes"}.get(room, "take the action")


def _hire(s: RotundaState, slot: int) -> str:
    top = " from the top of the discard pile" if slot == data.DISCARD_SLOT else ""
    return expert_name(hired_card(s, slot)) + top


def _peddler(s: RotundaState, a: Peddler) -> str:
    here = s.peddler
    if a.before:
        at = (here + a.before) % data.VILLAGES
        return (f"Peddler: pay {a.before} coin(s) to move the Peddler to V{at + 1}, place "
                "an Assistant there")
    if a.after:
        to = (here + a.after) % data.VILLAGES
        return (f"Peddler: place an Assistant in V{here + 1}, then pay {a.after} coin(s) to "
                f"move the Peddler to V{to + 1}")
    return f"Peddler: place an Assistant in V{here + 1}"


def _deal(s: RotundaState, a: Deal) -> str:
    kind, arg = data.BM_OPTIONS[a.option]
    if kind == "buy cube":
        return f"buy 1 {data.CUBE_NAMES[arg]} for {data.BM_BUY_CUBE} coin"
    if kind == "buy recruit":
        return f"buy a Recruit for {data.BM_BUY_RECRUIT} coins"
    if kind == "buy amulet":
        return f"buy {amulet_name(s.amulet_pool[arg])} (pool slot {arg + 1}) for " \
            f"{data.BM_BUY_AMULET} coins"
    if kind == "sell cube":
        return f"sell 1 {data.CUBE_NAMES[arg]} for {data.BM_SELL_CUBE} coins"
    if kind == "fire":
        return f"fire an Assistant for {data.BM_FIRE} coins"
    if kind == "sell amulet":
        return f"sell {amulet_name(arg)} for {data.BM_SELL_AMULET} coins"
    return "take a Peddler action"


def _take_cube(a: TakeCube) -> str:
    room, i = data.WAREHOUSE_SOURCES[a.source]
    if room in (data.WAREHOUSE, data.MARKET):
        return f"take the {data.CUBE_NAMES[i]} cube of the {data.ROOM_NAMES[room]}"
    return f"take the cube on icon {i + 1} of the {data.ROOM_NAMES[room]}"


def _own_nodes(s: RotundaState, p: int) -> set[int]:
    k = s.per_seat
    return {x for x in s.leaders[p * k:(p + 1) * k] if x >= 0}


def _room_turn(s: RotundaState, req: RoomTurn) -> str:
    if req.done == 0:
        return f"take the action of {node_label(s, req.node)}, or not"
    return f"an extra execution in {node_label(s, req.node)} for a chair Assistant, or stop"


def _grant(s: RotundaState, req: Grant) -> str:
    return f"take a {data.ASSISTANT_ACTION_NAMES[req.kind]} action" + (
        ", or skip it" if req.optional else "")


# --- options in words, by request ------------------------------------------------------------
Ask = Callable[["RotundaState", Any], str]
Say = Callable[["RotundaState", Any, Any], str]


def _seat(words: Ask) -> Ask:
    """A decision in words, after the deciding seat's colour ("Black: ...")."""
    return lambda s, req: f"{colour(req.seat)}: {words(s, req)}"


def _or(say: Say, other: type, word: str) -> Say:
    """Options of a decision whose one plain option (Stop, Skip, SkipExpert, ...) reads
    `word`; the others read as `say` words them."""
    return lambda s, req, a: word if type(a) is other else say(s, req, a)


def _move(s: RotundaState, req: Any, a: Move) -> str:
    if type(req) is NeutralMove:
        who = f"the {data.NEUTRAL_COLOURS[req.neutral]} neutral leader"
    else:
        who = "your leader" if a.frm in _own_nodes(s, req.seat) else "the leader"
    return f"move {who} from {node_label(s, a.frm)} to {node_label(s, a.to)}"


def _execute(s: RotundaState, req: RoomTurn, a: Execute) -> str:
    room = s.rooms[req.node]
    how = ("", " (extra, young chair Assistant)", " (extra, elder chair Assistant)")[a.disc]
    return f"{data.ROOM_NAMES[room]}: {_option(s, room, a.option)}{how}"


def _sell(a: Any) -> str:
    return f"sell {'Gold as ' if a.gold else ''}{data.CUBE_NAMES[a.as_type]}"


def _lodge(s: RotundaState, req: LodgeStep, a: Any) -> str:
    if type(a) is Pray:
        return f"pray at temple {data.TEMPLES[a.temple][0]}"
    if type(a) is Honour:
        return f"honour the ancestors with the Assistants of village V{a.village + 1}"
    return "honour with no Assistants (score your chairs)"


def _end_cell(s: RotundaState, req: ChainEnd, a: Any) -> str:
    r, c = divmod(a.cell, data.WORSHIP_COLS)
    return f"end the chain on {worship_cell(a.cell)} ({data.WORSHIP_VP[r][c]} VP)"


def _grant_option(s: RotundaState, req: Grant, a: Any) -> str:
    if type(a) is Peddler:
        return _peddler(s, a)
    return f"seat an Assistant on a chair of {node_label(s, a.room)}"


def _bonus(s: RotundaState, req: BonusStep, a: Any) -> str:
    if type(a) is BonusOrder:
        return f"take order {order_text(s.order_pool[a.slot])}"
    return f"take {amulet_name(s.amulet_pool[a.slot])} (pool slot {a.slot + 1})"


def _fulfil(s: RotundaState, req: OrdersStep, a: Fulfil) -> str:
    gold = [f"{k} {data.CUBE_NAMES[i]}" for i, k in enumerate((a.gt, a.gf, a.gc)) if k]
    return f"fulfil {order_text(a.order)}" + (f", Gold for {' and '.join(gold)}" if gold else "")


def _pay_neutral(s: RotundaState, req: NeutralWindow, a: PayNeutral) -> str:
    cube = "Gold" if a.gold else data.CUBE_NAMES[data.NEUTRAL_CUBE[a.neutral]]
    return (f"pay 1 {cube} to move the {data.NEUTRAL_COLOURS[a.neutral]} neutral leader "
            f"from {node_label(s, s.neutrals[a.neutral])}")


# --- one registration per request type -------------------------------------------------------
RULES.words(ChooseLodge, ask=_seat(lambda s, r: "place the Ancestral Lodge on a staircase"),
            say=lambda s, r, a: f"place the Lodge on staircase {data.STAIRCASES[a.stair][0]}")
RULES.words(ExpertStep, ask=_seat(lambda s, r: "activate one of your Experts, or none"),
            say=_or(lambda s, r, a: f"activate {expert_name(a.expert)}", SkipExpert,
                    "activate no Expert"))
RULES.words(ExpertCube, ask=_seat(lambda s, r: f"{expert_name(r.expert)}: choose a cube "
                                               f"({r.left} to choose)"),
            say=lambda s, r, a: f"take 1 {data.CUBE_NAMES[a.cube]}")
RULES.words(ExpertReward, ask=_seat(lambda s, r: f"{expert_name(r.expert)}: 4 coins or 3 VP"),
            say=lambda s, r, a: ("take 4 coins", "take 3 VP")[a.option])
RULES.words(ExpertSale, ask=_seat(lambda s, r: f"{expert_name(r.expert)}: sell a cube "
                                               f"({r.left} to sell)"),
            say=lambda s, r, a: f"{_sell(a)} into {node_label(s, a.room)}")
RULES.words(KeepOrDiscard, ask=_seat(lambda s, r: f"keep {expert_name(r.expert)} as an "
                                                  "amulet, or discard it"),
            say=_or(lambda s, r, a: "discard it", KeepAmulet, "keep it as an amulet"))
RULES.words(MoveStep, ask=_seat(lambda s, r: "move one of your leaders clockwise"), say=_move)
RULES.words(LodgeStep, ask=_seat(lambda s, r: "at the Ancestral Lodge: pray at a temple, or "
                                              "honour the ancestors with a village's "
                                              "Assistants"),
            say=_lodge)
RULES.words(ChainEnd, ask=_seat(lambda s, r: f"honour: the chain of {r.count} Assistants ends "
                                             "on which worship cell"),
            say=_end_cell)
RULES.words(WorshipAmulet, ask=_seat(lambda s, r: "honour: take an amulet beside "
                                                  f"{worship_cell(r.r * data.WORSHIP_COLS + r.c)}"),
            say=_or(lambda s, r, a: f"take {amulet_name(s.amulet_spaces[a.space])} from "
                                    f"{data.AMULET_SPACE_NAMES[a.space]}", Skip, "skip"))
RULES.words(Grant, ask=_seat(_grant), say=_or(_grant_option, Skip, "skip"))
RULES.words(RoomTurn, ask=_seat(_room_turn), say=_or(_execute, Stop, "stop"))
RULES.words(SaleLoop, ask=_seat(lambda s, r: f"{data.ROOM_NAMES[r.room]}: sell a cube ({r.sold} "
                                             "sold), or stop"),
            say=_or(lambda s, r, a: _sell(a), Stop, "stop"))
RULES.words(BankLoop, ask=_seat(lambda s, r: f"Bank: make a payment ({r.paid} made), or stop"),
            say=_or(lambda s, r, a: "make the next payment", Stop, "stop"))
RULES.words(TradingLoop, ask=_seat(lambda s, r: f"Trading Post: buy an item ({r.bought} "
                                                "bought), or stop"),
            say=_or(lambda s, r, a: f"buy a {data.TRADING_ITEMS[a.item]}", Stop, "stop"))
RULES.words(WarehouseLoop, ask=_seat(lambda s, r: f"Warehouse: buy a cube ({r.bought} "
                                                  "bought), or stop"),
            say=_or(lambda s, r, a: _take_cube(a), Stop, "stop"))
RULES.words(GuildLoop, ask=_seat(lambda s, r: f"Guild Hall: hire an Expert ({r.hired} "
                                              "hired), or stop"),
            say=_or(lambda s, r, a: f"hire {_hire(s, a.slot)}", Stop, "stop"))
RULES.words(BlackMarketLoop, ask=_seat(lambda s, r: f"Black Market: a transaction ({r.deals} "
                                                    "made), or stop"),
            say=_or(lambda s, r, a: _deal(s, a), Stop, "stop"))
RULES.words(HireLimit, ask=_seat(lambda s, r: f"you hold {data.EXPERT_LIMIT} Experts: discard "
                                              f"one to hire {_hire(s, r.slot)}, or cancel"),
            say=_or(lambda s, r, a: f"discard {expert_name(a.expert)}", Stop, "stop"))
RULES.words(BonusStep, ask=_seat(lambda s, r: f"bonus symbol ({r.left} to use): take an Order "
                                              "or an amulet"),
            say=_or(_bonus, Stop, "stop"))
RULES.words(OrdersStep, ask=_seat(lambda s, r: "fulfil an Order, or stop"),
            say=_or(_fulfil, Stop, "stop"))
RULES.words(NeutralWindow, ask=_seat(lambda s, r: "pay a cube to move a neutral leader (once "
                                                  "per turn), or skip"),
            say=_or(_pay_neutral, Skip, "skip"))
RULES.words(NeutralMove, ask=_seat(lambda s, r: f"where the {data.NEUTRAL_COLOURS[r.neutral]} "
                                                "neutral leader goes"),
            say=_move)
