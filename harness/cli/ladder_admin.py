"""`arena ladder retire / reactivate / delete`: cleaning up a ladder without touching the
database by hand (rules: harness/ladders/lifecycle.py, docs/ladders.md)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from engine.common.untrusted import markup
from harness.cli.ladder import AuthorOpt, NameArg, app, out
from harness.cli.paths import DbOpt
from harness.ladders import lifecycle as life
from harness.ladders.service import LadderError
from harness.storage import ladders as ls
from harness.storage.database import DEFAULT_DB, Store

BotArg = Annotated[str, typer.Argument(help="the bot's name on the ladder (--as)")]


@app.command("retire", short_help="Take a bot out of matchmaking (games and history stay).")
def retire_cmd(name: NameArg, bot: BotArg, author: AuthorOpt = None,
               db: DbOpt = DEFAULT_DB) -> None:
    """Take BOT's current version out of matchmaking; `reactivate` or a new submission
    brings it back."""
    who = life.author_of(author)
    with Store(db, create=False) as store:
        e = life.retire(store, name, bot, who)
    out.print(f"{markup(e.label)} retired from {markup(name)} after {e.games} games (rating "
              f"{e.mu:.1f}); back with: arena ladder reactivate {markup(name)} {markup(bot)}",
              highlight=False)


@app.command("reactivate", short_help="Put a bot version back in matchmaking.")
def reactivate_cmd(
    name: NameArg, bot: BotArg,
    version: Annotated[int | None, typer.Option(help="that version (default: the current)")
                       ] = None,
    author: AuthorOpt = None, db: DbOpt = DEFAULT_DB,
) -> None:
    """Put VERSION of BOT (default: its current one) back in matchmaking with the rating and
    games it had; another current version of BOT leaves."""
    who = life.author_of(author)
    with Store(db, create=False) as store:
        e = life.reactivate(store, name, bot, version, who)
    out.print(f"{markup(e.label)} is back in matchmaking on {markup(name)}: rating "
              f"{e.mu:.1f} after {e.games} games", highlight=False)


@app.command("delete", short_help="Delete a whole ladder, or one bot with --bot.")
def delete_cmd(
    name: NameArg,
    bot: Annotated[str | None, typer.Option(help="delete only this bot (every version)")
                   ] = None,
    yes: Annotated[bool, typer.Option("--yes", help="do not ask for confirmation")] = False,
    author: AuthorOpt = None, db: DbOpt = DEFAULT_DB,
) -> None:
    """Delete ladder NAME with its bots, games, history and snapshots; or, with --bot, one
    bot's versions, history and snapshots (its played games stay, shown as deleted)."""
    who = life.author_of(author)
    what = f"bot {bot!r} of ladder {name!r}" if bot else f"ladder {name!r} with all its games"
    with Store(db, create=False) as store:
        lad = ls.ladder(store, name)  # checked before asking: a refusal asks nothing
        if bot is None:
            life.check_ladder_owner(lad, who)
        else:
            life.check_owner(lad, life.versions_of(store, lad, bot), who, "delete")
        if not yes:
            if not sys.stdin.isatty():
                raise LadderError(f"deleting {what} needs confirmation: add --yes")
            if not typer.confirm(f"delete {what} from {db}? This cannot be undone"):
                out.print("nothing deleted")
                raise typer.Exit(1)
        if bot is None:
            played = life.delete_ladder(store, name, who)
            out.print(f"ladder {markup(name)} deleted ({played} games played), with its bot "
                      "snapshots", highlight=False)
        else:
            versions, cancelled = life.delete_entrant(store, name, bot, who)
            out.print(f"bot {markup(bot)} deleted from {markup(name)} ({versions} versions; "
                      f"{cancelled} games to be played cancelled)", highlight=False)
