"""The Huang state: flat lists of ints plus one pending request (PATTERNS.md).

Zones and who sees them (§13 "Hidden"/"Public"):
  public      board, labels and yellow_next (derived from the board), leaders, pagodas,
              market, vp, box (revealed discards), bag size, hand sizes, face-down discard
              counts, pending request, revolt, war
  owner-only  hands[seat], hidden[seat] (own face-down exchange discards)
  hidden      bag contents, removed (2-player short game: the 24 tiles boxed unseen at
              setup; only their number is public), rng (future chance)
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.common.rng import Rng
from engine.games.huang import legal, rules
from engine.games.huang.actions import BanditFight, HuangRequest, Revolt, War
from engine.games.huang.data import EIGHTEEN_SIDE, GRANARY_VP, NUM_HEXES, NUM_PAGODAS
from engine.protocol import TERMINAL, Action, ActionSpace, InvalidConfigError, State


class HuangState(State, msgspec.Struct, kw_only=True):
    """Rules §3-§10. Indices: leader i = seat * 5 + colour; hands/vp/hidden are flat
    seat * 5 + colour; bag/market/box/removed are per colour."""

    game_id = "huang"
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
    pending: HuangRequest | None = None
    revolt: Revolt | None = None
    war: War | None = None
    marker: int = -1
    decision: int = 0
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

    # --- protocol --------------------------------------------------------------------------
    def current_player(self) -> int:
        req = self.pending
        return TERMINAL if req is None else req.seat

    def legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def apply(self, action: Action) -> None:
        if not legal.is_legal(self, action):
            raise self._illegal(action, "not an option of the pending decision "
                                f"{type(self.pending).__name__}")
        rules.apply_action(self, action)

    def apply_legal(self, action: Action) -> None:
        rules.apply_action(self, action)

    def clone(self) -> HuangState:
        return HuangState(
            num_players=self.num_players, rng=Rng(self.rng.s), board=self.board[:],
            labels=self.labels[:], yellow_next=self.yellow_next[:], leaders=self.leaders[:],
            pagodas=self.pagodas[:], hands=self.hands[:], vp=self.vp[:], bag=self.bag[:],
            market=self.market[:], box=self.box[:], hidden=self.hidden[:], active=self.active,
            actions_left=self.actions_left, pending=self.pending, revolt=self.revolt,
            war=self.war, marker=self.marker, decision=self.decision, over=self.over,
            palace_module=self.palace_module, palace=self.palace, side=self.side,
            granaries=self.granaries[:], granaries_held=self.granaries_held[:],
            bandits_module=self.bandits_module, bandits=self.bandits[:],
            bandit_fight=self.bandit_fight, short_game=self.short_game,
            removed=self.removed[:],
        )

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

    def observation(self, seat: int) -> Any:
        from engine.games.huang.observe import observation

        return observation(self, seat)

    def render(self) -> str:
        from engine.games.huang.render import render

        return render(self)

    def heuristic(self, seat: int) -> float:
        from engine.games.huang.heuristic import heuristic

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
