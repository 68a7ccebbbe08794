"""Every decision and option in the rulebook's words (issue 21), registered on the kernel's
requests (`Rules.words`, one registration per request type). Palaces are numbered 1, 2, ...
per player in the order the render shows them; persons, cards, actions and wall tiles carry
their rulebook names (rules §10)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.year_of_the_dragon import data, requests
from engine.games.year_of_the_dragon.action_phase import large_privilege_cost
from engine.games.year_of_the_dragon.board import symbols
from engine.games.year_of_the_dragon.rules import RULES

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState

GOOD_NAMES = ("yuan", "rice", "fireworks")


def seat_name(p: int) -> str:
    return f"seat {p}"


def person(tile: int) -> str:
    """"the young farmer", "the craftsman" (rules §10.1)."""
    return "the " + data.tile_name(tile)


def a_person(tile: int) -> str:
    name = data.tile_name(tile)
    return ("an " if name[0] in "aeiou" else "a ") + name


def card_name(card: int) -> str:
    return "the ? card (any person)" if card == data.JOKER else f"the {data.CARD_NAMES[card]} card"


def palace_label(s: YotdState, p: int, i: int) -> str:
    """"palace 2 (3 floors, 1 free)"; over-full palaces say so (rules §8.3)."""
    pal = s.palaces[p][i]
    floors, people = pal[0], len(pal) - 1
    if people > floors:
        state = f"{people - floors} over-full"
    elif people == floors:
        state = "full"
    else:
        state = f"{floors - people} free"
    return f"palace {i + 1} ({floors} floor{'s' if floors != 1 else ''}, {state})"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- what each request asks -------------------------------------------------------------------
def _ask(text: str) -> Any:
    return lambda s, req: f"{seat_name(req.seat)}: {text}"


def ask_place(s: YotdState, req: requests.PlaceRecruit) -> str:
    """Rules §5.2: a free floor takes the new person; all palaces full: replace or discard."""
    if all(len(q) - 1 >= q[0] for q in s.palaces[req.seat]):
        return (f"{seat_name(req.seat)}: palaces full: {person(req.tile)} replaces someone "
                "or is discarded")
    move = f" (marker +{req.move})" if req.move else ""
    return f"{seat_name(req.seat)}: put {person(req.tile)} into a palace{move}"


def ask_play(s: YotdState, req: requests.PlayPersonCard) -> str:
    return f"{seat_name(req.seat)}: play a person card and recruit (rules §5.2)"


def ask_tile(s: YotdState, req: requests.ChooseTile) -> str:
    return f"{seat_name(req.seat)}: played {card_name(req.card)}: take a person from the supply"


def ask_build(s: YotdState, req: requests.BuildFloors) -> str:
    return (f"{seat_name(req.seat)}: build {plural(req.left, 'floor')}, one at a time "
            "(palaces below 3 floors, or a new one)")


def ask_release(s: YotdState, req: requests.ReleasePersons) -> str:
    return f"{seat_name(req.seat)}: release {plural(req.left, 'person')} of your choice"


def ask_drought(s: YotdState, req: requests.DroughtRelease) -> str:
    more = ("1 more unsupplied palace" if req.left == 1
            else f"each of {req.left} more unsupplied palaces")
    return f"{seat_name(req.seat)}: drought: release 1 person from {more}"


def ask_earthquake(s: YotdState, req: requests.EarthquakeFloors) -> str:
    return f"{seat_name(req.seat)}: earthquake: remove {plural(req.left, 'more floor')}"


def ask_flood(s: YotdState, req: requests.FloodDiscard) -> str:
    return (f"{seat_name(req.seat)}: flood: discard {req.left} more yuan, rice or fireworks "
            "(one at a time)")


def ask_tornado(s: YotdState, req: requests.TornadoDiscard) -> str:
    return f"{seat_name(req.seat)}: tornado: discard {plural(req.left, 'more person card')}"


# --- how each option reads --------------------------------------------------------------------
def say_draft(s: YotdState, req: requests.Draft, a: Any) -> str:
    t1, t2 = data.tile_of(a.first, False), data.tile_of(a.second, False)
    return (f"take {a_person(t1)} and {a_person(t2)} "
            f"(track +{data.TILE_VALUE[t1] + data.TILE_VALUE[t2]})")


def say_place(s: YotdState, req: requests.PlaceRecruit, a: Any) -> str:
    kind = type(a).__name__
    if kind == "PlacePerson":
        return f"put {person(req.tile)} into {palace_label(s, req.seat, a.palace)}"
    if kind == "ReplacePerson":
        return (f"release {person(a.tile)} from palace {a.palace + 1}; "
                f"{person(req.tile)} moves in")
    return f"discard {person(req.tile)} (it leaves the game; the marker does not move)"


#: what an action card gives (rules §5.1.3): its base amount, the person whose symbols add
#: to it, and how the total reads; the Privilege and Wall cards give no amount
GAINS: dict[int, tuple[int, int, Callable[[int], str]]] = {
    data.TAXES: (data.TAXES_CARD_COINS, data.TAX_COLLECTOR, lambda n: f"+{n} yuan"),
    data.BUILD: (data.CARD_SYMBOL, data.CRAFTSMAN, lambda n: f"{plural(n, 'floor')} to build"),
    data.HARVEST: (data.CARD_SYMBOL, data.FARMER, lambda n: f"+{n} rice"),
    data.FIREWORKS: (data.CARD_SYMBOL, data.PYROTECHNIST, lambda n: f"+{n} fireworks"),
    data.MILITARY_PARADE: (data.CARD_SYMBOL, data.WARRIOR, lambda n: f"person track +{n}"),
    data.RESEARCH: (data.CARD_SYMBOL, data.SCHOLAR, lambda n: f"+{n} VP"),
}


def action_gain(s: YotdState, p: int, card: int) -> str:
    """What action `card` gives seat p now (rules §5.1.3)."""
    if card in GAINS:
        base, kind, reads = GAINS[card]
        return reads(base + symbols(s, p, kind))
    return "buy a privilege" if card == data.PRIVILEGE else "use a wall tile"


def say_action(s: YotdState, req: requests.ChooseAction, a: Any) -> str:
    p = req.seat
    if type(a).__name__ == "TakeMoney":
        gain = max(0, data.MONEY_TOP_UP - s.yuan[p])
        return f"no dragon: take money up to {data.MONEY_TOP_UP} yuan (+{gain})"
    g = s.card_group[a.card]
    fee = f", pay {data.OCCUPIED_GROUP_FEE} yuan" if s.group_dragons[g] else ""
    return (f"dragon on group {g + 1}{fee}: {data.ACTION_NAMES[a.card]} "
            f"({action_gain(s, p, a.card)})")


def say_build(s: YotdState, req: requests.BuildFloors, a: Any) -> str:
    if a.palace < 0:
        return f"build a new 1-floor palace (palace {len(s.palaces[req.seat]) + 1})"
    f = s.palaces[req.seat][a.palace][0]
    return f"build a floor on palace {a.palace + 1} ({f} -> {f + 1} floors)"


def say_privilege(s: YotdState, req: requests.ChoosePrivilege, a: Any) -> str:
    if a.large:
        return (f"buy a large privilege ({large_privilege_cost(s)} yuan, "
                f"{data.LARGE_PRIVILEGE_DRAGONS} dragons: "
                f"{data.LARGE_PRIVILEGE_DRAGONS} VP a round)")
    return (f"buy a small privilege ({data.SMALL_PRIVILEGE_COST} yuan, 1 dragon: "
            f"{data.SMALL_PRIVILEGE_DRAGONS} VP a round)")


def say_play(s: YotdState, req: requests.PlayPersonCard, a: Any) -> str:
    if a.card != data.JOKER and not any(
            s.supply[t] for t in data.VALID_TILES if data.TILE_TYPE[t] == a.card):
        return f"play {card_name(a.card)} (none left in the supply: recruits nobody)"
    return f"play {card_name(a.card)}"


def say_choose(s: YotdState, req: Any, a: Any) -> str:
    t = a.tile
    return (f"take {a_person(t)} (track +{data.TILE_VALUE[t]}, "
            f"{plural(data.TILE_SYMBOLS[t], data.PERSON_SYMBOL[data.TILE_TYPE[t]])}; "
            f"{s.supply[t]} in the supply)")


def say_release(s: YotdState, req: Any, a: Any) -> str:
    return f"release {person(a.tile)} from {palace_label(s, req.seat, a.palace)}"


def say_wall(s: YotdState, req: requests.ChooseWallTile, a: Any) -> str:
    return (f"build the wall tile '{data.WALL_BONUS_NAMES[a.bonus]}' under event slot "
            f"{len(s.wall) + 1}")


def say_remove_floor(s: YotdState, req: requests.EarthquakeFloors, a: Any) -> str:
    pal = s.palaces[req.seat][a.palace]
    gone = ", it and its persons go" if pal[0] == 1 else ""
    return f"remove a floor of palace {a.palace + 1} ({pal[0]} -> {pal[0] - 1} floors{gone})"


def say_goods(s: YotdState, req: requests.FloodDiscard, a: Any) -> str:
    return f"discard 1 {GOOD_NAMES[a.good]}"


def say_discard_card(s: YotdState, req: requests.TornadoDiscard, a: Any) -> str:
    return f"discard {card_name(a.card)}"


def say_edict(s: YotdState, req: requests.ChooseEdict, a: Any) -> str:
    k = a.person_type
    name = data.PERSON_TYPE_NAMES[k]
    plural_name = "court ladies" if k == data.COURT_LADY else name + "s"
    return f"edict for the {plural_name}: {data.EDICT_BENEFIT[k]}"


RULES.words(requests.Draft, ask=_ask("draft 2 young persons of two different types"), say=say_draft)
RULES.words(requests.PlaceRecruit, ask=ask_place, say=say_place)
RULES.words(requests.ChooseAction, ask=_ask("put a dragon on an action group, or take money"),
            say=say_action)
RULES.words(requests.BuildFloors, ask=ask_build, say=say_build)
RULES.words(requests.ChoosePrivilege, ask=_ask("buy a small or a large privilege"),
            say=say_privilege)
RULES.words(requests.PlayPersonCard, ask=ask_play, say=say_play)
RULES.words(requests.ChooseTile, ask=ask_tile, say=say_choose)
RULES.words(requests.ReleasePersons, ask=ask_release, say=say_release)
RULES.words(requests.DroughtRelease, ask=ask_drought, say=say_release)
RULES.words(requests.ChooseWallTile, ask=_ask("choose one of your unused wall tiles"), say=say_wall)
RULES.words(requests.EarthquakeFloors, ask=ask_earthquake, say=say_remove_floor)
RULES.words(requests.EarthquakeOverfull,
            ask=_ask("earthquake: release persons from your over-full palaces"),
            say=say_release)
RULES.words(requests.FloodDiscard, ask=ask_flood, say=say_goods)
RULES.words(requests.TornadoDiscard, ask=ask_tornado, say=say_discard_card)
RULES.words(requests.SunriseRecruit,
            ask=_ask("sunrise: take a young person of a type nobody took this sunrise"),
            say=say_choose)
RULES.words(requests.ChooseEdict, ask=_ask("edict: choose a person type in your palaces"),
            say=say_edict)
