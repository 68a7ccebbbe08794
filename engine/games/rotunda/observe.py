"""What a Rotunda seat sees beyond the plain fields, and how `sample_state` redraws the
rest (rules §13.2). Every field on the table is public, so there is no custom view; only the
four face-down piles are hidden, and they are redrawn from the components nobody has seen."""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.games.rotunda.data import AMULET_TOKENS, AMULET_TYPES, EXPERTS, ORDERS, SMUGGLERS
from engine.games.rotunda.requests import KeepOrDiscard

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

#: every component id of the three piles of distinct cards (sorted out of a set difference)
ALL_ORDERS = frozenset(range(len(ORDERS)))
ALL_EXPERTS = frozenset(range(len(EXPERTS)))
ALL_SMUGGLERS = frozenset(range(len(SMUGGLERS)))
#: the amulet tokens of each type
AMULET_COUNTS = tuple(AMULET_TOKENS.count(t) for t in range(AMULET_TYPES))


@cython.locals(counts=list, a=cython.Py_ssize_t, t=cython.Py_ssize_t, amulets=list)
def redraw(fields: dict[str, Any], obs: Any, rng: Rng) -> None:
    """§13.2: the Order deck, Expert deck, amulet stack and Smuggler stack, each shuffled
    from the components no seat can locate (in this order: the generator's draws), taken
    in id order (amulets in type order: `AMULET_TOKENS` is sorted) before the shuffle."""
    orders = sorted(ALL_ORDERS.difference(obs.order_pool, *obs.orders_open, *obs.orders_done))
    rng.shuffle(orders)
    fields["order_deck"] = tuple(orders)
    experts = sorted(ALL_EXPERTS.difference(
        obs.expert_pool, obs.expert_discard, *obs.experts, *obs.kept,
        [r.expert for r in obs.stack if type(r) is KeepOrDiscard]))
    rng.shuffle(experts)
    fields["expert_deck"] = tuple(experts)
    counts = list(AMULET_COUNTS)
    visible = [a for a in obs.amulet_spaces if a >= 0] + list(obs.amulet_pool)
    if obs.end_amulet >= 0:
        visible.append(obs.end_amulet)
    for lst in obs.amulets:
        visible += lst
    for a in visible:
        if not 0 <= a < AMULET_TYPES or counts[a] == 0:
            raise ValueError(f"rotunda observation is inconsistent: amulet {a} seen too often")
        counts[a] -= 1
    amulets = []
    for t in range(AMULET_TYPES):
        amulets += [t] * counts[t]
    rng.shuffle(amulets)
    fields["amulet_stack"] = tuple(amulets)
    smugglers = sorted(ALL_SMUGGLERS.difference(obs.smuggler_pool, obs.smuggler_returned))
    rng.shuffle(smugglers)
    fields["smuggler_stack"] = tuple(smugglers)
