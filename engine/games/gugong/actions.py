"""Gugong actions: the options of every decision (rules §15 "Decision points"), named after
the rulebook, and the fixed action space (stable integer ids for every action)."""

from __future__ import annotations

from typing import Any

from engine.games.gugong import docs
from engine.games.gugong.data import DICE, EXCHANGES, MARKET, NUM_CARDS, NUM_CITIES, SHIPS
from engine.protocol import Action, ActionSpace


# ==============================================================================================
class Exchange(Action, frozen=True):
    """Gift exchange (rules §4.2 step 1): give hand card `card` at location `loc`."""

    card: int
    loc: int


class PayTwo(Action, frozen=True):
    """Exchange down, way (a): pay 2 servants (the Foreman may pay them, rules §7)."""

    foreman: bool = False


class Sacrifice(Action, frozen=True):
    """Exchange down, way (b): another hand card face down onto the discard pile."""

    card: int


class NoActions(Action, frozen=True):
    """Exchange down, way (c): exchange without any action."""


class Skip(Action, frozen=True):
    """Decline / pass / done."""


class Do(Action, frozen=True):
    """Perform the played card's action (rules §6)."""


class OptionA(Action, frozen=True):
    """A location's option A (rules §5)."""


class OptionB(Action, frozen=True):
    """A location's option B, paying its extra cost (Foreman: rules §7)."""

    foreman: bool = False


class BuyJade(Action, frozen=True):
    """Jade (rules §5.3): roof space 0-5 or the market (6)."""

    space: int
    foreman: bool = False


class TakeDecree(Action, frozen=True):
    """Decrees (rules §5.6): the face-up decree in slot 0-5."""

    slot: int
    foreman: bool = False


class Swap(Action, frozen=True):
    """SWAP (rules §6, T_SWAP, D1e): own card `card` (hand or discard) for the board card at
    `loc`, no value rule, no action."""

    card: int
    loc: int


class MoveTo(Action, frozen=True):
    """Move the Traveller to city `city` (rules §5.1)."""

    city: int


class PlaceWall(Action, frozen=True):
    """Place one piece on the Great Wall (the Foreman counts 2 units)."""

    foreman: bool = False


class LoadShip(Action, frozen=True):
    """Place one piece on own ship `ship` (0-2) already on the canal."""

    ship: int
    foreman: bool = False


class NewShip(Action, frozen=True):
    """Put a new ship on the first free harbor of `path` with one piece."""

    path: int
    foreman: bool = False


class MoveShip(Action, frozen=True):
    """Canal A: move own ship `ship` to the next free harbor ahead."""

    ship: int


class Claim(Action, frozen=True):
    """Claim a Harbor reward (rules §5.7) with the full ship `ship`."""

    ship: int
    reward: int


class IntrigueBack(Action, frozen=True):
    """Intrigue reward (rules §5.2): back 1 / 3 / 7 for 1 servant / 2 servants / 1 jade."""

    steps: int


class TurnDie(Action, frozen=True):
    """Intrigue reward back 5: turn Destiny die `die` to `face`."""

    die: int
    face: int


class Retrieve(Action, frozen=True):
    """T_RETRIEVE: take `card` from the discard pile into hand."""

    card: int


class Jade7(Action, frozen=True):
    """T_JADE7: discard hand card `card` (printed 7+) for 1 jade."""

    card: int


class Trade(Action, frozen=True):
    """Travel-token exchange (rules §8): `units` (2/4/6) using `doubles` T_DOUBLE tokens."""

    units: int
    doubles: int = 0


class TakeForeman(Action, frozen=True):
    """Gaining servants while the Foreman is in the supply (rules §7): take it as one unit
    (`yes`) or only normal servants."""

    yes: bool


class UseToken(Action, frozen=True):
    """Apply the reward of the token just taken (T_BUYJADE: paying 3, Foreman allowed)."""

    foreman: bool = False


class Activate(Action, frozen=True):
    """Activate the bonus travel token just taken (rules §12), with 1 pool servant, beside
    the player board (`loc` -1: B_PLUS1) or beside the action space `loc` (B_TOLL,
    B_FOLLOW)."""

    loc: int = -1


#: every action type: what a seat may answer
GugongAction = (Exchange | PayTwo | Sacrifice | NoActions | Skip | Do | OptionA | OptionB
                | BuyJade | TakeDecree | Swap | MoveTo | PlaceWall | LoadShip | NewShip
                | MoveShip | Claim | IntrigueBack | TurnDie | Retrieve | Jade7 | Trade
                | TakeForeman | UseToken | Activate)
for _action in GugongAction.__args__:  # descriptions for bot authors (docs.py)
    _action.FIELD_DOCS = docs.ACTIONS.get(_action.__name__, {})


# --- the action space -------------------------------------------------------------------------
_B = (False, True)
_CARDS = range(NUM_CARDS)
SPACE = ActionSpace(
    [Exchange(c, loc) for c in _CARDS for loc in range(7)]
    + [PayTwo(f) for f in _B] + [Sacrifice(c) for c in _CARDS] + [NoActions(), Skip(), Do(),
                                                                  OptionA()]
    + [OptionB(f) for f in _B]
    + [BuyJade(h, f) for h in range(MARKET + 1) for f in _B]
    + [TakeDecree(slot, f) for slot in range(6) for f in _B]
    + [Swap(c, loc) for c in _CARDS for loc in range(7)]
    + [MoveTo(c) for c in range(NUM_CITIES)]
    + [PlaceWall(f) for f in _B]
    + [LoadShip(k, f) for k in range(SHIPS) for f in _B]
    + [NewShip(path, f) for path in range(2) for f in _B]
    + [MoveShip(k) for k in range(SHIPS)]
    + [Claim(k, r) for k in range(SHIPS) for r in range(3)]
    + [IntrigueBack(k) for k in (1, 3, 7)]
    + [TurnDie(d, f) for d in range(DICE) for f in range(1, 7)]
    + [Retrieve(c) for c in _CARDS] + [Jade7(c) for c in _CARDS]
    + [Trade(u, d) for u in EXCHANGES for d in range(u // 2 + 1)]
    + [TakeForeman(f) for f in _B] + [UseToken(f) for f in _B]
    + [Activate(loc) for loc in range(-1, 7)]  # bonus travel tokens (rules §12)
)


def action_space(num_players: int, options: dict[str, Any]) -> ActionSpace:
    """The same fixed space at every player count and option set."""
    return SPACE
