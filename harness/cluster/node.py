"""What a machine of the cluster does with a task it is sent (`run_task`, the one Ray task
body): it refuses work that needs the sandbox when it cannot sandbox bots; it fetches the
bot files the task names through Ray into its own cache (`cache`), each checked against
its hash, and lays out the plug-in modules the task brings; then it runs the task's
function over its items, a sandbox that cannot be set up being the machine's failure, not
the bot's (bots.external.InfrastructureError -> `Unplayed`). The reply says which machine
did it and what it cost to bring the files.

The cache: `ARENA_CACHE` if set, else /var/cache/arena for root, else
`$XDG_CACHE_HOME/arena` (~/.cache/arena); a folder only its owner may enter (0700),
holding the blobs by hash and the bot folders laid out from them
(harness/sandbox/bundle.py). Nothing there is needed after the games: deleting it while
no game runs costs only fetching the files again.
"""

from __future__ import annotations

import functools
import hashlib
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from bots.external import InfrastructureError
from bots.spec import BotSpec, prefer_folder
from engine.common.project import PROJECT
from harness.sandbox import isolate
from harness.sandbox.bundle import BlobError, BlobStore, Manifest

#: a task's function: (what every item shares, the items, the machine's file store)
#: -> one result (or Unplayed) per item
TaskFn = Callable[[Any, Sequence[Any], BlobStore], list[Any]]


class Unplayed(msgspec.Struct, frozen=True):
    """An item this machine could not do, through no fault of its bots (`why`)."""

    why: str


class Shipped(msgspec.Struct, frozen=True):
    """A plug-in module sent by content: `name` is imported, its top-level module's files
    (the `manifest`, from the folder above it) laid out first."""

    name: str
    manifest: tuple[tuple[str, str, int], ...]


class Reply(msgspec.Struct):
    """What a task sends back: the machine (Ray node id and address) and the build of the
    project it runs (`build`), one result per item, or why it did none (`refused`: it
    cannot sandbox the bots; `failed`: anything else), and the bytes and seconds its
    files cost."""

    node: str
    address: str
    results: list[Any] = []
    refused: str = ""
    failed: str = ""
    fetched: int = 0
    file_seconds: float = 0.0
    build: str = ""




@functools.cache
def build() -> str:
    """sha256 of this project's code and shipped models as installed here (read once per
    process): machines that play one driver's games must run the same."""
    h = hashlib.sha256()
    for package in ("engine", "bots", "harness", "ratings"):
        for path in sorted((PROJECT / package).rglob("*")):
            if path.suffix in (".py", ".npz") and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(PROJECT)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def cache_folder() -> Path:
    """Where this machine keeps the bot files it is sent (see the module docstring)."""
    if os.environ.get("ARENA_CACHE"):
        return Path(os.environ["ARENA_CACHE"]).expanduser()
    if os.geteuid() == 0:
        return Path("/var/cache/arena")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "arena"


@functools.cache
def _cache(folder: str) -> BlobStore:
    return BlobStore(folder)


def cache() -> BlobStore:
    return _cache(str(cache_folder()))


def where() -> tuple[str, str]:
    """(Ray node id, address) of this process's machine; ("", "local") outside Ray."""
    try:
        import ray

        if ray.is_initialized():
            return ray.get_runtime_context().get_node_id(), ray.util.get_node_ip_address()
    except Exception:  # not in Ray: a local game
        pass
    return "", "local"


def fetch(store: BlobStore, refs: dict[str, Any]) -> int:
    """Bring the files of the manifests of `refs` (manifest hash -> ObjectRef of its
    {blob hash: ObjectRef}) that `store` has not laid out yet and lacks, each checked
    against its hash; the bytes fetched. A blob that cannot be had is a BlobError."""
    todo = [ref for m, ref in refs.items() if not store.laid_out(m)]
    if not todo:
        return 0
    import ray

    try:
        maps = ray.get(todo, timeout=300)
        missing = {d: r for blobs in maps for d, r in blobs.items() if not store.has(d)}
        datas = ray.get(list(missing.values()), timeout=300) if missing else []
    except Exception as e:  # lost object, its owner gone, a timeout: the cluster's failure
        raise BlobError(f"bot files could not be fetched ({type(e).__name__})") from None
    for d, data in zip(missing, datas, strict=True):
        store.put(data, d)
    return sum(len(x) for x in datas)


def lay_out_modules(store: BlobStore, modules: Sequence[Shipped]) -> None:
    """Lay out each shipped module's files and import it from there from now on."""
    for m in modules:
        tree = store.tree(Manifest(m.manifest))
        prefer_folder(str(tree), m.name.split(".")[0])


def placed(specs: Sequence[Any], store: BlobStore | None) -> list[Any]:
    """The seats of one game as this machine plays them: a spec that brings files (a
    manifest) has them laid out from `store` (once per machine: the folder is shared,
    read-only) and is moved there (BotSpec.relocated); others as they are. A file missing
    or damaged here is an InfrastructureError."""
    out = []
    for spec in specs:
        if isinstance(spec, BotSpec) and spec.manifest:
            if store is None:
                raise InfrastructureError("no store of bot files on this machine")
            try:
                folder = store.tree(Manifest(spec.manifest))
            except OSError as e:
                raise InfrastructureError(f"the bot's files cannot be laid out here: {e}"
                                          ) from None
            spec = spec.relocated(str(folder))
        out.append(spec)
    return out


def run_task(fn: TaskFn, common: Any, items: Sequence[Any], refs: dict[str, Any],
             modules: Sequence[Shipped], strict: bool) -> Reply:
    """The Ray task body: see the module docstring. `strict`: the work needs the sandbox
    (a ladder's submitted bots), so a machine that cannot sandbox refuses it."""
    node, address = where()
    reason = isolate.isolation()
    if strict and reason:
        return Reply(node, address, refused=f"this machine cannot sandbox bots ({reason})",
                     build=build())
    t0 = time.perf_counter()
    store = cache()
    try:
        fetched = fetch(store, refs)
        lay_out_modules(store, modules)
    except (OSError, InfrastructureError) as e:
        return Reply(node, address, failed=str(e) or type(e).__name__, build=build())
    spent = time.perf_counter() - t0
    with isolate.required(strict):
        results = fn(common, items, store)
    return Reply(node, address, results, fetched=fetched, file_seconds=spent, build=build())
