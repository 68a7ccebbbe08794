"""Tournament specs and schedules: who plays which seat on which deal.

A schedule is a list of blocks. A block is one deal (one game seed, derived from the
tournament seed and the block number only) played by one lineup of bots: with seat
rotation, once per distinct seat permutation; without, once, with the seats rotated
from one cycle of lineups to the next. Nothing depends on the order games finish in.
"""

from __future__ import annotations

import itertools
import json
import math
from typing import Any

import msgspec

from engine.common.rng import derive_seed
from engine.protocol import ArenaError
from engine.registry import get_game
from harness.play.clock import ClockError, TimeControl
from harness.play.contest import check_setup
from harness.play.entrants import check_entrants
from harness.storage.database import ScheduledGame
from ratings.sprt import Sprt

FORMATS = ("round-robin", "gauntlet")
#: games scheduled when an SPRT run gives no --games cap
SPRT_DEFAULT_CAP = 2000
_SEED_MASK = (1 << 63) - 1  # SQLite integers are signed 64-bit


class TournamentError(ArenaError, ValueError):
    """A tournament that cannot be scheduled as asked."""


class TournamentSpec(msgspec.Struct, kw_only=True, frozen=True):
    """Everything that defines a tournament (stored as JSON with it)."""

    game: str
    num_players: int
    bots: tuple[str, ...]
    format: str = "round-robin"
    seat_rotation: bool = False
    games: int | None = None  # at least this many games (whole blocks); None: one cycle
    sprt: str | None = None  # "elo0,elo1,alpha,beta" between bots[0] and bots[1]
    time_per_move: float | None = None
    clock: str | None = None  # "60+0.5": a game clock per seat plus increment (play/clock.py)
    options: dict[str, Any] = {}
    seed: int = 0
    #: modules imported in the driver and in every Ray worker before play; a module
    #: that defines `GAME` has it registered (plug-in games, the test kit game)
    modules: tuple[str, ...] = ()
    #: every bot that is not the project's own runs in the sandbox (harness/sandbox/isolate.py)
    isolate: bool = False

    def to_json(self) -> str:
        return msgspec.json.encode(self).decode()

    @classmethod
    def from_json(cls, text: str) -> TournamentSpec:
        return msgspec.json.decode(text, type=cls)


def lineups(spec: TournamentSpec) -> list[tuple[str, ...]]:
    """The bot sets that meet: every N-combination (round-robin) or the candidate
    against every (N-1)-combination of the field (gauntlet). Too few bots to fill the
    seats: combinations with repetition, skipping lineups of a single bot."""
    n, bots = spec.num_players, list(spec.bots)
    if spec.format == "gauntlet":
        field = bots[1:]
        pick = itertools.combinations if len(field) >= n - 1 else (
            itertools.combinations_with_replacement)
        return [(bots[0], *c) for c in pick(field, n - 1)]
    if len(bots) >= n:
        return list(itertools.combinations(bots, n))
    return [c for c in itertools.combinations_with_replacement(bots, n) if len(set(c)) > 1]


def seatings(lineup: tuple[str, ...], seat_rotation: bool, cycle: int) -> list[tuple[str, ...]]:
    """Seat orders of one block: every distinct permutation, or one rotation."""
    if seat_rotation:
        return list(dict.fromkeys(itertools.permutations(lineup)))
    k = cycle % len(lineup)
    return [lineup[k:] + lineup[:k]]


def block_seed(seed: int, block: int) -> int:
    """The game seed of every game of `block`."""
    return derive_seed(seed, "deal", block) & _SEED_MASK


def schedule(spec: TournamentSpec) -> list[ScheduledGame]:
    """Every game of the tournament, block by block (at least `games` games)."""
    ups = lineups(spec)
    if spec.games is None:
        target = SPRT_DEFAULT_CAP if spec.sprt else sum(
            len(seatings(u, spec.seat_rotation, 0)) for u in ups)
    else:
        target = spec.games
    out: list[ScheduledGame] = []
    block = 0
    while len(out) < target:
        cycle, lineup = divmod(block, len(ups))
        seed = block_seed(spec.seed, block)
        for seats in seatings(ups[lineup], spec.seat_rotation, cycle):
            out.append(ScheduledGame(len(out), block, seed, seats))
        block += 1
    return out


def pool_key(spec: TournamentSpec) -> str:
    """The rating pool of `spec`: one per (game, player count, options with defaults
    filled in); its tournaments share one online Elo."""
    opts = get_game(spec.game).resolve_options(spec.options, spec.num_players)
    return f"{spec.game}/{spec.num_players}p/{json.dumps(opts, sort_keys=True)}"


def validate(spec: TournamentSpec) -> None:
    """Raise one clear error for anything that would make the tournament unplayable."""
    check_setup(spec.game, spec.modules, spec.num_players, spec.options, "tournament",
                TournamentError)
    if spec.format not in FORMATS:
        raise TournamentError(f"format {spec.format!r} is not one of {', '.join(FORMATS)}")
    if len(spec.bots) < 2:
        raise TournamentError("a tournament needs at least two different bots")
    dup = [b for b, k in itertools.groupby(sorted(spec.bots)) if len(list(k)) > 1]
    if dup:
        raise TournamentError(f"the entrants hold {dup[0]!r} twice; name copies apart "
                              f"({dup[0]}#1, {dup[0]}#2)")
    if spec.games is not None and spec.games < 1:
        raise TournamentError(f"games must be at least 1, got {spec.games}")
    try:
        TimeControl.of(spec.time_per_move, spec.clock)
    except ClockError as e:
        raise TournamentError(str(e)) from None
    if spec.sprt is not None:
        try:
            Sprt.parse(spec.sprt)
        except ValueError as e:
            raise TournamentError(str(e)) from None
        if len(spec.bots) != 2:
            raise TournamentError("an SPRT compares exactly two bots")
    if spec.seat_rotation and math.factorial(spec.num_players) > 120:
        raise TournamentError("seat rotation is limited to 5 players (120 permutations)")
    check_entrants(spec.game, spec.num_players, spec.bots, spec.isolate)
