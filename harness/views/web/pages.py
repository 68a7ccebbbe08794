"""The ladder pages (`arena ladder serve`, docs/ladders.md "The ladder's web page"), drawn
from the documents of harness/ladders/data.py as the terminal's tables are
(harness/views/ladders.py): the ladders, a ladder's standings with its rating chart and
recent games, a bot's versions, chart and games, a game's moves in words with the board
after any of them. Views only draw: every document comes from the caller."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
from rich.style import Style

from engine.common.view import has_seat_views, seat_style, view_text
from engine.record import MatchRecord
from harness.ladders.data import Doc
from harness.play.replay import Replay
from harness.storage.ladders import LadderSpec
from harness.views.web.board import board_html, classes
from harness.views.web.chart import Series, rating_chart
from harness.views.web.html import (
    bot_url,
    esc,
    game_url,
    ladder_url,
    link,
    page,
    pager,
    section,
    table,
    url,
    when,
)

HOME = (url(), "ladders")


def _spec_line(spec: dict[str, Any]) -> str:
    s = msgspec.convert(spec, LadderSpec)
    opts = ", ".join(f"{k}={v}" for k, v in sorted(s.options.items()))
    return esc(f"{s.game}, {s.num_players} players" + (f" ({opts})" if opts else "")
               + f", time {s.time_control()}")


def _seat(seat: int) -> str:
    return f'<span class="{" ".join(classes(Style.parse(seat_style(seat))))}">{seat}</span>'


def _bot_link(ladder: str, name: str | None, label: str) -> str:
    return link(bot_url(ladder, name), label) if name is not None else esc(label)


def _num(value: float | None, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


# --- the ladders ---------------------------------------------------------------------------
def index_page(rows: Sequence[Doc], offset: int, size: int) -> str:
    """Every ladder of the server (a page of `size` from `offset`)."""
    cells = [[link(ladder_url(r["name"]), r["name"]), esc(r["game"]), str(r["players"]),
              esc(", ".join(f"{k}={v}" for k, v in sorted(r["options"].items())) or "-"),
              esc(r["time"]), str(r["bots"]), str(r["games"]), when(r["last_game"])]
             for r in rows]
    body = (table(["ladder", "game", "players", "options", "time", "bots", "games",
                   "last game"], cells, {2, 5, 6}, optional={3, 4, 7}) if cells
            else '<p class="note">No ladders yet.</p>')
    nav = pager({"previous": url(offset=max(0, offset - size)) if offset else None,
                 "next": url(offset=offset + size) if len(rows) == size else None})
    return page("Ladders", [HOME], section("Ladders on this server", body + nav))


# --- a ladder --------------------------------------------------------------------------------
def standings_rows(show: Doc) -> list[list[str]]:
    """The standings table's cells (as `arena ladder show` shows them)."""
    lad, cells = show["ladder"], []
    for r in show["standings"]:
        n, playing = r["games"], r["state"] == "playing"
        state = "" if playing else (" (replaced)" if not r["active"]
                                    else f" (retired: {r['retired']})")
        fails = ", ".join(f"{k} {c}" for k, c in sorted(r["failures"].items())) or "-"
        ml = r["ml_elo"]
        cells.append([
            str(r["rank"]) if playing else "-",
            link(bot_url(lad, r["bot"]), f"{r['bot']} v{r['version']}") + esc(state),
            f"{r['mu']:.1f} ±{r['interval'][1] - r['mu']:.1f}" + ("?" if r["provisional"] else ""),
            str(n), f"{100 * r['win_rate']:.0f}%" if n else "-",
            _num(r["avg_place"], ".2f"), _num(r["avg_score"], ".1f"), esc(fails),
            f"{r['elo']:.0f}", f"{ml[0]:.0f} ±{(ml[2] - ml[1]) / 2:.0f}" if ml else "-",
            when(r["last_played"])])
    return cells


def chart_section(ladder: str, history: Doc, title: str, band: bool = False) -> str:
    """The rating chart of a history document and its legend (each bot a link)."""
    series = [s for s in history["series"] if s["points"]]
    svg = rating_chart([Series(s["label"], [(p[0], p[1], p[2]) for p in s["points"]])
                        for s in series], title, band)
    if not svg:
        return section(title, '<p class="note">No rated games yet.</p>', "chart")
    legend = "".join(f'<li><span class="sw s{i % 10}"></span>'
                     f'{_bot_link(ladder, s["bot"], s["label"])}</li>'
                     for i, s in enumerate(series))
    shown = max(len(s["points"]) for s in series)
    note = (f'<p class="note">Rating (Weng-Lin mu) after each ladder game; the latest '
            f"{shown} games of each line{'; shaded: its 95% interval' if band else ''}.</p>")
    return section(title, f'<figure>{svg}<ul class="legend">{legend}</ul></figure>{note}',
                   "chart")


def recent_rows(ladder: str, games: Sequence[Doc]) -> list[list[str]]:
    """A ladder's latest games: number, end, every seat's bot with its place, outcome."""
    cells = []
    for g in games:
        places = g["places"] or [None] * len(g["labels"])
        who = "<br>".join(f"{_seat(i)} {_bot_link(ladder, name, label)}"
                          + (f" <small>#{p}</small>" if p is not None else "")
                          for i, (name, label, p) in enumerate(
                              zip(g["names"], g["labels"], places, strict=True)))
        cells.append([link(game_url(ladder, g["idx"]), str(g["idx"])), when(g["finished"]),
                      who, _outcome(g)])
    return cells


def _outcome(g: Doc) -> str:
    if g["status"] == "error":
        return esc(f"error: {g['error'] or ''}")
    fails = ", ".join(f"seat {i} {k}" for i, k in g["failures"])
    return esc((g["outcome"] or "") + (f" ({fails})" if fails else ""))


def ladder_page(show: Doc, history: Doc, recent: Doc, every: bool, offset: int, size: int,
                before: int | None, games_size: int) -> str:
    """A ladder: its set-up, a page of `size` standings from `offset`, the chart of its best
    bots, and a page of its latest games (`games_size` asked, below `before`)."""
    lad = show["ladder"]
    shown = len(show["standings"])
    head = (f'<p class="lead">{_spec_line(show["spec"])}; {show["games"]} rated games; '
            f'{show["total"]} {"versions" if every else "bots playing"}.</p>')
    rows = standings_rows(show)
    stand = (table(["#", "bot", "rating", "games", "win", "place", "score", "failures",
                    "Elo", "ML Elo", "last"], rows, {0, 2, 3, 4, 5, 6, 8, 9}, "standings",
                   optional={5, 6, 7, 8, 9, 10})
             if rows else '<p class="note">No bots yet.</p>')
    notes = ["rating: Weng-Lin mu ±95% interval; ? provisional; ranked by mu - 3 sigma; "
             "win: share of first places; times UTC"]
    if show["seats"]:
        notes.append("seat advantage (win / average place): " + ", ".join(
            f"seat {s['seat']} {100 * s['win_rate']:.0f}% / {s['avg_place']:.2f}"
            for s in show["seats"]))
    keep = {"all": 1 if every else None}
    nav = pager({
        "previous": ladder_url(lad, offset=max(0, offset - size), **keep) if offset else None,
        "next": (ladder_url(lad, offset=offset + size, **keep)
                 if offset + shown < show["total"] else None),
        ("playing bots only" if every else "every version"):
            ladder_url(lad, all=None if every else 1)})
    standings = section("Standings", stand + nav + "".join(
        f'<p class="note">{esc(n)}</p>' for n in notes), "standings")
    games = recent["recent"]
    listed = (table(["game", "finished", "seats (bot, place)", "outcome"],
                    recent_rows(lad, games), {0}, "games", optional={1})
              if games else '<p class="note">No games played yet.</p>')
    older = pager({"latest": ladder_url(lad) + "#games" if before is not None else None,
                   "older": (ladder_url(lad, before=games[-1]["idx"]) + "#games"
                             if len(games) == games_size else None)})
    return page(f"Ladder {lad}", [HOME, (ladder_url(lad), lad)],
                head + standings + chart_section(lad, history, "Rating history of the best")
                + section("Recent games", listed + older, "games"))


# --- a bot -----------------------------------------------------------------------------------
def bot_page(history: Doc, games: Doc, before: int | None, version: int | None,
             games_size: int) -> str:
    """A bot: its versions (state, games, latest rating), their chart, and a page of the
    games of one version (the latest unless `version`; `games_size` asked, below
    `before`)."""
    lad, bot = history["ladder"], history["bot"]
    rows = []
    for s in history["series"]:
        last = s["points"][-1] if s["points"] else None
        state = "playing" if s["active"] else "replaced or retired"
        rating = f"{last[1]:.1f} ±{1.96 * last[2]:.1f}" if last else "-"
        rows.append([link(bot_url(lad, bot, version=s["version"]), f"v{s['version']}"),
                     esc(state), str(s["games"]), rating])
    versions = section("Versions", table(["version", "state", "games", "rating"], rows,
                                         {2, 3}), "versions")
    chart = chart_section(lad, history, f"Rating history of {bot}",
                          band=len(history["series"]) == 1)
    cells = []
    for g in games["games"]:
        others = "<br>".join(f"{_seat(i)} {_bot_link(lad, name, label)}"
                             for i, (name, label) in enumerate(
                                 zip(g["names"], g["labels"], strict=True)) if i != g["seat"])
        cells.append([link(game_url(lad, g["idx"]), str(g["idx"])), when(g["finished"]),
                      _seat(g["seat"]), _num(g["place"], "d"), _num(g["score"], "d"),
                      others, _outcome(g)])
    listed = (table(["game", "finished", "seat", "place", "score", "opponents", "outcome"],
                    cells, {0, 2, 3, 4}, "games", optional={1})
              if cells else '<p class="note">No games played yet.</p>')
    keep = {"version": version}
    older = pager({
        "latest": bot_url(lad, bot, **keep) + "#games" if before is not None else None,
        "older": (bot_url(lad, bot, before=games["games"][-1]["idx"], **keep) + "#games"
                  if len(games["games"]) == games_size else None)})
    title = f"Games of {games['label']} ({games['total']} played)"
    return page(f"{bot} on {lad}", [HOME, (ladder_url(lad), lad), (bot_url(lad, bot), bot)],
                versions + chart + section(title, listed + older, "games"))


# --- a game ----------------------------------------------------------------------------------
def game_page(ladder: str, row: Doc, record: MatchRecord, replay: Replay | None,
              problem: str, move: int, seat: int | None) -> str:
    """A played game: who played (bots, scores, places, failures), the board after `move`
    moves from everyone's view or `seat`'s, and every move in words (each a link to the
    board after it). `problem`: why the record could not be replayed ("" when it was)."""
    c, idx = record.config, row["idx"]
    n = len(record.moves)
    head = esc(f"{c.game}, {c.num_players} players, seed {c.seed}"
               + "".join(f", {k}={v}" for k, v in sorted(c.options.items()))
               + f"; outcome {record.outcome}; {n} moves; finished ")
    head = f'<p class="lead">{head}{when(row["finished"])}.</p>'
    fails = {p: ", ".join(f"{f.kind} at decision {f.decision}" for f in record.failures
                          if f.seat == p) or "-" for p in range(c.num_players)}
    results = [[_seat(p), _bot_link(ladder, row["names"][p], row["labels"][p]),
                str(record.scores[p]) if p < len(record.scores) else "-",
                str(record.ranking[p] + 1) if p < len(record.ranking) else "-", esc(fails[p])]
               for p in range(c.num_players)]
    body = head + section("Result", table(["seat", "bot", "score", "place", "failures"],
                                          results, {0, 2, 3}), "result")
    if replay is None:
        body += section("Moves", f'<p class="note">This record cannot be replayed: '
                                 f"{esc(problem)}</p>", "moves")
    else:
        body += _board_section(ladder, idx, replay, move, seat) + _moves_section(
            ladder, idx, replay, move, seat)
    return page(f"Game {idx} of {ladder}",
                [HOME, (ladder_url(ladder), ladder), (game_url(ladder, idx), f"game {idx}")],
                body)


def _board_section(ladder: str, idx: int, rp: Replay, move: int, seat: int | None) -> str:
    last = len(rp.steps)

    def at(k: int, view: int | None = seat) -> str:
        return game_url(ladder, idx, move=k, seat=view) + "#board"

    nav = pager({"start": at(0) if move else None, "previous": at(move - 1) if move else None,
                 "next": at(move + 1) if move < last else None,
                 "end": at(last) if move < last else None})
    views = {"everything": at(move, None) if seat is not None else None}
    if has_seat_views(rp.states[move]):
        views |= {f"seat {p}": at(move, p) if seat != p else None
                  for p in range(rp.record.config.num_players)}
    keep = f'<input type="hidden" name="seat" value="{seat}">' if seat is not None else ""
    jump = (f'<form class="jump" method="get" action="{game_url(ladder, idx)}#board">'
            f'<label>move <input type="number" name="move" min="0" max="{last}" '
            f'value="{move}"></label>{keep}<button type="submit">show</button></form>')
    if move:
        s = rp.steps[move - 1]
        said = f"Move {move} of {last}: seat {_seat(s.seat)} {esc(s.bot)}: {esc(s.words)}"
    else:
        said = f"The start of the game ({last} moves follow)"
    text, note = view_text(rp.states[move], seat)
    shown = "everything" if seat is None else f"what seat {seat} may know"
    return section("Board", f'<p class="move">{said}</p>{nav}'
                   f'<nav class="pager views">view: {" ".join(_views(views))}</nav>'
                   f'<p class="note">Showing {esc(shown)}{esc(f" ({note})" if note else "")}.'
                   f"</p>{jump}{board_html(text)}", "board")


def _views(views: dict[str, str | None]) -> list[str]:
    return [link(h, label) if h else f'<strong>{esc(label)}</strong>'
            for label, h in views.items()]


def _moves_section(ladder: str, idx: int, rp: Replay, move: int, seat: int | None) -> str:
    items = []
    for s in rp.steps:
        here = ' class="here"' if s.number == move else ""
        to = game_url(ladder, idx, move=s.number, seat=seat) + "#board"
        items.append(f'<li{here}>{link(to, str(s.number), "num")} '
                     f'seat {_seat(s.seat)} <span class="bot">{esc(s.bot)}</span> '
                     f'<small>{esc(s.seconds)} s</small>: {esc(s.words)}</li>')
    note = ('<p class="note">Each move in the rulebook\'s words; its number shows the board '
            "after it.</p>")
    return section("Moves", note + f'<ol class="moves">{"".join(items)}</ol>', "moves")
