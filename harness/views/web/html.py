"""The pieces every page is made of: text escaped for HTML (after `visible`, so a control
or bidirectional character a bot's author wrote shows as an escape, as on the terminal),
links with their names quoted, tables, and the page around them (one stylesheet, no
script, nothing from another site)."""

from __future__ import annotations

import hashlib
import html
from collections.abc import Mapping, Sequence
from importlib import resources
from urllib.parse import quote, urlencode

from engine.common.untrusted import visible

#: the stylesheet every page links to (served at STYLE_PATH)
STYLESHEET = resources.files(__package__).joinpath("arena.css").read_bytes()
#: its address: its hash in the query, so a new version is fetched at once
STYLE_PATH = "/static/arena.css"
STYLE_URL = f"{STYLE_PATH}?v={hashlib.sha256(STYLESHEET).hexdigest()[:12]}"


def esc(s: object) -> str:
    """`s` as text in HTML (an element's text or an attribute's value): made visible, then
    `&<>"'` escaped."""
    return html.escape(visible(str(s)), quote=True)


def url(*segments: str, **query: object) -> str:
    """A path of `segments` (each quoted whole: a '/' or '?' in a name stays in it) and the
    query of the non-None `query` values, ready for an attribute (escaped)."""
    path = "/" + "/".join(quote(s, safe="") for s in segments)
    given = {k: v for k, v in query.items() if v is not None}
    return esc(path + ("?" + urlencode(given) if given else ""))


def link(href: str, text: str, cls: str = "") -> str:
    """`<a>` to `href` (from `url`, already escaped) showing `text` (escaped here)."""
    attr = f' class="{cls}"' if cls else ""
    return f'<a href="{href}"{attr}>{esc(text)}</a>'


def ladder_url(ladder: str, **query: object) -> str:
    return url("ladders", ladder, **query)


def bot_url(ladder: str, bot: str, **query: object) -> str:
    return url("ladders", ladder, "bots", bot=bot, **query)


def game_url(ladder: str, idx: int, **query: object) -> str:
    return url("ladders", ladder, "games", str(idx), **query)


def table(head: Sequence[str], rows: Sequence[Sequence[str]], numeric: set[int] | None = None,
          cls: str = "", optional: set[int] | None = None) -> str:
    """A table of `head` (plain words, escaped) and `rows` of cells that are already HTML;
    the columns in `numeric` aligned right, those in `optional` left out on a narrow screen
    (arena.css), as the terminal's tables leave columns out rather than cut numbers."""
    kinds = [" ".join(k for k, on in (("n", i in (numeric or ())), ("opt", i in (optional or ())))
                      if on) for i in range(len(head))]

    def cell(tag: str, i: int, body: str) -> str:
        return f'<{tag} class="{kinds[i]}">{body}</{tag}>' if kinds[i] else f"<{tag}>{body}</{tag}>"

    top = "".join(cell("th", i, esc(h)) for i, h in enumerate(head))
    body = "".join("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(r)) + "</tr>"
                   for r in rows)
    attr = f' class="{cls}"' if cls else ""
    return (f'<div class="scroll"><table{attr}><thead><tr>{top}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def section(title: str, body: str, ident: str = "") -> str:
    attr = f' id="{ident}"' if ident else ""
    return f"<section{attr}><h2>{esc(title)}</h2>{body}</section>"


def pager(links: Mapping[str, str | None]) -> str:
    """A row of page links (label -> href from `url`, None: no such page, shown dimmed)."""
    parts = [link(h, label) if h else f'<span class="off">{esc(label)}</span>'
             for label, h in links.items()]
    return f'<nav class="pager">{" ".join(parts)}</nav>'


def page(title: str, crumbs: Sequence[tuple[str, str]], body: str) -> str:
    """A whole page: `title` (escaped), the trail of (href, text) links above the heading,
    and `body` (HTML)."""
    trail = " › ".join(link(h, t) for h, t in crumbs)
    return ("<!doctype html>\n"
            '<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)} · Dynasty Arena</title>"
            f'<link rel="stylesheet" href="{STYLE_URL}"><link rel="icon" href="data:,">'
            f'</head><body><header><nav class="trail">{trail}</nav>'
            f"<h1>{esc(title)}</h1></header><main>{body}</main>"
            '<footer>Dynasty Arena · read-only · the same data as JSON under '
            f'{link(url("api", "v1", "ladders"), "/api/v1")}</footer></body></html>\n')


def when(stamp: str | None) -> str:
    """A stored UTC time as shown: `2026-11-28 23:41` (minutes), or `-`."""
    return esc(stamp[:16]) if stamp else "-"
