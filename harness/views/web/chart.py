"""The rating chart of the ladder page: an SVG drawn on the server (no script, no inline
style: every colour is a class of arena.css), one line per bot version of rating (mu)
after each ladder game, with the 95% band of a lone series; the legend is the page's
(HTML, so names wrap and link)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from harness.views.ladders import int_ticks
from harness.views.web.html import esc

#: the chart's drawing size (the page scales it to its column)
WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 10, 38
#: points drawn per line at most (a longer history is thinned, keeping its last point)
MAX_DRAWN = 600
#: line colours (classes s0.. of arena.css), one per series in order
COLOURS = 10


@dataclass(frozen=True)
class Series:
    """One line: its label and (game, mu, sigma) after each rated game, oldest first."""

    label: str
    points: Sequence[tuple[int, float, float]]


def thinned(points: Sequence[tuple[int, float, float]], most: int = MAX_DRAWN
            ) -> list[tuple[int, float, float]]:
    """At most `most` of `points`, evenly spread, the first and the last kept."""
    if len(points) <= most:
        return list(points)
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]


def rating_chart(series: Sequence[Series], title: str, band: bool = False) -> str:
    """The SVG of `series` (series without points left out); `band`: the 95% interval
    (mu ± 1.96 sigma) shaded under a lone series. Empty string when nothing was rated."""
    drawn = [(i, thinned(s.points)) for i, s in enumerate(series) if s.points]
    if not drawn:
        return ""
    xs = [p[0] for _, pts in drawn for p in pts]
    ys = [p[1] for _, pts in drawn for p in pts]
    shade = band and len(drawn) == 1
    if shade:
        ys += [p[1] + s * 1.96 * p[2] for p in drawn[0][1] for s in (-1, 1)]
    x0, x1 = min(xs), max(xs)
    if x1 == x0:
        x0, x1 = x0 - 1, x1 + 1
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))
    if y1 - y0 < 2:
        y0, y1 = y0 - 1, y1 + 1
    w, h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x: float) -> float:
        return LEFT + (x - x0) / (x1 - x0) * w

    def py(y: float) -> float:
        return TOP + (y1 - y) / (y1 - y0) * h

    out = [f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-label="{esc(title)}" xmlns="http://www.w3.org/2000/svg">',
           f"<title>{esc(title)}</title>",
           f'<rect class="plot" x="{LEFT}" y="{TOP}" width="{w}" height="{h}"/>']
    for t in int_ticks(y0, y1, 6):
        out.append(f'<line class="grid" x1="{LEFT}" x2="{LEFT + w}" y1="{py(t):.1f}" '
                   f'y2="{py(t):.1f}"/><text class="tick" x="{LEFT - 6}" y="{py(t) + 4:.1f}" '
                   f'text-anchor="end">{t}</text>')
    for t in int_ticks(x0, x1, 8):
        out.append(f'<line class="grid" x1="{px(t):.1f}" x2="{px(t):.1f}" y1="{TOP}" '
                   f'y2="{TOP + h}"/><text class="tick" x="{px(t):.1f}" y="{TOP + h + 15}" '
                   f'text-anchor="middle">{t}</text>')
    out.append(f'<text class="axis" x="{LEFT + w / 2:.0f}" y="{HEIGHT - 2}" '
               'text-anchor="middle">ladder game</text>')
    if shade:
        pts = drawn[0][1]
        edge = [(px(p[0]), py(p[1] + 1.96 * p[2])) for p in pts]
        edge += [(px(p[0]), py(p[1] - 1.96 * p[2])) for p in reversed(pts)]
        out.append(f'<polygon class="band s{drawn[0][0] % COLOURS}" points="{_coords(edge)}"/>')
    for i, pts in drawn:
        cls = f"s{i % COLOURS}"
        if len(pts) == 1:
            out.append(f'<circle class="dot {cls}" cx="{px(pts[0][0]):.1f}" '
                       f'cy="{py(pts[0][1]):.1f}" r="3"/>')
        else:
            line = _coords([(px(p[0]), py(p[1])) for p in pts])
            out.append(f'<polyline class="line {cls}" points="{line}"/>')
    out.append("</svg>")
    return "".join(out)


def _coords(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
