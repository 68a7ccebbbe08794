"""Golden files of renders (issue 21): a render must stay within 80 columns and equal its
golden file; `UPDATE_GOLDEN=1` rewrites the files instead (then read the diff)."""

from __future__ import annotations

import os
from pathlib import Path


def check_golden(path: Path, text: str) -> None:
    assert all(len(line) <= 80 for line in text.splitlines()), f"{path.name}: over 80 columns"
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), (
        f"render changed: rerun with UPDATE_GOLDEN=1 and read the diff of {path}")
