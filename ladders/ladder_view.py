"""What `arena ladder show/history/games` and `arena ladders` print: standings rows,
seat advantage, Rich tables and the rating plot (plotext)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from engine.common.untrusted import markup, text, visible
from ladders.fit import Col, fit_table
from ladders.ladder_store import Entrant, Ladder, LadderGame
from ladders.ratings import Rating, first_share, ml_ratings, pairwise
from ladders.weng_lin import PROVISIONAL_GAMES, Skill, provisional


@dataclass
class Standing:
    """One entrant (bot version) of a ladder with its record."""

    entrant: Entrant
    games: int = 0
    wins: float = 0.0  # shares of first place
    place_sum: int = 0
    score_sum: float = 0.0
    failures: Counter[str] = field(default_factory=Counter)
    ml: Rating | None = None

    @property
    def skill(self) -> Skill:
        return self.entrant.skill

    @property
    def provisional(self) -> bool:
        return provisional(self.games)

    def as_json(self, rank: int) -> dict[str, Any]:
        e, s = self.entrant, self.skill
        n = max(1, self.games)
        return {
            "rank": rank, "bot": e.name, "version": e.version, "active": e.active,
            "state": e.state.partition(":")[0], "retired": e.retired, "author": e.author,
            "spec": e.spec, "hash": e.hash, "mu": s.mu, "sigma": s.sigma,
            "interval": [s.low, s.high], "games": self.games, "win_rate": self.wins / n,
            "avg_place": 1 + self.place_sum / n if self.games else None,
            "avg_score": self.score_sum / n if self.games else None,
            "failures": dict(self.failures), "elo": e.elo,
            "ml_elo": None if self.ml is None else [self.ml.elo, self.ml.low, self.ml.high],
            "last_played": e.last_played, "provisional": self.provisional,
        }


def standings(entrants: Sequence[Entrant], games: Sequence[LadderGame]) -> list[Standing]:
    """Every entrant's record, best first: those playing by mu - 3 sigma (the conservative
    rating), then retired ones, then replaced versions. Deleted entrants' seats are skipped."""
    rows = {e.id: Standing(e) for e in entrants}
    done = [g for g in games if g.status == "done" and g.ranking is not None]
    for g in done:
        assert g.ranking is not None and g.scores is not None
        for s, e in enumerate(g.entrants):
            if e not in rows:
                continue
            st = rows[e]
            st.games += 1
            st.wins += first_share(g.ranking, s, g.outcome)
            st.place_sum += g.ranking[s]
            st.score_sum += g.scores[s]
        for s, kind in g.failures:
            if g.entrants[s] in rows:
                rows[g.entrants[s]].failures[kind] += 1
    pairs = [(str(a), str(b), x) for g in done
             for a, b, x in pairwise([str(e) for e in g.entrants], g.ranking or [])]
    for eid, r in ml_ratings(pairs).items():
        if int(eid) in rows:
            rows[int(eid)].ml = r
    return sorted(rows.values(), key=lambda r: (not r.entrant.playing, not r.entrant.active,
                                                -r.skill.conservative, r.entrant.id))


def seat_advantage(games: Sequence[LadderGame], num_players: int) -> list[tuple[float, float]]:
    """Per seat: share of first place and average place (1 = first), over finished games."""
    done = [g for g in games if g.status == "done" and g.ranking is not None]
    if not done:
        return []
    out = []
    for s in range(num_players):
        wins = sum(first_share(g.ranking, s, g.outcome) for g in done)  # type: ignore[arg-type]
        place = sum(g.ranking[s] for g in done) / len(done)  # type: ignore[index]
        out.append((wins / len(done), 1 + place))
    return out


def standings_table(lad: Ladder, rows: Sequence[Standing], seats: Sequence[tuple[float, float]],
                    show_retired: bool = False, elo: bool = True,
                    width: int | None = None) -> Table:
    """`arena ladder show`: rank, bot and version, Weng-Lin rating with its 95% interval,
    games, win rate (share of first), average place and score, failures, (with `elo`:
    online and maximum-likelihood Elo), last played; `?` marks a provisional rating. A
    narrow terminal gets fewer columns (`ladders.fit`), never cut numbers."""
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


def ladders_table(items: Sequence[tuple[Ladder, int, int, str | None]], db: str,
                  width: int | None = None) -> Table:
    """`arena ladders`: (ladder, active entrants, games played, last game) per ladder."""
    cols = [Col("name", "left", keep=9), Col("game", "left", keep=8),
            Col("players", keep=7), Col("options", "left", keep=1),
            Col("time", "left", keep=2), Col("bots", keep=5), Col("games", keep=6),
            Col("last game", "left", keep=0)]
    cells = []
    for lad, bots, n, last in items:
        sp = lad.spec
        opts = ", ".join(f"{k}={v}" for k, v in sorted(sp.options.items())) or "-"
        cells.append([text(lad.name), sp.game, sp.num_players, opts, sp.time_control(), bots, n,
                      (last or "-")[:16]])
    return fit_table(cols, cells, width=width or Console().width, title=f"ladders in {db}")


def int_ticks(lo: int, hi: int, most: int) -> list[int]:
    """At most `most` (at least 2) whole-number ticks over `lo`..`hi`, a step of 1, 2 or 5
    x 10^k."""
    span, step = max(1, hi - lo), 1
    while span // step + 1 > max(2, most):
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return list(range(-(-lo // step) * step, hi + 1, step))


def history_plot(series: dict[str, tuple[list[int], list[float]]], title: str, width: int,
                 height: int = 20, color: bool = False) -> Text:
    """Rating (mu) after each ladder game, one line per entrant, as Rich text no wider than
    `width` (plotext's colours parsed, so Rich measures the characters, not the escape
    codes); the x axis counts games in whole numbers."""
    import plotext as plt

    plt.clear_figure()
    plt.plotsize(max(40, width), height)
    if not color:
        plt.theme("clear")
    markers = ("dot", "x", "+", "o", "*", "#", "@", "$", "%", "&")
    for i, (label, (xs, ys)) in enumerate(series.items()):
        plt.plot(xs, ys, label=visible(label), marker=markers[i % len(markers)])
    xs_all = [x for xs, _ in series.values() for x in xs]
    ticks = int_ticks(min(xs_all), max(xs_all), max(2, width // 12))
    plt.xticks(ticks, [str(t) for t in ticks])
    plt.title(visible(title))
    plt.xlabel("ladder game")
    text = plt.build()
    return Text.from_ansi(text) if color else Text(plt.uncolorize(text))


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
        t.add_row(str(g.idx), (g.finished or "-")[5:16], str(s + 1),
                  str(g.ranking[s] + 1) if g.ranking else "-",
                  str(g.scores[s]) if g.scores else "-", text(others),
                  text(g.error or "") if g.status == "error" else (g.outcome or "") + (
                      f" ({fails})" if fails else ""))
    return t
