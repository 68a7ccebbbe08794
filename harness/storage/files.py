"""The JSON files a resumable run keeps beside its database (`arena train`'s
DIR/run.json, `arena tune`'s DIR/tune.json and result.json), written so that a kill at any
moment, even kill -9, leaves the old file or the new one, never half of one."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def write_json(path: Path, data: dict[str, Any]) -> None:
    """`data` as JSON in `path`, atomically: written to a temporary file beside it and
    renamed into place (its folders are made as needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True))
    os.replace(tmp, path)
