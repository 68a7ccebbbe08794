"""The end of the game (rules §10): the last travel-token exchanges after the Night of Day 4,
then the end scoring (Wall, level-3 decrees, Palace slots, jade)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong import automa, data, effects
from engine.games.gugong.actions import Skip, Trade
from engine.games.gugong.data import S_OVER
from engine.games.gugong.requests import FinalTrades
from engine.games.gugong.wall import final_wall

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

SKIP = Skip()


def final_trade_options(s: GugongState, req: FinalTrades) -> list:
    return effects.with_trades(s, req.seat, [SKIP])


def final_trade_auto(s: GugongState, req: FinalTrades) -> bool:
    return not effects.trade_choices(s, req.seat)


def final_trade_apply(s: GugongState, req: FinalTrades, a: object) -> None:
    if type(a) is Trade:
        s.stack.append(req)
        effects.do_trade(s, req.seat, a.units, a.doubles)


def end_scoring(s: GugongState) -> None:
    """Wall, level-3 decrees (D3a first), Palace slots, jade; then the game is over
    (`scores` gives 0 to Envoys outside the Palace)."""
    marks = [list(s.vp)]
    final_wall(s)
    marks.append(list(s.vp))
    for p in range(len(s.vp)):  # every colour, Meng's in the solo game
        held = [t for slot, t in enumerate(s.decrees) if s.decree_servants[p * 6 + slot]]
        if data.D3A in held:
            s.vp[p] += min(10, s.vp[p] // 3)
        if data.D3B in held:
            s.vp[p] += 8
        if data.D3C in held:
            s.vp[p] += min(10, 2 * s.jade[p])
        if data.D3D in held:
            s.vp[p] += 2 * len(held)
        if data.D3E in held:
            s.vp[p] += 2 * sum(s.rewards[p * 3:p * 3 + 3])
    marks.append(list(s.vp))
    for p in range(len(s.vp)):
        s.vp[p] += s.palace_slot[p]
    marks.append(list(s.vp))
    for p in range(len(s.vp)):
        s.vp[p] += data.jade_points(s.jade[p])
    marks.append(list(s.vp))
    if s.automa:
        automa.record_parts(marks, s)
    s.step = S_OVER
