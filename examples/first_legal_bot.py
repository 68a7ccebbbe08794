#!/usr/bin/env python3
"""A minimal external bot: always plays the first legal action.

Run it in a game with `arena play --game G --bots "cmd:python examples/first_legal_bot.py",random`.
It speaks the JSON-lines protocol of docs/bot-protocol.md with the standard library only
(it does not import this project): one message per line on stdin, one answer line on
stdout for each `act`. Anything written to stderr is kept (bounded) in the match record.
"""

import json
import sys

PROTOCOL = 1

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "reset" and msg.get("protocol") != PROTOCOL:
        print(f"written for protocol {PROTOCOL}, got {msg.get('protocol')}", file=sys.stderr)
    elif msg["type"] == "act":
        print(json.dumps({"index": 0}), flush=True)
    elif msg["type"] == "close":
        break
