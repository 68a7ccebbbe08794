"""What `arena ladder info` and `arena ladder status` print: the machine bots run on
(harness/sandbox/machine.py's document, from this machine or a server) and an author's
submissions. A server's answers are shown as literal text, as everything it relays is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from engine.common.untrusted import markup, text, visible


def _size(n: object) -> str:
    """Bytes in the largest whole unit: `2 GiB`, `64 MiB`, `8 KiB`."""
    if not isinstance(n, int):
        return "?"
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n} bytes"


def _count(n: object) -> str:
    """A number as people read it: `1`, `0.5`, `50,000`."""
    if isinstance(n, bool) or not isinstance(n, int | float):
        return "?"
    return f"{n:,}" if isinstance(n, int) or n.is_integer() and n >= 1000 else f"{n:g}"


def _get(doc: Any, *keys: str) -> str:
    """doc[k1][k2]... as text ("?" when missing: a server of another version)."""
    for k in keys:
        doc = doc.get(k) if isinstance(doc, dict) else None
    return "?" if doc is None else str(doc)


def platform_rows(doc: dict[str, Any]) -> list[tuple[str, str]]:
    """(what, the machine's answer) lines of `arena ladder info`, with what to build for."""
    cpu = doc.get("cpu") if isinstance(doc.get("cpu"), dict) else {}
    arch = _get(cpu, "architecture")
    level = f" ({_get(cpu, 'level')})" if "level" in cpu else ""
    libc = f"{_get(doc, 'libc', 'name')} {_get(doc, 'libc', 'version')}".strip()
    runtimes = doc.get("runtimes") if isinstance(doc.get("runtimes"), list) else []
    found = ", ".join(f"{_get(r, 'name')} {_get(r, 'version')}".strip()
                      for r in runtimes) or "none"
    box_ = doc.get("sandbox") if isinstance(doc.get("sandbox"), dict) else {}
    sandbox = ("isolated (namespaces, read-only system folders, no network); limits "
               f"{_get(box_, 'limits_apply')}" if box_.get("isolated") else
               "NOT isolated: bots run as the server's user")
    limits = (f"{_size(box_.get('memory_bytes'))} address space, "
              f"{_get(box_, 'processes')} processes and threads, "
              f"{_count(box_.get('cpu_cores'))} CPU core, "
              f"{_count(box_.get('cpu_seconds_per_game'))} s of CPU per game, "
              f"{_count(box_.get('open_files'))} open files, "
              f"{_size(box_.get('file_bytes'))} per file; /bot and /tmp "
              f"{_size(box_.get('folder_bytes'))} and {_count(box_.get('folder_files'))} files "
              f"each; answers up to {_size(box_.get('answer_bytes'))}, the log's last "
              f"{_size(box_.get('log_bytes'))} kept")
    build = f"{arch} Linux: link statically"
    if libc.startswith("glibc"):
        build += f" (or link dynamically against glibc {_get(doc, 'libc', 'version')} or older)"
    if level:
        build += f"; at most -march={_get(cpu, 'level')}"
    return [("system", f"{_get(doc, 'os')}, {_get(doc, 'system')} {_get(doc, 'kernel')}"),
            ("CPU", f"{arch}{level}, {_get(cpu, 'model')}, {_get(cpu, 'cores')} cores"),
            ("C library", libc), ("runtimes", found), ("sandbox", sandbox),
            ("limits", limits), ("build for", build)]


def platform_table(doc: dict[str, Any], where: str, width: int | None = None) -> Table:
    """`arena ladder info`: the machine bots run on, two columns, wrapped at words."""
    t = Table(title=markup(f"the machine bots run on: {visible(where)}"), box=box.SIMPLE_HEAD,
              show_header=False, pad_edge=False, width=min(width or Console().width, 100))
    t.add_column("what", style="bold", no_wrap=True)
    t.add_column("answer", overflow="fold", ratio=1)
    for what, answer in platform_rows(doc):
        t.add_row(what, text(answer))
    return t


def submissions_table(rows: Sequence[dict[str, Any]], where: str) -> Table:
    """`arena ladder status`: an author's latest submissions, newest first; what each did
    wraps."""
    t = Table(title=markup(f"your submissions on {visible(where)}"), box=box.SIMPLE_HEAD,
              pad_edge=False, caption="newest first; sent: UTC")
    t.add_column("id", justify="right", no_wrap=True)
    t.add_column("ladder", overflow="fold")
    t.add_column("bot", style="bold cyan", overflow="fold")
    t.add_column("state", no_wrap=True)
    t.add_column("sent", no_wrap=True)
    t.add_column("what", overflow="fold")
    for r in rows:
        t.add_row(text(_get(r, "id")), text(_get(r, "ladder")), text(_get(r, "name")),
                  text(_get(r, "state")), text(_get(r, "created")[5:16]),
                  text(_get(r, "detail")))
    return t
