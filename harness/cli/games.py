"""`arena games`, `arena play`, `arena schema`, `arena replay`: the games, one game played,
a game's bot protocol, a recorded game re-run (docs/viewing.md)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import Annotated

import typer

import engine
from bots.human import HumanQuit
from engine.common.untrusted import excerpt, markup
from engine.record import encode_json
from harness.cli.app import app
from harness.cli.output import JsonOpt, emit_json
from harness.cli.paths import check_output, make_parent
from harness.play.args import parse_options, split_bots
from harness.play.clock import TimeControl
from harness.play.entrants import check_labels, check_spec
from harness.views.console import err, out
from harness.views.records import move_table, summary_table

#: lines of a failed external bot's stderr that `arena play` shows
LOG_LINES = 8


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
                   for g in engine.list_games()])
        return
    width = max(40, out.width)
    for g in engine.list_games():
        out.print(f"[bold cyan]{g.id}[/]: {markup(g.name)}, {g.min_players}-{g.max_players} "
                  "players", highlight=False)
        for o in g.options:
            counts = "/".join(map(str, o.players or ()))
            only = f" [{counts} player{'' if counts == '1' else 's'}]" if o.players else ""
            choices = f" one of {', '.join(map(str, o.choices))};" if o.choices else ""
            text = f"{o.name} (default {o.default!r}):{choices} {o.meaning}{only}"
            for line in textwrap.wrap(text, width - 1, initial_indent="  ",
                                      subsequent_indent="      "):
                out.print(markup(line), highlight=False)
        if not g.options:
            out.print("  no options", highlight=False)
    out.print("options: arena play --game ID --option name=value (repeat -o per option)",
              highlight=False)


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
    from engine.common.view import view_text
    from harness.views.watching import ABANDONED, play_watched

    opts = parse_options(option)
    control = TimeControl.of(time_per_move)
    specs = split_bots(bots, players, bot)
    engine.get_game(game)  # an unknown game before the bots are looked at
    check_labels(specs)
    for spec in specs:
        check_spec(game, spec, players)
    if record is not None:
        check_output(record, "--record")  # before the game, not after it
    try:
        rec = play_watched(out, game, players, specs, watch, seed=seed,
                           options=opts, time_control=control, isolate=isolate)
    except HumanQuit:
        out.print(ABANDONED)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:  # Ctrl-C: one line, the status of every command
        print(f"interrupted: {ABANDONED}", file=sys.stderr)
        raise typer.Exit(130) from None
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
    from engine.common.view import view_text
    from harness.play import replay

    rec = replay.load_record(file, line)
    rp = replay.run(rec)
    if step:
        from harness.views.viewer import run_viewer

        run_viewer(rp)
        return
    if moves:
        out.print(move_table(rp, f"moves of {file.name}"))
    out.print(view_text(rp.final)[0])
    ok = rp.verified()
    out.print(summary_table(rec))
    if not ok:
        err.print(f"[red]error:[/] replay of {markup(str(file))} does not reach the recorded "
                  "final state")
        raise typer.Exit(1)
    out.print("[green]verified:[/] the replay reaches the recorded final state")


