"""The 1-player game against the Automa Meng (rules doc §13; seed "WARIANT SOLO").

Meng is a rule of the game, not a seat: the human is seat 0 and the only seat; Meng's
colour is index 1 of the per-colour lists. His turns, his Morning decrees, his Dusk phase
and his Night run as automatic steps (`MengAction`, `MengMove`, `MengMorning`, and the flow
in `flow.py`), never as decisions. His gift stack, discard pile and the Automa deck order
are hidden from the human (`sample_state` redraws them, `observe.py`).
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from engine.games.gugong import automa_data, data
from engine.games.gugong.automa_data import (
    AUTOMA_CARDS,
    DUSK_INTRIGUE_STEPS,
    DUSK_TRAVEL_COST,
    FOCUS_CHOICES,
    HARD,
    LEVELS,
    MENG,
    SPECIAL,
    automa_cards,
    card_location,
)
from engine.games.gugong.data import (
    A_NONE,
    A_SERV1,
    A_SERV2,
    A_SWAP,
    ACTION_LOCATION,
    CANAL,
    CARD_ACTION,
    D1A,
    D1B,
    D1C,
    D1D,
    D2A,
    DECREE_LEVEL,
    DECREES,
    INTRIGUE,
    JADE,
    LOCATIONS,
    NUM_CARDS,
    PALACE,
    S_DUSK,
    S_OVER,
    SEEN_HAND,
    STARTING_SETS,
    TOKEN_NAMES,
    TRAVEL,
    WALL,
)
from engine.games.gugong.effects import envoy_step, holds_decree, intrigue_key, intrigue_move
from engine.games.gugong.meng import (
    UNSEEN,
    afford,
    buy_jade,
    gain,
    move,
    pay,
    reveal_gift,
    ship,
    ship_target_exists,
    take_decree,
    take_from_board,
    wall,
)
from engine.games.gugong.requests import GiftExchange, MengAction, MengMorning, MengMove
from engine.protocol import InvalidConfigError

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

MODE_DAY, MODE_SPECIAL, MODE_DUSK, MODE_D2C = range(4)
#: Meng's final score by part (`meng_parts`), in end-scoring order (rules §10)
PARTS = ("during the game", "end: Great Wall", "end: level-3 decrees", "end: Palace",
         "end: jade")


# --- set-up (rules §13 "Setup") ------------------------------------------------------------------
def setup(s: GugongState, options: dict[str, Any]) -> None:
    """Level, focus, card sets, Meng's gift stack (hard: a 5th random DRAW card) and the
    Automa deck; the human is first player on Day 1 (seat 0; done by the caller)."""
    level = LEVELS.index(options.get("automa_level", "normal")) + 1
    rng = s.rng
    s.automa = level
    focus = options.get("focus", "random")
    if focus not in FOCUS_CHOICES:
        raise InvalidConfigError(
            f"focus must be one of {list(automa_data.FOCUS_CHOICES)}, not {focus!r}")
    # a random BOARD card marks the focus: the location it lies on
    s.focus = rng.below(7) if focus == "random" else FOCUS_CHOICES.index(focus) - 1
    sets = options.get("card_sets", 1)
    if sets == 1:
        human, mine = 0, 1
    elif sets == 2:
        human, mine = 1, 0
    else:
        order = list(range(5))
        rng.shuffle(order)
        human, mine = order[0], order[1]
    s.hands[0] = list(STARTING_SETS[human])
    s.seen = [-1] * NUM_CARDS
    for c in s.hands[0]:
        s.seen[c] = SEEN_HAND
    # his stack: the marked set (known) and on hard a random DRAW card (unseen); its order
    # and the Automa deck's are chance, drawn when revealed
    s.meng_stack = sorted(STARTING_SETS[mine])
    if level == HARD:
        s.meng_stack.insert(0, UNSEEN)
        s.meng_reserved = 1
    in_play = set(s.board) | set(s.draw_pile) | set(s.hands[0]) | set(s.meng_stack)
    s.box = [c for c in range(NUM_CARDS) if c not in in_play]  # the sets nobody plays
    s.draw_pile.sort()
    s.pile_a.sort()
    s.pile_b.sort()
    s.automa_deck = list(automa_cards(level))


# --- the Day: turns alternate while cards remain (rules §13 "Day turn") --------------------------
def next_turn(s: GugongState) -> bool:
    """Seat 0 with hand cards: its turn is asked; Meng with gift cards: his turn runs.
    False when both have run out (the Dusk follows)."""
    for k in range(2):
        p = (s.turn + k) % 2
        if p == 0 and s.hands[0]:
            s.turn = MENG
            s.stack.append(GiftExchange(0))
            return True
        if p == MENG and (s.meng_stack or s.meng_bottom):
            s.turn = 0
            meng_turn(s)
            return True
    s.step = S_DUSK
    return False


def draw_automa(s: GugongState) -> int:
    """Top Automa card; an empty deck is the earlier Days' cards reshuffled (not today's)."""
    if not s.automa_deck:
        s.automa_deck = sorted(s.automa_used)
        s.automa_used = []
    return s.automa_deck.pop(s.rng.below(len(s.automa_deck)))


def meng_turn(s: GugongState) -> None:
    """Reveal the top Automa card and gift card; exchange at the card's location (Special:
    the focus) ignoring values and costs; then the gift card's action (SWAP: 1 VP), then
    the location action (Special: free option B versions)."""
    a = draw_automa(s)
    s.automa_today.append(a)
    gift = reveal_gift(s)
    loc = card_location(a, s.focus)
    mode = MODE_SPECIAL if AUTOMA_CARDS[a] == SPECIAL else MODE_DAY
    take_from_board(s, gift, loc)
    s.stack.append(MengAction(MENG, loc, mode))
    act = CARD_ACTION[gift]
    if act == A_SERV1 or act == A_SERV2:
        gain(s, 1 if act == A_SERV1 else 2)
    elif act == A_SWAP:
        s.vp[MENG] += 1
    elif act != A_NONE:
        s.stack.append(MengAction(MENG, ACTION_LOCATION[act], mode))


def meng_action(s: GugongState, req: MengAction) -> None:
    """Automatic: one of Meng's location actions (table in rules §13)."""
    loc, mode = req.loc, req.mode
    if mode == MODE_DUSK:
        dusk_action(s, loc)
    elif mode == MODE_D2C:
        wall(s, 1, True, only_supply=True)
    elif mode == MODE_SPECIAL:
        special_action(s, loc)
    else:
        day_action(s, loc)


def day_action(s: GugongState, loc: int) -> None:
    if loc == TRAVEL:
        s.stack.append(MengMove(MENG, 1))
    elif loc == WALL:
        wall(s, 1, False)
    elif loc == JADE:
        buy_jade(s, False)
    elif loc == INTRIGUE:
        intrigue_move(s, MENG, 1)
        if s.medal < 0:
            s.medal = MENG
    elif loc == PALACE:
        envoy_step(s, MENG, 1)
    elif loc == DECREES:
        take_decree(s, False)
    elif loc == CANAL:
        ship(s, 1, False)  # he never moves ships


def special_action(s: GugongState, loc: int) -> None:
    """Option B, free, pieces from his supply (pool if short)."""
    if loc == TRAVEL:
        s.stack.append(MengMove(MENG, 2))
    elif loc == WALL:
        wall(s, 2, True)
    elif loc == JADE:
        buy_jade(s, True)
    elif loc == INTRIGUE:
        intrigue_move(s, MENG, 3)
    elif loc == PALACE:
        envoy_step(s, MENG, 2)
        intrigue_move(s, MENG, 1)
    elif loc == DECREES:
        take_decree(s, True)
    elif loc == CANAL:
        ship(s, 2, True)


def meng_move(s: GugongState, req: MengMove) -> None:
    """Automatic: one move of his Traveller; the next one after this move's effects."""
    if req.moves > 1:
        s.stack.append(MengMove(MENG, req.moves - 1))
    move(s)


# --- Dusk (rules §13 "Dusk") ---------------------------------------------------------------------
def dusk_step(s: GugongState) -> bool:
    """The next card of today's Automa pile (first played first) to the Automa discard, its
    Dusk action pushed; False when the pile is done (the Night follows)."""
    if not s.automa_today:
        return False
    a = s.automa_today.pop(0)
    s.automa_used.append(a)
    s.stack.append(MengAction(MENG, AUTOMA_CARDS[a], MODE_DUSK))
    return True


def dusk_action(s: GugongState, loc: int) -> None:
    """Each Dusk action if affordable after the forced token exchanges; skipped otherwise."""
    if loc == TRAVEL:
        cost = 1 if holds_decree(s, MENG, D2A) else DUSK_TRAVEL_COST
        if afford(s, cost):
            pay(s, cost)
            s.stack.append(MengMove(MENG, 1))
    elif loc == WALL:
        if afford(s, 2):
            pay(s, 1)
            wall(s, 1, False)
    elif loc == INTRIGUE:
        if afford(s, 1):
            pay(s, 1)
            intrigue_move(s, MENG, DUSK_INTRIGUE_STEPS)
    elif loc == PALACE:
        if afford(s, 2):
            pay(s, 2)
            envoy_step(s, MENG, 1)
            intrigue_move(s, MENG, 1)
    elif loc == CANAL:
        if ship_target_exists(s) and afford(s, 2):
            pay(s, 1)
            ship(s, 1, False)
    else:  # Jade, Decrees, Special: a free move
        s.stack.append(MengMove(MENG, 1))


# --- Morning and Night ---------------------------------------------------------------------------
def morning(s: GugongState, reqs: list) -> list:
    """Morning step 4 in turn order: Meng's level-1 decrees after (or before, when he is
    first player) the human's; his route resumes the perimeter order."""
    s.meng_astray = 0
    return [MengMorning(MENG), *reqs] if s.first == MENG else [*reqs, MengMorning(MENG)]


def meng_morning(s: GugongState, req: MengMorning) -> None:
    """He always uses his level-1 decrees; D1e gives him 1 VP instead."""
    for slot, tile in enumerate(s.decrees):
        if DECREE_LEVEL[tile] != 1 or not s.decree_servants[MENG * 6 + slot]:
            continue
        if tile == D1A:
            intrigue_move(s, MENG, 2)
        elif tile == D1B:
            ship(s, 1, True, only_supply=True)
        elif tile == D1C:
            gain(s, 1)
        elif tile == D1D:
            envoy_step(s, MENG, 1)
        else:
            s.vp[MENG] += 1


def new_gift_stack(s: GugongState) -> None:
    """End of Night (Days 1-3): his discard pile is shuffled into his new gift stack."""
    s.meng_stack = sorted(s.meng_discard + s.meng_stack + s.meng_bottom)
    s.meng_discard = []
    s.meng_bottom = []


# --- result (rules §13 "End") --------------------------------------------------------------------
def human_wins(s: GugongState) -> bool:
    """The human must enter the Palace and beat Meng's score; ties by Intrigue (rules §9).
    Meng's Envoy need not be inside (he then has no Palace points)."""
    if not s.palace_slot[0]:
        return False
    return (s.vp[0], *intrigue_key(s, 0)) > (s.vp[MENG], *intrigue_key(s, MENG))


def meng_breakdown(s: GugongState) -> dict[str, list[int]]:
    """Meng's score in `score_breakdown()` form (one entry: Meng); parts sum to his VP."""
    if not s.meng_parts:
        return {"total": [s.vp[MENG]]}
    return {name: [v] for name, v in zip(PARTS, s.meng_parts, strict=True)}


def record_parts(marks: list[list[int]], s: GugongState) -> None:
    """Meng's parts from the VP snapshots taken before and after each end-scoring step."""
    v = [m[MENG] for m in marks]
    s.meng_parts = [v[0]] + [b - a for a, b in zip(v, v[1:], strict=False)]


def location_name(loc: int) -> str:
    return "Special (free move)" if loc == SPECIAL else LOCATIONS[loc]


def describe_meng(s: GugongState) -> str:
    """One line about Meng for the render."""
    names = {TRAVEL: "Travel", WALL: "Great Wall", JADE: "Jade",
             INTRIGUE: "Intrigue", PALACE: "Palace", DECREES: "Decrees",
             CANAL: "Grand Canal", SPECIAL: "Special"}
    today = ", ".join(f"{automa_data.AUTOMA_NAMES[a]} {names[automa_data.AUTOMA_CARDS[a]]}"
                      for a in s.automa_today)
    inside = (f"inside (slot {s.palace_slot[MENG]})" if s.palace_slot[MENG]
              else f"{s.envoy[MENG]}/8")
    stored = ",".join(TOKEN_NAMES[t] for t in s.stored[MENG]) or "none"
    result = ""
    if s.step == S_OVER:
        parts = "; ".join(f"{k} {v[0]}" for k, v in meng_breakdown(s).items())
        result = (f". Final: Meng {s.vp[MENG]} ({parts}) - "
                  + ("seat 0 wins" if human_wins(s) else "Meng wins"))
    return (f"Meng (Automa, {automa_data.LEVELS[s.automa - 1]}; "
            f"focus {data.LOCATIONS[s.focus]}): VP {s.vp[MENG]}, pool {s.pool[MENG]}, "
            f"supply {s.supply[MENG]}, Intrigue "
            f"{s.intrigue[MENG]}, Envoy {inside}, jade {s.jade[MENG]}, gift stack "
            f"{len(s.meng_stack) + len(s.meng_bottom)}, discard {len(s.meng_discard)}, "
            f"tokens {stored}, Harbor "
            f"rewards {s.rewards[MENG * 3 + data.R_CARD]} card + {s.rewards[MENG * 3 + data.R_VP]}"
            f" VP; Automa deck {len(s.automa_deck)}, today [{today}]{result}")


# --- the travel-token piles in the solo game -----------------------------------------------------
def draw_token(s: GugongState) -> int:
    """Refill (rules §4.1 step 2) from pile A, then B. The piles are face down and kept
    sorted, the token drawn by the generator: what the human cannot know stays chance.
    A token drawn from B while A is not empty is replaced there by one from A (the piles
    are exchangeable), so A empties first as the rules say. -1: both piles empty."""
    a, b = s.pile_a, s.pile_b
    if not a and not b:
        return -1
    pool = sorted(a + b)
    t = pool[s.rng.below(len(pool))]
    j = s.rng.below(len(a)) if a else 0  # drawn always: the same chance whatever A holds
    if t in a:
        a.remove(t)
    elif a:
        b.remove(t)
        insort(b, a.pop(j))
    else:
        b.remove(t)
    return t
