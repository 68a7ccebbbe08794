"""Rotunda state (rules §2, §3, §13.2): every field once, with its type, who sees it and
what it means to a bot author; the observation type is generated from these declarations.

Everything on the table is public (§13.2): pools, held Orders and Experts, supplies, used
temples, the Expert discard pile. Hidden from all: the order of the Order deck, Amulet
stack, Expert deck and the unseen part of the Smuggler stack (their sizes are public).
Per-seat lists are indexed by seat (flat with a stride where noted); room nodes are
0 = Lodge, 1-5 = I1-I5, 6-11 = O1-O6 (data.NODE_NAMES).
"""

from __future__ import annotations

from typing import Annotated, Any

from rich.text import Text

from engine import kernel
from engine.common.rng import Rng
from engine.games.rotunda import data, heuristic, observe, render, rules, scoring
from engine.games.rotunda import words as _words  # noqa: F401  (registers the words)
from engine.games.rotunda.actions import SPACE, RotundaAction
from engine.games.rotunda.requests import RotundaRequest
from engine.kernel import GENERATOR, Hidden, Public
from engine.protocol import ActionSpace


class RotundaState(kernel.GameState, kw_only=True):
    """One game of Rotunda."""

    game_id = "rotunda"
    RULES = rules.RULES

    num_players: Annotated[int, Public('number of seats, 2-5')]
    rng: Annotated[Rng, GENERATOR]
    first: Annotated[int, Public(
        "the first player's seat (§3 step 11); turns go clockwise, seat + 1")] = 0
    lodge: Annotated[int, Public(
        'the staircase the Ancestral Lodge covers: 0 SA (default), 1 SB, 2 SC (§4.1, '
        '§4.3; chosen at set-up with the `lodge_variant` option); it selects static '
        '`successors[str(lodge)]`')] = data.DEFAULT_STAIRCASE
    rooms: Annotated[tuple[int, ...], Public(
        '12 entries, one per room node 0-11: the room kind there (static `rooms`: 0 '
        "Supplier, 1 Harbour, 2 Market, 3 Experts' Room, 4 Banker, 5 Tea House, 6 "
        'Retailer, 7 Wholesaler, 8 Bank, 9 Black Market, 10 Trading Post, 11 Guild Hall, '
        '12 Warehouse, 13 Ancestral Lodge). Node 0 is always 13 and nodes 1-5 always 0-4;'
        ' large tiles 10-12 lie on O1, O3, O5, three of the small tiles 5-9 on O2, O4, O6'
        ' (§3 step 1)')] = ()
    leaders: Annotated[list[int], Public(
        'the room node of each family leader, index seat * k + j, k = leaders per seat '
        '(static `leaders_per_seat`: 2, or 1 with 5 players); all start in the Lodge (0);'
        ' the neutral leaders are in `neutrals`')] = []
    coins: Annotated[list[int], Public(
        'coins held, one per seat (coins are unlimited, §2)')] = []
    vp: Annotated[list[int], Public(
        "each seat's score-track VP so far (index = seat); the final score adds (§8) "
        "amulet sets, fulfilled Orders' VP, the uncovered Assistant track, 1 per chair or"
        ' village Assistant and (coins + cubes + supply Assistants) // 3, and with '
        "`advanced_experts` the Experts' back points (§11)")] = []
    cubes: Annotated[list[int], Public(
        'cubes held, per seat and type: index seat * 4 + type (0 Tea, 1 Fruit, 2 Celadon,'
        ' 3 Gold); Gold may be paid or sold as any basic cube (§5)')] = []
    supply_discs: Annotated[list[int], Public(
        "Assistants in each seat's personal supply (index = seat); each scores as 1 coin "
        'at the end (§8.5)')] = []
    track: Annotated[list[int], Public(
        "Assistants on each seat's Assistant track (index = seat), 9 at the start. A "
        'Recruit takes the leftmost one; the uncovered spaces score the first 9 - track '
        'values of static `assistant_track` (§6, §8.3); a Fire puts one back (above 9 '
        'they stack)')] = []
    chairs: Annotated[list[int], Public(
        '15 chairs of the inner rooms: inner room node n (1-5) owns indexes 3 * (n - 1) '
        '.. 3 * (n - 1) + 2; -1 free, else seat * 2 + elder (elder 0 young side, 1 elder '
        'side; elders never leave)')] = []
    villages: Annotated[list[int], Public(
        'Assistants in the 6 villages V1-V6 per seat: index village * num_players + seat')] = []
    peddler: Annotated[int, Public(
        'the village (0-5 = V1-V6) holding the Peddler tile; it moves clockwise, (v + k) '
        '% 6')] = data.PEDDLER_START
    worship: Annotated[tuple[int, ...], Public(
        'elders on the 4x4 worship board per seat and cell: index seat * 16 + cell, cell '
        "= row * 4 + column (0 = top-left, where every chain starts); 1 = the seat's "
        'elder lies there (a free link of its chains, §7)')] = ()
    amulet_spaces: Annotated[tuple[int, ...], Public(
        '6 worship-board amulet spaces: 0-2 RA1-RA3 (right edge of rows 1-3), 3-5 BA1-BA3'
        ' (bottom edge of columns 1-3); the amulet type there, -1 taken (never refilled, '
        '§7 step 4)')] = ()
    end_amulet: Annotated[int, Public(
        "the amulet type on the round track's end space; -1 once taken (the end has been "
        'triggered, §8)')] = -1
    round: Annotated[int, Public(
        'the round marker, 0-12; Honour advances it 1; reaching static '
        '`end_space[str(num_players)]` takes `end_amulet` and triggers the end')] = 0
    temples: Annotated[tuple[int, ...], Public(
        '4 temples TP1-TP4 (static `temples`): 1 face up (can be prayed at), 0 used for '
        'good (§7 Pray)')] = ()
    market: Annotated[list[int], Public(
        "the Market's 3 icons by type sold (0 Tea, 1 Fruit, 2 Celadon): the cube lying "
        'there (0-3, 3 = a Gold sold as that type), -1 uncovered (R3)')] = []
    retailer: Annotated[list[int], Public(
        "the Retailer's 3 icons left to right: as_type * 4 + actual cube (actual 3 = "
        'Gold), -1 uncovered; all sold types must differ (R7). Empty list when the tile '
        'is not on the board')] = []
    wholesaler: Annotated[list[int], Public(
        "the Wholesaler's 3 icons, coded as `retailer`; all sold types must be identical "
        '(R8). Empty list when the tile is not on the board')] = []
    warehouse: Annotated[list[int], Public(
        'cubes in the Warehouse by type (0 Tea, 1 Fruit, 2 Celadon), 0 or 1 each; '
        'refilled from the supply at the end of step 3')] = []
    banker: Annotated[int, Public(
        'coins lying in the Banker room (R5); Tea House payments go here; 3 are added '
        'when it is empty at the end of step 3')] = data.BANKER_REFILL
    supply: Annotated[list[int], Public(
        'the general supply by cube type (0 Tea, 1 Fruit, 2 Celadon, 3 Gold); a gain from'
        ' an empty supply is lost')] = []
    order_pool: Annotated[tuple[int, ...], Public(
        'face-up Order ids (0-19, static `orders`), in slot order 0-2 (the slot of '
        'BonusOrder); shorter when the deck ran out')] = ()
    amulet_pool: Annotated[tuple[int, ...], Public(
        'face-up amulet types (0-10) in slot order 0-2 (BonusAmulet, Black Market)')] = ()
    expert_pool: Annotated[tuple[int, ...], Public(
        "face-up Expert ids (0-23, static `experts`) in slot order 0-2 (Hire, Experts' "
        'Room)')] = ()
    smuggler_pool: Annotated[tuple[int, ...], Public(
        'face-up Smuggler ids (0-9, static `smugglers`) in slot order 0-2 (Harbour)')] = ()
    smuggler_returned: Annotated[tuple[int, ...], Public(
        'used Smuggler ids under the face-down stack, oldest first (they come back in '
        'this order once the stack is empty)')] = ()
    expert_discard: Annotated[tuple[int, ...], Public(
        'the Expert discard pile (public): index 0 is its top card (hireable as slot 3 '
        'with `advanced_experts`), new discards go to the end (bottom); in the basic game'
        ' it is reshuffled into an empty deck')] = ()
    order_deck: Annotated[tuple[int, ...], Hidden(
        size="order_deck_size", size_doc=
        'cards in the face-down Order deck (contents hidden)')] = ()
    amulet_stack: Annotated[tuple[int, ...], Hidden(
        size="amulet_stack_size", size_doc=
        'tokens in the face-down amulet stack (contents hidden)')] = ()
    expert_deck: Annotated[tuple[int, ...], Hidden(
        size="expert_deck_size", size_doc=
        'cards in the face-down Expert deck (contents hidden)')] = ()
    smuggler_stack: Annotated[tuple[int, ...], Hidden(
        size="smuggler_stack_size", size_doc=
        'never-seen Smugglers in the face-down stack (contents hidden)')] = ()
    orders_open: Annotated[tuple[tuple[int, ...], ...], Public(
        'one list per seat (index = seat): held, unfulfilled Order ids (public, §3 step '
        '7)')] = ()
    orders_done: Annotated[tuple[tuple[int, ...], ...], Public(
        'one list per seat (index = seat): fulfilled Order ids: their effect acts once '
        'per turn and their VP count at the end (§8.2, §9)')] = ()
    experts: Annotated[tuple[tuple[int, ...], ...], Public(
        'one list per seat (index = seat): held Expert ids (unused one-shots and '
        'permanents; at most 3, §9)')] = ()
    kept: Annotated[tuple[tuple[int, ...], ...], Public(
        'one list per seat (index = seat): used amulet Experts kept as amulets (their '
        'type: static `experts[e].amulet`); they do not count toward the Expert limit')] = ()
    amulets: Annotated[tuple[tuple[int, ...], ...], Public(
        'one list per seat (index = seat): amulet tokens held, as types 0-10 (repeats '
        'possible)')] = ()
    fired: Annotated[list[int], Public(
        'per seat, a bit set of the once-per-turn effects used this turn: bit o = '
        "fulfilled Order o (0-19), bit 20 + e = Expert e (0-23); reset at each turn's "
        'start')] = []
    turn: Annotated[int, Public('the seat whose turn it is (the active seat)')] = 0
    turns: Annotated[int, Public(
        'turns begun before the current one (0 during the first turn)')] = 0
    vp_start: Annotated[int, Public(
        "the active seat's VP when its turn began; step 4 gives one bonus per multiple of"
        ' 10 crossed: vp // 10 - vp_start // 10 (§5 step 4)')] = 0
    peddler_used: Annotated[bool, Public(
        'the active seat used a Peddler action this turn: the Peddler tile moves 1 '
        'village at the end of the turn (§5)')] = False
    market_mine: Annotated[int, Public(
        'bit set of Market icons (bit = cube type) the active seat covered this turn: an '
        'extra execution may sell that type again (R3 exception)')] = 0
    end_triggered: Annotated[bool, Public(
        'the end amulet was taken: after the triggering turn every other seat plays one '
        'more turn (§8)')] = False
    turns_left: Annotated[int, Public(
        'after the trigger, the turns still to play after the current one (0 before it)')] = 0
    neutrals: Annotated[tuple[int, ...], Public(
        '2 players only (§10): the room node of the neutral leaders 0 green (moved for a '
        'Tea), 1 red (Fruit), 2 blue (Celadon); empty list otherwise')] = ()
    neutral_moved: Annotated[bool, Public(
        '2 players: a neutral leader was moved this turn (once per turn, §10)')] = False
    neutral_actions: Annotated[bool, Public(
        'option `neutral_actions` (2 players, §10): after moving a neutral the active '
        "seat takes that room's action")] = False
    advanced_experts: Annotated[bool, Public(
        'option `advanced_experts` (§11): public discard pile whose top card is hireable,'
        ' no reshuffle, end VP per card back')] = False
    stack: Annotated[list[RotundaRequest], Public(
        'the pending decisions, oldest first: the last entry is the decision being taken '
        'now (its name is `phase`); each is an array [type, seat, fields...] (see Pending'
        ' decisions). Cleanup, ReturnChain, EndTurn and NeutralCleanup are automatic '
        'steps, never asked')] = []

    # --- helpers ---------------------------------------------------------------------------
    @property
    def per_seat(self) -> int:
        """Family leaders per seat."""
        return data.LEADERS[self.num_players]

    def cube(self, p: int, t: int) -> int:
        return self.cubes[p * 4 + t]

    # --- results ---------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """The VP track during the game; the §8 final scoring once it is over."""
        if self.stack:
            return self.vp[:]
        return scoring.final_scores(self)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """§8: more coins left (the coins actually held)."""
        return (self.coins[seat],)

    def heuristic(self, seat: int) -> float:
        """The cheap value of `seat`'s position (heuristic.py)."""
        return heuristic.heuristic(self, seat)

    def render_text(self, seat: int | None = None) -> Text:
        """Rooms, villages, worship board, pools, families, the pending decision in words
        (render.py)."""
        return render.render_text(self, seat)

    def score_breakdown(self) -> dict[str, list[int]]:
        """Rules §8: the final scoring's parts (render.score_breakdown)."""
        return render.score_breakdown(self)

    def action_space(self) -> ActionSpace:
        return SPACE

    @classmethod
    def redraw(cls, fields: dict[str, Any], obs: Any, rng: Rng) -> None:
        """§13.2: the four face-down piles redrawn from what nobody has seen (observe.py)."""
        observe.redraw(fields, obs, rng)


#: generated from RotundaState's declarations: one described field per name they produce
RotundaObservation = kernel.observation_type(RotundaState, RotundaAction)
RotundaObservation.__doc__ = (
    "What one seat sees (§13.2): the whole table is public; only the order of the four "
    "face-down piles is hidden (their sizes are given).")
