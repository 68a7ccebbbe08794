"""A match record on the terminal: one move as a line (`arena play --watch`, the step
viewer), every move of a replay as a table (`arena replay`), the result per seat."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from engine.common.untrusted import text, visible
from engine.common.view import seat_style
from engine.record import MatchRecord
from harness.play.replay import Replay, Step
from harness.views.console import out
from harness.views.fit import Col, fit_table


def move_line(step: Step) -> Text:
    """`12 seat 1 mcts (0.200 s): take Soldier 3 at castle D2`: one move, time before the
    words so that a long description wraps alone."""
    out = Text(f"{step.number:>3} ")
    out.append(f"seat {step.seat} {visible(step.bot)}", style=seat_style(step.seat))
    out.append(f" ({step.seconds} s)", style="dim")
    out.append(f": {step.words}")
    return out


def move_table(rp: Replay, title: str = "") -> Table:
    """Every move: number, seat and bot, the action in words, the bot's seconds (the bot
    and the words as literal text)."""
    t = Table(title=title or None)
    t.add_column("#", justify="right")
    t.add_column("seat", justify="right")
    t.add_column("bot", max_width=20)
    t.add_column("action")
    t.add_column("sec", justify="right")
    for s in rp.steps:
        t.add_row(str(s.number), Text(str(s.seat), style=seat_style(s.seat)), text(s.bot),
                  text(s.words), s.seconds)
    return t


def summary_table(record: MatchRecord) -> Table:
    """`arena play`: score, place, decisions, time and failures per seat."""
    c = record.config
    cols = [Col("seat", keep=9), Col("bot", "left", "bold cyan", keep=8), Col("score", keep=7),
            Col("place", keep=6), Col("decisions", keep=2), Col("time (s)", keep=3),
            Col("failures", "left", keep=5)]
    rows = []
    for p in range(c.num_players):
        moves = [m for m in record.moves if m.seat == p]
        fails = ", ".join(f"{f.kind}@{f.decision}" for f in record.failures if f.seat == p)
        rows.append([p, text(record.bots[p]), record.scores[p], record.ranking[p] + 1, len(moves),
                     f"{sum(m.time for m in moves):.3f}", fails or "-"])
    return fit_table(cols, rows, width=out.width,
                     title=f"{c.game}, {c.num_players} players, seed {c.seed} ({record.outcome})")
