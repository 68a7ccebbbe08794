"""A tiny hidden-information game on the engine kernel: the complete small example of
docs/adding-a-game.md. Test-only: registered by tests/conftest.py, never by the product.

Rules: a deck of cards 1..9 (two copies each) is shuffled; each player holds 3 cards
hidden from the others. Players take turns; a turn is two decisions: choose a hand card to
play face up (or pass), then, if a card was played, `Draw` or `Keep` (draw a replacement
from the deck, or not). After 3 rounds, most face-up points wins; ties broken by fewer cards
played.
"""

from __future__ import annotations

from typing import Annotated, Any

from rich.text import Text

from engine import kernel, registry
from engine.common.rng import Rng
from engine.common.text import SEAT_STYLES, breakdown_table
from engine.kernel import GENERATOR, Hidden, Owner, Public
from engine.protocol import Action, ActionSpace

ROUNDS = 3
DECK = tuple(v for v in range(1, 10) for _ in range(2))


# --- decisions -----------------------------------------------------------------------------
class Play(Action, frozen=True):
    card: int


class Pass(Action, frozen=True):
    pass


class Draw(Action, frozen=True):
    pass


class Keep(Action, frozen=True):
    pass


KitAction = Play | Pass | Draw | Keep


class PlayOrPass(kernel.Request, frozen=True):
    """Start of a turn: play a hand card face up, or pass."""


class DrawOrKeep(kernel.Request, frozen=True):
    """After playing: draw a replacement from the deck, or not."""


KitRequest = PlayOrPass | DrawOrKeep


# --- state -----------------------------------------------------------------------------------
class KitState(kernel.GameState, kw_only=True):
    """Each field once: its type, who sees it and what it means to a bot author."""

    game_id = "kit"
    num_players: Annotated[int, Public("the number of seats")]
    rng: Annotated[Rng, GENERATOR]
    deck: Annotated[list[int], Hidden(size="deck_size", size_doc="cards left in the deck")]
    hands: Annotated[list[list[int]], Owner(
        own="hand", doc="your hand: card values 1-9",
        sizes="hand_sizes", sizes_doc="how many cards each seat holds")]
    played: Annotated[list[list[int]], Public("per seat, its face-up cards in play order")]
    turn: Annotated[int, Public("the seat whose turn it is")] = 0
    round: Annotated[int, Public("rounds completed (the game ends after 3)")] = 0
    stack: list[KitRequest] = []

    def scores(self) -> list[int]:
        return [sum(c) for c in self.played]

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        return (-len(self.played[seat]),)

    def render_text(self, seat: int | None = None) -> Text:
        """The played cards, the hands `seat` may see (all of them for `seat=None`), the
        pending decision in words, and the final breakdown once the game is over."""
        out = Text(f"round {min(self.round + 1, ROUNDS)}/{ROUNDS}, deck {len(self.deck)}\n")
        for p in range(self.num_players):
            out.append(f"seat {p}", style=SEAT_STYLES[p])
            hand = self.hands[p] if seat in (None, p) else ["?"] * len(self.hands[p])
            out.append(f": played {self.played[p]}, hand {hand}\n")
        if self.is_terminal():
            out.append_text(breakdown_table(self.score_breakdown(),
                                            [f"seat {p}" for p in range(self.num_players)]))
        else:
            out.append(f"seat {self.current_player()}: {self.describe_pending()}\n")
        return out

    def score_breakdown(self) -> dict[str, list[int]]:
        return {"played cards": self.scores()}

    def action_space(self) -> ActionSpace:
        return SPACE

    @classmethod
    def redraw(cls, fields: dict[str, Any], obs: Any, rng: Rng) -> None:
        """Unknown cards = deck minus what the seat sees; dealt anew to the other hands and
        the deck."""
        unknown = list(DECK)
        for c in obs.hand + [c for cs in obs.played for c in cs]:
            unknown.remove(c)
        rng.shuffle(unknown)
        for p, n in enumerate(obs.hand_sizes):
            if p != obs.seat:
                fields["hands"][p] = [unknown.pop() for _ in range(n)]
        fields["deck"] = unknown



#: generated from KitState's declarations: one field per name they produce, described
KitObservation = kernel.observation_type(KitState, KitAction)


# --- rules -----------------------------------------------------------------------------------
def play_options(s: KitState, req: PlayOrPass) -> list[Action]:
    return [Play(c) for c in sorted(set(s.hands[req.seat]))] + [Pass()]


def play(s: KitState, req: PlayOrPass, a: Action) -> None:
    if isinstance(a, Play):
        s.hands[req.seat].remove(a.card)
        s.played[req.seat].append(a.card)
        s.stack.append(DrawOrKeep(req.seat))
    else:
        end_turn(s)


def draw_options(s: KitState, req: DrawOrKeep) -> list[Action]:
    return [Draw(), Keep()] if s.deck else [Keep()]


def draw(s: KitState, req: DrawOrKeep, a: Action) -> None:
    if isinstance(a, Draw):
        s.hands[req.seat].append(s.deck.pop())
    end_turn(s)


def end_turn(s: KitState) -> None:
    s.turn = (s.turn + 1) % s.num_players
    if s.turn == 0:
        s.round += 1
    if s.round < ROUNDS:
        s.stack.append(PlayOrPass(s.turn))


RULES = KitState.RULES = kernel.Rules("kit")
RULES.on(PlayOrPass, options=play_options, apply=play)
RULES.on(DrawOrKeep, options=draw_options, apply=draw,
         legal=lambda s, req, a: a == Keep() or (a == Draw() and bool(s.deck)))
RULES.words(PlayOrPass, ask=lambda s, req: "play a hand card face up, or pass",
            say=lambda s, req, a: f"play the {a.card}" if isinstance(a, Play) else "pass")
RULES.words(DrawOrKeep, ask=lambda s, req: "draw a replacement card, or not",
            say=lambda s, req, a: "draw a card" if isinstance(a, Draw) else "do not draw")

SPACE = ActionSpace([Play(c) for c in range(1, 10)] + [Pass(), Draw(), Keep()])


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> KitState:
    rng = Rng.from_seed(seed, "kit")
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(3)] for _ in range(num_players)]
    return KitState(num_players=num_players, rng=rng, deck=deck, hands=hands,
                    played=[[] for _ in range(num_players)], stack=[PlayOrPass(0)])


GAME = registry.Game(
    id="kit", name="Kit (test-only)", min_players=2, max_players=4,
    new_state=new_state, sample_state=KitState.sample,
    action_space=lambda n, o: SPACE, state_type=KitState,
    observation_type=KitObservation, action_type=KitAction,
    options=(registry.Option("unused", False, "an option that changes nothing"),
             registry.Option("duel", False, "two-player-only option that changes nothing",
                             players=(2,))),
    presets=({"unused": True}, {"duel": True}), max_decisions=100, summary="test-only card game",
)
