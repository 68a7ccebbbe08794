"""Bot specs -> bots.

Spec forms: `random`; `human` (a person at the terminal, bots/human.py);
`heuristic:<game id>`; `mcts[:k=v,...]`; `trained:<game id>[:k=v,...]` (MCTS with the
value model trained for the game, bots/trained.py);
`python:package.module:Class[:k=v,...]`; `cmd:<command line>` (`cmd-msgpack:` for
MessagePack framing); `policy:module:function[:option=v,...]` (a policy over numeric
observations, bots/policy.py); `openspiel:mcts|ismcts[:k=v,...]` (OpenSpiel's search bots,
bots/openspiel_bot.py); or a name from the
`arena.bots` entry-point group (`name[:k=v,...]`), whose object is a Bot class or factory.

A spec may end in `#<n>` to name one of several copies of the same bot in a tournament
(`random#1`, `random#2`); the copy number is not part of the bot. `python:` modules are
found on sys.path and in the current directory. A bot module or constructor that raises
gives a BotSpecError with the bot's own error message (one line, no traceback).
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import unicodedata
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

import engine
from bots.base import Bot, RandomBot
from engine.common.untrusted import NAME_MAX, check_name
from engine.protocol import ArenaError


class BotSpecError(ArenaError, ValueError):
    """A bot spec that cannot be turned into a bot."""


Factory = Callable[[str], Bot]
#: `spec#n`: copy n of a bot that enters a tournament more than once
_COPY = re.compile(r"#\d+$")
#: `label=spec`: an entrant named by a person (`mine=cmd:node bot.js`); a label is a valid
#: name (engine.common.untrusted.check_name) without ':' or '=', so a spec's own `k=v`
#: parameters (after its kind and ':') are never one
_LABEL = re.compile(r"^([^:=]+)=(?=\S)")


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


def base_spec(name: str) -> str:
    """The bot spec of an entrant name: `random#2` -> `random`, `mine=cmd:./b` -> `cmd:./b`
    (other names unchanged)."""
    return _COPY.sub("", split_label(name)[1])


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


def needs_terminal(spec: str) -> bool:
    """True for a bot that is a person at this terminal (`human`): it cannot play on Ray
    workers, so tournaments and ladders refuse it."""
    return base_spec(spec).strip().partition(":")[0] == "human"


def spec_game(spec: str) -> str | None:
    """The one game a spec's bot is made for (`heuristic:<game id>`, `trained:<game id>`),
    else None."""
    kind, _, rest = base_spec(spec).partition(":")
    return rest.partition(":")[0] or None if kind in ("heuristic", "trained") else None


def _failure(e: BaseException) -> str:
    """An exception as one line: `Type: first line of its message`."""
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0]}" if text else type(e).__name__
_BUILTIN: dict[str, Factory] = {}


def builtin(kind: str) -> Callable[[Factory], Factory]:
    def deco(f: Factory) -> Factory:
        _BUILTIN[kind] = f
        return f

    return deco


def parse_params(text: str) -> dict[str, Any]:
    """`iters=2000,c=1.4,rollout=random` -> typed dict (int, float, bool or str)."""
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        if "=" not in part:
            raise BotSpecError(f"bot parameter {part!r} is not of the form key=value")
        k, v = (s.strip() for s in part.split("=", 1))
        out[k] = _typed(v)
    return out


def _typed(v: str) -> Any:
    low = v.lower()
    if low in ("true", "false"):
        return low == "true"
    for conv in (int, float):
        try:
            return conv(v)
        except ValueError:
            pass
    return v


@builtin("random")
def _random(rest: str) -> Bot:
    if rest:
        raise BotSpecError("the random bot takes no parameters")
    return RandomBot()


@builtin("human")
def _human(rest: str) -> Bot:
    if rest:
        raise BotSpecError("the human bot takes no parameters")
    from bots.human import HumanBot

    return HumanBot()


@builtin("heuristic")
def _heuristic(rest: str) -> Bot:
    game_id, _, params = rest.partition(":")
    if not game_id:
        raise BotSpecError("heuristic bots are named heuristic:<game id>")
    from bots.heuristic import NoRuleBasedBot, rule_based_bot

    try:
        return rule_based_bot(game_id, **parse_params(params))
    except (NoRuleBasedBot, engine.UnknownGameError):
        raise BotSpecError(f"no heuristic bot for game {game_id!r}") from None


@builtin("mcts")
def _mcts(rest: str) -> Bot:
    try:
        mod = importlib.import_module("bots.mcts")
    except ModuleNotFoundError:
        raise BotSpecError("the mcts bot is not available in this build") from None
    return mod.MCTSBot(**parse_params(rest))


@builtin("trained")
def _trained(rest: str) -> Bot:
    game_id, _, params = rest.partition(":")
    if not game_id:
        raise BotSpecError("trained bots are named trained:<game id>[:k=v,...]")
    from bots.trained import trained_bot

    return trained_bot(game_id, params)


@builtin("python")
def _python(rest: str) -> Bot:
    parts = rest.split(":")
    if len(parts) < 2 or not parts[0] or not parts[1]:
        raise BotSpecError("python bots are named python:package.module:Class[:k=v,...]")
    module, cls_name, params = parts[0], parts[1], ":".join(parts[2:])
    if os.getcwd() not in sys.path:  # `python:my_bot:MyBot` from the bot's own folder
        sys.path.append(os.getcwd())
    try:
        cls = getattr(importlib.import_module(module), cls_name)
    except (ImportError, AttributeError) as e:
        raise BotSpecError(f"cannot load bot {module}:{cls_name}: {e}") from None
    except Exception as e:  # the bot's module itself raised
        raise BotSpecError(f"cannot load bot {module}:{cls_name}: its module raised "
                           f"{_failure(e)}") from None
    return _construct(cls, parse_params(params), f"{module}:{cls_name}")


def _construct(factory: Callable[..., Bot], params: dict[str, Any], what: str) -> Bot:
    """`factory(**params)`; a bad parameter stays a TypeError, any other error of the bot's
    own code becomes one clear BotSpecError."""
    try:
        return factory(**params)
    except TypeError:
        raise
    except Exception as e:
        raise BotSpecError(f"bot {what} failed to start: {_failure(e)}") from None


@builtin("cmd")
def _cmd(rest: str) -> Bot:
    try:
        mod = importlib.import_module("bots.external")
    except ModuleNotFoundError:
        raise BotSpecError("external (cmd:) bots are not available in this build") from None
    return mod.ExternalBot(rest)


@builtin("cmd-msgpack")
def _cmd_msgpack(rest: str) -> Bot:
    from bots.external import ExternalBot

    return ExternalBot(rest, framing="msgpack")


@builtin("policy")
def _policy(rest: str) -> Bot:
    from bots.policy import make

    try:
        return make(rest, parse_params)
    except (ImportError, AttributeError, ValueError) as e:
        raise BotSpecError(f"cannot load policy {rest!r}: {_failure(e)}") from None


@builtin("openspiel")
def _openspiel(rest: str) -> Bot:
    kind, _, params = rest.partition(":")
    try:
        from bots.openspiel_bot import OpenSpielBot

        return OpenSpielBot(kind or "mcts", **parse_params(params))
    except (ImportError, ValueError) as e:
        raise BotSpecError(f"cannot make openspiel bot {rest!r}: {_failure(e)}") from None


def make_bot(spec: str) -> Bot:
    """A fresh bot for `spec`; raises BotSpecError with the valid forms if unknown."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotSpecError(f"empty bot spec {spec!r}")
    spec = base_spec(spec)
    kind, _, rest = spec.partition(":")
    if kind in _BUILTIN:
        try:
            return _BUILTIN[kind](rest)
        except TypeError as e:
            raise BotSpecError(f"bad parameters in bot spec {spec!r}: {e}") from None
    for ep in entry_points(group="arena.bots"):
        if ep.name == kind:
            try:
                factory = ep.load()
            except Exception as e:
                raise BotSpecError(f"cannot load bot {kind!r}: {_failure(e)}") from None
            try:
                return _construct(factory, parse_params(rest), kind)
            except TypeError as e:
                raise BotSpecError(f"bad parameters in bot spec {spec!r}: {e}") from None
    known = sorted(_BUILTIN) + sorted(ep.name for ep in entry_points(group="arena.bots"))
    raise BotSpecError(f"unknown bot {spec!r}; known kinds: {', '.join(known)}")
