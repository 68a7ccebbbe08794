"""Setup, round flow, legal decisions and their effects (rules §3-§7).

Functions take the state (`YotdState`) and mutate it; the state's methods call them.
The pending decisions live in `s.stack` (top = last); `advance` runs the automatic parts of
the round (deals, events, decay, scoring) until a decision is pending or the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.common.rng import Rng
from engine.games.year_of_the_dragon import data as D
from engine.games.year_of_the_dragon import events as E
from engine.games.year_of_the_dragon import great_events as G
from engine.games.year_of_the_dragon.actions import (
    R_ACTION,
    R_BUILD,
    R_CHOOSE_PERSON,
    R_DRAFT,
    R_DROUGHT,
    R_EARTHQUAKE,
    R_PLACE,
    R_PLAY_CARD,
    R_PRIVILEGE,
    R_RELEASE,
    R_WALL,
    ST_ACTIONS,
    ST_DRAFT,
    ST_EVENT,
    ST_FINAL_WALL,
    ST_GREAT_EVENT,
    ST_OVER,
    ST_PERSONS,
    BuildFloor,
    BuildWall,
    BuyPrivilege,
    ChoosePerson,
    DiscardCard,
    DiscardGoods,
    DiscardPerson,
    DraftPair,
    Edict,
    PlacePerson,
    PlayCard,
    Release,
    RemoveFloor,
    ReplacePerson,
    Req,
    TakeAction,
    TakeMoney,
)
from engine.games.year_of_the_dragon.board import move_marker, persons, symbols, turn_order
from engine.protocol import Action

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState

# --- interned actions (legal-action generation allocates only the result list) ---------------
DRAFT_PAIRS: tuple[DraftPair, ...] = tuple(
    DraftPair(a, b) for a in range(D.NUM_TYPES) for b in range(a + 1, D.NUM_TYPES)
)
PLACE = tuple(PlacePerson(i) for i in range(D.MAX_PALACES))
REPLACE = tuple(
    tuple(ReplacePerson(i, t) for t in range(D.NUM_TILES)) for i in range(D.MAX_PALACES)
)
RELEASE = tuple(tuple(Release(i, t) for t in range(D.NUM_TILES)) for i in range(D.MAX_PALACES))
BUILD_ON = tuple(BuildFloor(i) for i in range(D.MAX_PALACES))
BUILD_NEW = BuildFloor(-1)
DISCARD = DiscardPerson()
MONEY = TakeMoney()
TAKE = tuple(TakeAction(c) for c in range(len(D.ACTION_NAMES)))
PLAY = tuple(PlayCard(c) for c in range(D.NUM_CARDS))
CHOOSE = tuple(ChoosePerson(t) for t in range(D.NUM_TILES))
SMALL, LARGE = BuyPrivilege(False), BuyPrivilege(True)
WALL = tuple(BuildWall(b) for b in range(D.WALL_TILES_PER_PLAYER))

#: tiles a person card may take (rules §5.2, D2): type card -> young or old; "?" -> any
CARD_TILES: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in D.VALID_TILES if D.TILE_TYPE[t] == c) for c in range(D.NUM_TYPES)
) + (D.VALID_TILES,)


def push(s: YotdState, reqs: list[Req]) -> None:
    """Schedule `reqs` to be decided in list order (first one on top of the stack)."""
    s.stack.extend(reversed(reqs))


def large_privilege_cost(s: YotdState) -> int:
    return D.LARGE_PRIVILEGE_COST_ORIGINAL if s.original_privilege else D.LARGE_PRIVILEGE_COST


# --- setup (rules §3) ---------------------------------------------------------------------------
def arrange_event_track(rng: Rng) -> list[int]:
    """Rules §3.2, D1: Peace on slots 1-2; the other 10 tiles uniformly at random such that no
    two adjacent slots hold the same kind (rejection sampling)."""
    while True:
        tiles = list(D.SHUFFLED_EVENTS)
        rng.shuffle(tiles)
        if all(tiles[i] != tiles[i + 1] for i in range(len(tiles) - 1)):
            return [D.PEACE, D.PEACE, *tiles]


def setup(s: YotdState) -> None:
    """Rules §3: the draft requests, in seat order from seat 0 (the start player)."""
    push(s, [Req(R_DRAFT, p) for p in range(s.num_players)])


# --- round flow ---------------------------------------------------------------------------------
def advance(s: YotdState) -> None:
    """Run automatic steps until a decision is pending or the game is over (rules §5, §6).
    A release decision whose count covers every person the player still owns is carried
    out at once (D9: release all, nothing more)."""
    stack = s.stack
    while True:
        if stack:
            top = stack[-1]
            kind = top.kind
            if kind == R_RELEASE:
                if top.n < persons(s, top.seat):
                    return
                for pal in s.palaces[top.seat]:
                    del pal[1:]
            elif kind == R_BUILD:  # only at the (unreachable) palace bound: floors are lost
                pals = s.palaces[top.seat]
                if len(pals) < D.MAX_PALACES or any(q[0] < D.MAX_FLOORS for q in pals):
                    return
            elif kind < R_EARTHQUAKE or not G.auto_resolve(s, top):
                return
            stack.pop()
            continue
        st = s.stage
        if st == ST_OVER:
            return
        if st == ST_DRAFT:
            start_round(s)
        elif st == ST_ACTIONS:
            s.group_dragons = [0] * len(s.group_dragons)  # rules §5.1.4: dragons return
            if s.round < D.ROUNDS:
                start_persons_phase(s)
            else:
                start_event_phase(s)
        elif st == ST_PERSONS:
            start_event_phase(s)
        elif st == ST_EVENT and s.great_events and s.round == D.GREAT_EVENT_ROUND:
            s.stage = ST_GREAT_EVENT
            push(s, G.resolve_great_event(s, turn_order(s)))
        elif st == ST_EVENT or st == ST_GREAT_EVENT:
            E.decay(s)
            E.round_scoring(s)
            if s.round < D.ROUNDS:
                start_round(s)
            elif s.great_wall:
                s.stage = ST_FINAL_WALL
                push(s, E.final_wall_check(s))
            else:
                E.final_scoring(s)
                s.stage = ST_OVER
        else:  # ST_FINAL_WALL
            E.final_scoring(s)
            s.stage = ST_OVER


def deal_action_cards(s: YotdState) -> None:
    """Rules §5.1.1: shuffle the 7 (8) action cards and deal them into N groups."""
    cards = list(D.BASE_ACTION_CARDS) + ([D.BUILD_WALL] if s.great_wall else [])
    s.rng.shuffle(cards)
    sizes = D.GROUP_SIZES[(len(cards), s.num_players)]
    group = [-1] * len(D.ACTION_NAMES)
    i = 0
    for g, size in enumerate(sizes):
        for c in cards[i:i + size]:
            group[c] = g
        i += size
    s.card_group = group
    s.group_dragons = [0] * len(sizes)


def start_round(s: YotdState) -> None:
    """Rules §5.1: a new round starts with the action phase in turn order."""
    s.round += 1
    s.stage = ST_ACTIONS
    deal_action_cards(s)
    push(s, [Req(R_ACTION, p) for p in turn_order(s)])


def start_persons_phase(s: YotdState) -> None:
    """Rules §5.2: rounds 1-11, in turn order, every player holding a card plays one."""
    s.stage = ST_PERSONS
    push(s, [Req(R_PLAY_CARD, p) for p in turn_order(s) if any(s.hands[p])])


def start_event_phase(s: YotdState) -> None:
    """Rules §5.3: resolve the round's event (then the wall check, rules §7)."""
    s.stage = ST_EVENT
    order = turn_order(s)
    event = s.events[s.round - 1]
    reqs = E.resolve_event(s, event, order)
    if s.great_wall and event == D.MONGOL_INVASION:
        reqs += E.mongol_wall_check(s, order)
    push(s, reqs)


# --- legal decisions ------------------------------------------------------------------------------
def legal_actions(s: YotdState) -> list[Action]:
    req = s.stack[-1]
    return _LEGAL[req.kind](s, req)


def _legal_draft(s: YotdState, req: Req) -> list[Action]:
    """Rules §3.6: two different young types, pair not taken before, tiles available."""
    sup, taken = s.supply, s.drafted
    out: list[Action] = []
    for a in DRAFT_PAIRS:
        if sup[2 * a.first] and sup[2 * a.second] and a.first * 9 + a.second not in taken:
            out.append(a)
    return out


def _legal_place(s: YotdState, req: Req) -> list[Action]:
    """Rules §5.2: free floor -> must place; all full -> replace anyone or discard."""
    pals = s.palaces[req.seat]
    free = [PLACE[i] for i, pal in enumerate(pals) if len(pal) - 1 < pal[0]]
    if free:
        return free
    out: list[Action] = []
    for i, pal in enumerate(pals):
        rel = REPLACE[i]
        out.extend(rel[t] for t in sorted(set(pal[1:])))
    out.append(DISCARD)
    return out


def _legal_action(s: YotdState, req: Req) -> list[Action]:
    """Rules §5.1.2: a card of any group (3 yuan if occupied; D3 limits), or Money."""
    p = req.seat
    yuan = s.yuan[p]
    dragons = s.group_dragons
    out: list[Action] = []
    for c, g in enumerate(s.card_group):
        if g < 0:
            continue
        left = yuan
        if dragons[g]:
            if yuan < D.OCCUPIED_GROUP_FEE:
                continue
            left -= D.OCCUPIED_GROUP_FEE
        if c == D.PRIVILEGE and left < D.SMALL_PRIVILEGE_COST:
            continue
        if c == D.BUILD_WALL and (
            len(s.wall) >= D.WALL_LENGTH or s.wall_used[p] == (1 << D.WALL_TILES_PER_PLAYER) - 1
        ):
            continue
        out.append(TAKE[c])
    out.append(MONEY)
    return out


def _legal_build(s: YotdState, req: Req) -> list[Action]:
    """Rules §5.1 Build, D6: each floor onto a palace with < 3 floors or a new palace."""
    pals = s.palaces[req.seat]
    out: list[Action] = [BUILD_ON[i] for i, pal in enumerate(pals) if pal[0] < D.MAX_FLOORS]
    if len(pals) < D.MAX_PALACES:
        out.append(BUILD_NEW)
    return out


def _legal_privilege(s: YotdState, req: Req) -> list[Action]:
    """Rules §5.1 Privilege: small for 2 yuan, large for 7 (6 with the original price)."""
    yuan = s.yuan[req.seat]
    out: list[Action] = []
    if yuan >= D.SMALL_PRIVILEGE_COST:
        out.append(SMALL)
    if yuan >= large_privilege_cost(s):
        out.append(LARGE)
    return out


def _legal_play_card(s: YotdState, req: Req) -> list[Action]:
    """Rules §5.2: any card in hand (even one whose persons are exhausted)."""
    return [PLAY[c] for c, k in enumerate(s.hands[req.seat]) if k]


def _legal_choose(s: YotdState, req: Req) -> list[Action]:
    """Rules §5.2, D2: a tile of the card's type (young or old), any tile for "?"."""
    sup = s.supply
    return [CHOOSE[t] for t in CARD_TILES[req.a] if sup[t]]


def _legal_release(s: YotdState, req: Req) -> list[Action]:
    """Rules §5.3: the owner chooses whom to release (any palace)."""
    out: list[Action] = []
    for i, pal in enumerate(s.palaces[req.seat]):
        if len(pal) > 1:
            rel = RELEASE[i]
            out.extend(rel[t] for t in sorted(set(pal[1:])))
    return out


def _legal_drought(s: YotdState, req: Req) -> list[Action]:
    """Rules §5.3 Drought: one person from each unsupplied inhabited palace (owner's pick)."""
    out: list[Action] = []
    used = req.a
    for i, pal in enumerate(s.palaces[req.seat]):
        if len(pal) > 1 and not used >> i & 1:
            rel = RELEASE[i]
            out.extend(rel[t] for t in sorted(set(pal[1:])))
    return out


def _legal_wall(s: YotdState, req: Req) -> list[Action]:
    """Rules §7: any unused own wall tile."""
    used = s.wall_used[req.seat]
    return [WALL[b] for b in range(D.WALL_TILES_PER_PLAYER) if not used >> b & 1]


_LEGAL = (
    _legal_draft, _legal_place, _legal_action, _legal_build, _legal_privilege,
    _legal_play_card, _legal_choose, _legal_release, _legal_drought, _legal_wall,
    G.legal_earthquake, G.legal_overfull, G.legal_flood, G.legal_tornado, G.legal_sunrise,
    G.legal_edict,
)
#: the action class each request kind accepts (cheap first validation step)
_ACCEPTS: tuple[tuple[type, ...], ...] = (
    (DraftPair,), (PlacePerson, ReplacePerson, DiscardPerson), (TakeAction, TakeMoney),
    (BuildFloor,), (BuyPrivilege,), (PlayCard,), (ChoosePerson,), (Release,), (Release,),
    (BuildWall,), (RemoveFloor,), (Release,), (DiscardGoods,), (DiscardCard,), (ChoosePerson,),
    (Edict,),
)


def is_legal(s: YotdState, action: object) -> bool:
    """Cheap validation: the same answer as `action in legal_actions()` (a property test
    checks this on every action id), without building the list for the common decisions."""
    req = s.stack[-1]
    if type(action) not in _ACCEPTS[req.kind]:
        return False
    check = _CHECK.get(req.kind)
    if check is None:
        return action in _LEGAL[req.kind](s, req)
    try:
        return check(s, req, action)
    except (TypeError, IndexError):  # malformed field values
        return False


def _int(x: object, lo: int, hi: int) -> bool:
    return type(x) is int and lo <= x < hi


def _check_place(s: YotdState, req: Req, a: Action) -> bool:
    pals = s.palaces[req.seat]
    has_free = any(len(q) - 1 < q[0] for q in pals)
    if type(a) is PlacePerson:
        return _int(a.palace, 0, len(pals)) and len(pals[a.palace]) - 1 < pals[a.palace][0]
    if has_free:
        return False
    if type(a) is ReplacePerson:
        return _int(a.palace, 0, len(pals)) and _int(a.tile, 0, D.NUM_TILES) and (
            a.tile in pals[a.palace][1:])
    return True  # DiscardPerson


def _check_action(s: YotdState, req: Req, a: Action) -> bool:
    if type(a) is TakeMoney:
        return True
    return a in _legal_action(s, req)


def _check_build(s: YotdState, req: Req, a: BuildFloor) -> bool:
    pals = s.palaces[req.seat]
    if a.palace == -1 and type(a.palace) is int:
        return len(pals) < D.MAX_PALACES
    return _int(a.palace, 0, len(pals)) and pals[a.palace][0] < D.MAX_FLOORS


def _check_play_card(s: YotdState, req: Req, a: PlayCard) -> bool:
    return _int(a.card, 0, D.NUM_CARDS) and s.hands[req.seat][a.card] > 0


def _check_choose(s: YotdState, req: Req, a: ChoosePerson) -> bool:
    return _int(a.tile, 0, D.NUM_TILES) and a.tile in CARD_TILES[req.a] and s.supply[a.tile] > 0


def _check_release(s: YotdState, req: Req, a: Release) -> bool:
    pals = s.palaces[req.seat]
    return (
        _int(a.palace, 0, len(pals)) and _int(a.tile, 0, D.NUM_TILES)
        and a.tile in pals[a.palace][1:]
    )


def _check_drought(s: YotdState, req: Req, a: Release) -> bool:
    return _check_release(s, req, a) and not req.a >> a.palace & 1


_CHECK = {
    R_PLACE: _check_place, R_ACTION: _check_action, R_BUILD: _check_build,
    R_PLAY_CARD: _check_play_card, R_CHOOSE_PERSON: _check_choose, R_RELEASE: _check_release,
    R_DROUGHT: _check_drought,
}


# --- effects ----------------------------------------------------------------------------------
def apply(s: YotdState, action: Action) -> None:
    """Perform one legal decision, then run the automatic steps that follow."""
    req = s.stack.pop()
    _APPLY[req.kind](s, req, action)
    advance(s)


def _apply_draft(s: YotdState, req: Req, a: DraftPair) -> None:
    """Rules §3.6: take the two young tiles; place each; one track move by their sum."""
    t1, t2 = 2 * a.first, 2 * a.second
    s.supply[t1] -= 1
    s.supply[t2] -= 1
    s.drafted.append(a.first * 9 + a.second)
    total = D.TILE_VALUE[t1] + D.TILE_VALUE[t2]
    push(s, [Req(R_PLACE, req.seat, 0, t1), Req(R_PLACE, req.seat, total, t2)])


def _apply_place(s: YotdState, req: Req, a: Action) -> None:
    """Rules §5.2: place (or replace, or discard) the new person; move by its value."""
    p = req.seat
    if type(a) is PlacePerson:
        s.palaces[p][a.palace].append(req.a)
    elif type(a) is ReplacePerson:
        pal = s.palaces[p][a.palace]
        del pal[pal.index(a.tile, 1)]
        pal.append(req.a)
    else:
        return  # D16: the discarded tile leaves the game; no move
    move_marker(s, p, req.n)


def _apply_action(s: YotdState, req: Req, a: Action) -> None:
    """Rules §5.1.2: Money, or dragon + fee + one action."""
    p = req.seat
    if type(a) is TakeMoney:
        if s.yuan[p] < D.MONEY_TOP_UP:
            s.yuan[p] = D.MONEY_TOP_UP
        return
    card = a.card  # type: ignore[attr-defined]
    g = s.card_group[card]
    if s.group_dragons[g]:
        s.yuan[p] -= D.OCCUPIED_GROUP_FEE
    s.group_dragons[g] += 1
    perform_action(s, p, card)


def perform_action(s: YotdState, p: int, card: int) -> None:
    """Rules §5.1.3: the seven actions (+ Build Wall, rules §7)."""
    if card == D.TAXES:
        s.yuan[p] += D.TAXES_CARD_COINS + symbols(s, p, D.TAX_COLLECTOR)
    elif card == D.BUILD:
        push(s, [Req(R_BUILD, p, D.CARD_SYMBOL + symbols(s, p, D.CRAFTSMAN))])
    elif card == D.HARVEST:
        s.rice[p] += D.CARD_SYMBOL + symbols(s, p, D.FARMER)
    elif card == D.FIREWORKS:
        s.fireworks[p] += D.CARD_SYMBOL + symbols(s, p, D.PYROTECHNIST)
    elif card == D.MILITARY_PARADE:
        move_marker(s, p, D.CARD_SYMBOL + symbols(s, p, D.WARRIOR))
    elif card == D.RESEARCH:
        s.vp[p] += D.CARD_SYMBOL + symbols(s, p, D.SCHOLAR)
    elif card == D.PRIVILEGE:
        push(s, [Req(R_PRIVILEGE, p)])
    else:
        push(s, [Req(R_WALL, p)])


def _apply_build(s: YotdState, req: Req, a: BuildFloor) -> None:
    """Rules §5.1 Build: one floor at a time; all gained floors must be placed."""
    pals = s.palaces[req.seat]
    if a.palace < 0:
        pals.append([1])
    else:
        pals[a.palace][0] += 1
    if req.n > 1:
        s.stack.append(Req(R_BUILD, req.seat, req.n - 1))


def _apply_privilege(s: YotdState, req: Req, a: BuyPrivilege) -> None:
    """Rules §5.1 Privilege: exactly one privilege per action."""
    p = req.seat
    if a.large:
        s.yuan[p] -= large_privilege_cost(s)
        s.large_privileges[p] += 1
    else:
        s.yuan[p] -= D.SMALL_PRIVILEGE_COST
        s.small_privileges[p] += 1


def _apply_play_card(s: YotdState, req: Req, a: PlayCard) -> None:
    """Rules §5.2: the card goes face up to the discard pile; exhausted type -> nothing."""
    p = req.seat
    s.hands[p][a.card] -= 1
    sup = s.supply
    if any(sup[t] for t in CARD_TILES[a.card]):
        s.stack.append(Req(R_CHOOSE_PERSON, p, 0, a.card))


def _apply_choose(s: YotdState, req: Req, a: ChoosePerson) -> None:
    """Rules §5.2: take the tile; it must then be placed (or replace/discard when full)."""
    s.supply[a.tile] -= 1
    s.stack.append(Req(R_PLACE, req.seat, D.TILE_VALUE[a.tile], a.tile))


def _apply_release(s: YotdState, req: Req, a: Release) -> None:
    """Rules §5.3: the released person leaves the game; the marker does not move back."""
    pal = s.palaces[req.seat][a.palace]
    del pal[pal.index(a.tile, 1)]
    if req.n > 1:
        s.stack.append(Req(R_RELEASE, req.seat, req.n - 1))


def _apply_drought(s: YotdState, req: Req, a: Release) -> None:
    """Rules §5.3 Drought: one person from the chosen unsupplied palace."""
    pal = s.palaces[req.seat][a.palace]
    del pal[pal.index(a.tile, 1)]
    if req.n > 1:
        s.stack.append(Req(R_DROUGHT, req.seat, req.n - 1, req.a | 1 << a.palace))


def _apply_wall(s: YotdState, req: Req, a: BuildWall) -> None:
    """Rules §7: gain the tile's bonus and put it under the leftmost free event slot."""
    p = req.seat
    s.wall_used[p] |= 1 << a.bonus
    s.wall.append(p)
    b = a.bonus
    if b == D.WALL_RICE:
        s.rice[p] += 1
    elif b == D.WALL_FIREWORKS:
        s.fireworks[p] += 1
    elif b == D.WALL_FLOOR:
        s.stack.append(Req(R_BUILD, p, 1))
    elif b == D.WALL_YUAN:
        s.yuan[p] += D.WALL_BONUS_YUAN
    elif b == D.WALL_TRACK:
        move_marker(s, p, D.WALL_BONUS_TRACK)
    else:
        s.vp[p] += D.WALL_BONUS_VP


_APPLY = (
    _apply_draft, _apply_place, _apply_action, _apply_build, _apply_privilege,
    _apply_play_card, _apply_choose, _apply_release, _apply_drought, _apply_wall,
    G.apply_earthquake, G.apply_overfull, G.apply_flood, G.apply_tornado, G.apply_sunrise,
    G.apply_edict,
)
