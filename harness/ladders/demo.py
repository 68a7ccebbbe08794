"""`arena demo`'s ladder: one on the first real game, with random, the game's rule-based
bot, MCTS and (where a model is shipped) trained MCTS as entrants, played for a short
while on local Ray. The service runs it; harness/views/demo.py draws it."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import engine
from bots.registry import BotSpecError, make_bot
from bots.trained import players as trained_players
from harness.ladders import runner as ladder_runner
from harness.ladders.service import LadderError, create, submit
from harness.storage import ladders as ls
from harness.storage.database import Store


@dataclass
class DemoLadder:
    """What the demo made: the ladder, its game, and each entrant's submission."""

    name: str
    game: str
    players: int
    #: (spec, display name, "registered" or why it was refused)
    submitted: list[tuple[str, str, str]] = field(default_factory=list)


def entrants(game: str, num_players: int) -> list[tuple[str, str]]:
    """(spec, display name) of the demo's entrants: random, the game's rule-based bot if it
    has one, MCTS with a small time budget, and MCTS with the game's trained value model
    (`trained:`) if one is shipped for this player count."""
    found = [("random", "random")]
    wanted = [(f"heuristic:{game}", "heuristic"), ("mcts:time=0.05", "mcts")]
    if trained_players(game) == num_players:
        wanted.append((f"trained:{game}:time=0.05", "mcts-trained"))
    for spec, name in wanted:
        try:
            make_bot(spec).close()
        except BotSpecError:
            continue
        found.append((spec, name))
    return found


def create_demo(store: Store, author: str) -> DemoLadder:
    """Create the demo's ladder (1 s a decision, the game's fewest players, at least 2) on
    the first real game and submit its entrants."""
    ids = [g.id for g in engine.list_games() if g.id != "kit"]
    if not ids:
        raise LadderError("no game is registered yet (engine.list_games() is empty); "
                          "`arena demo` needs at least one game under engine/games")
    game = engine.get_game(ids[0])
    n = max(2, game.min_players)
    demo = DemoLadder(f"demo-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}", game.name, n)
    create(store, demo.name, ls.LadderSpec(game=game.id, num_players=n, time_per_move=1.0),
           author)
    for spec, display in entrants(game.id, n):
        got = submit(store, demo.name, spec, display, author=author)
        state = "registered" if got.entrant else f"refused ({'; '.join(got.problems)})"
        demo.submitted.append((spec, display, state))
    return demo


def play_demo(store: Store, demo: DemoLadder, workers: int, budget: float) -> None:
    """Play the demo's ladder for about `budget` seconds on `workers` local Ray workers."""
    ladder_runner.run(store, demo.name, forever=True, workers=workers, seconds=budget)
