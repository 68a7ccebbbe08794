"""A bot spec, read once into one value (`BotSpec`) that every reader uses: the factory,
entrant checks, pinning, the sandbox, the ladder and its server.

    [label=]kind[:target][:name=value,...][#copy]

`target` is what the kind's declaration (bots/registry.py, `Kind.target`) says follows
`kind:`: a game id (`heuristic:huang`), `module:attribute` (`python:my_bot:MyBot`), an
OpenSpiel variant (`openspiel:ismcts`) or a command line (`cmd:node bot.js`, which takes
no parameters). Refused in one line (BotSpecError): an unknown kind, a target of the wrong
form, a parameter given twice or not of the form name=value, and a parameter the kind does
not take (for kinds that declare theirs; the others' constructors refuse it). A value is
typed once: true/false, an integer, a number, else text.
"""

from __future__ import annotations

import importlib
import os
import re
import shlex
import sys
import unicodedata
from typing import TYPE_CHECKING, Any

import msgspec

from engine.common.untrusted import NAME_MAX, check_name, visible
from engine.protocol import ArenaError

if TYPE_CHECKING:
    from bots.registry import Kind


class BotSpecError(ArenaError, ValueError):
    """A bot spec that cannot be turned into a bot."""


Value = bool | int | float | str
#: `spec#n`: copy n of a bot that enters a tournament more than once
_COPY = re.compile(r"#(\d+)$")
#: `label=spec`: an entrant named by a person (`mine=cmd:node bot.js`); a label is a valid
#: name (engine.common.untrusted.check_name) without ':' or '=', so a spec's own `k=v`
#: parameters (after its kind and ':') are never one
_LABEL = re.compile(r"^([^:=]+)=(?=\S)")
#: `module:attribute` targets: a dotted module path and a name, nothing a path could be
_MODULE = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")
_ATTRIBUTE = re.compile(r"[A-Za-z_]\w*")


def typed(text: str) -> Value:
    """A parameter's value: `true`/`false`, an int, a float, else the text itself."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def pairs(text: str) -> tuple[tuple[str, str], ...]:
    """`iters=200,c=1.4` -> (("iters", "200"), ("c", "1.4")), as written; a piece without
    `=`, an empty name or a name given twice is a BotSpecError."""
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, eq, value = (s.strip() for s in part.partition("="))
        if not eq or not name:
            raise BotSpecError(f"bot parameter {part!r} is not of the form key=value")
        if name in out:
            raise BotSpecError(f"bot parameter {name!r} is given twice; give each parameter "
                               "once")
        out[name] = value
    return tuple(out.items())


def parse_params(text: str) -> dict[str, Value]:
    """`iters=2000,c=1.4,rollout=random` -> typed dict (int, float, bool or str)."""
    return {k: typed(v) for k, v in pairs(text)}


def command_argv(kind: str, line: str) -> list[str]:
    """The words of a command line (`cmd:` specs), shell-quoted as POSIX shells quote."""
    try:
        argv = shlex.split(line)
    except ValueError as e:
        raise BotSpecError(f"{kind}: cannot parse the command line ({e})") from None
    if not argv:
        raise BotSpecError(f"{kind}: needs a command line, e.g. {kind}:./my_bot.sh")
    return argv


# -- the outer layer: labels and copy numbers (names of entrants) ------------------------

def split_label(name: str) -> tuple[str | None, str]:
    """(label, the rest) of an entrant name: `mine=cmd:node bot.js` -> ('mine', 'cmd:...');
    (None, name) without a label."""
    m = _LABEL.match(name.strip())
    if m is None:
        return None, name.strip()
    try:  # only a name a person may choose is a label: `[link=...]` is not one
        check_name(m.group(1))
    except ValueError:
        return None, name.strip()
    return m.group(1), name.strip()[m.end():]


def check_label(name: str) -> None:
    """ValueError (one line) when `name` starts like `label=spec` with a label that is not
    a valid name (`[b]=random`)."""
    m = _LABEL.match(name.strip())
    if m is not None:
        check_name(m.group(1), "entrant label")


def label_of(name: str) -> str:
    """`name` made fit to be a label (`label=spec`, a valid name): what a name may not hold
    (':', '=', markup brackets, control characters) becomes '-', and it is cut to length."""
    out = "".join(c if c.isprintable() and c not in ":=[]\\" else "-"
                  for c in unicodedata.normalize("NFC", name))
    return out.strip()[:NAME_MAX].strip() or "-"


def display_name(name: str) -> str:
    """What people read for an entrant: its label if it has one (`mine`, a ladder's
    `jsbot v2`), else its name (the spec, with a copy number)."""
    label, rest = split_label(name)
    if label is None:
        return name.strip()
    copy = _COPY.search(rest)
    return label + (copy.group(0) if copy else "")


def name_copies(specs: list[str] | tuple[str, ...]) -> list[str]:
    """Entrant names for `specs`: a spec given k > 1 times becomes `spec#1` ... `spec#k`."""
    total = {s: sum(1 for t in specs if t == s) for s in specs}
    seen: dict[str, int] = {}
    out = []
    for s in specs:
        seen[s] = seen.get(s, 0) + 1
        out.append(f"{s}#{seen[s]}" if total[s] > 1 else s)
    return out


# -- the value ------------------------------------------------------------------------------

class BotSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One bot spec, read: its kind, target, parameters (as written, each name once), copy
    number and label; `root` is the bot's folder for a pinned or shipped bot (the spec
    names files there and nowhere else, relative to it; "" for one without files), None
    for a spec a person gives, whose files are looked for where the spec says; `manifest`
    lists the files of that folder as (path under it, sha256, mode), so that they can be
    sent to another machine and laid out there the same way
    (harness/sandbox/bundle.py). Neither is ever read from text: only the code that pinned
    or shipped the bot sets them."""

    kind: str
    target: str = ""
    args: tuple[tuple[str, str], ...] = ()
    copy: int | None = None
    label: str | None = None
    root: str | None = None
    manifest: tuple[tuple[str, str, int], ...] = ()

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read `text` (BotSpecError with one line if it cannot be)."""
        if not isinstance(text, str) or not text.strip():
            raise BotSpecError(f"empty bot spec {text!r}")
        label, rest = split_label(text)
        copy = _COPY.search(rest)
        if copy is not None:
            rest = rest[:copy.start()]
        name, _, rest = rest.strip().partition(":")
        from bots.registry import kind_named

        kind = kind_named(name)
        target, params = _target(kind, rest)
        try:
            args = pairs(params)
        except BotSpecError as e:
            raise BotSpecError(f"bot spec {visible(text.strip())!r}: {e}") from None
        known = kind.params() if kind.params is not None else None
        if known is not None:
            if args and not known:
                raise BotSpecError(f"the {name} bot takes no parameters")
            for k, _ in args:
                if k not in known:
                    raise BotSpecError(f"bad parameters in bot spec {visible(text.strip())!r}: "
                                       f"{name} has no parameter {k!r}; parameters: "
                                       f"{', '.join(known)}")
        return cls(kind=name, target=target, args=args,
                   copy=int(copy.group(1)) if copy else None, label=label)

    @classmethod
    def read(cls, spec: str | BotSpec) -> BotSpec:
        """`spec` itself, or read from text."""
        return spec if isinstance(spec, BotSpec) else cls.parse(spec)

    # -- what it says ---------------------------------------------------------------------

    @property
    def kind_of(self) -> Kind:
        """The kind's declaration (bots/registry.py)."""
        from bots.registry import kind_named

        return kind_named(self.kind)

    @property
    def params(self) -> dict[str, Value]:
        """The parameters, typed (a fresh dict: the spec stays as it is)."""
        return {k: typed(v) for k, v in self.args}

    @property
    def game(self) -> str | None:
        """The one game a per-game kind's bot is made for (`heuristic:<game id>`)."""
        return self.target if self.kind_of.target == "game" else None

    @property
    def argv(self) -> list[str]:
        """A command kind's command line, in words."""
        return command_argv(self.kind, self.target)

    @property
    def entry(self) -> tuple[str, str]:
        """A module kind's module and attribute (`python:pkg.mod:Bot` -> `pkg.mod`, `Bot`)."""
        module, _, attribute = self.target.partition(":")
        return module, attribute

    @property
    def module(self) -> str:
        """A module kind's top-level module (`python:pkg.mod:Bot` -> `pkg`)."""
        return self.entry[0].split(".")[0]

    @property
    def files(self) -> dict[str, str]:
        """Parameter -> the file it names, for the kind's file parameters (`model`; a
        number there names no file: the bot's constructor says what it means)."""
        file_params = self.kind_of.file_params
        return {k: v for k, v in self.params.items() if k in file_params and isinstance(v, str)}

    @property
    def text(self) -> str:
        """The spec without label and copy number: `kind[:target][:k=v,...]`."""
        out = self.kind
        if self.kind_of.target and (self.target or self.args):
            out += f":{self.target}"
        if self.args:
            out += ":" + ",".join(f"{k}={v}" for k, v in self.args)
        return out

    @property
    def name(self) -> str:
        """The entrant name it was read from: label, spec and copy number."""
        return ((f"{self.label}=" if self.label else "") + self.text
                + (f"#{self.copy}" if self.copy is not None else ""))

    @property
    def display(self) -> str:
        """What people read (`display_name`): the label, else the spec; with the copy."""
        return (self.label or self.text) + (f"#{self.copy}" if self.copy is not None else "")

    def __str__(self) -> str:
        return self.name

    # -- new values -----------------------------------------------------------------------

    def with_param(self, name: str, value: str) -> BotSpec:
        """The spec with parameter `name` set to `value` (in its place, or added)."""
        args = tuple((k, value if k == name else v) for k, v in self.args)
        if name not in dict(self.args):
            args += ((name, value),)
        return msgspec.structs.replace(self, args=args)

    def replace(self, **changes: Any) -> BotSpec:
        """The spec with fields changed (`target=`, `label=`, `root=`...)."""
        return msgspec.structs.replace(self, **changes)

    def pinned(self, root: str) -> BotSpec:
        """The spec of a pinned bot whose files are in `root` ("" for none): a file
        parameter naming a file elsewhere (absolute, or through `..`) is a BotSpecError
        (a relative one is read in `root`; a command line's words are read among the
        files of `root` where it is played, harness/sandbox/isolate.py)."""
        for k, path in self.files.items():
            full = os.path.join(root, path) if root else ""
            rel = os.path.relpath(os.path.abspath(full), os.path.abspath(root)) if root else ".."
            if rel == ".." or rel.startswith("../"):
                raise BotSpecError(f"{self.kind}: {k}= names a file outside the bot's own files")
        return self.replace(root=root)

    def relocated(self, root: str) -> BotSpec:
        """A pinned or shipped spec whose folder is now `root` (its files laid out there):
        file parameters name the files under `root` by absolute path (the bot opens them
        from wherever it runs); command words naming files under the old root by absolute
        path (snapshots pinned before folders kept their structure) name them under
        `root`, relative ones stay relative (a program runs from its folder); a module
        kind's module is imported from `root` (`import_entry`)."""
        if self.root is None:
            raise BotSpecError("only a pinned bot's files can move")
        old = self.root

        def moved(path: str) -> str:
            if not os.path.isabs(path):
                return os.path.join(root, path)
            rel = os.path.relpath(path, old) if old else ".."
            return path if rel == ".." or rel.startswith("../") else os.path.join(root, rel)

        spec = self
        if self.kind_of.program:
            words = [moved(w) if os.path.isabs(w) else w for w in self.argv]
            spec = spec.replace(target=shlex.join(words))
        for k, path in self.files.items():
            spec = spec.with_param(k, moved(path))
        return spec.pinned(root)

    def import_entry(self) -> Any:
        """A module kind's attribute, its module imported: from the bot's own folder when
        it has one (first on the path; a module of that name imported from elsewhere
        before is dropped, so this bot's own runs), else from the path and the current
        folder. ImportError or AttributeError when it is not there."""
        module, attribute = self.entry
        if self.root:
            prefer_folder(self.root, self.module)
        elif os.getcwd() not in sys.path:  # `python:my_bot:MyBot` from the bot's own folder
            sys.path.append(os.getcwd())
        return getattr(importlib.import_module(module), attribute)


def prefer_folder(folder: str, top: str) -> None:
    """Import top-level module `top` from `folder` from now on: `folder` first on the path,
    and a module of that name (with its submodules) imported from elsewhere dropped."""
    here = os.path.realpath(folder)
    loaded = sys.modules.get(top)
    where = os.path.realpath(getattr(loaded, "__file__", None) or "/")
    if loaded is not None and not where.startswith(here + os.sep):
        for name in [n for n in sys.modules if n == top or n.startswith(top + ".")]:
            del sys.modules[name]
    if here in sys.path:
        sys.path.remove(here)
    sys.path.insert(0, here)
    importlib.invalidate_caches()


def _target(kind: Kind, rest: str) -> tuple[str, str]:
    """(target, parameter text) of what follows `kind:`, as the kind declares."""
    form = f"{kind.name} bots are named {kind.form}"
    if kind.target == "command":
        command_argv(kind.name, rest)
        return rest, ""
    if kind.target in ("game", "variant"):
        target, _, params = rest.partition(":")
        if kind.target == "game" and not target.strip():
            raise BotSpecError(form)
        return target.strip(), params
    if kind.target == "module":
        parts = rest.split(":")
        if len(parts) < 2 or not _MODULE.fullmatch(parts[0].strip()) \
                or not _ATTRIBUTE.fullmatch(parts[1].strip()):
            raise BotSpecError(form)
        return f"{parts[0].strip()}:{parts[1].strip()}", ":".join(parts[2:])
    return "", rest
