"""A harness run the way a careful operator runs a server: its own memory capped (`ulimit
-v`, below a bot's limit) and files private to it (`umask 077`). Its sandboxed bots still
start and play, each within the lower cap; a failure to start them would be the harness's
own, charged to the bots."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.sandbox.conftest import FIRST_LEGAL, needs_isolation

ROOT = Path(__file__).resolve().parents[2]
CAP = 1536 * 1024**2  # below the bots' 2 GiB

HARNESS = """
import json, os, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
os.umask(0o077)
from tests.conftest import free_port  # registers the kit game
from harness.play.clock import TimeControl
from harness.play.match import play_match
rec = play_match("kit", 2, [sys.argv[1], "random"], seed=3, time_control=TimeControl(per_move=20.0))
print(json.dumps({{"failures": [f.detail for f in rec.failures], "log": rec.logs[0]}}))
"""

BOT = """import json, resource, sys
print("cap", resource.getrlimit(resource.RLIMIT_AS)[1], file=sys.stderr, flush=True)
""" + FIRST_LEGAL


@needs_isolation
def test_bots_start_under_a_capped_harness_with_a_private_umask(tmp_path: Path):
    (tmp_path / "bot.py").write_text(BOT)
    run = subprocess.run([sys.executable, "-c", HARNESS.format(cap=CAP),
                          f"cmd:python3 {tmp_path / 'bot.py'}"], cwd=ROOT, timeout=120,
                         capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout.splitlines()[-1])
    assert got["failures"] == [] and f"cap {CAP}" in got["log"]


FULL = """
import resource, sys
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))  # as a full temporary folder
from tests.conftest import free_port  # registers the kit game
from harness.play.clock import TimeControl
from harness.play.match import play_match
try:
    rec = play_match("kit", 2, [sys.argv[1], "random"], seed=3,
                     time_control=TimeControl(per_move=20.0))
    print("played", [(f.kind, f.detail) for f in rec.failures])
except Exception as e:
    print(type(e).__name__, e)
"""


def test_a_harness_that_cannot_copy_a_bot_into_its_sandbox_charges_no_bot(tmp_path: Path):
    """A temporary folder another local user filled: the harness's fault, not the bot's
    (it was recorded as the bot's "forbidden" failure, naming the folder)."""
    (tmp_path / "bot.py").write_text(BOT + "#" * 65536 + "\n")
    run = subprocess.run([sys.executable, "-c", FULL, f"cmd:python3 {tmp_path / 'bot.py'}"],
                         cwd=ROOT, timeout=120, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.stdout.splitlines()[-1].startswith(
        "HarnessFault cannot copy the bot's files into its sandbox: File too large (the "
        "harness's temporary folder)"), run.stdout + run.stderr
