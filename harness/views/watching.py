"""`arena play --watch`: follow a live game, one line per decision in rulebook words and the
board after it (issue 21). Plugged into `play_match(watch=...)`, which describes a move only
when somebody watches, so unwatched games pay nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

import engine
from bots.spec import BotSpec
from engine.common.view import view_text
from engine.protocol import State
from engine.record import MatchRecord, Move
from harness.play.match import play_match
from harness.play.replay import Step
from harness.views.records import move_line

ABANDONED = "game abandoned: no result, no record written"


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

    def __call__(self, said: str, state: State, move: Move, number: int) -> None:
        bot = "random (substitute)" if move.by_substitute else self.bots[move.seat]
        line = move_line(Step(number, move.seat, bot, said, move.time))
        board, note = None, ""
        if self.board and (state.current_player() not in self.draws or state.is_terminal()):
            board, note = view_text(state, self.seat)
        self.show(number, line, board, note)

    def show(self, number: int, line: Text, board: Text | None, note: str) -> None:
        """Print move `number`'s line and, if given, the board with its note."""
        self.console.print(line)
        if board is not None:
            if note:
                self.console.print(f"({note})", style="dim")
            self.console.print(board)


def play_watched(console: Console, game: str, players: int, bots: Sequence[str], watch: bool,
                 **kw: Any) -> MatchRecord:
    """`play_match` for `arena play`: with `watch`, every move and board; with a `human` seat,
    every move in words (the person sees what the others did) and, with `watch`, the board
    from the first human seat's view, never the god view; on a terminal the full screen of
    harness/views/play_screen.py. A person who quits raises HumanQuit, Ctrl-C
    KeyboardInterrupt: the command ends with one line (ABANDONED) and its exit status."""
    humans = [p for p, b in enumerate(bots) if BotSpec.parse(b).kind_of.terminal]
    if humans and all(f.isatty() for f in (sys.stdin, sys.stdout, sys.stderr)):
        from harness.views.play_screen import play_on_screen

        rec = play_on_screen(game, players, bots, humans, **kw)
        watch = False  # the screen showed every board; the final one follows
    else:
        watcher = None
        if humans or watch:
            watcher = Watcher(console, bots, board=watch,
                              seat=humans[0] if humans else None, draws=humans)
        rec = play_match(game, players, bots, watch=watcher, undo=True, **kw)  # unrated
    if humans and not watch:  # the person sees how the game ended, from their seat
        console.print(view_text(engine.replay(rec), humans[0])[0])
    return rec
