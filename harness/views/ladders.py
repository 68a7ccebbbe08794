"""What `arena ladder show/history/games/run` and `arena ladders` print: the Rich tables
and the rating plot (plotext); the rows they show come from harness/ladders/standings.py."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from engine.common.untrusted import markup, text, visible
from harness.ladders.data import State, read_state
from harness.ladders.runner import LadderState
from harness.ladders.standings import Standing, seat_advantage, standings
from harness.storage.database import Store
from harness.storage.ladders import Ladder, LadderGame
from harness.views.console import out
from harness.views.fit import Col, fit_table
from ratings.weng_lin import PROVISIONAL_GAMES


def standings_table(lad: Ladder, rows: Sequence[Standing], seats: Sequence[tuple[float, float]],
                    show_retired: bool = False, elo: bool = True,
                    width: int | None = None) -> Table:
    """`arena ladder show`: rank, bot and version, Weng-Lin rating with its 95% interval,
    games, win rate (share of first), average place and score, failures, (with `elo`:
    online and maximum-likelihood Elo), last played; `?` marks a provisional rating. A
    narrow terminal gets fewer columns (harness/views/fit.py), never cut numbers."""
    sp = lad.spec
    cols = [Col("#", keep=7), Col("bot", "left", "bold cyan", keep=10),
            Col("rating", keep=9), Col("games", keep=6), Col("win%", keep=8),
            Col("place", keep=3), Col("score", keep=2), Col("fails", "left", keep=5)]
    if elo:
        cols += [Col("Elo", keep=1), Col("ML Elo", keep=4)]
    cols.append(Col("last", "left", keep=0))
    cells = []
    rank = 0
    for r in rows:
        if not r.entrant.active and not show_retired:
            continue
        rank += 1 if r.entrant.playing else 0
        n = r.games
        mark = "?" if r.provisional else ""
        fails = ", ".join(f"{k} {c}" for k, c in sorted(r.failures.items())) or "-"
        row = [
            str(rank) if r.entrant.playing else "-",
            text(r.entrant.label + ("" if r.entrant.playing else f" ({r.entrant.state})")),
            f"{r.skill.mu:.1f}±{r.skill.high - r.skill.mu:.1f}{mark}", str(n),
            f"{100 * r.wins / n:.0f}" if n else "-",
            f"{1 + r.place_sum / n:.2f}" if n else "-",
            f"{r.score_sum / n:.1f}" if n else "-", fails]
        if elo:
            row += [f"{r.entrant.elo:.0f}",
                    f"{r.ml.elo:.0f}±{(r.ml.high - r.ml.low) / 2:.0f}" if r.ml else "-"]
        cells.append([*row, _when(r.entrant.last_played)])
    notes = [f"rating: Weng-Lin mu ±95%; ? provisional (under {PROVISIONAL_GAMES} games); "
             "last: UTC",
             "ranked by mu - 3 sigma (the rating less its uncertainty: few games rank lower)"]
    if not rows:
        notes.insert(0, f"no bots yet: arena ladder submit {visible(lad.name)} SPEC --as NAME")
    if seats:
        notes.append("seat advantage (win% / avg place): " + ", ".join(
            f"seat {i} {100 * w:.0f}% / {p:.2f}" for i, (w, p) in enumerate(seats)))
    return fit_table(cols, cells, width=width or Console().width,
                     title=f"ladder {lad.name}: {sp.game}, {sp.num_players} players, "
                     f"time {sp.time_control()}", caption="\n".join(notes),
                     collapse_padding=True)


def _when(stamp: str | None) -> str:
    """HH:MM for today, else MM-DD (UTC)."""
    if not stamp:
        return "-"
    today = time.strftime("%Y-%m-%d", time.gmtime())
    return stamp[11:16] if stamp.startswith(today) else stamp[5:10]


def ladders_table(rows: Sequence[dict[str, Any]], where: str,
                  width: int | None = None) -> Table:
    """`arena ladders`: harness/ladders/data.py's `ladder_rows` (from a database or a
    server), names shown as literal text."""
    cols = [Col("name", "left", keep=9), Col("game", "left", keep=8),
            Col("players", keep=7), Col("options", "left", keep=1),
            Col("time", "left", keep=2), Col("bots", keep=5), Col("games", keep=6),
            Col("last game", "left", keep=0)]
    cells = []
    for r in rows:
        opts = ", ".join(f"{k}={v}" for k, v in sorted(r["options"].items())) or "-"
        cells.append([text(str(r["name"])), text(str(r["game"])), r["players"], text(opts),
                      text(str(r["time"])), r["bots"], r["games"],
                      text((r["last_game"] or "-")[:16])])
    return fit_table(cols, cells, width=width or Console().width,
                     title=f"ladders {visible(where)}")


def int_ticks(lo: int, hi: int, most: int) -> list[int]:
    """At most `most` (at least 2) whole-number ticks over `lo`..`hi`, a step of 1, 2 or 5
    x 10^k."""
    span, step = max(1, hi - lo), 1
    while span // step + 1 > max(2, most):
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return list(range(-(-lo // step) * step, hi + 1, step))


#: the marker of each line of a plot, in order
MARKERS = ("dot", "x", "+", "o", "*", "#", "@", "$", "%", "&")


def line_plot(series: dict[str, tuple[list[int], list[float]]], title: str, xlabel: str,
              width: int, height: int = 20, color: bool = False,
              markers: Sequence[str] = MARKERS,
              ylim: tuple[float, float] | None = None,
              yticks: Sequence[tuple[float, str]] | None = None) -> Text:
    """One line per series (label -> xs, ys) as Rich text no wider than `width` (plotext's
    colours parsed, so Rich measures the characters, not the escape codes); labels and the
    title shown literally; the x axis in whole numbers; `yticks`: (value, label) pairs
    instead of plotext's own ticks."""
    import plotext as plt

    plt.clear_figure()
    plt.plotsize(max(40, width), height)
    if not color:
        plt.theme("clear")
    for i, (label, (xs, ys)) in enumerate(series.items()):
        plt.plot(xs, ys, label=visible(label), marker=markers[i % len(markers)])
    xs_all = [x for xs, _ in series.values() for x in xs]
    ticks = int_ticks(min(xs_all), max(xs_all), max(2, width // 12))
    plt.xticks(ticks, [str(t) for t in ticks])
    if ylim is not None:
        plt.ylim(*ylim)
    if yticks:
        plt.yticks([v for v, _ in yticks], [label for _, label in yticks])
    plt.title(visible(title))
    plt.xlabel(xlabel)
    text = plt.build()
    return Text.from_ansi(text) if color else Text(plt.uncolorize(text))


def history_plot(series: dict[str, tuple[list[int], list[float]]], title: str, width: int,
                 height: int = 20, color: bool = False) -> Text:
    """Rating (mu) after each ladder game, one line per entrant (`line_plot`)."""
    return line_plot(series, title, "ladder game", width, height, color)


def games_table(title: str, rows: Sequence[tuple[LadderGame, int, list[str]]]) -> Table:
    """`arena ladder games`: (game, the bot's seat, labels per seat) per row; the title and
    the labels are shown as literal text."""
    t = Table(title=markup(title), box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    t.add_column("game", justify="right")
    t.add_column("finished", no_wrap=True)
    t.add_column("seat", justify="right")
    t.add_column("place", justify="right")
    t.add_column("score", justify="right")
    t.add_column("opponents", overflow="fold")
    t.add_column("outcome", overflow="fold")
    for g, s, labels in rows:
        others = ", ".join(x for i, x in enumerate(labels) if i != s)
        fails = ", ".join(f"seat {i} {k}" for i, k in g.failures)
        t.add_row(str(g.idx), (g.finished or "-")[5:16], str(s),
                  str(g.ranking[s] + 1) if g.ranking else "-",
                  str(g.scores[s]) if g.scores else "-", text(others),
                  text(g.error or "") if g.status == "error" else (g.outcome or "") + (
                      f" ({fails})" if fails else ""))
    return t


def state_table(state: State, show_retired: bool = False, width: int | None = None) -> Table:
    """`arena ladder show` (and the live table of `run`): the standings of `state`."""
    lad, entrants, games = state
    rows = standings(entrants, games)
    return standings_table(lad, rows, seat_advantage(games, lad.spec.num_players), show_retired,
                           width=width or out.width)


@contextmanager
def live_standings(store: Store, name: str,
                   console: Console = out) -> Iterator[Callable[[LadderState], None]]:
    """`arena ladder run`: the games played, the rate and the standings, redrawn at most
    twice a second while the block runs (gone when it ends)."""
    shown = {"at": 0.0}
    with Live(console=console, refresh_per_second=4, transient=True) as live:
        def update(state: LadderState) -> None:
            now = time.monotonic()
            if now - shown["at"] >= 0.5:
                shown["at"] = now
                live.update(Group(f"{markup(name)}: {state.done} games, "
                                  f"{state.rate():.1f} games/s",
                                  state_table(read_state(store, name))))
        yield update
