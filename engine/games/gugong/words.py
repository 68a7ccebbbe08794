"""Gugong in words (issue 21): seat colours, gift cards, tokens, decrees, cities, harbors,
and every request's decision and options in the rulebook's words (registered with
`Rules.words`).

Names follow the render: the seven locations by name, gift cards "G14 (4, +1 servant)",
cities C01-C20 on the 5 x 4 travel map (column A-E, row 1-4 in the render), harbors H1-H5
on each canal path, ships 1-3 of each player, decree slots by tile name ("D2c").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.gugong import data as D
from engine.games.gugong import effects as E
from engine.games.gugong.actions import (
    BuyJade,
    Claim,
    Do,
    Exchange,
    IntrigueBack,
    Jade7,
    LoadShip,
    MoveShip,
    MoveTo,
    NewShip,
    NoActions,
    OptionA,
    OptionB,
    PayTwo,
    PlaceWall,
    Retrieve,
    Sacrifice,
    Skip,
    Swap,
    TakeDecree,
    TakeForeman,
    Trade,
    TurnDie,
    UseToken,
)
from engine.games.gugong.rules import RULES
from engine.games.gugong.state import (
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
from engine.games.gugong.turn import decree_cost, jade_cost, travel_cost

#: player colours by seat [reconstructed order]
COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple")
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta")
#: what a gift card's action does (rules §6)
CARD_ACTION_WORDS = ("no action", "Travel A", "Great Wall A", "Intrigue A", "Palace A",
                     "Grand Canal A", "+1 servant", "+2 servants", "swap")
#: option A and B of each location (rules §5), by location index
OPTION_A = ("move the Traveller once", "place 1 piece on the Great Wall", "",
            "Intrigue +1 (and the Medal if still there)", "Envoy +1", "",
            "place 1 piece on a ship, then move a ship")
OPTION_B = ("pay {} to move the Traveller twice", "pay 1 to place up to 2 pieces on the Wall",
            "", "pay 1 for Intrigue +3", "pay 2 for Envoy +2 and Intrigue +1", "",
            "pay 1 to place 2 pieces on ships")
#: short token names for the map (rules §8, D3)
TOKEN_SHORT = tuple(n.split("_", 1)[1] for n in D.TOKEN_NAMES)


def seat_name(p: int) -> str:
    return COLOURS[p]


def seat_style(p: int) -> str:
    return SEAT_STYLES[p]


def card_text(c: int) -> str:
    """A gift card with its value and action: "G14 (4, +1 servant)"."""
    return f"{D.CARD_NAMES[c]} ({D.CARD_VALUE[c]}, {CARD_ACTION_WORDS[D.CARD_ACTION[c]]})"


def token_text(t: int) -> str:
    return f"{TOKEN_SHORT[t]} ({D.TOKEN_TEXT[t]})"


def decree_text(t: int) -> str:
    return f"{D.DECREE_NAMES[t]} ({D.DECREE_TEXT[t]})"


def city(c: int) -> str:
    return D.CITY_NAMES[c]


def _with(foreman: bool) -> str:
    return " with the Foreman" if foreman else ""


def _piece(foreman: bool) -> str:
    return "the Foreman (2 units)" if foreman else "1 servant"


def _ship(s: GugongState, p: int, k: int) -> str:
    i = p * 3 + k
    h = s.ship_harbor[i]
    where = "beside the board" if h < 0 else f"at H{h + 1}"
    if h >= 0 and E.paths(s) > 1:
        where += f" of path {D.PATH_NAMES[E.paths(s)][s.ship_path[i]]}"
    return f"ship {k + 1} ({where}, {E.ship_units(s, p, k)}/{D.SHIP_CAPACITY})"


def trade_words(a: Trade) -> str:
    """Rules §8: 2 tokens -> 1 servant, 4 -> 2 VP, 6 -> 1 jade (a double counts 2)."""
    gain = {D.EXCHANGE_SERVANT: "1 servant", D.EXCHANGE_VP: "2 VP",
            D.EXCHANGE_JADE: "1 jade"}.get(a.units, "?")
    singles = a.units - 2 * a.doubles
    used = ", ".join(x for x in (f"{singles} token(s)" if singles else "",
                                 f"{a.doubles} double(s)" if a.doubles else "") if x)
    return f"exchange travel tokens worth {a.units} ({used}) for {gain}"


def _location_option(s: GugongState, req: LocationAction, a: Any) -> str:
    loc = req.loc
    if type(a) is OptionA:
        return f"{D.LOCATIONS[loc]} A: {OPTION_A[loc]}"
    if type(a) is OptionB:
        text = OPTION_B[loc]
        if "{}" in text:
            text = text.format(travel_cost(s, req.seat))
        return f"{D.LOCATIONS[loc]} B: {text}{_with(a.foreman)}"
    if type(a) is BuyJade:
        where = "the market" if a.space == D.MARKET else f"roof space {a.space + 1}"
        return f"buy 1 jade from {where} for {jade_cost(s, req.seat, a.space)}{_with(a.foreman)}"
    if type(a) is TakeDecree:
        t = s.decrees[a.slot]
        return (f"take decree {decree_text(t)} for {decree_cost(s, req.seat, a.slot)}, "
                f"{D.DECREE_VP[t]} VP{_with(a.foreman)}")
    return say_common(s, req, a)


def say_common(s: GugongState, req: Any, a: Any) -> str:
    """Options that read the same whatever the request."""
    t = type(a)
    if t is Skip:
        return SKIP_WORDS.get(type(req), "do nothing more")
    if t is Trade:
        return trade_words(a)
    if t is Exchange:
        return f"give {card_text(a.card)} at {D.LOCATIONS[a.loc]} for {card_text(s.board[a.loc])}"
    if t is PayTwo:
        return f"pay 2 servants{_with(a.foreman)}"
    if t is Sacrifice:
        return f"sacrifice {card_text(a.card)} face down"
    if t is NoActions:
        return "exchange without any action"
    if t is Do:
        return f"use the card's action ({CARD_ACTION_WORDS[D.CARD_ACTION[req.card]]})"
    if t is Swap:
        where = "hand" if a.card in s.hands[req.seat] else "discard pile"
        return (f"swap {card_text(a.card)} from your {where} for {card_text(s.board[a.loc])} "
                f"at {D.LOCATIONS[a.loc]}")
    if t is MoveTo:
        tok = s.cities[a.city]
        return f"move the Traveller to {city(a.city)}" + (
            f" and take {token_text(tok)}" if tok >= 0 else "")
    if t is UseToken:
        return f"pay 3 for 1 jade{_with(a.foreman)}"
    if t is Jade7:
        return f"discard {card_text(a.card)} for 1 jade"
    if t is Retrieve:
        return f"take {card_text(a.card)} from your discard pile into your hand"
    if t is PlaceWall:
        return f"place {_piece(a.foreman)} on the Great Wall"
    if t is LoadShip:
        return f"place {_piece(a.foreman)} on {_ship(s, req.seat, a.ship)}"
    if t is NewShip:
        path = (f" of path {D.PATH_NAMES[E.paths(s)][a.path]}" if E.paths(s) > 1 else "")
        return f"put a new ship with {_piece(a.foreman)} on the first free harbor{path}"
    if t is MoveShip:
        return f"move {_ship(s, req.seat, a.ship)} to the next free harbor ahead"
    if t is Claim:
        return f"claim {D.REWARD_NAMES[a.reward]} with {_ship(s, req.seat, a.ship)}"
    if t is IntrigueBack:
        gain = {1: "1 servant", 3: "2 servants", 7: "1 jade"}.get(a.steps, "?")
        return f"Intrigue back {a.steps} for {gain}"
    if t is TurnDie:
        return f"Intrigue back 5: turn Destiny die {a.die + 1} from {s.dice[a.die]} to {a.face}"
    if t is TakeForeman:
        return "take the Foreman as one of them" if a.yes else "take normal servants only"
    return type(a).__name__


SKIP_WORDS: dict[type, str] = {
    TurnEnd: "end the turn without exchanging", CardAction: "do not use the card's action",
    LocationAction: "take no location action", TravelMove: "stop moving",
    TokenReward: "do not use the token now", WallPlace: "place no more pieces on the Wall",
    IntrigueReward: "take no Intrigue reward", CanalPlace: "place no more pieces on ships",
    CanalMove: "move no ship", HarborClaim: "claim no more Harbor rewards",
    MorningDecree: "do not swap", FinalTrades: "make no more exchanges",
}


def _source(r: Any) -> str:
    return "supply" if r.supply else "pool"


#: each request in words (the seat's colour goes before it); public facts only: these words
#: appear in every seat's render
ASK: dict[type, Callable[[GugongState, Any], str]] = {
    GiftExchange: lambda s, r: "gift exchange: choose a hand card and a location",
    TurnEnd: lambda s, r: "end of turn: exchange travel tokens, or not",
    ExchangeCost: lambda s, r: (f"{card_text(r.card)} is not higher than the card at "
                                f"{D.LOCATIONS[r.loc]}: pay 2, sacrifice a card, or exchange "
                                "without actions"),
    CardAction: lambda s, r: f"use the action of {card_text(r.card)}?",
    LocationAction: lambda s, r: f"location action at {D.LOCATIONS[r.loc]}, or none",
    TravelMove: lambda s, r: f"move the Traveller ({r.moves} move(s) left)",
    TokenReward: lambda s, r: f"use the token {token_text(r.token)} now?",
    StoreToken: lambda s, r: ("token storage full: exchange travel tokens to store "
                              f"{TOKEN_SHORT[r.token]}"),
    WallPlace: lambda s, r: (f"place a piece from the {_source(r)} on the Great Wall "
                             f"({r.remaining} left)"),
    IntrigueReward: lambda s, r: "Wall completed: choose an Intrigue reward, or none",
    CanalPlace: lambda s, r: f"place a piece from the {_source(r)} on a ship ({r.remaining} left)",
    CanalMove: lambda s, r: "move one of your ships forward, or not",
    HarborClaim: lambda s, r: "claim a Harbor reward with a full ship, or stop",
    ChooseGain: lambda s, r: f"gaining {r.n} servant(s): take the Foreman as one of them?",
    NightGain: lambda s, r: "Destiny dice servants: take the Foreman as one of them?",
    MorningDecree: lambda s, r: f"Morning decree {decree_text(r.tile)}?",
    FinalTrades: lambda s, r: "last travel-token exchanges before scoring",
}


def _ask(words: Callable[[GugongState, Any], str]) -> Callable[[GugongState, Any], str]:
    return lambda s, req: f"{seat_name(req.seat)}: {words(s, req)}"


for _request, _words in ASK.items():
    RULES.words(_request, ask=_ask(_words),
                say=_location_option if _request is LocationAction else say_common)
