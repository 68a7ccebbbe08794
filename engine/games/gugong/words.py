"""Gugong in words (issue 21): seat colours, gift cards, tokens, decrees, cities, harbors,
and every request's decision and options in the rulebook's words (registered with
`Rules.words`).

Names follow the render: the seven locations by name, gift cards "G14 (4, +1 servant)",
cities C01-C20 on the 5 x 4 travel map (column A-E, row 1-4 in the render), harbors H1-H5
on each canal path, ships 1-3 of each player, decree slots by tile name ("D2c").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.gugong import automa, bonus, data, effects
from engine.games.gugong.actions import (
    BuyJade,
    Claim,
    Exchange,
    Jade7,
    LoadShip,
    MoveShip,
    MoveTo,
    OptionA,
    OptionB,
    PayTwo,
    PlaceWall,
    Sacrifice,
    Skip,
    Swap,
    TakeForeman,
    Trade,
    TurnDie,
    UseToken,
)
from engine.games.gugong.locations import decree_cost, jade_cost, travel_cost
from engine.games.gugong.requests import (
    ActivateBonus,
    CanalMove,
    CanalPlace,
    CardAction,
    ChooseGain,
    ExchangeCost,
    FinalTrades,
    FollowAction,
    GiftExchange,
    HarborClaim,
    IntrigueReward,
    LocationAction,
    MengAction,
    MengMorning,
    MengMove,
    MorningDecree,
    NightGain,
    StoreToken,
    TokenReward,
    TravelMove,
    TurnEnd,
    WallPlace,
)
from engine.games.gugong.rules import RULES
from engine.kernel import Ask, Say

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

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
TOKEN_SHORT = tuple(n.split("_", 1)[1] for n in data.TOKEN_NAMES)


def seat_name(p: int) -> str:
    return COLOURS[p]


def seat_style(p: int) -> str:
    return SEAT_STYLES[p]


def card_text(c: int) -> str:
    """A gift card with its value and action: "G14 (4, +1 servant)"."""
    return f"{data.CARD_NAMES[c]} ({data.CARD_VALUE[c]}, {CARD_ACTION_WORDS[data.CARD_ACTION[c]]})"


def token_text(t: int) -> str:
    return f"{TOKEN_SHORT[t]} ({data.TOKEN_TEXT[t]})"


def decree_text(t: int) -> str:
    return f"{data.DECREE_NAMES[t]} ({data.DECREE_TEXT[t]})"


def city(c: int) -> str:
    return data.CITY_NAMES[c]


def _with(foreman: bool) -> str:
    return " with the Foreman" if foreman else ""


def _piece(foreman: bool) -> str:
    return "the Foreman (2 units)" if foreman else "1 servant"


def _ship(s: GugongState, p: int, k: int) -> str:
    i = p * 3 + k
    h = s.ship_harbor[i]
    where = "beside the board" if h < 0 else f"at H{h + 1}"
    if h >= 0 and effects.paths(s) > 1:
        where += f" of path {data.PATH_NAMES[effects.paths(s)][s.ship_path[i]]}"
    return f"ship {k + 1} ({where}, {effects.ship_units(s, p, k)}/{data.SHIP_CAPACITY})"


def trade_words(a: Trade) -> str:
    """Rules §8: 2 tokens -> 1 servant, 4 -> 2 VP, 6 -> 1 jade (a double counts 2)."""
    gain = {data.EXCHANGE_SERVANT: "1 servant", data.EXCHANGE_VP: "2 VP",
            data.EXCHANGE_JADE: "1 jade"}.get(a.units, "?")
    singles = a.units - 2 * a.doubles
    used = ", ".join(x for x in (f"{singles} token(s)" if singles else "",
                                 f"{a.doubles} double(s)" if a.doubles else "") if x)
    return f"exchange travel tokens worth {a.units} ({used}) for {gain}"


def _swap(s: GugongState, req: Any, a: Swap) -> str:
    where = "hand" if a.card in s.hands[req.seat] else "discard pile"
    return (f"swap {card_text(a.card)} from your {where} for {card_text(s.board[a.loc])} "
            f"at {data.LOCATIONS[a.loc]}")


def _exchange(s: GugongState, req: GiftExchange, a: Exchange) -> str:
    return f"give {card_text(a.card)} at {data.LOCATIONS[a.loc]} for {card_text(s.board[a.loc])}"


def _cost(s: GugongState, req: ExchangeCost, a: Any) -> str:
    """Rules §4.2 step 1: the three ways to exchange down."""
    if type(a) is PayTwo:
        return f"pay 2 servants{_with(a.foreman)}"
    if type(a) is Sacrifice:
        return f"sacrifice {card_text(a.card)} face down"
    return "exchange without any action"


def _card_action(s: GugongState, req: CardAction, a: Any) -> str:
    if type(a) is Swap:
        return _swap(s, req, a)
    return f"use the card's action ({CARD_ACTION_WORDS[data.CARD_ACTION[req.card]]})"


def _location_option(s: GugongState, req: LocationAction, a: Any) -> str:
    """Rules §5: option A or B of the location, or a purchase (Jade, Decrees)."""
    loc = req.loc
    if type(a) is OptionA:
        return f"{data.LOCATIONS[loc]} A: {OPTION_A[loc]}"
    if type(a) is OptionB:
        text = OPTION_B[loc]
        if "{}" in text:
            text = text.format(travel_cost(s, req.seat))
        return f"{data.LOCATIONS[loc]} B: {text}{_with(a.foreman)}"
    if type(a) is BuyJade:
        where = "the market" if a.space == data.MARKET else f"roof space {a.space + 1}"
        return f"buy 1 jade from {where} for {jade_cost(s, req.seat, a.space)}{_with(a.foreman)}"
    t = s.decrees[a.slot]
    return (f"take decree {decree_text(t)} for {decree_cost(s, req.seat, a.slot)}, "
            f"{data.DECREE_VP[t]} VP{_with(a.foreman)}")


def _move(s: GugongState, req: TravelMove, a: MoveTo) -> str:
    tok = s.cities[a.city]
    return f"move the Traveller to {city(a.city)}" + (
        f" and take {token_text(tok)}" if tok >= 0 else "")


def _token(s: GugongState, req: TokenReward, a: Any) -> str:
    """Rules §8: the rewards of T_JADE7, T_RETRIEVE, T_SWAP and T_BUYJADE."""
    t = type(a)
    if t is Swap:
        return _swap(s, req, a)
    if t is UseToken:
        return f"pay 3 for 1 jade{_with(a.foreman)}"
    if t is Jade7:
        return f"discard {card_text(a.card)} for 1 jade"
    return f"take {card_text(a.card)} from your discard pile into your hand"


def _wall(s: GugongState, req: WallPlace, a: PlaceWall) -> str:
    return f"place {_piece(a.foreman)} on the Great Wall"


def _intrigue(s: GugongState, req: IntrigueReward, a: Any) -> str:
    """Rules §5.2 step 2: the Intrigue rewards."""
    if type(a) is TurnDie:
        return f"Intrigue back 5: turn Destiny die {a.die + 1} from {s.dice[a.die]} to {a.face}"
    gain = {1: "1 servant", 3: "2 servants", 7: "1 jade"}.get(a.steps, "?")
    return f"Intrigue back {a.steps} for {gain}"


def _canal(s: GugongState, req: CanalPlace, a: Any) -> str:
    if type(a) is LoadShip:
        return f"place {_piece(a.foreman)} on {_ship(s, req.seat, a.ship)}"
    path = (f" of path {data.PATH_NAMES[effects.paths(s)][a.path]}" if effects.paths(s) > 1 else "")
    return f"put a new ship with {_piece(a.foreman)} on the first free harbor{path}"


def _move_ship(s: GugongState, req: CanalMove, a: MoveShip) -> str:
    return f"move {_ship(s, req.seat, a.ship)} to the next free harbor ahead"


def _claim(s: GugongState, req: HarborClaim, a: Claim) -> str:
    return f"claim {data.REWARD_NAMES[a.reward]} with {_ship(s, req.seat, a.ship)}"


def _foreman(s: GugongState, req: Any, a: TakeForeman) -> str:
    return "take the Foreman as one of them" if a.yes else "take normal servants only"


def _source(r: Any) -> str:
    return "supply" if r.supply else "pool"


def ask(words: Callable[[GugongState, Any], str]) -> Ask:
    """The request in words, after the seat's colour; public facts only: these words appear
    in every seat's render."""
    return lambda s, req: f"{seat_name(req.seat)}: {words(s, req)}"


def say(own: Say | None = None, skip: str = "do nothing more") -> Say:
    """An option in words: travel-token exchanges (offered with every own decision, §8)
    and Skip read alike everywhere, `own` reads the request's own options."""

    def words(s: GugongState, req: Any, a: Any) -> str:
        t = type(a)
        if t is Trade:
            return trade_words(a)
        if t is Skip:
            return skip
        return own(s, req, a) if own is not None else t.__name__

    return words


RULES.words(GiftExchange, say=say(_exchange),
            ask=ask(lambda s, r: "gift exchange: choose a hand card and a location"))
RULES.words(TurnEnd, say=say(skip="end the turn without exchanging"),
            ask=ask(lambda s, r: "end of turn: exchange travel tokens, or not"))
RULES.words(ExchangeCost, say=say(_cost), ask=ask(
    lambda s, r: (f"{card_text(r.card)} is not higher than the card at {data.LOCATIONS[r.loc]}: "
                  "pay 2, sacrifice a card, or exchange without actions")))
RULES.words(CardAction, say=say(_card_action, "do not use the card's action"),
            ask=ask(lambda s, r: f"use the action of {card_text(r.card)}?"))
RULES.words(LocationAction, say=say(_location_option, "take no location action"),
            ask=ask(lambda s, r: f"location action at {data.LOCATIONS[r.loc]}, or none"))
RULES.words(TravelMove, say=say(_move, "stop moving"),
            ask=ask(lambda s, r: f"move the Traveller ({r.moves} move(s) left)"))
RULES.words(TokenReward, say=say(_token, "do not use the token now"),
            ask=ask(lambda s, r: f"use the token {token_text(r.token)} now?"))
RULES.words(StoreToken, say=say(), ask=ask(
    lambda s, r: f"token storage full: exchange travel tokens to store {TOKEN_SHORT[r.token]}"))
RULES.words(WallPlace, say=say(_wall, "place no more pieces on the Wall"), ask=ask(
    lambda s, r: f"place a piece from the {_source(r)} on the Great Wall ({r.remaining} left)"))
RULES.words(IntrigueReward, say=say(_intrigue, "take no Intrigue reward"),
            ask=ask(lambda s, r: "Wall completed: choose an Intrigue reward, or none"))
RULES.words(CanalPlace, say=say(_canal, "place no more pieces on ships"), ask=ask(
    lambda s, r: f"place a piece from the {_source(r)} on a ship ({r.remaining} left)"))
RULES.words(CanalMove, say=say(_move_ship, "move no ship"),
            ask=ask(lambda s, r: "move one of your ships forward, or not"))
RULES.words(HarborClaim, say=say(_claim, "claim no more Harbor rewards"),
            ask=ask(lambda s, r: "claim a Harbor reward with a full ship, or stop"))
RULES.words(ChooseGain, say=say(_foreman), ask=ask(
    lambda s, r: f"gaining {r.n} servant(s): take the Foreman as one of them?"))
RULES.words(NightGain, say=say(_foreman),
            ask=ask(lambda s, r: "Destiny dice servants: take the Foreman as one of them?"))
RULES.words(MorningDecree, say=say(_swap, "do not swap"),
            ask=ask(lambda s, r: f"Morning decree {decree_text(r.tile)}?"))
RULES.words(FinalTrades, say=say(skip="make no more exchanges"),
            ask=ask(lambda s, r: "last travel-token exchanges before scoring"))
# the bonus travel tokens (rules §12, bonus.py)
RULES.words(ActivateBonus, say=bonus.say_activate,
            ask=lambda s, r: (f"seat {r.seat}: took {bonus.TOKEN_WORDS[r.token]}: activate "
                              "it with 1 servant until the end of this Day, or store it"))
RULES.words(FollowAction, say=bonus.say_follow,
            ask=lambda s, r: (f"seat {r.seat}: another player used {data.LOCATIONS[r.loc]}: "
                              "follow with the same action, or not"))
# solo: the Automa Meng's automatic steps, read only in a render of the stack (rules §13)
MODE_WORDS = ("Day", "Special (free option B)", "Dusk", "D2c extra servant")
RULES.words(MengAction, ask=lambda s, r: (f"Meng: {automa.location_name(r.loc)} action "
                                          f"({MODE_WORDS[r.mode]})"))
RULES.words(MengMove, ask=lambda s, r: f"Meng: move his Traveller ({r.moves} left)")
RULES.words(MengMorning, ask=lambda s, r: "Meng: his level-1 decrees")
