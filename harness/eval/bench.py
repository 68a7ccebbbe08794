"""`arena bench`: the one place where the project measures its speed (issue #9).

Every figure is the median of repeated runs, with min and max; speeds that have a
natural baseline are also given as a ratio against it, measured in the same run
(a `copy.deepcopy` clone for clones, pickle for serialization), because the machines
are shared and noisy and only same-run ratios are comparable.
"""

from __future__ import annotations

import copy
import pickle
import random
import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

import engine
from engine.protocol import State
from harness.eval.machine import Load


class Figure(msgspec.Struct, kw_only=True):
    """One measured figure: median/min/max over repeats, optional same-run baseline ratio."""

    group: str
    metric: str
    unit: str
    median: float
    min: float
    max: float
    repeats: int
    baseline: str = ""
    #: how many times better than the baseline (>1 = faster than the baseline)
    ratio: float | None = None


def _figure(group: str, metric: str, unit: str, values: list[float], **kw: Any) -> Figure:
    return Figure(group=group, metric=metric, unit=unit, median=statistics.median(values),
                  min=min(values), max=max(values), repeats=len(values), **kw)


def _per_call_us(fn: Callable[[], object], calls: int) -> float:
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - t0) / calls * 1e6


#: seconds of random play per repeat of a `--quick` bench
QUICK_SECONDS = 0.5


def random_playouts(game_id: str, n: int, seconds: float, seed: int,
                    options: dict[str, Any] | None = None) -> tuple[float, float, float]:
    """Uniformly random play, legal-action generation included, for about `seconds` of
    whole playouts (setup included; game `options` if given): (decisions per wall second,
    playouts per wall second, decisions per CPU second). CPU time is steadier than wall
    time on a shared machine."""
    rng = random.Random(seed)
    decisions = playouts = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while True:
        state = engine.make(game_id, n, rng.randrange(1 << 30), **(options or {}))
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        playouts += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            cpu = max(time.process_time() - c0, 1e-9)
            return decisions / elapsed, playouts / elapsed, decisions / cpu


def sample_positions(game_id: str, n: int, count: int, seed: int) -> list[State]:
    """`count` non-terminal positions spread over random playouts."""
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = engine.make(game_id, n, rng.randrange(1 << 30))
        while not state.is_terminal() and len(out) < count:
            if rng.random() < 0.05:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return out


def bench_game(game_id: str, n: int, quick: bool = False) -> list[Figure]:
    """Engine figures for one game and player count."""
    group = f"{game_id} {n}p"
    repeats = 3 if quick else 5
    seconds = QUICK_SECONDS if quick else 2.0
    figs: list[Figure] = []
    runs = [random_playouts(game_id, n, seconds, seed=r) for r in range(repeats)]
    figs.append(_figure(group, "random play", "dec/s", [r[0] for r in runs]))
    figs.append(_figure(group, "random play (CPU time)", "dec/s", [r[2] for r in runs]))
    figs.append(_figure(group, "random playouts", "playouts/s", [r[1] for r in runs]))

    positions = sample_positions(game_id, n, 40 if quick else 100, seed=1)
    rng = random.Random(2)
    moves = [rng.choice(s.legal_actions()) for s in positions]

    def per_position(fn: Callable[[State, int], object], calls: int) -> list[float]:
        out = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            for _ in range(calls):
                for i, s in enumerate(positions):
                    fn(s, i)
            out.append((time.perf_counter() - t0) / (calls * len(positions)) * 1e6)
        return out

    calls = 2 if quick else 5
    clone = per_position(lambda s, i: s.clone(), calls)
    deep = per_position(lambda s, i: copy.deepcopy(s), 1)
    figs.append(_figure(group, "clone()", "us", clone, baseline="deepcopy",
                        ratio=statistics.median(deep) / statistics.median(clone)))
    figs.append(_figure(group, "clone()+apply()", "us",
                        per_position(lambda s, i: s.clone().apply(moves[i]), calls)))
    figs.append(_figure(group, "legal_actions()", "us",
                        per_position(lambda s, i: s.legal_actions(), calls)))

    blobs = [s.to_bytes() for s in positions]
    ser = per_position(lambda s, i: type(s).from_bytes(s.to_bytes()), calls)
    pick = per_position(lambda s, i: pickle.loads(pickle.dumps(s, protocol=5)), calls)
    figs.append(_figure(group, "to_bytes+from_bytes", "us", ser, baseline="pickle",
                        ratio=statistics.median(pick) / statistics.median(ser)))
    figs.append(_figure(group, "state size", "bytes", [float(len(b)) for b in blobs]))

    game = engine.get_game(game_id)
    obs = [s.observation(s.current_player()) for s in positions]
    jdec = msgspec.json.Decoder(game.observation_type)
    mdec = msgspec.msgpack.Decoder(game.observation_type)
    jenc, menc = msgspec.json.Encoder(), msgspec.msgpack.Encoder()
    opick = per_position(lambda s, i: pickle.loads(pickle.dumps(obs[i], protocol=5)), calls)
    base = statistics.median(opick)
    for name, enc, dec in (("JSON", jenc, jdec), ("msgpack", menc, mdec)):
        v = per_position(lambda s, i, e=enc, d=dec: d.decode(e.encode(obs[i])), calls)
        figs.append(_figure(group, f"observation {name} enc+dec", "us", v,
                            baseline="pickle", ratio=base / statistics.median(v)))
    figs.append(_figure(group, "observation()", "us",
                        per_position(lambda s, i: s.observation(s.current_player()), calls)))
    figs.append(_figure(group, "sample_state()", "us",
                        per_position(lambda s, i: engine.sample_state(obs[i], i), calls)))
    return figs


def bench_presets(game_id: str, n: int, quick: bool = False) -> list[Figure]:
    """Random play with each of the game's option presets (those allowed at `n`) against
    the defaults, runs interleaved in the same run: speed and ratio to the defaults."""
    game = engine.get_game(game_id)
    presets = [dict(p) for p in game.presets if game.allows(n, p)]
    if not presets:
        return []
    group = f"{game_id} {n}p"
    repeats = 3 if quick else 5
    seconds = QUICK_SECONDS if quick else 2.0
    base: list[float] = []
    runs: list[list[float]] = [[] for _ in presets]
    for r in range(repeats):
        base.append(random_playouts(game_id, n, seconds, seed=r)[2])
        for i, preset in enumerate(presets):
            runs[i].append(random_playouts(game_id, n, seconds, seed=r, options=preset)[2])
    figs = [_figure(group, "random play (CPU), defaults", "dec/s", base)]
    for preset, v in zip(presets, runs, strict=True):
        label = ",".join(f"{k}={v}" for k, v in preset.items())
        figs.append(_figure(group, f"random play (CPU), {label}", "dec/s", v,
                            baseline="defaults",
                            ratio=statistics.median(v) / statistics.median(base)))
    return figs


_ECHO_BOT = """import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "act":
        print('{"index": 0}', flush=True)
"""


def bench_external(game_id: str, n: int, quick: bool = False) -> list[Figure]:
    """Protocol round trip per decision of an external (cmd:) bot, plain and in the sandbox
    (harness/sandbox/isolate.py), vs an in-process bot's act(); all in the same run."""
    import shlex
    import sys
    import tempfile

    from bots.base import RandomBot
    from bots.external import ExternalBot
    from harness.sandbox import cgroups
    from harness.sandbox.isolate import SandboxedBot, mode

    group = f"{game_id} {n}p"
    positions = sample_positions(game_id, n, 20 if quick else 50, seed=3)
    obs = [s.observation(s.current_player()) for s in positions]
    repeats = 3 if quick else 5

    def round_trips(bot: ExternalBot) -> list[float]:
        bot.reset(game_id, n, 0, 0)
        try:
            bot.act(obs[0], 30.0)  # the program has started
            return [_per_call_us(lambda: [bot.act(o, 5.0) for o in obs], 1) / len(obs)
                    for _ in range(repeats)]
        finally:
            bot.close()

    def starts(make: Callable[[], ExternalBot]) -> list[float]:
        """Seconds from `reset` to the first answer: the program's start (and the
        sandbox's set-up: namespaces, chroot, cgroup, copying its files)."""
        out = []
        for _ in range(repeats):
            bot = make()
            t0 = time.perf_counter()
            bot.reset(game_id, n, 0, 0)
            try:
                bot.act(obs[0], 30.0)
                out.append(time.perf_counter() - t0)
            finally:
                bot.close()
        return out

    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/echo_bot.py"
        with open(path, "w") as f:
            f.write(_ECHO_BOT)
        command = f"{shlex.quote(sys.executable)} {shlex.quote(path)}"
        ext = round_trips(ExternalBot(command))
        boxed = round_trips(SandboxedBot(command))
        ext_start = starts(lambda: ExternalBot(command))
        boxed_start = starts(lambda: SandboxedBot(command))
    local = RandomBot(0)
    inproc = [_per_call_us(lambda: [local.act(o, None) for o in obs], 1) / len(obs)
              for _ in range(repeats)]
    how = (f" ({mode()}{', cgroup' if not cgroups.why_not() else ''})" if mode()
           else " (not isolated here)")
    return [_figure(group, "external bot act()", "us", ext, baseline="in-proc",
                    ratio=statistics.median(inproc) / statistics.median(ext)),
            _figure(group, "sandboxed bot act()" + how, "us", boxed, baseline="external",
                    ratio=statistics.median(ext) / statistics.median(boxed)),
            _figure(group, "external bot start", "s", ext_start),
            _figure(group, "sandboxed bot start" + how, "s", boxed_start,
                    baseline="external start",
                    ratio=statistics.median(ext_start) / statistics.median(boxed_start))]


def bench_mcts(game_id: str, n: int, quick: bool = False) -> list[Figure]:
    """MCTS simulations per second from positions of random games (needs bots.mcts): plain
    UCT with random rollouts (the engine's speed), and the search `mcts` runs, the game's
    profile for the player count (bots/profiles.toml: the rule-based bot's values order
    moves, finish playouts and value leaves, so its speed counts as much as the engine's)."""
    try:
        from bots.mcts import DEFAULTS, MCTSBot
    except ImportError:
        return []
    group = f"{game_id} {n}p"
    # only real decisions: with one legal action the bot answers without searching
    positions = [s for s in sample_positions(game_id, n, 30, seed=4)
                 if len(s.legal_actions()) > 1][: 3 if quick else 5]

    def rates(iters: int, params: dict[str, Any]) -> list[float]:
        out = []
        for i, s in enumerate(positions):
            p = s.current_player()
            bot = MCTSBot(iters=iters, seed=i, **params)
            bot.reset(game_id, n, p, i)
            t0 = time.perf_counter()
            bot.act(s.observation(p), None)
            out.append(iters / (time.perf_counter() - t0))
        return out

    plain, profiled = (100, 30) if quick else (300, 100)
    return [_figure(group, f"MCTS ({plain} iters)", "sims/s", rates(plain, DEFAULTS)),
            _figure(group, f"MCTS, the game's profile ({profiled} iters)", "sims/s",
                    rates(profiled, {}))]


def bench_workers(game_id: str, games: int = 200, repeats: int = 3) -> list[Figure]:
    """Tournament games per second on 1 and 2 Ray workers, and their ratio (same run)."""
    from harness.tournaments.scaling import measure_scaling
    from harness.tournaments.schedule import TournamentSpec

    spec = TournamentSpec(game=game_id, num_players=2, games=games, seed=0,
                          bots=("random", "python:bots.base:RandomBot"), modules=())
    seconds = measure_scaling(spec, repeats)
    group = f"harness ({game_id}, {games} random games)"
    rate = {w: [games / s for s in v] for w, v in seconds.items()}
    return [
        _figure(group, "1 worker", "games/s", rate[1]),
        _figure(group, "2 workers", "games/s", rate[2], baseline="1 worker",
                ratio=statistics.median(seconds[1]) / statistics.median(seconds[2])),
    ]


def player_counts(game_id: str, players: Iterable[int] | None, quick: bool) -> list[int]:
    g = engine.get_game(game_id)
    if players:
        return [p for p in players if g.min_players <= p <= g.max_players]
    return [g.max_players] if quick else list(range(g.min_players, g.max_players + 1))


def run(games: list[str] | None = None, players: list[int] | None = None,
        quick: bool = False, progress: Callable[[str], None] | None = None,
        workers: bool = False, presets: bool = False, load: Load | None = None) -> list[Figure]:
    """All engine figures for the chosen games (default: every game), with `presets` random
    play under each option preset against the defaults, and with `workers` the tournament
    speed on 1 and 2 Ray workers for the one with the longest playouts. `load` is sampled
    before each game and player count and at the end."""
    ids = games or [g.id for g in engine.list_games()]
    figs: list[Figure] = []
    load = load or Load()
    for gid in ids:
        for n in player_counts(gid, players, quick):
            load.sample()
            if progress:
                progress(f"{gid} {n}p")
            figs.extend(bench_game(gid, n, quick))
            if presets:
                figs.extend(bench_presets(gid, n, quick))
            figs.extend(bench_mcts(gid, n, quick))
        if progress:
            progress(f"{gid} external bot")
        figs.extend(bench_external(gid, engine.get_game(gid).min_players, quick))
    if workers and ids:
        if progress:
            progress("harness: 1 vs 2 Ray workers")
        # the game with the longest random games, so per-game work dominates Ray's fixed costs
        rates = {f.group.split()[0]: f.median for f in figs if f.metric == "random playouts"}
        slowest = min(rates, key=rates.__getitem__) if rates else ids[0]
        figs.extend(bench_workers(slowest, games=100 if quick else 200))
    load.sample()
    return figs
