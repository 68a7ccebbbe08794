"""The one way work reaches the cluster: a `Dispatcher` sends items (games, self-play
seeds) as Ray tasks to the machines (nodes) that can take them, keeps a bounded number in
flight per CPU, collects the results, and tells the infrastructure's failures from the
games' results.

- Placement: the dispatcher reads the cluster's nodes (`ray.nodes()`, again every few
  seconds, so a node that joins gets work and a dead one gets none) and sends each task to
  one node (Ray's node affinity, not soft): IN_FLIGHT_PER_CPU tasks per CPU of the node
  (so a worker never waits for the driver), never more than `workers` CPUs' worth in all.
  A node with no CPU (a head started with `--num-cpus=0`) gets nothing.
- Files: each bot file (blob) a task needs is put into Ray's object store once, cached
  by its hash, and so is each manifest's map of its blobs' ObjectRefs; a task carries the
  bots' manifests (in their specs) and one ObjectRef per manifest, and a node that has not
  laid out that manifest yet fetches the blobs its cache lacks, once
  (harness/cluster/node.py). Nothing is read from a path on the driver's disk.
- Failures of the infrastructure: a lost node or worker, a file that cannot be fetched,
  a node that cannot sandbox bots (for work that needs it: that node gets no more of it),
  a sandbox that could not be set up. The items are sent again, to a node they have not
  failed on when there is one, up to ATTEMPTS times; then they come back `lost` (the
  caller keeps them to play later: never rated, never a bot's failure). `on_failure`
  hears each failure with its node, so that they can be counted by node.
- No node able to take work (none has joined yet, or every one rests after a failure,
  refuses the work or runs another build of the project): what is sent waits, without the
  driver spinning, and once no node has been able to take work for PATIENCE seconds it
  comes back `lost` with the reason, and so does what is sent after, until a node can.
- `Inline` plays the same items in this process (tests, and the smallest runs), with
  the same interface.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from harness.cluster.node import Reply, Shipped, TaskFn, Unplayed, build, run_task, where
from harness.cluster.session import ClusterError, ensure_ray
from harness.sandbox import isolate
from harness.sandbox.bundle import BlobStore, Manifest

#: tasks in flight per CPU of a node, so a worker never waits for the driver
IN_FLIGHT_PER_CPU = 2
#: times an item is tried before it comes back lost
ATTEMPTS = 3
#: seconds between two readings of the cluster's nodes
REFRESH_SECONDS = 2.0
#: seconds work may wait without any node able to take it before it comes back lost
PATIENCE = 120.0
#: a blob no task was sent with for this long is let go of (Ray frees it)
KEEP_SECONDS = 600.0
#: seconds a node whose task failed gets no new work (Ray may take that long to find it
#: dead; meanwhile its work goes elsewhere)
REST_SECONDS = 15.0

#: (node address, item keys, why): a failure of the infrastructure
OnFailure = Callable[[str, list[Any], str], None]


@dataclass
class Item:
    """One piece of work: its `key` (the caller's), what the task function gets for it,
    and the hashes of the bot files it needs."""

    key: Any
    args: Any
    files: tuple[Manifest, ...] = ()
    attempts: int = 0
    tried: set[str] = field(default_factory=set)
    why: str = ""


@dataclass
class Outcome:
    """An item done (`value`, on `node`), or `lost`: why it could not be done."""

    key: Any
    value: Any = None
    node: str = ""
    lost: str = ""


@dataclass
class Node:
    """What the dispatcher knows of one node of the cluster."""

    id: str
    address: str
    cpus: float
    alive: bool = True
    in_flight: int = 0
    done: int = 0
    failed: int = 0
    refuses: str = ""  # why it cannot sandbox bots (it gets no work that needs that)
    other: str = ""  # why it gets no work at all (it runs another build of the project)
    last_failure: str = ""
    resting_until: float = 0.0  # after a failed task: no new work before then
    fetched: int = 0  # bytes of bot files it fetched
    file_seconds: float = 0.0  # seconds it spent fetching them

    def row(self) -> dict[str, Any]:
        return {"address": self.address, "cpus": self.cpus, "alive": self.alive,
                "in_flight": self.in_flight, "done": self.done, "failed": self.failed,
                "refuses": self.other or self.refuses, "last_failure": self.last_failure,
                "fetched": self.fetched}


def files_of(specs: Iterable[Any]) -> tuple[Manifest, ...]:
    """The manifests of the files the specs bring."""
    return tuple(Manifest(m) for s in specs if (m := getattr(s, "manifest", ())))


class Closing:
    """`with pool:` closes it on the way out, and on Ctrl-C lets go of the work in flight
    without cancelling it (`Dispatcher.close`: Ray's shutdown, next, ends it)."""

    def close(self, cancel: bool = True) -> None:
        raise NotImplementedError

    def __enter__(self) -> Any:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: Any) -> None:
        self.close(cancel=kind is None or not issubclass(kind, KeyboardInterrupt))


class Dispatcher(Closing):
    """Work for `fn` (a TaskFn: what every item shares is `common`) on the Ray cluster
    this process started or joined (see the module docstring). `blobs(hash)` gives a bot
    file's content (read where the driver keeps it); `modules`: plug-in modules the tasks
    lay out before `fn` runs; `strict`: the work needs the sandbox."""

    def __init__(self, fn: TaskFn, common: Any, *, blobs: Callable[[str], bytes] | None = None,
                 modules: tuple[Shipped, ...] = (), strict: bool = False,
                 workers: int | None = None, address: str | None = None,
                 task_cpus: float = 1.0, attempts: int | None = None,
                 on_failure: OnFailure | None = None) -> None:
        import ray

        ensure_ray(workers, address)
        self.ray = ray
        self.fn, self.common, self.source = fn, common, blobs
        self.modules, self.strict = modules, strict
        self.modules_files = [Manifest(m.manifest) for m in modules]
        self.workers, self.task_cpus = workers, task_cpus
        self.attempts = attempts or ATTEMPTS
        self.on_failure = on_failure
        self.remote = _remote(ray)
        self.build = build()
        # what every task shares, put once (Ray hands each task the value)
        self._shared = (ray.put(common), ray.put(modules))
        self.flight: dict[Any, tuple[Node, list[Item]]] = {}
        self.waiting: list[Item] = []
        self.lost: list[Outcome] = []
        self.known: dict[str, Node] = {}
        self._refs: dict[str, tuple[Any, float]] = {}  # blob or manifest hash -> ObjectRef
        self._read_at = 0.0
        self._starved: float | None = None
        self._refresh(force=True)

    # -- the cluster --------------------------------------------------------------------

    def _refresh(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._read_at < REFRESH_SECONDS:
            return
        self._read_at = now
        seen = set()
        for n in self.ray.nodes():
            nid = n.get("NodeID", "")
            seen.add(nid)
            node = self.known.get(nid)
            if node is None:
                node = self.known[nid] = Node(nid, n.get("NodeManagerAddress", "?"), 0.0)
            node.alive = bool(n.get("Alive"))
            node.cpus = float((n.get("Resources") or {}).get("CPU", 0.0))
        for nid, node in self.known.items():
            if nid not in seen:
                node.alive = False

    def _slots(self, node: Node) -> int:
        return int(node.cpus // self.task_cpus) * IN_FLIGHT_PER_CPU

    def _usable(self, node: Node) -> bool:
        return (node.alive and self._slots(node) > 0 and not (self.strict and node.refuses)
                and not node.other and node.resting_until <= time.monotonic())

    def _cap(self) -> int | None:
        return None if self.workers is None else (
            max(1, int(self.workers // self.task_cpus)) * IN_FLIGHT_PER_CPU)

    def nodes(self) -> list[Node]:
        return sorted(self.known.values(), key=lambda n: n.address)

    def free(self) -> int:
        """Tasks the cluster could take now, beyond the work waiting to be sent again."""
        self._refresh()
        room = sum(max(0, self._slots(n) - n.in_flight) for n in self.known.values()
                   if self._usable(n))
        cap = self._cap()
        if cap is not None:
            room = min(room, cap - len(self.flight))
        if not room and not self.flight and not self.waiting and not self._any_usable():
            # no node can take work now (none joined yet, all resting, refusing or of
            # another build): what is sent waits, and comes back lost with the reason once
            # no node has been able to take it for PATIENCE seconds
            return 1
        return max(0, room - len(self.waiting))

    def _any_usable(self) -> bool:
        return any(self._usable(n) for n in self.known.values())

    @property
    def busy(self) -> bool:
        """Work is in flight or waiting to be sent again."""
        return bool(self.flight or self.waiting)

    def in_flight(self) -> int:
        """Items in flight."""
        return sum(len(items) for _, items in self.flight.values())

    def status(self) -> dict[str, Any]:
        """The nodes, the items in flight and waiting (for `arena cluster status`)."""
        return {"nodes": [n.row() for n in self.nodes()], "in_flight": self.in_flight(),
                "waiting": len(self.waiting)}

    # -- sending --------------------------------------------------------------------------

    def _pick(self, avoid: set[str]) -> Node | None:
        """The usable node with the most free slots; not one in `avoid` (where the work
        failed) while another usable node, free or busy, is there to take it."""
        cap = self._cap()
        if cap is not None and len(self.flight) >= cap:
            return None
        usable = [n for n in self.known.values() if self._usable(n)]
        if any(n.id not in avoid for n in usable):
            usable = [n for n in usable if n.id not in avoid]
        open_ = [n for n in usable if n.in_flight < self._slots(n)]
        return max(open_, key=lambda n: (self._slots(n) - n.in_flight, n.address),
                   default=None)

    def _ref(self, digest: str) -> Any:
        """The ObjectRef of a blob, put once."""
        ref, _ = self._refs.get(digest, (None, 0.0))
        if ref is None:
            if self.source is None:
                raise ClusterError("a task names bot files but the dispatcher has none")
            ref = self.ray.put(self.source(digest))
        self._refs[digest] = (ref, time.monotonic())
        return ref

    def _files(self, manifest: Manifest) -> Any:
        """The ObjectRef of a manifest's {blob hash: ObjectRef}, put once."""
        key = "m" + manifest.digest
        ref, _ = self._refs.get(key, (None, 0.0))
        if ref is None:
            ref = self.ray.put({d: self._ref(d) for d in sorted(manifest.blobs)})
        self._refs[key] = (ref, time.monotonic())
        return ref

    def send(self, items: list[Item]) -> None:
        """Send `items` as one task (they wait, to be sent first, when no node is free)."""
        node = self._pick(set().union(*(i.tried for i in items)))
        if node is None:
            self.waiting.extend(items)
            return
        try:
            needed = [*self.modules_files, *(m for i in items for m in i.files)]
            refs = {m.digest: self._files(m) for m in needed}
        except Exception as e:  # the driver's own copy is gone or damaged: nowhere to play
            self.lost += [Outcome(i.key, lost=f"its bot files cannot be read here: {e}")
                          for i in items]
            return
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        ref = self.remote.options(
            num_cpus=self.task_cpus, max_retries=0,
            scheduling_strategy=NodeAffinitySchedulingStrategy(node.id, soft=False)).remote(
            self.fn, self._shared[0], [i.args for i in items], refs, self._shared[1],
            self.strict)
        node.in_flight += 1
        self.flight[ref] = (node, items)

    def _resend(self) -> None:
        while self.waiting:
            item = self.waiting[0]
            node = self._pick(item.tried)
            if node is None:
                break
            self.waiting.pop(0)
            self.send([item])
        if self._any_usable():
            self._starved = None
        elif self.waiting:  # the clock runs from the first work no node could take, so
            # that once PATIENCE has passed, what is sent after is lost at once
            self._starved = self._starved or time.monotonic()
            if time.monotonic() - self._starved > PATIENCE:
                self.lost += [Outcome(i.key, lost=self._why_none()) for i in self.waiting]
                self.waiting = []

    def _why_none(self) -> str:
        """Why no node can take work."""
        alive = [n for n in self.known.values() if n.alive]
        if self.strict and any(n.refuses for n in alive):
            return "no node of the cluster can sandbox bots"
        other = next((n.other for n in alive if n.other), "")
        if other:
            return f"no node of the cluster can play it: {other}"
        return "no node of the cluster is there to play it"

    # -- collecting -----------------------------------------------------------------------

    def poll(self, timeout: float) -> list[Outcome]:
        """Wait up to `timeout` seconds for results; what is done (or lost) meanwhile."""
        self._refresh()
        self._resend()
        self._let_go()
        out, self.lost = self.lost, []
        if not self.flight:  # nothing to wait for but a node able to take work
            time.sleep(min(timeout, 0.2))
            return out
        ready, _ = self.ray.wait(list(self.flight), num_returns=1, timeout=timeout)
        if ready:
            more, _ = self.ray.wait(list(self.flight), num_returns=len(self.flight), timeout=0)
            ready = list(dict.fromkeys([*ready, *more]))
        for ref in ready:
            node, items = self.flight.pop(ref)
            node.in_flight -= 1
            try:
                reply: Reply = self.ray.get(ref)
            except Exception as e:  # a lost node or worker, or a bug: the task, not a bot
                node.resting_until = time.monotonic() + REST_SECONDS
                self._failed(node, items, _why(e))
                continue
            if reply.build != self.build:  # another version plays other rules: none here
                node.other = (f"it runs another build of the project ({reply.build[:12]}, "
                              f"this driver {self.build[:12]})")
                self._failed(node, items, node.other)
                continue
            if reply.refused:
                node.refuses = reply.refused
                self._failed(node, items, reply.refused)
                continue
            if reply.failed:
                self._failed(node, items, reply.failed)
                continue
            node.fetched += reply.fetched
            node.file_seconds += reply.file_seconds
            for item, value in zip(items, reply.results, strict=True):
                if isinstance(value, Unplayed):
                    self._failed(node, [item], value.why)
                else:
                    node.done += 1
                    out.append(Outcome(item.key, value, node.address))
        out += self.lost
        self.lost = []
        self._resend()
        return out

    def _failed(self, node: Node, items: list[Item], why: str) -> None:
        node.failed += len(items)
        node.last_failure = why
        if self.on_failure is not None:
            self.on_failure(node.address, [i.key for i in items], why)
        for item in items:
            item.attempts += 1
            item.tried.add(node.id)
            item.why = why
            if item.attempts >= self.attempts:
                self.lost.append(Outcome(item.key, lost=f"{why} (tried {item.attempts} "
                                                        "times)"))
            else:
                self.waiting.append(item)

    def _let_go(self) -> None:
        now = time.monotonic()
        for d in [d for d, (_, t) in self._refs.items() if now - t > KEEP_SECONDS]:
            del self._refs[d]

    def close(self, cancel: bool = True) -> None:
        """Stop waiting for the work in flight (it stays the caller's to play later), and
        cancel it unless `cancel` is False: on Ctrl-C, where Ray's shutdown comes next and
        ends it anyway, a cancel can race with a task finishing at that moment and abort
        this process inside Ray's core worker ("Tried to complete task that was not
        pending", ray-project/ray#54798), which then exits without its own last lines."""
        for ref in list(self.flight) if cancel else ():
            try:
                self.ray.cancel(ref, force=True)
            except Exception:  # already finished or gone
                pass
        self.flight.clear()
        self.waiting.clear()


_REMOTE: list[Any] = []


def _remote(ray: Any) -> Any:
    """`run_task` as a Ray remote function (made once per process)."""
    if not _REMOTE:
        _REMOTE.append(ray.remote(run_task))
    return _REMOTE[0]


def _why(e: BaseException) -> str:
    """A Ray failure in one line: its kind and its last line."""
    lines = [ln.strip() for ln in str(e).strip().splitlines() if ln.strip()]
    return f"{type(e).__name__}: {lines[-1][:300]}" if lines else type(e).__name__


class Inline(Closing):
    """A Dispatcher's interface, played at once in this process from `store`."""

    def __init__(self, fn: TaskFn, common: Any, store: BlobStore | None,
                 strict: bool = False, on_failure: OnFailure | None = None) -> None:
        self.fn, self.common, self.store, self.strict = fn, common, store, strict
        self.on_failure = on_failure
        self.done: list[Outcome] = []
        self.node = Node("", where()[1], 1.0)

    def free(self) -> int:
        return 0 if self.done else 1

    @property
    def busy(self) -> bool:
        return bool(self.done)

    def in_flight(self) -> int:
        return len(self.done)

    def nodes(self) -> list[Node]:
        return [self.node]

    def status(self) -> dict[str, Any]:
        return {"nodes": [self.node.row()], "in_flight": len(self.done), "waiting": 0}

    def send(self, items: list[Item]) -> None:
        with isolate.required(self.strict):
            results = self.fn(self.common, [i.args for i in items],
                              self.store)  # type: ignore[arg-type]
        for item, value in zip(items, results, strict=True):
            if isinstance(value, Unplayed):
                self.node.failed += 1
                if self.on_failure is not None:
                    self.on_failure(self.node.address, [item.key], value.why)
                self.done.append(Outcome(item.key, lost=value.why))
            else:
                self.node.done += 1
                self.done.append(Outcome(item.key, value, self.node.address))

    def poll(self, timeout: float) -> list[Outcome]:
        out, self.done = self.done, []
        return out

    def close(self, cancel: bool = True) -> None:
        self.done = []
