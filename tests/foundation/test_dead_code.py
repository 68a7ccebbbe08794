"""No dead code in engine/, bots/, harness/ and ratings/: the dead-code finder (vulture,
configured in pyproject.toml's `[tool.vulture]`) reports nothing there, and every name
its whitelist (tests/dead_code_whitelist.py) keeps alive still exists
(docs/architecture.md, "Dead code")."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["vulture"]
WHITELIST = ROOT / "tests" / "dead_code_whitelist.py"

#: a module with one dead function and one dead constant beside a used one: the finder,
#: with the project's settings, must still see them
CANARY = '''
LIMIT = 3
FORGOTTEN = 4


def never_called() -> int:
    return LIMIT
'''


def test_the_finder_reports_nothing_but_the_canary(tmp_path: Path) -> None:
    canary = tmp_path / "canary.py"
    canary.write_text(CANARY)
    run = subprocess.run([sys.executable, "-m", "vulture", *CONFIG["paths"], str(canary)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert run.stderr == ""
    found = [line.removeprefix(str(canary)) for line in run.stdout.splitlines()]
    assert sorted(found) == [":3: unused variable 'FORGOTTEN' (60% confidence)",
                             ":6: unused function 'never_called' (60% confidence)"], (
        "dead code: remove it, or if a framework calls it, add it to "
        f"tests/dead_code_whitelist.py under that framework:\n{run.stdout}")


def test_every_whitelisted_name_still_exists() -> None:
    names = re.findall(r"^_\.(\w+)", WHITELIST.read_text(), re.MULTILINE)
    words = {w for package in CONFIG["paths"] if (ROOT / package).is_dir()
             for p in (ROOT / package).rglob("*.py") for w in re.findall(r"\w+", p.read_text())}
    assert len(names) > 50
    gone = [n for n in names if n not in words]
    assert gone == [], f"remove these from tests/dead_code_whitelist.py: {gone}"
