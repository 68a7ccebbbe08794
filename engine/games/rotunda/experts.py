"""Turn step 1: one-shot Experts (rules §5 step 1, §9, §12.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda import data, effects, sales
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
ACTIVATE = tuple(Activate(e) for e in range(len(data.EXPERTS)))
ANY_BASIC = data.BASIC


def _sale_rooms(s: RotundaState, room: int) -> list[int]:
    if room >= 0:
        return [room]
    return [n for n in range(data.NODES) if s.rooms[n] in sales.SALE_ROOMS]


def sale_options(s: RotundaState, p: int, expert: int, room: int, left: int) -> list[Action]:
    """Expert sales (§9): H5-H7 sell one cube of their type, P5 two cubes into one room."""
    types = (data.SUPPLIER_EXPERT_CUBE[expert],) if expert != data.P5 else data.BASIC
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
    if data.EXPERTS[e][2]:
        return False
    if e in (data.H8, data.P4):
        return s.supply_discs[p] > 0
    if e in data.SUPPLIER_EXPERT_CUBE:  # one cube of its type into any sale room
        return sales.any_sale(s, p, data.SUPPLIER_EXPERT_CUBE[e])
    if e == data.P5:  # two cubes into one sale room
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
    if data.ONE_SHOT.isdisjoint(held):
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
    s.experts = effects.seat_remove(s.experts, p, e)
    if data.EXPERTS[e][3] >= 0:
        s.stack.append(KeepOrDiscard(p, e))
    else:
        s.expert_discard += (e,)
    st = s.stack
    if e == data.H1:
        effects.gain_coins(s, p, 3)
    elif e == data.H2:
        effects.gain_coins(s, p, 1)
        effects.add_vp(s, p, 1)
    elif e in data.SUPPLIER_EXPERT_CUBE:
        st.append(ExpertSale(p, e, -1, 1))
    elif e == data.H8:
        effects.fire(s, p)
        effects.gain_coins(s, p, 4)
        effects.gain_cube(s, p, data.GOLD)
    elif e in data.EXPERT_CUBE_CHOICE:
        st.append(ExpertCube(p, e, 1))
    elif e == data.P4:
        effects.fire(s, p)
        effects.gain_cube(s, p, data.GOLD)
        st.append(ExpertCube(p, e, 1))
    elif e == data.P5:
        st.append(ExpertSale(p, e, -1, 2))
    elif e == data.P6:
        for q in range(s.num_players):
            if q != p:
                effects.gain_coins(s, q, 1)
        st.append(ExpertCube(p, e, 2))
    elif e == data.T1:
        st.append(ExpertReward(p, e))
    elif e == data.T2:
        effects.gain_coins(s, p, 1)
        st.append(Grant(p, data.PEDDLER, False))
    elif e == data.T3:
        st.append(Grant(p, data.APPRENTICE, False))
    elif e == data.T4:
        effects.gain_coins(s, p, s.supply_discs[p] + 1)
    elif e == data.T5:
        effects.gain_coins(s, p, 1)
        effects.recruit(s, p)
        effects.recruit(s, p)
    elif e == data.T6:
        effects.recruit(s, p)
        st += [Grant(p, data.PEDDLER, False), Grant(p, data.PEDDLER, False)]
    elif e == data.T7:
        effects.recruit(s, p)
        st.append(Grant(p, data.APPRENTICE, False))
    elif e == data.T8:
        effects.gain_coins(s, p, 1)
        effects.recruit(s, p)
        st.append(Grant(p, data.PEDDLER, False))


@remembered
def cube_options(s: RotundaState, req: ExpertCube) -> list[Action]:
    return [PickCube(t) for t in data.EXPERT_CUBE_CHOICE.get(req.expert, ANY_BASIC)]


def cube_apply(s: RotundaState, req: ExpertCube, a: Action) -> None:
    assert isinstance(a, PickCube)
    if req.left > 1:
        s.stack.append(ExpertCube(req.seat, req.expert, req.left - 1))
    effects.gain_cube(s, req.seat, a.cube)


REWARD_OPTIONS: list[Action] = [Choose(0), Choose(1)]


def reward_apply(s: RotundaState, req: ExpertReward, a: Action) -> None:
    """Amulet Trader (T1): 4 coins or 3 VP."""
    assert isinstance(a, Choose)
    if a.option == 0:
        effects.gain_coins(s, req.seat, 4)
    else:
        effects.add_vp(s, req.seat, 3)


@remembered
def sale_req_options(s: RotundaState, req: ExpertSale) -> list[Action]:
    return sale_options(s, req.seat, req.expert, req.room, req.left)


def sale_apply(s: RotundaState, req: ExpertSale, a: Action) -> None:
    """Expert sale: Assistant actions of the reward are skipped; H5-H7 pay double."""
    assert isinstance(a, ExpertSell)
    p, kind = req.seat, s.rooms[a.room]
    nth = 2 - req.left if req.expert == data.P5 else 0
    sales.place(s, p, kind, a.as_type, a.gold)
    coins, vp, _ = sales.sale_reward(kind, a.as_type, nth)
    sales.pay_reward(s, p, coins, vp, 1 if req.expert == data.P5 else 2)
    if req.left > 1:
        s.stack.append(ExpertSale(p, req.expert, a.room, req.left - 1))


KEEP_OPTIONS: list[Action] = [KeepAmulet(), DiscardCard()]


def keep_apply(s: RotundaState, req: KeepOrDiscard, a: Action) -> None:
    if isinstance(a, KeepAmulet):
        s.kept = effects.seat_add(s.kept, req.seat, req.expert)
    else:
        s.expert_discard += (req.expert,)
