"""`arena ladder ...` and `arena ladders`: thin commands over harness/ladders/service.py,
harness/ladders/runner.py and ladders/ (see docs/ladders.md)."""

from __future__ import annotations

import contextlib
import secrets
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import msgspec
import typer

from engine.common.untrusted import excerpt, markup, tail
from engine.record import decode_json
from harness.cli.output import CsvOpt, JsonOpt, emit_csv, emit_json, machine_format
from harness.cli.paths import DbOpt, check_folder
from harness.cluster import session
from harness.ladders import runner as ladder_runner
from harness.ladders.data import Local, ladder_rows, read_state, show_doc
from harness.ladders.lifecycle import author_of
from harness.ladders.service import (
    LOG_LINES,
    LadderError,
    check_entrant_name,
    check_ladder_name,
    create,
    outcome,
    submit,
)
from harness.play.args import parse_options
from harness.storage import ladders as ls
from harness.storage import nodes as node_rows
from harness.storage.database import DEFAULT_DB, Store
from harness.views.console import notes as err
from harness.views.console import out
from harness.views.ladders import (
    games_table,
    history_plot,
    ladders_table,
    live_standings,
    state_table,
)
from harness.views.nodes import nodes_table

if TYPE_CHECKING:
    from harness.server.client import Remote

app = typer.Typer(help="Ladders of submitted bots: submit, play continuously, rate.",
                  no_args_is_help=True, rich_markup_mode=None)


@contextlib.contextmanager
def progress(first: str = "pinning the bot") -> Iterator[Callable[[str], None]]:
    """What the smoke games are doing, on stderr: a live line in a terminal (game,
    decision, seconds), the start of each game elsewhere."""
    if sys.stderr.isatty():  # a real terminal, not one forced for colours
        with err.status(markup(first)) as status:
            yield lambda text: status.update(markup(text))
    else:
        yield lambda text: err.print(markup(text), highlight=False) if text.endswith(
            "starting") else None

#: lines of a bot's log shown by `arena ladder games` (its latest game)
GAMES_LOG_LINES = 20

NameArg = Annotated[str, typer.Argument(help="ladder name")]


AuthorOpt = Annotated[str | None, typer.Option(
    "--author", help="who is acting (default: this operating-system user)")]
ServerOpt = Annotated[str | None, typer.Option(
    "--server", envvar="ARENA_SERVER", help="a ladder server's URL (`arena ladder serve`) "
    "instead of the database; the token comes from ARENA_TOKEN or --token-file")]
TokenFileOpt = Annotated[Path | None, typer.Option(
    "--token-file", help="file holding your token, readable by you only "
    "(default ~/.config/arena/token)")]
UnsandboxedOpt = Annotated[bool, typer.Option(
    "--allow-unsandboxed", help="run submitted bots even where they cannot be isolated "
    "(no root, no user namespaces): they can then reach this user's files and network")]


@app.command("create", short_help='Create a ladder: game, players, time control.')
def create_cmd(
    name: NameArg,
    game: Annotated[str, typer.Option("--game", "-g", help="game id (see `arena games`)")],
    players: Annotated[int, typer.Option("--players", "-n", help="players per game")] = 2,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    time_per_move: Annotated[float | None, typer.Option(help="seconds per decision")] = None,
    clock: Annotated[str | None, typer.Option(
        help="game clock per seat with increment per decision, e.g. 60+0.5")] = None,
    seed: Annotated[int | None, typer.Option(
        help="ladder seed (deals and matchmaking); default: a random one, kept from bots and "
             "authors (a bot that knew it could compute every deal)")] = None,
    game_module: Annotated[list[str] | None, typer.Option(
        "--game-module", help="import in the driver and every worker; registers its GAME")] = None,
    db: DbOpt = DEFAULT_DB,
    author: AuthorOpt = None,
) -> None:
    """Create a ladder: one game set-up and time control, with its own entrants."""
    check_ladder_name(name)  # before the database is opened (or made)
    owner = author_of(author)
    spec = ls.LadderSpec(game=game, num_players=players, options=parse_options(option),
                         time_per_move=time_per_move, clock=clock,
                         seed=secrets.randbelow(1 << 63) if seed is None else seed,
                         modules=tuple(game_module or ()))
    with Store(db) as store:
        lad = create(store, name, spec, owner)
    out.print(f"ladder [bold]{markup(name)}[/]: {lad.spec.game}, {players} players, time "
              f"{lad.spec.time_control()}; next: arena ladder submit {markup(name)} SPEC --as NAME")


@app.command("submit", short_help='Pin a bot, smoke-test it and enter it.')
def submit_cmd(
    name: NameArg,
    spec: Annotated[str, typer.Argument(help="bot spec: cmd:..., python:module:Class, mcts...")],
    display: Annotated[str, typer.Option("--as", help="the bot's name on the ladder")],
    db: DbOpt = DEFAULT_DB,
    allow_unsandboxed: UnsandboxedOpt = False,
    author: AuthorOpt = None,
    server: ServerOpt = None,
    token_file: TokenFileOpt = None,
) -> None:
    """Pin SPEC (hash + snapshot), smoke-test it against random in the sandbox, register it
    under a name you own (see docs/ladders.md: owners and versions). With --server, the
    bot's files are uploaded and the server does all that."""
    check_entrant_name(display)  # before the database is opened or anything is pinned
    if server is not None:
        from harness.cli.remote import submit_remote

        submit_remote(server, token_file, name, spec, display)
        return
    who = author_of(author)
    with Store(db, create=False) as store, progress() as say:
        result = submit(store, name, spec, display, allow_unsandboxed, who, progress=say)
    if result.entrant is None:
        refused(display, spec, result.problems,
                excerpt(result.log, tail_lines=LOG_LINES) if result.log else [])
    report(name, outcome(result))


def refused(display: str, spec: str, problems: list[str], log: list[str]) -> NoReturn:
    """Why a bot was not registered (exit status 1)."""
    show_refused(display, spec, problems, log)
    raise typer.Exit(1)


def show_refused(display: str, spec: str, problems: list[str], log: list[str]) -> None:
    out.print(f"[red]refused:[/] {markup(display)} ({markup(spec)}) is not registered:",
              highlight=False)
    for p in problems:
        out.print(f"  - {markup(p)}", highlight=False)
    if log:
        out.print("  its log:", highlight=False)
        for line in log:
            out.print(f"    {markup(line)}", highlight=False)


def report(name: str, doc: dict[str, Any]) -> None:
    """What a registered submission did (`outcome`: from this machine or a server's status
    document alike): registered, a new version, unchanged, or an older version back."""
    label, digest, old = markup(doc["label"]), str(doc["hash"])[:12], doc.get("replaced")
    gone = f"; {markup(old)} leaves matchmaking" if old else ""
    if doc.get("unchanged"):
        out.print(f"{label} is unchanged (same files, hash {digest}); nothing to do",
                  highlight=False)
    elif doc.get("restored"):
        out.print(f"{label} is back in matchmaking (same files as that version, hash "
                  f"{digest}): rating {doc['mu']:.1f} after {doc['games']} games{gone}",
                  highlight=False)
    else:
        new = (f"new version {label} (its files differ from {markup(old)}, which leaves "
               "matchmaking)" if old else f"registered [bold]{label}[/]")
        out.print(f"{new} on {markup(name)} for {markup(doc['author'])} (hash {digest}; "
                  f"{markup(doc.get('report') or '')})", highlight=False)


@app.command("run")
def run_cmd(
    name: NameArg,
    games: Annotated[int | None, typer.Option(help="games to play (default 100)", min=1)] = None,
    forever: Annotated[bool, typer.Option(help="keep playing until stopped (Ctrl-C)")] = False,
    seconds: Annotated[float | None, typer.Option(help="stop starting games after this")] = None,
    workers: Annotated[int | None, typer.Option(help="Ray workers", min=1)] = None,
    address: Annotated[str | None, typer.Option(
        help="join this Ray cluster (default: RAY_ADDRESS, else an embedded local Ray)")] = None,
    db: DbOpt = DEFAULT_DB,
    allow_unsandboxed: UnsandboxedOpt = False,
) -> None:
    """Matchmake and play games on Ray, rating each one as it finishes."""
    if forever and games is not None:
        raise LadderError("give either --games or --forever, not both")
    with Store(db, create=False) as store:
        ls.ladder(store, name)  # an unknown ladder fails before Ray starts
        with live_standings(store, name) as update:
            stopped = False
            try:
                state = ladder_runner.run(store, name, games, forever, workers, address, seconds,
                                          update, allow_unsandboxed=allow_unsandboxed)
                done = f"{state.done} games played"
            except KeyboardInterrupt:
                session.shutdown()  # Ray's processes go now, not minutes later
                stopped = True
                done = ("stopped; games in flight stay pending and the next run "
                        f"(`arena ladder run {name} --db {db}`) plays them first")
        out.print(state_table(read_state(store, name)))
        out.print(f"{markup(name)}: {markup(done)}", highlight=False)
    if stopped:  # Ctrl-C: the status every command gives (nothing rated is lost)
        raise typer.Exit(130)


def remote_for(server: str, token_file: Path | None, doing: str = "") -> Remote:
    """The ladder server at `server`, as the author whose token ARENA_TOKEN or the token
    file holds (anonymous without one, unless `doing` needs it: then one line saying so)."""
    from harness.server.client import Remote, token

    key = token(token_file)
    if key is None and doing:
        raise LadderError(f"{doing} on a ladder server needs your token: set ARENA_TOKEN, or "
                          "keep it in a file only you may read (--token-file, default "
                          "~/.config/arena/token)")
    return Remote(server, key)


def _source(db: Path, server: str | None, token_file: Path | None) -> Local | Remote:
    """Where the views read: the database, or a ladder server (as its author, if a token
    is given)."""
    return Local(db) if server is None else remote_for(server, token_file)


@app.command("show", short_help='Standings: rating with 95% interval, games, wins.')
def show_cmd(
    name: NameArg,
    as_json: JsonOpt = False,
    as_csv: CsvOpt = False,
    all_versions: Annotated[bool, typer.Option("--all", help="retired versions too")] = False,
    db: DbOpt = DEFAULT_DB,
    server: ServerOpt = None,
    token_file: TokenFileOpt = None,
) -> None:
    """Standings: rating ±95%, games, win rate, place, score, failures, last played; with
    --all, every version, and (on the database itself) the nodes of the cluster that
    played the games, games in flight there and the infrastructure's failures by node."""
    fmt = machine_format(as_json, as_csv)
    state = _source(db, server, token_file).state(name)
    nodes = []
    if all_versions and server is None:
        with Store(db, read_only=True) as store:
            lad = ls.ladder(store, name)
            nodes = node_rows.report(store, f"ladder {name}", "ladder_games", "ladder_id", lad.id)
    if fmt is None:
        out.print(state_table(state, all_versions))
        if nodes:
            out.print(nodes_table(nodes, f"{name}: nodes of the cluster"))
        return
    doc = show_doc(state, all_versions)
    if fmt == "csv":
        emit_csv(doc["standings"])  # type: ignore[arg-type]
    else:
        emit_json({**doc, "nodes": [msgspec.to_builtins(n) for n in nodes]} if nodes else doc)


@app.command("history", short_help="Rating history over the ladder's games, plotted.")
def history_cmd(
    name: NameArg,
    bot: Annotated[str | None, typer.Option(help="only this bot (every version)")] = None,
    db: DbOpt = DEFAULT_DB,
    server: ServerOpt = None,
    token_file: TokenFileOpt = None,
) -> None:
    """Rating (Weng-Lin mu) over the ladder's games, plotted in the terminal; games are
    numbered as `arena ladder games` numbers them, in the order they were rated."""
    state, hist = _source(db, server, token_file).history(name)
    entrants = {e.id: e for e in state.entrants}
    if bot is not None and not any(e.name == bot for e in entrants.values()):
        known = ", ".join(sorted({e.name for e in entrants.values()})) or "none"
        raise LadderError(f"no bot {bot!r} on ladder {name!r}; known: {known}")
    number = {g.seq: g.idx for g in state.games if g.seq is not None}  # as `games` does
    series: dict[str, tuple[list[int], list[float]]] = {}
    for seq, eid, mu, _sigma, _elo in hist:
        e = entrants[eid]
        if (bot is None and e.active) or e.name == bot:
            xs, ys = series.setdefault(e.label, ([], []))
            xs.append(number.get(seq, seq))
            ys.append(mu)
    if not series:
        out.print(f"ladder {markup(name)} has no rated games yet; "
                  f"`arena ladder run {markup(name)}` plays some")
        return
    title = f"{name}: rating (mu) after each game"
    out.print(history_plot(series, title, out.width - 1, color=out.is_terminal),
              markup=False, highlight=False)
    for label, (xs, ys) in series.items():
        out.print(f"{markup(label)}: {ys[0]:.1f} after game {xs[0]} -> {ys[-1]:.1f} after game "
                  f"{xs[-1]} ({len(xs)} games)", highlight=False)


@app.command("games", short_help="A bot's recent games, replays and log.")
def games_cmd(
    name: NameArg,
    bot: Annotated[str, typer.Option(help="the bot (its latest version unless --version)")],
    version: Annotated[int | None, typer.Option(help="that version")] = None,
    limit: Annotated[int, typer.Option(help="most recent games shown")] = 10,
    save: Annotated[Path | None, typer.Option(
        help="write these games' records here (for `arena replay`)")] = None,
    db: DbOpt = DEFAULT_DB,
    server: ServerOpt = None,
    token_file: TokenFileOpt = None,
) -> None:
    """A bot's recent games, how to replay them, and its log in the latest one (over
    --server: only your own bots' logs)."""
    if save is not None:
        check_folder(save, "--save")
    source = _source(db, server, token_file)
    state = source.state(name)
    entrants = {e.id: e for e in state.entrants}
    mine = [e for e in entrants.values() if e.name == bot
            and (version is None or e.version == version)]
    if not mine:
        known = ", ".join(sorted({e.label for e in entrants.values()})) or "none"
        raise LadderError(f"no bot {bot!r}{f' v{version}' if version else ''} on ladder "
                          f"{name!r}; known: {known}")
    me = max(mine, key=lambda e: e.version)
    played = [g for g in state.games if me.id in g.entrants and g.status != "pending"]
    played.sort(key=lambda g: g.idx)
    recent = played[-limit:][::-1]  # by game number, the latest first
    records = {g.idx: source.record(name, g.idx) if g.status == "done" else None
               for g in recent}
    rows = [(g, g.entrants.index(me.id), [entrants[e].label if e in entrants else "(deleted)"
                                          for e in g.entrants]) for g in recent]
    out.print(games_table(f"{name}: {me.label}, {len(recent)} of {len(played)} games", rows))
    if save is not None:
        _writable(save)
        for g in recent:
            if records[g.idx]:
                (save / f"{name}-{g.idx}.json").write_bytes(records[g.idx])  # type: ignore[arg-type]
        out.print(markup(f"records written to {save}; replay one with: arena replay "
                         f"{save / f'{name}-{recent[0].idx}.json' if recent else 'FILE'}"),
                  highlight=False)
    elif recent:
        out.print(markup(f"replay them: arena ladder games {name} --bot {bot} --save DIR, then "
                         f"arena replay DIR/{name}-{recent[0].idx}.json"), highlight=False)
    for g in recent:
        rec_bytes = records.get(g.idx)
        if not rec_bytes:
            continue
        rec = decode_json(rec_bytes)
        seat = g.entrants.index(me.id)
        log = rec.logs[seat] if rec.logs else ""
        notes = [n for n in rec.notes if n.startswith(f"seat {seat}:")]
        out.print(f"log of {markup(me.label)} in game {g.idx} (seat {seat}):"
                  + ("" if log or notes else " empty"), highlight=False)
        for line in [*notes, *tail(log, GAMES_LOG_LINES)]:
            out.print(f"  {markup(line)}", highlight=False)
        break


def _writable(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".arena-probe"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise LadderError(f"cannot write to {folder}: {e.strerror}") from None


def ladders_cmd(as_json: JsonOpt = False, as_csv: CsvOpt = False,
                db: DbOpt = DEFAULT_DB, server: ServerOpt = None,
                token_file: TokenFileOpt = None) -> None:
    """Every ladder in the database (or on --server)."""
    fmt = machine_format(as_json, as_csv)
    if server is not None:
        remote = remote_for(server, token_file)
        rows, where = remote.ladders(), f"on {remote.url}"
    else:
        with Store(db, read_only=True) as store:
            rows, where = ladder_rows(store), f"in {db}"
    if fmt is not None:
        emit_json(rows) if fmt == "json" else emit_csv(rows)
        return
    if not rows:
        out.print(f"no ladder {markup(where)} yet; `arena ladder create NAME --game G` makes "
                  "one", highlight=False)
        return
    out.print(ladders_table(rows, where))
