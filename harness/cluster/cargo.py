"""What a driver sends with its games besides their specs: the files of the bots it plays
(read from where a person named them, or kept in a ladder's store) and the plug-in game
modules that are not installed everywhere, each by content (harness/sandbox/bundle.py), so
that a machine that sees none of the driver's disk plays them the same way."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable

from bots.spec import BotSpec
from harness.cluster.node import Shipped
from harness.sandbox import bundle, submission
from harness.sandbox.bundle import BlobStore, Manifest


class Cargo:
    """The files a driver ships, by hash: gathered into memory (`bot`, `modules`), or read
    from `store` (a ladder's bot files) when asked for (`blob`)."""

    def __init__(self, store: BlobStore | None = None) -> None:
        self.store = store
        self.held: dict[str, bytes] = {}

    def bot(self, spec: BotSpec) -> BotSpec:
        """`spec` as it travels: the files it names read now (as a submission) and held,
        the spec naming them in its folder, with its manifest; a spec without files, or
        already pinned, as it is."""
        if spec.root is not None:
            return spec
        got = bundle.gather(spec, runtimes=(*submission.RUNTIME_FOLDERS,
                                          os.path.realpath(sys.executable)))
        if not got.files:
            return spec
        shipped, blobs = bundle.shipped(got)
        self.held.update(blobs)
        return shipped

    def modules(self, names: Iterable[str]) -> tuple[Shipped, ...]:
        """The plug-in modules among `names` that are not installed everywhere (not this
        project's, not the interpreter's packages), each its top-level module's files."""
        out = []
        for name in names:
            top = name.split(".")[0]
            where = submission.module_path(top, None)
            if where is None or bundle.installed(where):
                continue
            made, blobs = Manifest.of(submission.read_module(where))
            self.held.update(blobs)
            out.append(Shipped(name, made.entries))
        return tuple(out)

    def blob(self, digest: str) -> bytes:
        """A file's content by its hash (checked, when read from the store)."""
        if digest in self.held:
            return self.held[digest]
        if self.store is None:
            raise bundle.BlobError(f"bot file {digest[:12]} is not held here")
        return self.store.read(digest)
