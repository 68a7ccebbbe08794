"""Gugong state, decisions (requests) and actions (rules §4-§8, §15 "Decision points").

Fields are flat lists indexed by seat (or seat * 3 + ship for ships). Visibility (rules §15
"Hidden information"): hands and discard piles are owner-only; the gift draw pile and the
two travel-token piles are hidden from all; everything else is public. What the others
know of a seat's cards (its starting set is printed on the cards, cards taken from the
board were seen) is kept in the public `seen` list, so `sample_state` redraws only what
nobody but the owner can know.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
from rich.text import Text

from engine import kernel
from engine.common.rng import Rng
from engine.games.gugong import docs
from engine.games.gugong.actions import GugongAction
from engine.kernel import GENERATOR, PUBLIC, Hidden, Owner
from engine.protocol import Observation

# --- the Foreman (double servant, rules §7): where it is --------------------------------------
F_LOCKED, F_POOL, F_SUPPLY, F_WALL, F_SHIP = 0, 1, 2, 3, 4  # F_SHIP + k: on ship k

# --- what the others know of a card (the `seen` list) ---------------------------------------------
SEEN_HAND, SEEN_DISCARD, SEEN_EITHER = 0, 1, 2

# --- flow steps (on_empty dispatches on them) ---------------------------------------------------
S_DAY, S_NIGHT_MAJORITY, S_NIGHT_SHIPS, S_NIGHT_END, S_MORNING_INCOME, S_FINAL, S_OVER = range(7)
S_DUSK = 7  # solo: Meng's Dusk phase between the Day and the Night (rules §13)


# ==============================================================================================
# requests (pending decisions)
# ==============================================================================================
class GiftExchange(kernel.Request, frozen=True):
    """Start of a Day turn: choose the hand card and the location (rules §4.2 step 1)."""


class TurnEnd(kernel.Request, frozen=True):
    """End of a Day turn: last travel-token exchanges of the turn (asked only when the seat
    can exchange)."""


class ExchangeCost(kernel.Request, frozen=True):
    """The card played is not higher: pay 2, sacrifice a card, or no actions."""

    card: int
    loc: int


class CardAction(kernel.Request, frozen=True):
    """Step 2: perform the played card's action, or not (resolved before the location)."""

    card: int


class LocationAction(kernel.Request, frozen=True):
    """Step 2: the location action (A, B, a purchase) or none."""

    loc: int


class TravelMove(kernel.Request, frozen=True):
    """Move the Traveller (rules §5.1); `moves` left including this one."""

    moves: int


class TokenReward(kernel.Request, frozen=True):
    """Apply the token just taken (rules §8, D3), or not."""

    token: int


class StoreToken(kernel.Request, frozen=True):
    """Store the token taken; with full storage, exchange first (rules §8)."""

    token: int


class WallPlace(kernel.Request, frozen=True):
    """Place pieces on the Wall: `remaining` more, `placed` so far; from the pool, or from
    the supply (`supply`: D2c, T_WALL) where placing is optional."""

    remaining: int
    placed: int = 0
    supply: bool = False


class WallCheck(kernel.Request, frozen=True):
    """Automatic: score the Wall section if it is complete (rules §5.2)."""


class IntrigueReward(kernel.Request, frozen=True):
    """Wall completed: choose an Intrigue reward or none (rules §5.2 step 2)."""


class CanalPlace(kernel.Request, frozen=True):
    """Place pieces on own ships (rules §5.7): `remaining` more; `supply` for T_SHIP/D1b;
    `then_move` is never set (Canal A's move is a CanalMove of its own)."""

    remaining: int
    placed: int = 0
    supply: bool = False
    then_move: bool = False


class CanalMove(kernel.Request, frozen=True):
    """Canal A: optionally move one own ship forward."""


class HarborClaim(kernel.Request, frozen=True):
    """Claim window (rules §5.7): claim with a full ship (`ship` = -1: any) or stop."""

    ship: int = -1


class ChooseGain(kernel.Request, frozen=True):
    """Gaining `n` servants with the Foreman in the supply: take it as one unit or not."""

    n: int


class NightGain(kernel.Request, frozen=True):
    """Night step 1 for a seat whose Foreman is in the supply: whether one of the dice
    servants is the Foreman (asked whether or not the hidden discard matches)."""


class MorningDecree(kernel.Request, frozen=True):
    """Morning step 4: use level-1 decree `tile` (rules §4.1, D4)."""

    tile: int


class FinalTrades(kernel.Request, frozen=True):
    """After the Night of Day 4: last travel-token exchanges (rules §4.3 step 3)."""


# --- solo: the Automa Meng's automatic steps (rules §13; engine/games/gugong/automa.py) ---
class MengAction(kernel.Request, frozen=True):
    """Automatic: Meng performs the action of location `loc`; `mode` 0 = his Day version,
    1 = the Special card's free option B, 2 = his Dusk version, 3 = the D2c Wall piece."""

    loc: int
    mode: int = 0


class MengMove(kernel.Request, frozen=True):
    """Automatic: Meng's Traveller moves once along his route; `moves` left incl. this."""

    moves: int


class MengMorning(kernel.Request, frozen=True):
    """Automatic: Meng uses his level-1 decrees (Morning step 4)."""


GugongRequest = (GiftExchange | TurnEnd | ExchangeCost | CardAction | LocationAction | TravelMove
                 | TokenReward | StoreToken | WallPlace | WallCheck | IntrigueReward | CanalPlace
                 | CanalMove | HarborClaim | ChooseGain | NightGain | MorningDecree | FinalTrades
                 | MengAction | MengMove | MengMorning)


# --- bonus travel tokens (rules §12; engine/games/gugong/bonus.py) -----------------------------
class ActivateBonus(kernel.Request, frozen=True):
    """A bonus travel token just taken: activate it with 1 pool servant, or store it."""

    token: int


class FollowAction(kernel.Request, frozen=True):
    """B_FOLLOW: another player performed the action of `loc`; perform it too, or not."""

    loc: int


class BonusInPlay(msgspec.Struct, frozen=True, array_like=True):
    """An activated bonus token of `seat` until the end of the Day phase; `loc`: the action
    space it lies beside (-1: beside the player board, B_PLUS1)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.BONUS_IN_PLAY
    seat: int
    token: int
    loc: int = -1


GugongRequest = GugongRequest | ActivateBonus | FollowAction
for _request in GugongRequest.__args__:  # descriptions for bot authors (docs.py)
    _request.FIELD_DOCS = docs.REQUESTS[_request.__name__]


# ==============================================================================================
# observation and state
# ==============================================================================================
class GugongObservation(Observation, kw_only=True):
    """What one seat sees (rules §15): all public, except the hands and discard piles (own
    only, sizes for the others) and the face-down piles (sizes only)."""

    FIELD_DOCS: ClassVar[dict[str, str]] = docs.OBSERVATION
    legal_actions: list[GugongAction] = []
    stack: list[GugongRequest]
    num_players: int
    step: int
    day: int
    first: int
    turn: int
    medal: int
    dice: list[int]
    board: list[int]
    seen: list[int]
    pool: list[int]
    supply: list[int]
    foreman: list[int]
    vp: list[int]
    intrigue: list[int]
    intrigue_t: list[int]
    clock: int
    envoy: list[int]
    palace_slot: list[int]
    jade: list[int]
    houses: list[int]
    wall: list[int]
    ship_harbor: list[int]
    ship_path: list[int]
    ship_load: list[int]
    rewards: list[int]
    decrees: list[int]
    decree_servants: list[int]
    cities: list[int]
    traveller: list[int]
    token_discard: list[int]
    stored: list[list[int]]
    hand: list[int]
    hand_sizes: list[int]
    discard: list[int]
    discard_sizes: list[int]
    draw_size: int
    pile_a_size: int
    pile_b_size: int
    advanced: bool = False
    bonus: bool = False
    bonus_active: list[BonusInPlay] = []
    # solo (rules §13): Meng's zones; defaults for the multi-player game
    automa: int = 0
    focus: int = -1
    box: list[int] = []
    meng_stack: list[int] = []
    meng_bottom: list[int] = []
    meng_discard: list[int] = []
    meng_reserved: int = 0
    automa_deck_size: int = 0
    automa_today: list[int] = []
    automa_used: list[int] = []
    meng_route: int = -1
    meng_astray: int = 0
    meng_parts: list[int] = []


class GugongState(kernel.GameState, kw_only=True):
    game_id = "gugong"
    OBSERVATION = GugongObservation
    VISIBILITY: ClassVar = {
        "num_players": PUBLIC, "step": PUBLIC, "day": PUBLIC, "first": PUBLIC, "turn": PUBLIC,
        "medal": PUBLIC, "dice": PUBLIC, "board": PUBLIC,
        "seen": PUBLIC,
        "pool": PUBLIC, "supply": PUBLIC, "foreman": PUBLIC, "vp": PUBLIC,
        "intrigue": PUBLIC, "intrigue_t": PUBLIC, "clock": PUBLIC, "envoy": PUBLIC,
        "palace_slot": PUBLIC, "jade": PUBLIC, "houses": PUBLIC, "wall": PUBLIC,
        "ship_harbor": PUBLIC, "ship_path": PUBLIC, "ship_load": PUBLIC, "rewards": PUBLIC,
        "decrees": PUBLIC, "decree_servants": PUBLIC, "cities": PUBLIC, "traveller": PUBLIC,
        "token_discard": PUBLIC, "stored": PUBLIC,
        "hands": Owner(own="hand", sizes="hand_sizes"),
        "discards": Owner(own="discard", sizes="discard_sizes"),
        "draw_pile": Hidden(size="draw_size"),
        "pile_a": Hidden(size="pile_a_size"),
        "pile_b": Hidden(size="pile_b_size"),
        "rng": GENERATOR,
        "advanced": PUBLIC, "bonus": PUBLIC, "bonus_active": PUBLIC,
        # solo (rules §13, §15 "Hidden information": Automa deck and Meng's gift stack)
        "automa": PUBLIC, "focus": PUBLIC, "box": PUBLIC,
        "meng_stack": PUBLIC, "meng_bottom": PUBLIC, "meng_discard": PUBLIC,
        "meng_reserved": PUBLIC,
        "automa_deck": Hidden(size="automa_deck_size"),
        "automa_today": PUBLIC, "automa_used": PUBLIC, "meng_route": PUBLIC,
        "meng_astray": PUBLIC, "meng_parts": PUBLIC,
    }
    num_players: int
    rng: Rng
    step: int = S_DAY
    day: int = 1
    #: first player this Day; `turn`: the seat whose Day turn is considered next
    first: int = 0
    turn: int = 0
    #: who took the Next-First-Player Medal this Day (-1: still on the board)
    medal: int = -1
    dice: list[int] = []
    #: the gift card lying on each of the 7 locations
    board: list[int] = []
    draw_pile: list[int] = []
    hands: list[list[int]] = []
    discards: list[list[int]] = []
    #: per card: -1, or seat * 3 + SEEN_HAND / SEEN_DISCARD / SEEN_EITHER: the others know
    #: the card is in that seat's hand / discard pile / one of the two
    seen: list[int] = []
    #: normal servants in the pool and in the own supply; where the Foreman is
    pool: list[int] = []
    supply: list[int] = []
    foreman: list[int] = []
    vp: list[int] = []
    #: Intrigue position and stacking time (later arrival = on top = higher)
    intrigue: list[int] = []
    intrigue_t: list[int] = []
    clock: int = 0
    envoy: list[int] = []
    #: VP slot taken on entering the Palace (0: not inside)
    palace_slot: list[int] = []
    jade: list[int] = []
    #: jade still on each roof space (1/0)
    houses: list[int] = []
    #: normal servants on the Wall per seat (the Foreman: `foreman` == F_WALL)
    wall: list[int] = []
    #: per seat * 3 + ship: harbor index 0-4 or -1 (beside the board), path, normal servants
    ship_harbor: list[int] = []
    ship_path: list[int] = []
    ship_load: list[int] = []
    #: per seat * 3 + kind: Harbor reward spaces used (R_VP, R_CARD, R_FOREMAN)
    rewards: list[int] = []
    #: the six face-up decree tiles (2 per level) and per seat * 6 + slot: own servant there
    decrees: list[int] = []
    decree_servants: list[int] = []
    #: travel token on each city (-1: none), Traveller city per seat (-1: off-map)
    cities: list[int] = []
    traveller: list[int] = []
    pile_a: list[int] = []
    pile_b: list[int] = []
    token_discard: list[int] = []
    stored: list[list[int]] = []
    # --- solo against the Automa Meng (rules §13); per-colour lists then have 2 entries,
    # Meng's at index 1 (automa_data.MENG); `hands`/`discards` stay one per seat
    #: 0: not solo; 1/2/3: easy/normal/hard
    automa: int = 0
    #: Meng's focus location (his Foreman beside its card)
    focus: int = -1
    #: the starting sets nobody plays with (public: the sets are marked)
    box: list[int] = []
    #: Meng's face-down gift stack, as the sorted cards the human knows it holds: the order
    #: is future chance (each reveal draws from the generator); -1 = a card he drew from the
    #: draw pile unseen, decided when revealed (one of the `meng_reserved` cards counted in
    #: `draw_pile`, which is sorted in the solo game and drawn from by the generator)
    meng_stack: list[int] = []
    #: cards put under his stack this Day (A24), revealed after it, first put first
    meng_bottom: list[int] = []
    #: Meng's discard pile in the order the cards went there (top = last; -1 as above)
    meng_discard: list[int] = []
    meng_reserved: int = 0
    #: the Automa deck (sorted: drawn from by the generator), today's played cards (in
    #: order), earlier Days' cards
    automa_deck: list[int] = []
    automa_today: list[int] = []
    automa_used: list[int] = []
    #: index in PERIMETER of Meng's last perimeter city (-1: not yet on the map)
    meng_route: int = -1
    #: 1: no perimeter city had a token this Day, he goes to the nearest token cities
    meng_astray: int = 0
    #: Meng's final score by part (automa.PARTS), filled at end scoring
    meng_parts: list[int] = []
    stack: list[GugongRequest] = []
    #: options (issue 17): the advanced set-up (§11), the bonus travel tokens (§12) in play
    advanced: bool = False
    bonus: bool = False
    #: activated bonus tokens (rules §12), face up until the end of this Day phase
    bonus_active: list[BonusInPlay] = []

    # --- protocol -----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        if self.step == S_OVER:
            return [self.vp[p] if self.palace_slot[p] else 0 for p in range(self.num_players)]
        return self.vp[:self.num_players]  # one per seat (solo: Meng's VP are not a seat's)

    def no_winner(self) -> bool:
        """Solo (rules §13): the seat wins only by beating Meng; when Meng wins, no seat wins."""
        if not self.automa or self.step != S_OVER:
            return False
        from engine.games.gugong.automa import human_wins

        return not human_wins(self)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Rules §9/§10.5: only Envoys inside the Palace can win; ties by Intrigue."""
        if self.step == S_OVER and not self.palace_slot[seat]:
            return (0, 0, 0)
        return (1, self.intrigue[seat], self.intrigue_t[seat])

    def render_text(self, seat: int | None = None) -> Text:
        """Locations, decrees, Wall, canal, map, players, the pending decision (render.py)."""
        from engine.games.gugong.render import render_text

        return render_text(self, seat)

    def score_breakdown(self) -> dict[str, list[int]]:
        """Rules §10: the end scoring's parts (render.score_breakdown)."""
        from engine.games.gugong.render import score_breakdown

        return score_breakdown(self)

    def heuristic(self, seat: int) -> float:
        from engine.games.gugong.heuristic import heuristic

        return heuristic(self, seat)

    def action_space(self) -> Any:
        from engine.games.gugong.space import SPACE

        return SPACE

    @classmethod
    def redraw(cls, fields: dict[str, Any], obs: Any, rng: Rng) -> None:
        from engine.games.gugong.observe import redraw

        redraw(fields, obs, rng)
