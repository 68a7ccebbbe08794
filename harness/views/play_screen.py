"""`arena play` with a `human` seat on a terminal: one full screen (issue 38, Textual).

From the top: the keys; the board from your seat (PgUp/PgDn scroll it); the last moves in
words; your decision; the options that match what you type; a message line; the input.
The game runs in a thread (`play_match`); each `HumanBot` asks this screen (`choose`) and
waits for the answer, and the watcher posts every move. Pipes keep the printed lines
(bots/human.py).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from bots.base import Bot
from bots.human import (
    NO_UNDO,
    TAKEN_BACK,
    Decision,
    HumanBot,
    HumanQuit,
    TakeBack,
    matching,
    no_action,
)
from engine.common.untrusted import visible
from engine.record import MatchRecord
from harness.play.match import play_match
from harness.views.watching import Watcher

KEYS = "PgUp/PgDn board  ↑↓ pick  Enter take  u undo  q quit  ? help"
HELP = ("a number and Enter takes that option; words narrow the list (every word must "
        "appear), Enter takes the highlighted one; u Enter takes back your last decision; "
        "q Enter quits (the game is abandoned); Ctrl-C stops")
#: move lines kept in the last-moves area
MOVES_KEPT = 50
#: answers besides an option's index
QUIT, UNDO = -1, -2


class Asked(Message):
    """A person's decision, posted from the game thread."""

    def __init__(self, decision: Decision) -> None:
        super().__init__()
        self.decision = decision


class Moved(Message):
    """A move (number, line) and, unless None, the board after it from the person's seat."""

    def __init__(self, number: int, line: Text, board: Text | None) -> None:
        super().__init__()
        self.number, self.line, self.board = number, line, board


class Finished(Message):
    """The game thread is done."""


class ScreenWatcher(Watcher):
    """The watcher of `arena play` that posts each move to the screen instead of printing."""

    def __init__(self, screen: PlayScreen, bots: Sequence[str], humans: list[int]) -> None:
        super().__init__(screen.console, bots, board=True, seat=humans[0], draws=humans)
        self.screen = screen

    def show(self, number: int, line: Text, board: Text | None, note: str) -> None:
        self.screen.post_message(Moved(number, line, board))


class PlayScreen(App[str]):
    """The screen of one game; `run_game` runs it. Returns "done", "quit" or "interrupt"."""

    TITLE = "arena play"
    CSS = """
    #keys { color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis; }
    #scroll { height: 1fr; scrollbar-size-vertical: 0; }
    #board { text-wrap: nowrap; }
    #moves { height: 3; color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis; }
    #decision { text-style: bold; max-height: 2; }
    #options { height: auto; max-height: 30%; border: none; padding: 0; }
    #options:focus { border: none; }
    #message { height: auto; max-height: 3; color: $warning; }
    #input { border: none; height: 1; padding: 0; }
    """
    BINDINGS = [
        Binding("pageup", "board(-1)", "board up", priority=True),
        Binding("pagedown", "board(1)", "board down", priority=True),
        Binding("up", "option(-1)", "previous option", priority=True),
        Binding("down", "option(1)", "next option", priority=True),
        Binding("ctrl+c", "interrupt", "stop", priority=True),
    ]

    def __init__(self, game: Callable[[PlayScreen], Any], title: str) -> None:
        super().__init__()
        self.game = game
        self.head = title
        self.answers: queue.Queue[int] = queue.Queue()
        self.closed = False
        self.decision: Decision | None = None
        self.shown: list[int] = []
        self.moves: list[tuple[int, Text]] = []
        #: a message kept over the next decision's hint (a take-back)
        self.kept = ""
        #: the input the list is filtered by
        self.typed = ""
        #: what the game thread returned or raised
        self.result: Any = None
        self.thread = threading.Thread(target=self._play, daemon=True)

    def compose(self) -> ComposeResult:
        yield Static(Text(f"{visible(self.head)}  {KEYS}"), id="keys")
        with VerticalScroll(id="scroll"):
            yield Static(Text("the game is starting"), id="board")
        yield Static(Text("the other seats' moves appear here"), id="moves")
        yield Static(Text("waiting for the other seats"), id="decision")
        yield OptionList(id="options")
        yield Static(id="message")
        yield Input(placeholder="a number or words, Enter", id="input")

    def on_mount(self) -> None:
        self.query_one("#input").focus()
        self.thread.start()

    def _play(self) -> None:
        """The game thread: runs the game, keeps its result, tells the screen."""
        try:
            self.result = self.game(self)
        except BaseException as e:  # noqa: BLE001 - handed to the main thread
            self.result = e
        self.post_message(Finished())

    def choose(self, decision: Decision) -> int:
        """Called from the game thread: show `decision`, wait for the person's answer."""
        if self.closed:
            raise HumanQuit
        self.post_message(Asked(decision))
        answer = self.answers.get()
        if answer == QUIT:
            raise HumanQuit
        if answer == UNDO:
            raise TakeBack
        return answer

    def on_asked(self, event: Asked) -> None:
        d = self.decision = event.decision
        self.query_one("#board", Static).update(d.board)
        self.query_one("#decision", Static).update(
            Text(f"move {d.number + 1}, your decision: {d.question}"))
        box = self.query_one("#input", Input)
        box.disabled = False
        box.value = ""
        box.focus()
        self._filter("")
        self.moves = [m for m in self.moves if m[0] <= d.number]  # none taken back
        self._show_moves()
        if self.kept:
            self._say(self.kept)
            self.kept = ""

    def _show_moves(self) -> None:
        self.query_one("#moves", Static).update(Text("\n").join(m[1] for m in self.moves[-3:]))

    def on_moved(self, event: Moved) -> None:
        self.moves = [m for m in self.moves if m[0] < event.number][-MOVES_KEPT:]
        self.moves.append((event.number, event.line))
        self._show_moves()
        if event.board is not None:
            self.query_one("#board", Static).update(event.board)

    def on_finished(self, event: Finished) -> None:
        self.exit("done")

    def _filter(self, line: str) -> None:
        """List the options matching `line`: a number shows the options whose numbers start
        with it (that one highlighted), words those holding every word."""
        d = self.decision
        self.typed = line
        if d is None:
            return
        line = line.strip()
        if line.isdigit():
            self.shown = [i for i in range(len(d.options)) if str(i + 1).startswith(line)]
        else:
            self.shown = matching(d.options, line)
        width = len(str(len(d.options)))
        options = self.query_one("#options", OptionList)
        options.clear_options()
        options.add_options([Option(Text(f"{i + 1:>{width}}  {d.options[i]}"))
                             for i in self.shown])
        options.highlighted = 0 if line and self.shown else None
        self._say(self._hint(line))

    def _hint(self, line: str) -> str:
        """What Enter will do with `line`, when it is not plain."""
        n = len(self.decision.options) if self.decision else 0
        word = line.lower()
        if word in ("q", "quit"):
            return "Enter: quit (the game is abandoned)"
        if word in ("u", "undo"):
            return "Enter: take back your last decision" if self.decision and \
                self.decision.can_undo else NO_UNDO
        if word == "?":
            return "Enter: help"
        if not self.shown:
            return f"no action matches {line!r}" if not line.isdigit() else no_action(int(line), n)
        return f"{len(self.shown)} of {n} options" if line else f"{n} options: type to filter"

    def _say(self, message: str) -> None:
        self.query_one("#message", Static).update(Text(visible(message)))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value != self.typed:  # not the screen's own clearing
            self._filter(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        word = line.lower()
        d = self.decision
        if word in ("q", "quit"):
            self._close(QUIT, "quit")
        elif d is None:
            self._say("wait for your decision")
        elif word in ("u", "undo"):
            if d.can_undo:
                self.kept = TAKEN_BACK
                self._answer(UNDO, TAKEN_BACK)
            else:
                self._reject(NO_UNDO)
        elif word == "?":
            self._reject(HELP)
        elif line.isdigit():
            k = int(line)
            if 1 <= k <= len(d.options):
                self._answer(k - 1, f"you chose: {d.options[k - 1]}")
            else:
                self._reject(no_action(k, len(d.options)))
        else:
            at = self.query_one("#options", OptionList).highlighted
            if at is None or at >= len(self.shown):
                self._say("type a number or words, or ↑/↓ to highlight an option")
            else:
                i = self.shown[at]
                self._answer(i, f"you chose: {d.options[i]}")

    def _reject(self, message: str) -> None:
        """Clear the input, list every option again and say `message`."""
        self.typed = ""  # the input's own change event then changes nothing
        self.query_one("#input", Input).value = ""
        self._filter("")
        self._say(message)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.decision is not None:
            i = self.shown[event.option_index]
            self._answer(i, f"you chose: {self.decision.options[i]}")

    def _answer(self, answer: int, said: str) -> None:
        """Hand `answer` to the game thread; wait for the next decision."""
        self.decision = None
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#decision", Static).update(Text("waiting for the other seats"))
        self.query_one("#input", Input).value = ""
        self._say(said)
        self.answers.put(answer)

    def _close(self, answer: int, result: str) -> None:
        self.closed = True
        self.answers.put(answer)
        self.exit(result)

    def action_board(self, pages: int) -> None:
        scroll = self.query_one("#scroll", VerticalScroll)
        scroll.scroll_to(y=scroll.scroll_y + pages * max(1, scroll.size.height - 1),
                         animate=False)

    def action_option(self, delta: int) -> None:
        options = self.query_one("#options", OptionList)
        if options.option_count:
            at = options.highlighted
            start = -1 if at is None and delta > 0 else (0 if at is None else at)
            options.highlighted = max(0, min(options.option_count - 1, start + delta))

    def action_interrupt(self) -> None:
        self._close(QUIT, "interrupt")


def play_on_screen(game_id: str, players: int, specs: Sequence[str], humans: list[int],
                   **kw: Any) -> MatchRecord:
    """`play_match` (unrated: `undo`) with the seats `humans` played on this screen. Raises
    HumanQuit when the person quit, KeyboardInterrupt on Ctrl-C."""

    def game(screen: PlayScreen) -> MatchRecord:
        seats: list[str | Bot] = list(specs)
        for p in humans:
            seats[p] = bot = HumanBot()
            bot.screen = screen
        watcher = ScreenWatcher(screen, specs, humans)
        return play_match(game_id, players, seats, watch=watcher, undo=True, **kw)

    screen = PlayScreen(game, f"{game_id}, seat {', '.join(map(str, humans))}:")
    how = screen.run()
    if screen.thread.is_alive():  # the screen closed first: the game thread sees a quit
        screen.closed = True
        screen.answers.put(QUIT)
        screen.thread.join()
    if how == "interrupt":
        raise KeyboardInterrupt
    if isinstance(screen.result, BaseException):
        raise screen.result
    if how == "quit" or not isinstance(screen.result, MatchRecord):
        raise HumanQuit
    return screen.result
