"""What a driver prints of the cluster's own errors (harness/cluster/session.py): a dead
node's message is one line on standard error, never Ray's dump of its log on standard
output (where a live table or a `--json` document is)."""

from __future__ import annotations

import pytest

from harness.cluster import session

DEAD = ("Raylet is terminated. Termination is unexpected. Possible reasons include: (1) "
        "SIGKILL by the user or system\nOOM killer, (2) ... Last 20 lines of the Raylet "
        "logs:\n    [state-dump] NodeManager:\n    [state-dump] Node ID: 24a7\x1b[2J")
MARKED = ("The node with node id: 24a7 and address: 127.0.0.4 and node name: 127.0.0.4 "
          "has been marked dead because the detector has missed too many heartbeats from "
          "it. This can happen when a\n(1) raylet crashes unexpectedly (OOM, etc.)")


def test_a_dead_nodes_messages_are_one_line_each_on_stderr(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from ray._private import worker

    monkeypatch.setattr(worker, "print_to_stdstream", worker.print_to_stdstream)
    monkeypatch.setattr(session, "_said", set())
    session.one_line_cluster_errors()
    session.one_line_cluster_errors()  # joining again wraps nothing twice
    for text in (DEAD, MARKED, DEAD):  # Ray publishes a dead raylet's message twice
        worker.print_to_stdstream({"lines": [text], "pid": "raylet", "is_err": False},
                                  ignore_prefix=False)
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.splitlines() == [
        "cluster: Raylet is terminated.",
        "cluster: The node with node id: 24a7 and address: 127.0.0.4 and node name: "
        "127.0.0.4 has been marked dead because the detector has missed too many "
        "heartbeats from it."]
    worker.print_to_stdstream({"lines": ["a worker's line"], "pid": 1234, "is_err": False},
                              ignore_prefix=True)  # (with --verbose): as Ray prints it
    assert "a worker's line" in capsys.readouterr().out
