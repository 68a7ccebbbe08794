"""The fixed action space (stable integer ids for every action)."""

from __future__ import annotations

from engine.games.gugong import data as D
from engine.games.gugong.actions import (
    Activate,
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
from engine.protocol import ActionSpace

_B = (False, True)
_CARDS = range(D.NUM_CARDS)
SPACE = ActionSpace(
    [Exchange(c, loc) for c in _CARDS for loc in range(7)]
    + [PayTwo(f) for f in _B] + [Sacrifice(c) for c in _CARDS] + [NoActions(), Skip(), Do(),
                                                                  OptionA()]
    + [OptionB(f) for f in _B]
    + [BuyJade(h, f) for h in range(D.MARKET + 1) for f in _B]
    + [TakeDecree(slot, f) for slot in range(6) for f in _B]
    + [Swap(c, loc) for c in _CARDS for loc in range(7)]
    + [MoveTo(c) for c in range(D.NUM_CITIES)]
    + [PlaceWall(f) for f in _B]
    + [LoadShip(k, f) for k in range(D.SHIPS) for f in _B]
    + [NewShip(path, f) for path in range(2) for f in _B]
    + [MoveShip(k) for k in range(D.SHIPS)]
    + [Claim(k, r) for k in range(D.SHIPS) for r in range(3)]
    + [IntrigueBack(k) for k in (1, 3, 7)]
    + [TurnDie(d, f) for d in range(D.DICE) for f in range(1, 7)]
    + [Retrieve(c) for c in _CARDS] + [Jade7(c) for c in _CARDS]
    + [Trade(u, d) for u in D.EXCHANGES for d in range(u // 2 + 1)]
    + [TakeForeman(f) for f in _B] + [UseToken(f) for f in _B]
    + [Activate(loc) for loc in range(-1, 7)]  # bonus travel tokens (rules §12)
)
