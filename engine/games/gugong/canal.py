"""The Grand Canal (rules §5.7, D8): placing pieces on ships, moving, Harbor rewards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong import data as D
from engine.games.gugong import effects as E
from engine.games.gugong.actions import Claim, LoadShip, MoveShip, NewShip, Skip
from engine.games.gugong.data import F_LOCKED, F_POOL, F_SHIP, F_SUPPLY
from engine.games.gugong.requests import CanalMove, CanalPlace, HarborClaim

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

SKIP = Skip()
LOAD_SHIP = tuple((LoadShip(k, False), LoadShip(k, True)) for k in range(D.SHIPS))
NEW_SHIP = tuple((NewShip(path, False), NewShip(path, True)) for path in range(2))
MOVE_SHIP = tuple(MoveShip(k) for k in range(D.SHIPS))


def place_options(s: GugongState, p: int, supply: bool) -> list:
    """One piece (normal, or the Foreman worth 2) from the pool or the supply onto an own
    ship with room, or onto a new ship at the first free harbor of a path."""
    normal = (s.supply[p] if supply else s.pool[p]) > 0
    fm = s.foreman[p] == (F_SUPPLY if supply else F_POOL)
    kinds = ([False] if normal else []) + ([True] if fm else [])
    if not kinds:
        return []
    out: list = []
    for k in range(D.SHIPS):
        i = p * 3 + k
        if s.ship_harbor[i] < 0:
            continue
        room = D.SHIP_CAPACITY - E.ship_units(s, p, k)
        out += [LOAD_SHIP[k][f] for f in kinds if room >= (2 if f else 1)]
    if E.free_ship(s, p) >= 0:
        every = E.all_paths_free(s)
        taken = [0, 0] if every else E.taken_harbors(s)
        for path in range(E.paths(s)):
            if every or E.FIRST_FREE[taken[path]] >= 0:
                out += [NEW_SHIP[path][f] for f in kinds]
    return out


def can_place(s: GugongState, p: int, supply: bool) -> bool:
    """Whether `place_options` is non-empty, without building it."""
    normal = (s.supply[p] if supply else s.pool[p]) > 0
    fm = s.foreman[p] == (F_SUPPLY if supply else F_POOL)
    if not (normal or fm):
        return False
    need = 1 if normal else 2
    on_canal = False
    for k in range(D.SHIPS):
        if s.ship_harbor[p * 3 + k] >= 0:
            on_canal = True
            if D.SHIP_CAPACITY - E.ship_units(s, p, k) >= need:
                return True
    if not on_canal or E.free_ship(s, p) >= 0:
        if E.all_paths_free(s):
            return True
        taken = E.taken_harbors(s)
        return any(E.FIRST_FREE[taken[path]] >= 0 for path in range(E.paths(s)))
    return False


def canal_place_options(s: GugongState, req: CanalPlace) -> list:
    return place_options(s, req.seat, req.supply) + [SKIP]


def canal_place_auto(s: GugongState, req: CanalPlace) -> bool:
    return not can_place(s, req.seat, req.supply)


def canal_place_apply(s: GugongState, req: CanalPlace, a: object) -> None:
    p = req.seat
    if type(a) is Skip:
        return
    if type(a) is NewShip:
        k = E.free_ship(s, p)
        i = p * 3 + k
        s.ship_path[i] = a.path
        s.ship_harbor[i] = E.first_free(s, a.path)
    else:
        k = a.ship
        i = p * 3 + k
    if a.foreman:
        s.foreman[p] = F_SHIP + k
    elif req.supply:
        s.supply[p] -= 1
        s.ship_load[i] += 1
    else:
        s.pool[p] -= 1
        s.ship_load[i] += 1
    if req.remaining > 1:
        s.stack.append(CanalPlace(p, req.remaining - 1, req.placed + 1, req.supply,
                                  req.then_move))
    elif req.supply and E.ship_units(s, p, k) == D.SHIP_CAPACITY:
        s.stack.append(HarborClaim(p, k))  # T_SHIP / D1b: claim right after the 3rd unit


def move_options(s: GugongState, p: int) -> list:
    if all(s.ship_harbor[p * 3 + k] < 0 for k in range(D.SHIPS)):
        return []
    taken = E.taken_harbors(s)
    return [MOVE_SHIP[k] for k in range(D.SHIPS)
            if s.ship_harbor[p * 3 + k] >= 0 and E.next_free_ahead(s, p * 3 + k, taken) >= 0]


def canal_move_options(s: GugongState, req: CanalMove) -> list:
    return move_options(s, req.seat) + [SKIP]


def canal_move_auto(s: GugongState, req: CanalMove) -> bool:
    return not move_options(s, req.seat)


def canal_move_apply(s: GugongState, req: CanalMove, a: object) -> None:
    if type(a) is MoveShip:
        i = req.seat * 3 + a.ship
        s.ship_harbor[i] = E.next_free_ahead(s, i)


# --- Harbor rewards ------------------------------------------------------------------------------
def reward_available(s: GugongState, p: int, r: int) -> bool:
    if s.rewards[p * 3 + r] >= D.REWARD_SPACES[r]:
        return False
    if r == D.R_CARD:
        return len(s.draw_pile) > s.meng_reserved  # solo: cards Meng drew unseen are gone
    if r == D.R_FOREMAN:
        return s.foreman[p] == F_LOCKED
    return True


def claim_options(s: GugongState, p: int, ship: int) -> list:
    out: list = []
    if all(s.ship_harbor[p * 3 + k] < 1 for k in range(D.SHIPS)):
        return out
    for k in range(D.SHIPS):
        h = s.ship_harbor[p * 3 + k]
        if h < 1 or (ship >= 0 and k != ship) or E.ship_units(s, p, k) < D.SHIP_CAPACITY:
            continue
        out += [Claim(k, r) for r in D.HARBOR_REWARDS[h] if reward_available(s, p, r)]
    return out


def claim_request_options(s: GugongState, req: HarborClaim) -> list:
    return claim_options(s, req.seat, req.ship) + [SKIP]


def claim_auto(s: GugongState, req: HarborClaim) -> bool:
    return not claim_options(s, req.seat, req.ship)


def claim_apply(s: GugongState, req: HarborClaim, a: object) -> None:
    if type(a) is Claim:
        claim(s, req.seat, a.ship, a.reward)
        if req.ship < 0:
            s.stack.append(req)


def claim(s: GugongState, p: int, k: int, r: int) -> None:
    """1 normal servant from the ship to the reward space (permanent), the reward, the ship
    back, other pieces to the supply."""
    s.ship_load[p * 3 + k] -= 1
    s.rewards[p * 3 + r] += 1
    E.return_ship(s, p, k)
    if r == D.R_VP:
        s.vp[p] += D.HARBOR_VP
    elif r == D.R_CARD:
        E.draw_card(s, p)
    else:
        s.foreman[p] = F_POOL


def night_ships(s: GugongState) -> None:
    """Night step 2 (a, b): ships in Harbor 5 are lost; the others move one harbor forward,
    furthest first."""
    last = D.HARBORS - 1
    for i, h in enumerate(s.ship_harbor):
        if h == last:
            E.return_ship(s, i // 3, i % 3)
    order = sorted((i for i, h in enumerate(s.ship_harbor) if h >= 0),
                   key=lambda i: -s.ship_harbor[i])
    for i in order:
        s.ship_harbor[i] += 1
