"""An author's commands that talk to a ladder server (docs/ladders.md, "Serving a ladder"):
`submit --server` with the same live progress as a local submission, `arena ladder status`
(your submissions), `arena ladder token renew/revoke` (your own token) and
`arena ladder info` (the machine bots run on: a server's, or this one's)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from engine.common.untrusted import markup
from harness.cli.ladder import (
    ServerOpt,
    TokenFileOpt,
    app,
    err,
    out,
    progress,
    refused,
    remote_for,
    report,
    show_refused,
)
from harness.cli.output import JsonOpt, emit_json
from harness.ladders.service import LadderError
from harness.views.servers import platform_table, submissions_table

#: the states in which a submission is finished
FINAL = ("registered", "refused")

token_app = typer.Typer(help="Your own token on a ladder server (--server or ARENA_SERVER).",
                        no_args_is_help=True, rich_markup_mode=None)
app.add_typer(token_app, name="token")


def needs_server(server: str | None, what: str) -> str:
    """`server`, or one line saying `what` is a server's."""
    if server is None:
        raise LadderError(f"{what}: give --server URL (or set ARENA_SERVER)")
    return server


def submit_remote(server: str, token_file: Path | None, name: str, spec: str,
                  display: str) -> None:
    """Upload the bot (after the server said it takes it), then follow its validation."""
    remote = remote_for(server, token_file, "submitting")
    queued = remote.submit(name, spec, display)
    jid = queued["id"]
    err.print(f"uploaded; submission {jid} queued (`arena ladder status {jid}` shows it)",
              highlight=False)
    try:
        with progress("queued: waiting for validation") as say:
            doc = remote.wait(queued, say)
    except KeyboardInterrupt:
        err.print(f"stopped following submission {jid}; the server goes on validating it: "
                  f"arena ladder status {jid} --server {remote.url}", highlight=False)
        raise typer.Exit(130) from None
    result: dict[str, Any] = doc.get("result") or {}
    if doc["state"] == "refused":
        refused(display, spec, list(result.get("problems") or [doc["detail"]]),
                list(result.get("log") or []))
    report(name, result)


@app.command("status", short_help="Your submissions to a server and how they went.")
def status_cmd(
    submission: Annotated[int | None, typer.Argument(
        help="a submission's id (as `submit --server` printed it); none: your latest")
    ] = None,
    limit: Annotated[int, typer.Option(help="latest submissions listed", min=1, max=100)] = 10,
    as_json: JsonOpt = False,
    server: ServerOpt = None,
    token_file: TokenFileOpt = None,
) -> None:
    """A submission's state on the server (queued, running, registered, refused) with its
    outcome, or your latest submissions."""
    remote = remote_for(needs_server(server, "submissions are a ladder server's"),
                        token_file, "reading your submissions")
    if submission is None:
        rows = remote.submissions(limit)
        if as_json:
            emit_json(rows)
        elif not rows:
            out.print(f"no submissions of yours on {markup(remote.url)} yet", highlight=False)
        else:
            out.print(submissions_table(rows, remote.url))
        return
    doc = remote.submission(submission)
    if as_json:
        emit_json(doc)
        return
    result: dict[str, Any] = doc.get("result") or {}
    what = f"submission {doc['id']}: {doc['name']} on {doc['ladder']} ({doc['spec']})"
    if doc["state"] not in FINAL:
        out.print(markup(f"{what}: {doc['state']}: {doc['detail']}"), highlight=False)
    elif doc["state"] == "refused":
        out.print(markup(f"{what}, sent {doc['created']} UTC:"), highlight=False)
        show_refused(str(doc["name"]), str(doc["spec"]),
                     list(result.get("problems") or [doc["detail"]]),
                     list(result.get("log") or []))
    else:
        out.print(markup(f"{what}, sent {doc['created']} UTC:"), highlight=False)
        report(str(doc["ladder"]), result)


@token_app.command("renew")
def renew_cmd(server: ServerOpt = None, token_file: TokenFileOpt = None) -> None:
    """A new token for you; the old one stops working at once. Kept where the old one
    was: the token file is rewritten (readable by you only); with ARENA_TOKEN, the new
    token is printed once for you to put there."""
    from harness.server.client import TOKEN_FILE

    url = needs_server(server, "renewing your token is asked of a ladder server (its "
                               "operator renews others' with `arena ladder author renew`)")
    remote = remote_for(url, token_file, "renewing your token")
    new = str(remote.token("renew")["token"])
    if os.environ.get("ARENA_TOKEN"):
        _print_token(new, "put it in ARENA_TOKEN")
        return
    path = (token_file or TOKEN_FILE).expanduser()
    try:
        _write_private(path, new + "\n")
    except OSError as e:  # the old token is gone: the new one must not be lost
        _print_token(new, f"it could not be written to {path} ({e.strerror}); keep it")
        return
    out.print(markup(f"your new token is in {path}; the old one no longer works"),
              highlight=False)


def _print_token(token: str, what: str) -> None:
    out.print(markup(f"your new token (shown once; the old one no longer works; {what}):"),
              highlight=False)
    print(token, flush=True)


def _write_private(path: Path, data: str) -> None:
    """Write `data` to `path` readable by its owner only (a new file, then renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


@token_app.command("revoke")
def revoke_cmd(
    yes: Annotated[bool, typer.Option("--yes", help="do not ask for confirmation")] = False,
    server: ServerOpt = None, token_file: TokenFileOpt = None,
) -> None:
    """Make your token stop working (if it leaked); the server's operator issues you a new
    one (`arena ladder author renew NAME`). Your bots keep playing."""
    url = needs_server(server, "revoking your token is asked of a ladder server")
    remote = remote_for(url, token_file, "revoking your token")
    if not yes:
        if not sys.stdin.isatty():
            raise LadderError("revoking your token needs confirmation: add --yes")
        if not typer.confirm(f"revoke your token on {remote.url}? Only its operator can "
                             "give you a new one"):
            out.print("nothing revoked")
            raise typer.Exit(1)
    who = remote.token("revoke")["author"]
    out.print(markup(f"the token of {who} on {remote.url} no longer works; its operator "
                     f"issues a new one (arena ladder author renew {who})"), highlight=False)


@app.command("info", short_help="The machine bots run on: system, CPU, C library, runtimes.")
def info_cmd(as_json: JsonOpt = False, server: ServerOpt = None,
             token_file: TokenFileOpt = None) -> None:
    """The machine bots run on (a server's with --server, else this one): operating system,
    CPU architecture, C library, the runtimes a cmd: line may name with their versions,
    the sandbox's limits, and what to build for (docs/compiled-bots.md)."""
    if server is not None:
        remote = remote_for(server, token_file)
        doc, where = remote.platform(), remote.url
    else:
        from harness.sandbox import machine

        doc, where = machine.describe(), "this machine"
    if as_json:
        emit_json(doc)
    else:
        out.print(platform_table(doc, where))
