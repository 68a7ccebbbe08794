"""`arena ladder serve` and `arena ladder author add / revoke / renew` (the operator's
commands; authors renew or revoke their own tokens over HTTP too)."""

from __future__ import annotations

import logging
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
    per_hour: Annotated[int, typer.Option(help="submissions per author per hour")] = 20,
    max_versions: Annotated[int, typer.Option(
        help="stored versions per author per ladder")] = 50,
    allow_unsandboxed: UnsandboxedOpt = False,
    address: Annotated[str | None, typer.Option(
        help="validate submissions on this Ray cluster's nodes (default: here)")] = None,
) -> None:
    """An HTTP API over the ladders database: authors submit bots with their tokens and
    read standings, history, games and their own bots' logs (docs/ladders.md). With
    --address, submissions are validated on the cluster (docs/cluster.md)."""
    import uvicorn

    from harness.server.app import Limits, make_app

    if address:
        session.check_address(address)
    else:
        require_isolation(allow_unsandboxed)  # refused here, not at the first submission
    Store(db, create=False).close()  # a missing or foreign database fails before listening
    if address:  # joined now, in the main thread; the validations use it
        session.ensure_ray(address=address)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = make_app(db, Limits(per_hour, max_versions), allow_unsandboxed, address)
    err.print(f"serving {db} on http://{host}:{port}/api/v1 (Ctrl-C stops)", highlight=False)
    uvicorn.run(app, host=host, port=port, access_log=False, server_header=False,
                log_level="info")
