"""The Grand Canal (rules §5.7, D8): placing pieces on ships, moving, Harbor rewards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong import effects
from engine.games.gugong.actions import Claim, LoadShip, MoveShip, NewShip, Skip
from engine.games.gugong.data import (
    CANAL_PATHS,
    F_LOCKED,
    F_POOL,
    F_SHIP,
    F_SUPPLY,
    HARBOR_REWARDS,
    HARBOR_VP,
    HARBORS,
    R_CARD,
    R_FOREMAN,
    R_VP,
    REWARD_SPACES,
    SHIP_CAPACITY,
    SHIPS,
)
from engine.games.gugong.effects import (
    NEXT_FREE,
    draw_card,
    first_free,
    free_ship,
    next_free_ahead,
    path_has_free,
    return_ship,
    ship_units,
    take_harbor,
)
from engine.games.gugong.masks import ALL_HARBORS, HARBOR_BITS
from engine.games.gugong.requests import CanalMove, CanalPlace, HarborClaim

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

SKIP = Skip()
LOAD_SHIP = tuple((LoadShip(k, False), LoadShip(k, True)) for k in range(SHIPS))
NEW_SHIP = tuple((NewShip(path, False), NewShip(path, True)) for path in range(2))
MOVE_SHIP = tuple(MoveShip(k) for k in range(SHIPS))
CLAIM = tuple(tuple(Claim(k, r) for r in range(3)) for k in range(SHIPS))


@cython.locals(p=cython.Py_ssize_t, normal=cython.bint, fm=cython.bint, out=list,
               base=cython.Py_ssize_t, k=cython.Py_ssize_t, carrying=cython.long,
               room=cython.long, beside=cython.bint, path=cython.Py_ssize_t)
def place_options(s: GugongState, p: int, supply: bool) -> list:
    """One piece (normal, or the Foreman worth 2) from the pool or the supply onto an own
    ship with room, or onto a new ship at the first free harbor of a path."""
    normal = (s.supply[p] if supply else s.pool[p]) > 0
    fm = s.foreman[p] == (F_SUPPLY if supply else F_POOL)
    if not normal and not fm:
        return []
    out = []
    base = p * 3
    harbor, loads = s.ship_harbor, s.ship_load
    carrying = s.foreman[p] - F_SHIP  # the ship the Foreman is on (other values: none)
    beside = False
    for k in range(SHIPS):
        if harbor[base + k] >= 0:
            room = SHIP_CAPACITY - loads[base + k] - (2 if carrying == k else 0)
            if normal and room >= 1:
                out.append(LOAD_SHIP[k][False])
            if fm and room >= 2:
                out.append(LOAD_SHIP[k][True])
        else:
            beside = True
    if beside:  # a ship beside the board (effects.free_ship)
        taken = s.harbors
        for path in range(CANAL_PATHS[s.num_players]):
            if taken >> path * HARBORS & HARBOR_BITS != HARBOR_BITS:  # effects.path_has_free
                if normal:
                    out.append(NEW_SHIP[path][False])
                if fm:
                    out.append(NEW_SHIP[path][True])
    return out


def can_place(s: GugongState, p: int, supply: bool) -> bool:
    """Whether `place_options` is non-empty, without building it."""
    normal = (s.supply[p] if supply else s.pool[p]) > 0
    if not normal and s.foreman[p] != (F_SUPPLY if supply else F_POOL):
        return False
    return room_for(s, p, 1 if normal else 2)


@cython.locals(p=cython.Py_ssize_t, need=cython.long, base=cython.Py_ssize_t,
               k=cython.Py_ssize_t, carrying=cython.long)
def room_for(s: GugongState, p: int, need: int) -> bool:
    """Whether a piece worth `need` units fits on an own ship: a new one (a ship beside the
    board and a free harbor on a path) or one on the canal with that much room."""
    base = p * 3
    harbor = s.ship_harbor
    for k in range(SHIPS):
        if harbor[base + k] < 0:  # a ship beside the board
            taken = s.harbors
            if taken & HARBOR_BITS != HARBOR_BITS or (
                    CANAL_PATHS[s.num_players] > 1 and taken >> HARBORS != HARBOR_BITS):
                return True
            break
    loads = s.ship_load
    carrying = s.foreman[p] - F_SHIP
    for k in range(SHIPS):
        if harbor[base + k] >= 0 and (
                SHIP_CAPACITY - loads[base + k] - (2 if carrying == k else 0) >= need):
            return True
    return False


def ship_rooms(s: GugongState, p: int) -> tuple[list[int], int]:
    """Room in units on each own ship (-1 for a ship beside the board) and how many new ships
    can still be started (ships beside the board, at most one per free harbor)."""
    base = p * 3
    carrying = s.foreman[p] - F_SHIP
    rooms = [SHIP_CAPACITY - s.ship_load[base + k] - (2 if carrying == k else 0)
             if s.ship_harbor[base + k] >= 0 else -1 for k in range(SHIPS)]
    taken = s.harbors
    free = 0
    for path in range(CANAL_PATHS[s.num_players]):
        free += HARBORS - (taken >> path * HARBORS & HARBOR_BITS).bit_count()
    return rooms, min(rooms.count(-1), free)


def pieces_fit(rooms: list[int], new: int, normals: int, fm: bool, pieces: int) -> bool:
    """Whether `pieces` pieces, each a normal servant (1 unit, from `normals`) or the Foreman
    (2 units, if `fm`), all find room: on ships with `rooms` (changed and restored while
    trying) or on up to `new` new ships of 3 units each. Canal B places two (rules §5.7)."""
    if pieces <= 0:
        return True
    kinds = []
    if normals > 0:
        kinds.append((1, normals - 1, fm))  # a normal servant
    if fm:
        kinds.append((2, normals, False))  # the Foreman
    for units, left, fm_left in kinds:
        for k, room in enumerate(rooms):
            if room >= units:
                rooms[k] = room - units
                ok = pieces_fit(rooms, new, left, fm_left, pieces - 1)
                rooms[k] = room
                if ok:
                    return True
        if new > 0:
            rooms.append(SHIP_CAPACITY - units)
            ok = pieces_fit(rooms, new - 1, left, fm_left, pieces - 1)
            rooms.pop()
            if ok:
                return True
    return False


def compulsory(req: CanalPlace) -> bool:
    """Canal B's two pieces must both be placed (rules §5.7: "umieść dwóch"); a single piece
    (Canal A, T_SHIP, D1b) is optional."""
    return req.remaining > 1 or req.placed > 0


def leaves_room(s: GugongState, req: CanalPlace, a: LoadShip | NewShip) -> bool:
    """Whether the pieces still to place after `a` find room (Canal B's first piece must not
    take the room its second one needs)."""
    p = req.seat
    rooms, new = ship_rooms(s, p)
    normals = s.supply[p] if req.supply else s.pool[p]
    fm = s.foreman[p] == (F_SUPPLY if req.supply else F_POOL)
    units = 2 if a.foreman else 1
    if a.foreman:
        fm = False
    else:
        normals -= 1
    if type(a) is LoadShip:
        rooms[a.ship] -= units
    else:
        rooms.append(SHIP_CAPACITY - units)
        new -= 1
    return pieces_fit(rooms, new, normals, fm, req.remaining - 1)


def canal_place_options(s: GugongState, req: CanalPlace) -> list:
    out = place_options(s, req.seat, req.supply)
    if req.remaining > 1:
        out = [a for a in out if leaves_room(s, req, a)]
    if not compulsory(req):
        out.append(SKIP)
    return out


def canal_place_legal(s: GugongState, req: CanalPlace, a: object) -> bool:
    """Whether `a` is among `canal_place_options`, testing that one option only."""
    t = type(a)
    if t is Skip:
        return not compulsory(req)
    if t is not LoadShip and t is not NewShip:
        return False
    if not placement_legal(s, req.seat, req.supply, a):
        return False
    return req.remaining < 2 or leaves_room(s, req, a)


def placement_legal(s: GugongState, p: int, supply: bool, a: LoadShip | NewShip) -> bool:
    """Whether `a` is among `place_options(s, p, supply)`."""
    f = a.foreman
    if f:
        if s.foreman[p] != (F_SUPPLY if supply else F_POOL):
            return False
    elif (s.supply[p] if supply else s.pool[p]) <= 0:
        return False
    own = s.ship_harbor[p * 3:p * 3 + SHIPS]
    if type(a) is LoadShip:
        k = a.ship
        if not 0 <= k < SHIPS or own[k] < 0:
            return False
        return SHIP_CAPACITY - ship_units(s, p, k) >= (2 if f else 1)
    path = a.path
    if not 0 <= path < effects.paths(s) or min(own) >= 0:
        return False
    return path_has_free(s, path)


def canal_place_auto(s: GugongState, req: CanalPlace) -> bool:
    return not can_place(s, req.seat, req.supply)


def canal_place_apply(s: GugongState, req: CanalPlace, a: object) -> None:
    p = req.seat
    if type(a) is Skip:
        return
    if type(a) is NewShip:
        k = free_ship(s, p)
        i = p * 3 + k
        s.ship_path[i] = a.path
        take_harbor(s, i, first_free(s, a.path))
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
    elif req.supply and ship_units(s, p, k) == SHIP_CAPACITY:
        s.stack.append(HarborClaim(p, k))  # T_SHIP / D1b: claim right after the 3rd unit


def move_options(s: GugongState, p: int) -> list:
    """Own ships on the canal with a free harbor ahead (Canal A)."""
    own = s.ship_harbor[p * 3:p * 3 + SHIPS]
    if max(own) < 0:
        return []
    harbors, paths = s.harbors, s.ship_path
    return [MOVE_SHIP[k] for k, h in enumerate(own)
            if h >= 0
            and NEXT_FREE[harbors >> paths[p * 3 + k] * HARBORS & HARBOR_BITS][h] >= 0]


def canal_move_options(s: GugongState, req: CanalMove) -> list:
    out = move_options(s, req.seat)
    out.append(SKIP)
    return out


def canal_move_legal(s: GugongState, req: CanalMove, a: object) -> bool:
    """Whether `a` is among `canal_move_options`, testing that one option only."""
    if type(a) is Skip:
        return True
    if type(a) is not MoveShip or not 0 <= a.ship < SHIPS:
        return False
    i = req.seat * 3 + a.ship
    return s.ship_harbor[i] >= 0 and next_free_ahead(s, i) >= 0


def canal_move_auto(s: GugongState, req: CanalMove) -> bool:
    return not move_options(s, req.seat)


def canal_move_apply(s: GugongState, req: CanalMove, a: object) -> None:
    if type(a) is MoveShip:
        i = req.seat * 3 + a.ship
        take_harbor(s, i, next_free_ahead(s, i))


# --- Harbor rewards ------------------------------------------------------------------------------
def reward_available(s: GugongState, p: int, r: int) -> bool:
    if s.rewards[p * 3 + r] >= REWARD_SPACES[r]:
        return False
    if r == R_CARD:
        return len(s.draw_pile) > s.meng_reserved  # solo: cards Meng drew unseen are gone
    if r == R_FOREMAN:
        return s.foreman[p] == F_LOCKED
    return True


def claim_options(s: GugongState, p: int, ship: int) -> list:
    out: list = []
    own = s.ship_harbor[p * 3:p * 3 + SHIPS]
    if max(own) < 1:
        return out
    for k, h in enumerate(own):
        if h < 1 or (ship >= 0 and k != ship) or ship_units(s, p, k) < SHIP_CAPACITY:
            continue
        out += [CLAIM[k][r] for r in HARBOR_REWARDS[h] if reward_available(s, p, r)]
    return out


def claim_request_options(s: GugongState, req: HarborClaim) -> list:
    out = claim_options(s, req.seat, req.ship)
    out.append(SKIP)
    return out


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
    return_ship(s, p, k)
    if r == R_VP:
        s.vp[p] += HARBOR_VP
    elif r == R_CARD:
        draw_card(s, p)
    else:
        s.foreman[p] = F_POOL


def night_ships(s: GugongState) -> None:
    """Night step 2 (a, b): ships in Harbor 5 are lost; the others move one harbor forward,
    furthest first."""
    last = HARBORS - 1
    harbors = s.ship_harbor
    if last in harbors:
        for i, h in enumerate(harbors):
            if h == last:
                return_ship(s, i // 3, i % 3)
    # furthest first, every ship one harbor: no ship meets another, so all at once (Harbor 5
    # is free now: each path's taken harbors shift by one)
    harbors[:] = [h + 1 if h >= 0 else h for h in harbors]
    s.harbors = s.harbors << 1 & ALL_HARBORS
