"""Golden files of renders (issue 21): a render must stay within 80 columns and equal its
golden file; `UPDATE_GOLDEN=1` rewrites the files instead (then read the diff)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import engine
from engine.protocol import State


def check_golden(path: Path, text: str) -> None:
    assert all(len(line) <= 80 for line in text.splitlines()), f"{path.name}: over 80 columns"
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), (
        f"render changed: rerun with UPDATE_GOLDEN=1 and read the diff of {path}")


def random_states(game: str, n: int, seed: int, **options: Any) -> list[State]:
    """Every state of one seeded random playout (`random.Random(seed)` picks), first to last:
    the positions render tests take their golden files from."""
    s = engine.make(game, n, seed, **options)
    pick = random.Random(seed)
    out = [s.clone()]
    while not s.is_terminal():
        s.apply(pick.choice(s.legal_actions()))
        out.append(s.clone())
    return out
