"""What one rated ladder game adds to the aggregates a ladder keeps (schema 6): per entrant,
per seat, per pair of entrants. The one definition, used where a game is stored
(harness/storage/ladders.py), where old games are counted (harness/storage/migrate.py), in
the runner's own live table (harness/ladders/runner.py), and by the tests that recount;
and the rule of automatic retirement, which counts failures in an entrant's recent games.

An entrant holding several seats of one game counts each seat (as its `games` always did);
pairs of seats held by the same entrant are skipped (ratings.elo.pairwise); a failure
counts once per failure recorded, and once per game (its kinds) for automatic retirement.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ratings.elo import first_share, pairwise


@dataclass
class EntrantTally:
    """One entrant's share of one game (or, summed, of many)."""

    games: int = 0
    wins: float = 0.0  # shares of first place
    place_sum: int = 0  # 0 = first
    score_sum: float = 0.0
    failures: Counter[str] = field(default_factory=Counter)
    kinds: list[str] = field(default_factory=list)  # its failure kinds in this game, sorted


@dataclass
class Tally:
    entrants: dict[int, EntrantTally]
    seats: list[tuple[float, int]]  # per seat: share of first place, place
    pairs: dict[tuple[int, int], tuple[float, int]]  # (a, b), a < b: a's score, games


def tally(seats: Sequence[int], ranking: Sequence[int], scores: Sequence[float],
          outcome: str | None, failures: Sequence[Sequence[object]]) -> Tally:
    """The aggregates of one finished game: `seats[i]` is the entrant in seat i, which
    finished at place `ranking[i]` with `scores[i]`; `failures` are (seat, kind)."""
    out: dict[int, EntrantTally] = {}
    per_seat = []
    for s, e in enumerate(seats):
        t = out.setdefault(e, EntrantTally())
        won = first_share(ranking, s, outcome)
        t.games += 1
        t.wins += won
        t.place_sum += ranking[s]
        t.score_sum += scores[s]
        per_seat.append((won, ranking[s]))
    for seat, kind in failures:
        t = out[seats[int(seat)]]  # type: ignore[call-overload]
        t.failures[str(kind)] += 1
    for t in out.values():
        t.kinds = sorted(t.failures)  # its seats' failure kinds, once each
    pairs: dict[tuple[int, int], tuple[float, int]] = {}
    for a, b, x in pairwise([str(e) for e in seats], ranking):
        lo, hi, score = (int(a), int(b), x) if int(a) < int(b) else (int(b), int(a), 1.0 - x)
        old = pairs.get((lo, hi), (0.0, 0))
        pairs[(lo, hi)] = (old[0] + score, old[1] + 1)
    return Tally(out, per_seat, pairs)


def add(into: EntrantTally, more: EntrantTally) -> None:
    """`into` += `more` (the recent failure kinds are not summed: see lifecycle.py)."""
    into.games += more.games
    into.wins += more.wins
    into.place_sum += more.place_sum
    into.score_sum += more.score_sum
    into.failures.update(more.failures)


# --- automatic retirement --------------------------------------------------------------------
#: an entrant is retired when it failed in at least FAIL_LIMIT of its last FAIL_WINDOW games
FAIL_LIMIT = 6
FAIL_WINDOW = 10
AUTO = "automatically: "


def failing_kinds(recent: Sequence[Sequence[str]]) -> str | None:
    """Why an entrant must leave matchmaking, given its failure kinds in each of its most
    recent rated games (newest first; an empty list: a game without a failure of its own),
    or None. Games count, not failures: two failures in one game count once."""
    window = list(recent)[:FAIL_WINDOW]
    bad = sum(1 for kinds in window if kinds)
    if bad < FAIL_LIMIT:
        return None
    kinds = Counter(k for game in window for k in game)
    what = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    return f"{AUTO}failed in {bad} of its last {len(window)} games ({what})"


def kinds_of(eid: int, seats: Sequence[int], failures: Sequence[Sequence[object]]
             ) -> list[str]:
    """The failure kinds of entrant `eid`'s own seats in one game, sorted, once each."""
    return sorted({str(kind) for seat, kind in failures if seats[int(seat)] == eid})  # type: ignore[call-overload]

