"""`arena eval`: one bot against opponents over seeded games with its seat rotated, played
as tournaments (harness/tournaments/runner.py: Ray, SQLite results, resume, SPRT) and
summarised as win share with a 95% Wilson interval, failures and search speed.

One tournament per (game, opponent): the bot and `players - 1` copies of the opponent,
every seat permutation of that lineup on each deal (a block), so the bot takes every
seat on the same deals. Its name is a digest of its spec: the same command again
resumes it (plays only what is missing) and then reports.
"""

from __future__ import annotations

import hashlib
import math
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.common.untrusted import visible
from engine.record import decode_json
from harness.storage.database import Store, StoreError
from harness.tournaments import runner
from harness.tournaments.schedule import TournamentError, TournamentSpec, validate
from harness.tournaments.service import create
from harness.tournaments.standings import counted
from ratings.elo import first_share

#: the search note an MCTS bot leaves in a match record (bots/mcts.py `MCTSBot.notes`)
SEARCH_NOTE = re.compile(r"^seat (\d+): mcts: (\d+) iterations in (\d+) decisions$")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (a shared first place counts 1/k)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def opponent_spec(game: str, name: str) -> str:
    """`heuristic` stands for the game's rule-based bot, `heuristic:<game>`."""
    return f"heuristic:{game}" if name == "heuristic" else name


def spec_time(bot: str) -> float | None:
    """The `time=` a bot spec names (an MCTS budget), if any."""
    m = re.search(r"(?:^|[:,])time=([0-9.]+)(?:,|$)", bot)
    return float(m.group(1)) if m else None


def eval_spec(game: str, players: int, bot: str, opponent: str, games: int, *,
              seed: int = 0, time_per_move: float | None = None, sprt: str | None = None,
              options: dict[str, Any] | None = None,
              modules: tuple[str, ...] = ()) -> TournamentSpec:
    """The tournament of `bot` against `players - 1` copies of `opponent`, seats rotated
    (at least `games` games, whole blocks of one deal each). With `sprt` the test runs on
    each block's mean pairwise score of `bot` against the copies (ratings/sprt.py)."""
    if players < 2:
        raise TournamentError(f"players must be at least 2, got {players}")
    if games < 1:
        raise TournamentError(f"games must be at least 1, got {games}")
    return TournamentSpec(
        game=game, num_players=players, bots=(bot, opponent),
        format="round-robin" if players == 2 else "gauntlet", seat_rotation=True,
        games=games, sprt=sprt, time_per_move=time_per_move, options=dict(options or {}),
        seed=seed, modules=modules)


def tournament_name(spec: TournamentSpec) -> str:
    digest = hashlib.blake2b(spec.to_json().encode(), digest_size=5).hexdigest()
    return f"eval-{spec.game}-{spec.num_players}p-{digest}"


def prepare(store: Store, spec: TournamentSpec) -> tuple[str, bool]:
    """Schedule the tournament of `spec` unless the database holds it already;
    returns (name, resumed)."""
    name = tournament_name(spec)
    try:
        store.tournament(name)
        return name, True
    except StoreError:
        create(store, name, spec, validated=True)
        return name, False


def check_specs(specs: list[TournamentSpec]) -> None:
    """Every tournament checked (game, players, options, entrants) before any plays."""
    for spec in specs:
        validate(spec)


@dataclass
class EvalRow:
    """The bot's results against one opponent in one game."""

    game: str
    players: int
    bot: str
    opponent: str
    games: int = 0
    won: float = 0.0  # shares of first place
    wins: int = 0
    losses: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    errors: int = 0
    iterations: int = 0
    decisions: int = 0
    search_seconds: float = 0.0
    seconds: float = 0.0
    verdict: str | None = None

    @property
    def share(self) -> float:
        return self.won / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.won, self.games)

    def cells(self) -> tuple[str, ...]:
        lo, hi = self.interval()
        fails = [f"{k} x{v}" for k, v in sorted(self.failures.items())]
        fails += [f"engine error x{self.errors}"] if self.errors else []
        rate = self.iterations / self.search_seconds if self.search_seconds else 0.0
        return (self.game, str(self.players), self.opponent, str(self.games),
                f"{self.wins}-{self.games - self.wins - self.losses}-{self.losses}",
                f"{self.share:.1%}" if self.games else "-", f"{lo:.0%}-{hi:.0%}",
                f"{1 / self.players:.0%}", ", ".join(fails) or "-",
                f"{rate:.0f}" if self.iterations else "-",
                f"{self.iterations / self.decisions:.0f}" if self.decisions else "-",
                f"{self.seconds / 60:.1f}", self.verdict or "-")


HEADER = ("game", "players", "opponent", "games", "W-T-L", "win share", "95% CI", "parity",
          "failures", "sims/s", "sims/decision", "game-minutes", "SPRT")


def summarise(store: Store, name: str) -> EvalRow:
    """The bot's (the first entrant's) results in tournament `name`, from the database."""
    t = store.tournament(name)
    spec = TournamentSpec.from_json(t.spec)
    bot, opp = spec.bots[0], spec.bots[1]
    row = EvalRow(spec.game, spec.num_players, bot, opp, verdict=t.verdict)
    games = store.games(t.id)
    row.errors = sum(1 for g in games if g.status == "error")
    for g in counted(games, t.stop_block):
        assert g.ranking is not None
        seat = g.bots.index(bot)
        share = first_share(g.ranking, seat, g.outcome)
        row.games += 1
        row.won += share
        row.wins += share == 1.0
        row.losses += share == 0.0
        for s, kind in g.failures:
            row.failures[f"{'bot' if s == seat else 'opponent'} {kind}"] += 1
    for data in store.records(t.id):
        rec = decode_json(data)
        for note in rec.notes:
            m = SEARCH_NOTE.match(note)
            if m is None or rec.bots[int(m.group(1))] != bot:
                continue
            seat = int(m.group(1))
            row.iterations += int(m.group(2))
            row.decisions += int(m.group(3))
            row.search_seconds += sum(mv.time for mv in rec.moves
                                      if mv.seat == seat and not mv.by_substitute)
    row.seconds = store.game_seconds(t.id)
    return row


def progress_printer(label: str, bot: str) -> Callable[[runner.RunState], None]:
    """Progress on stderr: one line redrawn at most once a second on a terminal; in a pipe
    or a log file, one line per change of the finished count (no carriage returns)."""
    shown = [0.0]
    last = [-1]
    tty = sys.stderr.isatty()

    def update(state: runner.RunState) -> None:
        now = time.monotonic()
        if tty and now - shown[0] < 1.0 and state.done < state.total:
            return
        if not tty and state.done == last[0]:
            return
        shown[0], last[0] = now, state.done
        doc = state.live_doc()
        won = next((r.wins for r in doc.standings if r.bot == bot), 0.0)
        line = f"{label}: {doc.done}/{doc.total} games, {won:g} won"
        if tty:
            print(f"\r{line}", end="", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)
    return update


def run_eval(store: Store, spec: TournamentSpec, workers: int | None = None,
             address: str | None = None, quiet: bool = False) -> EvalRow:
    """Play (or resume) the tournament of `spec`; its summary."""
    name, _ = prepare(store, spec)
    label = f"{spec.game} {spec.num_players}p vs {visible(spec.bots[1])}"
    runner.run(store, name, workers, address,
               None if quiet else progress_printer(label, spec.bots[0]))
    if not quiet and sys.stderr.isatty():
        print(file=sys.stderr)  # end the redrawn line
    return summarise(store, name)


def markdown(rows: list[tuple[str, ...]], header: tuple[str, ...] = HEADER) -> str:
    """A Markdown table (readable in a terminal, pasteable into docs); cells made visible."""
    rows = [tuple(map(visible, r)) for r in rows]
    widths = [max(len(r[k]) for r in [header, *rows]) for k in range(len(header))]
    lines = []
    for row in [header, tuple("-" * w for w in widths), *rows]:
        lines.append("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True))
                     + " |")
    return "\n".join(lines)
