"""The one dispatcher (harness/cluster/dispatch.py) on an embedded local Ray: every item
comes back once with the node that did it; an item a node could not do (the
infrastructure's failure) is sent again and heard of by node; one that fails every time
comes back lost with the reason, for the caller to keep."""

from __future__ import annotations

import importlib
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from harness.cluster import dispatch
from harness.cluster.dispatch import Dispatcher, Item
from harness.cluster.node import Unplayed
from harness.sandbox.bundle import BlobStore

pytestmark = [pytest.mark.usefixtures("local_ray"), pytest.mark.slow]


def twice(common: str, items: Sequence[int], store: BlobStore) -> list[object]:
    """Doubles each item; `common` is a folder: an item without its marker there fails
    once (the marker is left), and item 13 fails every time."""
    out: list[object] = []
    for x in items:
        marker = Path(common, str(x))
        if x == 13:
            out.append(Unplayed("thirteen never plays"))
        elif x % 2 and not marker.exists():
            marker.touch()
            out.append(Unplayed(f"node busy with {x}"))
        else:
            out.append(2 * x)
    return out


def test_every_item_once_retried_on_failure_or_lost_with_the_reason(tmp_path: Path) -> None:
    heard: list[tuple[str, list[object], str]] = []
    # by its package's name, as Ray's workers import it (pytest imports this file alone)
    fn = importlib.import_module("tests.harness.test_dispatch").twice
    pool = Dispatcher(fn, str(tmp_path), workers=2,
                      on_failure=lambda node, keys, why: heard.append((node, keys, why)))
    todo = list(range(10)) + [13]
    done: dict[object, object] = {}
    lost: dict[object, str] = {}
    while todo or pool.busy:
        while todo and pool.free() > 0:
            x = todo.pop()
            pool.send([Item(("k", x), x)])
        for out in pool.poll(0.5):
            assert out.key not in done and out.key not in lost  # once each
            if out.lost:
                lost[out.key] = out.lost
            else:
                done[out.key] = out.value
                assert out.node == "127.0.0.2"
    pool.close()
    assert done == {("k", x): 2 * x for x in range(10)}
    assert lost == {("k", 13): f"thirteen never plays (tried {dispatch.ATTEMPTS} times)"}
    assert sorted(keys[0][1] for _, keys, why in heard if "busy" in why) == [1, 3, 5, 7, 9]
    assert {node for node, _, _ in heard} == {"127.0.0.2"}
    (node,) = [n for n in pool.nodes() if n.cpus]
    assert (node.done, node.failed) == (10, 5 + dispatch.ATTEMPTS)


def test_a_cluster_of_another_build_loses_the_work_with_the_reason_without_spinning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every node runs another build of the project (its source was changed after the
    driver started): none may play, so after PATIENCE the items come back lost, saying
    why, and the driver waits for them without spinning (it polled at 100% CPU for ever)."""
    monkeypatch.setattr(dispatch, "PATIENCE", 1.0)
    fn = importlib.import_module("tests.harness.test_dispatch").twice
    pool = Dispatcher(fn, str(tmp_path), workers=2)
    pool.build = "a build no node runs"
    todo, lost, polls = list(range(6)), {}, 0
    cpu = time.process_time()
    deadline = time.monotonic() + 60
    while todo or pool.busy:
        assert time.monotonic() < deadline, "the work neither played nor came back lost"
        while todo and pool.free() > 0:
            pool.send([Item(x, x) for x in (todo.pop(), todo.pop())])
        for out in pool.poll(0.5):
            lost[out.key] = out.lost
        polls += 1
    pool.close()
    assert sorted(lost) == list(range(6))
    assert all("another build of the project" in why for why in lost.values()), lost
    assert time.process_time() - cpu < 1.0 and polls < 100, polls  # it waited, not spun
