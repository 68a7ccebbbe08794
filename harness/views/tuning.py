"""The terminal view of `arena tune` (Rich): the parameters' path live (a table with each
parameter's range, start, current value, perturbation and a sparkline of its path), and
at the end the path as a plotext plot, each parameter on the scale of its range (the way
`arena train` draws its learning curve)."""

from __future__ import annotations

import math
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from harness.views.ladders import line_plot
from harness.views.live_steps import LiveSteps

BARS = "▁▂▃▄▅▆▇█"
#: steps a sparkline shows (the latest)
SPARK = 32


def _fmt(value: float) -> str:
    return f"{value:.4g}"


def _share(axis: dict[str, Any], value: float) -> float:
    """`value` as a share of the parameter's range (0 at lo, 1 at hi; on a log scale
    for a parameter tuned on one)."""
    lo, hi = axis["lo"], axis["hi"]
    if axis["log"]:
        return math.log(max(value, lo) / lo) / math.log(hi / lo)
    return (value - lo) / (hi - lo)


def spark(axis: dict[str, Any], path: list[float]) -> str:
    """The latest SPARK values of a path as bars on the scale of the parameter's range."""
    top = len(BARS) - 1
    return "".join(BARS[max(0, min(top, round(_share(axis, v) * top)))]
                   for v in path[-SPARK:])


def header(state: dict[str, Any]) -> str:
    """What the run is and how far it is."""
    against = ("the probes head to head" if state.get("head_to_head")
               else "against " + ", ".join(state["opponents"]))
    played = sum(s["games"] for s in state["steps"])
    return (f"arena tune {state['game']} {state['players']}p, {state['budget']}, {against}: "
            f"step {len(state['steps'])}, {played} of {state['games']} games")


def params_table(state: dict[str, Any]) -> Table:
    """One row per tuned parameter: range, start, now, perturbation, last probes, path."""
    t = Table(box=box.SIMPLE_HEAD)
    for h in ("parameter", "range", "start", "now", "c_k", "+ / -", "path"):
        t.add_column(h, justify="left" if h in ("parameter", "path") else "right")
    last = state["steps"][-1] if state["steps"] else None
    for i, axis in enumerate(state["axes"]):
        name = axis["name"]
        path = [state["start"][name]] + [s["values"][name] for s in state["steps"]]
        probes = f"{_fmt(last['plus'][name])} / {_fmt(last['minus'][name])}" if last else "-"
        c = last["c"][i] if last else None
        t.add_row(name, f"{_fmt(axis['lo'])}-{_fmt(axis['hi'])}"
                  + (" log" if axis["log"] else ""), _fmt(state["start"][name]),
                  _fmt(path[-1]), "-" if c is None else _fmt(c), probes, spark(axis, path))
    return t


def path_plot(state: dict[str, Any], width: int, height: int = 17) -> Text:
    """Each parameter's value after every step, as a share of its range (0: its low end,
    1: its high end), against the pairs of games played."""
    xs = [0] + [s["pairs"] for s in state["steps"]]
    series = {}
    for axis in state["axes"]:
        name = axis["name"]
        ys = [state["start"][name]] + [s["values"][name] for s in state["steps"]]
        label = f"{name} ({_fmt(axis['lo'])}-{_fmt(axis['hi'])})"
        series[label] = (xs, [_share(axis, y) for y in ys])
    ticks = tuple((q / 4, f"{q / 4:.2g}") for q in range(5))
    return line_plot(series, "parameter path (share of each range)", "pairs of games", width,
                     height, ylim=(0, 1), yticks=ticks)


class TuneView(LiveSteps):
    """Progress of a run: redrawn in place on a terminal, one line per step elsewhere."""

    def tables(self) -> list[Any]:
        if self.state is None:
            return []
        return [Text(header(self.state)), params_table(self.state)]

    def playing(self, step: int, done: int, total: int) -> None:
        self.line = f"step {step + 1}: {done}/{total} games"
        self.refresh()

    def stepped(self, state: dict[str, Any]) -> None:
        self.state = state
        self.line = ""
        if self.live:
            self.refresh()
        elif state["steps"]:
            s = state["steps"][-1]
            now = ", ".join(f"{k}={_fmt(v)}" for k, v in s["values"].items())
            self.console.print(f"step {s['step'] + 1}: {s['games']} games, result "
                               f"{s['result']:+g}; {now}", highlight=False)


def report(state: dict[str, Any], console: Console) -> None:
    """The run's table, its path plot and the result: the profile entry it would make and
    the SPRT that must confirm it first."""
    console.print(Text(header(state)))
    console.print(params_table(state))
    if state["steps"]:
        console.print(path_plot(state, min(console.width, 100)))
    result = state.get("result")
    if result:
        console.print(Text(f"tuned over {result['games']} games ({result['pairs']} pairs, "
                           f"{result['hours']} h, load {result['load']}): "
                           + ", ".join(f"{k}={_fmt(v)}" for k, v in result["tuned"].items())))
        console.print(Text("profile entry (bots/profiles.toml), to ship once confirmed:"))
        console.print(Text(result["profile_entry"]))
        console.print(Text("confirm it at equal time per move first:"))
        console.print(Text(shell_lines(result["verify"], console.width)), soft_wrap=True)


def shell_lines(command: str, width: int) -> str:
    """A long shell command broken at spaces into lines that end in ` \\`, each at most
    `width` wide where its words allow: it still pastes into a shell as one command."""
    lines, line = [], ""
    for word in command.split(" "):
        if line and len(line) + 1 + len(word) > width - 2:
            lines.append(line + " \\")
            line = "    " + word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join([*lines, line])
