"""Rules of Dragon Castle: setup, legal decisions and their effects (rules §3, §4, §6, §7).

Functions take the state (engine.games.dragon_castle.state.DragonCastleState) and mutate it;
validation happens in `apply` before any mutation, so an illegal action changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.common.rng import Rng
from engine.protocol import Action, IllegalActionError, InvalidConfigError

from .actions import (
    BUILD,
    DISCARD,
    PAIR,
    PLACE,
    PROCEED,
    STONE_AND_SHRINE,
    STOP,
    SUMMON,
    TAKE,
    BuildShrine,
    DiscardStone,
    Pair,
    Place,
    Proceed,
    StoneAndShrine,
    StopBuilding,
    SummonDragon,
    TakeStone,
    castle_cell,
    realm_cell,
)
from .data import (
    ALL_LAYOUTS,
    CASTLE_CELLS,
    COPIES,
    COUNTDOWN_SINGLES,
    COUNTDOWN_TOKENS,
    DISCARD_VP,
    DRAGON,
    DRAGON_CARDS,
    DRAGON_SET_BONUS,
    IS_SPECIAL,
    MAX_CASTLE_HEIGHT,
    MIN_SET,
    NAMED_LAYOUTS,
    NUM_IDENTITIES,
    PAD_CELLS,
    REALM_CELLS,
    REALM_NB,
    SHRINE_ALLOWANCE_FACTION,
    SHRINE_ALLOWANCE_SPECIAL,
    SHRINES_TOTAL,
    SPIRIT_CARDS,
    START_POOL,
    TYPE_OF,
    W1,
    W2,
    W3,
    W4,
    layout_heights,
    layout_rows,
    merge_points,
)
from .requests import (
    BuildShrines,
    CheckMerges,
    ChooseAction,
    FinishAction,
    PlaceTaken,
    SpiritWindow,
)
from .spirits import (
    SPIRIT_REQUESTS,
    activate,
    activation_options,
    elegance_first_cells,
    pair_ok,
    spirit_apply,
    spirit_legal,
)

if TYPE_CHECKING:
    from .state import DragonCastleState

#: padded height maps of every layout (rules §4.3, §4.4)
LAYOUT_HEIGHTS: dict[str, tuple[int, ...]] = {
    name: tuple(layout_heights(layout_rows(name))) for name in ALL_LAYOUTS
}
#: the cells of each layout that hold a stack at setup (only these can ever hold stones)
LAYOUT_CELLS: dict[int, tuple[int, ...]] = {
    p: tuple(i for i in CASTLE_CELLS if h[i]) for p, h in LAYOUT_HEIGHTS.items()
}
M = MAX_CASTLE_HEIGHT


# --- setup (rules §3) -----------------------------------------------------------------------
def setup(num_players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Rules §3: build the castle from shuffled stones, shrines, countdown, cards, first player.

    Returns the constructor fields of a DragonCastleState."""
    rng = Rng.from_seed(seed, "dragon_castle")
    layout = chosen_layout(num_players, options)
    heights = list(LAYOUT_HEIGHTS[layout])
    stones = [k for k in range(NUM_IDENTITIES) for _ in range(COPIES)]
    rng.shuffle(stones)
    castle = [-1] * (PAD_CELLS * M)
    for i in LAYOUT_CELLS[layout]:
        for level in range(heights[i]):
            castle[i * M + level] = stones.pop()
    cards: list[int] = []
    if options.get("dragon_card"):
        cards.append(rng.below(len(DRAGON_CARDS)))
    spirits: list[int] = []
    if options.get("spirit_card"):
        spirits.append(rng.below(len(SPIRIT_CARDS)))
    first = rng.below(num_players)
    singles = COUNTDOWN_SINGLES[num_players]
    cells = num_players * REALM_CELLS
    return dict(
        num_players=num_players, rng=rng, dragon_cards=cards, castle_h=heights, castle=castle,
        height=[0] * cells, top=[-1] * cells, up=[0] * cells, shrine=[0] * cells,
        pool=[START_POOL] * num_players, vp=[0] * num_players, tokens=[0] * num_players,
        supply=SHRINES_TOTAL - START_POOL * num_players, track_singles=singles,
        track_stack=COUNTDOWN_TOKENS - singles, first_player=first, seat=first,
        last_round=False, gone=[0] * NUM_IDENTITIES, pending=[ChooseAction(first)],
        spirit_cards=spirits, spirit_used=[0] * len(spirits), layout=layout,
    )


def chosen_layout(num_players: int, options: dict[str, Any]) -> str:
    """Rules §3 step 1: the standard layout for the player count, or one named layout
    (§4.4) chosen by its option; two named layouts at once are an error."""
    named = [name for name in NAMED_LAYOUTS if options.get(name)]
    if len(named) > 1:
        raise InvalidConfigError(f"choose at most one castle layout, not {', '.join(named)}")
    return named[0] if named else f"standard_{num_players}p"


# --- castle geometry (rules §4) ---------------------------------------------------------------
def top_level(s: DragonCastleState) -> int:
    """Rules §4.2: T = the highest stack (0 when the castle is empty)."""
    return max(s.castle_h)


def is_available(h: list[int], i: int) -> bool:
    """Rules §4.1: a top stone with at least one long side (west/east) not touching a stone
    at its level."""
    level = h[i]
    return level > 0 and (h[i - 1] < level or h[i + 1] < level)


def castle_top(s: DragonCastleState, i: int) -> int:
    """Identity of the top stone of castle cell i (-1 when empty)."""
    h = s.castle_h[i]
    return s.castle[i * M + h - 1] if h else -1


def first_stone_options(s: DragonCastleState) -> list[TakeStone]:
    """Rules §6.1: the available stones at the top level T (after Elegance: short-exposed
    stones at T that are not available, §8.2)."""
    h = s.castle_h
    t = max(h)
    if t == 0:
        return []
    if s.elegance == 1:
        return [TAKE[i] for i in elegance_first_cells(s, LAYOUT_CELLS[s.layout])]
    return [TAKE[i] for i in LAYOUT_CELLS[s.layout]
            if h[i] == t and (h[i - 1] < t or h[i + 1] < t)]


def first_stone_ok(s: DragonCastleState, i: int) -> bool:
    h = s.castle_h
    level = h[i] if i >= 0 else 0
    if level == 0 or level != max(h):
        return False
    if s.elegance == 1:
        return i in elegance_first_cells(s, (i,))
    return is_available(h, i)


def pair_options(s: DragonCastleState, stone: int) -> list[Pair]:
    """Rules §6.1a: available stones (any level) identical to the first stone (spirit
    modes: spirits.pair_ok)."""
    if s.pair_mode or s.elegance:
        return [PAIR[i] for i in LAYOUT_CELLS[s.layout] if pair_ok(s, i, stone)]
    h, castle = s.castle_h, s.castle
    out = []
    for i in LAYOUT_CELLS[s.layout]:
        level = h[i]
        if level and castle[i * M + level - 1] == stone and (h[i - 1] < level or h[i + 1] < level):
            out.append(PAIR[i])
    return out


def take_from_castle(s: DragonCastleState, i: int) -> int:
    """Remove the top stone of castle cell i; the stone below (if any) becomes visible."""
    level = s.castle_h[i]
    k = s.castle[i * M + level - 1]
    s.castle[i * M + level - 1] = -1
    s.castle_h[i] = level - 1
    s.gone[k] += 1
    return k


# --- realm (rules §5, §6.2) ---------------------------------------------------------------
def can_place(s: DragonCastleState, seat: int, cell: int) -> bool:
    """Rules §6.2: an empty cell, or a face-down top stone without a shrine."""
    j = seat * REALM_CELLS + cell
    return s.height[j] == 0 or (not s.up[j] and not s.shrine[j])


def place_options(s: DragonCastleState, seat: int) -> list[Place]:
    base = seat * REALM_CELLS
    height, up, shrine = s.height, s.up, s.shrine
    return [PLACE[i] for i in range(REALM_CELLS)
            if not height[base + i] or not (up[base + i] or shrine[base + i])]


def place_stone(s: DragonCastleState, seat: int, cell: int, stone: int) -> None:
    """Rules §6.2: the stone goes face up on top of the cell's stack."""
    j = seat * REALM_CELLS + cell
    s.height[j] += 1
    s.top[j] = stone
    s.up[j] = 1


def face_up_groups(s: DragonCastleState, seat: int) -> list[list[int]]:
    """Rules §6.3: maximal orthogonally connected sets of face-up stones of one type, at
    any levels, in canonical order (lowest cell first); each sorted."""
    base = seat * REALM_CELLS
    up, top = s.up, s.top
    seen = [False] * REALM_CELLS
    groups: list[list[int]] = []
    for i in range(REALM_CELLS):
        if seen[i] or not up[base + i]:
            continue
        kind = TYPE_OF[top[base + i]]
        seen[i] = True
        comp = [i]
        stack = [i]
        while stack:
            j = stack.pop()
            for k in REALM_NB[j]:
                if not seen[k] and up[base + k] and TYPE_OF[top[base + k]] == kind:
                    seen[k] = True
                    comp.append(k)
                    stack.append(k)
        comp.sort()
        groups.append(comp)
    return groups


def merge_set(s: DragonCastleState, seat: int, cells: list[int]) -> int:
    """Rules §6.3 steps 1-3: flip the whole set face down and score it. Returns the shrine
    allowance of the set (1 faction, 2 special)."""
    base = seat * REALM_CELLS
    kind = TYPE_OF[s.top[base + cells[0]]]
    for c in cells:
        s.up[base + c] = 0
    points = merge_points(len(cells))
    if kind == DRAGON:
        points += DRAGON_SET_BONUS
    s.vp[seat] += points
    if s.spirit_cards:
        s.merged_now += [c for c in cells if c not in s.merged_now]
    special = IS_SPECIAL[s.top[base + cells[0]]]
    return SHRINE_ALLOWANCE_SPECIAL if special else SHRINE_ALLOWANCE_FACTION


def resolve_merges(s: DragonCastleState, seat: int) -> None:
    """Rules §6.3: every face-up group of 4+ stones must be merged, each a separate merge
    with its own VP and shrine allowance, in canonical order; shrine decisions follow."""
    builds = []
    for comp in face_up_groups(s, seat):
        if len(comp) >= MIN_SET:
            allowance = merge_set(s, seat, comp)
            builds.append(BuildShrines(seat, tuple(comp), allowance))
    for req in reversed(builds):  # the first merged set decides first
        s.pending.append(req)


def shrine_options(s: DragonCastleState, req: BuildShrines) -> list[BuildShrine]:
    base = req.seat * REALM_CELLS
    return [BUILD[c] for c in req.cells if not s.shrine[base + c]]


# --- turn flow (rules §6, §7) -------------------------------------------------------------
def last_seat(s: DragonCastleState) -> int:
    """Rules §7: the player right of the first player (the last seat in turn order)."""
    return (s.first_player - 1) % s.num_players


def end_turn(s: DragonCastleState) -> None:
    """Rules §7: after the last round's last seat the game ends; otherwise clockwise."""
    if s.last_round and s.seat == last_seat(s):
        s.ended = True
        return
    s.seat = (s.seat + 1) % s.num_players
    if s.spirit_cards:
        s.spirit_used = [0] * len(s.spirit_cards)
        s.pair_mode = 0
        s.elegance = 0
        s.merged_now = []
    s.pending.append(ChooseAction(s.seat))


def summon_dragon(s: DragonCastleState, seat: int) -> None:
    """Rules §6.1d / §7: take the rightmost countdown token; uncovering "!" (space 1)
    starts the last round; afterwards tokens come from the space-0 stack."""
    if s.track_singles:
        s.track_singles -= 1
        if s.track_singles == 0:
            s.last_round = True
    else:
        s.track_stack -= 1
    s.tokens[seat] += 1


def can_summon(s: DragonCastleState) -> bool:
    """Rules §6.1d: legal iff T <= 1 (and a token is left, always true by §7's count)."""
    return max(s.castle_h) <= 1 and (s.track_singles + s.track_stack) > 0


def advance(s: DragonCastleState) -> None:
    """Run automatic steps until a real decision is pending or the game is over: merge
    checks, stones with no legal cell (removed, rules §6.2), shrine requests with nothing
    to build, and the end of the turn."""
    pend = s.pending
    while True:
        if not pend:
            end_turn(s)
            if s.ended:
                return
            continue
        req = pend[-1]
        t = type(req)
        if t is CheckMerges:
            pend.pop()
            resolve_merges(s, req.seat)
        elif t is PlaceTaken:
            if place_options(s, req.seat):
                return
            pend.pop()  # rules §6.2 [reconstructed]: no legal cell -> removed from the game
        elif t is BuildShrines:
            if s.pool[req.seat] and req.allowance and shrine_options(s, req):
                return
            pend.pop()
        elif t is SpiritWindow:
            if activation_options(s, req.seat, req.window):
                return
            pend.pop()
        else:
            return


def _push_placement(s: DragonCastleState, seat: int, stones: list[int]) -> None:
    """Rules §6.2-6.3 (+ §8.1 windows): place the taken stones in taken order, [W3], merge
    check, [W4]."""
    pend = s.pending
    if s.spirit_cards:
        pend += [SpiritWindow(seat, W4), CheckMerges(seat), SpiritWindow(seat, W3)]
    else:
        pend.append(CheckMerges(seat))
    for k in reversed(stones):
        pend.append(PlaceTaken(seat, k))


def legal_actions(s: DragonCastleState) -> list:
    """Rules §11: the options of the pending decision only."""
    if s.ended:
        return []
    req = s.pending[-1]
    t = type(req)
    if t is ChooseAction:
        out: list = first_stone_options(s)
        if s.elegance == 1:  # Elegance must be used: the next take is the special one
            return out
        if can_summon(s):
            out.append(SUMMON)
        if s.spirit_cards:
            out += activation_options(s, req.seat, W1)
        return out
    if t is FinishAction:
        out = pair_options(s, req.stone)
        if req.must_pair:
            return out
        if s.supply > 0:
            out.append(STONE_AND_SHRINE)
        out.append(DISCARD)
        if s.spirit_cards:
            out += activation_options(s, req.seat, W2)
        return out
    if t is PlaceTaken:
        return place_options(s, req.seat)
    if t is BuildShrines:
        out = shrine_options(s, req)
        out.append(STOP)
        return out
    if t is SpiritWindow:
        out = activation_options(s, req.seat, req.window)
        out.append(PROCEED)
        return out
    if t in SPIRIT_REQUESTS:
        return spirit_legal(s, req)
    return []


def apply(s: DragonCastleState, a: object) -> None:
    """Validate `a` against the pending decision, then perform it (rules §6)."""
    if s.ended:
        raise s._illegal(a, "the game is over")
    req = s.pending[-1]
    t = type(req)
    at = type(a)
    if t is ChooseAction:
        if at is TakeStone:
            i = castle_cell(a)  # type: ignore[arg-type]
            if not first_stone_ok(s, i):
                raise s._illegal(a, "the first stone must be available at the top level")
            s.pending.pop()
            s.first_cell, s.first_level = i, s.castle_h[i]
            if s.elegance == 1:
                s.elegance = 2
            k = take_from_castle(s, i)
            s.pending.append(FinishAction(req.seat, k))
        elif at is SummonDragon:
            if not can_summon(s) or s.elegance == 1:
                raise s._illegal(a, "summon needs only the bottom level left (T <= 1)")
            s.pending.pop()
            summon_dragon(s, req.seat)
            if s.spirit_cards:
                s.pending.append(SpiritWindow(req.seat, W4))
        elif not (s.spirit_cards and s.elegance != 1 and activate(s, req.seat, W1, a)):
            raise s._illegal(a, "take a stone from the top level or summon the dragon")
    elif t is FinishAction:
        if at is Pair:
            i = castle_cell(a)  # type: ignore[arg-type]
            if s.pair_mode or s.elegance:
                ok = i >= 0 and pair_ok(s, i, req.stone)
            else:
                ok = i >= 0 and is_available(s.castle_h, i) and castle_top(s, i) == req.stone
            if not ok:
                raise s._illegal(a, "the second stone must be available and identical")
            s.pending.pop()
            if s.elegance == 1:
                s.elegance = 2
            k = take_from_castle(s, i)
            _push_placement(s, req.seat, [req.stone, k])
        elif req.must_pair:
            raise s._illegal(a, "the spirit was activated: take the second stone with it")
        elif at is StoneAndShrine:
            if s.supply <= 0:
                raise s._illegal(a, "the shrine supply is empty")
            s.pending.pop()
            s.supply -= 1
            s.pool[req.seat] += 1
            _push_placement(s, req.seat, [req.stone])
        elif at is DiscardStone:
            s.pending.pop()
            s.vp[req.seat] += DISCARD_VP
            if s.spirit_cards:
                s.pending.append(SpiritWindow(req.seat, W4))
        elif not (s.spirit_cards and activate(s, req.seat, W2, a)):
            raise s._illegal(a, "finish with Pair, StoneAndShrine or DiscardStone")
    elif t is PlaceTaken:
        if at is not Place:
            raise s._illegal(a, "place the taken stone")
        cell = realm_cell(a)  # type: ignore[arg-type]
        if cell < 0 or not can_place(s, req.seat, cell):
            raise s._illegal(a, "stones go on an empty cell or a shrineless face-down stone")
        s.pending.pop()
        place_stone(s, req.seat, cell, req.stone)
    elif t is SpiritWindow:
        if at is Proceed:
            s.pending.pop()
        elif not activate(s, req.seat, req.window, a):
            raise s._illegal(a, "activate the spirit or proceed")
    elif t in SPIRIT_REQUESTS:
        legal = spirit_legal(s, req)
        if not isinstance(a, Action) or a not in legal:
            raise s._illegal(a, f"not a legal choice for {type(req).__name__}")
        spirit_apply(s, req, legal[legal.index(a)])  # the canonical (int-valued) action
    elif t is BuildShrines:
        if at is BuildShrine:
            cell = realm_cell(a)  # type: ignore[arg-type]
            base = req.seat * REALM_CELLS
            if cell not in req.cells or s.shrine[base + cell]:
                raise s._illegal(a, "shrines go on shrineless stones of the set just merged")
            s.pending.pop()
            s.shrine[base + cell] = 1
            s.pool[req.seat] -= 1
            if req.allowance > 1:
                s.pending.append(BuildShrines(req.seat, req.cells, req.allowance - 1))
        elif at is StopBuilding:
            s.pending.pop()
        else:
            raise s._illegal(a, "build a shrine on the merged set or stop building")
    else:  # pragma: no cover - automatic requests never stay on top
        raise IllegalActionError(f"no decision pending for {a!r}")
    s.decision += 1
    advance(s)

