"""The bonus travel tokens (rules doc §12, D3; seed "BONUSOWE ŻETONY PODRÓŻY", page 20).

The 6 bonus tokens (2 each of B_PLUS1, B_TOLL, B_FOLLOW [reconstructed counts]) are mixed
into the 32 base tokens: 20 on the map, two face-down piles of 9. A player who takes one may
activate it: the token and 1 servant from the pool go beside the player board (B_PLUS1) or
beside an action space of the player's choice (B_TOLL, B_FOLLOW) until the end of this Day
phase; then the token is stored face down as a normal token and the servant goes to the
supply. An active token cannot be exchanged and takes no storage space (it is kept in
`bonus_active`, not in `stored`). Not activated: stored as a normal token at once.

- B_PLUS1: every gift card the owner plays counts +1 (the value-1 rule and the Destiny dice
  use printed values: `turn.is_free`).
- B_TOLL: each time another player performs that action space's action in a regular turn,
  that player loses 1 VP (not below 0) and the owner gains 1 VP.
- B_FOLLOW: each time another player performs that action in a regular turn, the owner may
  perform the same action right after (option A, or B paying its cost; Jade / Decrees: a
  purchase). Follow actions trigger no tokens and take no card action.

"Performs the action" (seed: "wykona tę akcję") is the location action of a turn and the
card actions that perform option A of that location (rules §6); see docs/rules/gugong-notes.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import msgspec

from engine.games.gugong import data, docs, locations, turn
from engine.games.gugong.actions import (
    Activate,
    BuyJade,
    Do,
    OptionA,
    OptionB,
    Skip,
    TakeDecree,
    Trade,
)
from engine.games.gugong.data import (
    ACTION_LOCATION,
    B_FOLLOW,
    B_PLUS1,
    B_TOLL,
    BASE_TOKENS,
    BONUS_TOKENS,
    CARD_ACTION,
    EXCHANGE_JADE,
    EXCHANGE_SERVANT,
    EXCHANGE_VP,
    LOCATIONS,
    MARKET,
)
from engine.games.gugong.effects import do_trade, trade_choices, trade_legal, with_trades
from engine.games.gugong.requests import (
    ActivateBonus,
    CardAction,
    FollowAction,
    LocationAction,
    StoreToken,
)

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState


class BonusInPlay(msgspec.Struct, frozen=True, array_like=True):
    """An activated bonus token of `seat` until the end of the Day phase; `loc`: the action
    space it lies beside (-1: beside the player board, B_PLUS1)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.BONUS_IN_PLAY
    seat: int
    token: int
    loc: int = -1


SKIP = Skip()
BESIDE_BOARD = Activate(-1)
BESIDE_SPACE = tuple(Activate(loc) for loc in range(7))


def setup_tokens(bonus: bool) -> list[int]:
    """The travel tokens of the set-up: the 32 base tokens, and the 6 bonus tokens with
    `bonus` (rules §12: 38, 20 on the map, two piles of 9)."""
    counts = dict(BASE_TOKENS)
    if bonus:
        counts.update(BONUS_TOKENS)
    return [t for t, k in counts.items() for _ in range(k)]


# --- taking a bonus token: activate it or store it ----------------------------------------------
def activate_choices(s: GugongState, p: int, token: int) -> list[Activate]:
    """Activation needs 1 normal servant in the pool (the Foreman is no "servant" here)."""
    if s.pool[p] < 1:
        return []
    return [BESIDE_BOARD] if token == B_PLUS1 else list(BESIDE_SPACE)


def activate_options(s: GugongState, req: ActivateBonus) -> list:
    out: list = activate_choices(s, req.seat, req.token)
    out.append(SKIP)
    return with_trades(s, req.seat, out)


def activate_legal(s: GugongState, req: ActivateBonus, a: object) -> bool:
    t = type(a)
    if t is Skip:
        return True
    if t is Activate:
        return a in activate_choices(s, req.seat, req.token)
    return t is Trade and trade_legal(s, req.seat, a)


def activate_auto(s: GugongState, req: ActivateBonus) -> bool:
    """No pool servant and no exchange possible (public): stored without asking."""
    p = req.seat
    if s.pool[p] >= 1 or (s.stored[p] and trade_choices(s, p)):
        return False
    s.stack.append(StoreToken(p, req.token))
    return True


def activate_apply(s: GugongState, req: ActivateBonus, a: object) -> None:
    p = req.seat
    t = type(a)
    if t is Trade:
        s.stack.append(req)
        do_trade(s, p, a.units, a.doubles)
    elif t is Activate:
        s.pool[p] -= 1
        s.bonus_active.append(BonusInPlay(p, req.token, a.loc))
    else:
        s.stack.append(StoreToken(p, req.token))  # a normal token now (storage rules apply)


def performed(s: GugongState, p: int, loc: int) -> None:
    """Seat `p` performs the action of `loc` in a regular turn: every other seat's B_TOLL
    there takes 1 VP from `p` (not below 0) and gives its owner 1 VP; every other seat's
    B_FOLLOW there may follow, clockwise from `p`, after `p`'s action (the follow requests
    go under what the action pushes next)."""
    n = s.num_players
    follows: list[int] = []
    for b in s.bonus_active:
        if b.loc != loc or b.seat == p:
            continue
        if b.token == B_TOLL:
            if s.vp[p] > 0:
                s.vp[p] -= 1
            s.vp[b.seat] += 1
        elif b.token == B_FOLLOW:
            follows.append(b.seat)
    follows.sort(key=lambda q: (q - p) % n)
    s.stack.extend(FollowAction(q, loc) for q in reversed(follows))


def location_apply(s: GugongState, req: LocationAction, a: object) -> None:
    """The turn's location action (`locations.location_apply`), tolls and follows first."""
    t = type(a)
    if s.bonus_active and t is not Skip and t is not Trade:
        performed(s, req.seat, req.loc)
    locations.location_apply(s, req, a)


def card_apply(s: GugongState, req: CardAction, a: object) -> None:
    """The card action (`turn.card_apply`); one with a location icon performs that
    location's action (option A, rules §6), so it meets tolls and follows too."""
    if s.bonus_active and type(a) is Do:
        performed(s, req.seat, ACTION_LOCATION[CARD_ACTION[req.card]])
    turn.card_apply(s, req, a)


def end_of_day_phase(s: GugongState) -> None:
    """Active tokens are stored face down as normal tokens (full storage: exchange first),
    in turn order; their servants go to the owners' supplies."""
    n = s.num_players
    active = sorted(s.bonus_active, key=lambda b: (b.seat - s.first) % n)
    s.bonus_active = []
    for b in active:
        s.supply[b.seat] += 1
    s.stack.extend(StoreToken(b.seat, b.token) for b in reversed(active))


# --- value (for heuristic.value and so the rule-based bot) --------------------------------------
#: how much a toll or a follow at each location is worth per other seat's card still to be
#: played this Day (a turn uses one of the 7 locations; a follow is worth most where an
#: extra action is strong: the Palace) [engine estimate]
TOLL_PER_CARD = (0.14, 0.14, 0.12, 0.12, 0.16, 0.12, 0.12)
FOLLOW_PER_CARD = (0.16, 0.14, 0.10, 0.12, 0.22, 0.10, 0.12)
#: B_PLUS1 per own card still to be played (an exchange made free: no cost, or actions)
PLUS_PER_CARD = 0.35


def active_value(s: GugongState, p: int) -> float:
    """Estimated VP worth of `p`'s active bonus tokens until the end of the Day phase:
    the token (stored later, 0.5) and the servant coming back to the supply (0.3), plus the
    effect on the cards still to be played."""
    v = 0.0
    own = len(s.hands[p])
    others = sum(len(h) for q, h in enumerate(s.hands) if q != p)
    for b in s.bonus_active:
        if b.seat != p:
            continue
        v += 0.8
        if b.token == B_PLUS1:
            v += PLUS_PER_CARD * own
        elif b.token == B_TOLL:
            v += 2 * TOLL_PER_CARD[b.loc] * others  # 1 VP to me, 1 VP off a rival
        else:
            v += FOLLOW_PER_CARD[b.loc] * others * 1.5
    return v


# --- words ---------------------------------------------------------------------------------------
TOKEN_WORDS = {B_PLUS1: "bonus token +1 (cards you play count +1 this Day)",
               B_TOLL: "bonus token toll (others using the space pay you 1 VP this Day)",
               B_FOLLOW: "bonus token follow (you may repeat others' action there this Day)"}


def describe_active(s: GugongState, p: int) -> str:
    """The seat's active bonus tokens in words ("" if none), for renders."""
    out = []
    for b in s.bonus_active:
        if b.seat == p:
            where = "beside the board" if b.loc < 0 else f"at {data.LOCATIONS[b.loc]}"
            out.append(f"{data.TOKEN_NAMES[b.token]} {where}")
    return ", ".join(out)


def say_trade(a: Trade) -> str:
    what = {EXCHANGE_SERVANT: "1 servant", EXCHANGE_VP: "2 VP",
            EXCHANGE_JADE: "1 jade"}
    with_doubles = f" (using {a.doubles} double token(s))" if a.doubles else ""
    return f"exchange {a.units} travel tokens for {what[a.units]}{with_doubles}"


def say_activate(s: GugongState, req: ActivateBonus, a: object) -> str:
    if type(a) is Activate:
        where = "beside your board" if a.loc < 0 else f"beside {data.LOCATIONS[a.loc]}"
        return f"activate {data.TOKEN_NAMES[req.token]} {where} (1 servant from the pool)"
    if type(a) is Trade:
        return say_trade(a)
    return f"store {data.TOKEN_NAMES[req.token]} as a normal travel token"


def say_follow(s: GugongState, req: FollowAction, a: object) -> str:
    t = type(a)
    loc = LOCATIONS[req.loc]
    fm = " (the Foreman pays 2)" if getattr(a, "foreman", False) else ""
    if t is OptionA:
        return f"follow: {loc} option A"
    if t is OptionB:
        return f"follow: {loc} option B{fm}"
    if t is BuyJade:
        where = "the market" if a.space == MARKET else f"house space {a.space + 1}"
        return f"follow: buy jade at {where} for {locations.jade_cost(s, req.seat, a.space)}{fm}"
    if t is TakeDecree:
        tile = s.decrees[a.slot]
        return (f"follow: take decree {data.DECREE_NAMES[tile]} for "
                f"{locations.decree_cost(s, req.seat, a.slot)} + 1 servant{fm}")
    if t is Trade:
        return say_trade(a)
    return "do not follow"
