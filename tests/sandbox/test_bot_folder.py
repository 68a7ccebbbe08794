"""A bot's files keep their folders, the same in `arena play`, tournaments and ladders
(harness/sandbox/bundle.py): the sandbox shows the bot its folder at /bot, read-only, as it
was where it was submitted from; content-addressed stores check what comes in; snapshots
pinned before folders were kept are turned into a manifest in place; the machine's own
failures (a sandbox that cannot be set up, a machine that must sandbox and cannot) are
never a bot's."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from bots.external import InfrastructureError
from bots.spec import BotSpec
from engine.record import decode_json
from harness.cluster import node
from harness.cluster.cargo import Cargo
from harness.cluster.games import Played, play_tasks
from harness.cluster.node import Unplayed, placed, run_task
from harness.ladders.pin import MANIFEST, manifest, pin, runs, store
from harness.play.clock import TimeControl
from harness.play.match import play_match
from harness.sandbox import isolate
from harness.sandbox.bundle import BlobError, BlobStore, Manifest, digest_of, gather
from harness.sandbox.submission import File
from tests.sandbox.conftest import FOLDER_BOT, LIMITS, PY, TEMPLATE, needs_isolation

MAIN_C = r"""#include <stdio.h>
#include <string.h>
#include <libgen.h>
int pick(void);
int main(int argc, char **argv) {
    char path[4096], line[1 << 16];
    snprintf(path, sizeof path, "%s/data.txt", dirname(argv[0]));  /* next to argv[0] */
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return 1; }
    fclose(f);
    while (fgets(line, sizeof line, stdin)) {
        if (strstr(line, "\"type\":\"act\"")) {
            printf("{\"index\":%d}\n", pick());
            fflush(stdout);
        }
        if (strstr(line, "\"type\":\"close\"")) break;
    }
    return 0;
}
"""


def _tree(folder: Path) -> None:
    (folder / "bot").mkdir(parents=True)
    (folder / "data").mkdir()
    (folder / "bot" / "main.py").write_text(FOLDER_BOT)
    (folder / "bot" / "tables.txt").write_text("T1\n")
    (folder / "data" / "weights.txt").write_text("3\n")


def test_gather_keeps_the_folders_of_the_folder_it_is_submitted_from(tmp_path: Path) -> None:
    _tree(tmp_path)
    got = gather(BotSpec.parse(f"cmd:{PY} {tmp_path}/bot/main.py data/weights.txt bot"),
                 base=str(tmp_path))
    assert got.folder == str(tmp_path)
    assert got.spec.argv[1:] == ["bot/main.py", "data/weights.txt", "bot"]
    assert sorted(p for p, _ in got.files) == ["bot/main.py", "bot/tables.txt",
                                                "data/weights.txt"]


@needs_isolation
def test_arena_play_shows_the_bot_its_folder_at_bot_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    rec = play_match("kit", 2, [f"cmd:{PY} bot/main.py data/weights.txt bot", "random"],
                     seed=1, time_control=TimeControl(per_move=5.0), limits=LIMITS)
    assert rec.failures == [] and "table T1 weight 3 cwd /bot" in rec.logs[0]


@needs_isolation
@pytest.mark.skipif(shutil.which("gcc") is None, reason="no C compiler here")
def test_a_compiled_bot_finds_its_library_through_origin_and_its_data_beside_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = tmp_path / "build"
    (build / "lib").mkdir(parents=True)
    (tmp_path / "helper.c").write_text("int pick(void) { return 0; }\n")
    (tmp_path / "main.c").write_text(MAIN_C)
    (build / "data.txt").write_text("tables\n")
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", build / "lib" / "libhelper.so",
                    tmp_path / "helper.c"], check=True)
    subprocess.run(["gcc", "-o", build / "bot", tmp_path / "main.c", f"-L{build / 'lib'}",
                    "-lhelper", "-Wl,-rpath,$ORIGIN/lib"], check=True)
    monkeypatch.chdir(tmp_path)
    spec = "cmd:./build/bot build/lib build/data.txt"
    rec = play_match("kit", 2, [spec, "random"], seed=1,
                     time_control=TimeControl(per_move=5.0), limits=LIMITS)
    assert rec.failures == [], rec.logs
    p = pin(spec, tmp_path / "ladder")  # the ladder keeps the same layout
    assert [e[0] for e in manifest(p.snapshot or "", tmp_path / "ladder").entries] == [
        "build/bot", "build/data.txt", "build/lib/libhelper.so"]
    (played,) = placed([runs(p.run_spec, p.snapshot, tmp_path / "ladder")],
                       store(tmp_path / "ladder"))
    rec = play_match("kit", 2, [played, "random"], seed=1,
                     time_control=TimeControl(per_move=5.0), limits=LIMITS)
    assert rec.failures == [], rec.logs


def test_a_store_keeps_what_its_hash_says_and_lays_it_out_read_only(tmp_path: Path) -> None:
    files = BlobStore(tmp_path / "s")
    with pytest.raises(BlobError, match="does not match its hash"):
        files.put(b"evil", digest_of(b"good"))
    made, blobs = Manifest.of([("a/b/run", File("a/b/run", b"#!/bin/sh\n", 0o755)),
                               ("c.txt", File("c.txt", b"data", 0o644))])
    for d, data in blobs.items():
        files.put(data, d)
    tree = files.tree(made)
    assert files.tree(made) == tree and files.laid_out(made.digest)
    assert (tree / "a" / "b" / "run").read_bytes() == b"#!/bin/sh\n"
    assert stat.S_IMODE((tree / "a" / "b" / "run").stat().st_mode) == 0o555
    assert stat.S_IMODE((tree / "c.txt").stat().st_mode) == 0o444
    assert stat.S_IMODE((tree / "a").stat().st_mode) == 0o555
    assert stat.S_IMODE((tmp_path / "s").stat().st_mode) == 0o700
    outside = Manifest((("../x", digest_of(b"data"), 0o444),))
    with pytest.raises(BlobError, match="leads outside"):
        files.tree(outside)
    other, more = Manifest.of([("x", File("x", b"other", 0o644))])
    files.put(more[digest_of(b"other")])
    files.tree(other)
    assert files.forget([made], older_than=0) == 1  # what no kept manifest lists goes
    assert not files.has(digest_of(b"other")) and not files.laid_out(other.digest)
    assert files.laid_out(made.digest) and all(files.has(d) for d in made.blobs)


def test_an_older_snapshot_becomes_a_manifest_in_place_and_plays(tmp_path: Path) -> None:
    """A snapshot pinned before folders were kept: flat copies named `<n>-<name>`, the run
    spec naming them by absolute path."""
    root = tmp_path / "ladder-bots" / "kl"
    snap = root / "cmd_0123456789abcdef"
    snap.mkdir(parents=True)
    (snap / "0-bot.py").write_text(TEMPLATE.format(body="    pass"))
    run_spec = f"cmd:{PY} {snap}/0-bot.py"
    spec = runs(run_spec, str(snap), root)
    assert [p for p, _, _ in spec.manifest] == ["0-bot.py"]
    assert sorted(os.listdir(snap)) == [MANIFEST]  # the copies are in the store now
    assert runs(run_spec, str(snap), root) == spec
    (played,) = placed([spec], store(root))
    assert played.root != str(snap) and Path(played.root, "0-bot.py").is_file()
    if not isolate.isolation():
        assert play_match("kit", 2, [played, "random"], seed=1,
                          time_control=TimeControl(per_move=5.0),
                          limits=LIMITS).failures == []


def test_a_missing_file_or_a_sandbox_that_cannot_start_is_never_the_bots(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = Manifest((("bot.py", digest_of(b"x"), 0o444),))
    shipped = BotSpec.parse(f"cmd:{PY} bot.py").replace(root="/driver/folder",
                                                       manifest=made.entries)
    (out,) = play_tasks("kit", 2, {}, 5.0, None, True, [(0, 1, (shipped, "random"))],
                        BlobStore(tmp_path / "empty"))
    assert isinstance(out, Unplayed) and "cannot be laid out" in out.why
    if isolate.isolation():
        return
    gone = BotSpec.parse(f"cmd:{PY} bot.py").replace(root=str(tmp_path / "not-there"))
    with pytest.raises(InfrastructureError, match="sandbox could not be set up"):
        play_match("kit", 2, [gone, "random"], seed=1,
                   time_control=TimeControl(per_move=5.0), limits=LIMITS)
    (out,) = play_tasks("kit", 2, {}, 5.0, None, True, [(0, 1, (gone, "random"))])
    assert isinstance(out, Unplayed)


def test_a_machine_that_cannot_sandbox_refuses_submitted_bots(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(isolate, "_probe", lambda: ("", "no namespaces here"))
    bot = tmp_path / "bot.py"
    bot.write_text(TEMPLATE.format(body="    pass"))
    games = [(0, 1, (f"cmd:{PY} {bot}", "random"))]

    def play(common: object, items: list, files: BlobStore) -> list:
        return play_tasks("kit", 2, {}, 5.0, None, True, items, files)

    monkeypatch.setattr(node, "cache", lambda: BlobStore(tmp_path / "cache"))
    reply = run_task(play, None, games, {}, (), strict=True)  # a ladder's games
    assert reply.refused.startswith("this machine cannot sandbox bots") and not reply.results
    with isolate.required():  # never run unisolated, even when asked to play here
        (out,) = play_tasks("kit", 2, {}, 5.0, None, True, games)
    assert isinstance(out, Unplayed) and "cannot sandbox" in out.why
    reply = run_task(play, None, games, {}, (), strict=False)  # a tournament may warn
    (played,) = reply.results
    assert isinstance(played, Played) and played.error is None
    assert "not isolated" in " ".join(decode_json(played.record).notes)


def test_plug_in_modules_travel_unless_installed_everywhere() -> None:
    cargo = Cargo()
    (kit,) = cargo.modules(["tests.kitgame", "engine.games.huang"])
    paths = [p for p, _, _ in kit.manifest]
    assert kit.name == "tests.kitgame" and "tests/kitgame.py" in paths
    assert "tests/__init__.py" in paths and not any("__pycache__" in p for p in paths)
    assert all(digest_of(cargo.blob(d)) == d for _, d, _ in kit.manifest)
