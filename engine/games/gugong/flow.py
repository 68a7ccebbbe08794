"""Set-up (rules §3), the Day structure (§4: Morning, Day, Night) and end of game (§10)."""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.games.gugong import advanced, automa, bonus
from engine.games.gugong import data as D
from engine.games.gugong import effects as E
from engine.games.gugong.actions import Skip, Swap, TakeForeman, Trade
from engine.games.gugong.canal import night_ships
from engine.games.gugong.state import (
    F_LOCKED,
    F_SUPPLY,
    S_DAY,
    S_DUSK,
    S_FINAL,
    S_MORNING_INCOME,
    S_NIGHT_END,
    S_NIGHT_MAJORITY,
    S_NIGHT_SHIPS,
    S_OVER,
    SEEN_HAND,
    CanalPlace,
    ChooseGain,
    FinalTrades,
    GiftExchange,
    GugongState,
    HarborClaim,
    MorningDecree,
    NightGain,
)
from engine.games.gugong.turn import with_trades
from engine.games.gugong.wall import final_wall

SKIP = Skip()


# --- set-up (rules §3) ---------------------------------------------------------------------------
def deal_cards(n: int, first: int, rng: Rng) -> tuple[list[int], list[int], list[list[int]]]:
    """Base set-up (§3.1-2): the 7 BOARD cards on the locations, the 11 DRAW cards face down,
    set Pk to the k-th seat in turn order; unused sets go to the box. (The advanced set-up,
    §11, deals board and draw pile from one mixed deck: `advanced.deal_mixed`.)"""
    board = list(D.BOARD_CARDS)
    rng.shuffle(board)
    draw = list(D.DRAW_CARDS)
    rng.shuffle(draw)
    hands = [[] for _ in range(n)]
    for k in range(n):
        hands[(first + k) % n] = list(D.STARTING_SETS[k])
    return board, draw, hands


def box_cards(n: int) -> list[int]:
    """Cards of the starting sets nobody received (public: the sets are marked)."""
    return [c for k in range(n, 5) for c in D.STARTING_SETS[k]]


def base_tokens() -> list[int]:
    return [t for t, k in D.BASE_TOKENS.items() for _ in range(k)]


def seen_at_start(hands: list[list[int]]) -> list[int]:
    """The starting sets are marked: everybody knows every starting hand."""
    seen = [-1] * D.NUM_CARDS
    for p, h in enumerate(hands):
        for c in h:
            seen[c] = p * 3 + SEEN_HAND
    return seen


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> GugongState:
    """Set-up (rules §3); 1 player: against the Automa Meng, a second colour (rules §13)."""
    n = num_players
    c = n + 1 if n == 1 else n  # colours: the seats, and Meng in the solo game
    rng = Rng.from_seed(seed, "gugong")
    first = rng.below(n)
    mixed, bonus_tokens = bool(options.get("advanced")), bool(options.get("bonus_travel"))
    deal = advanced.deal_mixed if mixed else deal_cards  # §11 advanced set-up
    board, draw, hands = deal(n, first, rng)
    tokens = bonus.setup_tokens(bonus_tokens)  # §12: +6 bonus tokens
    rng.shuffle(tokens)
    cities = tokens[:D.MAP_TOKENS]
    rest = tokens[D.MAP_TOKENS:]
    half = (len(rest) + 1) // 2
    decrees = []
    for level in range(3):
        tiles = list(range(level * 5, level * 5 + 5))
        rng.shuffle(tiles)
        decrees += tiles[:D.DECREES_PER_LEVEL]
    order = [(first + k) % c for k in range(c)]
    s = GugongState(
        num_players=n, rng=rng, first=first, turn=first, board=board, draw_pile=draw,
        hands=hands, discards=[[] for _ in range(n)],
        seen=seen_at_start(hands),
        pool=[D.START_POOL] * c, supply=[D.SERVANTS - D.START_POOL] * c,
        foreman=[F_LOCKED] * c, vp=[0] * c, intrigue=[0] * c,
        intrigue_t=[order.index(p) for p in range(c)], clock=c, envoy=[0] * c,
        palace_slot=[0] * c, jade=[0] * c, houses=[1] * len(D.HOUSE_COSTS), wall=[0] * c,
        ship_harbor=[-1] * (3 * c), ship_path=[-1] * (3 * c), ship_load=[0] * (3 * c),
        rewards=[0] * (3 * c), decrees=decrees, decree_servants=[0] * (6 * c),
        cities=cities, traveller=[-1] * c, pile_a=rest[:half], pile_b=rest[half:],
        token_discard=[], stored=[[] for _ in range(c)], dice=roll(rng),
        advanced=mixed, bonus=bonus_tokens,
    )
    if n == 1:
        automa.setup(s, options)
    GugongState.RULES.settle(s)
    return s


def roll(rng: Rng) -> list[int]:
    return [1 + rng.below(6) for _ in range(D.DICE)]


def turn_order(s: GugongState) -> list[int]:
    n = s.num_players
    return [(s.first + k) % n for k in range(n)]


def push_in_turn_order(s: GugongState, requests: list) -> None:
    """Push so that the first player's request is decided first."""
    s.stack.extend(reversed(requests))


# --- the flow ------------------------------------------------------------------------------------
def on_empty(s: GugongState) -> None:
    """Advance the Day structure until a decision is pending or the game is over."""
    while not s.stack and s.step != S_OVER:
        step = s.step
        if step == S_DAY:
            next_turn(s)
        elif step == S_NIGHT_MAJORITY:
            dice_majority(s)
        elif step == S_NIGHT_SHIPS:
            ships(s)
        elif step == S_NIGHT_END:
            end_of_night(s)
        elif step == S_MORNING_INCOME:
            income(s)
        elif step == S_FINAL:
            end_scoring(s)
        elif step == S_DUSK and not automa.dusk_step(s):
            destiny_dice(s)  # solo: Meng's Dusk is over (rules §13)


def next_turn(s: GugongState) -> None:
    """Rules §4.2: clockwise, players with hand cards take turns until all hands are empty."""
    if s.automa:
        automa.next_turn(s)  # solo: the human and Meng alternate (rules §13)
        return
    n = s.num_players
    for k in range(n):
        p = (s.turn + k) % n
        if s.hands[p]:
            s.turn = (p + 1) % n
            s.stack.append(GiftExchange(p))
            return
    if s.bonus_active:  # end of the Day phase: active bonus tokens are stored (rules §12)
        bonus.end_of_day_phase(s)
        return
    destiny_dice(s)


# --- Night (rules §4.3) --------------------------------------------------------------------------
def matches(s: GugongState, p: int) -> int:
    """(discard card, die) pairs of equal printed value (A1, A15); solo: Meng's count is
    the Day number, whatever his discard (rules §13 "Night")."""
    if p >= s.num_players:
        return automa.M.NIGHT_MATCHES[s.day]
    return sum(s.dice.count(D.CARD_VALUE[c]) for c in s.discards[p])


def destiny_dice(s: GugongState) -> None:
    """Night step 1: each seat gains its matches; a seat whose Foreman and normal servants
    are in the supply is asked (a public condition) whether one unit is the Foreman."""
    s.step = S_NIGHT_MAJORITY
    asks = []
    for p in turn_order(s):
        if s.foreman[p] == F_SUPPLY and s.supply[p] > 0:
            asks.append(NightGain(p))
        else:
            E.gain_now(s, p, matches(s, p), True)
    if s.automa:
        E.gain_now(s, automa.MENG, matches(s, automa.MENG), False)
    push_in_turn_order(s, asks)


def night_gain_options(s: GugongState, req: NightGain) -> list:
    if matches(s, req.seat):
        return [TakeForeman(True), TakeForeman(False)]
    return [TakeForeman(False)]


def night_gain_apply(s: GugongState, req: NightGain, a: TakeForeman) -> None:
    E.gain_now(s, req.seat, matches(s, req.seat), a.yes)


def dice_majority(s: GugongState) -> None:
    """Most matches (tie: Intrigue) scores 3 VP and moves the Envoy (A2, A18)."""
    n = len(s.vp)  # every colour, Meng's in the solo game
    m = [matches(s, p) for p in range(n)]
    best = E.best_by_intrigue(s, list(range(n)), m)
    if best >= 0:
        s.vp[best] += D.MAJORITY_VP
        E.envoy_step(s, best, 1)
    s.step = S_NIGHT_SHIPS


def ships(s: GugongState) -> None:
    """Night step 2: ships lost / moved, then claims in turn order."""
    night_ships(s)
    s.step = S_NIGHT_END
    push_in_turn_order(s, [HarborClaim(p) for p in turn_order(s)])


def end_of_night(s: GugongState) -> None:
    """Night step 3: discards become hands and the next Morning; after Day 4 the final
    exchange window."""
    if s.day >= D.DAYS:
        s.step = S_FINAL
        push_in_turn_order(s, [FinalTrades(p) for p in turn_order(s)])
        return
    E.discards_to_hands(s)
    if s.automa:
        automa.new_gift_stack(s)
    morning(s)


# --- Morning (rules §4.1) ------------------------------------------------------------------------
def morning(s: GugongState) -> None:
    if s.medal >= 0:
        s.first = s.medal
        s.medal = -1
    refill_map(s)
    s.dice = roll(s.rng)
    s.day += 1
    s.step = S_MORNING_INCOME
    reqs = []
    for p in turn_order(s):
        for slot, tile in enumerate(s.decrees):
            if D.DECREE_LEVEL[tile] == 1 and s.decree_servants[p * 6 + slot]:
                reqs.append(MorningDecree(p, tile))
    if s.automa:
        reqs = automa.morning(s, reqs)
    push_in_turn_order(s, reqs)


def refill_map(s: GugongState) -> None:
    """Each city with neither token nor Traveller gets a token: pile A, then B; both empty:
    the token discard is shuffled into two new piles; still short: cities stay empty."""
    occupied = set(s.traveller)
    for c in range(D.NUM_CITIES):
        if s.cities[c] >= 0 or c in occupied:
            continue
        if not s.pile_a and not s.pile_b and s.token_discard:
            rest = s.token_discard
            s.token_discard = []
            s.rng.shuffle(rest)
            half = (len(rest) + 1) // 2
            s.pile_a, s.pile_b = rest[:half], rest[half:]
            if s.automa:  # solo: sorted piles, drawn by the generator (automa.draw_token)
                s.pile_a.sort()
                s.pile_b.sort()
        if s.automa:
            s.cities[c] = automa.draw_token(s)
        elif s.pile_a:
            s.cities[c] = s.pile_a.pop()
        elif s.pile_b:
            s.cities[c] = s.pile_b.pop()


def morning_decree_auto(s: GugongState, req: MorningDecree) -> bool:
    """Level-1 decree bonuses; the ones that never hurt are taken (A18-like)."""
    p, t = req.seat, req.tile
    if t == D.D1A:
        E.intrigue_move(s, p, 2)
    elif t == D.D1C:
        E.gain(s, p, 1)
    elif t == D.D1D:
        E.envoy_step(s, p, 1)
    elif t == D.D1B:
        s.stack.append(CanalPlace(p, 1, 0, True))
    else:
        return False  # D1e: asked
    return True


def morning_decree_options(s: GugongState, req: MorningDecree) -> list:
    p = req.seat
    return [Swap(c, loc) for c in sorted(s.hands[p]) for loc in range(7)] + [SKIP]


def morning_decree_apply(s: GugongState, req: MorningDecree, a: object) -> None:
    if type(a) is Swap:
        E.swap_with_board(s, req.seat, a.card, a.loc)


def income(s: GugongState) -> None:
    """Morning step 5: every player gains the Day-track amount (D5)."""
    s.step = S_DAY
    s.turn = s.first
    for p in reversed(turn_order(s)):
        E.gain(s, p, D.DAY_INCOME[s.day])
    if s.automa:
        E.gain_now(s, automa.MENG, D.DAY_INCOME[s.day], False)


def choose_gain_options(s: GugongState, req: ChooseGain) -> list:
    return [TakeForeman(True), TakeForeman(False)]


def choose_gain_apply(s: GugongState, req: ChooseGain, a: TakeForeman) -> None:
    E.gain_now(s, req.seat, req.n, a.yes)


# --- end of game (rules §10) ---------------------------------------------------------------------
def final_trade_options(s: GugongState, req: FinalTrades) -> list:
    return with_trades(s, req.seat, [SKIP])


def final_trade_auto(s: GugongState, req: FinalTrades) -> bool:
    return not E.trade_options(s, req.seat)


def final_trade_apply(s: GugongState, req: FinalTrades, a: object) -> None:
    if type(a) is Trade:
        s.stack.append(req)
        E.do_trade(s, req.seat, a.units, a.doubles)


def end_scoring(s: GugongState) -> None:
    """Wall, level-3 decrees (D3a first), Palace slots, jade; then the game is over
    (`scores` gives 0 to Envoys outside the Palace)."""
    marks = [list(s.vp)]
    final_wall(s)
    marks.append(list(s.vp))
    for p in range(len(s.vp)):  # every colour, Meng's in the solo game
        held = [t for slot, t in enumerate(s.decrees) if s.decree_servants[p * 6 + slot]]
        if D.D3A in held:
            s.vp[p] += min(10, s.vp[p] // 3)
        if D.D3B in held:
            s.vp[p] += 8
        if D.D3C in held:
            s.vp[p] += min(10, 2 * s.jade[p])
        if D.D3D in held:
            s.vp[p] += 2 * len(held)
        if D.D3E in held:
            s.vp[p] += 2 * sum(s.rewards[p * 3:p * 3 + 3])
    marks.append(list(s.vp))
    for p in range(len(s.vp)):
        s.vp[p] += s.palace_slot[p]
    marks.append(list(s.vp))
    for p in range(len(s.vp)):
        s.vp[p] += D.jade_points(s.jade[p])
    marks.append(list(s.vp))
    if s.automa:
        automa.record_parts(marks, s)
    s.step = S_OVER
