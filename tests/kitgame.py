"""A tiny hidden-information game that exercises the conformance kit. Test-only:
it is registered by tests/conftest.py and never by the product.

Rules: a deck of cards 1..9 (two copies each) is shuffled; each player holds 3
cards hidden from the others. Players take turns; a turn is two decisions: choose a
hand card to play face up (or pass), then, if a card was played, `Draw` or `Keep`
(draw a replacement from the deck, or not). After 3 rounds, most face-up points wins;
ties broken by fewer cards played.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine import registry
from engine.common.rng import Rng
from engine.protocol import TERMINAL, Action, ActionSpace, Observation, State

ROUNDS = 3
DECK = tuple(v for v in range(1, 10) for _ in range(2))


class Play(Action, frozen=True):
    card: int


class Pass(Action, frozen=True):
    pass


class Draw(Action, frozen=True):
    pass


class Keep(Action, frozen=True):
    pass


KitAction = Play | Pass | Draw | Keep


class KitObservation(Observation, kw_only=True):
    legal_actions: list[KitAction] = []
    round: int
    played: list[list[int]]
    hand_sizes: list[int]
    deck_size: int
    hand: list[int]


class KitState(State, msgspec.Struct, kw_only=True):
    game_id = "kit"
    num_players: int
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    played: list[list[int]]
    turn: int = 0
    round: int = 0
    step: str = "play"  # play | draw
    decision: int = 0

    def current_player(self) -> int:
        return TERMINAL if self.round >= ROUNDS else self.turn

    def legal_actions(self) -> list[Action]:
        if self.round >= ROUNDS:
            return []
        if self.step == "draw":
            return [Draw(), Keep()] if self.deck else [Keep()]
        return [Play(c) for c in sorted(set(self.hands[self.turn]))] + [Pass()]

    def apply(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise self._illegal(action)
        p = self.turn
        self.decision += 1
        if isinstance(action, Play):
            self.hands[p].remove(action.card)
            self.played[p].append(action.card)
            self.step = "draw"
            return
        if isinstance(action, Draw):
            self.hands[p].append(self.deck.pop())
        self.step = "play"
        self.turn = (p + 1) % self.num_players
        if self.turn == 0:
            self.round += 1

    def scores(self) -> list[int]:
        return [sum(c) for c in self.played]

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        return (-len(self.played[seat]),)

    def observation(self, seat: int) -> KitObservation:
        return KitObservation(
            game="kit", seat=seat, decision=self.decision, phase=self.step,
            current_player=self.current_player(),
            legal_actions=self.legal_actions() if self.current_player() == seat else [],
            round=self.round, played=[list(c) for c in self.played],
            hand_sizes=[len(h) for h in self.hands], deck_size=len(self.deck),
            hand=sorted(self.hands[seat]),
        )

    def render(self) -> str:
        rows = [f"round {self.round + 1}/{ROUNDS}, seat {self.turn} to {self.step}"]
        rows += [f"seat {p}: played {self.played[p]}" for p in range(self.num_players)]
        return "\n".join(rows)

    def action_space(self) -> ActionSpace:
        return SPACE


SPACE = ActionSpace([Play(c) for c in range(1, 10)] + [Pass(), Draw(), Keep()])


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> KitState:
    rng = Rng.from_seed(seed, "kit")
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(3)] for _ in range(num_players)]
    return KitState(num_players=num_players, rng=rng, deck=deck, hands=hands,
                    played=[[] for _ in range(num_players)])


def sample_state(obs: KitObservation, seed: int) -> KitState:
    """Unknown cards = deck minus what the seat sees; dealt anew to hidden places."""
    rng = Rng.from_seed(seed, "kit-sample")
    unknown = list(DECK)
    for c in obs.hand + [c for cs in obs.played for c in cs]:
        unknown.remove(c)
    rng.shuffle(unknown)
    hands = []
    for p, n in enumerate(obs.hand_sizes):
        hands.append(list(obs.hand) if p == obs.seat else [unknown.pop() for _ in range(n)])
    return KitState(
        num_players=len(obs.hand_sizes), rng=rng, deck=unknown, hands=hands,
        played=[list(c) for c in obs.played], turn=obs.current_player
        if obs.current_player != TERMINAL else 0, round=obs.round, step=obs.phase,
        decision=obs.decision,
    )


GAME = registry.Game(
    id="kit", name="Kit (test-only)", min_players=2, max_players=4,
    new_state=new_state, sample_state=sample_state,
    action_space=lambda n, o: SPACE, state_type=KitState,
    observation_type=KitObservation, action_type=KitAction,
    options=(registry.Option("unused", False, "an option that changes nothing"),
             registry.Option("duel", False, "two-player-only option that changes nothing",
                             players=(2,))),
    presets=({"unused": True}, {"duel": True}), max_decisions=100, summary="test-only card game",
)
