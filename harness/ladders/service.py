"""Ladders of submitted bots: creating one, submitting (pin + validate), and the bot folder.

Commands: harness/cli/ladder.py; playing: harness/ladders/runner.py; storage:
harness/storage/ladders.py; ratings: ratings/weng_lin.py, ratings/elo.py.
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bots.external import InfrastructureError
from bots.spec import BotSpec
from engine.common.rng import derive_seed
from engine.common.untrusted import check_name, fold, visible
from engine.protocol import ArenaError
from engine.record import MatchRecord, decode_json
from harness.cluster.cargo import Cargo
from harness.cluster.dispatch import Dispatcher, Item, files_of
from harness.cluster.games import Played, play_tasks
from harness.cluster.node import Unplayed, placed
from harness.ladders import pin as pinning
from harness.ladders.names import owns, taken_by
from harness.ladders.pin import pin, runs
from harness.play.clock import TimeControl
from harness.play.contest import check_setup, load_modules
from harness.play.entrants import TERMINAL_ONLY
from harness.play.match import play_game
from harness.sandbox.bundle import BlobStore
from harness.sandbox.isolate import require_isolation
from harness.storage import ladders as ls
from harness.storage.database import Store
from harness.storage.lifecycle import activate

#: smoke games a submitted bot plays against `random` before it is registered
SMOKE_GAMES = 2
#: lines of the bot's log shown with a refusal
LOG_LINES = 8
LadderTask = tuple[int, int, tuple[str | BotSpec, ...]]  # idx, seed, bot per seat
log = logging.getLogger("arena.ladders")
#: the folder beside the database that holds every ladder's snapshots (`bot_folder`)
BOT_FOLDERS = "ladder-bots"


class LadderError(ArenaError, ValueError):
    """A ladder request that cannot be carried out."""


@dataclass
class Submission:
    """What `submit` did: the new, unchanged or restored entrant, or the reasons it was
    refused. `replaced`: the version that was current before (if another)."""

    entrant: ls.Entrant | None
    unchanged: bool = False
    restored: bool = False  # files identical to this older (or retired) version: it is back
    replaced: ls.Entrant | None = None
    problems: list[str] = field(default_factory=list)
    log: str = ""


def outcome(result: Submission) -> dict[str, Any]:
    """A registered submission as JSON (what `arena ladder submit` reports, locally or from
    a server's status document): the entrant's label, version, hash, validation report,
    author, rating and games, the version it replaced, whether it was unchanged or an
    older version brought back."""
    e = result.entrant
    assert e is not None
    return {"label": e.label, "version": e.version, "hash": e.hash, "report": e.report,
            "author": e.author, "mu": e.mu, "games": e.games,
            "replaced": result.replaced.label if result.replaced is not None else None,
            "unchanged": result.unchanged, "restored": result.restored}


def check_ladder_name(name: str) -> str:
    """`name` if a ladder may have it (it also names the ladder's bot folder), else
    LadderError with one line."""
    _checked(name, "ladder name")
    if "/" in name or name.startswith("."):
        raise LadderError(f"ladder name {name!r}: no '/' and no leading '.' (it names a folder)")
    return name


def check_entrant_name(name: str) -> str:
    """`name` if a bot may be entered under it (`--as`), else LadderError with one line."""
    return _checked(name, "bot name (--as)")


def read_submitted(spec: str) -> BotSpec:
    """A submitted bot's spec, read (BotSpecError) and printable: control and format
    characters (escape sequences, bidirectional overrides) would reach every screen that
    shows the entrant, and no command line needs them (LadderError, one line)."""
    if not spec.isprintable():
        raise LadderError(f"bot spec '{visible(spec)}' holds control or format characters; "
                          "a submitted spec is printable text")
    return BotSpec.parse(spec)


def _checked(name: str, what: str) -> str:
    try:
        return check_name(name, what)
    except ValueError as e:
        raise LadderError(str(e)) from None


def _one_name(taken: list[str], name: str, what: str) -> None:
    """Refuse `name` if it is another of `taken` by harness/ladders/names.py: it differs
    only in case, or looks the same (Unicode confusables)."""
    other = taken_by([t for t in taken if t != name], name)
    if other is None:
        return
    how = ("differs from the existing {!r} only in case" if fold(other) == fold(name) else
           "looks the same as the existing {!r} (the characters differ, the skeletons of "
           "Unicode's confusables match)").format(other)
    raise LadderError(f"{what} {name!r} {how}; use {other!r} or another name")


class NameTaken(LadderError):
    """A bot name refused because of a name on the ladder: `mine` when that name is the
    asker's own bot spelled another way (else another author's)."""

    def __init__(self, message: str, mine: bool) -> None:
        super().__init__(message)
        self.mine = mine


def check_bot_name(owners: list[tuple[str, str]], display: str, author: str,
                   ladder: str) -> None:
    """Refuse bot name `display` for `author` on `ladder` (NameTaken, one line with advice
    that fits the asker) when another author owns it, or when it is one of `owners`' names
    (name, author: the ladder's bots and submissions under way) spelled another way
    (harness/ladders/names.py): the asker's own is told to submit under its spelling, anyone
    else to choose another name. An unowned name (author '') may be claimed."""
    for name, owner in owners:
        if name == display and not owns(owner, author):
            raise NameTaken(f"bot name {display!r} on ladder {ladder!r} belongs to {owner!r} "
                            f"(you are {author!r}); choose another name", mine=False)
    other = taken_by([n for n, _ in owners if n != display], display)
    if other is None:
        return
    how = ("it differs only in case" if fold(other) == fold(display) else
           "its characters look the same: Unicode lists them as confusable")
    owner = next((a for n, a in owners if n == other and a), "")
    if owner == author:
        raise NameTaken(f"bot name {display!r} is your bot {other!r} on ladder {ladder!r} "
                        f"spelled another way ({how}): submit as {other!r} to add a version "
                        "of it, or choose another name", mine=True)
    whose = f"{owner}'s bot" if owner else "the bot"
    raise NameTaken(f"bot name {display!r} on ladder {ladder!r} is taken: {whose} {other!r} "
                    f"is the same name spelled another way ({how}); choose another name "
                    f"(you are {author!r})", mine=False)


def bot_folder(store: Store, name: str) -> Path:
    """Where the snapshots of a ladder's bots live: beside the database."""
    return (store.path.resolve().parent / BOT_FOLDERS / name).resolve()


def use_ladder(spec: ls.LadderSpec) -> None:
    """Make the ladder's plug-in games importable in this process (its pinned bots are
    laid out from their manifests where they play: harness/cluster/node.py)."""
    load_modules(spec.modules)


def create(store: Store, name: str, spec: ls.LadderSpec, owner: str = "") -> ls.Ladder:
    """Check the set-up (game, players, options, time control, bot folder) and store it."""
    check_ladder_name(name)
    _one_name([lad.name for lad in ls.ladders(store)], name, "ladder name")
    check_setup(spec.game, spec.modules, spec.num_players, spec.options, "ladder",
                LadderError)
    TimeControl.of(spec.time_per_move, spec.clock)
    root = bot_folder(store, name)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise LadderError(f"cannot create the bot folder {root}: {e.strerror}") from None
    if not os.access(root, os.W_OK):
        raise LadderError(f"the bot folder {root} is not writable")
    return ls.create_ladder(store, name, _with_root(spec, str(root)), owner)


def _with_root(spec: ls.LadderSpec, root: str) -> ls.LadderSpec:
    return ls.LadderSpec(**{**{f: getattr(spec, f) for f in spec.__struct_fields__},
                            "bot_root": root})


def play_ladder_games(spec_json: str, tasks: Sequence[LadderTask],
                      store: BlobStore | None) -> list[Played | Unplayed]:
    """A cluster task (harness/cluster/node.py): some games of a ladder (matches and smoke
    games alike), every submitted bot in the sandbox, its files laid out from `store`."""
    spec = ls.LadderSpec.from_json(spec_json)
    use_ladder(spec)
    return play_tasks(spec.game, spec.num_players, dict(spec.options), spec.time_per_move,
                      spec.clock, True, tasks, store)


def smoke_games(spec: ls.LadderSpec, run_spec: BotSpec, digest: str,
                progress: Callable[[str], None] | None = None, address: str | None = None,
                strict: bool = True) -> list[MatchRecord]:
    """The validation games: the bot in seat g % N of game g, `random` in the others,
    sandboxed, under the ladder's time control; they stop after the first game in which
    the bot failed. `progress` hears what is being played (game, decision, seconds; on a
    cluster, where). With `address`, they are played on that Ray cluster (the bot's files
    sent with them, `strict`: only on nodes that can sandbox it); else here. A game the
    infrastructure could not play is an InfrastructureError (nothing is charged to the
    bot)."""
    recs: list[MatchRecord] = []
    n = spec.num_players
    files = pinning.store(spec.bot_root)
    pool = None
    if address:
        cargo = Cargo(files)
        pool = Dispatcher(play_ladder_games, spec.to_json(), blobs=cargo.blob,
                          modules=cargo.modules(spec.modules), strict=strict, address=address)
    with pool if pool is not None else nullcontext():  # Dispatcher: no cancel on Ctrl-C
        for g in range(SMOKE_GAMES):
            bots: list[str | BotSpec] = ["random"] * n
            bots[g % n] = run_spec
            seed = derive_seed(spec.seed, "smoke", digest, g) & ((1 << 63) - 1)
            where = f"smoke game {g + 1} of {SMOKE_GAMES} (the bot in seat {g % n})"
            if pool is not None:
                recs.append(_on_cluster(pool, (g, seed, tuple(bots)), where, progress))
            else:
                watch = None if progress is None else _Progress(where, progress)
                recs.append(play_game(spec.game, n, placed(bots, files), seed,
                                      dict(spec.options), spec.time_per_move, spec.clock,
                                      isolate=True, watch=watch))
            if any(f.seat == g % n for f in recs[-1].failures):
                break
    return recs


def _on_cluster(pool: Dispatcher, task: tuple[int, int, tuple[str | BotSpec, ...]],
                where: str, progress: Callable[[str], None] | None) -> MatchRecord:
    """One smoke game played on the cluster; its record."""
    say = progress or (lambda text: None)
    say(f"{where}: sent to the cluster")
    pool.send([Item(task[0], task, files_of(task[2]))])
    while True:
        for out in pool.poll(1.0):
            if out.lost:
                raise InfrastructureError(f"the cluster could not play {where}: {out.lost}")
            if out.value.error is not None:
                raise LadderError(f"{where} could not be played: {out.value.error}")
            say(f"{where}: played")
            log.info("%s played on %s", where, out.node)  # the operator's log, not the author's
            return decode_json(out.value.record)


class _Progress:
    """A smoke game's `watch`: tells `say` its decision count and time, a few times a
    second at most."""

    def __init__(self, where: str, say: Callable[[str], None]) -> None:
        self.where, self.say = where, say
        self.t0 = self.shown = time.monotonic()
        self.decisions = 0
        say(f"{where}: starting")

    def __call__(self, _words: str, _state: Any, _move: Any, number: int) -> None:
        self.decisions = number
        now = time.monotonic()
        if now - self.shown >= 0.2:
            self.shown = now
            self.say(f"{self.where}: decision {self.decisions}, {now - self.t0:.1f} s")


def problems_of(recs: list[MatchRecord], n: int,
                time_control: str = "") -> tuple[list[str], str]:
    """The bot's failures in its smoke games, and its log in the first bad one; a timeout
    names the ladder's time control."""
    found, log = [], ""
    for g, rec in enumerate(recs):
        seat = g % n
        for f in rec.failures:
            if f.seat == seat:
                limit = (f" (the ladder's time control: {time_control})"
                         if f.kind == "timeout" and time_control else "")
                found.append(f"smoke game {g + 1} (seat {seat}): {f.kind} at decision "
                             f"{f.decision}: {f.detail}{limit}")
                if not log and rec.logs and rec.logs[seat]:
                    log = rec.logs[seat].strip()
    return found, log


def submit(store: Store, name: str, spec: str, display: str,
           allow_unsandboxed: bool = False, author: str = "",
           progress: Callable[[str], None] | None = None,
           within: Path | None = None, address: str | None = None,
           pinned_hook: Callable[[str | None], None] | None = None) -> Submission:
    """Pin `spec`, validate it in smoke games (on the Ray cluster at `address` when given),
    and register it as the next version of `display`, owned by `author` (`within`: an
    uploaded bot's folder, see `pin`). A name another author owns is refused, and so are
    files already entered under another name; files identical to an earlier version of
    the name bring that version back (rating and games), and identical to the current one
    change nothing (a retired one plays again). A bot that runs sandboxed is refused where
    bots cannot be isolated (here, or on every node of the cluster), unless
    `allow_unsandboxed`. Smoke games the infrastructure could not play register nothing
    and refuse nothing: one LadderError says to submit again later. `pinned_hook` hears
    the snapshot's folder as soon as it exists (the server writes it down, to remove it if
    the validation is killed)."""
    check_entrant_name(display)
    kind = read_submitted(spec).kind_of  # a spec that cannot be read: refused before all else
    lad = ls.ladder(store, name)
    everyone = ls.entrants(store, lad.id)
    check_bot_name([(e.name, e.author) for e in everyone], display, author, name)
    mine = [e for e in everyone if e.name == display]
    if kind.terminal:
        raise LadderError(TERMINAL_ONLY.format(name=spec))
    if not kind.trusted and not address:
        require_isolation(allow_unsandboxed)
    use_ladder(lad.spec)
    pinned = pin(spec, Path(lad.spec.bot_root), within)
    if pinned_hook is not None:
        pinned_hook(pinned.snapshot)
    twin = next((e for e in everyone if e.hash == pinned.digest and e.name != display), None)
    if twin is not None:
        raise LadderError(f"these files are already entered on {name!r} as {twin.label} "
                          f"(by {twin.author or 'unknown'}); a bot enters once")
    current = next((e for e in mine if e.active), None)
    same = next((e for e in mine if e.hash == pinned.digest), None)
    if same is not None:
        if same.playing:
            return Submission(same, unchanged=True)
        activate(store, lad.id, same.id)
        return Submission(ls.entrant(store, same.id), restored=True,
                          replaced=current if current is not same else None)
    try:
        recs = smoke_games(lad.spec, runs(pinned.run_spec, pinned.snapshot, lad.spec.bot_root),
                           pinned.digest,
                           progress, address, strict=not allow_unsandboxed)
    except InfrastructureError as e:  # not the bot's: nothing registered, nothing refused
        _refused(store, lad.id, pinned.snapshot, [], "")
        raise LadderError(f"the bot could not be validated: {e}; nothing was registered, "
                          "submit it again later") from None
    except ArenaError as e:  # an unknown bot kind, a command that cannot start
        return _refused(store, lad.id, pinned.snapshot, [str(e)], "")
    found, log = problems_of(recs, lad.spec.num_players, lad.spec.time_control())
    if found:
        return _refused(store, lad.id, pinned.snapshot, found, log)
    report = f"passed {len(recs)} smoke games against random"
    entrant = ls.add_entrant(store, lad.id, display, pinned.spec, pinned.run_spec,
                             pinned.digest, pinned.snapshot, report, author)
    return Submission(entrant, replaced=current)


def _refused(store: Store, lid: int, snapshot: str | None, found: list[str],
             log: str) -> Submission:
    """A refused bot leaves no snapshot behind (unless a registered version shares it); its
    files leave the ladder's store later (pin.forget_unused)."""
    if snapshot and not any(e.snapshot == snapshot for e in ls.entrants(store, lid)):
        shutil.rmtree(snapshot, ignore_errors=True)
    return Submission(None, problems=found, log=log)
