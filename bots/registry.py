"""Bot kinds, each declared once with its properties (`Kind`), and the one factory that
turns a spec (bots/spec.py, `BotSpec`) into a bot (`make_bot`).

Kinds: `random`; `human` (a person at the terminal, bots/human.py); `heuristic:<game id>`;
`mcts[:k=v,...]`; `trained:<game id>[:k=v,...]` (MCTS with the value model trained for the
game, bots/trained.py); `python:package.module:Class[:k=v,...]`; `cmd:<command line>`
(`cmd-msgpack:` for MessagePack framing); `policy:module:function[:option=v,...]` (a policy
over numeric observations, bots/policy.py); `openspiel:mcts|ismcts[:k=v,...]` (OpenSpiel's
search bots, bots/openspiel_bot.py); or a name from the `arena.bots` entry-point group
(`name[:k=v,...]`), whose object is a Bot class or factory.

Trust is part of a kind's declaration, not a list beside it: the project's own kinds are
trusted (in-process even when bots are isolated); user code (`python:`, `policy:`) and
every plug-in kind are not (sandboxed with --isolate and on ladders: an installed package
is the operator's choice of software, not a promise about its bots); programs (`cmd:`) are
always sandboxed by the harness. `python:` modules are found on sys.path and in the current
directory. A bot module or constructor that raises gives a BotSpecError with the bot's own
error message (one line, no traceback).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import engine
from bots.base import Bot, RandomBot
from bots.spec import BotSpec, BotSpecError

__all__ = ["BotSpec", "BotSpecError", "Kind", "kind_named", "kinds", "make_bot"]

Factory = Callable[[BotSpec], Bot]


@dataclass(frozen=True)
class Kind:
    """What a bot kind is. `target`: what its specs name after `kind:` ("" nothing,
    "game" a game id: the bot plays that game only, "module" `module:attribute`, "variant",
    "command" a command line); `form`: how its specs are written; `params`: the parameter
    names it takes (None: its constructor decides); `file_params`: those that name a file
    it brings; `trusted`: the project's own code, in-process even when bots are isolated;
    `program`: an external program's framing (json, msgpack), always sandboxed by the
    harness; `terminal`: a person at this terminal (`arena play` only)."""

    name: str
    make: Factory
    target: str = ""
    form: str = ""
    params: Callable[[], Collection[str]] | None = None
    file_params: tuple[str, ...] = ()
    trusted: bool = False
    program: str = ""
    terminal: bool = False

    @property
    def brings(self) -> str:
        """The files its bots bring: "command" (the files its command line names), "module"
        (its top-level module), "files" (its file parameters' files) or "" (none)."""
        if self.program:
            return "command"
        return "module" if self.target == "module" else "files" if self.file_params else ""


_KINDS: dict[str, Kind] = {}


def _kind(name: str, **declared: Any) -> Callable[[Factory], Factory]:
    def deco(make: Factory) -> Factory:
        _KINDS[name] = Kind(name, make, **declared)
        return make

    return deco


def _none() -> tuple[str, ...]:
    return ()


def _search() -> tuple[str, ...]:
    from bots.search_params import names

    return names()


def kinds() -> list[str]:
    """Every kind's name: the built-in ones, then the installed plug-ins'."""
    return sorted(_KINDS) + sorted(ep.name for ep in entry_points(group="arena.bots")
                                   if ep.name not in _KINDS)


def kind_named(name: str) -> Kind:
    """The kind `name` (a built-in one, else an `arena.bots` plug-in: untrusted)."""
    if name in _KINDS:
        return _KINDS[name]
    for ep in entry_points(group="arena.bots"):
        if ep.name == name:
            return Kind(name, _plugin(ep), form=f"{name}[:k=v,...]")
    raise BotSpecError(f"unknown bot {name!r}; known kinds: {', '.join(kinds())}")


def make_bot(spec: str | BotSpec, sandbox: Callable[[BotSpec], Bot] | None = None) -> Bot:
    """The one factory: a fresh bot for `spec`, in-process; when a `sandbox` is given and
    the kind is not trusted, the bot `sandbox` makes of it (harness/sandbox/isolate.py's)."""
    spec = BotSpec.read(spec)
    kind = spec.kind_of
    if sandbox is not None and not kind.trusted:
        return sandbox(spec)
    try:
        return kind.make(spec)
    except BotSpecError:
        raise
    except (TypeError, ValueError, ArithmeticError) as e:  # a value it refuses: bad input
        raise BotSpecError(f"bad parameters in bot spec {spec.text!r}: {e}") from None


def _failure(e: BaseException) -> str:
    """An exception as one line: `Type: first line of its message`."""
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0]}" if text else type(e).__name__


def _construct(factory: Callable[..., Bot], params: dict[str, Any], what: str) -> Bot:
    """`factory(**params)`; a bad parameter stays a TypeError, any other error of the bot's
    own code becomes one clear BotSpecError."""
    try:
        return factory(**params)
    except TypeError:
        raise
    except Exception as e:
        raise BotSpecError(f"bot {what} failed to start: {_failure(e)}") from None


def _plugin(ep: EntryPoint) -> Factory:
    def make(spec: BotSpec) -> Bot:
        try:
            factory = ep.load()
        except Exception as e:
            raise BotSpecError(f"cannot load bot {spec.kind!r}: {_failure(e)}") from None
        return _construct(factory, spec.params, spec.kind)

    return make


@_kind("random", trusted=True, params=_none)
def _random(spec: BotSpec) -> Bot:
    return RandomBot()


@_kind("human", trusted=True, params=_none, terminal=True)
def _human(spec: BotSpec) -> Bot:
    from bots.human import HumanBot

    return HumanBot()


@_kind("heuristic", trusted=True, target="game", form="heuristic:<game id>[:k=v,...]")
def _heuristic(spec: BotSpec) -> Bot:
    from bots.heuristic import NoRuleBasedBot, rule_based_bot

    try:
        return rule_based_bot(spec.target, **spec.params)
    except (NoRuleBasedBot, engine.UnknownGameError):
        raise BotSpecError(f"no heuristic bot for game {spec.target!r}") from None


@_kind("mcts", trusted=True, params=_search, file_params=("model",),
       form="mcts[:k=v,...]")
def _mcts(spec: BotSpec) -> Bot:
    try:
        mod = importlib.import_module("bots.mcts")
    except ModuleNotFoundError:
        raise BotSpecError("the mcts bot is not available in this build") from None
    return mod.MCTSBot(**spec.params)


@_kind("trained", trusted=True, target="game", params=_search,
       form="trained:<game id>[:k=v,...]")
def _trained(spec: BotSpec) -> Bot:
    from bots.trained import trained_bot

    return trained_bot(spec.target, spec.params)


@_kind("openspiel", trusted=True, target="variant", form="openspiel:mcts|ismcts[:k=v,...]")
def _openspiel(spec: BotSpec) -> Bot:
    try:
        from bots.openspiel_bot import OpenSpielBot

        return OpenSpielBot(spec.target or "mcts", **spec.params)
    except (ImportError, ValueError) as e:
        raise BotSpecError(f"cannot make openspiel bot {spec.text!r}: {_failure(e)}") from None


@_kind("python", target="module", form="python:package.module:Class[:k=v,...]")
def _python(spec: BotSpec) -> Bot:
    module, cls_name = spec.entry
    try:
        cls = spec.import_entry()
    except (ImportError, AttributeError) as e:
        raise BotSpecError(f"cannot load bot {module}:{cls_name}: {e}") from None
    except Exception as e:  # the bot's module itself raised
        raise BotSpecError(f"cannot load bot {module}:{cls_name}: its module raised "
                           f"{_failure(e)}") from None
    return _construct(cls, spec.params, spec.target)


@_kind("policy", target="module", form="policy:module:function[:option=value,...]")
def _policy(spec: BotSpec) -> Bot:
    from bots.policy import PolicyBot

    try:
        fn = spec.import_entry()
        if not callable(fn):
            raise TypeError(f"{spec.target} is not callable")
        return PolicyBot(fn, name=f"policy:{spec.target}", **spec.params)
    except (ImportError, AttributeError, TypeError, ValueError) as e:
        raise BotSpecError(f"cannot load policy {spec.target!r}: {_failure(e)}") from None


@_kind("cmd", target="command", program="json", form="cmd:<command line>")
@_kind("cmd-msgpack", target="command", program="msgpack", form="cmd-msgpack:<command line>")
def _cmd(spec: BotSpec) -> Bot:
    try:
        mod = importlib.import_module("bots.external")
    except ModuleNotFoundError:
        raise BotSpecError("external (cmd:) bots are not available in this build") from None
    return mod.ExternalBot(spec.target, framing=spec.kind_of.program)
