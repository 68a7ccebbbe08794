"""What the ladder views read, from a database or a server alike: a ladder with its
entrants and games (`State`), its rating history, a game's record. The server sends the
same structures (`public`: without the server's paths) and the CLI draws the same views
from them; a record shows a bot's log only to that bot's author (`redacted`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from engine.record import decode_json, encode_json
from harness.ladders.standings import seat_advantage, standings
from harness.storage import ladders as ls
from harness.storage.database import Store

History = list[tuple[int, int, float, float, float]]  # seq, entrant id, mu, sigma, elo


class State(NamedTuple):
    ladder: ls.Ladder
    entrants: list[ls.Entrant]
    games: list[ls.LadderGame]


class Local:
    """Reads a ladders database (read-only, one connection per read)."""

    def __init__(self, db: Path) -> None:
        self.db = db

    def state(self, name: str) -> State:
        with Store(self.db, read_only=True) as store:
            return read_state(store, name)

    def history(self, name: str) -> tuple[State, History]:
        with Store(self.db, read_only=True) as store:
            state = read_state(store, name)
            return state, ls.history(store, state.ladder.id)

    def record(self, name: str, idx: int) -> bytes | None:
        with Store(self.db, read_only=True) as store:
            return ls.record(store, ls.ladder(store, name).id, idx)


def read_state(store: Store, name: str) -> State:
    lad = ls.ladder(store, name)
    return State(lad, ls.entrants(store, lad.id), ls.games(store, lad.id))


def ladder_rows(store: Store) -> list[dict[str, Any]]:
    """Every ladder as `arena ladders --json` (and a server's GET ladders) gives it: name,
    game, players, options, time control, active bots, games played, the last one's end."""
    rows = []
    for lad in ls.ladders(store):
        done = [g for g in ls.games(store, lad.id) if g.status == "done"]
        rows.append({"name": lad.name, "game": lad.spec.game, "players": lad.spec.num_players,
                     "options": dict(lad.spec.options), "time": lad.spec.time_control(),
                     "bots": len(ls.entrants(store, lad.id, active_only=True)),
                     "games": len(done),
                     "last_game": max((g.finished or "" for g in done), default=None)})
    return rows


def show_doc(state: State, all_versions: bool) -> dict[str, Any]:
    """The document of `arena ladder show --json`."""
    lad, entrants, games = state
    rows = standings(entrants, games)
    seats = seat_advantage(games, lad.spec.num_players)
    return {"ladder": lad.name, "spec": json.loads(lad.spec.to_json()),
            "games": sum(1 for g in games if g.status == "done"),
            "seats": [{"seat": i, "win_rate": w, "avg_place": p}
                      for i, (w, p) in enumerate(seats)],
            "standings": [r.as_json(i + 1) for i, r in enumerate(rows)
                          if all_versions or r.entrant.active]}


def public_spec(spec: ls.LadderSpec) -> ls.LadderSpec:
    """A ladder's set-up as anyone may see it: without the server's bot folder, and
    without its seed (0): a bot that knew the seed would know every deal, its opponents'
    hidden hands included, by computing its game's seed from the one it is given."""
    return msgspec.structs.replace(spec, bot_root="", seed=0)


def public(state: State) -> dict[str, Any]:
    """`state` as JSON for anyone: the server's folders (bot root, snapshots, pinned
    commands) and the seeds of the ladder and of games not played yet left out
    (`public_spec`; a played game's seed is in its record, for replays)."""
    lad, entrants, games = state
    return msgspec.to_builtins({
        "ladder": msgspec.structs.replace(lad, spec=public_spec(lad.spec)),
        "entrants": [msgspec.structs.replace(e, snapshot=None, run_spec="") for e in entrants],
        "games": [g if g.status == "done" else msgspec.structs.replace(g, seed=0)
                  for g in games]})


def from_public(doc: Any) -> State:
    return State(msgspec.convert(doc["ladder"], ls.Ladder),
                 msgspec.convert(doc["entrants"], list[ls.Entrant]),
                 msgspec.convert(doc["games"], list[ls.LadderGame]))


def redacted(record: bytes, seats: list[int], entrants: dict[int, ls.Entrant],
             author: str | None) -> bytes:
    """A game's record with what the bots of every seat that is not `author`'s wrote
    emptied: their logs (stderr), notes, and the detail of their failures (an error line
    they printed); the failure's kind and decision stay for everyone. Each such seat gets a
    note that its log is withheld (whether or not it wrote one), so that an empty log is
    never taken for a silent bot."""
    rec = decode_json(record)
    mine = {i for i, eid in enumerate(seats)
            if author is not None and eid in entrants and entrants[eid].author == author}
    logs = [log if i in mine else "" for i, log in enumerate(rec.logs)]
    notes = [n for n in rec.notes if not n.startswith("seat ")
             or any(n.startswith(f"seat {i}:") for i in mine)]
    notes += [withheld(i, author is None) for i in range(len(seats)) if i not in mine]
    failures = [f if f.seat in mine else msgspec.structs.replace(f, detail="")
                for f in rec.failures]
    return encode_json(msgspec.structs.replace(rec, logs=logs, notes=notes,
                                               failures=failures))


def withheld(seat: int, anonymous: bool) -> str:
    """The note in place of the log of a seat whose bot is not the reader's."""
    how = ("; give your token (ARENA_TOKEN or --token-file) to read your own bots' logs"
           if anonymous else "")
    return f"seat {seat}: its log is withheld: only its author may read it{how}"
