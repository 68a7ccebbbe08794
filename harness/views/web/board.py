"""A game's board, as the terminal draws it (the game's own `render_text`, through
engine/common/view.py), in HTML: preformatted text whose colours and weights become
classes of arena.css (no inline style: the pages' Content-Security-Policy allows none).
Colours are brought to the 16 of a terminal (Rich's own downgrade), which arena.css draws."""

from __future__ import annotations

from rich.color import Color, ColorSystem
from rich.console import Console
from rich.style import Style
from rich.text import Text

from harness.views.web.html import esc

#: the console that lays the text out (wide enough that no board line wraps)
_CONSOLE = Console(width=200, color_system="truecolor", force_terminal=False,
                   legacy_windows=False, no_color=False)


def _number(color: Color | None) -> int | None:
    if color is None or color.is_default:
        return None
    return color.downgrade(ColorSystem.STANDARD).number


def classes(style: Style) -> list[str]:
    """The arena.css classes of a Rich style: f0..f15 (text colour), b0..b15 (background),
    bo (bold), di (dim), it (italic), un (underline); reverse swaps the colours."""
    fg, bg = _number(style.color), _number(style.bgcolor)
    out = []
    if style.reverse:
        out.append("rv")
        fg, bg = bg, fg
    out += [f"f{fg}"] if fg is not None else []
    out += [f"b{bg}"] if bg is not None else []
    for flag, name in ((style.bold, "bo"), (style.dim, "di"), (style.italic, "it"),
                       (style.underline, "un")):
        if flag:
            out.append(name)
    return out


def board_html(text: Text) -> str:
    """`text` (a board) as a `<pre>`: every run of one style a `<span>` of its classes,
    every character escaped."""
    parts = []
    for seg in _CONSOLE.render(text):
        if not seg.text or seg.control:
            continue
        cls = classes(seg.style) if seg.style else []
        body = "\n".join(esc(part) for part in seg.text.split("\n"))
        parts.append(f'<span class="{" ".join(cls)}">{body}</span>' if cls else body)
    return f'<pre class="board">{"".join(parts).rstrip()}</pre>'
