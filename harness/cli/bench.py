"""`arena bench`: engine and bot speed (harness/eval/bench.py measures, the tables:
harness/views/bench.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import msgspec
import typer

import engine
from harness.cli.paths import check_output, make_parent
from harness.eval import machine
from harness.views.bench import bench_tables, comparison_table
from harness.views.console import err, out


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
    against: Annotated[Path | None, typer.Option(
        help="a checkout of this project to compare with: its quick bench and this one's "
        "in alternating runs, medians and new/old per figure")] = None,
    rounds: Annotated[int, typer.Option(min=1, help="with --against: runs of each")] = 3,
) -> None:
    """Measure engine speed: decisions/s, clone, apply, serialization, sample_state."""
    from harness.eval import bench

    for g in game or []:
        engine.get_game(g)  # unknown ids fail before anything runs
    if json is not None:
        check_output(json, "--json")
    if against is not None:
        return _against(against, rounds, game or [], players or [], json)
    load = machine.Load()
    with err.status("benchmarking...") as status:
        figs = bench.run(game, players, quick, progress=lambda s: status.update(f"bench {s}"),
                         workers=not quick if workers is None else workers, presets=presets,
                         load=load)
    for table in bench_tables(figs, quick, out.width):
        out.print(table)
    for line in machine.engine_lines(machine.engine_build()) + machine.describe(load):
        out.print(line, markup=False, highlight=False)
    if json is not None:
        make_parent(json, "--json")
        json.write_bytes(msgspec.json.format(msgspec.json.encode(figs)))
        out.print(f"figures written to {json}")


def _against(path: Path, rounds: int, games: list[str], players: list[int],
             json_out: Path | None) -> None:
    """`arena bench --against PATH [--rounds R]`: run, print the table, write `--json`."""
    from harness.eval import checkouts

    checkouts.check_checkout(path)  # a bad PATH fails before anything runs
    with err.status("benchmarking...") as status:
        res = checkouts.compare(path, rounds, games, players,
                                progress=lambda s: status.update(f"bench {s}"))
    out.print(comparison_table(res, out.width))
    if json_out is not None:
        make_parent(json_out, "--json")
        json_out.write_bytes(checkouts.to_json(res))
        out.print(f"comparison written to {json_out}")
