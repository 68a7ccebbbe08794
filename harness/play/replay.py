"""`arena replay`: read a match record (a `--record` file or one line of an exported
`.jsonl`) and re-run it: every state and every move in rulebook words with each bot's time
(issue 21). Shown by harness/views/records.py and harness/views/viewer.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import msgspec

import engine
from engine.common.view import words
from engine.protocol import ArenaError, State
from engine.record import MatchRecord, decode_json
from harness.play.args import UsageProblem


def load_record(path: Path, line: int | None = None) -> MatchRecord:
    """The match record in `path`: a whole JSON file, or line `line` (from 1) of a JSON-lines
    export; a file holding a single line needs no `line`. Problems are one UsageProblem."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise UsageProblem(f"cannot read {path}: {e.strerror}") from None
    lines = [x for x in data.splitlines() if x.strip()]
    if line is None:
        if len(lines) > 1:
            try:
                return decode_json(data)  # a pretty-printed record spans many lines
            except msgspec.DecodeError:
                raise UsageProblem(f"{path} holds {len(lines)} lines (a JSON-lines export?): "
                                   f"choose one with --line N (1..{len(lines)})") from None
        chosen = data
    else:
        if not 1 <= line <= len(lines):
            raise UsageProblem(f"--line {line}: {path} has lines 1..{len(lines)}")
        chosen = lines[line - 1]
    try:
        return decode_json(chosen)
    except msgspec.DecodeError as e:
        where = f"line {line} of {path}" if line is not None else str(path)
        raise UsageProblem(f"{where} is not a match record: {e}") from None


@dataclass(frozen=True, slots=True)
class Step:
    """One recorded decision as a person reads it."""

    number: int  #: from 1
    seat: int
    bot: str  #: the entrant, or "random (substitute)" after its failure
    words: str  #: the action in rulebook words, described on the state before the move
    time: float  #: seconds the bot used (0.0 in records without times)

    @property
    def seconds(self) -> str:
        """The time as shown: "0.012", or "-" for a record that kept no times (a measured
        decision never takes exactly 0.0 s at the record's microsecond resolution)."""
        return f"{self.time:.3f}" if self.time else "-"


@dataclass
class Replay:
    """A re-run record: `states[k]` is the position after k moves (`states[0]` the start,
    `states[-1]` the end), `steps[k]` the move from `states[k]` to `states[k + 1]`."""

    record: MatchRecord
    states: list[State]
    steps: list[Step]

    @property
    def final(self) -> State:
        return self.states[-1]

    def verified(self) -> bool:
        """True when the re-run reaches the recorded final state and scores."""
        return (engine.digest(self.final) == self.record.final_digest
                and list(self.final.scores()) == list(self.record.scores))


def run(record: MatchRecord) -> Replay:
    """Re-run `record`, keeping every position and describing every move before it is made.
    A record that does not fit its game raises ArenaError at the first bad move."""
    c = record.config
    state = engine.make(c.game, c.num_players, c.seed, **c.options)
    action_type = engine.get_game(c.game).action_type
    states, steps = [state.clone()], []
    for i, mv in enumerate(record.moves):
        if state.current_player() != mv.seat:
            raise ArenaError(f"record diverges at move {i + 1}: seat {mv.seat} recorded, "
                             f"seat {state.current_player()} to move")
        action = msgspec.convert(mv.action, type=action_type)
        said = words(state, action)
        state.apply(action)
        bot = "random (substitute)" if mv.by_substitute else record.bots[mv.seat]
        steps.append(Step(i + 1, mv.seat, bot, said, mv.time))
        states.append(state.clone())
    return Replay(record, states, steps)
