"""Starter kit for Dynasty Arena bots in Python (standard library only).

The generic part: it speaks the JSON-lines protocol of docs/bot-protocol.md and calls your
`decide(view)` once per decision. `view` is a `View`: the raw observation (`view.obs`),
the game's static data (`view.static`), your seat, the legal actions, and, for the games
that have a decoder module (kit_<game>.py next to this file), named objects built by it:
`view.players` (one object per seat), `view.me`, `view.request` (the pending decision).

    import kit

    def decide(view):
        kit.log("phase", view.phase, "with", len(view.legal_actions), "choices")
        return 0                        # an index into view.legal_actions, or an action

    kit.run(decide)

Write logs with `kit.log` (stderr; the harness keeps the end of it in the match record).
"""

import importlib
import json
import sys
from types import SimpleNamespace

PROTOCOL = 1


def log(*parts):
    """Print a diagnostic line to stderr (never stdout: stdout carries the answers)."""
    print(*parts, file=sys.stderr, flush=True)


def record(names, values):
    """A named object from a pending decision `[type, seat, ...]`: fields in `names` order."""
    return SimpleNamespace(type=values[0], **dict(zip(names, values[1:], strict=False)))


class View:
    """One decision: the observation with attribute access plus the game's decoded parts."""

    def __init__(self, game, obs):
        self.game = game  # the Game of this match (static data, seat, seed...)
        self.obs = obs  # the raw observation dict, every field as docs/games/<id>.md
        self.static = game.static
        self.seat = obs["seat"]
        self.phase = obs.get("phase")
        self.legal_actions = obs["legal_actions"]
        self.players, self.me, self.request = [], None, None
        if game.decoder is not None:
            game.decoder.decode(self)

    def __getattr__(self, name):  # view.vp is view.obs["vp"], for every observation field
        try:
            return self.obs[name]
        except KeyError:
            raise AttributeError(name) from None

    def actions_of(self, kind):
        """(index, action) of every legal action of this `type`."""
        return [(i, a) for i, a in enumerate(self.legal_actions) if a["type"] == kind]


class Game:
    """What `reset` told us: game id, seat, players, seed and the static data."""

    def __init__(self, msg):
        self.id = msg["game"]
        self.seat = msg["seat"]
        self.num_players = msg["num_players"]
        self.seed = msg.get("seed")
        self.static = msg.get("static") or {}
        try:
            self.decoder = importlib.import_module("kit_" + self.id)
        except ModuleNotFoundError as e:
            if e.name != "kit_" + self.id:
                raise  # a decoder that imports something missing is a bug to see
            self.decoder = None  # no decoder for this game: the raw observation only


def answer(choice, legal_actions):
    """The answer message for `choice`: an index into legal_actions or an action object."""
    if isinstance(choice, int):
        if not 0 <= choice < len(legal_actions):
            raise ValueError(f"index {choice} out of range 0..{len(legal_actions) - 1}")
        return {"index": choice}
    return choice


def run(decide, stdin=sys.stdin, stdout=sys.stdout):
    """The protocol loop: reset, act..., close. `decide(view)` returns an index or an action."""
    game = None
    for line in stdin:
        msg = json.loads(line)
        if msg["type"] == "reset":
            if msg.get("protocol") != PROTOCOL:
                log(f"kit written for protocol {PROTOCOL}, got {msg.get('protocol')}")
            game = Game(msg)
        elif msg["type"] == "act":
            view = View(game, msg["observation"])
            view.time_left = msg.get("time_left")
            stdout.write(json.dumps(answer(decide(view), view.legal_actions)) + "\n")
            stdout.flush()
        elif msg["type"] == "close":
            break
