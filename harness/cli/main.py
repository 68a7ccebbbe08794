"""`arena`: the command line. Bad input (unknown game, bad player count, bad option,
unknown bot, unreadable file: an `ArenaError`) gives one clear line on stderr and exit
status 2, never a traceback; any other exception is a bug: its traceback and exit status 1.
"""

from __future__ import annotations

import sys
import traceback

import typer

from engine.common.pipes import closed_pipe
from engine.common.untrusted import markup
from engine.protocol import ArenaError

# games adds games, play, schema, replay to `app`; ladder_admin, server and remote add their
# commands to `ladder`; the other groups are added below, in the order `arena --help` lists them
from harness.cli import games, ladder_admin, remote, server  # noqa: F401
from harness.cli.app import app
from harness.cli.bench import bench_cmd
from harness.cli.cluster import app as cluster_app
from harness.cli.demo import demo_cmd
from harness.cli.eval import compare_cmd, eval_cmd
from harness.cli.ladder import app as ladder_app
from harness.cli.ladder import ladders_cmd
from harness.cli.rules import app as rules_app
from harness.cli.tournament import app as tournament_app
from harness.cli.train import train_cmd
from harness.cli.tune import tune_cmd
from harness.cluster.session import stop_on_sigterm, stopped_by
from harness.views.console import err

try:  # typer >= 0.20 vendors click; older releases use the click package
    from typer._click import exceptions as click_exc
except ImportError:  # pragma: no cover
    import click.exceptions as click_exc  # type: ignore[no-redef]


app.command("bench", short_help='Measure engine and bot speed.')(bench_cmd)
app.add_typer(tournament_app, name="tournament")
app.add_typer(ladder_app, name="ladder")
app.add_typer(cluster_app, name="cluster")
app.command("ladders")(ladders_cmd)
app.command("eval", short_help="A bot against opponents over seeded games.")(eval_cmd)
app.command("compare", short_help="Our MCTS against OpenSpiel's MCTSBot.")(compare_cmd)
app.command("train", short_help="Self-play MCTS learns a value model.")(train_cmd)
app.command("tune", short_help="SPSA tunes the search's parameters for a game.")(tune_cmd)
app.command("demo", short_help='A small local Ray ladder with standings.')(demo_cmd)
app.add_typer(rules_app, name="rules")

def _stopped(code: int) -> int:
    """Ctrl-C's exit status 130 becomes 128 + the signal's number when a signal other than
    SIGINT stopped the command (SIGTERM: 143), as a shell reports it."""
    return 128 + stopped_by[0] if code == 130 and stopped_by else code


#: the first line on stderr when a command fails for a reason that is not bad input
BUG = "internal error (a bug, not bad input; please report it with the traceback below):"


def main(argv: list[str] | None = None) -> None:
    """Console entry point: one clear line and exit status 2 for bad input (ArenaError and
    click's usage errors); any other exception is a bug: one line saying so, its traceback
    and exit status 1."""
    stopped_by.clear()
    with stop_on_sigterm():
        _run(argv)


def _run(argv: list[str] | None) -> None:
    try:
        code = app(args=argv, standalone_mode=False)
    except click_exc.NoArgsIsHelpError as e:
        err.print(e.format_message(), markup=False, highlight=False)
        sys.exit(2)
    except BrokenPipeError:  # `arena ... | head`: the reader has all it wanted
        closed_pipe()
    except (typer.Abort, KeyboardInterrupt):
        err.print("terminated" if stopped_by else "aborted")
        sys.exit(_stopped(130))
    except typer.Exit as e:
        sys.exit(_stopped(e.exit_code))
    except click_exc.ClickException as e:
        err.print(f"[red]error:[/] {markup(e.format_message())}", highlight=False, emoji=False)
        sys.exit(2)
    except ArenaError as e:  # messages may quote what a bot or person wrote
        err.print(f"[red]error:[/] {markup(str(e))}", highlight=False, emoji=False)
        sys.exit(2)
    except Exception:
        err.print(f"[red]{BUG}[/]", highlight=False, emoji=False)
        traceback.print_exc(file=sys.stderr)
        sys.exit(1)
    sys.exit(_stopped(code) if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
