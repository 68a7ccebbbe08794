"""The end of the game (rules §10): the last travel-token exchanges after the Night of Day 4,
then the end scoring (Wall, level-3 decrees, Palace slots, jade)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong.actions import Skip, Trade
from engine.games.gugong.automa import record_parts
from engine.games.gugong.data import D3A, D3B, D3C, D3D, D3E, S_OVER, jade_points
from engine.games.gugong.effects import do_trade, trade_choices, with_trades
from engine.games.gugong.requests import FinalTrades
from engine.games.gugong.wall import final_wall

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

SKIP = Skip()


def final_trade_options(s: GugongState, req: FinalTrades) -> list:
    return with_trades(s, req.seat, [SKIP])


def final_trade_auto(s: GugongState, req: FinalTrades) -> bool:
    return not trade_choices(s, req.seat)


def final_trade_apply(s: GugongState, req: FinalTrades, a: object) -> None:
    if type(a) is Trade:
        s.stack.append(req)
        do_trade(s, req.seat, a.units, a.doubles)


def end_scoring(s: GugongState) -> None:
    """Wall, level-3 decrees (D3a first), Palace slots, jade; then the game is over
    (`scores` gives 0 to Envoys outside the Palace)."""
    marks = [list(s.vp)]
    final_wall(s)
    marks.append(list(s.vp))
    for p in range(len(s.vp)):  # every colour, Meng's in the solo game
        held = [t for slot, t in enumerate(s.decrees) if s.decree_servants[p * 6 + slot]]
        if D3A in held:
            s.vp[p] += min(10, s.vp[p] // 3)
        if D3B in held:
            s.vp[p] += 8
        if D3C in held:
            s.vp[p] += min(10, 2 * s.jade[p])
        if D3D in held:
            s.vp[p] += 2 * len(held)
        if D3E in held:
            s.vp[p] += 2 * sum(s.rewards[p * 3:p * 3 + 3])
    marks.append(list(s.vp))
    for p in range(len(s.vp)):
        s.vp[p] += s.palace_slot[p]
    marks.append(list(s.vp))
    for p in range(len(s.vp)):
        s.vp[p] += jade_points(s.jade[p])
    marks.append(list(s.vp))
    if s.automa:
        record_parts(marks, s)
    s.step = S_OVER
