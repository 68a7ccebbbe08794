"""`sample_state`: redraw what the observing seat cannot know (rules §15 "Hidden
information"): the other seats' hands and discard piles (keeping every card the seat saw go
there, and the sizes), the gift draw pile (with the advanced set-up it also holds the unused
starting sets), the two travel-token piles (with the bonus tokens, §12, not seen anywhere);
the generator (all future dice and shuffles) is new."""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.games.gugong.automa_data import automa_cards
from engine.games.gugong.data import BASE_TOKENS, BONUS_TOKENS, NUM_CARDS, TOKEN_NAMES, unused_sets
from engine.games.gugong.requests import ActivateBonus, ExchangeCost, StoreToken

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

BOX = {n: frozenset(unused_sets(n)) for n in range(1, 6)}
TOKEN_TYPES = len(TOKEN_NAMES)
#: per player count: 1 for each card of the box (base set-up, rules §3)
BOX_KNOWN = {n: bytes(1 if c in BOX[n] else 0 for c in range(NUM_CARDS)) for n in BOX}
#: the travel tokens of the game by type, without and with the bonus tokens (§12)
TOKEN_COUNTS = tuple(tuple({**BASE_TOKENS, **(BONUS_TOKENS if bonus else {})}.get(t, 0)
                           for t in range(TOKEN_TYPES)) for bonus in (False, True))


@cython.locals(known=bytearray, c=cython.Py_ssize_t, v=cython.Py_ssize_t, me=cython.Py_ssize_t,
               seen=list, unknown=list, t=cython.Py_ssize_t, hidden=list)
def redraw(fields: dict[str, Any], obs: Any, rng: Rng) -> None:
    n, me = obs.num_players, obs.seat
    # cards: what the seat knows the place of, and what it knows of the others' cards
    # advanced set-up: the unused sets are in the draw pile; solo: the sets the option left
    # out (rules §13)
    if obs.advanced:
        known = bytearray(NUM_CARDS)
    elif obs.box:
        known = bytearray(NUM_CARDS)
        for c in obs.box:
            known[c] = 1
    else:
        known = bytearray(BOX_KNOWN[n])
    for c in obs.board + obs.hand + obs.discard:
        known[c] = 1
    # solo: Meng's cards are public lists (-1: unseen, still counted in the draw pile)
    for c in obs.meng_stack + obs.meng_bottom + obs.meng_discard:
        if c >= 0:
            known[c] = 1
    for r in obs.stack:
        if type(r) is ExchangeCost:
            known[r.card] = 1  # played, not yet on the board
    cols = len(obs.vp)  # colours: Meng's too in the solo game
    # per seen code (seat * 3 + SEEN_*): the cards the seat knows of that seat's cards
    seen = [[] for _ in range(cols * 3)]
    codes = obs.seen
    for c in range(len(codes)):
        v = codes[c]
        if v >= 0 and not me * 3 <= v < me * 3 + 3:
            known[c] = 1
            seen[v].append(c)
    unknown = [c for c in range(NUM_CARDS) if not known[c]]
    rng.shuffle(unknown)
    for q in range(n):
        if q == me:
            continue
        seen_h, seen_d, free = seen[3 * q], seen[3 * q + 1], seen[3 * q + 2]
        extra = obs.hand_sizes[q] + obs.discard_sizes[q] - len(seen_h) - len(seen_d) - len(free)
        for _ in range(extra):
            free.append(unknown.pop())
        rng.shuffle(free)
        cut = obs.hand_sizes[q] - len(seen_h)
        fields["hands"][q] = seen_h + free[:cut]
        fields["discards"][q] = seen_d + free[cut:]
    if len(unknown) != obs.draw_size:
        raise ValueError("gugong observation is inconsistent: unknown cards "
                         f"{len(unknown)} != draw pile {obs.draw_size}")
    fields["draw_pile"] = unknown
    if obs.automa:  # solo (automa.py): sorted piles drawn by the generator
        redraw_solo(fields, obs)
    # travel tokens: the two face-down piles hold the ones not seen anywhere
    counts = list(TOKEN_COUNTS[obs.bonus])
    for b in obs.bonus_active:
        counts[b.token] -= 1
    for t in obs.cities:
        if t >= 0:
            counts[t] -= 1
    for t in obs.token_discard:
        counts[t] -= 1
    for st in obs.stored:
        for t in st:
            counts[t] -= 1
    for r in obs.stack:
        if type(r) is StoreToken or type(r) is ActivateBonus:
            counts[r.token] -= 1  # taken, not yet stored
    hidden = []
    for t in range(TOKEN_TYPES):
        hidden += [t] * counts[t]
    rng.shuffle(hidden)
    fields["pile_a"] = hidden[:obs.pile_a_size]
    fields["pile_b"] = hidden[obs.pile_a_size:]
    if obs.automa:
        fields["pile_a"].sort()
        fields["pile_b"].sort()


def redraw_solo(fields: dict[str, Any], obs: Any) -> None:
    """Solo (rules §13): the draw pile is kept sorted (its cards, Meng's unseen ones among
    them, are drawn by the generator); the Automa deck is the level's cards not played
    since the last reshuffle, sorted (its order is chance, drawn when revealed)."""
    fields["draw_pile"].sort()
    out = set(obs.automa_today) | set(obs.automa_used)
    fields["automa_deck"] = [a for a in automa_cards(obs.automa) if a not in out]
