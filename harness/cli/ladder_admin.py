"""`arena ladder retire / reactivate / delete`: cleaning up a ladder without touching the
database by hand (rules: harness/ladders/lifecycle.py, docs/ladders.md); with --server (or
ARENA_SERVER) the same for one's own bots on a ladder server, as its token's author."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from engine.common.untrusted import markup
from harness.cli.ladder import (
    AuthorOpt,
    NameArg,
    ServerOpt,
    TokenFileOpt,
    app,
    out,
    remote_for,
)
from harness.cli.paths import DbOpt
from harness.ladders import lifecycle as life
from harness.ladders.service import LadderError
from harness.storage import ladders as ls
from harness.storage.database import DEFAULT_DB, Store

BotArg = Annotated[str, typer.Argument(help="the bot's name on the ladder (--as)")]


def _local(author: str | None, server: str | None) -> bool:
    """Whether the command acts on the database (no server): `--author` is for a database
    only, since a server knows its authors by their tokens."""
    if server is not None and author is not None:
        raise LadderError("--author names who acts on a database; a server knows you by "
                          "your token (leave --author out)")
    return server is None


def _retired(name: str, bot: str, label: str, games: int, mu: float) -> None:
    out.print(f"{markup(label)} retired from {markup(name)} after {games} games (rating "
              f"{mu:.1f}); back with: arena ladder reactivate {markup(name)} {markup(bot)}",
              highlight=False)


@app.command("retire", short_help="Take a bot out of matchmaking (games and history stay).")
def retire_cmd(name: NameArg, bot: BotArg, author: AuthorOpt = None,
               db: DbOpt = DEFAULT_DB, server: ServerOpt = None,
               token_file: TokenFileOpt = None) -> None:
    """Take BOT's current version out of matchmaking; `reactivate` or a new submission
    brings it back."""
    if not _local(author, server):
        assert server is not None
        doc = remote_for(server, token_file, "retiring a bot").manage("retire", name, bot)
        _retired(name, bot, str(doc["label"]), int(doc["games"]), float(doc["mu"]))
        return
    who = life.author_of(author)
    with Store(db, create=False) as store:
        e = life.retire(store, name, bot, who)
    _retired(name, bot, e.label, e.games, e.mu)


@app.command("reactivate", short_help="Put a bot version back in matchmaking.")
def reactivate_cmd(
    name: NameArg, bot: BotArg,
    version: Annotated[int | None, typer.Option(help="that version (default: the current)")
                       ] = None,
    author: AuthorOpt = None, db: DbOpt = DEFAULT_DB, server: ServerOpt = None,
    token_file: TokenFileOpt = None,
) -> None:
    """Put VERSION of BOT (default: its current one) back in matchmaking with the rating and
    games it had; another current version of BOT leaves."""
    if not _local(author, server):
        assert server is not None
        doc = remote_for(server, token_file, "reactivating a bot").manage(
            "reactivate", name, bot, version)
        label, mu, games = str(doc["label"]), float(doc["mu"]), int(doc["games"])
    else:
        who = life.author_of(author)
        with Store(db, create=False) as store:
            e = life.reactivate(store, name, bot, version, who)
        label, mu, games = e.label, e.mu, e.games
    out.print(f"{markup(label)} is back in matchmaking on {markup(name)}: rating "
              f"{mu:.1f} after {games} games", highlight=False)


def _confirm(what: str, where: str, yes: bool) -> None:
    """Ask before deleting `what` (without a terminal, --yes is required)."""
    if yes:
        return
    if not sys.stdin.isatty():
        raise LadderError(f"deleting {what} needs confirmation: add --yes")
    if not typer.confirm(f"delete {what} from {where}? This cannot be undone"):
        out.print("nothing deleted")
        raise typer.Exit(1)


def _deleted(name: str, bot: str, versions: int, cancelled: int) -> None:
    out.print(f"bot {markup(bot)} deleted from {markup(name)} ({versions} versions; "
              f"{cancelled} games to be played cancelled)", highlight=False)


@app.command("delete", short_help="Delete a whole ladder, or one bot with --bot.")
def delete_cmd(
    name: NameArg,
    bot: Annotated[str | None, typer.Option(help="delete only this bot (every version)")
                   ] = None,
    yes: Annotated[bool, typer.Option("--yes", help="do not ask for confirmation")] = False,
    author: AuthorOpt = None, db: DbOpt = DEFAULT_DB, server: ServerOpt = None,
    token_file: TokenFileOpt = None,
) -> None:
    """Delete ladder NAME with its bots, games, history and snapshots; or, with --bot, one
    bot's versions, history and snapshots (its played games stay, shown as deleted). On a
    server (--server), only your own bots (or any bot of a ladder you own)."""
    what = f"bot {bot!r} of ladder {name!r}" if bot else f"ladder {name!r} with all its games"
    if not _local(author, server):
        assert server is not None
        if bot is None:
            raise LadderError("a whole ladder is deleted by the server's operator, on its "
                              f"machine (arena ladder delete {name}); over --server, delete "
                              "your bots with --bot BOT")
        remote = remote_for(server, token_file, "deleting a bot")
        found = remote.manage("delete", name, bot, dry_run=True)  # refused before asking
        _confirm(f"{what} ({found['versions']} versions)", remote.url, yes)
        doc = remote.manage("delete", name, bot)
        _deleted(name, bot, int(doc["versions"]), int(doc["cancelled"]))
        return
    who = life.author_of(author)
    with Store(db, create=False) as store:
        if bot is None:  # checked before asking: a refusal asks nothing
            life.check_ladder_owner(ls.ladder(store, name), who)
        else:
            life.deletable(store, name, bot, who)
        _confirm(what, str(db), yes)
        if bot is None:
            played = life.delete_ladder(store, name, who)
            out.print(f"ladder {markup(name)} deleted ({played} games played), with its bot "
                      "snapshots", highlight=False)
        else:
            versions, cancelled = life.delete_entrant(store, name, bot, who)
            _deleted(name, bot, versions, cancelled)
