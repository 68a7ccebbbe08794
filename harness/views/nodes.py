"""Which nodes of the cluster played a tournament's or a ladder's games, what they have in
flight, and the infrastructure's failures by node (data: harness/storage/nodes.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table

from harness.storage.nodes import NodeRow
from harness.views.console import out
from harness.views.fit import Col, fit_table


def nodes_table(rows: Sequence[NodeRow], title: str, width: int | None = None) -> Table:
    """One line per node: games played, in flight now, infrastructure failures (none of
    them a bot's) and the last one's reason."""
    cols = [Col("node", "left", "bold", keep=9), Col("games played", keep=8),
            Col("in flight", keep=7), Col("infrastructure failures", keep=6),
            Col("last failure", "left", keep=1)]
    cells = [[r.node, r.played, r.in_flight, r.failures, _short(r.last_failure)] for r in rows]
    caption = ("'-': games played before nodes were recorded"
               if any(r.node == "-" for r in rows) else None)
    return fit_table(cols, cells, width=width or out.width, title=title, caption=caption)


def status_table(driver: str, age: float, doc: dict[str, Any],
                 width: int | None = None) -> Table:
    """A running driver's view of its cluster (`arena cluster status`)."""
    cols = [Col("node", "left", "bold", keep=9), Col("CPUs", keep=5), Col("state", "left",
                                                                         keep=8),
            Col("in flight", keep=7), Col("games done", keep=6), Col("failures", keep=6),
            Col("files fetched", keep=2), Col("last failure", "left", keep=1)]
    cells = []
    for n in doc.get("nodes", []):
        refuses = str(n.get("refuses") or "")
        state = ("dead" if not n.get("alive") else "another build" if "build" in refuses
                 else "refuses sandboxed bots" if refuses else "alive")
        cells.append([n.get("address", "?"), f"{n.get('cpus', 0):g}", state,
                      n.get("in_flight", 0), n.get("done", 0), n.get("failed", 0),
                      _bytes(int(n.get("fetched", 0))), _short(n.get("last_failure") or "")])
    title = (f"{driver}: {doc.get('in_flight', 0)} games in flight, "
             f"{doc.get('waiting', 0)} waiting to be sent again (updated {age:.0f} s ago)")
    return fit_table(cols, cells, width=width or out.width, title=title)


def _short(why: str, most: int = 48) -> str:
    """A failure's reason cut to fit a table (`--json` has it whole)."""
    return "-" if not why else why if len(why) <= most else why[:most - 1] + "…"


def _bytes(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    return f"{n / 1024:.1f} KiB" if n < 1024**2 else f"{n / 1024**2:.1f} MiB"
