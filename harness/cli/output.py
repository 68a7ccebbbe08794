"""Machine-readable output of the commands that show tables: `--json` (one document) and
`--csv` (one row per line, header first), so scripts never parse a terminal table.

Both keep the exact text in a pipe or file (names as stored, control characters included:
JSON escapes them, CSV holds them as they are), so they are written straight to stdout:
`typer.echo` would drop escape sequences from a pipe. On a terminal the text is on a
screen: what an author wrote there (a spec, a log) has its control and format characters
spelled as escapes (engine/common/untrusted.py), as in the tables, so that neither an
escape sequence (C0 or C1) nor a bidirectional override reaches the terminal."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

import msgspec
import typer

from engine.common.untrusted import visible

JsonOpt = Annotated[bool, typer.Option("--json", help="print JSON instead of a table")]
CsvOpt = Annotated[bool, typer.Option("--csv", help="print CSV rows instead of a table")]


def machine_format(as_json: bool, as_csv: bool) -> str | None:
    """'json', 'csv' or None (a table); both flags at once are a usage error."""
    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv")
    return "json" if as_json else "csv" if as_csv else None


def _shown(value: Any) -> Any:
    """`value` with every text in it made visible, for a terminal."""
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, Mapping):
        return {_shown(k): _shown(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_shown(v) for v in value]
    return value


def _on_screen() -> bool:
    return sys.stdout.isatty()


def emit_json(doc: Any) -> None:
    """`doc` indented by two spaces, UTF-8 kept (msgspec: a 1,000-bot ladder's standings,
    680 KB, in 1 ms where the standard library's indenting encoder takes 20)."""
    if _on_screen():
        doc = _shown(doc)
    sys.stdout.write(msgspec.json.format(msgspec.json.encode(doc), indent=2).decode() + "\n")


def emit_csv(rows: Sequence[Mapping[str, Any]]) -> None:
    """Rows of one table; nested values (lists, dicts) are written as JSON text."""
    if not rows:
        return
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    screen = _on_screen()
    for r in rows:
        cells = {k: json.dumps(v) if isinstance(v, (list, dict)) else v for k, v in r.items()}
        w.writerow({k: visible(v) if screen and isinstance(v, str) else v
                    for k, v in cells.items()})
    sys.stdout.write(buf.getvalue())
