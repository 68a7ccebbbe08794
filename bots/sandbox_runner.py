"""Runs an in-process bot spec as an external program (for the sandbox: `--isolate`).

`python -m bots.sandbox_runner [--module M] SPEC` loads the bot (and module M, whose
`GAME`, if any, it registers: plug-in games), answers `{"type":"ready"}`, then speaks the
JSON-lines protocol of docs/bot-protocol.md on stdin/stdout, handing the bot typed
observations. The bot's own prints go to stderr. Errors of the bot end the program with
a traceback on stderr, which the harness classifies (crash, memory, forbidden...).
"""

from __future__ import annotations

import importlib
import os
import sys

import msgspec

import engine
from bots.registry import make_bot


class _Message(msgspec.Struct):
    type: str
    game: str = ""
    num_players: int = 0
    seat: int = 0
    seed: int = 0
    time_left: float | None = None


def main(argv: list[str]) -> int:
    module = ""
    if argv[:1] == ["--module"]:
        module, argv = argv[1], argv[2:]
    if len(argv) != 1:
        print("usage: python -m bots.sandbox_runner [--module M] SPEC", file=sys.stderr)
        return 2
    if module:
        game = getattr(importlib.import_module(module), "GAME", None)
        if isinstance(game, engine.Game):
            engine.register(game)
    out = os.fdopen(os.dup(1), "wb")  # the protocol's channel; the bot's prints go to stderr
    sys.stdout = sys.stderr
    bot = make_bot(argv[0])
    out.write(b'{"type":"ready"}\n')
    out.flush()
    enc, head = msgspec.json.Encoder(), msgspec.json.Decoder(_Message)
    act_decoder = None
    for line in sys.stdin.buffer:
        msg = head.decode(line)
        if msg.type == "reset":
            bot.reset(msg.game, msg.num_players, msg.seat, msg.seed)
            obs_type = engine.get_game(msg.game).observation_type
            act = msgspec.defstruct("Act", [("observation", obs_type)])
            act_decoder = msgspec.json.Decoder(act)
        elif msg.type == "act" and act_decoder is not None:
            obs = act_decoder.decode(line).observation
            out.write(enc.encode(bot.act(obs, msg.time_left)) + b"\n")
            out.flush()
        elif msg.type == "close":
            break
    bot.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
