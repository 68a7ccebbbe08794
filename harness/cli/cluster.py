"""`arena cluster status`: what every tournament or ladder playing on a database sees of
its cluster now (nodes, games in flight, failures by node); see docs/cluster.md."""

from __future__ import annotations

import typer

from harness.cli.output import JsonOpt, emit_json
from harness.cli.paths import DbOpt
from harness.storage.database import DEFAULT_DB, Store
from harness.storage.nodes import LIVE, running
from harness.views.console import out
from harness.views.nodes import status_table

app = typer.Typer(help="The Ray cluster the tournaments and ladders play on.",
                  no_args_is_help=True, add_completion=False,
                  pretty_exceptions_enable=False, rich_markup_mode=None)


@app.command("status")
def status_cmd(as_json: JsonOpt = False, db: DbOpt = DEFAULT_DB) -> None:
    """Every tournament and ladder playing now on the database: its nodes (CPUs, alive or
    dead, refusing sandboxed bots), games in flight and done there, failures of the
    infrastructure by node (never a bot's), and the bot files each node fetched."""
    with Store(db, read_only=True) as store:
        now = [(d, age, doc) for d, age, doc in running(store) if age <= LIVE]
    if as_json:
        emit_json([{"driver": d, "seconds_ago": round(age, 1), **doc} for d, age, doc in now])
        return
    if not now:
        out.print(f"nothing is playing on {db} now (a running `tournament run`, `ladder run` "
                  "or `eval` reports here every few seconds)", highlight=False)
        return
    for d, age, doc in now:
        out.print(status_table(d, age, doc))
