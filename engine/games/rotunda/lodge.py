"""The Ancestral Lodge (rules §7): praying at a temple or honouring the ancestors (round
marker, the chain on the worship board, its points and edge rewards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda.actions import (
    ChooseStaircase,
    EndCell,
    Honour,
    HonourEmpty,
    Pray,
    Skip,
    TakeAmulet,
)
from engine.games.rotunda.board import chain_ends
from engine.games.rotunda.data import (
    AMULET_SPACE_NAMES,
    ELDER_APPRENTICE,
    END_SPACE,
    GOLD,
    RECRUIT,
    ROUND_TRACK_LAST,
    STAIRCASES,
    TEMPLES,
    VILLAGES,
    WORSHIP_COLS,
    WORSHIP_LEFT,
    WORSHIP_ROWS,
    WORSHIP_TOP,
    WORSHIP_VP,
    worship_amulet_spaces,
)
from engine.games.rotunda.effects import (
    add_vp,
    chair_count,
    gain_coins,
    gain_cube,
    recruit,
    seat_add,
)
from engine.games.rotunda.memo import remembered
from engine.games.rotunda.requests import (
    ChainEnd,
    ChooseLodge,
    Grant,
    LodgeStep,
    ReturnChain,
    WorshipAmulet,
)
from engine.games.rotunda.rooms import push
from engine.protocol import Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

SKIP = Skip()
PRAYS = tuple(Pray(t) for t in range(len(TEMPLES)))
HONOURS = tuple(Honour(v) for v in range(VILLAGES))
HONOUR_EMPTY = HonourEmpty()
END_CELLS = tuple(EndCell(c) for c in range(WORSHIP_ROWS * WORSHIP_COLS))
TAKE_AMULETS = tuple(TakeAmulet(k) for k in range(len(AMULET_SPACE_NAMES)))


@remembered
@cython.locals(p=cython.Py_ssize_t, n=cython.Py_ssize_t, t=cython.Py_ssize_t,
               v=cython.Py_ssize_t, out=list)
def lodge_options(s: RotundaState, req: LodgeStep) -> list[Action]:
    p, n = req.seat, s.num_players
    temples, villages = s.temples, s.villages
    out: list[Action] = [PRAYS[t] for t in range(len(TEMPLES)) if temples[t]]
    out += [HONOURS[v] for v in range(VILLAGES) if villages[v * n + p]]
    return out or [HONOUR_EMPTY]


def lodge_apply(s: RotundaState, req: LodgeStep, a: Action) -> None:
    p = req.seat
    if isinstance(a, Pray):
        pray(s, p, a.temple)
        return
    advance_round(s, p)
    if isinstance(a, HonourEmpty):
        add_vp(s, p, chair_count(s, p))
        return
    assert isinstance(a, Honour)
    k = a.village * s.num_players + p
    count, s.villages[k] = s.villages[k], 0
    s.stack.append(ChainEnd(p, count))


def pray(s: RotundaState, p: int, temple: int) -> None:
    """Pray: the temple's reward; the token is flipped for good; no round advance."""
    s.temples = s.temples[:temple] + (0,) + s.temples[temple + 1:]
    _, coins, gold, actions = TEMPLES[temple]
    gain_coins(s, p, coins)
    if gold:
        gain_cube(s, p, GOLD)
    grants = []
    for act in actions:
        if act == RECRUIT:
            recruit(s, p)
        else:
            grants.append(Grant(p, act, False))
    push(s, *grants)


def advance_round(s: RotundaState, p: int) -> None:
    """Honour step 1: the round marker advances; entering the end-amulet space takes the
    amulet and triggers the end (§8)."""
    if s.round < ROUND_TRACK_LAST:
        s.round += 1
    if s.round == END_SPACE[s.num_players] and s.end_amulet >= 0:
        s.amulets = seat_add(s.amulets, p, s.end_amulet)
        s.end_amulet = -1
        s.end_triggered = True
        s.turns_left = s.num_players - 1


@cython.locals(k=cython.Py_ssize_t, c=cython.Py_ssize_t, bits=cython.long)
def elders(s: RotundaState, p: int) -> int:
    """Bit set of the worship cells holding seat p's elders."""
    worship = s.worship
    k = p * 16
    bits = 0
    for c in range(16):
        if worship[k + c]:
            bits |= 1 << c
    return bits


@remembered
def chain_options(s: RotundaState, req: ChainEnd) -> list[Action]:
    _, ends = chain_ends(elders(s, req.seat), req.count)
    return [END_CELLS[c] for c in ends]


def chain_auto(s: RotundaState, req: ChainEnd) -> bool:
    """No legal chain at all (every reachable cell an own elder): the Assistants return."""
    if chain_options(s, req):
        return False
    s.supply_discs[req.seat] += req.count
    add_vp(s, req.seat, chair_count(s, req.seat))
    return True


@cython.locals(p=cython.Py_ssize_t, r=cython.Py_ssize_t, c=cython.Py_ssize_t,
               k=cython.Py_ssize_t, stack=list)
def chain_apply(s: RotundaState, req: ChainEnd, a: Action) -> None:
    """Honour steps 3-5: the last disc turns elder; cell VP + 1 per chair Assistant; left
    and top rewards; one right/bottom amulet; the rest of the chain returns."""
    assert isinstance(a, EndCell)
    p = req.seat
    r, c = divmod(a.cell, WORSHIP_COLS)
    k = p * 16 + a.cell
    s.worship = s.worship[:k] + (1,) + s.worship[k + 1:]
    add_vp(s, p, WORSHIP_VP[r][c] + chair_count(s, p))
    gain_cube(s, p, WORSHIP_LEFT[r])
    coins, action = WORSHIP_TOP[c]
    gain_coins(s, p, coins)
    if action == RECRUIT:
        recruit(s, p)
    stack = s.stack  # decided in this order: the Elder Apprentice, the amulet, the return
    stack.append(ReturnChain(p, req.count - 1))
    stack.append(WorshipAmulet(p, r, c))
    if action == ELDER_APPRENTICE:
        stack.append(Grant(p, ELDER_APPRENTICE, True))


@remembered
def worship_amulet_options(s: RotundaState, req: WorshipAmulet) -> list[Action]:
    spaces = worship_amulet_spaces(req.r, req.c)
    return [TAKE_AMULETS[k] for k in spaces if s.amulet_spaces[k] >= 0] + [SKIP]


def worship_amulet_auto(s: RotundaState, req: WorshipAmulet) -> bool:
    """No amulet left on the row's or column's spaces: nothing to take (Skip is last)."""
    return len(worship_amulet_options(s, req)) == 1


def worship_amulet_apply(s: RotundaState, req: WorshipAmulet, a: Action) -> None:
    if isinstance(a, TakeAmulet):
        k = a.space
        s.amulets = seat_add(s.amulets, req.seat, s.amulet_spaces[k])
        s.amulet_spaces = s.amulet_spaces[:k] + (-1,) + s.amulet_spaces[k + 1:]


def return_chain(s: RotundaState, req: ReturnChain) -> bool:
    """Honour step 5: the rest of the chain returns to the supply. Automatic: True."""
    s.supply_discs[req.seat] += req.count
    return True


# --- Lodge variant (§3 step 13, §4.3) --------------------------------------------------------
LODGE_OPTIONS: list[Action] = [ChooseStaircase(k) for k in range(len(STAIRCASES))]


def lodge_choice_apply(s: RotundaState, req: ChooseLodge, a: Action) -> None:
    assert isinstance(a, ChooseStaircase)
    s.lodge = a.stair
