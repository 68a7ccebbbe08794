"""Text picture of a Gugong state: the seven locations, decrees, jade, Wall, canal, travel
map (cities C01-C20 on their 5 x 4 grid), every player's board, and the pending decision in
words."""

from __future__ import annotations

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


def card_text(c: int) -> str:
    act = D.CARD_ACTIONS[D.CARD_ACTION[c]]
    return f"{D.CARD_NAMES[c]}[{D.CARD_VALUE[c]}{'' if act == 'none' else ' ' + act}]"


def describe(s: GugongState) -> str:
    """The pending decision in words."""
    r = s.pending()
    if r is None:
        return "game over"
    who = seat_name(r.seat)
    t = type(r)
    if t is GiftExchange:
        return f"{who}: choose a hand card and a location for the gift exchange"
    if t is TurnEnd:
        return f"{who}: end of turn: exchange travel tokens (or not)"
    if t is ExchangeCost:
        return (f"{who}: {card_text(r.card)} is not higher than the card at "
                f"{D.LOCATIONS[r.loc]}: pay 2, sacrifice a card, or exchange without actions")
    if t is CardAction:
        return f"{who}: use the action of {card_text(r.card)}?"
    if t is LocationAction:
        return f"{who}: location action at {D.LOCATIONS[r.loc]} (or none)"
    if t is TravelMove:
        return f"{who}: move the Traveller ({r.moves} move(s) left)"
    if t is TokenReward:
        return f"{who}: use token {D.TOKEN_NAMES[r.token]} ({D.TOKEN_TEXT[r.token]})?"
    if t is StoreToken:
        return f"{who}: storage full: exchange travel tokens to store {D.TOKEN_NAMES[r.token]}"
    if t is WallPlace:
        src = "supply" if r.supply else "pool"
        return f"{who}: place a piece from the {src} on the Great Wall ({r.remaining} left)"
    if t is IntrigueReward:
        return f"{who}: Wall completed: choose an Intrigue reward (or none)"
    if t is CanalPlace:
        src = "supply" if r.supply else "pool"
        return f"{who}: place a piece from the {src} on a ship ({r.remaining} left)"
    if t is CanalMove:
        return f"{who}: move one of your ships forward (or not)"
    if t is HarborClaim:
        return f"{who}: claim a Harbor reward with a full ship (or stop)"
    if t is ChooseGain:
        return f"{who}: gaining {r.n} servant(s): take the Foreman as one of them?"
    if t is NightGain:
        return f"{who}: Destiny dice servants: take the Foreman as one of them?"
    if t is MorningDecree:
        return f"{who}: Morning decree {D.DECREE_NAMES[r.tile]}: {D.DECREE_TEXT[r.tile]}?"
    if t is FinalTrades:
        return f"{who}: last travel-token exchanges before scoring"
    return f"{who}: {t.__name__}"


def render(s: GugongState) -> str:
    n = s.num_players
    out = [f"Gugong - Day {s.day}/4, first player {seat_name(s.first)}, Medal "
           + (f"taken by {seat_name(s.medal)}" if s.medal >= 0 else "on the board")
           + f", Destiny dice {s.dice}"]
    out.append("Locations: " + "; ".join(f"{D.LOCATIONS[i]} {card_text(c)}"
                                          for i, c in enumerate(s.board)))
    dec = []
    for slot, t in enumerate(s.decrees):
        holders = [COLOURS[p] for p in range(n) if s.decree_servants[p * 6 + slot]]
        dec.append(f"{D.DECREE_NAMES[t]} ({D.DECREE_TEXT[t]})"
                   + (f" held by {', '.join(holders)}" if holders else ""))
    out.append("Decrees: " + "; ".join(dec))
    houses = " ".join(f"{c}" if s.houses[h] else "-" for h, c in enumerate(D.HOUSE_COSTS))
    out.append(f"Jade houses (cost): {houses}; market {D.MARKET_COST}")
    wall = ", ".join(f"{COLOURS[p]} {E.wall_units(s, p)}" for p in range(n)
                     if E.wall_units(s, p))
    out.append(f"Great Wall (section {D.WALL_SIZE[n]}): {wall or 'empty'}")
    for path in range(E.paths(s)):
        row = []
        for h in range(D.HARBORS):
            here = "free"
            for i, hh in enumerate(s.ship_harbor):
                if hh == h and s.ship_path[i] == path:
                    here = f"{COLOURS[i // 3]} ship {E.ship_units(s, i // 3, i % 3)}/3"
            row.append(f"H{h + 1}: {here}")
        out.append(f"Canal {D.PATH_NAMES[E.paths(s)][path]}: " + " | ".join(row))
    out.append("Travel map (token or traveller initial):")
    for y in range(4):
        cells = []
        for x in range(5):
            c = 5 * y + x
            who = "".join(COLOURS[p][0] for p in range(n) if s.traveller[p] == c)
            tok = D.TOKEN_NAMES[s.cities[c]] if s.cities[c] >= 0 else "."
            cells.append(f"{D.CITY_NAMES[c]} {tok:<10}{who:<2}")
        out.append("  " + " ".join(cells))
    for p in range(n):
        fm = FOREMAN_WHERE.get(s.foreman[p], f"on ship {s.foreman[p] - F_SHIP}")
        stored = ",".join(D.TOKEN_NAMES[t] for t in s.stored[p]) or "none"
        inside = f"inside (slot {s.palace_slot[p]})" if s.palace_slot[p] else f"{s.envoy[p]}/8"
        out.append(
            f"{seat_name(p)}: VP {s.vp[p]}, pool {s.pool[p]}, supply {s.supply[p]}, Foreman "
            f"{fm}, Intrigue {s.intrigue[p]}, Envoy {inside}, jade {s.jade[p]}, hand "
            f"{len(s.hands[p])}, discard {len(s.discards[p])}, tokens {stored}, rewards "
            f"VP {s.rewards[p * 3]} card {s.rewards[p * 3 + 1]} Foreman {s.rewards[p * 3 + 2]}")
    out.append("Pending: " + describe(s))
    return "\n".join(out)
