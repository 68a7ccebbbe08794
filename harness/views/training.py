"""The terminal view of `arena train` (Rich): a live line of the current step, a table of
the generations (positions, fit, gate), and the learning curve as a table and a plotext
plot (the way `arena ladder history` draws ratings, harness/views/ladders.py)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from harness.training import run_state
from harness.training.curve import points
from harness.views.ladders import line_plot
from harness.views.live_steps import LiveSteps


def generations_table(state: dict[str, Any]) -> Table:
    """One row per generation: self-play positions, fit, gate result, curve."""
    t = Table(title=f"arena train {state['game']} {state['players']}p ({state['budget']}"
                    f"{', ' + state['params'] if state['params'] else ''})",
              box=box.SIMPLE_HEAD,
              caption="rows: training positions; loss: training MSE; MSE: held out (a "
                      "constant's); *: the best")
    for h in ("gen", "games", "rows", "loss", "MSE (const)", "corr", "gate W-L/n", "gate",
              "vs start"):
        t.add_column(h, justify="left" if h == "gate" else "right")
    for g in state["generations"]:
        sp, f, gt, c = g["selfplay"], g["fit"], g["gate"], g["curve"]
        best = "*" if state["best"] == g["gen"] else ""
        t.add_row(
            str(g["gen"]) + best,
            str(sp["games"]) if sp else "-", str(sp["positions"]) if sp else "-",
            f"{f.get('train_mse', f['train_loss']):.4f}" if f else "-",
            f"{f['held_out_mse']:.4f} ({f['constant_mse']:.4f})" if f else "-",
            f"{f['held_out_corr']:.2f}" if f else "-",
            f"{gt['wins']}-{gt['losses']}/{gt['games']}" if gt else "-",
            (("won: " if gt["accepted"] else "lost: ") + gt["why"]) if gt else "-",
            f"{c['share']:.0%} ({c['ci'][0]:.0%}-{c['ci'][1]:.0%})" if c else "-")
    return t


def curve_table(state: dict[str, Any]) -> Table:
    """The learning curve: each generation's win share against the starting bot."""
    t = Table(title="learning curve: each generation against the starting bot",
              box=box.SIMPLE_HEAD)
    for h in ("gen", "games", "W-L", "win share", "95% CI"):
        t.add_column(h, justify="right")
    t.add_row("0 (start)", "-", "-", f"{1 / state['players']:.0%}", "parity")
    for g in state["generations"]:
        c = g["curve"]
        if c:
            t.add_row(str(g["gen"]), str(c["games"]), f"{c['wins']}-{c['losses']}",
                      f"{c['share']:.1%}", f"{c['ci'][0]:.0%}-{c['ci'][1]:.0%}")
    return t


#: the curve's y axis: win shares, labelled as the table's percentages
SHARE_TICKS = tuple((q / 4, f"{q / 4:.0%}") for q in range(5))


def curve_plot(state: dict[str, Any], width: int, height: int = 17) -> Text:
    """The curve as a plot (share and its 95% interval per generation; `line_plot`); 17
    rows give the shares 12 rows, a row for about 9 points of win share."""
    start = 1 / state["players"]
    pts = [(0, start, start, start), *points(state["generations"])]
    xs = [p[0] for p in pts]
    series = {label: (xs, [p[k] for p in pts])
              for k, label in enumerate(("win share", "95% CI low", "95% CI high"), 1)}
    return line_plot(series, "strength against the starting bot", "generation", width,
                     height, markers=("dot", "-", "-"), ylim=(0, 1), yticks=SHARE_TICKS)


class TrainView(LiveSteps):
    """Progress of a run: redrawn in place on a terminal, one line per step elsewhere."""

    def __init__(self, console: Console | None = None) -> None:
        super().__init__(console)
        self._last = ""

    def tables(self) -> list[Any]:
        return [] if self.state is None else [generations_table(self.state)]

    def step(self, gen: int, what: str, done: int = 0, total: int = 0) -> None:
        self.line = f"generation {gen}: {what}" + (f" {done}/{total} games" if total else "")
        if self.live:
            self.refresh()
        elif self.line != self._last:
            self.console.print(self.line, highlight=False)
        self._last = self.line

    def finished(self, state: dict[str, Any], gen: int) -> None:
        """Generation `gen` is done (or was, in a resumed run)."""
        self.state = state
        self.line = ""
        if self.live:
            self.refresh()
        else:
            g = run_state.generation(state, gen)
            if g["gate"]:
                f = g["fit"]
                self.console.print(f"generation {g['gen']}: loss "
                                   f"{f.get('train_mse', f['train_loss']):.4f}, "
                                   f"gate {'accepted' if g['gate']['accepted'] else 'rejected'}"
                                   f" ({g['gate']['why']})", highlight=False)


def report(state: dict[str, Any], console: Console) -> None:
    """The run's tables and its curve plot."""
    console.print(generations_table(state))
    console.print(curve_table(state))
    if points(state["generations"]):
        console.print(curve_plot(state, min(console.width, 100)))
