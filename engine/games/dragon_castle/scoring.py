"""Final scoring, tie-breaks and the dragon cards (rules §6.4, §7, §9).

A realm is given as four lists of REALM_CELLS ints: stack heights, top stone identities
(-1 when empty), face-up flags and shrine flags.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

from .data import (
    COUNTDOWN_TOKEN_VP,
    DRAGON,
    DRAGON_CARDS,
    FACTIONS,
    IS_SPECIAL,
    MIRROR_H,
    MIRROR_V,
    NUMBER_OF,
    REALM_CELLS,
    REALM_EDGE,
    REALM_NB,
    REALM_SIZE,
    TYPE_OF,
    shrine_value,
)

if TYPE_CHECKING:
    from .state import DragonCastleState


class Realm(NamedTuple):
    height: Sequence[int]
    top: Sequence[int]
    up: Sequence[int]
    shrine: Sequence[int]


def realm_of(height: Sequence[int], top: Sequence[int], up: Sequence[int],
             shrine: Sequence[int], seat: int) -> Realm:
    a, b = seat * REALM_CELLS, (seat + 1) * REALM_CELLS
    return Realm(height[a:b], top[a:b], up[a:b], shrine[a:b])


def shrine_points(r: Realm) -> int:
    """Rules §6.4: each built shrine scores 1 / 2 / 3 on stack height 1 / 2 / >=3."""
    return sum(map(shrine_value, compress(r.height, r.shrine)))


def face_down_tops(r: Realm) -> int:
    """Rules §7 first tie-break: stacks whose top stone is face down (shrine allowed): the
    stacks less the face-up tops (a face-up stone always tops a stack)."""
    return len(r.height) - r.height.count(0) - r.up.count(1)


def built_shrines(r: Realm) -> int:
    """Rules §7 second tie-break [reconstructed]: built shrines only, not the pool."""
    return sum(r.shrine)


def _components(cells: set[int]) -> list[list[int]]:
    out = []
    seen: set[int] = set()
    for c in sorted(cells):
        if c in seen:
            continue
        seen.add(c)
        comp, stack = [c], [c]
        while stack:
            j = stack.pop()
            for k in REALM_NB[j]:
                if k in cells and k not in seen:
                    seen.add(k)
                    comp.append(k)
                    stack.append(k)
        out.append(comp)
    return out


# --- dragon cards (rules §9) ----------------------------------------------------------------
def peace(r: Realm) -> int:
    """Peace: 1 per connected component of cells whose top stone is face down."""
    return len(_components({i for i in range(REALM_CELLS) if r.height[i] and not r.up[i]}))


def majesty(r: Realm) -> int:
    """Majesty: per faction, the highest number on a face-up stone at level >= 3; summed."""
    total = 0
    for f in FACTIONS:
        total += max((NUMBER_OF[r.top[i]] for i in range(REALM_CELLS)
                      if r.up[i] and r.height[i] >= 3 and TYPE_OF[r.top[i]] == f), default=0)
    return total


def courage(r: Realm) -> int:
    """Courage: 1 per stack whose every neighbour is strictly lower (empty = 0)."""
    h = r.height
    return sum(1 for i in range(REALM_CELLS) if h[i] and all(h[k] < h[i] for k in REALM_NB[i]))


def humility(r: Realm) -> int:
    """Humility: 1 per built shrine whose stack has a strictly higher neighbour."""
    h = r.height
    return sum(1 for i in range(REALM_CELLS)
               if r.shrine[i] and any(h[k] > h[i] for k in REALM_NB[i]))


def righteousness(r: Realm) -> int:
    """Righteousness: best row + best column; 1 per shrine, +2 if the line is full."""
    def line(cells: list[int]) -> int:
        n = sum(r.shrine[i] for i in cells)
        return n + (2 if n == REALM_SIZE else 0)

    rows = [line([y * REALM_SIZE + x for x in range(REALM_SIZE)]) for y in range(REALM_SIZE)]
    cols = [line([y * REALM_SIZE + x for y in range(REALM_SIZE)]) for x in range(REALM_SIZE)]
    return max(rows) + max(cols)


def valor(r: Realm) -> int:
    """Valor: 1 per built shrine on an edge cell."""
    return sum(1 for i in range(REALM_CELLS) if r.shrine[i] and REALM_EDGE[i])


def piety(r: Realm) -> int:
    """Piety: 1 per built shrine with a neighbour whose top is a face-up dragon stone."""
    return sum(1 for i in range(REALM_CELLS) if r.shrine[i] and any(
        r.up[k] and TYPE_OF[r.top[k]] == DRAGON for k in REALM_NB[i]))


def power_values(r: Realm) -> list[int | None]:
    """Power: per faction, the best number-sum over connected groups of face-up stones of
    that faction (None without any face-up stone of it)."""
    out: list[int | None] = []
    for f in FACTIONS:
        cells = {i for i in range(REALM_CELLS) if r.up[i] and TYPE_OF[r.top[i]] == f}
        if not cells:
            out.append(None)
            continue
        out.append(max(sum(NUMBER_OF[r.top[i]] for i in comp) for comp in _components(cells)))
    return out


def power(mine: list[int | None], neighbours: list[list[int | None]]) -> int:
    """Power: per faction 2 if higher than a neighbour, 1 if equal (a neighbour with none
    counts 0; with none yourself you score 0). `neighbours`: left and right (once with 2p)."""
    total = 0
    for f in range(len(FACTIONS)):
        v = mine[f]
        if v is None:
            continue
        for other in neighbours:
            w = other[f] or 0
            total += 2 if v > w else 1 if v == w else 0
    return total


def harmony(r: Realm) -> int:
    """Harmony: per axis 4 if the height map is mirror-symmetric (needs a stone), +2 if the
    shrine positions and their heights are (needs a built shrine)."""
    h, sh = r.height, r.shrine
    total = 0
    for mirror in (MIRROR_V, MIRROR_H):
        if any(h) and all(h[i] == h[mirror[i]] for i in range(REALM_CELLS)):
            total += 4
        if any(sh) and all(sh[i] == sh[mirror[i]] and (not sh[i] or h[i] == h[mirror[i]])
                           for i in range(REALM_CELLS)):
            total += 2
    return total


def knowledge(r: Realm) -> int:
    """Knowledge: 2 x distinct symbols among face-up special stones."""
    return 2 * len({r.top[i] for i in range(REALM_CELLS) if r.up[i] and IS_SPECIAL[r.top[i]]})


SIMPLE_DRAGONS = {
    "Peace": peace, "Majesty": majesty, "Courage": courage, "Humility": humility,
    "Righteousness": righteousness, "Valor": valor, "Piety": piety, "Harmony": harmony,
    "Knowledge": knowledge,
}


def dragon_points(card: str, realms: list[Realm], seat: int) -> int:
    """Rules §9: the dragon card's end bonus for `seat`."""
    if card == "Power":
        n = len(realms)
        mine = power_values(realms[seat])
        left, right = (seat + 1) % n, (seat - 1) % n
        others = [left] if left == right else [left, right]
        return power(mine, [power_values(realms[o]) for o in others])
    return SIMPLE_DRAGONS[card](realms[seat])


def token_points(tokens: int) -> int:
    """Rules §7: each countdown token is worth 2 VP."""
    return COUNTDOWN_TOKEN_VP * tokens


def realms(s: DragonCastleState) -> list[Realm]:
    """Every seat's realm."""
    return [realm_of(s.height, s.top, s.up, s.shrine, p) for p in range(s.num_players)]


def scores(s: DragonCastleState) -> list[int]:
    """Rules §7: every seat's score, the sum of its `score_parts` (the realms cut once)."""
    rs = realms(s)
    return [sum(parts_of(s, rs, p).values()) for p in range(s.num_players)]


def score_parts(s: DragonCastleState, seat: int) -> dict[str, int]:
    """Rules §7: VP tokens + built-shrine points + 2 x countdown tokens + dragon cards."""
    return parts_of(s, realms(s), seat)


def parts_of(s: DragonCastleState, rs: list[Realm], seat: int) -> dict[str, int]:
    """`score_parts` of `seat` given every seat's realm `rs`."""
    out = {
        "vp": s.vp[seat],
        "shrines": shrine_points(rs[seat]),
        "countdown": token_points(s.tokens[seat]),
    }
    for card in s.dragon_cards:
        out[DRAGON_CARDS[card]] = dragon_points(DRAGON_CARDS[card], rs, seat)
    return out


def tiebreak(s: DragonCastleState, seat: int) -> tuple[int, int]:
    """Rules §7: most face-down-topped stacks, then most built shrines."""
    r = realm_of(s.height, s.top, s.up, s.shrine, seat)
    return (face_down_tops(r), built_shrines(r))


def ranking(s: DragonCastleState) -> list[int]:
    """Rules §7: each seat's place (0 = first) by score, then the tie-breaks; equal keys
    share a place (protocol.State.ranking, with the realms cut once)."""
    rs = realms(s)
    keys = [(sum(parts_of(s, rs, p).values()), face_down_tops(r), built_shrines(r))
            for p, r in enumerate(rs)]
    return [sum(1 for k in keys if k > mine) for mine in keys]
