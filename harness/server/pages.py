"""The web pages of `arena ladder serve` (docs/ladders.md, "The ladder's web page"), beside
the JSON API and public like its reads (no token is asked for, none is used, and no bot's
log is shown):

- GET /                              the ladders (?offset=)
- GET /ladders/{name}                standings (?offset=, ?all=1), the rating chart of the
                                     best bots, the latest games (?before=)
- GET /ladders/{name}/bots?bot=B     a bot: its versions, their chart, a version's games
                                     (?version=, ?before=)
- GET /ladders/{name}/games/{idx}    a game: result, the board after a move (?move=,
                                     ?seat=: a seat's view), every move in words
- GET /static/arena.css              the one stylesheet

The documents are harness/ladders/data.py's, as the JSON reads and the CLI build them; the
HTML is harness/views/web's. Each page costs what a JSON read costs (a page of rows, at
most CHART_POINTS points per line) and is kept until its ladder changes; a game is re-run
from its record one at a time (the last few kept: `Replays`), since its moves' words and
boards come from the engine. Every page says `Content-Security-Policy: default-src
'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; ...`: no script runs,
whatever a name holds.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from engine.protocol import ArenaError
from engine.record import decode_json
from harness.ladders.data import (
    game_doc,
    games_doc,
    history_doc,
    ladders_doc,
    recent_doc,
    record_of,
    show_doc,
)
from harness.play.contest import load_modules
from harness.play.replay import Replay, run
from harness.server.app import Config, Problem, query_int, refused, scrubbed, threaded
from harness.storage import ladders as ls
from harness.storage.database import Store
from harness.views.web.html import STYLE_PATH, STYLESHEET, esc, page, url
from harness.views.web.pages import HOME, bot_page, game_page, index_page, ladder_page

#: rows of one page: ladders and standings; games
ROWS, GAMES = 50, 20
#: points of each line of a rating chart (a bot's latest games)
CHART_POINTS = 500
#: games kept re-run (every position of each) for stepping through their moves
REPLAYS = 4

CSP = ("default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
       "base-uri 'none'; frame-ancestors 'none'")
HEADERS = {"content-security-policy": CSP, "x-content-type-options": "nosniff",
           "referrer-policy": "no-referrer", "x-frame-options": "DENY",
           "cache-control": "no-cache"}


class Replays:
    """The last REPLAYS games re-run (key -> Replay, or the line saying why the record
    cannot be), built one at a time: a burst of game pages costs one core at most, and a
    request that waited WAIT seconds for its turn is answered 503 (the server's threads
    are not all left waiting)."""

    WAIT = 10.0

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[int, int], Replay | str] = OrderedDict()
        self.building = threading.Lock()

    def get(self, key: tuple[int, int], build: Callable[[], Replay]) -> Replay | str:
        if not self.building.acquire(timeout=self.WAIT):
            raise Problem(503, "the server is busy re-running other games; try again shortly",
                          retry_after=5)
        try:
            if key in self.kept:
                self.kept.move_to_end(key)
                return self.kept[key]
            try:
                made: Replay | str = build()
            except ArenaError as e:
                made = str(e).splitlines()[0] if str(e) else "it does not fit its game"
            self.kept[key] = made
            while len(self.kept) > REPLAYS:
                self.kept.popitem(last=False)
            return made
        finally:
            self.building.release()


PageHandler = Callable[[Config, Store, Request], bytes]


def html_route(handler: PageHandler) -> Callable[[Request], Awaitable[Response]]:
    """An async route around a blocking page `handler` (in a thread, with its own store):
    the page with HEADERS, a refusal as a page of one line with its status."""

    async def route(request: Request) -> Response:
        cfg: Config = request.app.state.cfg
        headers = dict(HEADERS)
        try:
            body = await threaded(cfg, lambda store: handler(cfg, store, request))
            status = 200
        except Exception as e:
            if (refusal := refused(e)) is None:
                raise
            line = str(e).splitlines()[0] if str(e) else "refused"
            body = page(f"Error {refusal}", [HOME], f'<p class="lead">{esc(line)}</p>').encode()
            status = refusal
            if isinstance(e, Problem) and e.retry_after is not None:
                headers["retry-after"] = str(e.retry_after)
        return Response(scrubbed(cfg, body), status_code=status,
                        media_type="text/html; charset=utf-8", headers=headers)

    return route


def index(cfg: Config, store: Store, request: Request) -> bytes:
    offset = query_int(request, "offset", 0, 0, 1 << 40) or 0
    return cfg.documents.kept_bytes(
        ("page", "index", offset), ls.version_of_all(store),
        lambda: index_page(ladders_doc(store, offset, ROWS), offset, ROWS).encode())


def ladder(cfg: Config, store: Store, request: Request) -> bytes:
    lad = ls.ladder(store, request.path_params["name"])
    every = request.query_params.get("all") in ("1", "true")
    offset = query_int(request, "offset", 0, 0, 1 << 40) or 0
    before = query_int(request, "before", None, 0, 1 << 62)
    cfg.documents.refit(cfg.db, lad, ls.entrant_count(store, lad.id))

    def build() -> bytes:
        return ladder_page(show_doc(store, lad.name, every, offset, ROWS, True),
                           history_doc(store, lad.name, None, None, CHART_POINTS),
                           recent_doc(store, lad.name, GAMES, before), every, offset, ROWS,
                           before, GAMES).encode()

    return cfg.documents.kept_bytes(("page", "ladder", lad.id, every, offset, before),
                                    lad.changes, build)


def bot(cfg: Config, store: Store, request: Request) -> bytes:
    lad = ls.ladder(store, request.path_params["name"])
    name = request.query_params.get("bot")
    if not name:
        raise Problem(400, "name the bot to show (?bot=NAME)")
    version = query_int(request, "version", None, 1, 1 << 30)
    before = query_int(request, "before", None, 0, 1 << 62)

    def build() -> bytes:
        return bot_page(history_doc(store, lad.name, name, None, CHART_POINTS),
                        games_doc(store, lad.name, name, version, GAMES, None, before),
                        before, version, GAMES).encode()

    return cfg.documents.kept_bytes(("page", "bot", lad.id, name, version, before),
                                    lad.changes, build)


def game(cfg: Config, store: Store, request: Request) -> bytes:
    lad = ls.ladder(store, request.path_params["name"])
    idx = request.path_params["idx"]
    data = record_of(store, lad.name, idx, None)
    row = game_doc(store, lad.name, idx)
    if data is None or row is None:
        raise Problem(404, f"ladder {lad.name!r} has no played game {idx}")
    record = decode_json(data)
    last = len(record.moves)
    move = query_int(request, "move", last, 0, last)
    seat = query_int(request, "seat", None, 0, record.config.num_players - 1)
    assert move is not None

    def replay() -> Replay:
        load_modules(lad.spec.modules)
        return run(record)

    def build() -> bytes:
        made = request.app.state.replays.get((lad.id, idx), replay)
        rp, problem = (made, "") if isinstance(made, Replay) else (None, made)
        return game_page(lad.name, row, record, rp, problem, move, seat).encode()

    return cfg.documents.kept_bytes(("page", "game", lad.id, idx, move, seat), lad.changes,
                                    build)


async def stylesheet(request: Request) -> Response:
    return Response(STYLESHEET, media_type="text/css; charset=utf-8",
                    headers={**HEADERS, "cache-control": "public, max-age=86400"})


def routes() -> list[Route]:
    """The pages' routes (the server's replays kept in `app.state.replays`)."""
    return [Route(url(), html_route(index)),
            Route("/ladders/{name}", html_route(ladder)),
            Route("/ladders/{name}/bots", html_route(bot)),
            Route("/ladders/{name}/games/{idx:id}", html_route(game)),
            Route(STYLE_PATH, stylesheet)]
