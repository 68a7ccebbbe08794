"""The CLI's remote side (`arena ladder submit/show/history/games --server URL`): the same
reads as harness/ladders/data.py's `Local`, over HTTP, and a submission packed as the
server wants it (the files harness/sandbox/submission.py reads for the spec, in a tar.gz)."""

from __future__ import annotations

import io
import os
import shlex
import stat
import tarfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from bots.spec import BotSpec
from harness.ladders.data import History, State, from_public
from harness.ladders.service import LadderError
from harness.sandbox import bundle, submission

#: where the token is kept when ARENA_TOKEN is not set (readable by its owner only)
TOKEN_FILE = Path("~/.config/arena/token")
#: seconds between two looks at a submission's status, and the most looks
POLL, POLLS = 0.5, 2400


def token(path: Path | None = None) -> str | None:
    """The author's token: ARENA_TOKEN, else the token file (refused when its group or
    others may read it)."""
    if os.environ.get("ARENA_TOKEN"):
        return os.environ["ARENA_TOKEN"].strip()
    file = (path or TOKEN_FILE).expanduser()
    try:
        fd = os.open(file, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        if path is not None:
            raise LadderError(f"no token file {file}") from None
        return None
    except OSError as e:
        raise LadderError(f"cannot read the token file {file}: {e.strerror}") from None
    with os.fdopen(fd) as f:
        if stat.S_IMODE(os.fstat(f.fileno()).st_mode) & 0o077:
            raise LadderError(f"the token file {file} may be read by others; "
                              f"`chmod 600 {file}` first (and renew the token if they did)")
        return f.read().strip() or None


class Remote:
    """A ladder server at `url`, as the author with `token` (None: anonymous reads)."""

    def __init__(self, url: str, token: str | None, timeout: float = 60.0) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.url = url.rstrip("/")
        self.http = httpx.Client(base_url=f"{self.url}/api/v1", headers=headers,
                                 timeout=timeout)

    def call(self, method: str, path: str, **kw: Any) -> httpx.Response:
        """One request; a refusal or an unreachable server raises LadderError."""
        try:
            r = self.http.request(method, path, **kw)
        except httpx.HTTPError as e:
            raise LadderError(f"cannot reach the ladder server {self.url}: {e}") from None
        if r.status_code >= 400:
            try:
                why = r.json()["error"]
            except (ValueError, KeyError, TypeError):
                why = f"HTTP {r.status_code}"
            raise LadderError(f"the server refused: {why}")
        return r

    def state(self, name: str) -> State:
        return from_public(self.call("GET", f"/ladders/{name}/state").json())

    def history(self, name: str) -> tuple[State, History]:
        doc = self.call("GET", f"/ladders/{name}/history").json()
        return from_public(doc), [tuple(h) for h in doc["history"]]  # type: ignore[misc]

    def record(self, name: str, idx: int) -> bytes | None:
        return self.call("GET", f"/ladders/{name}/games/{idx}").content

    def standings(self, name: str, all_versions: bool) -> Any:
        return self.call("GET", f"/ladders/{name}", params={"all": int(all_versions)}).json()

    def submit(self, name: str, spec: str, display: str) -> dict[str, Any]:
        """Pack and upload the bot; the queued submission ({"id", "status"})."""
        sent, archive = pack(spec)
        return self.call("POST", f"/ladders/{name}/bots", params={"as": display, "spec": sent},
                         content=archive).json()

    def wait(self, queued: dict[str, Any], say: Callable[[str], None]) -> dict[str, Any]:
        """Follow a submission until it is registered or refused, telling `say` what it
        is doing."""
        shown = ""
        for _ in range(POLLS):
            doc = self.call("GET", f"/submissions/{queued['id']}").json()
            if doc["state"] in ("registered", "refused"):
                return doc
            if doc["detail"] != shown:
                shown = doc["detail"]
                say(shown)
            time.sleep(POLL)
        raise LadderError(f"submission {queued['id']} is still {shown or 'queued'}; "
                          f"look again later: {self.url}{queued['status']}")


def pack(spec: str) -> tuple[str, bytes]:
    """The spec as the server reads it (its files named as in the archive, relative to the
    bot's folder as harness/sandbox/bundle.py lays them out everywhere; its runtime by
    name: the server runs its own) and a tar.gz of the bot's files; no archive for the
    project's own bots."""
    bot = BotSpec.parse(spec.strip())
    got = bundle.gather(bot, runtimes=submission.RUNTIME_FOLDERS)
    if not got.files:
        return spec.strip(), b""
    sent = got.spec
    if bot.kind_of.brings == "command":
        argv = sent.argv
        if not argv[0].startswith("./"):  # the runtime, not one of the bot's files
            argv[0] = os.path.basename(argv[0])
        sent = sent.replace(target=shlex.join(argv))
    return sent.name, _tar(list(got.files))


def _tar(files: list[tuple[str, submission.File]]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tf:
        for name, f in files:
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(f.data), f.mode
            tf.addfile(info, io.BytesIO(f.data))
    return buf.getvalue()
