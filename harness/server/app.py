"""The HTTP API of `arena ladder serve` (Starlette), under /api/v1:

- GET  ladders                          every ladder (as `arena ladders --json`)
- GET  ladders/{name}                   standings (as `arena ladder show --json`; ?all=1)
- GET  ladders/{name}/state             ladder, entrants and games (the CLI's views)
- GET  ladders/{name}/history           rating history
- GET  ladders/{name}/games/{idx}       a game's record; only your own bots' logs in it
- GET  ladders/{name}/admission?as=&spec=  whether a submission would be taken (nothing sent)
- POST ladders/{name}/bots?as=&spec=    submit: the body is a tar or zip of the bot
- POST ladders/{name}/bots/retire?bot=, bots/reactivate?bot=&version=, DELETE
       ladders/{name}/bots?bot=         your own bot (or any, on your own ladder)
- GET  submissions, submissions/{id}    your submissions: queued, running, registered, refused
- POST token/renew, token/revoke        your own token (Authorization: Bearer TOKEN)
- GET  platform                         the machine bots run on (harness/sandbox/machine.py)

Every answer is JSON; an error is {"error": "one line"} with a 4xx status (5xx only for
the server's own faults, whose details go to the operator's log, never to the client).
No answer names the server's folders (the database's, uploads', bots' and the program's
own are spelled `<server>`), and an id a route takes is 1 to 18 digits (else 404).

A submission is settled before its body is read: its declared size (413), the token
(401), the bot's name (403 when another author owns it or one that looks the same) and
the per-author limits, counted with the submissions not finished yet in one write
transaction (403, 429); then at most `Limits.uploads` bodies are read and unpacked at
once (503 beyond), one per author. Connection-level bounds (slow clients, connection
counts, header size): harness/server/serving.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.convertors import Convertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from engine.common.project import PROJECT
from engine.protocol import ArenaError
from harness.ladders import lifecycle as life
from harness.ladders.data import ladder_rows, public, public_spec, read_state, redacted, show_doc
from harness.ladders.lifecycle import NotYours
from harness.ladders.service import NameTaken, check_bot_name, check_entrant_name, read_submitted
from harness.sandbox import machine
from harness.sandbox.submission import MAX_BYTES
from harness.server import auth
from harness.server.jobs import VALIDATION_SECONDS, Worker, upload_folder
from harness.server.uploads import unpack
from harness.storage import authors as jobs_store
from harness.storage import ladders as ls
from harness.storage.database import Store, StoreError

log = logging.getLogger("arena.server")

#: the largest request body taken (an archive: its files' cap, compressed or not, and some)
MAX_BODY = MAX_BYTES + 1024**2


class Problem(Exception):
    """A request refused with `status` and one line; `retry_after`: seconds until it may
    be asked again (the Retry-After header)."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


@dataclass
class Limits:
    """Per-author limits of a served database, and what submitting may take at once."""

    per_hour: int = 20  # submissions per author per hour
    versions: int = 50  # stored versions per author per ladder
    uploads: int = 2  # bodies read and unpacked at once (each up to MAX_BODY, in memory)
    validation: float = VALIDATION_SECONDS  # seconds one validation may take


@dataclass
class Config:
    db: Path
    limits: Limits
    worker: Worker
    hidden: list[bytes]  # the server's folders, as they would appear in a JSON answer
    uploading: asyncio.Semaphore


class IdConvertor(Convertor[int]):
    """A route's numeric id: 1 to 18 digits (every SQLite integer id; anything else is no
    route, a 404, never an integer SQLite cannot take)."""

    regex = "[0-9]{1,18}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


register_url_convertor("id", IdConvertor())


def _hidden(db: Path) -> list[bytes]:
    """The folders no answer may name: the database's (uploads and bots beside it) as the
    operator spelled it, absolute, and with its links resolved, and the program's, longest
    first, as JSON spells them."""
    folders = {db.parent, Path(os.path.abspath(db)).parent, db.resolve().parent, PROJECT}
    return sorted((json.dumps(str(f), ensure_ascii=False)[1:-1].encode() for f in folders
                   if len(f.parts) > 1), key=len, reverse=True)


def _scrubbed(cfg: Config, body: bytes) -> bytes:
    for folder in cfg.hidden:
        if folder in body:
            body = body.replace(folder, b"<server>")
    return body


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


async def _threaded(cfg: Config, work: Callable[[Store], Any]) -> Any:
    """`work` run in a thread with a store of its own."""
    def run() -> Any:
        with _store(cfg) as store:
            return work(store)
    return await run_in_threadpool(run)


def _answer(cfg: Config, result: Any) -> Response:
    """A handler's result as JSON (a status and document, a document, or bytes of JSON),
    the server's folders spelled `<server>`."""
    if isinstance(result, Response):
        return Response(_scrubbed(cfg, bytes(result.body)), status_code=result.status_code,
                        media_type=result.media_type)
    if isinstance(result, bytes):
        return Response(_scrubbed(cfg, result), media_type="application/json")
    status, doc = result if isinstance(result, tuple) else (200, result)
    return Response(_scrubbed(cfg, JSONResponse(doc).body), status_code=status,
                     media_type="application/json")


def _refusal(cfg: Config, e: Exception) -> Response | None:
    """The answer to an exception a handler may raise (None: not one of those)."""
    if isinstance(e, Problem):
        answer = _error(e.status, str(e), cfg)
        if e.retry_after is not None:
            answer.headers["retry-after"] = str(e.retry_after)
        return answer
    if isinstance(e, NotYours):
        return _error(403, str(e), cfg)
    if isinstance(e, StoreError):
        return _error(404 if str(e).startswith("no ") else 503, str(e), cfg)
    if isinstance(e, ArenaError):
        return _error(400, str(e), cfg)
    return None


def endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """An async route around a blocking `handler` (run in a thread, with its own store),
    errors turned into one-line JSON. No route but the upload reads a body."""

    async def route(request: Request) -> Response:
        cfg: Config = request.app.state.cfg
        try:
            result = await _threaded(cfg, lambda store: handler(cfg, store, request, b""))
        except Exception as e:
            if (answer := _refusal(cfg, e)) is None:
                raise
            return answer
        return _answer(cfg, result)

    return route


def _declared(request: Request) -> None:
    """413 when the declared length is over the cap (before anything else is done)."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or len(size) > 12 or int(size) > MAX_BODY):
        raise Problem(413, f"the request is larger than {MAX_BODY // 1024**2} MiB")


async def _body(request: Request) -> bytes:
    """The body, cut at MAX_BODY (a chunked body has no declared length)."""
    data = bytearray()
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise Problem(413, f"the request is larger than {MAX_BODY // 1024**2} MiB")
    except ClientDisconnect:
        raise Problem(408, "the upload did not arrive (the connection closed)") from None
    return bytes(data)


def _error(status: int, message: str, cfg: Config | None = None) -> Response:
    """`{"error": first line}`, the server's folders spelled `<server>`."""
    line = message.splitlines()[0] if message else "error"
    if cfg is not None:
        line = _scrubbed(cfg, line.encode()).decode()
    return JSONResponse({"error": line}, status_code=status)


# --- reading ---------------------------------------------------------------------------------
def ladders(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    return ladder_rows(store)


def standings(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    st = read_state(store, request.path_params["name"])
    doc = show_doc(st, request.query_params.get("all") in ("1", "true"))
    doc["spec"] = msgspec.to_builtins(public_spec(st.ladder.spec))
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
def admit(cfg: Config, store: Store, request: Request, check_only: bool = False) -> int:
    """Everything about a submission that needs no body: the author, the spec, the bot's
    name (another author's, or a name on the ladder spelled another way, is refused with
    advice that fits the asker) and the per-author limits; the submission reserved
    (`receiving`); its id (`check_only`: the same checks, nothing reserved)."""
    who = _author(cfg, store, request, required=True)
    assert who is not None
    name = request.path_params["name"]
    display = check_entrant_name(request.query_params.get("as", ""))
    spec = request.query_params.get("spec", "").strip()
    if not spec:
        raise Problem(400, "give the bot's spec (?spec=cmd:python3 bot.py)")
    read_submitted(spec)  # a spec that cannot be read: refused before the upload is unpacked
    lad = ls.ladder(store, name)
    owners = [(e.name, e.author) for e in ls.entrants(store, lad.id)]
    try:
        check_bot_name(owners + jobs_store.pending(store, name), display, who, name)
    except NameTaken as e:
        raise Problem(409 if e.mine else 403, str(e)) from None
    try:
        return jobs_store.reserve(store, who, lad.id, name, display, spec,
                                  cfg.limits.per_hour, cfg.limits.versions, check_only)
    except jobs_store.OverLimit as e:
        raise Problem(403 if e.limit == "versions" else 429, str(e), e.retry_after) from None


def admission(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    """GET ladders/{name}/admission: what `submit` settles before the body, asked before
    the files are packed and sent (`arena ladder submit --server` asks first)."""
    admit(cfg, store, request, check_only=True)
    return {"admitted": True}


def accept(cfg: Config, store: Store, jid: int, data: bytes) -> Any:
    """Unpack submission `jid`'s archive (if any) and queue it for validation."""
    try:
        if data:
            unpack(data, upload_folder(cfg.db, jid))
    except ArenaError as e:  # `submit` records the refusal
        raise Problem(400, str(e)) from None
    jobs_store.update(store, jid, "queued", "waiting for validation")
    job = jobs_store.job(store, jid)
    cfg.worker.add(jid, job.author if job is not None else "")
    return 202, {"id": jid, "state": "queued", "status": f"/api/v1/submissions/{jid}"}


async def submit(request: Request) -> Response:
    """POST ladders/{name}/bots: settled (`admit`) before a byte of the body is read."""
    cfg: Config = request.app.state.cfg
    jid: int | None = None
    try:
        _declared(request)
        jid = await _threaded(cfg, lambda store: admit(cfg, store, request))
        if cfg.uploading.locked():
            raise Problem(503, "the server is taking other uploads; try again in a minute",
                          60)
        async with cfg.uploading:
            data = await _body(request)
            got = jid
            result = await _threaded(cfg, lambda store: accept(cfg, store, got, data))
            jid = None  # queued: the worker records the outcome from here on
    except Exception as e:
        if jid is not None:
            why = str(e) if isinstance(e, Problem) else "internal error"
            await _threaded(cfg, lambda store: jobs_store.update(
                store, jid, "refused", why, {"problems": [why]}))
        if (answer := _refusal(cfg, e)) is None:
            raise
        answer.headers["connection"] = "close"  # the rest of a body is not read
        return answer
    return _answer(cfg, result)


def _job_doc(job: jobs_store.Job) -> dict[str, Any]:
    return {"id": job.id, "ladder": job.ladder, "name": job.name, "spec": job.spec,
            "state": job.state, "detail": job.detail, "result": job.result,
            "created": job.created, "finished": job.finished}


def status(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    who = _author(cfg, store, request, required=True)
    job = jobs_store.job(store, request.path_params["id"])
    if job is None or job.author != who:  # another author's is as good as none
        raise Problem(404, f"you have no submission {request.path_params['id']}")
    return _job_doc(job)


def submissions(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    """GET submissions: your latest ones (?limit=, at most 100), newest first."""
    who = _author(cfg, store, request, required=True)
    assert who is not None
    limit = request.query_params.get("limit", "20")
    if not limit.isdigit() or not 1 <= int(limit) <= 100:
        raise Problem(400, "limit is a whole number from 1 to 100")
    return [_job_doc(j) for j in jobs_store.mine(store, who, int(limit))]


# --- managing one's bots ---------------------------------------------------------------------
def _bot(request: Request) -> str:
    bot = request.query_params.get("bot", "")
    if not bot:
        raise Problem(400, "give the bot's name (?bot=NAME)")
    return bot


def _entrant_doc(e: ls.Entrant) -> dict[str, Any]:
    return {"label": e.label, "name": e.name, "version": e.version, "mu": e.mu,
            "games": e.games, "state": e.state, "retired": e.retired}


def retire(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    who = _author(cfg, store, request, required=True)
    assert who is not None
    return _entrant_doc(life.retire(store, request.path_params["name"], _bot(request), who))


def reactivate(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    who = _author(cfg, store, request, required=True)
    assert who is not None
    version = request.query_params.get("version")
    if version is not None and (not version.isdigit() or len(version) > 9):
        raise Problem(400, "version is a whole number")
    return _entrant_doc(life.reactivate(store, request.path_params["name"], _bot(request),
                                        int(version) if version else None, who))


def delete_bot(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    """Every version of your bot gone (`DELETE ladders/{name}/bots?bot=`; with
    `&dry_run=1`: refused as it would be, or how many versions would go; nothing deleted)."""
    who = _author(cfg, store, request, required=True)
    assert who is not None
    name, bot = request.path_params["name"], _bot(request)
    if request.query_params.get("dry_run") in ("1", "true"):
        return {"bot": bot, "versions": life.deletable(store, name, bot, who)[1],
                "deleted": False}
    versions_gone, cancelled = life.delete_entrant(store, name, bot, who)
    return {"bot": bot, "versions": versions_gone, "cancelled": cancelled, "deleted": True}


def platform(cfg: Config, store: Store, request: Request, _: bytes) -> Any:
    return machine.describe()


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
            log.info("%s %s %s %d %s %.3fs", client, scope["method"], _shown_path(scope),
                     seen["status"], author, time.monotonic() - t0)


def _shown_path(scope: Scope) -> str:
    """A request's path for the log: as sent (percent-escapes kept), at most 300
    characters (the log's formatter escapes what is left: harness/server/serving.py)."""
    raw = scope.get("raw_path") or scope["path"].encode("utf-8", "replace")
    text = raw.decode("ascii", "replace")
    return text if len(text) <= 300 else text[:300] + "..."


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error(exc.status_code, str(exc.detail))


async def _crash(request: Request, exc: Exception) -> Response:
    log.error("internal error on %s %s", request.method, _shown_path(request.scope),
              exc_info=exc)
    return _error(500, "internal error (the operator's log has it)")


def make_app(db: Path, limits: Limits | None = None, allow_unsandboxed: bool = False,
             address: str | None = None) -> Starlette:
    """The application over database `db`, with its submission worker (validating on the
    Ray cluster at `address` when given)."""
    limits = limits or Limits()
    worker = Worker(db, allow_unsandboxed, limits.validation, address)
    api = "/api/v1"
    routes = [
        Route(f"{api}/ladders", endpoint(ladders)),
        Route(f"{api}/ladders/{{name}}", endpoint(standings)),
        Route(f"{api}/ladders/{{name}}/state", endpoint(state)),
        Route(f"{api}/ladders/{{name}}/history", endpoint(history)),
        Route(f"{api}/ladders/{{name}}/games/{{idx:id}}", endpoint(record)),
        Route(f"{api}/ladders/{{name}}/admission", endpoint(admission)),
        Route(f"{api}/ladders/{{name}}/bots", submit, methods=["POST"]),
        Route(f"{api}/ladders/{{name}}/bots", endpoint(delete_bot), methods=["delete"]),
        Route(f"{api}/ladders/{{name}}/bots/retire", endpoint(retire), methods=["POST"]),
        Route(f"{api}/ladders/{{name}}/bots/reactivate", endpoint(reactivate),
              methods=["POST"]),
        Route(f"{api}/submissions", endpoint(submissions)),
        Route(f"{api}/submissions/{{id:id}}", endpoint(status)),
        Route(f"{api}/platform", endpoint(platform)),
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
    app.router.redirect_slashes = False  # a redirect would name the client's Host header
    app.state.cfg = Config(db, limits, worker, _hidden(db), asyncio.Semaphore(limits.uploads))
    app.add_middleware(RequestLog)
    return app
