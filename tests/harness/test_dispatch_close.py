"""Closing the dispatcher (harness/cluster/dispatch.py `Dispatcher.close`): the work in
flight is let go of, cancelled on Ray unless the caller is about to shut Ray down (Ctrl-C),
where a cancel racing with a task that finishes at that moment aborts the driver inside
Ray's core worker."""

from __future__ import annotations

import pytest

from harness.cluster.dispatch import Dispatcher


class _Ray:
    def __init__(self) -> None:
        self.cancelled: list[str] = []

    def cancel(self, ref: str, force: bool = False) -> None:
        assert force
        self.cancelled.append(ref)


def _pool() -> Dispatcher:
    pool = object.__new__(Dispatcher)  # no Ray: close touches only these
    pool.ray, pool.flight, pool.waiting = _Ray(), {"a": None, "b": None}, ["c"]
    return pool


def test_close_cancels_the_work_in_flight_unless_told_not_to() -> None:
    pool = _pool()
    pool.close()
    assert pool.ray.cancelled == ["a", "b"] and not pool.flight and not pool.waiting
    pool = _pool()
    pool.close(cancel=False)  # Ctrl-C: Ray's shutdown, next, ends them
    assert pool.ray.cancelled == [] and not pool.flight and not pool.waiting


def test_with_closes_on_the_way_out_and_does_not_cancel_on_ctrl_c() -> None:
    pool = _pool()
    with pool:
        pass
    assert pool.ray.cancelled == ["a", "b"] and not pool.flight
    pool = _pool()
    with pytest.raises(ValueError), pool:
        raise ValueError("a lost cluster")
    assert pool.ray.cancelled == ["a", "b"] and not pool.flight
    pool = _pool()
    with pytest.raises(KeyboardInterrupt), pool:
        raise KeyboardInterrupt
    assert pool.ray.cancelled == [] and not pool.flight and not pool.waiting
