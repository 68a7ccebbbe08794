"""Shared helpers of the sandbox tests: hostile bots as small Python programs."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from bots.external import Limits
from harness.sandbox.isolate import isolation

PY = shlex.quote(sys.executable)
#: small limits keep the hostile tests fast
LIMITS = Limits(memory_bytes=1024**3, cpu_seconds=3, processes=16, open_files=64,
                file_bytes=16 * 1024**2, line_bytes=1024**2, game_bytes=4 * 1024**2,
                log_bytes=4096)

needs_isolation = pytest.mark.skipif(
    bool(isolation()), reason=f"no sandbox isolation here: {isolation()}")

#: a bot whose `act` runs BODY (with `obs`, the observation as a dict) and then answers
#: with the first legal action
TEMPLATE = """import json, os, socket, sys, time
def act(obs):
{body}
    return {{"index": 0}}
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "act":
        print(json.dumps(act(msg["observation"])), flush=True)
    elif msg["type"] == "close":
        break
"""

#: the message loop of a bot program (json and sys imported) that plays the first legal
#: action until the game closes
FIRST_LEGAL = """for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "act":
        print(json.dumps({"index": 0}), flush=True)
    elif msg["type"] == "close":
        break
"""


def hostile(tmp_path: Path, body: str, name: str = "bot.py") -> str:
    """A `cmd:` spec of a bot program whose act runs `body` (indented by the template)."""
    f = tmp_path / name
    f.write_text(TEMPLATE.format(body="\n".join("    " + s for s in body.splitlines())))
    return f"cmd:{PY} {shlex.quote(str(f))}"


#: a bot program that reads a table next to its program file (argv[0]) and the weights
#: its command line names, and says where it runs (its stderr)
FOLDER_BOT = """import json, os, sys
table = open(os.path.join(os.path.dirname(sys.argv[0]), "tables.txt")).read().strip()
weight = int(open(sys.argv[1]).read())
print("table", table, "weight", weight, "cwd", os.getcwd(), file=sys.stderr, flush=True)
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "act":
        print(json.dumps({"index": weight % len(msg["observation"]["legal_actions"])}),
              flush=True)
    elif msg["type"] == "close":
        break
"""
