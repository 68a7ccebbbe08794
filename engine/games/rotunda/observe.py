"""What a Rotunda seat sees beyond the plain fields, and how `sample_state` redraws the
rest (rules §13.2). Every field on the table is public, so there is no custom view; only the
four face-down piles are hidden, and they are redrawn from the components nobody has seen."""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.games.rotunda import data as D
from engine.games.rotunda.requests import KeepOrDiscard
from engine.games.rotunda.shuffle import shuffle


def redraw(fields: dict[str, Any], obs: Any, rng: Rng) -> None:
    """§13.2: the Order deck, Expert deck, amulet stack and Smuggler stack, each shuffled
    from the components no seat can locate (in this order: the generator's draws)."""
    seen_orders = set(obs.order_pool)
    for lst in (*obs.orders_open, *obs.orders_done):
        seen_orders.update(lst)
    orders = [i for i in range(len(D.ORDERS)) if i not in seen_orders]
    shuffle(rng, orders)
    fields["order_deck"] = tuple(orders)
    seen_experts = set(obs.expert_pool) | set(obs.expert_discard)
    for lst in (*obs.experts, *obs.kept):
        seen_experts.update(lst)
    seen_experts.update(r.expert for r in obs.stack if type(r) is KeepOrDiscard)
    experts = [i for i in range(len(D.EXPERTS)) if i not in seen_experts]
    shuffle(rng, experts)
    fields["expert_deck"] = tuple(experts)
    amulets = list(D.AMULET_TOKENS)
    visible = [a for a in obs.amulet_spaces if a >= 0] + list(obs.amulet_pool)
    if obs.end_amulet >= 0:
        visible.append(obs.end_amulet)
    for lst in obs.amulets:
        visible += lst
    for a in visible:
        amulets.remove(a)
    shuffle(rng, amulets)
    fields["amulet_stack"] = tuple(amulets)
    seen_smugglers = set(obs.smuggler_pool) | set(obs.smuggler_returned)
    smugglers = [i for i in range(len(D.SMUGGLERS)) if i not in seen_smugglers]
    shuffle(rng, smugglers)
    fields["smuggler_stack"] = tuple(smugglers)
