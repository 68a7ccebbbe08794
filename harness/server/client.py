"""The CLI's remote side (`--server URL` of `arena ladder submit/show/history/games/retire/
reactivate/delete/status/token/info` and `arena ladders`): the same reads as
harness/ladders/data.py's `Local`, over HTTP, an author's requests (harness/server/app.py's
routes), and a submission packed as the server wants it (the files
harness/sandbox/submission.py reads for the spec, in a tar.gz)."""

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
from urllib.parse import quote

import httpx

from bots.external import missing_file
from bots.spec import BotSpec, BotSpecError
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


#: the API's root under a server's URL (`arena ladder serve` prints the URL with it)
API = "/api/v1"


def base_url(url: str) -> str:
    """A server's URL as given (`http://host:8765`, with or without a final `/` or the
    API's root, as `arena ladder serve` prints it), without them; LadderError when it is no
    http(s) URL."""
    url = url.strip().rstrip("/")
    if url.endswith(API):
        url = url[:-len(API)].rstrip("/")
    if not url.startswith(("http://", "https://")) or len(url.split("//", 1)[1]) == 0:
        raise LadderError(f"--server {url!r} is not a server's URL (http://HOST:PORT or "
                          "https://HOST, as `arena ladder serve` prints it)")
    return url


class Remote:
    """A ladder server at `url`, as the author with `token` (None: anonymous reads)."""

    def __init__(self, url: str, token: str | None, timeout: float = 60.0) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.url = base_url(url)
        self.http = httpx.Client(base_url=f"{self.url}{API}", headers=headers,
                                 timeout=timeout)

    def call(self, method: str, path: str, **kw: Any) -> httpx.Response:
        """One request; a refusal (its one line: a rate limit's says when to come back) or
        an unreachable server raises LadderError."""
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
        return from_public(self.call("GET", f"/ladders/{_q(name)}/state").json())

    def history(self, name: str) -> tuple[State, History]:
        doc = self.call("GET", f"/ladders/{_q(name)}/history").json()
        return from_public(doc), [tuple(h) for h in doc["history"]]  # type: ignore[misc]

    def record(self, name: str, idx: int) -> bytes | None:
        return self.call("GET", f"/ladders/{_q(name)}/games/{idx}").content

    def standings(self, name: str, all_versions: bool) -> Any:
        return self.call("GET", f"/ladders/{_q(name)}", params={"all": int(all_versions)}).json()

    def ladders(self) -> list[dict[str, Any]]:
        return self.call("GET", "/ladders").json()  # type: ignore[no-any-return]

    def platform(self) -> dict[str, Any]:
        return self.call("GET", "/platform").json()  # type: ignore[no-any-return]

    def submit(self, name: str, spec: str, display: str) -> dict[str, Any]:
        """Pack the bot, ask whether the server takes it (name, limits: refused before a
        byte is uploaded), then upload it; the queued submission ({"id", "status"})."""
        sent, archive = pack(spec)
        params = {"as": display, "spec": sent}
        self.call("GET", f"/ladders/{_q(name)}/admission", params=params)
        return self.call("POST", f"/ladders/{_q(name)}/bots", params=params,
                         content=archive).json()  # type: ignore[no-any-return]

    def submission(self, jid: int) -> dict[str, Any]:
        return self.call("GET", f"/submissions/{jid}").json()  # type: ignore[no-any-return]

    def submissions(self, limit: int) -> list[dict[str, Any]]:
        return self.call("GET", "/submissions",  # type: ignore[no-any-return]
                         params={"limit": limit}).json()

    def wait(self, queued: dict[str, Any], say: Callable[[str], None]) -> dict[str, Any]:
        """Follow a submission until it is registered or refused, telling `say` what it
        is doing: the start of each smoke game (every one, however briefly it showed) and
        what it does now, as a local submission tells it."""
        shown, told = "", 0
        for _ in range(POLLS):
            doc = self.submission(queued["id"])
            started = (doc.get("result") or {}).get("started") or []
            for line in started[told:]:
                say(str(line))
            told = max(told, len(started))
            if doc["state"] in ("registered", "refused"):
                return doc
            if doc["detail"] != shown:
                shown = doc["detail"]
                if shown not in started:
                    say(shown)
            time.sleep(POLL)
        raise LadderError(f"submission {queued['id']} is still {shown or 'queued'}; "
                          f"`arena ladder status {queued['id']} --server {self.url}` "
                          "shows it later")

    def manage(self, act: str, name: str, bot: str, version: int | None = None,
               dry_run: bool = False) -> dict[str, Any]:
        """Retire, reactivate or delete your bot `bot` on ladder `name` (`dry_run`: what a
        deletion would remove, refused as it would be, nothing removed)."""
        params: dict[str, Any] = {"bot": bot}
        if version is not None:
            params["version"] = version
        if dry_run:
            params["dry_run"] = 1
        if act == "delete":
            return self.call("delete", f"/ladders/{_q(name)}/bots",  # type: ignore[no-any-return]
                             params=params).json()
        return self.call("POST", f"/ladders/{_q(name)}/bots/{act}",  # type: ignore[no-any-return]
                         params=params).json()

    def token(self, act: str) -> dict[str, Any]:
        """Renew or revoke your own token."""
        return self.call("POST", f"/token/{act}").json()  # type: ignore[no-any-return]


def _q(name: str) -> str:
    """A ladder's name as one segment of a URL's path."""
    return quote(name, safe="")


def pack(spec: str) -> tuple[str, bytes]:
    """The spec as the server reads it (its files named as in the archive, relative to the
    bot's folder as harness/sandbox/bundle.py lays them out everywhere; its runtime by
    name: the server runs its own) and a tar.gz of the bot's files; no archive for the
    project's own bots."""
    bot = BotSpec.parse(spec.strip())
    if bot.kind_of.brings == "command" and (problem := missing_file(bot.argv)) is not None:
        raise BotSpecError(problem)  # here, not after the upload
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
