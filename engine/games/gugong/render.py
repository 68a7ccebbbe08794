"""Text picture of a Gugong state: the seven locations, decrees, jade, Wall, canal, travel
map (cities C01-C20 on their 5 x 4 grid), every player's board, and the pending decision in
words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.gugong import data as D
from engine.games.gugong import effects as E
from engine.games.gugong.state import (
    F_LOCKED,
    F_POOL,
    F_SHIP,
    F_SUPPLY,
    F_WALL,
    CanalMove,
    CanalPlace,
    CardAction,
    ChooseGain,
    ExchangeCost,
    FinalTrades,
    GiftExchange,
    GugongState,
    HarborClaim,
    IntrigueReward,
    LocationAction,
    MorningDecree,
    NightGain,
    StoreToken,
    TokenReward,
    TravelMove,
    TurnEnd,
    WallPlace,
)

COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple")
FOREMAN_WHERE = {F_LOCKED: "locked", F_POOL: "in pool", F_SUPPLY: "in supply",
                 F_WALL: "on the Wall"}


def seat_name(p: int) -> str:
    return f"{COLOURS[p]} (seat {p})"


def who(s: GugongState, p: int) -> str:
    """A colour's name: the solo game's second colour is the Automa Meng (rules §13)."""
    return "Meng" if p >= s.num_players else seat_name(p)


def card_text(c: int) -> str:
    act = D.CARD_ACTIONS[D.CARD_ACTION[c]]
    return f"{D.CARD_NAMES[c]}[{D.CARD_VALUE[c]}{'' if act == 'none' else ' ' + act}]"


def _source(r: Any) -> str:
    return "supply" if r.supply else "pool"


#: each request in words (the seat's name goes before it)
WORDS: dict[type, Callable[[Any], str]] = {
    GiftExchange: lambda r: "choose a hand card and a location for the gift exchange",
    TurnEnd: lambda r: "end of turn: exchange travel tokens (or not)",
    ExchangeCost: lambda r: (f"{card_text(r.card)} is not higher than the card at "
                             f"{D.LOCATIONS[r.loc]}: pay 2, sacrifice a card, or exchange "
                             "without actions"),
    CardAction: lambda r: f"use the action of {card_text(r.card)}?",
    LocationAction: lambda r: f"location action at {D.LOCATIONS[r.loc]} (or none)",
    TravelMove: lambda r: f"move the Traveller ({r.moves} move(s) left)",
    TokenReward: lambda r: f"use token {D.TOKEN_NAMES[r.token]} ({D.TOKEN_TEXT[r.token]})?",
    StoreToken: lambda r: ("storage full: exchange travel tokens to store "
                           f"{D.TOKEN_NAMES[r.token]}"),
    WallPlace: lambda r: (f"place a piece from the {_source(r)} on the Great Wall "
                          f"({r.remaining} left)"),
    IntrigueReward: lambda r: "Wall completed: choose an Intrigue reward (or none)",
    CanalPlace: lambda r: f"place a piece from the {_source(r)} on a ship ({r.remaining} left)",
    CanalMove: lambda r: "move one of your ships forward (or not)",
    HarborClaim: lambda r: "claim a Harbor reward with a full ship (or stop)",
    ChooseGain: lambda r: f"gaining {r.n} servant(s): take the Foreman as one of them?",
    NightGain: lambda r: "Destiny dice servants: take the Foreman as one of them?",
    MorningDecree: lambda r: (f"Morning decree {D.DECREE_NAMES[r.tile]}: "
                              f"{D.DECREE_TEXT[r.tile]}?"),
    FinalTrades: lambda r: "last travel-token exchanges before scoring",
}


def describe(s: GugongState) -> str:
    """The pending decision in words."""
    r = s.pending()
    if r is None:
        return "game over"
    words = WORDS.get(type(r))
    return f"{seat_name(r.seat)}: {words(r) if words else type(r).__name__}"


def render(s: GugongState) -> str:
    n = len(s.vp)  # colours (solo: Meng's too)
    out = [f"Gugong - Day {s.day}/4, first player {who(s, s.first)}, Medal "
           + (f"taken by {who(s, s.medal)}" if s.medal >= 0 else "on the board")
           + f", Destiny dice {s.dice}"]
    out.append("Locations: " + "; ".join(f"{D.LOCATIONS[i]} {card_text(c)}"
                                          for i, c in enumerate(s.board)))
    dec = []
    for slot, t in enumerate(s.decrees):
        holders = [who(s, p) for p in range(n) if s.decree_servants[p * 6 + slot]]
        dec.append(f"{D.DECREE_NAMES[t]} ({D.DECREE_TEXT[t]})"
                   + (f" held by {', '.join(holders)}" if holders else ""))
    out.append("Decrees: " + "; ".join(dec))
    houses = " ".join(f"{c}" if s.houses[h] else "-" for h, c in enumerate(D.HOUSE_COSTS))
    out.append(f"Jade houses (cost): {houses}; market {D.MARKET_COST}")
    wall = ", ".join(f"{who(s, p)} {E.wall_units(s, p)}" for p in range(n)
                     if E.wall_units(s, p))
    out.append(f"Great Wall (section {D.WALL_SIZE[s.num_players]}): {wall or 'empty'}")
    for path in range(E.paths(s)):
        row = []
        for h in range(D.HARBORS):
            here = "free"
            for i, hh in enumerate(s.ship_harbor):
                if hh == h and s.ship_path[i] == path:
                    here = f"{who(s, i // 3)} ship {E.ship_units(s, i // 3, i % 3)}/3"
            row.append(f"H{h + 1}: {here}")
        out.append(f"Canal {D.PATH_NAMES[E.paths(s)][path]}: " + " | ".join(row))
    out.append("Travel map (token or traveller initial):")
    for y in range(4):
        cells = []
        for x in range(5):
            c = 5 * y + x
            here = "".join(who(s, p)[0] for p in range(n) if s.traveller[p] == c)
            tok = D.TOKEN_NAMES[s.cities[c]] if s.cities[c] >= 0 else "."
            cells.append(f"{D.CITY_NAMES[c]} {tok:<10}{here:<2}")
        out.append("  " + " ".join(cells))
    for p in range(s.num_players):
        fm = FOREMAN_WHERE.get(s.foreman[p], f"on ship {s.foreman[p] - F_SHIP}")
        stored = ",".join(D.TOKEN_NAMES[t] for t in s.stored[p]) or "none"
        inside = f"inside (slot {s.palace_slot[p]})" if s.palace_slot[p] else f"{s.envoy[p]}/8"
        out.append(
            f"{seat_name(p)}: VP {s.vp[p]}, pool {s.pool[p]}, supply {s.supply[p]}, Foreman "
            f"{fm}, Intrigue {s.intrigue[p]}, Envoy {inside}, jade {s.jade[p]}, hand "
            f"{len(s.hands[p])}, discard {len(s.discards[p])}, tokens {stored}, rewards "
            f"VP {s.rewards[p * 3]} card {s.rewards[p * 3 + 1]} Foreman {s.rewards[p * 3 + 2]}")
    if s.automa:  # solo: the Automa Meng (rules §13)
        from engine.games.gugong.automa import describe_meng

        out.append(describe_meng(s))
    out.append("Pending: " + describe(s))
    return "\n".join(out)
