"""The fixed action space of Rotunda (ids stable for learning bots)."""

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
    DiscardCard,
    DiscardExpert,
    EndCell,
    Execute,
    ExpertSell,
    Fulfil,
    Hire,
    Honour,
    HonourEmpty,
    KeepAmulet,
    Move,
    Pay,
    PayNeutral,
    Peddler,
    PickCube,
    Pray,
    Sell,
    Skip,
    SkipExpert,
    Stop,
    TakeAmulet,
    TakeCube,
)
from engine.protocol import Action, ActionSpace


def _actions() -> list[Action]:
    out: list[Action] = [ChooseStaircase(k) for k in range(len(D.STAIRCASES))]
    out += [SkipExpert(), *(Activate(e) for e in range(len(D.EXPERTS)))]
    out += [PickCube(t) for t in D.BASIC] + [Choose(0), Choose(1)]
    out += [ExpertSell(n, t, g) for n in D.OUTER + (D.I3,) for t in D.BASIC
            for g in (False, True)]
    out += [KeepAmulet(), DiscardCard()]
    out += [Move(a, b) for a in range(D.NODES) for b in range(D.NODES)]
    out += [Pray(t) for t in range(len(D.TEMPLES))]
    out += [Honour(v) for v in range(D.VILLAGES)] + [HonourEmpty()]
    out += [EndCell(c) for c in range(16)] + [TakeAmulet(k) for k in range(6)]
    out += [Peddler(b, 0) for b in range(D.MAX_PEDDLER_MOVE + 1)]
    out += [Peddler(0, a) for a in range(1, D.MAX_PEDDLER_MOVE + 1)]
    out += [Apprentice(n) for n in D.INNER] + [Skip()]
    out += [Execute(o, d) for o in range(1 + D.NODES) for d in range(3)] + [Stop()]
    out += [Sell(t, g) for t in D.BASIC for g in (False, True)] + [Pay()]
    out += [Buy(k) for k in range(len(R.TRADING_ITEMS))]
    out += [TakeCube(k) for k in range(len(R.WAREHOUSE_SOURCES))]
    out += [Hire(k) for k in range(D.POOL_SIZE)]
    out += [Deal(k) for k in range(len(R.BM_OPTIONS))]
    out += [DiscardExpert(e) for e in range(len(D.EXPERTS))]
    out += [BonusOrder(k) for k in range(D.POOL_SIZE)]
    out += [BonusAmulet(k) for k in range(D.POOL_SIZE)]
    for o, row in enumerate(D.ORDERS):
        _, t, f, c, *_ = row
        out += [Fulfil(o, gt, gf, gc) for gt in range(t + 1) for gf in range(f + 1)
                for gc in range(c + 1)]
    # issue 19, appended so that the base game's ids stay as they were
    out += [Hire(D.DISCARD_SLOT)]
    out += [PayNeutral(k, g) for k in range(len(D.NEUTRAL_COLOURS)) for g in (False, True)]
    return out


SPACE = ActionSpace(_actions())
