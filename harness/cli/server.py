"""`arena ladder serve` and `arena ladder author add / revoke / renew` (the operator's
commands; authors renew or revoke their own tokens over HTTP too)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from engine.common.untrusted import markup
from harness.cli.ladder import UnsandboxedOpt, app, err, out
from harness.cli.paths import DbOpt
from harness.cluster import session
from harness.sandbox.isolate import require_isolation
from harness.server import auth
from harness.storage.database import DEFAULT_DB, Store

author_app = typer.Typer(help="Authors of a served ladder database and their tokens.",
                         no_args_is_help=True, rich_markup_mode=None)
app.add_typer(author_app, name="author")

AuthorArg = Annotated[str, typer.Argument(help="the author's name (what owns their bots)")]


def _show_token(name: str, token: str) -> None:
    out.print(f"token of {markup(name)} (shown once; the database keeps only its hash):",
              highlight=False)
    print(token)
    err.print("give it to them privately; they keep it in ARENA_TOKEN or in a file only "
              "they may read (chmod 600), e.g. ~/.config/arena/token", highlight=False)


@author_app.command("add")
def add_cmd(name: AuthorArg, db: DbOpt = DEFAULT_DB) -> None:
    """Add an author and print their token once."""
    with Store(db, create=False) as store:
        token = auth.add(store, name)
    _show_token(name, token)


@author_app.command("renew")
def renew_cmd(name: AuthorArg, db: DbOpt = DEFAULT_DB) -> None:
    """Issue a new token for an author (the old one stops working); printed once."""
    with Store(db, create=False) as store:
        token = auth.renew(store, name)
    _show_token(name, token)


@author_app.command("revoke")
def revoke_cmd(name: AuthorArg, db: DbOpt = DEFAULT_DB) -> None:
    """Make an author's token stop working (their bots keep playing)."""
    with Store(db, create=False) as store:
        auth.revoke(store, name)
    out.print(f"the token of {markup(name)} no longer works; `arena ladder author renew "
              f"{markup(name)}` issues a new one", highlight=False)


@app.command("serve", short_help="Serve the ladders over HTTP for authors elsewhere.")
def serve_cmd(
    db: DbOpt = DEFAULT_DB,
    host: Annotated[str, typer.Option(help="address to listen on (loopback: this "
                                      "machine only; put a TLS proxy in front for others)")
                    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8765,
    uds: Annotated[Path | None, typer.Option(
        help="listen on this Unix socket instead of --host/--port (a shared machine: no "
             "other user can take the server's address while it is down; who may connect "
             "is who may enter its folder)")] = None,
    per_hour: Annotated[int, typer.Option(help="submissions per author per hour")] = 20,
    max_versions: Annotated[int, typer.Option(
        help="stored versions per author per ladder (submissions not finished count)")] = 50,
    max_connections: Annotated[int, typer.Option(
        help="open connections at once; more are answered 503 and closed", min=1)] = 256,
    max_per_client: Annotated[int, typer.Option(
        help="open connections from one address (0: no limit; behind a proxy every "
             "client has the proxy's address)", min=0)] = 32,
    header_timeout: Annotated[float, typer.Option(
        help="seconds a request's line and headers may take to arrive", min=0.1)] = 10.0,
    request_timeout: Annotated[float, typer.Option(
        help="seconds from a request's headers to the end of its answer, an upload "
             "included (plus a second per 64 KiB of it received)", min=0.1)] = 120.0,
    max_header_bytes: Annotated[int, typer.Option(
        help="bytes of a request's line and headers", min=1024)] = 16 * 1024,
    max_uploads: Annotated[int, typer.Option(
        help="uploads received and unpacked at once (each up to 65 MiB in memory); more "
             "are answered 503", min=1)] = 2,
    validation_timeout: Annotated[float, typer.Option(
        help="seconds one submission's validation (its smoke games) may take before it "
             "is stopped and refused", min=1.0)] = 300.0,
    allow_unsandboxed: UnsandboxedOpt = False,
    address: Annotated[str | None, typer.Option(
        help="validate submissions on this Ray cluster's nodes (default: here)")] = None,
) -> None:
    """An HTTP API over the ladders database: authors submit bots with their tokens and
    read standings, history, games and their own bots' logs (docs/ladders.md). With
    --address, submissions are validated on the cluster's nodes (docs/cluster.md)."""
    from harness.server.app import Limits, make_app
    from harness.server.jobs import keep_private
    from harness.server.serving import Bounds, check_socket, run

    if address:
        session.check_address(address)
    else:
        require_isolation(allow_unsandboxed)  # refused here, not at the first submission
    if uds is not None:
        check_socket(uds)
    keep_private(db)  # before the database is opened: a planted write-ahead log is not read
    Store(db, create=False).close()  # a missing or foreign database fails before listening
    app = make_app(db, Limits(per_hour, max_versions, max_uploads, validation_timeout),
                   allow_unsandboxed, address)
    if uds is not None:  # a proxy in front gives authors the URL they use
        err.print(markup(f"serving {db} on unix:{uds} (Ctrl-C stops)"), highlight=False,
                  soft_wrap=True)
        err.print("authors: --server the URL of the proxy in front; the API: that URL's "
                  "/api/v1", highlight=False, soft_wrap=True)
    else:
        url = f"http://{f'[{host}]' if ':' in host else host}:{port}"
        err.print(markup(f"serving {db} at {url} (Ctrl-C stops)"), highlight=False,
                  soft_wrap=True)
        err.print(markup(f"authors: --server {url} (or ARENA_SERVER); the API: "
                         f"{url}/api/v1"), highlight=False, soft_wrap=True)
    run(app, host, port, Bounds(max_connections, max_per_client, header_timeout,
                                request_timeout, max_header_bytes), uds)
