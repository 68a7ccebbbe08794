"""The Huang state: flat lists of ints plus the stack of pending requests, on the engine
kernel (docs/architecture.md). Each field is written once, with its type, who sees it (§13
"Hidden"/"Public") and what it means to a bot author; the observation type is generated
from them (`HuangObservation`, at the bottom):
  public      board, leaders, pagodas, market, vp, box (revealed discards), the requests,
              revolt, war, bandit fight, module flags; labels, yellow_next, near,
              leader_hexes and mono are derived
              from the board
  owner-only  hands[seat], hidden[seat] (own face-down exchange discards); sizes public
  hidden      bag contents and removed (2-player short game: the 24 tiles boxed unseen at
              setup), their sizes public; rng (future chance)
"""

from __future__ import annotations

from typing import Annotated, Any

from rich.text import Text

from engine import kernel
from engine.common.rng import Rng
from engine.games.huang import observe, words  # noqa: F401 - words registers the words
from engine.games.huang.actions import HuangAction, action_space
from engine.games.huang.data import (
    BANDIT_SITES,
    EMPTY,
    GRANARY_VP,
    LEADER,
    MAX_LEADERS,
    NUM_PAGODAS,
    RED,
    TILE,
    TILE_COUNTS,
)
from engine.games.huang.docs import BOARD, LEADER_LIST, PER_COLOUR, PER_SEAT_COLOUR
from engine.games.huang.heuristic import heuristic
from engine.games.huang.render import render_text, score_breakdown
from engine.games.huang.requests import BanditFight, HuangRequest, Revolt, War
from engine.games.huang.rules import RULES
from engine.kernel import DERIVED, GENERATOR, Hidden, Owner, Public
from engine.protocol import ActionSpace

STACK = ("the pending decisions, oldest first: the last one is decided now (its seat is "
         "current_player), the ones below wait (e.g. ResolveWar under the remaining "
         "ChooseSupport of a war); each is an array [type, seat, fields...] (see Pending "
         "decisions); [] once the game is over")


class HuangState(kernel.GameState, kw_only=True):
    """Rules §3-§10. Indices: leader i = seat * 5 + colour; hands/vp/hidden are flat
    seat * 5 + colour; bag/market/box/removed are per colour."""

    game_id = "huang"
    RULES = RULES

    num_players: Annotated[int, Public(
        "number of seats (2-5; seats sit clockwise, §3 step 7; a 5th seat plays the Dragon "
        "dynasty, §11.4)")]
    rng: Annotated[Rng, GENERATOR]
    board: Annotated[list[int], Public(BOARD)]
    #: group labels, adjacent yellow tiles and the occupied-neighbour mask per hex (board.py):
    #: caches of the board
    labels: Annotated[list[int], DERIVED]
    yellow_next: Annotated[list[int], DERIVED]
    near: Annotated[list[int], DERIVED]
    #: §6.1 candidate hexes: empty land next to a yellow tile, ascending (board.py)
    leader_hexes: Annotated[list[int], DERIVED]
    #: §6.2.5 triangles of three same-colour tiles, ascending (board.py)
    mono: Annotated[list[int], DERIVED]
    leaders: Annotated[list[int], Public(
        f"where every leader is, {PER_SEAT_COLOUR}: the hex id of that seat's leader of that "
        f"colour ({LEADER_LIST}), or -1 when it is off the board in front of its owner's "
        "screen (§6.1: it may be placed). Off the board, a blue or green leader may replace "
        "a discarded tile (§6.3, §6.4), a red one may back a war (+1, §8.2), a yellow one "
        "gives +1 in a revolt over another colour (§8.1)")]
    pagodas: Annotated[list[int], Public(
        f"{NUM_PAGODAS} entries, one per pagoda k (its colour static `pagoda_colours[k]`: 2 "
        "yellow Court, 2 red Garrison, 2 blue Granary, 2 green Market, 1 white Workshop): the "
        "index in static `triangles` of the 3 tiles it stands on, or -1 in the supply "
        "(§6.2.5, §7: at the end of your turn each of your leaders whose kingdom holds a "
        "pagoda of its colour scores 1 VP)")]
    hands: Annotated[list[int], Owner(
        own="hand", sizes="hand_sizes", stride=5, measure="sum",
        doc=f"your own hand, {PER_COLOUR}",
        sizes_doc="tiles in each hand, one entry per seat (contents hidden, §13; the hand "
                  "target is 6, 7 with the palace, §9)")]
    vp: Annotated[list[int], Public(  # every award happens in public (§13)
        f"victory points, {PER_SEAT_COLOUR}; public (§13). Earned: a placed tile gives 1 VP "
        "of its colour to the owner of its kingdom's leader of that colour, else of its "
        "yellow leader (§6.2.3); pagodas (§7); won revolts and wars (§8); bandits (§11.1). "
        "Final score (§10): the lowest of yellow, red, blue (+2 per granary held) and "
        "green after the white VP are added one at a time to the lowest; ties broken by "
        "the second lowest, then third, fourth")]
    bag: Annotated[list[int], Hidden(
        size="bag_size", measure="sum",
        size_doc="tiles left in the bag (their colours are hidden, §13); the game ends the "
                 "moment a draw is needed from the empty bag (§10)")]
    market: Annotated[list[int], Public(
        f"the face-up market tiles, {PER_COLOUR} (§3 step 6; refilled to 6 at the end of "
        "each turn, §9; a green tile placed lets you take one, §6.2.4)")]
    box: Annotated[list[int], Public(
        f"tiles that left play in public, {PER_COLOUR}: peasant-revolt and green-build "
        "discards, board tiles removed, committed revolt and war tiles (§6.3, §6.4, §8). "
        "Face-down exchange discards are not here (`hidden_counts`)")]
    hidden: Annotated[list[int], Owner(
        own="own_hidden", sizes="hidden_counts", stride=5, measure="sum",
        doc=f"your own face-down exchange discards so far, {PER_COLOUR}",
        sizes_doc="per seat: tiles that seat has discarded face down by exchange (§6.5) "
                  "over the whole game; their colours are hidden from the others")]
    active: Annotated[int, Public(
        "the active player's seat (whose turn it is, §5); others decide during revolts, war "
        "support and palace refills, so it may differ from current_player")] = 0
    actions_left: Annotated[int, Public(
        "actions the active player has this turn, counting the one under way (§5: 2 per "
        "turn; 2 during the first action, 1 during the second; meaningless during the "
        "end-of-turn decisions ChooseGranary, ChooseRefill)")] = 2
    stack: Annotated[list[HuangRequest], Public(STACK)] = []
    revolt: Annotated[Revolt | None, Public(
        "the revolt in progress (§8.1), else null")] = None
    war: Annotated[War | None, Public("the war in progress (§8.2), else null")] = None
    marker: Annotated[int, Public(
        "the hex id of the unification marker during a war (§8.2) or bandit fight (§11.1): "
        "the tile just placed there connects nothing meanwhile; else -1")] = -1
    over: Annotated[bool, Public(
        "whether the game has ended (§10); `current_player` is then -4")] = False
    #: Imperial Palace module (§11.3): in play, and the palace's rhombus (-1: supply)
    palace_module: Annotated[bool, Public(
        "whether the Imperial Palace module is in play (option imperial_palace, §11.3)")] = False
    palace: Annotated[int, Public(
        "the index in static `rhombi` of the 4 yellow tiles the Imperial Palace stands on, "
        "or -1 (in the supply, or no palace module). No VP; the owner of a yellow leader in "
        "its kingdom refills to 7 instead of 6 (§9, §11.3)")] = -1
    #: board side (§11.2: 0 base, 1 Eighteen Kingdoms), granary hexes, granaries held
    side: Annotated[int, Public(
        "the board side, index into static `sides`: 0 base (7 capitals), 1 Eighteen "
        "Kingdoms (option eighteen_kingdoms, §11.2: 19 capitals with granaries)")] = 0
    granaries: Annotated[list[int], Public(
        "Eighteen Kingdoms only (else []): hex ids still holding a granary, ascending (at "
        "setup the 19 capitals). A granary belongs to the group of the piece on its hex, "
        "none while the hex is empty (§11.2)")] = []
    granaries_held: Annotated[list[int], Public(
        "Eighteen Kingdoms only (else []): per seat, granaries taken behind the screen "
        "(§11.2), each 2 blue VP at the end (not counted in `vp`)")] = []
    #: Bandits module (§11.1): in play, bandit tiles on the board, a fight in progress
    bandits_module: Annotated[bool, Public(
        "whether the Bandits module is in play (option bandits, §11.1)")] = False
    bandits: Annotated[list[int], Public(
        "Bandits module only (else []): the numbers n (1-10) of the bandit tiles still on "
        "the board, ascending (5 at setup); tile n covers static `bandit_sites[n]` and holds "
        "static `bandit_counts[n]` bandits")] = []
    bandit_fight: Annotated[BanditFight | None, Public(
        "the bandit fight in progress (§11.1), else null")] = None
    #: 2-player short game (§3 step 2): in play, and the tiles removed unseen to the box at
    #: setup, per colour (empty when not in play; nobody sees them, they never come back)
    short_game: Annotated[bool, Public(
        "whether this is the 2-player short game (option short_game, §3 step 2)")] = False
    removed: Annotated[list[int], Hidden(
        size="removed_count", measure="sum",
        size_doc="short game: tiles removed unseen from the bag at setup (24; their colours "
                 "are hidden and never return); 0 otherwise")] = []

    @classmethod
    def redraw(cls, fields: dict[str, Any], obs: Any, rng: Rng) -> None:
        """§13 determinization: unseen tiles dealt anew (observe.redraw)."""
        observe.redraw(fields, obs, rng)

    # --- protocol ---------------------------------------------------------------------------
    def final_vector(self, seat: int) -> list[int]:
        """§10: Y, R, B, G totals with white VP water-filled, sorted ascending."""
        b = seat * 5
        v = self.vp[b:b + 4]
        if self.granaries_held:
            v[2] += GRANARY_VP * self.granaries_held[seat]  # §11.2: 2 blue VP each
        v.sort()
        for _ in range(self.vp[b + 4]):
            v[0] += 1
            v.sort()
        return v

    def scores(self) -> list[int]:
        """§10: final score = lowest colour after the white wildcards."""
        return [self.final_vector(p)[0] for p in range(self.num_players)]

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """§10: second lowest colour, then third, then fourth (identical vectors share)."""
        return tuple(self.final_vector(seat)[1:])

    def no_winner(self) -> bool:
        """§10: "gdy gracze remisują we wszystkich 4 kolorach, nikt nie wygrywa" - seats
        tied in all four colours at the top share no win."""
        return self.over and sum(1 for r in self.ranking() if r == 0) > 1

    def render_text(self, seat: int | None = None) -> Text:
        """The map with coordinates, pieces, supplies, dynasties and the pending decision
        (render.py); `seat` sees its own hand and the sizes of the others' (§13)."""
        return render_text(self, seat)

    def score_breakdown(self) -> dict[str, list[int]]:
        """§10: VP per colour, granaries, white, and the total (render.py)."""
        return score_breakdown(self)

    def heuristic(self, seat: int) -> float:
        """The cheap value of the position for `seat` (heuristic.py)."""
        return heuristic(self, seat)

    def action_space(self) -> ActionSpace:
        return action_space(self.num_players, {})


#: generated from HuangState's declarations: one field per name they produce, described;
#: TENSOR_HINTS for the numeric observation (engine.tensor): the board as planes (empty, a
#: tile per colour, a leader per seat and colour, a bandit tile -n); a war's losing tiles
#: are red, and its fighters any of the leaders
HuangObservation = kernel.observation_type(
    HuangState, HuangAction,
    __doc__="What one seat may know (§13): the whole board, leaders, buildings, market, VP "
            "and the conflict in progress are public; hands are seen by their owners only "
            "(others see their sizes); the bag's contents and face-down discards are hidden "
            "(counts only).",
    TENSOR_HINTS={
        "board[]": {"categories": (EMPTY, *range(TILE, TILE + 5),
                                   *range(LEADER, LEADER + MAX_LEADERS),
                                   *range(1 - len(BANDIT_SITES), 0))},
        "war.winner_tiles": {"max_len": TILE_COUNTS[RED]},
        # §8.2: every leader on the board may fight (self-play under search met 10 at 2
        # players, where the probe games' bound was 8)
        "war.participants": {"max_len": MAX_LEADERS},
    })
