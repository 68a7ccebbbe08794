"""Text a bot or its author wrote reaches the operator's terminal only as literal text.

Hostile names (Rich markup, a hyperlink, escape sequences) are put into the database
directly through the store layer, as an old database may hold them; hostile logs come
from bot programs (tests/sandbox/conftest.py). Each test runs `arena` as the operator
would, on a terminal as Rich sees it (FORCE_COLOR), and checks what reaches the screen:
the characters as written, no escape sequence of the bot's, and `--json`/`--csv` exact.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import re
import shlex
import subprocess
from pathlib import Path

import msgspec
import pytest

from engine.record import encode_json
from harness.ladders import runner as ladder_runner
from harness.ladders.service import bot_folder, create
from harness.play.match import play_match
from harness.play.replay import run
from harness.storage import ladders as ls
from harness.storage.database import Store
from harness.tournaments.schedule import TournamentSpec, pool_key
from tests.harness.test_user_errors import ARENA, ROOT
from tests.sandbox.conftest import hostile

OSC52 = "\x1b]52;c;ZXZpbA==\x07"  # write "evil" to the clipboard
ERASE = "\x1b[1A\x1b[2K"  # cursor up one line, erase it
LINK = "[link=https://evil]rules v9[/link]"
#: what a terminal must never get from a bot: clipboard, cursor movement, hyperlinks
RAW = ("\x1b]52", "\x1b[1A", "\x1b[2K", "\x1b]8;", "\x07")
#: Rich's own colours and styles (Select Graphic Rendition): the only escapes allowed
SGR = re.compile("\x1b\\[[0-9;]*m")
NAMES = {"close-tag": "[/]", "link": LINK, "escapes": f"evil{OSC52}{ERASE}name"}
#: a bot that writes escape sequences to stderr, then crashes at its first decision
SHOUTER = (r'sys.stderr.write("\x1b]52;c;ZXZpbA==\x07clipboard\n\x1b[1A\x1b[2Kall good\n")'
           "\nsys.stderr.flush()\nraise SystemExit(3)")


def shown(s: str) -> str:
    """`s` as the screen must show it: control characters spelled as escapes."""
    return s.encode("unicode_escape").decode().replace("\\\\", "\\")


def arena(*args: str, cwd: Path, code: int = 0) -> subprocess.CompletedProcess[str]:
    """`arena ARGS` on a (forced) colour terminal 200 columns wide; its exit status checked."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FORCE_COLOR": "1",
           "COLORTERM": "truecolor", "COLUMNS": "200"}
    env.pop("NO_COLOR", None)
    run = subprocess.run([*ARENA, *args], cwd=cwd, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == code, run.stdout + run.stderr
    assert "Traceback" not in run.stderr, run.stderr
    return run


def contained(run: subprocess.CompletedProcess[str]) -> str:
    """The run's output without Rich's colours, checked to hold none of a bot's escape
    sequences (nor any escape but Rich's colours)."""
    both = run.stdout + run.stderr
    for seq in RAW:
        assert seq not in both, f"{seq!r} reached the terminal:\n{both!r}"
    plain = SGR.sub("", both)
    assert "\x1b" not in plain, plain
    return plain


def submittable(tmp_path: Path, body: str) -> str:
    """A `cmd:` spec of a hostile bot that a ladder can pin (`python` found on the PATH)."""
    hostile(tmp_path, body)
    return f"cmd:python {shlex.quote(str(tmp_path / 'bot.py'))}"


def kit_ladder(store: Store, name: str = "kl") -> ls.Ladder:
    return create(store, name, ls.LadderSpec(game="kit", modules=("tests.kitgame",), seed=1))


def enter(store: Store, lad: ls.Ladder, name: str, spec: str = "random",
          snapshot: str | None = None) -> ls.Entrant:
    """An entrant stored directly, bypassing the name rule (an old database); a `cmd:` bot's
    files are in its `snapshot`."""
    return ls.add_entrant(store, lad.id, name, spec, spec, f"hash-{name}", snapshot, "test")


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_ladder_show_prints_a_hostile_name_literally(tmp_path: Path, name: str) -> None:
    db = tmp_path / "l.sqlite"
    with Store(db) as store:
        lad = kit_ladder(store)
        enter(store, lad, name)
        enter(store, lad, "plain")
        ladder_runner.run(store, "kl", games=2, inline=True)
    out = contained(arena("ladder", "show", "kl", "--db", str(db), cwd=tmp_path))
    assert f"{shown(name)} v1" in out and "plain v1" in out
    doc = json.loads(arena("ladder", "show", "kl", "--json", "--db", str(db),
                           cwd=tmp_path).stdout)
    assert name in [r["bot"] for r in doc["standings"]]
    rows = csv.DictReader(io.StringIO(arena("ladder", "show", "kl", "--csv", "--db", str(db),
                                            cwd=tmp_path).stdout))
    assert name in [r["bot"] for r in rows]
    out = contained(arena("ladder", "history", "kl", "--db", str(db), cwd=tmp_path))
    assert f"{shown(name)} v1: " in out


def test_a_hostile_stderr_is_literal_in_play_failure_lines(tmp_path: Path) -> None:
    run = arena("play", "--game", "kit", "--bot", "random", "--bot", hostile(tmp_path, SHOUTER),
                cwd=tmp_path)
    out = contained(run)
    assert "stderr of seat 1" in out
    assert "\\x1b]52;c;ZXZpbA==\\x07clipboard" in out
    assert "\\x1b[1A\\x1b[2Kall good" in out


def test_a_hostile_log_is_literal_in_ladder_games_and_submit(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    spec = hostile(tmp_path, SHOUTER)
    with Store(db) as store:
        lad = kit_ladder(store)
        enter(store, lad, "[/]", spec, str(tmp_path))
        enter(store, lad, "plain")
        ladder_runner.run(store, "kl", games=1, inline=True)
    out = contained(arena("ladder", "games", "kl", "--bot", "[/]", "--db", str(db),
                          cwd=tmp_path))
    assert "log of [/] v1 in game 0" in out and "plain v1" in out
    assert "\\x1b]52;c;ZXZpbA==\\x07clipboard" in out and "\\x1b[1A\\x1b[2Kall good" in out
    out = contained(arena("ladder", "submit", "kl", submittable(tmp_path, SHOUTER), "--as",
                          "shouter", "--db", str(db), cwd=tmp_path, code=1))
    assert "refused:" in out and "\\x1b[1A\\x1b[2Kall good" in out


@pytest.mark.parametrize("name", ["[/]", "bad\x1bname", LINK])
def test_submit_refuses_a_bad_name_before_any_work(tmp_path: Path, name: str) -> None:
    db = tmp_path / "l.sqlite"
    with Store(db) as store:
        folder = bot_folder(store, kit_ladder(store).name)
    spec = submittable(tmp_path, "pass")  # pinning its file would make a snapshot
    run = contained(arena("ladder", "submit", "kl", spec, "--as", name, "--db", str(db),
                          cwd=tmp_path, code=2))
    lines = [ln for ln in run.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: bot name (--as) ")
    assert shown(name) in lines[0]
    assert not any(folder.iterdir())
    with Store(db, read_only=True) as store:
        assert ls.entrants(store, ls.ladder(store, "kl").id) == []


def test_create_refuses_a_bad_ladder_name_and_a_case_twin(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    run = contained(arena("ladder", "create", "[/]", "--game", "kit", "--db", str(db),
                          cwd=tmp_path, code=2))
    assert run.strip().startswith("error: ladder name '[/]' holds characters")
    assert len(run.strip().splitlines()) == 1 and not db.exists()
    with Store(db) as store:
        enter(store, kit_ladder(store, "Rules"), "rnd")
    run = arena("ladder", "create", "rules", "--game", "kit", "--db", str(db), cwd=tmp_path,
                code=2)
    assert "differs from the existing 'Rules' only in case" in run.stderr
    run = arena("ladder", "submit", "Rules", "random", "--as", "RND", "--db", str(db),
                cwd=tmp_path, code=2)
    assert "'rnd'" in run.stderr and "(it differs only in case)" in run.stderr


def test_tournament_show_and_list_print_entrant_labels_literally(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    bots = tuple(NAMES.values())
    spec = TournamentSpec(game="kit", num_players=2, bots=bots, sprt="0,50,0.05,0.05",
                          modules=("tests.kitgame",))
    with Store(db) as store:
        store.create("[/]", spec.to_json(), pool_key(spec), [])
    out = contained(arena("tournament", "show", "[/]", "--db", str(db), cwd=tmp_path))
    assert all(shown(b) in out for b in bots) and "[/]: kit, 2 players" in out
    out = contained(arena("tournament", "list", "--db", str(db), cwd=tmp_path))
    assert shown(", ".join(bots)) in out
    doc = json.loads(arena("tournament", "show", "[/]", "--json", "--db", str(db),
                           cwd=tmp_path).stdout)
    assert [r["bot"] for r in doc["standings"]] == sorted(bots)


def test_replay_shows_recorded_bot_names_literally(tmp_path: Path) -> None:
    rec = play_match("kit", 2, ["random", "random"], seed=4)
    rec = msgspec.structs.replace(rec, bots=[LINK, NAMES["escapes"]])
    path = tmp_path / "g.json"
    path.write_bytes(encode_json(rec))
    out = contained(arena("replay", str(path), cwd=tmp_path))
    assert "verified" in out and "[link=https://evil]" in out
    assert shown(NAMES["escapes"])[:12] in out  # the bot column may cut a long name


def test_the_step_viewer_shows_recorded_bot_names_literally() -> None:
    from textual.widgets import Static

    from harness.views.viewer import ReplayViewer

    rec = play_match("kit", 2, ["random", "random"], seed=4)
    app = ReplayViewer(run(msgspec.structs.replace(rec, bots=[LINK, NAMES["escapes"]])))
    seen: dict[str, str] = {}

    async def go() -> None:
        async with app.run_test(size=(80, 40)) as pilot:
            for key in ("n", "v", "v"):  # the first move, then seat 1's view
                await pilot.press(key)
            await pilot.pause()
            seen.update({w: str(app.query_one(w, Static).content) for w in ("#move", "#view")})
            app.exit()

    asyncio.run(go())
    assert f"seat 0 {LINK} (" in seen["#move"]
    assert f"seat 1 ({shown(NAMES['escapes'])})" in seen["#view"]
    assert not any("\x1b" in s for s in seen.values())
