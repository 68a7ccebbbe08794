"""`arena ladder serve` on uvicorn, with the bounds a server facing strangers needs set by the
server itself (a proxy in front may add its own, but nothing here relies on one).

uvicorn (h11) bounds the request line and headers still arriving
(`h11_max_incomplete_event_size`; `HeaderCap` bounds a whole header block) and the
requests in flight (`limit_concurrency`, counted when a request's headers are complete),
closes an idle kept-alive connection (`timeout_keep_alive`), and buffers at most 64 KiB
of a body the application has not read. It has no deadline for a request that arrives a
byte at a time (slowloris), nor a cap on connections that never finish their headers. The
protocol class here adds them:

- at most `connections` open connections, and `per_client` from one address (the peer's:
  behind a proxy every client is the proxy's address); one over is answered 503 and closed;
- a request's line and headers must arrive within `header_timeout` seconds of the
  connection (or of the previous response on a kept-alive connection), and its body and
  response must be done within `request_timeout` seconds of its headers, plus a second
  for every `RATE` bytes of body received (a large upload at a fair rate finishes, a
  body trickled a byte at a time does not): else the connection is closed (a body the
  application waits for then ends as a disconnect).

The log: one formatter for the server's lines and uvicorn's, which spells every control
character of a message as an escape (a `%0a` in a path cannot forge a line) and starts
each line of a traceback with `| ` (a line that starts with a timestamp is a record).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from engine.common.untrusted import visible
from engine.protocol import ArenaError

log = logging.getLogger("arena.server")

#: bytes a second of a request's body that earn it a second more than --request-timeout
RATE = 64 * 1024
_BUSY = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
         b"connection: close\r\ncontent-length: 52\r\n\r\n"
         b'{"error": "too many connections; try again shortly"}')


@dataclass(frozen=True)
class Bounds:
    """What one server takes from the network at once (`arena ladder serve` options)."""

    connections: int = 256  # open connections in all
    per_client: int = 32  # open connections from one address (0: no such limit)
    header_timeout: float = 10.0  # seconds for a request's line and headers
    request_timeout: float = 120.0  # seconds from its headers to the end of its response
    header_bytes: int = 16 * 1024  # the request line and headers together
    keep_alive: int = 5  # seconds an idle connection stays open after a response


def protocol(bounds: Bounds) -> type[H11Protocol]:
    """uvicorn's h11 protocol with the connection caps and deadlines of `bounds`."""

    class Bounded(H11Protocol):
        timer: asyncio.TimerHandle | None = None
        phase: str = ""
        deadline: float = 0.0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else None
            same = sum(1 for c in self.connections
                       if host is not None and getattr(c, "client", None)
                       and c.client[0] == host)
            if (len(self.connections) > bounds.connections
                    or (bounds.per_client and same > bounds.per_client)):
                transport.write(_BUSY)
                transport.close()
                return
            self._watch()

        def data_received(self, data: bytes) -> None:
            if self.phase == "request":  # a body arriving at a fair rate earns its time
                self.deadline += len(data) / RATE
            super().data_received(data)
            self._watch()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._watch()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            super().connection_lost(exc)

        def _watch(self) -> None:
            """Arm the deadline of the phase the connection is in: waiting for a request's
            headers, or in a request (its body, the application, the response)."""
            phase = "headers" if self.conn.their_state is h11.IDLE else "request"
            if phase == self.phase or self.transport.is_closing():
                return
            if self.timer is not None:
                self.timer.cancel()
            self.phase = phase
            limit = bounds.header_timeout if phase == "headers" else bounds.request_timeout
            self.deadline = self.loop.time() + limit
            self.timer = self.loop.call_at(self.deadline, self._expire, limit)

        def _expire(self, limit: float) -> None:
            self.timer = None
            if self.transport.is_closing():
                return
            if self.loop.time() < self.deadline:  # extended by the body received since
                self.timer = self.loop.call_at(self.deadline, self._expire, limit)
                return
            who = self.client[0] if self.client else "-"
            what = ("its request's headers" if self.phase == "headers"
                    else "its request and response")
            log.info("%s closed: %s took longer than %g s", who, what, limit)
            self.transport.close()

    return Bounded


class HeaderCap:
    """ASGI: a request whose line and headers hold more than `cap` bytes is answered 431
    without reaching the application (h11's own bound covers only headers still arriving:
    a whole header block in one read passes it); so is a request framed two ways, with
    both Transfer-Encoding and Content-Length (400: h11 reads the body by the first, a
    proxy in front may read it by the second and take the rest for another request;
    RFC 9112 6.3). Both answers close the connection."""

    def __init__(self, app: Any, cap: int) -> None:
        self.app, self.cap = app, cap

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            size = len(scope.get("raw_path", b"")) + len(scope.get("query_string", b""))
            size += sum(len(k) + len(v) + 4 for k, v in scope["headers"])
            names = {k.lower() for k, _ in scope["headers"]}
            if size > self.cap:
                await _refuse(send, 431, "the request line and headers hold more than "
                              f"{self.cap} bytes")
                return
            if b"transfer-encoding" in names and b"content-length" in names:
                await _refuse(send, 400, "a request with both Transfer-Encoding and "
                              "Content-Length is refused")
                return
        await self.app(scope, receive, send)


async def _refuse(send: Any, status: int, message: str) -> None:
    """Answer `{"error": message}` with `status`, closing the connection."""
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class Formatter(logging.Formatter):
    """Log lines that a client's text cannot forge (see the module's docstring)."""

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 (logging's name)
        record.message = visible(record.message)
        return super().formatMessage(record)

    def formatException(self, ei: Any) -> str:  # noqa: N802
        return "\n".join("| " + visible(line) for line in super().formatException(ei)
                         .splitlines())

    def formatStack(self, stack_info: str) -> str:  # noqa: N802
        return "\n".join("| " + visible(line) for line in stack_info.splitlines())


def log_to_stderr() -> None:
    """The server's and uvicorn's records, one formatter, on standard error."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(Formatter("%(asctime)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)


def check_socket(path: Path) -> None:
    """A Unix socket to serve on: its folder must be writable by its owner alone (root, or
    this user; another user could put a socket of their own in its place) and exist;
    ArenaError otherwise. Who may connect is who may enter the folder."""
    folder = path.absolute().parent
    try:
        st = folder.stat()
    except OSError as e:
        raise ArenaError(f"cannot serve on {path}: {e.strerror} ({folder})") from None
    if st.st_uid not in (os.geteuid(), 0) or st.st_mode & 0o022:
        raise ArenaError(f"cannot serve on {path}: other users may write in {folder}; put "
                         "the socket in a folder of its own (chmod go-w)")


def run(app: Any, host: str, port: int, bounds: Bounds, uds: Path | None = None) -> None:
    """Serve `app` until interrupted, on host:port or on the Unix socket `uds`."""
    log_to_stderr()
    config = uvicorn.Config(
        HeaderCap(app, bounds.header_bytes), host=host, port=port, http=protocol(bounds),
        uds=None if uds is None else str(uds),
        ws="none",  # no WebSocket routes: an upgraded connection would leave these bounds
        log_config=None, log_level="info", access_log=False, server_header=False,
        limit_concurrency=bounds.connections + 1,
        h11_max_incomplete_event_size=bounds.header_bytes,
        timeout_keep_alive=bounds.keep_alive, timeout_graceful_shutdown=10)
    uvicorn.Server(config).run()
