"""Position values of the rule-based Dragon Castle bot (`bots.heuristic.dragon_castle`):
points plus promise (pool shrines, open groups short of a merge, the dragon card), the
next player's best take (`threat`), and `quick_values`, the cheap one-step prior the MCTS
bot orders its expansions by (rules §6-§9)."""

from __future__ import annotations

import math

import engine
from engine.games.dragon_castle.actions import (
    BuildShrine,
    DiscardStone,
    Pair,
    Place,
    Proceed,
    StoneAndShrine,
    StopBuilding,
    SummonDragon,
    TakeStone,
    castle_cell_of,
)
from engine.games.dragon_castle.castle import LAYOUT_CELLS, M
from engine.games.dragon_castle.data import (
    COUNTDOWN_TOKEN_VP,
    DISCARD_VP,
    DRAGON,
    DRAGON_CARDS,
    DRAGON_SET_BONUS,
    MIN_SET,
    REALM_CELLS,
    REALM_NB,
    SHRINE_VALUE_BY_HEIGHT,
    SPECIALS,
    TYPE_OF,
    TYPES,
    merge_points,
)
from engine.games.dragon_castle.heuristic import CRAMPED, GROUP_WORTH, SCALE, pool_worth
from engine.games.dragon_castle.realm import face_up_groups
from engine.games.dragon_castle.requests import (
    BuildShrines,
    ChooseAction,
    FinishAction,
    PlaceTaken,
)
from engine.games.dragon_castle.scoring import dragon_points
from engine.games.dragon_castle.state import DragonCastleObservation, DragonCastleState

#: a player's promise (pool shrines, open groups) counts fully with this many own turns left
HORIZON = 3.0
#: weight of a dragon card's current points with CARD_HORIZON or more own turns left (1 at
#: the end); Harmony's symmetry is broken by almost any stone, so it counts only late
EARLY_CARD_WEIGHT = {"": 0.6, "Harmony": 0.0, "Peace": 0.3, "Knowledge": 0.5}
CARD_HORIZON = 8.0
#: stones a turn takes from the castle on average (for the turns left)
STONES_PER_TURN = 1.5
#: value of ending the game (taking the last single countdown token) while ahead / behind
END_LEAD = 1.0
#: a countdown token taken while ahead also hastens the end
SUMMON_LEAD = 0.5
#: share of the next player's best reply (`threat`) counted against a turn
THREAT_WEIGHT = 0.5
#: rough worth of a shrine a merge lets one build, and of a summon, for `threat`
SHRINE_GUESS = 1.5
SUMMON_GUESS = 2.0
#: kinds of stone (colours and the special ones)
NUM_TYPES = len(TYPES)


def promise(s: DragonCastleState, seat: int) -> float:
    """Likely worth of the unbuilt pool shrines and of the face-up groups short of a merge
    (heuristic.estimate's terms without the score)."""
    return realm_terms(s, seat)[1]


def realm_terms(s: DragonCastleState, seat: int) -> tuple[float, float]:
    """(points, promise) of a realm: points = VP, built shrines and countdown tokens (rules
    §7, without dragon cards) and the VP of sets still to merge; promise as in `promise`.
    One pass over the realm."""
    base = seat * REALM_CELLS
    height, top, up, shrine = s.height, s.top, s.up, s.shrine
    points = s.vp[seat] + COUNTDOWN_TOKEN_VP * s.tokens[seat]
    total = pool_worth(s.pool[seat])
    seen = [False] * REALM_CELLS
    for i in range(REALM_CELLS):
        j = base + i
        if shrine[j]:
            points += SHRINE_VALUE_BY_HEIGHT[min(height[j], 3)]
        if seen[i] or not up[j]:
            continue
        kind = TYPE_OF[top[j]]
        seen[i] = True
        comp, stack = [i], [i]
        while stack:
            c = stack.pop()
            for k in REALM_NB[c]:
                if not seen[k] and up[base + k] and TYPE_OF[top[base + k]] == kind:
                    seen[k] = True
                    comp.append(k)
                    stack.append(k)
        n = len(comp)
        if n >= MIN_SET:  # only halfway through a turn: it will be merged (§6.3)
            points += merge_points(n) + (DRAGON_SET_BONUS if kind == DRAGON else 0)
            continue
        room = False
        for c in comp:
            for k in REALM_NB[c]:
                jk = base + k
                if not height[jk] or not (up[jk] or shrine[jk]):
                    room = True
                    break
            if room:
                break
        total += GROUP_WORTH[n] * (1.0 if room else CRAMPED)
    return float(points), total


def card_points(s: DragonCastleState, seat: int, early: float = 0.0) -> float:
    """Rules §9: the dragon cards' points of `seat` now, each weighted by how long they
    are likely to last: fully at the end (`early` = 0), by EARLY_CARD_WEIGHT at `early` = 1
    (many turns left: a symmetric realm now says little about the end)."""
    if not s.dragon_cards:
        return 0.0
    realms = s.realms()
    total = 0.0
    for k in s.dragon_cards:
        name = DRAGON_CARDS[k]
        weight = EARLY_CARD_WEIGHT.get(name, EARLY_CARD_WEIGHT[""])
        total += (1.0 - (1.0 - weight) * early) * dragon_points(name, realms, seat)
    return total


def turns_left(s: DragonCastleState) -> float:
    """Own turns each player still has, roughly: the castle's stones at STONES_PER_TURN a
    turn; once summoning is legal (§6.1d) at most the single countdown tokens left plus 2."""
    n = s.num_players
    left = sum(s.castle_h) / STONES_PER_TURN / n
    if max(s.castle_h) <= 1:
        left = min(left, s.track_singles + 2.0)
    return left


def quick_place_score(s: DragonCastleState, seat: int, cell: int, stone: int) -> float:
    """Cheap ordering of the cells for a stone (the search values the best exactly): the
    size of the group it joins (a merge most), stacking on face-down stones, crowding."""
    base = seat * REALM_CELLS
    kind = TYPE_OF[stone]
    up, top = s.up, s.top
    seen = {cell}
    stack = [cell]
    crowd = 0
    while stack:
        j = stack.pop()
        for k in REALM_NB[j]:
            if k in seen or not up[base + k]:
                continue
            if TYPE_OF[top[base + k]] == kind:
                seen.add(k)
                stack.append(k)
            elif j == cell:
                crowd += 1
    n = len(seen)
    score = 10.0 + n if n >= MIN_SET else float(n)
    if s.height[base + cell]:
        score += 0.5
    return score - 0.3 * crowd


def reply_gains(s: DragonCastleState, seat: int) -> tuple[list[float], list[float]]:
    """Per stone type, a rough worth to `seat` of one stone and of two identical stones of
    that type placed at best (a merge: its VP, dragon bonus and shrines; else the growth
    of the groups it joins)."""
    base = seat * REALM_CELLS
    comps = face_up_groups(s, seat)
    comp_of: dict[int, int] = {}
    for i, comp in enumerate(comps):
        for c in comp:
            comp_of[c] = i
    kinds = [TYPE_OF[s.top[base + comp[0]]] for comp in comps]
    one = [0.3] * NUM_TYPES
    two = [1.0] * NUM_TYPES
    height, up, shrine = s.height, s.up, s.shrine
    for c in range(REALM_CELLS):
        j = base + c
        if height[j] and (up[j] or shrine[j]):
            continue
        joined: dict[int, set[int]] = {}
        for k in REALM_NB[c]:
            i = comp_of.get(k)
            if i is not None and len(comps[i]) < MIN_SET:
                joined.setdefault(kinds[i], set()).add(i)
        for kind, ids in joined.items():
            n = 1 + sum(len(comps[i]) for i in ids)
            before = sum(GROUP_WORTH[len(comps[i])] for i in ids)
            g1, g2 = merge_gain(n, kind, before), merge_gain(n + 1, kind, before)
            if g1 > one[kind]:
                one[kind] = g1
            if max(g2, g1 + 0.3) > two[kind]:
                two[kind] = max(g2, g1 + 0.3)
    return one, two


def merge_gain(n: int, kind: int, before: float) -> float:
    """Rough worth of a group of n stones of `kind` made by a placement (see reply_gains)."""
    if n < MIN_SET:
        return GROUP_WORTH[n] - before
    special = kind in SPECIALS
    return merge_points(n) + (DRAGON_SET_BONUS if kind == DRAGON else 0) + (
        2 * SHRINE_GUESS if special else SHRINE_GUESS) - before


def threat(s: DragonCastleState, one: list[float], two: list[float]) -> float:
    """The next player's best take in the castle I leave (rules §6.1): a top-level
    available stone (a pair if an identical stone is available), a discard or a summon."""
    h, castle = s.castle_h, s.castle
    t = max(h)
    if t == 0:
        return SUMMON_GUESS
    best = SUMMON_GUESS if t <= 1 else float(DISCARD_VP)
    avail: dict[int, int] = {}
    firsts = []
    for i in LAYOUT_CELLS[s.layout]:
        level = h[i]
        if level and (h[i - 1] < level or h[i + 1] < level):
            k = castle[i * M + level - 1]
            avail[k] = avail.get(k, 0) + 1
            if level == t:
                firsts.append(k)
    for k in firsts:
        v = two[TYPE_OF[k]] if avail[k] > 1 else one[TYPE_OF[k]]
        if v > best:
            best = v
    return best


def position_values(s: DragonCastleState) -> list[float]:
    """The bot's valuation of a position for every seat, in [0, 1], for searches that stop
    a playout before the end (`SearchHints.position_values`): as a turn's end in
    `TurnSearch`, each seat's points, dragon cards and promise weighted by the turns left,
    the seat about to take from the castle also getting THREAT_WEIGHT x its best take
    (`threat`); a seat's value is a logistic of (its estimate - the best other) / SCALE,
    the engine heuristic's scale. (`mcts:leaf=win` values positions by the fitted win
    model instead, `WIN_WEIGHTS`.)"""
    n = s.num_players
    if not s.stack:
        rank = s.ranking()
        return [1.0 - rank[p] / (n - 1) for p in range(n)]
    est = [row[0] + row[1] + row[2] + row[3] for row in _terms(s)]
    out = []
    for p in range(n):
        best_other = max(est[q] for q in range(n) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(est[p] - best_other) / SCALE)))
    return out


def _terms(s: DragonCastleState) -> list[tuple[float, float, float, float]]:
    """Per seat: (points, dragon cards weighted by the turns left, promise weighted by
    the turns left, THREAT_WEIGHT x its best take if it is about to take from the castle)."""
    left = turns_left(s)
    factor = 0.0 if s.last_round else min(1.0, left / HORIZON)
    early = 0.0 if s.last_round else min(1.0, left / CARD_HORIZON)
    mover = s.current_player()
    taking = type(s.stack[-1]) is ChooseAction
    out = []
    for p in range(s.num_players):
        points, promised = realm_terms(s, p)
        threat_now = (THREAT_WEIGHT * threat(s, *reply_gains(s, p)) if taking and p == mover
                      else 0.0)
        out.append((points, card_points(s, p, early), factor * promised, threat_now))
    return out


def win_features(s: DragonCastleState) -> list[list[float]]:
    """Every seat's features for the win model (`bots.win_model`; WIN_FEATURES): the terms
    of `position_values` (points, cards, promise, threat), the first three again scaled by
    how near the end is (`late`: 0 with CARD_HORIZON or more turns left, 1 in the last
    round), and how many seats move before it from the seat to move on."""
    late = 1.0 if s.last_round else 1.0 - min(1.0, turns_left(s) / CARD_HORIZON)
    mover, n = s.current_player(), s.num_players
    return [[points, cards, promised, threat_now, points * late, cards * late,
             promised * late, float((p - mover) % n)]
            for p, (points, cards, promised, threat_now) in enumerate(_terms(s))]


def quick_values(obs: DragonCastleObservation) -> list[float]:
    """One-step values without search: a take by `TurnSearch.best_takes`' rough look, a
    finish by the rough worth of its stones, a cell by `quick_place_score`, a shrine by
    the height it stands on; Proceed, Stop and the first option of anything else first."""
    legal = obs.legal_actions
    if len(legal) <= 1:
        return [0.0] * len(legal)
    return state_quick_values(engine.sample_state(obs, 0), legal)


def state_quick_values(state: DragonCastleState, legal: list) -> list[float]:
    """`quick_values` of the seat to move in a full state (they read only what that seat
    sees: its realm, the castle's visible stones, the supply)."""
    if len(legal) <= 1:
        return [0.0] * len(legal)
    req = state.stack[-1]
    me = state.current_player()
    t = type(req)
    if t is PlaceTaken:
        return [quick_place_score(state, me, a.r * 6 + a.c, req.stone)
                if type(a) is Place else -1e9 for a in legal]
    if t is BuildShrines:
        b = me * REALM_CELLS
        return [float(state.height[b + a.r * 6 + a.c]) if type(a) is BuildShrine else -1.0
                for a in legal]
    if t is ChooseAction or t is FinishAction:
        one, two = reply_gains(state, me)
        shrine = 0.9 if state.supply else 0.0
        out = []
        for a in legal:
            ta = type(a)
            if ta is TakeStone:
                k = state.castle[castle_cell_of(a) * M + state.castle_h[castle_cell_of(a)] - 1]
                out.append(max(1.0, one[TYPE_OF[k]] + shrine))
            elif ta is SummonDragon:
                out.append(2.0)
            elif ta is Pair:
                out.append(two[TYPE_OF[req.stone]])
            elif ta is StoneAndShrine:
                out.append(one[TYPE_OF[req.stone]] + shrine)
            elif ta is DiscardStone:
                out.append(1.0)
            else:
                out.append(-1.0)
        return out
    return [1.0 if type(a) is Proceed or type(a) is StopBuilding else 0.0 for a in legal]
