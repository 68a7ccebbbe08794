"""The `human` bot: a person at the terminal chooses each action (issue 21).

The bot gets what every bot gets, the seat's observation, and nothing more. To show it the
way the game draws it, the bot renders a state sampled from that observation
(`engine.sample_state`) from the seat's own view (`render_text(seat)`): the game's view of a
seat shows only what the seat may know (the conformance kit checks that it leaks nothing),
so the picture equals the true state's seat view, while the true hidden parts never reach
this process's screen. A game without seat views yet shows the observation's fields.

On a terminal `arena play` attaches a full-screen interface (`screen`, harness/views/play_screen.py)
that gets each `Decision` and answers with an option's index. Otherwise (pipes, scripts),
input is one line at a time on plain stdin/stdout:
a number chooses that action; other text narrows the list (every word must appear);
an empty line lists all actions again (or takes the only match); `u` takes back your own
last decision (unrated games: `arena play`); `?` prints help; `q` quits (the game is
abandoned). The list is as long as the terminal has room for below the decision.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Protocol, TextIO

from rich.console import Console
from rich.text import Text

import engine
from bots.base import Bot
from engine.common.untrusted import markup
from engine.common.view import has_seat_views, numbered, observation_text, pending, view_text, words
from engine.protocol import Action, Observation

#: options listed at once; a longer list asks for words to narrow it (all numbers work)
LIST_MAX = 40
HELP = ("type a number to choose that action; type words to narrow the list (an empty line "
        "lists all again, or takes the only match); u to take back your last decision; "
        "? for this help; q to quit the game")
TAKEN_BACK = "taken back: your previous decision again"
NO_UNDO = "nothing to take back here (no earlier decision of yours in an unrated game)"
#: lines kept for the decision, the prompt and the "... more" line below the list
CHROME = 4


def no_action(k: int, n: int) -> str:
    """The answer to a number that is no option."""
    return f"there is no action {k}: choose a number from 1 to {n}"


class HumanQuit(KeyboardInterrupt):
    """The person quit (`q` or end of input): the game is abandoned. A KeyboardInterrupt, so
    the harness does not take it for a bot crash and play on."""


class TakeBack(KeyboardInterrupt):  # noqa: N818 - a request, not an error
    """The person takes back their own last decision (`u`; only where the harness offers
    it: `play_match(undo=True)`, unrated games). Not an Exception, so never a failure."""


@dataclass
class Decision:
    """What a person needs to decide: the board from their seat, the question, the options,
    all in the rulebook's words."""

    seat: int
    #: the observation's decision number
    number: int
    board: Text
    question: str
    options: list[str]
    #: `u` may take back the person's previous decision
    can_undo: bool


class Screen(Protocol):
    """A full-screen front end: the index of the chosen option, or HumanQuit / TakeBack."""

    def choose(self, decision: Decision) -> int: ...


def matching(texts: list[str], line: str) -> list[int]:
    """Indices of the options holding every word of `line` (case-insensitive)."""
    found = line.lower().split()
    return [i for i, t in enumerate(texts) if all(w in t.lower() for w in found)]


class HumanBot(Bot):
    """A person choosing among the legal actions in rulebook words. Never timed."""

    name = "human"
    #: play_match gives untimed bots no time limit
    untimed = True

    def __init__(self, inp: TextIO | None = None, out: TextIO | None = None) -> None:
        self.inp = inp
        self.console = Console(file=out, highlight=False) if out is not None else None
        self.seed = 0
        #: set by the harness before each decision: `u` may take back the previous one
        self.can_undo = False
        #: a full-screen front end; None: plain lines on stdin/stdout
        self.screen: Screen | None = None

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.seed = seed

    def _console(self) -> Console:
        if self.console is None:  # stdout as it is when the game runs (tests swap it)
            return Console(file=sys.stdout, highlight=False)
        return self.console

    def decision(self, observation: Observation) -> Decision:
        """The decision of `observation` as the person sees it."""
        state = engine.sample_state(observation, self.seed + observation.decision)
        seat = observation.seat
        if has_seat_views(state):
            board = view_text(state, seat)[0]
        else:
            board = Text(f"(this game has no drawn seat view yet; what seat {seat} knows:)\n")
            board.append_text(observation_text(observation))
        return Decision(seat, observation.decision, board, pending(state),
                        [words(state, a) for a in observation.legal_actions], self.can_undo)

    def act(self, observation: Observation, time_left: float | None) -> Action:
        d = self.decision(observation)
        legal = list(observation.legal_actions)
        if self.screen is not None:
            return legal[self.screen.choose(d)]
        con = self._console()
        con.print(d.board)
        texts = d.options
        con.print(f"your decision: {markup(d.question)}", style="bold")
        shown = list(range(len(legal)))
        self._list(con, texts, shown)
        while True:
            undo = "u undo, " if self.can_undo else ""
            line = self._read(con, f"seat {d.seat}: 1-{len(legal)}, words to filter, {undo}"
                                   "? help, q quit> ")
            if line is None or line.lower() in ("q", "quit"):
                con.print(f"you quit at decision {d.number}: the game is abandoned")
                raise HumanQuit
            if line.lower() in ("u", "undo"):
                if self.can_undo:
                    con.print(TAKEN_BACK)
                    raise TakeBack
                con.print(NO_UNDO)
            elif line == "?":
                con.print(HELP)
            elif line.isdigit():
                k = int(line)
                if 1 <= k <= len(legal):
                    con.print(f"you chose: {markup(texts[k - 1])}")
                    return legal[k - 1]
                con.print(no_action(k, len(legal)))
            elif not line:
                if len(shown) == 1:
                    con.print(f"you chose: {markup(texts[shown[0]])}")
                    return legal[shown[0]]
                shown = list(range(len(legal)))
                self._list(con, texts, shown)
            else:
                match = matching(texts, line)
                if not match:
                    con.print(f"no action matches {markup(repr(line))}; the list is unchanged")
                    continue
                shown = match
                self._list(con, texts, shown)
                if len(match) == 1:
                    con.print("one match: press Enter to take it, or type its number")

    def _list(self, con: Console, texts: list[str], shown: list[int]) -> None:
        """The numbered options `shown`: at most `LIST_MAX` lines of them, and on a terminal
        no more than fit below the board's last lines with the decision and the prompt."""
        most = max(5, min(LIST_MAX, con.height - CHROME)) if con.is_terminal else LIST_MAX
        con.print(numbered(texts, shown[:most]), end="")
        if len(shown) > most:
            con.print(f"... and {len(shown) - most} more (up to {shown[-1] + 1}): type words "
                      "to narrow the list", style="dim")

    def _read(self, con: Console, prompt: str) -> str | None:
        """One line of input without its newline, or None at the end of input."""
        con.print(prompt, end="", style="dim")
        con.file.flush()
        line = (self.inp or sys.stdin).readline()
        if not line:
            con.print()
            return None
        return line.strip()
