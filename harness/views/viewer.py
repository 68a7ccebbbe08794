"""`arena replay FILE --step`: a terminal viewer of a re-run record (issue 21, Textual).

The position after each move, the move in rulebook words with the bot's time, forward and
back, jump to move N, and the god view or any seat's view (what that seat may know, the
game's `render_text(seat)`). The keys are listed on the top line; the position and the
view take one line, the move one more (cut, never wrapped), the board the rest.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from engine.common.untrusted import visible
from engine.common.view import seat_style, view_text
from harness.play.replay import Replay
from harness.views.records import move_line

KEYS = "→/n next  ←/p back  Home/End  ↑/↓ scroll  g jump to move  v seat view  q quit"


class ReplayViewer(App[None]):
    """Steps through `Replay.states`: position k is the game after k moves."""

    TITLE = "arena replay"
    CSS = """
    #keys { color: $text-muted; }
    #move { text-style: bold; text-wrap: nowrap; text-overflow: ellipsis; }
    #view { text-wrap: nowrap; text-overflow: ellipsis; }
    #jump { display: none; }
    #jump.open { display: block; }
    #scroll { scrollbar-size-vertical: 0; }  /* boards are drawn for 80 full columns */
    """
    #: priority: the keys work whatever has the focus (the jump box takes digits only)
    BINDINGS = [
        Binding("right,n", "step(1)", "next", priority=True),
        Binding("left,p", "step(-1)", "back", priority=True),
        Binding("home", "goto(0)", "start", show=False, priority=True),
        Binding("end", "goto(-1)", "end", show=False, priority=True),
        Binding("g", "jump", "jump to move", priority=True),
        Binding("v", "view", "god/seat view", priority=True),
        Binding("q", "quit", "quit", priority=True),
    ]

    def __init__(self, replay: Replay, position: int = 0, seat: int | None = None) -> None:
        super().__init__()
        self.replay = replay
        self.last = len(replay.steps)
        self.position = max(0, min(position, self.last))
        self.seat = seat
        #: the board text on screen (what the tests read)
        self.board_text = Text()

    def compose(self) -> ComposeResult:
        yield Static(KEYS, id="keys")
        yield Static(id="view")
        yield Static(id="move")
        yield Input(placeholder="move number, Enter to go, Esc to cancel", id="jump",
                    type="integer", disabled=True)
        with VerticalScroll(id="scroll"):
            yield Static(id="board")

    def on_mount(self) -> None:
        self.query_one("#scroll").focus()  # up/down/page keys scroll a tall board
        self.show()

    def show(self) -> None:
        """Redraw the move line, the view line and the board of the current position."""
        rp, k = self.replay, self.position
        c = rp.record.config
        self.query_one("#move", Static).update(
            move_line(rp.steps[k - 1]) if k else Text("the start of the game"))
        text, note = view_text(rp.states[k], self.seat)
        who = Text(f"move {k}/{self.last} of {c.game}, seed {c.seed}; view: ")
        if self.seat is None:
            who.append("god (everything)")
        else:
            who.append(f"seat {self.seat} ({visible(rp.record.bots[self.seat])})",
                       style=seat_style(self.seat))
            who.append(", what this seat may know")
        if note:
            who.append(f"  ({note})", style="yellow")
        self.query_one("#view", Static).update(who)
        self.board_text = text
        self.query_one("#board", Static).update(text)

    def action_step(self, delta: int) -> None:
        self.goto(self.position + delta)

    def action_goto(self, k: int) -> None:
        self.goto(self.last if k < 0 else k)

    def goto(self, k: int) -> None:
        k = max(0, min(k, self.last))
        if k != self.position:
            self.position = k
            self.show()

    def action_view(self) -> None:
        """Cycle god view -> seat 0 -> seat 1 -> ... -> god view."""
        n = self.replay.record.config.num_players
        self.seat = 0 if self.seat is None else (None if self.seat + 1 >= n else self.seat + 1)
        self.show()

    def action_jump(self) -> None:
        box = self.query_one("#jump", Input)
        box.add_class("open")
        box.disabled = False
        box.value = ""
        box.focus()

    def _close_jump(self) -> None:
        box = self.query_one("#jump", Input)
        box.remove_class("open")
        box.disabled = True
        self.query_one("#scroll").focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._close_jump()
        text = event.value.strip()
        if not text.isdigit() or int(text) > self.last:
            self.notify(f"no move {visible(text) or '(empty)'}: moves are 0..{self.last}",
                        severity="warning", markup=False)
            return
        self.goto(int(text))

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self.query_one("#jump", Input).has_class("open"):
            self._close_jump()


def run_viewer(replay: Replay, position: int = 0, seat: int | None = None) -> None:
    """Open the viewer on the terminal until the person quits."""
    ReplayViewer(replay, position, seat).run()
