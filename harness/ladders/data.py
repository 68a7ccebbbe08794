"""The ladder documents: the ladders list, a ladder's standings, a bot's rating history and
its games, a ladder's latest games, a game's record. One function builds each, for the CLI
(from the database: `Local`) and the server (`arena ladder serve`, which sends them as
JSON, and draws them as web pages; the CLI reads them back through
harness/server/client.py) alike, and the views draw them.

Each costs what it shows: standings read entrants (their aggregates), never games; a
bot's games and rating history come through an index, a page at a time (`limit`,
`since`, `before`); a record is read by its key, and shows a bot's log only to that bot's
author (`redacted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from engine.record import decode_json, encode_json
from harness.ladders.service import LadderError
from harness.ladders.standings import (
    ML_INLINE,
    Standing,
    fit_ml,
    seat_advantage,
    standings,
)
from harness.storage import ladders as ls
from harness.storage.database import Store

#: the most rows of one page of standings, ladders or games
MAX_PAGE = 500
#: points of one bot's rating history by default, and at most, in one answer
HISTORY_POINTS, MAX_POINTS = 2000, 10_000
#: bots in a history plot without --bot: the best-ranked current versions
TOP_SERIES = 10
#: names listed in "no bot X; known: ..."
KNOWN_SHOWN = 20

Doc = dict[str, Any]


def ladders_doc(store: Store, offset: int = 0, limit: int | None = None) -> list[Doc]:
    """Every ladder (a page of them): game, players, options, time control, bots playing,
    rated games, the last one's time."""
    bots = ls.active_counts(store)
    page = ls.ladders(store)[offset:None if limit is None else offset + limit]
    return [{"name": lad.name, "game": lad.spec.game, "players": lad.spec.num_players,
             "options": dict(lad.spec.options), "time": lad.spec.time_control(),
             "bots": bots.get(lad.id, 0), "games": lad.games, "last_game": lad.last_game}
            for lad in page]


def show_doc(store: Store, name: str, all_versions: bool = False, offset: int = 0,
             limit: int | None = None, public: bool = False) -> Doc:
    """`arena ladder show --json` (a page of it): the standings from the entrants'
    aggregates, the seat advantage, and how old the maximum-likelihood Elo is. `public`:
    the set-up as anyone may see it (`public_spec`)."""
    lad = ls.ladder(store, name)
    entrants = ls.entrants(store, lad.id)
    fresh = None
    if lad.ml_seq != lad.games and len(entrants) <= ML_INLINE:
        fresh = fit_ml(ls.ml_input(store, lad.id)[1])
    rows = standings(entrants, fresh)
    fitted = (lad.games, None) if fresh is not None else (lad.ml_seq, lad.ml_at)
    return standings_doc(lad, rows, seat_advantage(ls.seat_totals(store, lad.id)), fitted,
                         all_versions, offset, limit, public)


def standings_doc(lad: ls.Ladder, rows: Sequence[Standing],
                  seats: Sequence[tuple[float, float]], fitted: tuple[int | None, str | None],
                  all_versions: bool = False, offset: int = 0, limit: int | None = None,
                  public: bool = False) -> Doc:
    """The standings document of `rows` (best first): a page of `limit` rows from
    `offset`; `fitted`: the game after which the maximum-likelihood Elo was fitted, and
    when (None: just now)."""
    spec = msgspec.to_builtins(public_spec(lad.spec) if public else lad.spec)
    shown = [(i + 1, r) for i, r in enumerate(rows) if all_versions or r.entrant.active]
    page = shown[offset:None if limit is None else offset + limit]
    after, at = fitted
    return {"ladder": lad.name, "spec": spec, "games": lad.games,
            "seats": [{"seat": i, "win_rate": w, "avg_place": p}
                      for i, (w, p) in enumerate(seats)],
            "ml_fit": {"after_game": after, "at": at,
                       "games_since": None if after is None else lad.games - after},
            "total": len(shown), "offset": offset,
            "standings": [r.as_json(rank) for rank, r in page]}


def _versions(entrants: Sequence[ls.Entrant], lad: ls.Ladder, bot: str,
              version: int | None = None) -> list[ls.Entrant]:
    """The versions of `bot` (that `version`), or LadderError naming the known bots."""
    found = [e for e in entrants if e.name == bot and version in (None, e.version)]
    if not found:
        names = sorted({e.name for e in entrants})
        known = ", ".join(names[:KNOWN_SHOWN]) or "none"
        more = f" and {len(names) - KNOWN_SHOWN} more" if len(names) > KNOWN_SHOWN else ""
        raise LadderError(f"no bot {bot!r}{f' v{version}' if version else ''} on ladder "
                          f"{lad.name!r}; known: {known}{more}")
    return found


def history_doc(store: Store, name: str, bot: str | None = None, since: int | None = None,
                limit: int = HISTORY_POINTS) -> Doc:
    """Rating history: every version of `bot`, or the TOP_SERIES best-ranked current
    versions; per bot its latest `limit` points (game, mu, sigma, elo) in the order they
    were rated, or with `since` the first `limit` rated after that game."""
    lad = ls.ladder(store, name)
    entrants = ls.entrants(store, lad.id)
    if bot is not None:
        chosen = _versions(entrants, lad, bot)
    else:
        chosen = [r.entrant for r in standings(entrants) if r.entrant.active][:TOP_SERIES]
    limit = max(1, min(limit, MAX_POINTS))
    return {"ladder": lad.name, "bot": bot, "games": lad.games,
            "current": sum(1 for e in entrants if e.active),
            "series": [{"bot": e.name, "version": e.version, "label": e.label,
                        "active": e.active, "games": e.games,
                        "points": [list(p) for p in ls.history_of(store, lad.id, e.id, limit,
                                                                  since)]}
                       for e in chosen]}


def games_doc(store: Store, name: str, bot: str, version: int | None = None,
              limit: int = 10, since: int | None = None, before: int | None = None) -> Doc:
    """A bot's played games (its latest version unless `version`), newest first: at most
    `limit`, numbered above `since` and below `before` when given; each with the bot's
    seat, place and score, everyone's labels, and the outcome."""
    lad = ls.ladder(store, name)
    me = max(_versions(ls.entrants(store, lad.id), lad, bot, version), key=lambda e: e.version)
    limit = max(1, min(limit, MAX_PAGE))
    page = ls.games_of(store, lad.id, me.id, limit, since, before)
    rows = []
    for g, row in zip(page, _game_rows(store, page), strict=True):
        seat = g.entrants.index(me.id)
        rows.append({**row, "seat": seat,
                     "place": None if g.ranking is None else g.ranking[seat] + 1,
                     "score": None if g.scores is None else g.scores[seat]})
    return {"ladder": lad.name, "bot": me.name, "version": me.version, "label": me.label,
            "total": ls.count_games_of(store, lad.id, me.id), "games": rows}


def recent_doc(store: Store, name: str, limit: int = 10, before: int | None = None) -> Doc:
    """A ladder's latest played games, newest first: at most `limit`, numbered below
    `before` when given; each with every seat's bot, place and score, and the outcome."""
    lad = ls.ladder(store, name)
    page = ls.recent_games(store, lad.id, max(1, min(limit, MAX_PAGE)), before)
    rows = [_recent_row(g, row) for g, row in zip(page, _game_rows(store, page), strict=True)]
    return {"ladder": lad.name, "games": lad.games, "recent": rows}


def game_doc(store: Store, name: str, idx: int) -> Doc | None:
    """Game `idx` of a ladder as `recent_doc` lists it (None: no such game)."""
    lad = ls.ladder(store, name)
    g = ls.game(store, lad.id, idx)
    return None if g is None else _recent_row(g, _game_rows(store, [g])[0])


def _recent_row(g: ls.LadderGame, row: Doc) -> Doc:
    return {**row, "places": None if g.ranking is None else [r + 1 for r in g.ranking],
            "scores": g.scores}


def _game_rows(store: Store, page: Sequence[ls.LadderGame]) -> list[Doc]:
    """What every list of games shows of each game: its number, status, end, entrants
    with their names and labels, outcome, failures and error."""
    known = ls.entrants_by_id(store, [e for g in page for e in g.entrants])
    return [{"idx": g.idx, "status": g.status, "finished": g.finished,
             "entrants": g.entrants,
             "names": [known[e].name if e in known else None for e in g.entrants],
             "labels": [known[e].label if e in known else "(deleted)" for e in g.entrants],
             "outcome": g.outcome, "failures": [list(f) for f in g.failures],
             "error": g.error}
            for g in page]


def record_of(store: Store, name: str, idx: int, author: str | None) -> bytes | None:
    """Game `idx`'s record with the logs of `author`'s bots only (None: no played game)."""
    lad = ls.ladder(store, name)
    g = ls.game(store, lad.id, idx)
    rec = ls.record(store, lad.id, idx) if g is not None else None
    if g is None or rec is None:
        return None
    return redacted(rec, g.entrants, ls.entrants_by_id(store, g.entrants), author)


class Local:
    """Reads a ladders database (read-only, one connection per read), as harness/server/
    client.py's `Remote` reads a server: the same documents."""

    def __init__(self, db: Path) -> None:
        self.db = db

    def ladders(self) -> list[Doc]:
        with Store(self.db, read_only=True) as store:
            return ladders_doc(store)

    def show(self, name: str, all_versions: bool = False, offset: int = 0,
             limit: int | None = None) -> Doc:
        with Store(self.db, read_only=True) as store:
            return show_doc(store, name, all_versions, offset, limit)

    def history(self, name: str, bot: str | None = None, since: int | None = None,
                limit: int = HISTORY_POINTS) -> Doc:
        with Store(self.db, read_only=True) as store:
            return history_doc(store, name, bot, since, limit)

    def games(self, name: str, bot: str, version: int | None = None, limit: int = 10,
              since: int | None = None, before: int | None = None) -> Doc:
        with Store(self.db, read_only=True) as store:
            return games_doc(store, name, bot, version, limit, since, before)

    def record(self, name: str, idx: int) -> bytes | None:
        """The whole record: the database's reader sees every log."""
        with Store(self.db, read_only=True) as store:
            lad = ls.ladder(store, name)
            return ls.record(store, lad.id, idx)


def public_spec(spec: ls.LadderSpec) -> ls.LadderSpec:
    """A ladder's set-up as anyone may see it: without the server's bot folder, and
    without its seed (0): a bot that knew the seed would know every deal, its opponents'
    hidden hands included, by computing its game's seed from the one it is given."""
    return msgspec.structs.replace(spec, bot_root="", seed=0)


def redacted(record: bytes, seats: list[int], entrants: dict[int, ls.Entrant],
             author: str | None) -> bytes:
    """A game's record with what the bots of every seat that is not `author`'s wrote
    emptied: their logs (stderr), notes, and the detail of their failures (an error line
    they printed); the failure's kind and decision stay for everyone. Each such seat gets a
    note that its log is withheld (whether or not it wrote one), so that an empty log is
    never taken for a silent bot."""
    rec = decode_json(record)
    mine = {i for i, eid in enumerate(seats)
            if author is not None and eid in entrants and entrants[eid].author == author}
    logs = [log if i in mine else "" for i, log in enumerate(rec.logs)]
    notes = [n for n in rec.notes if not n.startswith("seat ")
             or any(n.startswith(f"seat {i}:") for i in mine)]
    notes += [withheld(i, author is None) for i in range(len(seats)) if i not in mine]
    failures = [f if f.seat in mine else msgspec.structs.replace(f, detail="")
                for f in rec.failures]
    return encode_json(msgspec.structs.replace(rec, logs=logs, notes=notes,
                                               failures=failures))


def withheld(seat: int, anonymous: bool) -> str:
    """The note in place of the log of a seat whose bot is not the reader's."""
    how = ("; give your token (ARENA_TOKEN or --token-file) to read your own bots' logs"
           if anonymous else "")
    return f"seat {seat}: its log is withheld: only its author may read it{how}"
