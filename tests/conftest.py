"""Registers the test-only kit game so the conformance kit always has a game to check.

Many tests start Python processes (the `arena` CLI, Ray workers, sandboxed bots) that
import this repository. With PYTHONDONTWRITEBYTECODE set (this project's machines set it)
every one of them compiled those modules from source again: about 0.4-0.8 s a process.
The tests let Python keep its bytecode caches (`__pycache__/`, git-ignored) instead.
"""

import os
import sys

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

from engine import registry  # noqa: E402
from tests import kitgame  # noqa: E402

registry.register(kitgame.GAME)
