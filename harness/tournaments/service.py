"""Tournament services behind `arena tournament ...`: scheduling into the database,
deleting, and the data of the final table and the list (the live display and the tables:
harness/views/tournaments.py; the commands: harness/cli/tournament.py)."""

from __future__ import annotations

from harness.storage.database import Store
from harness.storage.nodes import NodeRow, report
from harness.tournaments.schedule import TournamentError, TournamentSpec, pool_key, schedule
from harness.tournaments.schedule import validate as validate_spec
from harness.tournaments.standings import BotStats, all_pairs, counted, outcome_counts, standings
from ratings.elo import ml_ratings
from ratings.sprt import Sprt


def check_workers(workers: int | None) -> None:
    if workers is not None and workers < 1:
        raise TournamentError(f"workers must be at least 1, got {workers}")


def create(store: Store, name: str, spec: TournamentSpec, validated: bool = False) -> int:
    """Validate `spec` (unless the caller did) and write it with its whole schedule;
    returns the game count."""
    if not validated:
        validate_spec(spec)
    games = schedule(spec)
    store.create(name, spec.to_json(), pool_key(spec), games)
    return len(games)


def delete(store: Store, name: str) -> int:
    """Remove tournament `name`; returns how many of its games had been played. Its pool
    keeps the online Elo of games already rated; bots left without a game there are
    dropped, and the maximum-likelihood Elo is recomputed from the games that remain."""
    t = store.tournament(name)
    played = sum(1 for r in store.games(t.id) if r.status == "done")
    store.delete(t.id)
    games = store.pool_games(t.pool)
    still = {b for g in games for b in g.bots}
    store.drop_ratings(t.pool, [b for b in store.pool_ratings(t.pool) if b not in still])
    store.set_ml(t.pool, {b: (r.elo, r.low, r.high)
                            for b, r in ml_ratings(all_pairs(games)).items()})
    return played


def show_data(store: Store, name: str) -> tuple[str, str, list[BotStats]]:
    """Title, caption and standings of tournament `name` (`arena tournament show`)."""
    t = store.tournament(name)
    spec = TournamentSpec.from_json(t.spec)
    rows = store.games(t.id)
    used = counted(rows, t.stop_block)
    stats = standings(used, spec.num_players, spec.bots)
    outcomes = ", ".join(f"{k} {n}" for k, n in sorted(outcome_counts(used).items()))
    errors = sum(1 for r in rows if r.status == "error")
    pending = sum(1 for r in rows if r.status == "pending")
    caption = f"{len(used)} games counted ({outcomes or 'none'}); status {t.status}"
    caption += f"; {errors} engine errors" if errors else ""
    caption += f"; {pending} games still to play" if pending else ""
    if spec.sprt and t.verdict:
        s = Sprt.parse(spec.sprt)
        better = f"{spec.bots[0]} is stronger than {spec.bots[1]} by {s.elo1:g} Elo"
        worse = f"{spec.bots[0]} is at most {s.elo0:g} Elo stronger than {spec.bots[1]}"
        caption += f"; SPRT after {t.stop_block} blocks: {better if t.verdict == 'H1' else worse}"
    elif spec.sprt:
        caption += "; SPRT: no verdict yet"
    style = ", seat rotation" if spec.seat_rotation else ""
    clock = f", clock {spec.clock}" if spec.clock else ""
    title = (f"{name}: {spec.game}, {spec.num_players} players, {spec.format}{style}{clock}, "
             f"seed {spec.seed}")
    return title, caption, stats


def node_rows(store: Store, name: str) -> list[NodeRow]:
    """The nodes that played tournament `name` and its failures by node (none if it was
    never played on a cluster that recorded them)."""
    t = store.tournament(name)
    rows = report(store, f"tournament {name}", "games", "tournament_id", t.id)
    return [] if all(r.node == "-" for r in rows) else rows


def tournament_rows(store: Store) -> list[dict[str, object]]:
    """`arena tournament list --json/--csv`: one row per tournament."""
    out_rows: list[dict[str, object]] = []
    for t in store.tournaments():
        spec = TournamentSpec.from_json(t.spec)
        rows = store.games(t.id)
        out_rows.append({"name": t.name, "game": spec.game, "players": spec.num_players,
                         "bots": list(spec.bots),
                         "done": sum(1 for r in rows if r.status == "done"),
                         "games": len(rows), "status": t.status, "created": t.created})
    return out_rows
