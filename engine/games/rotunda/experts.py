"""Turn step 1: one-shot Experts (rules §5 step 1, §9, §12.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda import data as D
from engine.games.rotunda import effects as E
from engine.games.rotunda import sales
from engine.games.rotunda.actions import (
    Activate,
    Choose,
    DiscardCard,
    ExpertSell,
    KeepAmulet,
    PickCube,
    SkipExpert,
)
from engine.games.rotunda.memo import remembered
from engine.games.rotunda.requests import (
    ExpertCube,
    ExpertReward,
    ExpertSale,
    ExpertStep,
    Grant,
    KeepOrDiscard,
)
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

SKIP_EXPERT = SkipExpert()
ACTIVATE = tuple(Activate(e) for e in range(len(D.EXPERTS)))
ANY_BASIC = D.BASIC


def _sale_rooms(s: RotundaState, room: int) -> list[int]:
    if room >= 0:
        return [room]
    return [n for n in range(D.NODES) if s.rooms[n] in sales.SALE_ROOMS]


def sale_options(s: RotundaState, p: int, expert: int, room: int, left: int) -> list[Action]:
    """Expert sales (§9): H5-H7 sell one cube of their type, P5 two cubes into one room."""
    types = (D.SUPPLIER_EXPERT_CUBE[expert],) if expert != D.P5 else D.BASIC
    out: list[Action] = []
    for node in _sale_rooms(s, room):
        kind = s.rooms[node]
        for t in types:
            for g in (False, True):
                if not sales.can_sell(s, p, kind, t, g):
                    continue
                if left == 2 and not sales.can_sell_again(s, p, kind, t, g):
                    continue
                out.append(ExpertSell(node, t, g))
    return out


def can_activate(s: RotundaState, p: int, e: int) -> bool:
    if D.EXPERTS[e][2]:
        return False
    if e in (D.H8, D.P4):
        return s.supply_discs[p] > 0
    if e in D.SUPPLIER_EXPERT_CUBE:  # one cube of its type into any sale room
        return sales.any_sale(s, p, D.SUPPLIER_EXPERT_CUBE[e])
    if e == D.P5:  # two cubes into one sale room
        return sales.can_sell_two(s, p)
    return True


@remembered
def step_options(s: RotundaState, req: ExpertStep) -> list[Action]:
    p = req.seat
    return [SKIP_EXPERT] + [ACTIVATE[e] for e in sorted(s.experts[p]) if can_activate(s, p, e)]


def step_auto(s: RotundaState, req: ExpertStep) -> bool:
    """Step 1 passes without asking when no held Expert can be activated now."""
    p = req.seat
    held = s.experts[p]
    if D.ONE_SHOT.isdisjoint(held):
        return True
    for e in held:
        if can_activate(s, p, e):
            return False
    return True


def step_apply(s: RotundaState, req: ExpertStep, a: Action) -> None:
    if isinstance(a, Activate):
        activate(s, req.seat, a.expert)


def activate(s: RotundaState, p: int, e: int) -> None:
    """Use one-shot Expert e; afterwards an amulet Expert may be kept (§5 step 1)."""
    s.experts = E.seat_remove(s.experts, p, e)
    if D.EXPERTS[e][3] >= 0:
        s.stack.append(KeepOrDiscard(p, e))
    else:
        s.expert_discard += (e,)
    st = s.stack
    if e == D.H1:
        E.gain_coins(s, p, 3)
    elif e == D.H2:
        E.gain_coins(s, p, 1)
        E.add_vp(s, p, 1)
    elif e in D.SUPPLIER_EXPERT_CUBE:
        st.append(ExpertSale(p, e, -1, 1))
    elif e == D.H8:
        E.fire(s, p)
        E.gain_coins(s, p, 4)
        E.gain_cube(s, p, D.GOLD)
    elif e in D.EXPERT_CUBE_CHOICE:
        st.append(ExpertCube(p, e, 1))
    elif e == D.P4:
        E.fire(s, p)
        E.gain_cube(s, p, D.GOLD)
        st.append(ExpertCube(p, e, 1))
    elif e == D.P5:
        st.append(ExpertSale(p, e, -1, 2))
    elif e == D.P6:
        for q in range(s.num_players):
            if q != p:
                E.gain_coins(s, q, 1)
        st.append(ExpertCube(p, e, 2))
    elif e == D.T1:
        st.append(ExpertReward(p, e))
    elif e == D.T2:
        E.gain_coins(s, p, 1)
        st.append(Grant(p, D.PEDDLER, False))
    elif e == D.T3:
        st.append(Grant(p, D.APPRENTICE, False))
    elif e == D.T4:
        E.gain_coins(s, p, s.supply_discs[p] + 1)
    elif e == D.T5:
        E.gain_coins(s, p, 1)
        E.recruit(s, p)
        E.recruit(s, p)
    elif e == D.T6:
        E.recruit(s, p)
        st += [Grant(p, D.PEDDLER, False), Grant(p, D.PEDDLER, False)]
    elif e == D.T7:
        E.recruit(s, p)
        st.append(Grant(p, D.APPRENTICE, False))
    elif e == D.T8:
        E.gain_coins(s, p, 1)
        E.recruit(s, p)
        st.append(Grant(p, D.PEDDLER, False))


@remembered
def cube_options(s: RotundaState, req: ExpertCube) -> list[Action]:
    return [PickCube(t) for t in D.EXPERT_CUBE_CHOICE.get(req.expert, ANY_BASIC)]


def cube_apply(s: RotundaState, req: ExpertCube, a: Action) -> None:
    assert isinstance(a, PickCube)
    if req.left > 1:
        s.stack.append(ExpertCube(req.seat, req.expert, req.left - 1))
    E.gain_cube(s, req.seat, a.cube)


REWARD_OPTIONS: list[Action] = [Choose(0), Choose(1)]


def reward_apply(s: RotundaState, req: ExpertReward, a: Action) -> None:
    """Amulet Trader (T1): 4 coins or 3 VP."""
    assert isinstance(a, Choose)
    if a.option == 0:
        E.gain_coins(s, req.seat, 4)
    else:
        E.add_vp(s, req.seat, 3)


@remembered
def sale_req_options(s: RotundaState, req: ExpertSale) -> list[Action]:
    return sale_options(s, req.seat, req.expert, req.room, req.left)


def sale_apply(s: RotundaState, req: ExpertSale, a: Action) -> None:
    """Expert sale: Assistant actions of the reward are skipped; H5-H7 pay double."""
    assert isinstance(a, ExpertSell)
    p, kind = req.seat, s.rooms[a.room]
    nth = 2 - req.left if req.expert == D.P5 else 0
    sales.place(s, p, kind, a.as_type, a.gold)
    coins, vp, _ = sales.sale_reward(kind, a.as_type, nth)
    sales.pay_reward(s, p, coins, vp, 1 if req.expert == D.P5 else 2)
    if req.left > 1:
        s.stack.append(ExpertSale(p, req.expert, a.room, req.left - 1))


KEEP_OPTIONS: list[Action] = [KeepAmulet(), DiscardCard()]


def keep_apply(s: RotundaState, req: KeepOrDiscard, a: Action) -> None:
    if isinstance(a, KeepAmulet):
        s.kept = E.seat_add(s.kept, req.seat, req.expert)
    else:
        s.expert_discard += (req.expert,)
