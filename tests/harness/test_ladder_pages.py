"""The ladder's web pages (`arena ladder serve`): a real server process on 127.0.0.1 with a
ladder of a real game whose bots include hostile names; the pages read over HTTP, their
links followed (ladder -> bot -> game -> a move), their words and boards compared with
the engine's own, and a real browser (headless Chromium) showing them: screenshots read
pixel by pixel, and the hostile names shown as text, running nothing."""

from __future__ import annotations

import html
import re
import struct
import threading
import zlib
from collections.abc import Iterator
from html.parser import HTMLParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import numpy as np
import pytest
from rich.text import Text

from engine.common.untrusted import visible
from engine.common.view import view_text
from engine.record import decode_json
from harness.ladders import runner as ladder_runner
from harness.ladders import service
from harness.play.replay import run
from harness.server.pages import CSP, GAMES
from harness.storage import ladders as ls
from harness.storage.database import Store
from harness.views.web.board import board_html
from harness.views.web.chart import LEFT, MAX_DRAWN, RIGHT, WIDTH, Series, rating_chart
from tests.browser import colours, dump_dom, needs_chromium, read_png, screenshot, share
from tests.harness.served import Served

#: names a stranger may give a bot (the ladder accepts each) that are markup
IMG = "<img src=x onerror=document.title=1>"
SCRIPT = "<script>document.title=2</script>"
QUOTES = "x\"' &amp; /?#%"
GAME, PLAYED = "year_of_the_dragon", GAMES + 4


class Site(Served):
    """A served database (tests/harness/served.py) with ladder `web` of a real game, its
    bots entered directly (no smoke games) and PLAYED games played."""

    def __init__(self, tmp: Path) -> None:
        super().__init__(tmp, authors=())
        with Store(self.db) as store:
            lad = service.create(store, "web", ls.LadderSpec(game=GAME, num_players=2))
            for name, spec in (("first", "random"), ("random", "random"),
                               (IMG, "random"), (SCRIPT, "random"), (QUOTES, "random")):
                service.check_entrant_name(name)  # a name the ladder takes
                ls.add_entrant(store, lad.id, name, spec, spec, name, None, "test", "ann")
            ladder_runner.run(store, "web", games=PLAYED, inline=True, allow_unsandboxed=True)

    def get(self, path: str, status: int = 200) -> httpx.Response:
        r = httpx.get(self.url + path, timeout=30)
        assert r.status_code == status, (path, r.status_code, r.text[:300])
        assert r.headers["content-security-policy"] == CSP
        assert r.headers["x-content-type-options"] == "nosniff"
        return r

    def record(self, idx: int) -> bytes:
        with Store(self.db, read_only=True) as store:
            data = ls.record(store, ls.ladder(store, "web").id, idx)
        assert data is not None
        return data


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    s = Site(tmp_path_factory.mktemp("site"))
    yield s
    s.stop()


class Parsed(HTMLParser):
    """Every tag with its attributes, every link's words, and the text of the page and of
    each `<pre>`."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.pres: list[str] = []
        self.anchors: list[list[str]] = []  # [href, words] of every link
        self.in_pre = self.in_a = False
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "pre":
            self.in_pre, self.pres = True, [*self.pres, ""]
        if tag == "a":
            self.in_a = True
            self.anchors.append([dict(attrs).get("href") or "", ""])

    def handle_endtag(self, tag: str) -> None:
        self.in_pre = self.in_pre and tag != "pre"
        self.in_a = self.in_a and tag != "a"

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self.in_pre:
            self.pres[-1] += data
        if self.in_a:
            self.anchors[-1][1] += data

    def links(self, pattern: str = "") -> list[str]:
        return [a["href"] or "" for t, a in self.tags if t == "a" and re.search(
            pattern, a.get("href") or "")]


def _self_contained(page: str) -> Parsed:
    """The page parsed, after checking it holds no script, no inline style or handler, and
    no address outside this server."""
    p = Parsed(page)
    assert not [t for t, _ in p.tags if t in ("script", "img", "iframe", "object", "embed",
                                              "base")]
    for tag, attrs in p.tags:
        assert not [k for k in attrs if k == "style" or k.startswith("on")], (tag, attrs)
        for key in ("href", "src", "action"):
            value = attrs.get(key)
            assert value is None or value == "data:," or (
                value.startswith(("/", "#")) and not value.startswith("//")), (tag, value)
    return p


def test_pages_are_public_escaped_and_self_contained(site: Site) -> None:
    """Every page without a token; every hostile name shown as the characters it is; no
    script, inline style, handler or outside address anywhere; the stylesheet served."""
    pages = [site.get("/").text, site.get("/ladders/web").text]
    for name in (IMG, SCRIPT, QUOTES):
        r = httpx.get(f"{site.url}/ladders/web/bots", params={"bot": name}, timeout=30)
        assert r.status_code == 200 and r.headers["content-security-policy"] == CSP
        p = _self_contained(r.text)
        assert f"{name} on web" in "".join(p.text)  # the title, as text
        pages.append(r.text)
    pages.append(site.get(f"/ladders/web/games/{PLAYED - 1}").text)
    for page in pages:
        _self_contained(page)
    ladder = pages[1]
    for name in (IMG, SCRIPT, QUOTES):
        assert html.escape(name, quote=True) in ladder
        assert "".join(Parsed(ladder).text).count(name) >= 1
    css = httpx.get(f"{site.url}/static/arena.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert "url(" not in css.text and "@import" not in css.text  # nothing fetched elsewhere


def test_links_lead_from_the_ladder_to_a_bot_to_a_game_and_its_moves(site: Site) -> None:
    """Ladder -> bot -> game: the game's moves are the engine's words for the record, the
    board after a move is the game's own render of that position (everyone's view, or a
    seat's), and each move links to the board after it."""
    ladder = Parsed(site.get("/ladders/web").text)
    bot_link = next(h for h in ladder.links(r"/bots\?") if parse_qs(urlsplit(h).query)
                    ["bot"] == [IMG])
    bot = Parsed(site.get(bot_link).text)
    game_link = bot.links(r"/ladders/web/games/\d+$")[0]
    idx = int(game_link.rsplit("/", 1)[1])
    rp = run(decode_json(site.record(idx)))
    game = Parsed(site.get(game_link).text)
    text = " ".join(game.text)
    for step in rp.steps:
        assert visible(step.words) in text
    assert len(game.links(r"\?move=\d+")) >= len(rp.steps)
    k = len(rp.steps) // 2
    moved = Parsed(site.get(f"{game_link}?move={k}").text)
    (board,) = moved.pres
    assert board.rstrip() == view_text(rp.states[k])[0].plain.rstrip()
    assert f"Move {k} of {len(rp.steps)}" in " ".join(moved.text)
    seat = Parsed(site.get(f"{game_link}?move={k}&seat=1").text)
    assert seat.pres[0].rstrip() == view_text(rp.states[k], 1)[0].plain.rstrip()
    assert seat.pres[0] != board  # a seat does not see everything
    start = Parsed(site.get(f"{game_link}?move=0").text)
    assert start.pres[0].rstrip() == view_text(rp.states[0])[0].plain.rstrip()


def test_games_come_in_pages_and_bad_input_is_one_line(site: Site) -> None:
    """The latest games a page at a time (`older` follows on, without repeats, to the
    first game); a number out of range, an unknown ladder, bot or game: an error page of
    one line with its status, under the same policy."""
    seen: list[int] = []
    path: str | None = "/ladders/web"
    while path:
        page = Parsed(site.get(path).text)
        rows = [int(h.rsplit("/", 1)[1]) for h in page.links(r"/ladders/web/games/\d+$")]
        assert 0 < len(rows) <= GAMES and rows == sorted(rows, reverse=True)
        seen += rows
        older = [h for h, words in page.anchors if words == "older"]
        path = older[0].split("#")[0] if older else None
    assert seen == list(range(PLAYED - 1, -1, -1))
    for path, status in (("/ladders/web/games/0?move=100000", 400),
                         ("/ladders/web?offset=x", 400), ("/ladders/nope", 404),
                         ("/ladders/web/games/99999", 404), ("/ladders/web/bots", 400),
                         ("/ladders/web/games/0?seat=2", 400)):
        r = site.get(path, status)
        assert r.headers["content-type"].startswith("text/html")
        _self_contained(r.text)


def _png(pixels: np.ndarray, kinds: list[int]) -> bytes:
    """An RGB PNG of `pixels` with scanline filter `kinds[row]` (as an encoder may choose)."""
    h, w, bpp = pixels.shape
    rows, prev = [], np.zeros(w * bpp, np.int32)
    for r in range(h):
        line = pixels[r].reshape(-1).astype(np.int32)
        left = np.concatenate([np.zeros(bpp, np.int32), line[:-bpp]])
        upleft = np.concatenate([np.zeros(bpp, np.int32), prev[:-bpp]])
        pa, pb, pc = np.abs(prev - upleft), np.abs(left - upleft), np.abs(left + prev - 2 * upleft)
        paeth = np.where((pa <= pb) & (pa <= pc), left, np.where(pb <= pc, prev, upleft))
        pred = [0, left, prev, (left + prev) >> 1, paeth][kinds[r]]
        rows.append(bytes([kinds[r]]) + ((line - pred) & 255).astype(np.uint8).tobytes())
        prev = line

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))


def test_the_png_reader_undoes_every_filter() -> None:
    pixels = np.random.default_rng(5).integers(0, 256, (10, 7, 3), dtype=np.uint8)
    kinds = [0, 1, 2, 3, 4, 4, 3, 2, 1, 0]
    assert np.array_equal(read_png(_png(pixels, kinds)), pixels)


class _Raw(BaseHTTPRequestHandler):
    """A page with the hostile names pasted in raw; under the pages' policy if asked."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body = f"<!doctype html><title>calm</title><p>{IMG}</p><p>{SCRIPT}</p>".encode()
        self.send_response(200)
        self.send_header("content-type", "text/html")
        if self.path == "/policy":
            self.send_header("content-security-policy", CSP)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.slow
@needs_chromium
def test_hostile_names_run_nothing_in_a_browser(site: Site) -> None:
    """The names pasted raw into a page run in this browser (they set the title), and the
    pages' policy alone stops them; on the ladder, bot and game pages they are text: the
    title stays and no element is made of them."""
    raw = ThreadingHTTPServer(("127.0.0.1", 0), _Raw)
    threading.Thread(target=raw.serve_forever, daemon=True).start()
    try:
        where = f"http://127.0.0.1:{raw.server_address[1]}"
        assert re.search(r"<title>[12]</title>", dump_dom(f"{where}/bare"))  # live payloads
        assert "<title>calm</title>" in dump_dom(f"{where}/policy")  # stopped by the policy
    finally:
        raw.shutdown()
        raw.server_close()
    bot = httpx.QueryParams({"bot": IMG})
    for path, title in (("/ladders/web", "Ladder web"),
                        (f"/ladders/web/bots?{bot}", f"{IMG} on web"),
                        (f"/ladders/web/games/{PLAYED - 1}", f"Game {PLAYED - 1} of web")):
        dom = dump_dom(site.url + path)
        p = Parsed(dom)
        assert f"<title>{html.escape(title, quote=False)} · Dynasty Arena</title>" in dom, path
        assert not [t for t, _ in p.tags if t in ("img", "script")], path
        assert IMG in "".join(p.text) or "/games/" in path  # shown, as text


@pytest.mark.slow
@needs_chromium
def test_screenshots_show_the_pages(site: Site, tmp_path: Path) -> None:
    """The ladder page on a laptop's screen and a game on a phone's, as pixels: the size
    asked, the header's colour, the chart's lines, a board's dark ground."""
    wide = screenshot(f"{site.url}/ladders/web", 1280, 800, tmp_path / "ladder.png")
    assert wide.shape[:2] == (800, 1280) and len(colours(wide)) > 100
    assert share(wide[:60], "#a3261c") > 0.5  # the header band
    assert share(wide, "#1f77b4") > 0.0005  # the first line of the rating chart
    phone = screenshot(f"{site.url}/ladders/web/games/{PLAYED - 1}?move=5", 390, 844,
                       tmp_path / "game.png")
    assert phone.shape[:2] == (844, 390) and len(colours(phone)) > 50
    assert share(phone[:50], "#a3261c") > 0.5
    assert share(phone, "#1e2227") > 0.02  # the board's ground, in view


def test_a_board_keeps_its_colours_as_classes_and_its_text_escaped() -> None:
    """A board's Rich styles become arena.css classes (16 terminal colours, weight,
    reverse), never inline style; its text escaped."""
    text = Text()
    text.append("<b>", style="bold red")
    text.append("&", style="reverse red")
    text.append("x", style="dodger_blue1 on blue")
    text.append("\nplain")
    assert board_html(text) == ('<pre class="board"><span class="f1 bo">&lt;b&gt;</span>'
                                '<span class="rv b1">&amp;</span><span class="f12 b4">x</span>'
                                "\nplain</pre>")


def test_a_long_history_is_drawn_thinned_and_nothing_is_drawn_of_none() -> None:
    """A line of any length is drawn with at most MAX_DRAWN points, its first and last
    kept; a lone point is a dot; no rated game, no chart."""
    points = [(i, 25 + (i % 7) / 10, 1.0) for i in range(5000)]
    svg = rating_chart([Series("a", points), Series("b", [(3, 20.0, 2.0)])], "t")
    (line,) = re.findall(r'<polyline class="line s0" points="([^"]*)"', svg)
    xs = [float(p.split(",")[0]) for p in line.split()]
    assert len(xs) == MAX_DRAWN and xs == sorted(xs)
    assert (xs[0], xs[-1]) == (LEFT, WIDTH - RIGHT)  # game 0 and game 4999, at the edges
    assert svg.count("<circle") == 1 and "<script" not in svg
    assert rating_chart([Series("a", [])], "t") == ""
