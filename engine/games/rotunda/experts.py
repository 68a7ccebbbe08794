"""Turn step 1: one-shot Experts (rules §5 step 1, §9, §12.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda.actions import (
    Activate,
    Choose,
    DiscardCard,
    ExpertSell,
    KeepAmulet,
    PickCube,
    SkipExpert,
)
from engine.games.rotunda.data import (
    APPRENTICE,
    BASIC,
    EXPERT_CUBE_CHOICE,
    EXPERTS,
    GOLD,
    H1,
    H2,
    H8,
    NODES,
    ONE_SHOT,
    P4,
    P5,
    P6,
    PEDDLER,
    SUPPLIER_EXPERT_CUBE,
    T1,
    T2,
    T3,
    T4,
    T5,
    T6,
    T7,
    T8,
)
from engine.games.rotunda.effects import (
    add_vp,
    fire,
    gain_coins,
    gain_cube,
    recruit,
    seat_add,
    seat_remove,
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
from engine.games.rotunda.sales import (
    SALE_ROOMS,
    any_sale,
    can_sell,
    can_sell_again,
    can_sell_two,
    pay_reward,
    place,
    sale_reward,
)
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

SKIP_EXPERT = SkipExpert()
ACTIVATE = tuple(Activate(e) for e in range(len(EXPERTS)))
ANY_BASIC = BASIC


def _sale_rooms(s: RotundaState, room: int) -> list[int]:
    if room >= 0:
        return [room]
    return [n for n in range(NODES) if s.rooms[n] in SALE_ROOMS]


def sale_options(s: RotundaState, p: int, expert: int, room: int, left: int) -> list[Action]:
    """Expert sales (§9): H5-H7 sell one cube of their type, P5 two cubes into one room."""
    types = (SUPPLIER_EXPERT_CUBE[expert],) if expert != P5 else BASIC
    out: list[Action] = []
    for node in _sale_rooms(s, room):
        kind = s.rooms[node]
        for t in types:
            for g in (False, True):
                if not can_sell(s, p, kind, t, g):
                    continue
                if left == 2 and not can_sell_again(s, p, kind, t, g):
                    continue
                out.append(ExpertSell(node, t, g))
    return out


def can_activate(s: RotundaState, p: int, e: int) -> bool:
    if EXPERTS[e][2]:
        return False
    if e in (H8, P4):
        return s.supply_discs[p] > 0
    if e in SUPPLIER_EXPERT_CUBE:  # one cube of its type into any sale room
        return any_sale(s, p, SUPPLIER_EXPERT_CUBE[e])
    if e == P5:  # two cubes into one sale room
        return can_sell_two(s, p)
    return True


@remembered
def step_options(s: RotundaState, req: ExpertStep) -> list[Action]:
    p = req.seat
    return [SKIP_EXPERT] + [ACTIVATE[e] for e in sorted(s.experts[p]) if can_activate(s, p, e)]


def step_auto(s: RotundaState, req: ExpertStep) -> bool:
    """Step 1 passes without asking when no held Expert can be activated now."""
    p = req.seat
    held = s.experts[p]
    if ONE_SHOT.isdisjoint(held):
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
    s.experts = seat_remove(s.experts, p, e)
    if EXPERTS[e][3] >= 0:
        s.stack.append(KeepOrDiscard(p, e))
    else:
        s.expert_discard += (e,)
    st = s.stack
    if e == H1:
        gain_coins(s, p, 3)
    elif e == H2:
        gain_coins(s, p, 1)
        add_vp(s, p, 1)
    elif e in SUPPLIER_EXPERT_CUBE:
        st.append(ExpertSale(p, e, -1, 1))
    elif e == H8:
        fire(s, p)
        gain_coins(s, p, 4)
        gain_cube(s, p, GOLD)
    elif e in EXPERT_CUBE_CHOICE:
        st.append(ExpertCube(p, e, 1))
    elif e == P4:
        fire(s, p)
        gain_cube(s, p, GOLD)
        st.append(ExpertCube(p, e, 1))
    elif e == P5:
        st.append(ExpertSale(p, e, -1, 2))
    elif e == P6:
        for q in range(s.num_players):
            if q != p:
                gain_coins(s, q, 1)
        st.append(ExpertCube(p, e, 2))
    elif e == T1:
        st.append(ExpertReward(p, e))
    elif e == T2:
        gain_coins(s, p, 1)
        st.append(Grant(p, PEDDLER, False))
    elif e == T3:
        st.append(Grant(p, APPRENTICE, False))
    elif e == T4:
        gain_coins(s, p, s.supply_discs[p] + 1)
    elif e == T5:
        gain_coins(s, p, 1)
        recruit(s, p)
        recruit(s, p)
    elif e == T6:
        recruit(s, p)
        st += [Grant(p, PEDDLER, False), Grant(p, PEDDLER, False)]
    elif e == T7:
        recruit(s, p)
        st.append(Grant(p, APPRENTICE, False))
    elif e == T8:
        gain_coins(s, p, 1)
        recruit(s, p)
        st.append(Grant(p, PEDDLER, False))


@remembered
def cube_options(s: RotundaState, req: ExpertCube) -> list[Action]:
    return [PickCube(t) for t in EXPERT_CUBE_CHOICE.get(req.expert, ANY_BASIC)]


def cube_apply(s: RotundaState, req: ExpertCube, a: Action) -> None:
    assert isinstance(a, PickCube)
    if req.left > 1:
        s.stack.append(ExpertCube(req.seat, req.expert, req.left - 1))
    gain_cube(s, req.seat, a.cube)


REWARD_OPTIONS: list[Action] = [Choose(0), Choose(1)]


def reward_apply(s: RotundaState, req: ExpertReward, a: Action) -> None:
    """Amulet Trader (T1): 4 coins or 3 VP."""
    assert isinstance(a, Choose)
    if a.option == 0:
        gain_coins(s, req.seat, 4)
    else:
        add_vp(s, req.seat, 3)


@remembered
def sale_req_options(s: RotundaState, req: ExpertSale) -> list[Action]:
    return sale_options(s, req.seat, req.expert, req.room, req.left)


def sale_apply(s: RotundaState, req: ExpertSale, a: Action) -> None:
    """Expert sale: Assistant actions of the reward are skipped; H5-H7 pay double."""
    assert isinstance(a, ExpertSell)
    p, kind = req.seat, s.rooms[a.room]
    nth = 2 - req.left if req.expert == P5 else 0
    place(s, p, kind, a.as_type, a.gold)
    coins, vp, _ = sale_reward(kind, a.as_type, nth)
    pay_reward(s, p, coins, vp, 1 if req.expert == P5 else 2)
    if req.left > 1:
        s.stack.append(ExpertSale(p, req.expert, a.room, req.left - 1))


KEEP_OPTIONS: list[Action] = [KeepAmulet(), DiscardCard()]


def keep_apply(s: RotundaState, req: KeepOrDiscard, a: Action) -> None:
    if isinstance(a, KeepAmulet):
        s.kept = seat_add(s.kept, req.seat, req.expert)
    else:
        s.expert_discard += (req.expert,)
