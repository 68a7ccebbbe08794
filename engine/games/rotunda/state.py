"""Rotunda state (rules §2, §3, §13.2): flat public fields; the four face-down piles hidden.

Everything on the table is public (§13.2): pools, held Orders and Experts, supplies, used
temples, the Expert discard pile. Hidden from all: the order of the Order deck, Amulet
stack, Expert deck and the unseen part of the Smuggler stack.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text

from engine import kernel
from engine.common.rng import Rng
from engine.games.rotunda import data as D
from engine.games.rotunda import docs
from engine.games.rotunda.actions import RotundaAction, RotundaRequest
from engine.kernel import GENERATOR, PUBLIC, Hidden
from engine.protocol import Observation

_PUBLIC_FIELDS = (
    "num_players", "first", "lodge", "rooms", "leaders", "coins", "vp", "cubes",
    "supply_discs", "track", "chairs", "villages", "peddler", "worship", "amulet_spaces",
    "end_amulet", "round", "temples", "market", "retailer", "wholesaler", "warehouse",
    "banker", "supply", "order_pool", "amulet_pool", "expert_pool", "smuggler_pool",
    "smuggler_returned", "expert_discard", "orders_open", "orders_done", "experts", "kept",
    "amulets", "fired", "turn", "turns", "vp_start", "peddler_used", "market_mine",
    "end_triggered", "turns_left", "neutrals", "neutral_moved", "neutral_actions",
    "advanced_experts",
)


class RotundaObservation(Observation, kw_only=True):
    """What one seat sees (§13.2): the whole table is public; only the order of the four
    face-down piles is hidden (their sizes are given)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.OBSERVATION

    legal_actions: list[RotundaAction] = []
    stack: list[RotundaRequest]
    num_players: int
    first: int
    lodge: int
    rooms: tuple[int, ...]
    leaders: list[int]
    coins: list[int]
    vp: list[int]
    cubes: list[int]
    supply_discs: list[int]
    track: list[int]
    chairs: list[int]
    villages: list[int]
    peddler: int
    worship: tuple[int, ...]
    amulet_spaces: tuple[int, ...]
    end_amulet: int
    round: int
    temples: tuple[int, ...]
    market: list[int]
    retailer: list[int]
    wholesaler: list[int]
    warehouse: list[int]
    banker: int
    supply: list[int]
    order_pool: tuple[int, ...]
    amulet_pool: tuple[int, ...]
    expert_pool: tuple[int, ...]
    smuggler_pool: tuple[int, ...]
    smuggler_returned: tuple[int, ...]
    expert_discard: tuple[int, ...]
    orders_open: tuple[tuple[int, ...], ...]
    orders_done: tuple[tuple[int, ...], ...]
    experts: tuple[tuple[int, ...], ...]
    kept: tuple[tuple[int, ...], ...]
    amulets: tuple[tuple[int, ...], ...]
    fired: list[int]
    turn: int
    turns: int
    vp_start: int
    peddler_used: bool
    market_mine: int
    end_triggered: bool
    turns_left: int
    neutrals: tuple[int, ...]
    neutral_moved: bool
    neutral_actions: bool
    advanced_experts: bool
    order_deck_size: int
    amulet_stack_size: int
    expert_deck_size: int
    smuggler_stack_size: int


class RotundaState(kernel.GameState, kw_only=True):
    """One game of Rotunda. Per-seat lists are indexed by seat (flat with a stride where
    noted); room nodes are 0 = Lodge, 1-5 = I1-I5, 6-11 = O1-O6 (data.NODE_NAMES)."""

    game_id = "rotunda"
    OBSERVATION = RotundaObservation
    VISIBILITY: ClassVar = {
        **{f: PUBLIC for f in _PUBLIC_FIELDS},
        "rng": GENERATOR,
        "order_deck": Hidden(size="order_deck_size"),
        "amulet_stack": Hidden(size="amulet_stack_size"),
        "expert_deck": Hidden(size="expert_deck_size"),
        "smuggler_stack": Hidden(size="smuggler_stack_size"),
    }

    num_players: int
    rng: Rng
    first: int = 0
    #: staircase the Lodge covers (0 SA, 1 SB, 2 SC)
    lodge: int = D.DEFAULT_STAIRCASE
    #: room kind of each node (data room constants)
    rooms: tuple[int, ...] = ()
    #: node of each leader (seat * leaders_per_seat + k); -1 = not in play
    leaders: list[int] = []
    coins: list[int] = []
    vp: list[int] = []
    #: seat * 4 + cube type (Tea, Fruit, Celadon, Gold)
    cubes: list[int] = []
    #: Assistants in each personal supply
    supply_discs: list[int] = []
    #: Assistants on each Assistant track (above 9: stacked on the leftmost space)
    track: list[int] = []
    #: 15 chairs (inner room k: chairs 3k..3k+2): -1 free, else seat * 2 + elder
    chairs: list[int] = []
    #: village v, seat p: villages[v * n + p] Assistants
    villages: list[int] = []
    peddler: int = D.PEDDLER_START
    #: seat * 16 + cell: 1 where the seat's elder lies on the worship board
    worship: tuple[int, ...] = ()
    #: amulet type on RA1-RA3, BA1-BA3 (-1 taken)
    amulet_spaces: tuple[int, ...] = ()
    #: amulet type on the round track's end space (-1 taken)
    end_amulet: int = -1
    round: int = 0
    #: 1 = face up
    temples: tuple[int, ...] = ()
    #: Market icons by cube type (T, F, C): the cube lying there (-1 uncovered)
    market: list[int] = []
    #: Retailer / Wholesaler icons left to right: as_type * 4 + actual cube (-1 uncovered)
    retailer: list[int] = []
    wholesaler: list[int] = []
    #: Warehouse cubes by type (T, F, C)
    warehouse: list[int] = []
    banker: int = D.BANKER_REFILL
    #: general supply by cube type
    supply: list[int] = []
    order_pool: tuple[int, ...] = ()
    amulet_pool: tuple[int, ...] = ()
    expert_pool: tuple[int, ...] = ()
    smuggler_pool: tuple[int, ...] = ()
    #: used Smugglers under the stack, in order (seen by all)
    smuggler_returned: tuple[int, ...] = ()
    expert_discard: tuple[int, ...] = ()
    order_deck: tuple[int, ...] = ()
    amulet_stack: tuple[int, ...] = ()
    expert_deck: tuple[int, ...] = ()
    smuggler_stack: tuple[int, ...] = ()
    orders_open: tuple[tuple[int, ...], ...] = ()
    orders_done: tuple[tuple[int, ...], ...] = ()
    #: held Experts (unused one-shots and permanents; the limit counts these)
    experts: tuple[tuple[int, ...], ...] = ()
    #: used amulet Experts kept as amulets
    kept: tuple[tuple[int, ...], ...] = ()
    #: amulet tokens (types) held
    amulets: tuple[tuple[int, ...], ...] = ()
    #: per seat: bit set of Orders (0-19) and Experts (20-43) that fired this turn
    fired: list[int] = []
    #: seat taking the turn
    turn: int = 0
    turns: int = 0
    #: the active seat's VP when the turn began (for bonus symbols)
    vp_start: int = 0
    peddler_used: bool = False
    #: Market icons (bit per cube type) covered by the active seat this turn
    market_mine: int = 0
    end_triggered: bool = False
    #: turns still to play after the current one once the end is triggered
    turns_left: int = 0
    #: 2 players (§10): node of the neutral leaders green, red, blue (empty otherwise)
    neutrals: tuple[int, ...] = ()
    #: a neutral leader was moved this turn (once per turn, §10)
    neutral_moved: bool = False
    #: option: the neutral-action variant (§10)
    neutral_actions: bool = False
    #: option: the advanced Experts variant (§11); the discard pile's top is index 0
    advanced_experts: bool = False
    stack: list[RotundaRequest] = []

    # --- helpers ---------------------------------------------------------------------------
    @property
    def per_seat(self) -> int:
        """Family leaders per seat."""
        return D.LEADERS[self.num_players]

    def cube(self, p: int, t: int) -> int:
        return self.cubes[p * 4 + t]

    # --- results ---------------------------------------------------------------------------
    def scores(self) -> list[int]:
        from engine.games.rotunda.scoring import final_scores
        if self.stack:
            return self.vp[:]
        return final_scores(self)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """§8: more coins left (the coins actually held)."""
        return (self.coins[seat],)

    def heuristic(self, seat: int) -> float:
        from engine.games.rotunda.scoring import heuristic
        return heuristic(self, seat)

    def render_text(self, seat: int | None = None) -> Text:
        """Rooms, villages, worship board, pools, families, the pending decision in words
        (render.py)."""
        from engine.games.rotunda.render import render_text
        return render_text(self, seat)

    def score_breakdown(self) -> dict[str, list[int]]:
        """Rules §8: the final scoring's parts (render.score_breakdown)."""
        from engine.games.rotunda.render import score_breakdown
        return score_breakdown(self)

    def action_space(self) -> Any:
        from engine.games.rotunda.space import SPACE
        return SPACE

    @classmethod
    def redraw(cls, fields: dict[str, Any], obs: Any, rng: Rng) -> None:
        """§13.2: the four face-down piles are redrawn from the components nobody has seen."""
        seen_orders = set(obs.order_pool)
        for lst in (*obs.orders_open, *obs.orders_done):
            seen_orders.update(lst)
        orders = [i for i in range(len(D.ORDERS)) if i not in seen_orders]
        rng.shuffle(orders)
        fields["order_deck"] = tuple(orders)
        seen_experts = set(obs.expert_pool) | set(obs.expert_discard)
        for lst in (*obs.experts, *obs.kept):
            seen_experts.update(lst)
        seen_experts.update(r.expert for r in obs.stack if type(r).__name__ == "KeepOrDiscard")
        experts = [i for i in range(len(D.EXPERTS)) if i not in seen_experts]
        rng.shuffle(experts)
        fields["expert_deck"] = tuple(experts)
        amulets = list(D.AMULET_TOKENS)
        visible = [a for a in obs.amulet_spaces if a >= 0] + list(obs.amulet_pool)
        if obs.end_amulet >= 0:
            visible.append(obs.end_amulet)
        for lst in obs.amulets:
            visible += lst
        for a in visible:
            amulets.remove(a)
        rng.shuffle(amulets)
        fields["amulet_stack"] = tuple(amulets)
        seen_smugglers = set(obs.smuggler_pool) | set(obs.smuggler_returned)
        smugglers = [i for i in range(len(D.SMUGGLERS)) if i not in seen_smugglers]
        rng.shuffle(smugglers)
        fields["smuggler_stack"] = tuple(smugglers)
