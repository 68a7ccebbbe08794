"""The HTTP API of `arena ladder serve` (Starlette), under /api/v1:

- GET  ladders                          every ladder (as `arena ladders --json`)
- GET  ladders/{name}                   standings (as `arena ladder show --json`; ?all=1)
- GET  ladders/{name}/state             ladder, entrants and games (the CLI's views)
- GET  ladders/{name}/history           rating history
- GET  ladders/{name}/games/{idx}       a game's record; only your own bots' logs in it
- POST ladders/{name}/bots?as=&spec=    submit: the body is a tar or zip of the bot
- GET  submissions/{id}                 your submission: queued, running, registered, refused
- POST token/renew, token/revoke        your own token (Authorization: Bearer TOKEN)

Every answer is JSON; an error is {"error": "one line"} with a 4xx status (5xx only for
the server's own faults, whose details go to the operator's log, never to the client).
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bots.spec import BotSpec
from engine.protocol import ArenaError
from harness.ladders.data import public, read_state, redacted, show_doc
from harness.ladders.service import check_entrant_name
from harness.sandbox.submission import MAX_BYTES
from harness.server import auth
from harness.server.jobs import Worker, upload_folder
from harness.server.uploads import unpack
from harness.storage import authors as jobs_store
from harness.storage import ladders as ls
from harness.storage.database import Store, StoreError

log = logging.getLogger("arena.server")

#: the largest request body taken (an archive: its files' cap, compressed or not, and some)
MAX_BODY = MAX_BYTES + 1024**2


class Problem(Exception):
    """A request refused with `status` and one line."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Limits:
    """Per-author limits of a served database."""

    per_hour: int = 20  # submissions per author per hour
    versions: int = 50  # stored versions per author per ladder


@dataclass
class Config:
    db: Path
    limits: Limits
    worker: Worker


def _store(cfg: Config) -> Store:
    return Store(cfg.db, create=False)


def _author(cfg: Config, store: Store, request: Request, required: bool) -> str | None:
    header = request.headers.get("authorization", "")
    if not header:
        if required:
            raise Problem(401, "this needs an author's token (Authorization: Bearer TOKEN)")
        return None
    scheme, _, token = header.partition(" ")
    who = auth.who(store, token.strip()) if scheme.lower() == "bearer" else None
    if who is None:
        raise Problem(401, "unknown or revoked token")
    request.state.author = who
    return who


Handler = Callable[[Config, Store, Request, bytes], Any]


def endpoint(handler: Handler, body: bool = False) -> Callable[[Request], Awaitable[Response]]:
    """An async route around a blocking `handler` (run in a thread, with its own store):
    the body read within MAX_BODY, errors turned into one-line JSON."""

    async def route(request: Request) -> Response:
        cfg: Config = request.app.state.cfg
        data = await _body(request) if body else b""

        def work() -> Any:
            with _store(cfg) as store:
                return handler(cfg, store, request, data)

        try:
            result = await run_in_threadpool(work)
        except Problem as p:
            return _error(p.status, str(p))
        except StoreError as e:
            return _error(404 if str(e).startswith("no ") else 503, str(e))
        except ArenaError as e:
            return _error(400, str(e))
        if isinstance(result, Response):
            return result
        status, doc = result if isinstance(result, tuple) else (200, result)
        return JSONResponse(doc, status_code=status)

    return route


async def _body(request: Request) -> bytes:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise HTTPException(413, f"the request is larger than {MAX_BODY // 1024**2} MiB")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise HTTPException(413, f"the request is larger than {MAX_BODY // 1024**2} MiB")
    return bytes(data)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message.splitlines()[0] if message else "error"},
                        status_code=status)


# --- reading ---------------------------------------------------------------------------------
def ladders(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    out = []
    for lad in ls.ladders(store):
        games = [g for g in ls.games(store, lad.id) if g.status == "done"]
        out.append({"name": lad.name, "game": lad.spec.game, "players": lad.spec.num_players,
                    "options": dict(lad.spec.options), "time": lad.spec.time_control(),
                    "bots": len(ls.entrants(store, lad.id, active_only=True)),
                    "games": len(games),
                    "last_game": max((g.finished or "" for g in games), default=None)})
    return out


def standings(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    doc = show_doc(read_state(store, request.path_params["name"]),
                   request.query_params.get("all") in ("1", "true"))
    doc["spec"]["bot_root"] = ""
    return doc


def state(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    return public(read_state(store, request.path_params["name"]))


def history(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    st = read_state(store, request.path_params["name"])
    return {**public(st), "history": ls.history(store, st.ladder.id)}


def record(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    st = read_state(store, request.path_params["name"])
    idx = request.path_params["idx"]
    game = next((g for g in st.games if g.idx == idx), None)
    rec = ls.record(store, st.ladder.id, idx)
    if game is None or rec is None:
        raise Problem(404, f"ladder {st.ladder.name!r} has no played game {idx}")
    who = _author(cfg, store, request, required=False)
    data = redacted(rec, game.entrants, {e.id: e for e in st.entrants}, who)
    return Response(data, media_type="application/json")


# --- submitting ------------------------------------------------------------------------------
def submit(cfg: Config, store: Store, request: Request, data: bytes) -> Any:
    who = _author(cfg, store, request, required=True)
    assert who is not None
    name = request.path_params["name"]
    display = check_entrant_name(request.query_params.get("as", ""))
    spec = request.query_params.get("spec", "").strip()
    if not spec:
        raise Problem(400, "give the bot's spec (?spec=cmd:python3 bot.py)")
    BotSpec.parse(spec)  # a spec that cannot be read: refused before the upload is unpacked
    lad = ls.ladder(store, name)
    mine = [e for e in ls.entrants(store, lad.id) if e.author == who]
    owner = next((e.author for e in ls.entrants(store, lad.id) if e.name == display
                  and e.author), who)
    if owner != who:
        raise Problem(403, f"bot name {display!r} on ladder {name!r} belongs to {owner!r} "
                      f"(you are {who!r}); choose another name")
    if len(mine) >= cfg.limits.versions:
        raise Problem(403, f"you have {len(mine)} stored versions on {name!r} (the limit is "
                      f"{cfg.limits.versions}); delete an old bot first")
    if jobs_store.recent(store, who, 3600) >= cfg.limits.per_hour:
        raise Problem(429, f"at most {cfg.limits.per_hour} submissions per hour; try later")
    jid = jobs_store.queue(store, who, name, display, spec)
    try:
        if data:
            unpack(data, upload_folder(cfg.db, jid))
    except ArenaError as e:
        jobs_store.update(store, jid, "refused", str(e), {"problems": [str(e)]})
        raise Problem(400, str(e)) from None
    cfg.worker.add(jid)
    return 202, {"id": jid, "state": "queued", "status": f"/api/v1/submissions/{jid}"}


def status(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    who = _author(cfg, store, request, required=True)
    job = jobs_store.job(store, request.path_params["id"])
    if job is None or job.author != who:  # another author's is as good as none
        raise Problem(404, f"you have no submission {request.path_params['id']}")
    return {"id": job.id, "ladder": job.ladder, "name": job.name, "spec": job.spec,
            "state": job.state, "detail": job.detail, "result": job.result,
            "created": job.created, "finished": job.finished}


def renew(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    who = _author(cfg, store, request, required=True)
    assert who is not None
    return {"author": who, "token": auth.renew(store, who)}


def revoke(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    who = _author(cfg, store, request, required=True)
    assert who is not None
    auth.revoke(store, who)
    return {"author": who, "revoked": True}


# --- the application -------------------------------------------------------------------------
class RequestLog:
    """One line per request for the operator: method, path, status, author, seconds."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        t0, seen = time.monotonic(), {"status": 500}

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                seen["status"] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            author = scope.get("state", {}).get("author", "-")
            client = (scope.get("client") or ("-",))[0]
            log.info("%s %s %s %d %s %.3fs", client, scope["method"], scope["path"],
                     seen["status"], author, time.monotonic() - t0)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error(exc.status_code, str(exc.detail))


async def _crash(request: Request, exc: Exception) -> Response:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return _error(500, "internal error (the operator's log has it)")


def make_app(db: Path, limits: Limits | None = None, allow_unsandboxed: bool = False,
             address: str | None = None) -> Starlette:
    """The application over database `db`, with its submission worker (validating on the
    Ray cluster at `address`, which this process has joined, when given)."""
    worker = Worker(db, allow_unsandboxed, address)
    api = "/api/v1"
    routes = [
        Route(f"{api}/ladders", endpoint(ladders)),
        Route(f"{api}/ladders/{{name}}", endpoint(standings)),
        Route(f"{api}/ladders/{{name}}/state", endpoint(state)),
        Route(f"{api}/ladders/{{name}}/history", endpoint(history)),
        Route(f"{api}/ladders/{{name}}/games/{{idx:int}}", endpoint(record)),
        Route(f"{api}/ladders/{{name}}/bots", endpoint(submit, body=True), methods=["POST"]),
        Route(f"{api}/submissions/{{id:int}}", endpoint(status)),
        Route(f"{api}/token/renew", endpoint(renew), methods=["POST"]),
        Route(f"{api}/token/revoke", endpoint(revoke), methods=["POST"]),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        worker.start()
        yield
        worker.stop()

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: _http_error, Exception: _crash})
    app.state.cfg = Config(db, limits or Limits(), worker)
    app.add_middleware(RequestLog)
    return app
