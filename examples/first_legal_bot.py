#!/usr/bin/env python3
"""A minimal external bot: always plays the first legal action.

Run it in a game with `arena play --game G --bots "cmd:python examples/first_legal_bot.py",random`.
Speaks the JSON-lines protocol of bots/external.py with the standard library only.
"""

import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "act":
        print(json.dumps({"index": 0}), flush=True)
    elif msg["type"] == "close":
        break
