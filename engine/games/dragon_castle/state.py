"""The Dragon Castle state: flat lists of ints, a stack of pending requests, and each
field's type, visibility and description written once (rules §11 "Information").

Castle (castle.py): `castle_h` padded heights, `castle` stone identities per level;
covered stones are hidden from everyone (observe.py shows the castle as heights, tops and
counts). Realms (realm.py): per seat REALM_CELLS entries in `height`, `top`, `up` and
`shrine`. Stones below a realm top are always face down and rule-irrelevant. The game is
over when nothing is pending. The protocol methods delegate to the rule modules.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from rich.text import Text

from engine import kernel
from engine.common.rng import Rng
from engine.kernel import CUSTOM, DERIVED, GENERATOR, Custom, Public, Seen
from engine.protocol import ActionSpace

from . import observe, scoring
from .actions import DragonCastleAction, TakeStone, action_space
from .data import DRAGON_CARDS, NUM_IDENTITIES, PAD_W, SPIRIT_CARDS
from .docs import CASTLE, CELLS, REALM, STONE, codes
from .heuristic import heuristic
from .render import render_text, score_breakdown
from .requests import DragonCastleRequest
from .rules import RULES
from .scoring import Realm


class DragonCastleState(kernel.GameState, kw_only=True):
    """Whole game state (rules §3 components)."""

    game_id = "dragon_castle"
    RULES: ClassVar[kernel.Rules] = RULES

    num_players: Annotated[int, Public("number of players, 2-4")]
    rng: Annotated[Rng, GENERATOR]
    dragon_cards: Annotated[list[int], Public(
        f"dragon cards in play (rules §9, options dragon_card/dragon_cards/dragons), each "
        f"scoring at the end: codes {codes(DRAGON_CARDS)} (static `dragon_cards`); [] "
        "without")]
    # the castle: heights and top stones are seen, covered stones only as counts (§11)
    castle_h: Annotated[list[int], Custom(shows=(
        Seen("castle_heights", list[int],
             f"stack height 0-3 of every castle cell ({CASTLE}); 0 = no stone"),
        Seen("castle_tops", list[int],
             f"identity of each castle cell's top stone ({CASTLE}; {STONE}); -1 = empty. A "
             "top stone is available (takeable, §4.1) when its west (x-1) or east (x+1) "
             "neighbour is lower than it; a missing neighbour (off the board, -1 in static "
             "`castle.neighbours`) counts as height 0, so an edge stone is always available"),
        Seen("hidden", list[int],
             f"per identity ({NUM_IDENTITIES} counts), stones still covered under other "
             "castle stones: the covered stones are hidden from everyone, only these counts "
             "are known"),
    ))]
    castle: Annotated[list[int], CUSTOM]  # shown by the view of castle_h (observe.py)
    # caches of the castle (castle.py castle_caches, take_from_castle; rules §4.1-4.2): T,
    # the number of stacks at T, the TakeStone of every available cell at T (cell order),
    # per castle cell (row-major) the identity of its top stone as a signed byte (-1 empty)
    top_level: Annotated[int, DERIVED]
    at_top: Annotated[int, DERIVED]
    top_takes: Annotated[list[TakeStone], DERIVED]
    top_ids: Annotated[bytes, DERIVED]
    # the realms (rules §5)
    height: Annotated[list[int], Public(f"stack height per realm cell ({REALM})")]
    top: Annotated[list[int], Public(
        f"identity of the top stone per realm cell ({REALM}; {STONE}); -1 = empty, or a "
        "face-down stone uncovered by paying for a spirit or a Strength move (identity not "
        "tracked; it is face down)")]
    up: Annotated[list[int], Public(
        f"1 if the top stone is face up, 0 if face down or empty ({REALM}); merged stones "
        "are face down")]
    shrine: Annotated[list[int], Public(
        f"1 if a built shrine stands on the cell's top stone ({REALM})")]
    # caches of the realms (realm.py; rules §6.2-6.3), per seat, -1 when not known: a bit
    # mask of the cells that can take a stone, and 1 if a face-up set of 4+ awaits its merge
    realm_open: Annotated[list[int], DERIVED]
    merge_due: Annotated[list[int], DERIVED]
    pool: Annotated[list[int], Public(
        "shrines in each seat's personal pool (to build on merged sets, §6.3)")]
    vp: Annotated[list[int], Public(
        "VP tokens per seat (merges, discards, spirit merges); the final score adds built "
        "shrines, 2 VP per countdown token and dragon cards (§7)")]
    tokens: Annotated[list[int], Public(
        "countdown tokens taken per seat (Summon the Dragon, §6.1d): 2 VP each at the end")]
    supply: Annotated[int, Public(
        "shrines left in the general supply (Stone and shrine needs one, §6.1b)")]
    track_singles: Annotated[int, Public(
        "countdown tokens still on the single spaces of the track (P at the start); taking "
        "the last one starts the last round (§7)")]
    track_stack: Annotated[int, Public(
        "countdown tokens still in the stack on space 0 (taken once the single spaces are "
        "empty)")]
    first_player: Annotated[int, Public(
        "the first player; the game ends after the seat before them (seat first_player - 1, "
        "mod players) ends its turn in the last round (§7)")]
    turn: Annotated[int, Public("the seat whose turn it is")]
    last_round: Annotated[bool, Public(
        "true once the last single countdown token is taken: this is the last round (§7)")]
    gone: Annotated[list[int], Public(
        f"per identity ({NUM_IDENTITIES} counts), stones of it that have left the castle")]
    stack: Annotated[list[DragonCastleRequest], Public(
        "pending decisions, the last one is decided now; each is an array "
        "[type, seat, ...fields] (see the request types)")] = []
    # spirit cards (rules §8; options spirit_card / spirit_cards / spirits)
    spirit_cards: Annotated[list[int], Public(
        f"spirit cards in play (rules §8, options spirit_card/spirit_cards/spirits): codes "
        f"{codes(SPIRIT_CARDS)} (static `spirit_cards`); [] without. ActivateSpirit.card is "
        "an index into this list")] = []
    spirit_used: Annotated[list[int], Public(
        "per spirit card in play (same order), 1 if it was activated this turn (each at "
        "most once per turn)")] = []
    pair_mode: Annotated[int, Public(
        "this turn's Pair rule: 0 normal, 1 Deception, 2 Depths (spirit active)")] = 0
    first_cell: Annotated[int, Public(
        "castle cell of the latest first stone taken (this turn's once taken; kept until "
        f"the next take) as a padded index: x = first_cell % {PAD_W} - 1, y = first_cell // "
        f"{PAD_W} - 1; -1 before the game's first take (used by Deception)")] = -1
    first_level: Annotated[int, Public(
        "castle level 1-3 that stone came from (0 before the game's first take)")] = 0
    elegance: Annotated[int, Public(
        "spirit Elegance: 0 off, 1 activated (the next take must be a short-side exposed "
        "stone that is not available), 2 active (short-side exposed stones count as "
        "available for the Pair)")] = 0
    merged_now: Annotated[list[int], Public(
        f"own {CELLS} merged this turn (Faith may build on them; tracked only with spirit "
        "cards)")] = []
    shrines_out: Annotated[int, Public(
        "shrines paid for spirit activations (out of the game)")] = 0
    layout: Annotated[str, Public(
        "castle layout name: standard_2p / standard_3p / standard_4p, a named layout, or "
        "\"custom:\" + 8 rows of 12 ('.' or height 1-3) joined by '/'; static `layouts` "
        "gives the shapes")] = ""

    def action_space(self) -> ActionSpace:
        return action_space(self.num_players, {})

    def phase(self) -> str:
        """The observation's phase: the pending request's `PHASE`, or "end"."""
        return self.stack[-1].PHASE if self.stack else "end"

    # --- scoring (rules §7, scoring.py) -------------------------------------------------------
    def realms(self) -> list[Realm]:
        return scoring.realms(self)

    def score_parts(self, seat: int) -> dict[str, int]:
        """Rules §7: VP tokens + built-shrine points + 2 x countdown tokens + dragon cards."""
        return scoring.score_parts(self, seat)

    def scores(self) -> list[int]:
        return scoring.scores(self)

    def score_breakdown(self) -> dict[str, list[int]]:
        """Every seat's score parts by name (render.score_breakdown)."""
        return score_breakdown(self)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Rules §7: most face-down-topped stacks, then most built shrines."""
        return scoring.tiebreak(self, seat)

    def ranking(self) -> list[int]:
        """Rules §7: places by score, then the tie-breaks (scoring.ranking)."""
        return scoring.ranking(self)

    # --- views (observe.py, render.py) ---------------------------------------------------------
    def observe_custom(self, seat: int) -> dict[str, Any]:
        """Rules §11: castle heights and top stones; covered stones as counts."""
        return observe.castle_view(self)

    @classmethod
    def redraw(cls, fields: dict[str, Any], obs: Any, rng: Rng) -> None:
        """Rules §11: the covered castle stones are dealt anew from the hidden counts."""
        observe.redraw(fields, obs, rng)

    def render_text(self, seat: int | None = None) -> Text:
        """The castle, realms, supplies, the pending decision in words (render.py)."""
        return render_text(self, seat)

    def heuristic(self, seat: int) -> float:
        return heuristic(self, seat)


#: generated from the declarations above (rules §11): everything public except the covered
#: castle stones, shown as counts per identity (`hidden`); every seat sees the same
DragonCastleObservation = kernel.observation_type(DragonCastleState, DragonCastleAction)
