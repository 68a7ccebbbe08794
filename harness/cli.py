"""`arena`: the command line (Typer + Rich).

Bad input (unknown game, bad player count, bad option, unknown bot, unreadable file)
gives one clear line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import Annotated

import msgspec
import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import engine
from engine.common.pipes import closed_pipe
from engine.common.untrusted import excerpt, markup, text
from engine.protocol import ArenaError
from engine.record import MatchRecord, encode_json
from harness import ladder_admin  # noqa: F401 - adds retire, reactivate, delete
from harness.args import parse_options, split_bots
from harness.demo import demo
from harness.entrants import check_labels, check_spec
from harness.eval_cmd import compare_cmd, eval_cmd
from harness.ladder import app as ladder_app
from harness.ladder import ladders_cmd
from harness.output import JsonOpt, emit_json
from harness.paths import DbOpt, check_output, make_parent
from harness.server import commands  # noqa: F401 - adds serve, author
from harness.tournament import app as tournament_app
from ladders.fit import Col, fit_table
from ladders.store import DEFAULT_DB
from training.cli import train_cmd

try:  # typer >= 0.20 vendors click; older releases use the click package
    from typer._click import exceptions as click_exc
except ImportError:  # pragma: no cover
    import click.exceptions as click_exc  # type: ignore[no-redef]

app = typer.Typer(
    name="arena",
    help="Dynasty Arena: game engines, bots, tournaments and Elo ladders.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain click help: wraps at 80 columns, never cuts defaults
)
out = Console()
err = Console(stderr=True, soft_wrap=True)
#: lines of a failed external bot's stderr that `arena play` shows
LOG_LINES = 8


def _version(value: bool) -> None:
    if value:
        out.print(f"arena {_package_version()}", highlight=False)
        raise typer.Exit(0)


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dynasty-arena")
    except PackageNotFoundError:  # run from a checkout that is not installed
        return "unknown (not installed)"


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="print the version and exit")] = False,
        verbose: Annotated[bool, typer.Option(
            "--verbose", help="show Ray's start-up lines and worker logs")] = False) -> None:
    """Dynasty Arena: game engines, bots, tournaments and Elo ladders."""
    if verbose:
        import os

        os.environ["ARENA_VERBOSE"] = "1"


@app.command("games")
def games_cmd(as_json: JsonOpt = False) -> None:
    """List the games, their player counts and options."""
    if as_json:
        emit_json([{"id": g.id, "name": g.name, "min_players": g.min_players,
                    "max_players": g.max_players, "summary": g.summary,
                    "options": [{"name": o.name, "default": o.default, "meaning": o.meaning,
                                 "choices": list(o.choices) if o.choices else None,
                                 "players": list(o.players) if o.players else None}
                                for o in g.options]}
                   for g in engine.games()])
        return
    width = max(40, out.width)
    for g in engine.games():
        out.print(f"[bold cyan]{g.id}[/]: {escape(g.name)}, {g.min_players}-{g.max_players} "
                  "players", highlight=False)
        for o in g.options:
            counts = "/".join(map(str, o.players or ()))
            only = f" [{counts} player{'' if counts == '1' else 's'}]" if o.players else ""
            choices = f" one of {', '.join(map(str, o.choices))};" if o.choices else ""
            text = f"{o.name} (default {o.default!r}):{choices} {o.meaning}{only}"
            for line in textwrap.wrap(text, width - 1, initial_indent="  ",
                                      subsequent_indent="      "):
                out.print(escape(line), highlight=False)
        if not g.options:
            out.print("  no options", highlight=False)
    out.print("options: arena play --game ID --option name=value (repeat -o per option)",
              highlight=False)


def summary_table(record: MatchRecord) -> Table:
    """`arena play`: score, place, decisions, time and failures per seat."""
    c = record.config
    cols = [Col("seat", keep=9), Col("bot", "left", "bold cyan", keep=8), Col("score", keep=7),
            Col("place", keep=6), Col("decisions", keep=2), Col("time (s)", keep=3),
            Col("failures", "left", keep=5)]
    rows = []
    for p in range(c.num_players):
        moves = [m for m in record.moves if m.seat == p]
        fails = ", ".join(f"{f.kind}@{f.decision}" for f in record.failures if f.seat == p)
        rows.append([p, text(record.bots[p]), record.scores[p], record.ranking[p] + 1, len(moves),
                     f"{sum(m.time for m in moves):.3f}", fails or "-"])
    return fit_table(cols, rows, width=out.width,
                     title=f"{c.game}, {c.num_players} players, seed {c.seed} ({record.outcome})")


@app.command("play", short_help='Play one game; print scores and time per bot.')
def play_cmd(
    game: Annotated[str, typer.Option("--game", "-g", help="game id (see `arena games`)")],
    players: Annotated[int, typer.Option("--players", "-n", help="number of players")] = 2,
    bots: Annotated[str | None, typer.Option(
        help="bot specs, one per seat (quote a spec holding a comma)")] = None,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", help="one seat's bot spec, taken whole (repeat per seat)")] = None,
    seed: Annotated[int, typer.Option(help="game seed")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    time_per_move: Annotated[float | None, typer.Option(help="seconds per decision")] = None,
    record: Annotated[Path | None, typer.Option(help="write the match record (JSON) here")] = None,
    show: Annotated[bool, typer.Option(help="print the final position")] = False,
    isolate: Annotated[bool, typer.Option(help="run every bot that is not the project's own "
                                          "(python:, entry points) in the sandbox")] = False,
    watch: Annotated[bool, typer.Option(help="follow the game: each move in words and the "
                                        "board after it")] = False,
) -> None:
    """Play one game and print scores, ranking, decisions and time per bot. A `human` bot is
    you at the terminal (docs/viewing.md)."""
    from harness.views import view_text
    from harness.watching import play_watched

    opts = parse_options(option)
    specs = split_bots(bots, players, bot)
    engine.get_game(game)  # an unknown game before the bots are looked at
    check_labels(specs)
    for spec in specs:
        check_spec(game, spec)
    if record is not None:
        check_output(record, "--record")  # before the game, not after it
    rec = play_watched(out, game, players, specs, watch, seed=seed,
                       options=opts, time_per_move=time_per_move, isolate=isolate)
    if show:
        out.print(view_text(engine.replay(rec))[0], highlight=False)  # colours on a terminal
    out.print(summary_table(rec))
    for f in rec.failures:
        out.print(f"[red]seat {f.seat} ({markup(f.bot)}) {markup(f.kind)} at decision "
                  f"{f.decision}:[/] {markup(f.detail)}", highlight=False)
    for note in rec.notes:
        out.print(f"[yellow]note:[/] {markup(note)}", highlight=False)
    failed = {f.seat for f in rec.failures}
    for seat, log in enumerate(rec.logs):
        if seat in failed and log.strip():
            out.print(f"stderr of seat {seat} ({markup(rec.bots[seat])}):", highlight=False)
            for line in excerpt(log, tail_lines=LOG_LINES):
                out.print(f"  {markup(line)}", highlight=False)
    if record is not None:
        make_parent(record, "--record")
        record.write_bytes(encode_json(rec))
        out.print(f"record written to {markup(str(record))}")


@app.command("schema", short_help="Print the JSON Schema of a game's bot protocol.")
def schema_cmd(
    game: Annotated[str, typer.Argument(help="game id (see `arena games`)")],
) -> None:
    """Print the JSON Schema of GAME's bot protocol: messages, observation, actions."""
    from bots.protocol_schema import schema_json

    sys.stdout.write(schema_json(game).decode() + "\n")


@app.command("replay", short_help='Re-run a recorded game and show it move by move.')
def replay_cmd(
    file: Annotated[Path, typer.Argument(
        help="a match record (`arena play --record`) or a JSON-lines export")],
    line: Annotated[int | None, typer.Option(
        help="the record on line N (from 1) of a JSON-lines export")] = None,
    step: Annotated[bool, typer.Option(
        help="open the step viewer: board per move, god or seat view")] = False,
    moves: Annotated[bool, typer.Option(help="list every move")] = True,
) -> None:
    """Re-run a recorded game, verify it reaches the recorded result, print the moves in
    words with each bot's time, the final position and the score breakdown."""
    from harness import replay
    from harness.views import view_text

    rec = replay.load_record(file, line)
    rp = replay.run(rec)
    if step:
        from harness.viewer import run_viewer

        run_viewer(rp)
        return
    if moves:
        out.print(replay.move_table(rp, f"moves of {file.name}"))
    out.print(view_text(rp.final)[0])
    ok = rp.verified()
    out.print(summary_table(rec))
    if not ok:
        err.print(f"[red]error:[/] replay of {markup(str(file))} does not reach the recorded "
                  "final state")
        raise typer.Exit(1)
    out.print("[green]verified:[/] the replay reaches the recorded final state")


def _num(v: float) -> str:
    return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.1f}"


@app.command("bench", short_help='Measure engine and bot speed.')
def bench_cmd(
    game: Annotated[list[str] | None, typer.Option("--game", "-g", help="game id")] = None,
    players: Annotated[list[int] | None, typer.Option("--players", "-n")] = None,
    quick: Annotated[bool, typer.Option(help="short repeats; max player count only")] = False,
    json: Annotated[Path | None, typer.Option("--json", help="also write the figures here")] = None,
    workers: Annotated[bool | None, typer.Option(
        "--workers/--no-workers", help="tournament speed on 1 vs 2 Ray workers "
        "(default: on, off with --quick)")] = None,
    presets: Annotated[bool, typer.Option(
        "--presets", help="also random play under each option preset vs the defaults")] = False,
) -> None:
    """Measure engine speed: decisions/s, clone, apply, serialization, sample_state."""
    from harness import bench

    for g in game or []:
        engine.get_game(g)  # unknown ids fail before anything runs
    if json is not None:
        check_output(json, "--json")
    with err.status("benchmarking...") as status:
        figs = bench.run(game, players, quick, progress=lambda s: status.update(f"bench {s}"),
                         workers=not quick if workers is None else workers, presets=presets)
    cols = [Col("metric", "left", keep=9), Col("median", keep=8), Col("min..max", keep=2),
            Col("unit", "left", keep=7), Col("vs baseline", "left", keep=3)]
    for group in dict.fromkeys(f.group for f in figs):
        rows = []
        for f in (f for f in figs if f.group == group):
            vs = ""
            if f.ratio is not None:
                vs = (f"{f.ratio:.1f}x ({f.baseline})" if f.ratio >= 1
                      else f"{f.ratio:.2f}x ({f.baseline})" if f.ratio >= 0.5
                      else f"1/{1 / f.ratio:.0f} ({f.baseline})")
            rows.append([f.metric, _num(f.median), f"{_num(f.min)}..{_num(f.max)}", f.unit, vs])
        out.print(fit_table(cols, rows, width=out.width,
                            title=f"arena bench{' --quick' if quick else ''}: {group}"))
    if json is not None:
        make_parent(json, "--json")
        json.write_bytes(msgspec.json.format(msgspec.json.encode(figs)))
        out.print(f"figures written to {json}")


app.add_typer(tournament_app, name="tournament")
app.add_typer(ladder_app, name="ladder")
app.command("ladders")(ladders_cmd)
app.command("eval", short_help="A bot against opponents over seeded games.")(eval_cmd)
app.command("compare", short_help="Our MCTS against OpenSpiel's MCTSBot.")(compare_cmd)
app.command("train", short_help="Self-play MCTS learns a value model.")(train_cmd)


@app.command("demo", short_help='A small local Ray ladder with standings.')
def demo_cmd(
    db: DbOpt = DEFAULT_DB,
    workers: Annotated[int, typer.Option(help="local Ray workers")] = 2,
) -> None:
    """A small local Ray ladder: random, rule-based and MCTS entrants, about a minute of
    games on 2 cores, then standings and rating history (results in results/)."""
    demo(db, workers)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: clear one-line errors, exit status 2 for bad input."""
    try:
        code = app(args=argv, standalone_mode=False)
    except click_exc.NoArgsIsHelpError as e:
        err.print(e.format_message(), markup=False, highlight=False)
        sys.exit(2)
    except BrokenPipeError:  # `arena ... | head`: the reader has all it wanted
        closed_pipe()
    except (typer.Abort, KeyboardInterrupt):
        err.print("aborted")
        sys.exit(130)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except click_exc.ClickException as e:
        err.print(f"[red]error:[/] {markup(e.format_message())}", highlight=False, emoji=False)
        sys.exit(2)
    except (ArenaError, ValueError) as e:  # messages may quote what a bot or person wrote
        err.print(f"[red]error:[/] {markup(str(e))}", highlight=False, emoji=False)
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
