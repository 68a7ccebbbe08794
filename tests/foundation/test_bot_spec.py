"""A bot spec read once (bots/spec.py): one value every reader uses; what cannot be read is
one line; each kind declared once with its properties (bots/registry.py)."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

import bots.registry as registry
from bots.base import RandomBot
from bots.spec import BotSpec, BotSpecError
from harness.sandbox.isolate import SandboxedBot, make_player


@pytest.mark.parametrize(("text", "kind", "target", "params", "label", "copy"), [
    ("random", "random", "", {}, None, None),
    ("mcts:iters=20, c=1.5,rollout=random", "mcts", "",
     {"iters": 20, "c": 1.5, "rollout": "random"}, None, None),
    ("python:pkg:Bot:fast=true,name=x", "python", "pkg:Bot", {"fast": True, "name": "x"},
     None, None),
    ("mine=heuristic:huang:breadth=4#2", "heuristic", "huang", {"breadth": 4}, "mine", 2),
    ("python:pkg.mod:Bot:seed=4", "python", "pkg.mod:Bot", {"seed": 4}, None, None),
    ("openspiel:ismcts:sims=5", "openspiel", "ismcts", {"sims": 5}, None, None),
    ("cmd:node bot.js --w=1,2", "cmd", "node bot.js --w=1,2", {}, None, None),
    ("mcts:guide=1,guide_bot=breadth=16;beam=8", "mcts", "",
     {"guide": 1, "guide_bot": "breadth=16;beam=8"}, None, None),
])
def test_a_spec_is_read_into_one_value(text: str, kind: str, target: str,
                                       params: dict[str, object], label: str | None,
                                       copy: int | None) -> None:
    spec = BotSpec.parse(text)
    assert (spec.kind, spec.target, spec.params, spec.label, spec.copy) == (
        kind, target, params, label, copy)
    assert BotSpec.parse(spec.name) == spec  # its text reads back as the same value
    assert BotSpec.parse(spec.text) == spec.replace(label=None, copy=None)


@pytest.mark.parametrize(("text", "why"), [
    ("mcts:model=a.npz,model=b.npz", "'model' is given twice"),
    ("mcts:time=1,time=2", "'time' is given twice"),
    ("python:bots.base:RandomBot:seed=1,seed=2", "'seed' is given twice"),
    ("heuristic:huang:beam=1, beam=2", "'beam' is given twice"),
    ("mcts:modle=x.npz", "mcts has no parameter 'modle'"),
    ("trained:gugong:depth=3,tiem=1", "trained has no parameter 'tiem'"),
    ("human:x=1", "the human bot takes no parameters"),
    ("python:/etc/passwd:Bot", "python bots are named"),
    ("python:..:Bot", "python bots are named"),
    ("policy:mod", "policy bots are named"),
    ("cmd:", "needs a command line"),
    ("cmd:python3 'bot.py", "cannot parse the command line"),
    ("mcts:=3", "not of the form key=value"),
    ("wizard:x=1", "unknown bot 'wizard'"),
])
def test_what_cannot_be_read_is_one_line(text: str, why: str) -> None:
    with pytest.raises(BotSpecError, match=why) as e:
        BotSpec.parse(text)
    assert "\n" not in str(e.value)


def test_every_kind_declares_what_it_is() -> None:
    declared = {k: registry.kind_named(k) for k in registry.kinds()}
    assert {k for k, d in declared.items() if d.trusted} == {
        "random", "human", "heuristic", "mcts", "trained", "openspiel"}
    assert {k: d.program for k, d in declared.items() if d.program} == {
        "cmd": "json", "cmd-msgpack": "msgpack"}
    assert {k for k, d in declared.items() if d.terminal} == {"human"}
    assert {k for k, d in declared.items() if d.target == "game"} == {"heuristic", "trained"}
    assert {k: d.brings for k, d in declared.items() if d.brings} == {
        "cmd": "command", "cmd-msgpack": "command", "python": "module", "policy": "module",
        "mcts": "files"}
    assert BotSpec.parse("heuristic:huang").game == "huang"
    assert BotSpec.parse("mcts:model=m.npz,iters=3").files == {"model": "m.npz"}


class PluginBot(RandomBot):
    name = "plugin"


def test_a_plugin_kind_is_untrusted_and_sandboxed_when_bots_are_isolated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ep = EntryPoint("plug", f"{__name__}:PluginBot", "arena.bots")
    monkeypatch.setattr(registry, "entry_points", lambda group: [ep] if group == "arena.bots"
                        else [])
    assert not registry.kind_named("plug").trusted and "plug" in registry.kinds()
    assert isinstance(registry.make_bot("plug:seed=3"), PluginBot)  # in-process, unisolated
    assert isinstance(make_player("plug", isolate=True), SandboxedBot)
    assert not isinstance(make_player("mcts", isolate=True), SandboxedBot)
    with pytest.raises(BotSpecError, match="'seed' is given twice"):
        make_player("plug:seed=1,seed=2", isolate=True)


def test_one_factory_with_the_sandbox_as_its_wrapper() -> None:
    boxed: list[BotSpec] = []

    def sandbox(spec: BotSpec) -> RandomBot:
        boxed.append(spec)
        return RandomBot()

    registry.make_bot("random", sandbox)
    registry.make_bot("python:bots.base:RandomBot:seed=2", sandbox)
    assert [s.kind for s in boxed] == ["python"]  # trusted kinds never reach the sandbox


def test_a_pinned_spec_moves_with_its_files() -> None:
    spec = BotSpec.parse("cmd:python3 /snap/a/0-bot.py --fast /snap/a/1-w.bin").pinned(
        "/snap/a")
    moved = spec.relocated("/worker/x")
    assert moved.argv == ["python3", "/worker/x/0-bot.py", "--fast", "/worker/x/1-w.bin"]
    assert moved.root == "/worker/x"
    model = BotSpec.parse("mcts:model=/snap/m/model.npz,iters=4").pinned("/snap/m")
    assert model.relocated("/w").params == {"model": "/w/model.npz", "iters": 4}
    for elsewhere in ("/etc/passwd", "/snap/m/../x/model.npz", "/snap/mx/model.npz"):
        with pytest.raises(BotSpecError, match="outside the bot's own files"):
            BotSpec.parse(f"mcts:model={elsewhere}").pinned("/snap/m")
    with pytest.raises(BotSpecError, match="pinned"):
        BotSpec.parse("random").relocated("/w")
