"""One spec, one reading, tried as an attacker would: a parameter given twice (pinned by one
value, played with another), a file outside the submission, a server path probed through
the refusal's words. Through the ladder service locally, and through a real server on
loopback whose memory is capped (a regression that reads /dev/zero fails the test, not the
machine)."""

from __future__ import annotations

import io
import resource
import shutil
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bots.spec import BotSpec, BotSpecError
from bots.trained import MODELS
from engine.protocol import ArenaError
from harness.ladders import runner as ladder_runner
from harness.ladders.pin import manifest, pin, runs, store
from harness.ladders.service import create, submit
from harness.play.clock import TimeControl
from harness.play.match import play_match
from harness.sandbox.bundle import digest_of
from harness.sandbox.submission import OUTSIDE
from harness.storage import ladders as ls
from harness.storage.database import Store
from tests.harness.test_ladder_server import Served
from tests.sandbox.conftest import LIMITS, hostile

#: the served process's address space: well above what it needs, far below /dev/zero's
SERVER_MEMORY = 3 * 1024**3
TWICE = ["mcts:model=m.npz,model=/dev/zero", "mcts:model=m.npz,model=m.npz",
         "mcts:time=1,time=2", "mcts:iters=2,model=m.npz,iters=2"]


def _tar(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tf:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def _probes(server: Path) -> list[str]:
    """Paths an author may try: system files, a way out of the upload, a file that exists
    on the server (its database), one that does not, another author's snapshot."""
    victim = server / "ladder-bots" / "kl" / "model_0123456789abcdef" / "model.npz"
    victim.parent.mkdir(parents=True, exist_ok=True)
    victim.write_bytes(b"another author's private model")
    return ["/etc/passwd", "../x", str(server / "db.sqlite"), "/nonexistent/x",
            str(victim), "../../ladder-bots/kl/model_0123456789abcdef/model.npz", "/dev/zero"]


def _forms(path: str) -> list[str]:
    return [f"cmd:python3 bot.py {path}", f"cmd:{path} bot.py", f"mcts:model={path}"]


def _upload(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "bot.py").write_text("print('hello')\n")
    (folder / "m.npz").write_bytes(b"model")
    return folder


@pytest.fixture
def ladder(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "db.sqlite") as store:
        create(store, "kl", ls.LadderSpec(game="kit", modules=("tests.kitgame",), seed=1))
        yield store


def _nothing_kept(store: Store, tmp_path: Path) -> bool:
    snaps = [p for p in (tmp_path / "ladder-bots" / "kl").iterdir()
             if p.name != "model_0123456789abcdef"]
    return not ls.entrants(store, ls.ladder(store, "kl").id) and not snaps


@pytest.mark.parametrize("spec", TWICE)
def test_a_parameter_given_twice_is_refused_before_anything_is_pinned(
        ladder: Store, tmp_path: Path, spec: str) -> None:
    upload = _upload(tmp_path / "up")
    with pytest.raises(BotSpecError, match="is given twice") as e:
        submit(ladder, "kl", spec, "twice", within=upload)
    assert "\n" not in str(e.value) and _nothing_kept(ladder, tmp_path)


def test_a_path_outside_the_upload_gets_one_refusal_naming_no_path(ladder: Store,
                                                                   tmp_path: Path) -> None:
    upload = _upload(tmp_path / "up")
    said = set()
    for path in _probes(tmp_path):
        for spec in _forms(path):
            with pytest.raises(ArenaError) as e:
                submit(ladder, "kl", spec, "probe", within=upload)
            said.add(str(e.value))
    assert said == {OUTSIDE}
    assert _nothing_kept(ladder, tmp_path)


def test_an_entrant_pinned_with_a_parameter_twice_leaves_matchmaking(ladder: Store) -> None:
    """A database from before specs were read once: its entrant that gives a parameter
    twice is retired with the reason, and the ladder plays on without it."""
    lid = ls.ladder(ladder, "kl").id
    for name, spec in (("old", "mcts:iters=2,iters=3"), ("a", "random"), ("b", "random")):
        ls.add_entrant(ladder, lid, name, spec, spec, f"hash-{name}", None, "test")
    ladder_runner.run(ladder, "kl", games=2, inline=True)
    old = next(e for e in ls.entrants(ladder, lid) if e.name == "old")
    assert old.retired is not None and "'iters' is given twice" in old.retired
    assert [g.status for g in ls.games(ladder, lid)] == ["done", "done"]


def test_an_upload_names_its_own_files_and_its_runtime_by_name(tmp_path: Path) -> None:
    upload = _upload(tmp_path / "up")
    (upload / "data").mkdir()
    (upload / "data" / "w.bin").write_bytes(b"weights")
    p = pin("cmd:python3 bot.py --fast data/w.bin fast", tmp_path / "bots", upload)
    assert p.snapshot is not None
    argv = BotSpec.parse(p.run_spec).argv  # its files named in its folder, kept as uploaded
    assert argv == ["python3", "bot.py", "--fast", "data/w.bin", "fast"]
    assert _paths(p.snapshot, tmp_path / "bots") == ["bot.py", "data/w.bin"]
    with pytest.raises(ArenaError, match="names a path outside"):  # the server runs its own
        pin("cmd:/usr/bin/python3 bot.py", tmp_path / "bots", upload)
    with pytest.raises(ArenaError, match="holds no such file"):
        pin("cmd:./missing.sh", tmp_path / "bots", upload)
    model = pin("mcts:model=m.npz,iters=2", tmp_path / "bots", upload)
    played = runs(model.run_spec, model.snapshot, tmp_path / "bots")  # the one model it names
    assert played.files == {"model": "m.npz"} and played.manifest == (
        ("m.npz", digest_of(b"model"), 0o444),)
    assert store(tmp_path / "bots").read(digest_of(b"model")) == b"model"


def _paths(snapshot: str | None, bot_root: Path) -> list[str]:
    return [path for path, _, _ in manifest(snapshot or "", bot_root).entries]


def test_an_uploaded_model_is_pinned_and_played_from_its_snapshot(tmp_path: Path) -> None:
    """`mcts:model=` names a member of the upload; the ladder plays the snapshot's copy,
    the one file the pinned spec names (the upload itself is gone by then)."""
    upload = tmp_path / "up"
    upload.mkdir()
    shutil.copy(MODELS / "gugong-2p.npz", upload / "m.npz")
    with Store(tmp_path / "db.sqlite") as store:
        create(store, "g", ls.LadderSpec(game="gugong", num_players=2, seed=1))
        mine = submit(store, "g", "mcts:iters=3,model=m.npz", "mm", within=upload).entrant
        assert mine is not None and mine.snapshot is not None
        shutil.rmtree(upload)
        assert submit(store, "g", "random", "rr").entrant
        ladder_runner.run(store, "g", games=1, inline=True)
        games = ls.games(store, ls.ladder(store, "g").id)
    assert runs(mine.run_spec, mine.snapshot, tmp_path / "ladder-bots" / "g").files == {
        "model": "m.npz"}
    assert _paths(mine.snapshot, tmp_path / "ladder-bots" / "g") == ["m.npz"]
    assert [(g.status, g.failures) for g in games] == [("done", [])]


def test_a_pinned_command_is_played_with_its_snapshot_alone(tmp_path: Path) -> None:
    """A pinned bot's spec names files in its snapshot alone, where it is played too: a word
    naming a file elsewhere (a local author who could not see it when pinning, an old
    database) is refused in one line, and the file never reaches the bot."""
    snap = tmp_path / "snap"
    snap.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("the operator's")
    spec = runs(f"{hostile(snap, 'pass')} {secret}", str(snap), tmp_path / "bots")
    rec = play_match("kit", 2, [spec, "random"], seed=1,
                     time_control=TimeControl(per_move=5.0), limits=LIMITS)
    assert [(f.seat, f.kind, f.detail) for f in rec.failures] == [
        (0, "forbidden", f"reset failed: {OUTSIDE}")]
    with pytest.raises(ArenaError, match="names a path outside"):
        pin(f"cmd:python3 -c pass {secret}x", tmp_path / "bots")  # no file: nowhere else
    ok = runs(hostile(snap, "pass"), str(snap), tmp_path / "bots")
    assert not play_match("kit", 2, [ok, "random"], seed=1, time_control=TimeControl(per_move=5.0),
                          limits=LIMITS).failures


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    s = Served(tmp_path_factory.mktemp("spec"), "--per-hour", "1000")
    resource.prlimit(s.proc.pid, resource.RLIMIT_AS, (SERVER_MEMORY, SERVER_MEMORY))
    yield s
    s.proc.terminate()
    s.proc.wait(10)


def test_the_server_refuses_a_parameter_given_twice_at_the_request(served: Served) -> None:
    archive = _tar({"m.npz": b"model", "bot.py": b"print(1)\n"})
    for spec in TWICE:
        r = served.post("eve", archive, display="twice", spec=spec)
        assert r.status_code == 400 and "is given twice" in r.json()["error"], r.text
    assert httpx.get(f"{served.url}/api/v1/ladders", timeout=10).status_code == 200
    assert served.proc.poll() is None and "twice" not in [e.name for e in served.entrants()]


def test_the_server_says_the_same_of_every_path_outside_an_upload(served: Served) -> None:
    archive = _tar({"m.npz": b"model", "bot.py": b"print(1)\n"})
    queued = [served.post("ann", archive, display="probe", spec=spec).json()
              for path in _probes(served.tmp) for spec in _forms(path)]
    said = set()
    remote = served.remote("ann")
    deadline = time.monotonic() + 60
    for q in queued:
        while (doc := remote.call("GET", f"/submissions/{q['id']}").json())["state"] in (
                "queued", "running"):
            assert time.monotonic() < deadline, doc
            time.sleep(0.05)
        said.add((doc["state"], doc["detail"]))
    assert said == {("refused", OUTSIDE)}
    assert served.proc.poll() is None and "probe" not in [e.name for e in served.entrants()]
