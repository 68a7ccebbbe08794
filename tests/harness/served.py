"""A real `arena ladder serve` process on 127.0.0.1 (a free port) over a fresh database
with ladder `kl` (the kit game) and some authors, for the server's tests; optionally with
its memory capped (address space, and thread stacks so that threads do not eat the cap),
so that a regression fails the test rather than the machine."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import httpx

from harness.ladders import service
from harness.server import auth
from harness.server.client import Remote
from harness.storage import ladders as ls
from harness.storage.database import Store
from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
BOT = (ROOT / "examples" / "first_legal_bot.py").read_text()
AUTHORS = ("ann", "bob", "eve")

#: runs argv[2:] with the address space capped at argv[1] bytes, thread stacks at 2 MiB
CAPPED = """
import os, resource, sys
cap = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
resource.setrlimit(resource.RLIMIT_STACK, (2 << 20, 2 << 20))
os.execv(sys.executable, [sys.executable, *sys.argv[2:]])
"""


def arena(*args: str, env: dict[str, str] | None = None) -> str:
    return subprocess.run([sys.executable, "-m", "harness.cli", *args], check=True,
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}).stdout


class Served:
    def __init__(self, tmp: Path, *serve_args: str, authors: tuple[str, ...] = AUTHORS,
                 memory: int | None = None) -> None:
        self.tmp, self.db = tmp, tmp / "db.sqlite"
        self.args, self.memory = serve_args, memory
        with Store(self.db) as store:  # as `arena ladder create kl --game kit ...`
            service.create(store, "kl", ls.LadderSpec(game="kit", modules=("tests.kitgame",)),
                           "ann")
            self.tokens = {who: auth.add(store, who) for who in authors}
        self.url = f"http://127.0.0.1:{free_port()}"
        self.start()

    def start(self) -> None:
        serve = ["-m", "harness.cli", "ladder", "serve", "--db", str(self.db),
                 "--port", self.url.rsplit(":", 1)[1], *self.args]
        argv = ([sys.executable, "-c", CAPPED, str(self.memory), *serve] if self.memory
                else [sys.executable, *serve])
        self.proc = subprocess.Popen(
            argv, cwd=ROOT, stdout=subprocess.DEVNULL,
            stderr=open(self.tmp / "server.log", "ab"),  # noqa: SIM115
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        for _ in range(300):
            try:
                httpx.get(f"{self.url}/api/v1/ladders", timeout=1)
                return
            except httpx.HTTPError:
                assert self.proc.poll() is None, self.log()
                time.sleep(0.05)
        raise AssertionError("the server did not start")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)

    def log(self) -> str:
        return (self.tmp / "server.log").read_text(errors="replace")

    def remote(self, who: str | None) -> Remote:
        return Remote(self.url, self.tokens[who] if who else None)

    def post(self, who: str, data: bytes, display: str = "x",
             spec: str = "cmd:python3 bot.py", ladder: str = "kl") -> httpx.Response:
        return httpx.post(f"{self.url}/api/v1/ladders/{ladder}/bots", content=data,
                          params={"as": display, "spec": spec}, timeout=30,
                          headers={"Authorization": f"Bearer {self.tokens[who]}"})

    def entrants(self) -> list[ls.Entrant]:
        with Store(self.db, read_only=True) as store:
            return ls.entrants(store, ls.ladder(store, "kl").id)


def bot(folder: Path, comment: str, stderr: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    say = f"import sys\nprint({stderr!r}, file=sys.stderr, flush=True)\n" if stderr else ""
    (folder / "bot.py").write_text(f"# {comment}\n{say}{BOT}")
    return folder


def submit(s: Served, who: str, folder: Path, display: str) -> dict[str, object]:
    remote = s.remote(who)
    queued = remote.submit("kl", f"cmd:python3 {folder / 'bot.py'}", display)
    return remote.wait(queued, lambda _: None)


def tar(files: dict[str, bytes], kinds: dict[str, bytes] | None = None,
        mode: str = "w:gz") -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode) as tf:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
        for name, kind in (kinds or {}).items():
            info = tarfile.TarInfo(name)
            info.type = kind
            info.linkname = "/etc/passwd" if kind in (tarfile.SYMTYPE, tarfile.LNKTYPE) else ""
            tf.addfile(info)
    return buf.getvalue()
