"""`arena demo` on the terminal: a ladder on the first real game, three or four entrants, about a
minute of games on local Ray, then the standings and the rating history."""

from __future__ import annotations

import time
from pathlib import Path

from rich.console import Console

import engine
from bots.registry import BotSpecError, make_bot
from bots.trained import players as trained_players
from engine import native
from engine.common.untrusted import markup
from harness.ladders import runner as ladder_runner
from harness.ladders.lifecycle import author_of
from harness.ladders.service import create, submit
from harness.ladders.standings import seat_advantage, standings
from harness.storage import ladders as ls
from harness.storage.database import DEFAULT_DB, Store
from harness.tournaments.schedule import TournamentError
from harness.views.console import out
from harness.views.ladders import history_plot, standings_table


def entrants(game: str, num_players: int) -> list[tuple[str, str]]:
    """(spec, display name) of the demo's entrants: random, the game's rule-based bot if it
    has one, MCTS with a small time budget, and MCTS with the game's trained value model
    (`trained:`) if one is shipped for this player count."""
    found = [("random", "random")]
    wanted = [(f"heuristic:{game}", "heuristic"), ("mcts:time=0.05", "mcts")]
    if trained_players(game) == num_players:
        wanted.append((f"trained:{game}:time=0.05", "mcts-trained"))
    for spec, name in wanted:
        try:
            make_bot(spec).close()
        except BotSpecError:
            continue
        found.append((spec, name))
    return found


def build_note(build: native.Status) -> str | None:
    """A line for a demo whose engine runs as Python though nobody asked for it (installed
    with no C compiler, say): the figures it shows are then half what they could be."""
    if not build.off or build.pure:
        return None
    return (f"note: the engine runs as Python ({build.off}), at about half the speed of a "
            "compiled install (README, Set-up)")


def demo(db: Path = DEFAULT_DB, workers: int = 2, budget: float = 50.0,
         console: Console = out) -> str:
    """Create the ladder, submit the entrants, play for `budget` seconds, show the standings
    and the history. Returns the ladder's name."""
    ids = [g.id for g in engine.list_games() if g.id != "kit"]
    if not ids:
        raise TournamentError("no game is registered yet (engine.list_games() is empty); "
                              "`arena demo` needs at least one game under engine/games")
    game = engine.get_game(ids[0])
    n = max(2, game.min_players)
    name = f"demo-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
    with Store(db) as store:  # an unusable database or folder fails before any play
        who = author_of(None)
        create(store, name, ls.LadderSpec(game=game.id, num_players=n, time_per_move=1.0), who)
        console.print(f"demo ladder [bold]{name}[/]: {game.name}, {n} players, 1 s per "
                      f"decision; results in {db}")
        for spec, display in entrants(game.id, n):
            got = submit(store, name, spec, display, author=who)
            state = "registered" if got.entrant else f"refused ({'; '.join(got.problems)})"
            console.print(f"  submit {markup(spec)} as {markup(display)}: {markup(state)}",
                          highlight=False)
        note = build_note(native.status())
        if note:
            console.print(note, markup=False, highlight=False)
        console.print(f"playing for about {budget:.0f} s on {workers} local Ray workers...")
        ladder_runner.run(store, name, forever=True, workers=workers, seconds=budget)
        lad = ls.ladder(store, name)
        games = ls.games(store, lad.id)
        rows = standings(ls.entrants(store, lad.id), games)
        console.print(standings_table(lad, rows, seat_advantage(games, n),
                                      elo=console.width >= 100))
        series: dict[str, tuple[list[int], list[float]]] = {}
        labels = {e.id: e.label for e in ls.entrants(store, lad.id)}
        for seq, eid, mu, _s, _e in ls.history(store, lad.id):
            xs, ys = series.setdefault(labels[eid], ([], []))
            xs.append(seq)
            ys.append(mu)
    if series:
        console.print(history_plot(series, f"{name}: rating (mu) after each game",
                                   console.width - 1, height=16, color=console.is_terminal),
                      markup=False, highlight=False)
    console.print(f"again: arena ladder show {name} --db {db}; arena ladder history {name} "
                  f"--db {db}; more games: arena ladder run {name} --db {db}", highlight=False)
    return name
