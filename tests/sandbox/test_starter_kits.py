"""The starter kits of examples/starter: each kit bot plays against random through the
sandbox, legally (no failure of any kind), in a few seconds; the compiled kits (C++, Rust)
are built as their docs say, win nearly all their games, and their hand-written JSON
readers agree with Python's on valid and invalid text."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.play.clock import TimeControl
from harness.play.match import play_match

STARTER = Path(__file__).resolve().parents[2] / "examples" / "starter"
PY = shlex.quote(sys.executable)

needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="node is not installed (the JavaScript kit needs it)")
needs_cpp = pytest.mark.skipif(shutil.which("g++") is None or shutil.which("make") is None,
                               reason="g++ or make is not installed (the C++ kit needs both)")
needs_rust = pytest.mark.skipif(shutil.which("cargo") is None or shutil.which("rustc") is None,
                                reason="cargo is not installed (the Rust kit needs it)")

#: JSON texts both kits must read as Python does (one per line)
VALID = [
    '{"a": [1, -2, 3.5, -0.25e-3, 1E+2, 0, -0], "b": "q\\"b\\\\s\\/\\b\\f\\n\\r\\t",'
    ' "c": "\\u00e9\\u4e2d\\ud83d\\ude00 é中😀", "d": true, "e": false, "f": null}',
    '  [ {}, [], [[[]]], {"k": {"k": {}}}, "", 1e-300, 9007199254740993 ]  ',
    '"\\u0000\\u001f control"',
    '{"type": "act", "observation": {"legal_actions": [{"type": "Pass"}]}, "time_left": null}',
]
#: texts they must refuse, as Python's json does
INVALID = ["01", "[1,]", '{"a": 1,}', "{'a': 1}", '"\\x"', "tru", "1.", ".5", '"a\tb"',
           "1 2", "[", '{"a" 1}', "nul", "-", '"\\u12"', "", "[1 2]"]


def spec(runtime: str, bot: str, *kit: str) -> str:
    """A `cmd:` spec naming the bot and the kit files it brings into the sandbox."""
    return f"cmd:{runtime} " + " ".join(shlex.quote(str(STARTER / f)) for f in (bot, *kit))


def check(game: str, bot_spec: str) -> None:
    rec = play_match(game, 2, [bot_spec, "random"], seed=1, time_control=TimeControl(per_move=5.0))
    assert rec.outcome == "normal" and not rec.failures, (rec.failures, rec.logs)


def wins_against_random(game: str, bot_spec: str, games: int = 6) -> int:
    """Games won of `games` against random, the bot's seat alternating, each in the
    sandbox and without a failure."""
    won = 0
    for g in range(games):
        seat = g % 2
        bots = [bot_spec, "random"] if seat == 0 else ["random", bot_spec]
        rec = play_match(game, 2, bots, seed=g, time_control=TimeControl(per_move=5.0))
        assert rec.outcome == "normal" and not rec.failures, (rec.failures, rec.logs)
        won += rec.ranking[seat] == 0
    return won


def reads_like_python(program: list[str]) -> None:
    """`program` (reading JSON lines, printing each value back, or ERROR) agrees with
    Python's json on VALID and INVALID."""
    lines = [*VALID, *INVALID]
    out = subprocess.run(program, input="\n".join(lines) + "\n", capture_output=True,
                         text=True, timeout=30, check=True).stdout.splitlines()
    assert len(out) == len(lines), out
    for text, echoed in zip(VALID, out, strict=False):
        assert json.loads(echoed) == json.loads(text), (text, echoed)
    for text, echoed in zip(INVALID, out[len(VALID):], strict=True):
        assert echoed == "ERROR", (text, echoed)


@needs_node
def test_dragon_castle_js_bot_plays_legally() -> None:
    check("dragon_castle", spec("node", "dragon_castle_bot.js", "kit.js",
                                "kit_dragon_castle.js"))


def test_rotunda_python_bot_plays_legally() -> None:
    check("rotunda", spec(PY, "rotunda_bot.py", "kit.py", "kit_rotunda.py"))


def _copy(kit: str, dest: Path) -> Path:
    """A copy of a kit's sources (no build output), to build as an author would."""
    shutil.copytree(STARTER / kit, dest, ignore=shutil.ignore_patterns(
        "target", "dragon_castle_bot", "rotunda_bot"))
    return dest


@needs_cpp
def test_cpp_kit_builds_with_make_and_beats_random(tmp_path: Path) -> None:
    kit = _copy("cpp", tmp_path / "cpp")
    # the Makefile's static link as it is; -O0 (not -O2) halves the compile time, and
    # -Werror keeps the kit free of warnings
    subprocess.run(["make", "-s", "CXXFLAGS=-std=c++17 -O0 -Wall -Wextra -Werror"], cwd=kit,
                   check=True, timeout=120)
    assert wins_against_random("dragon_castle", f"cmd:{kit / 'dragon_castle_bot'}") >= 5


@needs_cpp
def test_cpp_json_reader_reads_as_python_does(tmp_path: Path) -> None:
    (tmp_path / "echo.cpp").write_text(
        '#include "json.hpp"\n#include <iostream>\nint main() {\n  std::string line;\n'
        "  while (std::getline(std::cin, line)) {\n"
        '    try { std::cout << json::parse(line).dump() << "\\n"; }\n'
        '    catch (const json::Error&) { std::cout << "ERROR\\n"; }\n  }\n}\n')
    subprocess.run(["g++", "-std=c++17", "-O1", f"-I{STARTER / 'cpp'}", "-o", "echo",
                    "echo.cpp"], cwd=tmp_path, check=True, timeout=120)
    reads_like_python([str(tmp_path / "echo")])


@needs_rust
def test_rust_kit_builds_with_cargo_and_beats_random(tmp_path: Path) -> None:
    kit = _copy("rust", tmp_path / "rust")
    subprocess.run(["cargo", "build", "--release", "--offline", "--quiet"], cwd=kit,
                   check=True, timeout=300)
    # cargo hard-links its binaries, which a submission refuses: the docs say copy it out
    shutil.copy(kit / "target" / "release" / "rotunda_bot", kit / "rotunda_bot")
    assert wins_against_random("rotunda", f"cmd:{kit / 'rotunda_bot'}") >= 5


@needs_rust
def test_rust_json_reader_reads_as_python_does(tmp_path: Path) -> None:
    (tmp_path / "echo.rs").write_text(
        f"#![allow(dead_code)]\n#[path = {json.dumps(str(STARTER / 'rust' / 'src' / 'json.rs'))}]"
        "\nmod json;\nuse std::io::BufRead;\nfn main() {\n"
        "    for line in std::io::stdin().lock().lines() {\n"
        "        match json::parse(&line.unwrap()) {\n"
        '            Ok(v) => println!("{v}"),\n            Err(_) => println!("ERROR"),\n'
        "        }\n    }\n}\n")
    subprocess.run(["rustc", "--edition", "2021", "-O", "-o", "echo", "echo.rs"],
                   cwd=tmp_path, check=True, timeout=120)
    reads_like_python([str(tmp_path / "echo")])
