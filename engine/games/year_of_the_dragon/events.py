"""Phase 3 events and their releases, decay, Phase 4 scoring, the Great Wall checks and
final scoring (rules §5.3, §5.4, §6, §7).

Event functions apply the automatic parts at once and return the release decisions they
cause, in turn order (flow.py pushes them). Releases never interact between players, so
resolving the automatic parts up front is the same as resolving player by player. The
release handlers are registered in rules.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon.actions import RELEASE, Release
from engine.games.year_of_the_dragon.board import (
    SYM,
    int_in,
    persons,
    persons_of,
    symbols,
    turn_order,
)
from engine.games.year_of_the_dragon.data import (
    CONTAGION_RELEASES,
    COURT_LADY,
    FESTIVAL_FIRST_VP,
    FESTIVAL_SECOND_VP,
    FINAL_VP_PER_PERSON,
    GOODS_SALE_YUAN,
    HEALER,
    LARGE_PRIVILEGE_DRAGONS,
    MONK,
    NUM_TILES,
    SMALL_PRIVILEGE_DRAGONS,
    TILE_SYMBOLS,
    TRIBUTE_YUAN,
    WALL_LENGTH,
    WARRIOR,
    YUAN_PER_FINAL_VP,
    tile_of,
)
from engine.games.year_of_the_dragon.requests import DroughtRelease, ReleasePersons
from engine.kernel import Request
from engine.protocol import Action

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState


def schedule_release(s: YotdState, p: int, n: int, out: list[Request]) -> None:
    """Rules §5.3, D9: p must release n persons of their choice; with n >= persons owned,
    all are released (no choice, nothing more)."""
    if n <= 0:
        return
    if n >= persons(s, p):
        for pal in s.palaces[p]:
            del pal[1:]
        return
    out.append(ReleasePersons(p, n))


def imperial_tribute(s: YotdState, order: list[int]) -> list[Request]:
    """Rules §5.3 Imperial Tribute: pay up to 4 yuan; release 1 person per missing yuan."""
    out: list[Request] = []
    for p in order:
        paid = min(TRIBUTE_YUAN, s.yuan[p])
        s.yuan[p] -= paid
        schedule_release(s, p, TRIBUTE_YUAN - paid, out)
    return out


def drought(s: YotdState, order: list[int]) -> list[Request]:
    """Rules §5.3 Drought: 1 rice per inhabited palace (compulsory maximum); the owner picks
    the unsupplied palaces and releases 1 person from each."""
    out: list[Request] = []
    for p in order:
        inhabited = [i for i, pal in enumerate(s.palaces[p]) if len(pal) > 1]
        k = len(inhabited)
        paid = min(k, s.rice[p])
        s.rice[p] -= paid
        missing = k - paid
        if missing <= 0:
            continue
        if missing == k and all(len(s.palaces[p][i]) == 2 for i in inhabited):
            for i in inhabited:  # every inhabited palace loses its only person: no choice
                del s.palaces[p][i][1:]
            continue
        out.append(DroughtRelease(p, missing))
    return out


def dragon_festival(s: YotdState, order: list[int]) -> list[Request]:
    """Rules §5.3 Dragon Festival, D13: dense ranking of fireworks counts (> 0); highest
    +6 VP, next +3 VP; each scorer returns half (rounded up) of their tokens."""
    counts = sorted({f for f in s.fireworks if f > 0}, reverse=True)
    prizes = dict(zip(counts, (FESTIVAL_FIRST_VP, FESTIVAL_SECOND_VP), strict=False))
    for p in order:
        f = s.fireworks[p]
        if f in prizes:
            s.vp[p] += prizes[f]
            s.fireworks[p] = f // 2  # returns ceil(f / 2)
    return []


def mongol_invasion(s: YotdState, order: list[int]) -> list[Request]:
    """Rules §5.3 Mongol Invasion, D14: +1 VP per helmet; everyone at the minimum helmet
    count (computed before any release) releases 1 person."""
    helmets = [symbols(s, p, WARRIOR) for p in range(s.num_players)]
    low = min(helmets)
    out: list[Request] = []
    for p in order:
        s.vp[p] += helmets[p]
    for p in order:
        if helmets[p] == low:
            schedule_release(s, p, 1, out)
    return out


def contagion(s: YotdState, order: list[int]) -> list[Request]:
    """Rules §5.3 Contagion: release 3 persons, 1 fewer per mortar on own healers."""
    out: list[Request] = []
    for p in order:
        schedule_release(s, p, CONTAGION_RELEASES - symbols(s, p, HEALER), out)
    return out


def peace(s: YotdState, order: list[int]) -> list[Request]:
    """Rules §5.3 Peace: nothing happens."""
    return []


EVENT_EFFECTS = (peace, imperial_tribute, drought, dragon_festival, mongol_invasion, contagion)


def resolve_event(s: YotdState, event: int, order: list[int]) -> list[Request]:
    return EVENT_EFFECTS[event](s, order)


# --- ReleasePersons and DroughtRelease (rules §5.3, §7) --------------------------------------
@cython.locals(pals=list, out=list, i=cython.Py_ssize_t)
def release_options(s: YotdState, req: ReleasePersons) -> list[Action]:
    """The owner chooses whom to release (any palace)."""
    pals = s.palaces[req.seat]
    out = []
    for i in range(len(pals)):
        if len(pals[i]) > 1:
            out += persons_of(RELEASE, pals, i)
    return out


def release_legal(s: YotdState, req: ReleasePersons | DroughtRelease, a: Action) -> bool:
    if type(a) is not Release:
        return False
    pals = s.palaces[req.seat]
    return (
        int_in(a.palace, 0, len(pals)) and int_in(a.tile, 0, NUM_TILES)
        and a.tile in pals[a.palace][1:]
    )


def release(s: YotdState, req: ReleasePersons, a: Release) -> None:
    """The released person leaves the game; the marker does not move back."""
    pal = s.palaces[req.seat][a.palace]
    del pal[pal.index(a.tile, 1)]
    if req.left > 1:
        s.stack.append(ReleasePersons(req.seat, req.left - 1))


def release_auto(s: YotdState, req: ReleasePersons) -> bool:
    """D9: a count covering every person owned releases all, nothing more."""
    if req.left < persons(s, req.seat):
        return False
    for pal in s.palaces[req.seat]:
        del pal[1:]
    return True


@cython.locals(pals=list, out=list, chosen=cython.long, i=cython.Py_ssize_t)
def drought_options(s: YotdState, req: DroughtRelease) -> list[Action]:
    """One person from each unsupplied inhabited palace (owner's pick)."""
    pals = s.palaces[req.seat]
    out = []
    chosen = req.chosen
    for i in range(len(pals)):
        if len(pals[i]) > 1 and not chosen >> i & 1:
            out += persons_of(RELEASE, pals, i)
    return out


def drought_legal(s: YotdState, req: DroughtRelease, a: Action) -> bool:
    return release_legal(s, req, a) and not req.chosen >> a.palace & 1  # type: ignore[attr-defined]


def drought_release(s: YotdState, req: DroughtRelease, a: Release) -> None:
    """One person from the chosen unsupplied palace."""
    pal = s.palaces[req.seat][a.palace]
    del pal[pal.index(a.tile, 1)]
    if req.left > 1:
        s.stack.append(DroughtRelease(req.seat, req.left - 1, req.chosen | 1 << a.palace))


# --- the Great Wall checks (rules §7) ----------------------------------------------------------
def _wall_counts(s: YotdState) -> list[int]:
    counts = [0] * s.num_players
    for owner in s.wall:
        counts[owner] += 1
    return counts


def _wall_check(s: YotdState, complete: bool, order: list[int]) -> list[Request]:
    counts = _wall_counts(s)
    out: list[Request] = []
    if complete:
        for p in order:
            s.vp[p] += counts[p]
        return out
    low = min(counts)
    for p in order:
        if counts[p] == low:
            schedule_release(s, p, 1, out)
    return out


def mongol_wall_check(s: YotdState, order: list[int]) -> list[Request]:
    """Rules §7 Mongol check: the wall reaches slot r -> 1 VP per own wall tile; otherwise
    the players with the fewest tiles (0 counts; all tied -> all) release 1 person."""
    return _wall_check(s, len(s.wall) >= s.round, order)


def final_wall_check(s: YotdState) -> list[Request]:
    """Rules §7 final check (after the round-12 scoring, D7/D8): complete wall -> 1 VP per
    own tile; otherwise the fewest-tiles players release 1 person. No decay follows."""
    return _wall_check(s, len(s.wall) >= WALL_LENGTH, turn_order(s))


@cython.locals(p=cython.Py_ssize_t, palaces=list, pals=list, pal=list, kept=list)
def decay(s: YotdState) -> None:
    """Rules §5.3 Decay: every empty palace loses 1 floor; an empty 1-floor palace goes."""
    palaces = s.palaces
    for p in range(s.num_players):
        pals = palaces[p]
        for pal in pals:
            if len(pal) == 1:  # an empty palace ([floors] alone)
                break
        else:
            continue
        kept = []
        for pal in pals:
            if len(pal) == 1:
                if pal[0] <= 1:
                    continue
                pal[0] -= 1
            kept.append(pal)
        palaces[p] = kept


#: the court lady's tile (single-level: young only) and its fans (rules §5.4, §10.1)
LADY_TILE = tile_of(COURT_LADY, False)
LADY_FANS = TILE_SYMBOLS[LADY_TILE]


@cython.locals(lady=cython.long, vp=list, small=list, large=list, palaces=list,
               p=cython.Py_ssize_t, pals=list, pal=list, points=cython.long,
               j=cython.Py_ssize_t, t=cython.long)
def round_scoring(s: YotdState) -> None:
    """Rules §5.4: 1 VP per palace, per court lady (one fan each) and per privilege dragon.
    Court ladies are counted as their tile id in the palace lists after the floor count."""
    lady = LADY_TILE
    vp, small, large = s.vp, s.small_privileges, s.large_privileges
    palaces = s.palaces
    for p in range(len(palaces)):
        pals = palaces[p]
        points = len(pals) + SMALL_PRIVILEGE_DRAGONS * small[p] + (
            LARGE_PRIVILEGE_DRAGONS * large[p])
        for pal in pals:
            for j in range(1, len(pal)):
                t = pal[j]
                if t == lady:
                    points += LADY_FANS
        vp[p] += points


@cython.locals(sym=tuple, pal=list, total=cython.long, j=cython.Py_ssize_t, t=cython.Py_ssize_t)
def monk_points(s: YotdState, p: int) -> int:
    """Rules §6: each monk scores its Buddhas x the floors of its palace."""
    sym = SYM[MONK]
    total = 0
    for pal in s.palaces[p]:
        for j in range(1, len(pal)):
            t = pal[j]
            total += sym[t] * pal[0]
    return total


def final_points(s: YotdState, p: int) -> int:
    """Rules §6: 2 VP per person + monks + 1 VP per 3 yuan after selling goods for 2 each."""
    money = s.yuan[p] + GOODS_SALE_YUAN * (s.rice[p] + s.fireworks[p])
    return (
        FINAL_VP_PER_PERSON * persons(s, p) + monk_points(s, p)
        + money // YUAN_PER_FINAL_VP
    )


def final_scoring(s: YotdState) -> None:
    """Rules §6: final scoring (goods are sold: rice and fireworks become yuan)."""
    for p in range(s.num_players):
        s.vp[p] += final_points(s, p)
        s.yuan[p] += GOODS_SALE_YUAN * (s.rice[p] + s.fireworks[p])
        s.rice[p] = 0
        s.fireworks[p] = 0
