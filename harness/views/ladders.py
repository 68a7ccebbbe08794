"""What `arena ladder show/history/games/run` and `arena ladders` print: the Rich tables
and the rating plot (plotext), drawn from the documents of harness/ladders/data.py (built
from the database, or sent by a ladder server)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import msgspec
from rich import box
from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from engine.common.untrusted import markup, text, visible
from harness.ladders.data import Doc
from harness.ladders.runner import LadderState
from harness.storage.ladders import LadderSpec
from harness.views.console import out
from harness.views.fit import Col, fit_table
from ratings.weng_lin import PROVISIONAL_GAMES


def standings_table(doc: Doc, show_retired: bool = False, elo: bool = True,
                    width: int | None = None, others: str = "") -> Table:
    """`arena ladder show` from its document (harness/ladders/data.py): rank, bot and
    version, Weng-Lin rating with its 95% interval, games, win rate (share of first),
    average place and score, failures, (with `elo`: online and maximum-likelihood Elo, and
    how old the latter's fit is), last played; `?` marks a provisional rating; a page of
    the bots says which (and `others`, how to see the rest). A narrow terminal gets fewer
    columns (harness/views/fit.py), never cut numbers."""
    sp = doc["spec"]
    cols = [Col("#", keep=7), Col("bot", "left", "bold cyan", keep=10),
            Col("rating", keep=9), Col("games", keep=6), Col("win%", keep=8),
            Col("place", keep=3), Col("score", keep=2), Col("fails", "left", keep=5)]
    if elo:
        cols += [Col("Elo", keep=1), Col("ML Elo", keep=4)]
    cols.append(Col("last", "left", keep=0))
    cells = []
    for r in doc["standings"]:
        if not r["active"] and not show_retired:
            continue
        playing = r["state"] == "playing"
        n = r["games"]
        label = f"{r['bot']} v{r['version']}"
        state = "replaced" if not r["active"] else f"retired: {r['retired']}"
        high = r["interval"][1]
        fails = ", ".join(f"{k} {c}" for k, c in sorted(r["failures"].items())) or "-"
        row = [
            str(r["rank"]) if playing else "-",
            text(label + ("" if playing else f" ({state})")),
            f"{r['mu']:.1f}±{high - r['mu']:.1f}{'?' if r['provisional'] else ''}", str(n),
            f"{100 * r['win_rate']:.0f}" if n else "-",
            f"{r['avg_place']:.2f}" if n else "-",
            f"{r['avg_score']:.1f}" if n else "-", fails]
        if elo:
            ml = r["ml_elo"]
            row += [f"{r['elo']:.0f}", f"{ml[0]:.0f}±{(ml[2] - ml[1]) / 2:.0f}" if ml else "-"]
        cells.append([*row, _when(r["last_played"])])
    notes = [f"rating: Weng-Lin mu ±95%; ? provisional (under {PROVISIONAL_GAMES} games); "
             "last: UTC",
             "ranked by mu - 3 sigma (the rating less its uncertainty: few games rank lower)"]
    if not doc["total"]:
        notes.insert(0, f"no bots yet: arena ladder submit {visible(doc['ladder'])} SPEC "
                     "--as NAME")
    elif len(doc["standings"]) < doc["total"]:
        first = doc.get("offset", 0) + 1
        notes.insert(0, f"bots {first} to {first + len(doc['standings']) - 1} of "
                     f"{doc['total']}" + (f" ({others})" if others else ""))
    if elo and doc["games"]:
        notes.append(_fit_note(doc["ml_fit"], doc["games"]))
    if doc["seats"]:
        notes.append("seat advantage (win% / avg place): " + ", ".join(
            f"seat {s['seat']} {100 * s['win_rate']:.0f}% / {s['avg_place']:.2f}"
            for s in doc["seats"]))
    return fit_table(cols, cells, width=width or Console().width,
                     title=f"ladder {doc['ladder']}: {sp['game']}, {sp['num_players']} players, "
                     f"time {_time_control(sp)}", caption="\n".join(notes),
                     collapse_padding=True)


def _time_control(spec: dict[str, object]) -> str:
    return msgspec.convert(spec, LadderSpec).time_control()


def _fit_note(fit: dict[str, object], games: int) -> str:
    """How old the maximum-likelihood Elo is: fitted after which game, and when."""
    after, at = fit["after_game"], fit["at"]
    if after is None:
        return "ML Elo: not fitted yet (a running `arena ladder run` fits it)"
    if after == games:
        return f"ML Elo: fitted after game {after}" + (f" at {str(at)[11:16]} UTC" if at else "")
    return (f"ML Elo: fitted after game {after}, {games - int(str(after))} games ago"
            + (f" (at {str(at)[5:16]} UTC)" if at else ""))


def _when(stamp: str | None) -> str:
    """HH:MM for today, else MM-DD (UTC)."""
    if not stamp:
        return "-"
    today = time.strftime("%Y-%m-%d", time.gmtime())
    return stamp[11:16] if stamp.startswith(today) else stamp[5:10]


def ladders_table(rows: Sequence[dict[str, Any]], where: str,
                  width: int | None = None) -> Table:
    """`arena ladders`: harness/ladders/data.py's `ladders_doc` (from a database or a
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


def history_series(doc: Doc) -> dict[str, tuple[list[int], list[float]]]:
    """label -> (games, mu after each) of a rating-history document
    (harness/ladders/data.py `history_doc`), bots without rated games left out."""
    return {s["label"]: ([p[0] for p in s["points"]], [p[1] for p in s["points"]])
            for s in doc["series"] if s["points"]}


def history_plot(series: dict[str, tuple[list[int], list[float]]], title: str, width: int,
                 height: int = 20, color: bool = False) -> Text:
    """Rating (mu) after each ladder game, one line per entrant (`line_plot`)."""
    return line_plot(series, title, "ladder game", width, height, color)


def games_table(doc: Doc) -> Table:
    """`arena ladder games` from its document (harness/ladders/data.py `games_doc`): per
    game the bot's seat, place and score, its opponents and the outcome; the title and the
    labels are shown as literal text."""
    title = f"{doc['ladder']}: {doc['label']}, {len(doc['games'])} of {doc['total']} games"
    t = Table(title=markup(title), box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    t.add_column("game", justify="right")
    t.add_column("finished", no_wrap=True)
    t.add_column("seat", justify="right")
    t.add_column("place", justify="right")
    t.add_column("score", justify="right")
    t.add_column("opponents", overflow="fold")
    t.add_column("outcome", overflow="fold")
    for g in doc["games"]:
        s = g["seat"]
        others = ", ".join(x for i, x in enumerate(g["labels"]) if i != s)
        fails = ", ".join(f"seat {i} {k}" for i, k in g["failures"])
        t.add_row(str(g["idx"]), (g["finished"] or "-")[5:16], str(s),
                  str(g["place"]) if g["place"] is not None else "-",
                  str(g["score"]) if g["score"] is not None else "-", text(others),
                  text(g["error"] or "") if g["status"] == "error" else (g["outcome"] or "") + (
                      f" ({fails})" if fails else ""))
    return t


#: the live table of `arena ladder run` waits this many times as long as it took to draw
#: before it is drawn again, so it never takes more than a twentieth of the driver's time
LIVE_SHARE = 20


@contextmanager
def live_standings(name: str, console: Console = out
                   ) -> Iterator[Callable[[LadderState], None]]:
    """`arena ladder run`: the games played, the rate and the standings, from the driver's
    memory, as many rows as the terminal has room for (gone when the block ends): drawn at
    most twice a second, and after a draw that took t seconds, not again before LIVE_SHARE
    * t have passed (a ladder of a thousand entrants on a busy machine is drawn less
    often, never slowing the games); nothing is built where no terminal shows it."""
    shown = {"at": 0.0, "every": 0.5}
    with Live(console=console, auto_refresh=False, transient=True) as live:
        def update(state: LadderState) -> None:
            start = time.monotonic()
            if start - shown["at"] < shown["every"] or not console.is_terminal:
                return
            doc = state.standings_doc(limit=max(3, console.height - 12))
            live.update(Group(f"{markup(name)}: {state.done} games, "
                              f"{state.rate():.1f} games/s",
                              standings_table(doc, width=console.width)), refresh=True)
            shown["at"] = time.monotonic()
            shown["every"] = max(0.5, LIVE_SHARE * (shown["at"] - start))
        yield update
