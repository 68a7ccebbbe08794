"""The Gugong state: every field once, with its type, who sees it (rules §15 "Hidden
information") and what it means to a bot author; the observation type generated from them;
the protocol methods, delegating to the rule modules.

Fields are flat lists indexed by seat (or seat * 3 + ship for ships). Hands and discard piles
are owner-only; the gift draw pile, the two travel-token piles and the Automa deck are hidden
from all; everything else is public. What the others know of a seat's cards (its starting set
is printed on the cards, cards taken from the board were seen) is kept in the public `seen`
list, so `sample_state` redraws only what nobody but the owner can know.
"""

from __future__ import annotations

from typing import Annotated, Any

from rich.text import Text

from engine import kernel
from engine.common.rng import Rng
from engine.games.gugong import automa, data, docs, heuristic, masks, observe, render, rules
from engine.games.gugong.actions import SPACE, GugongAction
from engine.games.gugong.bonus import BonusInPlay
from engine.games.gugong.data import S_DAY, S_OVER
from engine.games.gugong.docs import CARD, LOC, TOKEN
from engine.games.gugong.requests import GugongRequest
from engine.kernel import DERIVED, GENERATOR, Hidden, Owner, Public
from engine.protocol import ActionSpace

#: a per-colour list
COLOUR = "per colour (index = seat; solo: 2 entries, index 1 = the Automa Meng)"


class GugongState(kernel.GameState, kw_only=True):
    """Each field once: its type, who sees it and what it means to a bot author."""

    game_id = "gugong"
    RULES = rules.RULES
    num_players: Annotated[int, Public(
        "seats in the game, 1-5 (1: solo against the Automa Meng, rules §13)")]
    rng: Annotated[Rng, GENERATOR]
    step: Annotated[int, Public(
        "where the game is in the Day (rules §4): 0 Day phase (turns; also Morning "
        "servant gains and the end-of-Day storing of bonus tokens); 1 Night step 1, "
        "Destiny-dice gains (NightGain); 2 Night dice majority (never pending); 3 Night "
        "ships and Harbor claims; 4 Morning level-1 decrees (MorningDecree); 5 final "
        "exchanges after Day 4 (FinalTrades); 6 game over; 7 solo only: Meng's Dusk "
        "phase between the Day and the Night")] = S_DAY
    day: Annotated[int, Public(
        f"the Day, 1-{data.DAYS}; the game ends after the Night of Day {data.DAYS}")] = 1
    first: Annotated[int, Public(
        "first player this Day (solo: 0 you, 1 Meng); the holder of the Medal becomes "
        "first player next Morning")] = 0
    turn: Annotated[int, Public(
        "the seat whose Day turn is considered next (turns go clockwise, skipping seats "
        "with no hand cards; solo: you and Meng alternate)")] = 0
    medal: Annotated[int, Public(
        "who took the Next-First-Player Medal this Day (the first Intrigue option A of "
        "the Day, §5.4; solo: 1 = Meng); -1: still on the board")] = -1
    dice: Annotated[list[int], Public(
        f"the {data.DICE} Destiny dice faces (1-6), rolled each Morning; index = die "
        "(TurnDie.die). At Night (§4.3) each card in a discard pile gains its owner 1 "
        "servant per die showing its printed value (a match); most matches (at least 1; "
        f"tie: Intrigue) scores {data.MAJORITY_VP} VP and Envoy +1")] = []
    board: Annotated[list[int], Public(
        "the gift card lying face up on each location: index = " + LOC + ", value = "
        + CARD)] = []
    # solo: the draw pile and the token piles are kept sorted and drawn from by the generator
    # (automa.py), so that their order, which the human cannot know, stays chance
    draw_pile: Annotated[list[int], Hidden(size="draw_size", size_doc=(
        "cards in the face-down gift draw pile (Harbor card rewards draw from it; "
        "advanced: it holds the unused starting sets too; solo: it still counts "
        "the `meng_reserved` cards)"))] = []
    hands: Annotated[list[list[int]], Owner(
        own="hand", doc="your own hand cards, each a " + CARD + " (hidden from the others)",
        sizes="hand_sizes", sizes_doc="hand cards per seat (1 entry in solo)")] = []
    discards: Annotated[list[list[int]], Owner(
        own="discard", doc=("your own face-down discard pile (card ids): the board cards you "
                            "take in exchanges and sacrificed cards; it becomes part of your "
                            "hand at the end of the Night"),
        sizes="discard_sizes", sizes_doc="discard pile sizes per seat")] = []
    seen: Annotated[list[int], Public(
        "per gift card id (38 entries): what everybody knows of where it is (§15, "
        "perfect memory): -1 nothing known (on the board, in the draw pile or box, or "
        "unseen); else seat * 3 + k: k = 0 known to be in that seat's hand, 1 in its "
        "discard pile, 2 in its hand or its discard pile. Public: your own cards as the "
        "others know them")] = []
    pool: Annotated[list[int], Public(
        COLOUR + ": normal servants in the pool (they pay costs and are placed); the "
        "Foreman is counted in `foreman`")] = []
    supply: Annotated[list[int], Public(
        COLOUR + ": normal servants in the own supply (gains come from there)")] = []
    foreman: Annotated[list[int], Public(
        COLOUR + ": where the Foreman (double servant, §7) is: 0 locked on the "
        "player board (freed only by the Foreman Harbor reward), 1 pool, 2 supply, "
        "3 on the Great Wall, 4 + k on own ship k (k = 0-2). Meng's stays 0")] = []
    vp: Annotated[list[int], Public(
        COLOUR + ": victory points so far; end scoring (§10) adds the Wall majority, "
        "level-3 decrees, the Palace slot and jade; at the end only Envoys inside the "
        "Palace can win (others' final score is 0)")] = []
    intrigue: Annotated[list[int], Public(
        COLOUR + f": Intrigue track position 0-{data.INTRIGUE_MAX}; breaks every "
        "tie (§9): higher wins, on the same space the later arrival "
        "(`intrigue_t`) wins")] = []
    intrigue_t: Annotated[list[int], Public(
        COLOUR + ": when the Intrigue marker last moved (a `clock` value); at "
        "the same position the higher value is on top and wins ties")] = []
    clock: Annotated[int, Public(
        "counter of Intrigue moves (`intrigue_t` values come from it)")] = 0
    envoy: Annotated[list[int], Public(
        COLOUR + f": Envoy position on the Palace track 0-{data.PALACE_INSIDE}; "
        f"{data.PALACE_INSIDE} = inside the Palace; each further step is 1 VP (§5.5)")] = []
    palace_slot: Annotated[list[int], Public(
        COLOUR + ": VP of the Palace slot taken on entering (static "
        "`palace.slots`, the highest free one; scored at the end); 0: not inside")] = []
    jade: Annotated[list[int], Public(
        COLOUR + ": jade owned (end scoring: static `jade.points`)")] = []
    houses: Annotated[list[int], Public(
        f"the {len(data.HOUSE_COSTS)} roof spaces of the Jade location (index = "
        "BuyJade.space): 1 jade still there, 0 taken; the market (space "
        f"{data.MARKET}) sells only when all are 0")] = []
    wall: Annotated[list[int], Public(
        COLOUR + ": normal servants on the Great Wall (the Foreman there: foreman "
        "= 3, counts 2 units); the section scores when the units reach static "
        "`by_players[n].wall_size` (§5.2)")] = []
    ship_harbor: Annotated[list[int], Public(
        "per colour * 3 + ship k (0-2): the harbor index 0-4 (H1-H5) where the "
        "ship is, -1 beside the board (not on the canal). Solo: 6 entries")] = []
    ship_path: Annotated[list[int], Public(
        "per colour * 3 + ship: canal path 0 or 1 of the ship (1-3 players have one "
        "path, 4-5 have two: static `by_players[n].canal_paths`), -1 off the canal")] = []
    ship_load: Annotated[list[int], Public(
        "per colour * 3 + ship: normal servants on the ship (capacity "
        f"{data.SHIP_CAPACITY} units; the Foreman on it, foreman = 4 + k, adds 2)")] = []
    rewards: Annotated[list[int], Public(
        "per colour * 3 + kind: Harbor reward spaces used (kind 0 = 4 VP, max "
        f"{data.REWARD_SPACES[0]}; 1 = gift card, max {data.REWARD_SPACES[1]}; 2 = Foreman, "
        f"max {data.REWARD_SPACES[2]}); solo: Meng's neutral cubes in kinds 0 and 1")] = []
    decrees: Annotated[list[int], Public(
        "the 6 face-up decree tiles by slot (slots 0-1 level 1, 2-3 level 2, 4-5 "
        "level 3); value = decree id 0-14 (static `decrees`)")] = []
    decree_servants: Annotated[list[int], Public(
        "per colour * 6 + slot: 1 if that colour's servant is on the decree "
        "in `decrees[slot]` (it holds that decree), else 0")] = []
    cities: Annotated[list[int], Public(
        "per city 0-19 (C01-C20, static `cities`): the face-up travel token type "
        "there (" + TOKEN + "), -1 none")] = []
    traveller: Annotated[list[int], Public(
        COLOUR + ": the city 0-19 of the Traveller; -1 not yet on the map")] = []
    pile_a: Annotated[list[int], Hidden(size="pile_a_size", size_doc=(
        "face-down travel tokens in pile A (refills empty cities first)"))] = []
    pile_b: Annotated[list[int], Hidden(size="pile_b_size", size_doc=(
        "face-down travel tokens in pile B (used when A is empty)"))] = []
    token_discard: Annotated[list[int], Public(
        "token types given up in exchanges, in order (shuffled into new piles "
        "when both piles run out at a Morning refill)")] = []
    stored: Annotated[list[list[int]], Public(
        COLOUR + ": the travel tokens in storage (token types, oldest first, at "
        f"most {data.TOKEN_STORAGE}); exchanged 2/4/6 units (T_DOUBLE = 2) for 1 servant / "
        "2 VP / 1 jade (§8)")] = []
    # --- solo against the Automa Meng (rules §13); per-colour lists then have 2 entries,
    # Meng's at index 1 (automa_data.MENG); `hands`/`discards` stay one per seat
    automa: Annotated[int, Public(
        "solo only: Meng's level, 1 easy, 2 normal, 3 hard; 0 in the multi-player game")] = 0
    focus: Annotated[int, Public(
        "solo only: Meng's focus " + LOC + " (his Special Automa cards act there); -1 "
        "otherwise")] = -1
    box: Annotated[list[int], Public(
        "solo only: the cards of the starting sets nobody plays with (public). With 2-5 "
        "players it is [] (base game: the sets P(n+1)-P5 are in the box; advanced: in "
        "the draw pile)")] = []
    # the order of Meng's stack is future chance: each reveal draws from the generator
    meng_stack: Annotated[list[int], Public(
        "solo only: Meng's face-down gift stack as the sorted cards known to be in "
        "it (its order is unknown: each reveal is random); -1 = a card he drew "
        "unseen from the draw pile")] = []
    meng_bottom: Annotated[list[int], Public(
        "solo only: cards put under his stack this Day, revealed after the stack "
        "in this order (-1 unseen)")] = []
    meng_discard: Annotated[list[int], Public(
        "solo only: Meng's discard pile in order (last = top; -1 unseen)")] = []
    meng_reserved: Annotated[int, Public(
        "solo only: how many -1 (unseen) cards Meng holds; they are still "
        "counted in `draw_size`")] = 0
    automa_deck: Annotated[list[int], Hidden(size="automa_deck_size", size_doc=(
        "solo only: Automa cards left in his face-down deck"))] = []
    automa_today: Annotated[list[int], Public(
        "solo only: Automa card ids (static `solo.automa_cards`) played today, in "
        "order; at Dusk each gives its Dusk action, first played first")] = []
    automa_used: Annotated[list[int], Public(
        "solo only: Automa cards of earlier Days (reshuffled into the deck when "
        "it is empty)")] = []
    meng_route: Annotated[int, Public(
        "solo only: index in static `solo.perimeter` of the last perimeter city "
        "Meng's Traveller took a token from; -1 not yet on the map")] = -1
    meng_astray: Annotated[int, Public(
        "solo only: 1 = no perimeter city had a token this Day, so he goes to "
        "the nearest token city until the next Morning; else 0")] = 0
    meng_parts: Annotated[list[int], Public(
        "solo only, after the end scoring (else []): Meng's final VP in 5 parts "
        "(static `solo.score_parts`)")] = []
    stack: Annotated[list[GugongRequest], Public(
        "the pending decisions, oldest first; the last one is being decided now (its "
        "seat is `current_player`; `phase` is its type name). Automatic entries "
        "(WallCheck, MengAction, MengMove, MengMorning) wait below for their turn")] = []
    # --- caches of public facts (masks.py), kept up to date by the rules
    tokens: Annotated[int, DERIVED] = 0
    harbors: Annotated[int, DERIVED] = 0
    # --- options: the advanced set-up (§11), the bonus travel tokens (§12)
    advanced: Annotated[bool, Public(
        "option advanced (§11): board and draw pile dealt from one mixed deck")] = False
    bonus: Annotated[bool, Public(
        "option bonus_travel (§12): the 6 bonus travel tokens are among the tokens")] = False
    bonus_active: Annotated[list[BonusInPlay], Public(
        "option bonus_travel only (else []): the activated bonus tokens, face "
        "up until the end of this Day phase")] = []

    def __post_init__(self) -> None:
        """The DERIVED caches from the public fields (masks.py) whenever a state is built or
        decoded (set-up, `sample_state`, `from_bytes`); clones copy them."""
        masks.refresh(self)

    # --- protocol -----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        if self.step == S_OVER:
            return [self.vp[p] if self.palace_slot[p] else 0 for p in range(self.num_players)]
        return self.vp[:self.num_players]  # one per seat (solo: Meng's VP are not a seat's)

    def no_winner(self) -> bool:
        """Solo (rules §13): the seat wins only by beating Meng; when Meng wins, no seat wins."""
        return bool(self.automa) and self.step == S_OVER and not automa.human_wins(self)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Rules §9/§10.5: only Envoys inside the Palace can win; ties by Intrigue."""
        if self.step == S_OVER and not self.palace_slot[seat]:
            return (0, 0, 0)
        return (1, self.intrigue[seat], self.intrigue_t[seat])

    def render_text(self, seat: int | None = None) -> Text:
        """Locations, decrees, Wall, canal, map, players, the pending decision (render.py)."""
        return render.render_text(self, seat)

    def score_breakdown(self) -> dict[str, list[int]]:
        """Rules §10: the end scoring's parts (render.score_breakdown)."""
        return render.score_breakdown(self)

    def heuristic(self, seat: int) -> float:
        return heuristic.heuristic(self, seat)

    def action_space(self) -> ActionSpace:
        return SPACE

    @classmethod
    def redraw(cls, fields: dict[str, Any], obs: Any, rng: Rng) -> None:
        """What the seat cannot know, redrawn (observe.redraw)."""
        observe.redraw(fields, obs, rng)


#: generated from GugongState's declarations: one field per name they produce, described;
#: TENSOR_HINTS for the numeric observation (engine.tensor): the token discard may come to
#: hold every travel token (§8: exchanged tokens are discarded until a Morning refill finds
#: both piles empty); a search's playouts met 18 at 2 players, past the probe games' bound.
#: A colour's stored tokens are at most the 6 storage spaces (§8a; Meng trades 6 units at
#: once); the bound is `STORED_SLOTS`, the probe games' bound when the shipped Gugong model
#: was trained, so that a change of the probe games (Canal B, §5.7b) keeps its layout
STORED_SLOTS = 10
assert STORED_SLOTS >= data.TOKEN_STORAGE
GugongObservation = kernel.observation_type(
    GugongState, GugongAction,
    TENSOR_HINTS={"token_discard": {"max_len": data.ALL_TOKENS},
                  "stored[]": {"max_len": STORED_SLOTS}})
GugongObservation.FIELD_DOCS["phase"] = docs.PHASE  # the base's field, in Gugong's words
