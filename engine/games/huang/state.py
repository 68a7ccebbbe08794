"""The Huang state: flat lists of ints plus the stack of pending requests, on the engine
kernel (docs/architecture.md). Who sees each field (§13 "Hidden"/"Public") is declared in
`HuangState.VISIBILITY`:
  public      board, leaders, pagodas, market, vp, box (revealed discards), the requests,
              revolt, war, bandit fight, module flags; labels and yellow_next are derived
              from the board
  owner-only  hands[seat], hidden[seat] (own face-down exchange discards); sizes public
  hidden      bag contents and removed (2-player short game: the 24 tiles boxed unseen at
              setup), their sizes public; rng (future chance)
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text

from engine import kernel
from engine.common.rng import Rng
from engine.games.huang import legal, observe, rules
from engine.games.huang.actions import BanditFight, HuangRequest, Revolt, War
from engine.games.huang.data import EIGHTEEN_SIDE, GRANARY_VP, NUM_HEXES, NUM_PAGODAS
from engine.games.huang.decisions import RULES
from engine.games.huang.heuristic import heuristic
from engine.games.huang.observe import HuangObservation
from engine.games.huang.render import render_text, score_breakdown
from engine.kernel import DERIVED, GENERATOR, PUBLIC, Hidden, Owner
from engine.protocol import ActionSpace, InvalidConfigError


class HuangState(kernel.GameState, kw_only=True):
    """Rules §3-§10. Indices: leader i = seat * 5 + colour; hands/vp/hidden are flat
    seat * 5 + colour; bag/market/box/removed are per colour."""

    game_id = "huang"
    RULES = RULES
    OBSERVATION = HuangObservation
    VISIBILITY: ClassVar = {
        "num_players": PUBLIC, "rng": GENERATOR, "board": PUBLIC,
        "labels": DERIVED, "yellow_next": DERIVED,
        "leaders": PUBLIC, "pagodas": PUBLIC,
        "hands": Owner(own="hand", sizes="hand_sizes", stride=5, measure="sum"),
        "vp": PUBLIC,  # every award happens in public (§13)
        "bag": Hidden(size="bag_size", measure="sum"),
        "market": PUBLIC, "box": PUBLIC,
        "hidden": Owner(own="own_hidden", sizes="hidden_counts", stride=5, measure="sum"),
        "active": PUBLIC, "actions_left": PUBLIC, "revolt": PUBLIC, "war": PUBLIC,
        "marker": PUBLIC, "over": PUBLIC, "palace_module": PUBLIC, "palace": PUBLIC,
        "side": PUBLIC, "granaries": PUBLIC, "granaries_held": PUBLIC,
        "bandits_module": PUBLIC, "bandits": PUBLIC, "bandit_fight": PUBLIC,
        "short_game": PUBLIC,
        "removed": Hidden(size="removed_count", measure="sum"),
    }

    num_players: int
    rng: Rng
    board: list[int]
    labels: list[int]
    yellow_next: list[int]
    leaders: list[int]
    pagodas: list[int]
    hands: list[int]
    vp: list[int]
    bag: list[int]
    market: list[int]
    box: list[int]
    hidden: list[int]
    active: int = 0
    actions_left: int = 2
    stack: list[HuangRequest] = []
    revolt: Revolt | None = None
    war: War | None = None
    marker: int = -1
    over: bool = False
    #: Imperial Palace module (§11.3): in play, and the palace's rhombus (-1: supply)
    palace_module: bool = False
    palace: int = -1
    #: board side (§11.2: 0 base, 1 Eighteen Kingdoms), granary hexes, granaries held
    side: int = 0
    granaries: list[int] = []
    granaries_held: list[int] = []
    #: Bandits module (§11.1): in play, bandit tiles on the board, a fight in progress
    bandits_module: bool = False
    bandits: list[int] = []
    bandit_fight: BanditFight | None = None
    #: 2-player short game (§3 step 2): in play, and the tiles removed unseen to the box at
    #: setup, per colour (empty when not in play; nobody sees them, they never come back)
    short_game: bool = False
    removed: list[int] = []

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
        return heuristic(self, seat)

    def action_space(self) -> ActionSpace:
        return action_space(self.num_players, {})


_SPACES: dict[int, ActionSpace] = {}


def action_space(num_players: int, options: dict[str, Any]) -> ActionSpace:
    """The fixed action enumeration (legal.ALL_ACTIONS); the same for every player count."""
    space = _SPACES.get(0)
    if space is None:
        space = _SPACES[0] = ActionSpace(legal.ALL_ACTIONS)
    return space


def empty_state(num_players: int, rng: Rng) -> HuangState:
    n = num_players
    return HuangState(
        num_players=n, rng=rng, board=[0] * NUM_HEXES, labels=[-1] * NUM_HEXES,
        yellow_next=[0] * NUM_HEXES,
        leaders=[-1] * (5 * n), pagodas=[-1] * NUM_PAGODAS, hands=[0] * (5 * n),
        vp=[0] * (5 * n), bag=[0] * 5, market=[0] * 5, box=[0] * 5, hidden=[0] * (5 * n),
    )


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> HuangState:
    """§3 setup for 2-4 players, 5 with the Dragon dynasty (§11.4); options add the modules
of §11.1-§11.3 and the 2-player short game (§3 step 2)."""
    s = empty_state(num_players, Rng.from_seed(seed, "huang"))
    s.palace_module = bool(options.get("imperial_palace", False))
    s.bandits_module = bool(options.get("bandits", False))
    if options.get("short_game", False):
        if num_players != 2:  # the registry already refuses it (Option.players)
            raise InvalidConfigError(f"option short_game is only for 2 players, not "
                                     f"{num_players}")
        s.short_game = True
    if s.bandits_module and options.get("eighteen_kingdoms", False):
        raise InvalidConfigError("the Bandits module cannot be combined with Eighteen "
                                 "Kingdoms (rules §11.1)")
    if options.get("eighteen_kingdoms", False):
        s.side = EIGHTEEN_SIDE
        s.granaries_held = [0] * num_players
    rules.setup(s)
    return s
