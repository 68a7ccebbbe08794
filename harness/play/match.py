"""Play one game between bots and record it (docs/architecture.md, "Running games")."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

import engine
from bots.base import Bot, BotTimeout, MalformedOutput, RandomBot
from bots.external import BotViolation, ExternalBot, InfrastructureError, Limits
from bots.human import TakeBack
from bots.spec import BotSpec, display_name
from engine.common.rng import derive_seed
from engine.common.view import pending, words
from engine.protocol import NO_WINNER, Action, State
from engine.record import Failure, MatchConfig, MatchRecord, Move
from harness.play.clock import TimeControl
from harness.play.deadline import HARD_EXTRA_SECONDS, hard_limit
from harness.sandbox.isolate import make_player

#: a move may overrun the time it was allowed by this factor plus GRACE_SECONDS (OS jitter) before
#: it counts as a timeout
GRACE_FACTOR = 1.10
GRACE_SECONDS = 0.02
#: `watch(words, state, move, number)`: called after each decision with the action in rulebook
#: words (described on the state before it), the state after it, the recorded move and its
#: number from 1 (after a take-back the numbers go on from the first move taken back)
Watch = Callable[[str, State, Move, int], None]


def record_name(bot: str | BotSpec | Bot) -> str:
    """The name a record keeps for a seat: an entrant's label (bots.spec.display_name)
    or its spec, never the temporary path a pinned or sandboxed bot runs from."""
    if isinstance(bot, BotSpec):
        return bot.display
    return display_name(bot) if isinstance(bot, str) else getattr(bot, "name",
                                                                   type(bot).__name__)


def failure_aware_ranking(ranking: Sequence[int], failed: set[int]) -> list[int]:
    """Failed seats share the place after every other seat (what their random substitutes
    scored says nothing about them); the others keep their order."""
    keys = [(p in failed, 0 if p in failed else r) for p, r in enumerate(ranking)]
    return [sum(1 for k in keys if k < mine) for mine in keys]


def _close(bot: Bot) -> None:
    try:
        bot.close()
    except Exception:  # closing must not hide the result
        pass


def _collect_logs(record: MatchRecord, players: Sequence[Bot]) -> None:
    """External bots' stderr and bots' notes (the sandbox's, a search's) into the record."""
    record.logs = [b.stderr_text() if isinstance(b, ExternalBot) else "" for b in players]
    if not any(record.logs):
        record.logs = []
    for seat, b in enumerate(players):
        notes = getattr(b, "notes", None)  # the sandbox's; a search bot's (bots/mcts.py)
        if isinstance(notes, list):
            record.notes += [f"seat {seat}: {n}" for n in notes]


def _take_back(marks: list[tuple[int, State, int]], seat: int, record: MatchRecord) -> State:
    """Drop the marks back to `seat`'s previous decision; the state before it, with the
    moves (and failures) after it removed from `record`."""
    marks.pop()  # the decision being asked
    while marks[-1][0] != seat:
        marks.pop()
    _, before, moves = marks.pop()
    del record.moves[moves:]
    record.failures = [f for f in record.failures if f.decision < moves]
    return before.clone()


def play_match(
    game_id: str,
    num_players: int,
    bots: Sequence[str | BotSpec | Bot],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    *,
    time_control: TimeControl | None = None,
    isolate: bool = False,
    limits: Limits | None = None,
    watch: Watch | None = None,
    undo: bool = False,
) -> MatchRecord:
    """Play one game. Bots are specs or Bot instances, one per seat.

    `time_control` is a time per decision or a game clock (harness/play/clock.py), None
    an untimed game.
    A bot that raises, overruns its time, answers with something that is not
    a legal action, or breaks a sandbox limit is recorded as a Failure, ranked last, stopped,
    and replaced by the random bot for the rest of the game. `cmd:` bots always run in the
    sandbox (harness/sandbox/isolate.py), with `isolate` every bot spec that is not the project's
    own too; `limits` are the sandbox's. `watch` follows the game live (`Watch`); a bot
    whose `untimed` attribute is true (a person) gets no time limit. With `undo` (unrated
    games only), such a bot may raise `TakeBack` to return to its own previous decision.
    A failure of this machine rather than a bot's (bots.external.InfrastructureError: a
    sandbox that could not be set up, a runtime missing here) is raised, every bot
    stopped: that game is not this machine's to record.
    """
    options = dict(options or {})
    if len(bots) != num_players:
        raise engine.InvalidConfigError(
            f"{num_players} players need {num_players} bots, got {len(bots)}"
        )
    state = engine.make(game_id, num_players, seed, **options)
    game = engine.get_game(game_id)
    labels = [record_name(b) for b in bots]
    players: list[Bot] = [b if isinstance(b, Bot) else make_player(b, isolate, limits)
                          for b in bots]
    record = MatchRecord(
        config=MatchConfig(game=game_id, num_players=num_players, seed=seed, options=options),
        bots=labels,
    )
    substitutes: dict[int, Bot] = {}
    for seat, bot in enumerate(players):
        try:
            bot.reset(game_id, num_players, seat, derive_seed(seed, "bot", seat))
        except InfrastructureError:  # this machine's failure, not the bot's: no game here
            for other in players:
                _close(other)
            raise
        except Exception as e:  # a bot that cannot start plays no move of its own
            kind = e.kind if isinstance(e, BotViolation) else "crash"
            record.failures.append(Failure(seat=seat, bot=labels[seat], kind=kind,
                                           decision=0, detail=f"reset failed: {e}"))
            if record.outcome == "normal":
                record.outcome = kind
            _close(bot)
            substitutes[seat] = RandomBot(derive_seed(seed, "substitute", seat))
    control = time_control or TimeControl()
    clocks = control.start(num_players)
    started = time.perf_counter()
    #: (seat, the state before it, moves so far) at each decision of a person (`undo`)
    marks: list[tuple[int, State, int]] = []
    try:
        while not state.is_terminal():
            if len(record.moves) >= game.max_decisions:
                record.outcome = "stall"
                break
            seat = state.current_player()
            obs = state.observation(seat)
            sub = substitutes.get(seat)
            bot = sub or players[seat]
            external = isinstance(bot, ExternalBot)  # held to its deadlines by bots.external
            allowed = None if getattr(bot, "untimed", False) else control.allowed(clocks, seat)
            limit = None if allowed is None else allowed * GRACE_FACTOR + GRACE_SECONDS
            t0 = time.perf_counter()
            problem: tuple[str, str] | None = None
            if undo and sub is None and getattr(bot, "untimed", False):
                bot.can_undo = any(m[0] == seat for m in marks)  # type: ignore[attr-defined]
                marks.append((seat, state.clone(), len(record.moves)))
            try:
                with hard_limit(None if limit is None or external
                                else limit + HARD_EXTRA_SECONDS):
                    action = bot.act(obs, allowed)
            except TakeBack:
                state = _take_back(marks, seat, record)
                continue
            except BotTimeout as e:
                action, problem = None, ("timeout", str(e))
            except MalformedOutput as e:
                action, problem = None, ("malformed", str(e))
            except BotViolation as e:
                action, problem = None, (e.kind, str(e))
            except Exception as e:  # a bot crash must not stop the game
                action, problem = None, ("crash", f"{type(e).__name__}: {e}")
            used = time.perf_counter() - t0
            if problem is None and sub is None and limit is not None and used > limit:
                problem = ("timeout", control.overrun(used, allowed))  # type: ignore[arg-type]
            if sub is None:
                control.spend(clocks, seat, used)
            if problem is None:
                if not isinstance(action, Action):
                    problem = ("malformed", f"answered {action!r}, not an action")
                elif action not in obs.legal_actions:
                    problem = ("illegal", f"{action!r} is not legal here (the decision: "
                                          f"{pending(state)})")
            if problem is not None:
                if sub is not None:  # the substitute itself cannot fail; guard anyway
                    raise RuntimeError(f"substitute bot failed: {problem}")
                kind, detail = problem
                record.failures.append(Failure(seat=seat, bot=labels[seat], kind=kind,
                                               decision=len(record.moves), detail=detail))
                if record.outcome == "normal":
                    record.outcome = kind
                sub = substitutes[seat] = RandomBot(derive_seed(seed, "substitute", seat))
                _close(bot)  # a failed program stops now, not at the end of the game
                action = sub.act(obs, None)
            assert isinstance(action, Action)
            said = words(state, action) if watch is not None else ""
            state.apply(action)
            move = Move(seat=seat, action=msgspec.to_builtins(action), id=state.action_id(action),
                        time=round(used, 6), by_substitute=sub is not None)
            record.moves.append(move)
            if watch is not None:
                watch(said, state, move, len(record.moves))
    finally:
        for bot in players:
            _close(bot)
    _collect_logs(record, players)
    record.seconds = round(time.perf_counter() - started, 6)
    record.scores = list(state.scores())
    record.ranking = failure_aware_ranking(state.ranking(), {f.seat for f in record.failures})
    if record.outcome == "normal" and state.is_terminal() and state.no_winner():
        record.outcome = NO_WINNER
    record.final_digest = engine.digest(state)
    return record


def play_game(game: str, num_players: int, bots: Sequence[str | BotSpec], seed: int,
              options: dict[str, Any] | None = None, time_per_move: float | None = None,
              clock: str | None = None, isolate: bool = False,
              watch: Watch | None = None) -> MatchRecord:
    """Play one game of a tournament or ladder under its time control (`time_per_move` or
    `clock`, as their specs store them); with `isolate`, every bot that is not the project's
    own runs in the sandbox; `watch` as play_match's."""
    return play_match(game, num_players, list(bots), seed=seed, options=options,
                      isolate=isolate, watch=watch,
                      time_control=TimeControl.of(time_per_move, clock))
