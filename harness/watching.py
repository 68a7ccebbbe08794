"""`arena play --watch`: follow a live game, one line per decision in rulebook words and the
board after it (issue 21). Plugged into `play_match(watch=...)`, which describes a move only
when somebody watches, so unwatched games pay nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer
from rich.console import Console

import engine
from bots.human import HumanQuit
from bots.registry import base_spec
from engine.protocol import State
from engine.record import MatchRecord, Move
from harness.match import play_match
from harness.replay import Step, move_line
from harness.views import view_text


class Watcher:
    """Prints each move (`move_line`) and, with `board`, the position after it, from the god
    view or from `seat`'s view (a person playing must not see the others' hidden parts)."""

    def __init__(self, console: Console, bots: Sequence[str], board: bool = True,
                 seat: int | None = None, draws: Sequence[int] = ()) -> None:
        self.console = console
        self.bots = list(bots)
        self.board = board
        self.seat = seat
        #: seats whose bot draws the board itself before deciding (a person): no board twice
        self.draws = frozenset(draws)
        self.count = 0

    def __call__(self, said: str, state: State, move: Move) -> None:
        self.count += 1
        bot = "random (substitute)" if move.by_substitute else self.bots[move.seat]
        self.console.print(move_line(Step(self.count, move.seat, bot, said, move.time)))
        if self.board and state.current_player() not in self.draws:
            text, note = view_text(state, self.seat)
            if note:
                self.console.print(f"({note})", style="dim")
            self.console.print(text)


def play_watched(console: Console, game: str, players: int, bots: Sequence[str], watch: bool,
                 **kw: Any) -> MatchRecord:
    """`play_match` for `arena play`: with `watch`, every move and board; with a `human` seat,
    every move in words (the person sees what the others did) and, with `watch`, the board
    from the first human seat's view, never the god view. A person who quits ends the
    command with one line and exit status 1."""
    humans = [p for p, b in enumerate(bots) if base_spec(b) == "human"]
    watcher = None
    if humans or watch:
        watcher = Watcher(console, bots, board=watch, seat=humans[0] if humans else None,
                          draws=humans)
    try:
        rec = play_match(game, players, bots, watch=watcher, undo=True, **kw)  # never rated
    except HumanQuit:
        console.print("game abandoned: no result, no record written")
        raise typer.Exit(1) from None
    if humans and not watch:  # the person sees how the game ended, from their seat
        console.print(view_text(engine.replay(rec), humans[0])[0])
    return rec
