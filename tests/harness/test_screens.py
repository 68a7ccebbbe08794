"""Issue 38: what a person sees in a real terminal (tmux) at 80x24 and 120x40: the rating
plot, `arena eval`'s table and a tournament's table fit the width (no line the terminal had
to wrap) and keep their key content; a narrow terminal names the columns left out. Human
play on one screen: tests/harness/test_play_screen.py."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from harness.cluster.dispatch import Inline
from harness.eval.run import eval_spec, run_eval
from harness.ladders import runner as ladder_runner
from harness.storage.database import Store
from harness.tournaments import runner as tour_runner
from harness.tournaments.schedule import TournamentSpec
from harness.tournaments.service import create
from tests.tmux import ARENA, ROOT, Tmux, needs_tmux

pytestmark = needs_tmux
SIZES = [(80, 24), (120, 40)]
KIT = ["--game", "kit", "--game-module", "tests.kitgame"]


def _arena(*args: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    run = subprocess.run([*ARENA, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr


@pytest.fixture(scope="module")
def dbs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A ladder with rated games, a finished tournament and the games of an eval. Their
    games are played in this process (what is tested here is how the screens draw them;
    runs on Ray are tested in test_ladder_run.py, test_tournament_run.py and
    tests/bots/test_mcts_commands.py, and a Ray start costs seconds)."""
    import tests.kitgame  # noqa: F401  (registers the kit game here)

    d = tmp_path_factory.mktemp("screens")
    ladder, tour = d / "l.sqlite", d / "t.sqlite"
    _arena("ladder", "create", "kl", *KIT, "--db", str(ladder))
    for spec, name in (("random", "rnd"), ("mcts:iters=20", "search")):
        _arena("ladder", "submit", "kl", spec, "--as", name, "--db", str(ladder))
    with Store(ladder) as store:
        ladder_runner.run(store, "kl", games=14, inline=True)
    with pytest.MonkeyPatch.context() as mp, Store(tour) as store:
        mp.setattr(tour_runner, "Dispatcher", lambda fn, common, **_: Inline(fn, common, None))
        create(store, "tt", TournamentSpec(game="kit", num_players=2,
                                           bots=("random", "mcts:iters=20"), games=4,
                                           modules=("tests.kitgame",)))
        tour_runner.run(store, "tt", 1)
        with Store(d / "eval.sqlite") as evals:  # the games of the eval table's command
            run_eval(evals, eval_spec("kit", 2, "mcts:iters=20", "random", 2,
                                      modules=("tests.kitgame",)), quiet=True)
    return {"ladder": ladder, "tournament": tour, "dir": d}


def screen_of(args: list[str], width: int, height: int, until: str = "[exited]") -> list[str]:
    """The lines a command printed in a `width` x `height` tmux window, wrapped lines joined;
    asserts none is wider than the window."""
    with Tmux([*ARENA, *args], width=width, height=height) as t:
        t.wait_for(until, timeout=120, whole=True)
        lines = t.joined()
    wide = [ln for ln in lines if len(ln) > width]
    assert not wide, "\n".join(lines)
    return lines


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_rating_plot_fits(dbs: dict[str, Path], width: int, height: int) -> None:
    lines = screen_of(["ladder", "history", "kl", "--db", str(dbs["ladder"])], width, height)
    text = "\n".join(lines)
    assert "rating (mu) after each game" in text and "ladder game" in text
    axis = next(ln for ln in lines if "└" in ln)
    assert axis.count("┬") >= 2  # the x axis on one line, with its ticks
    ticks = lines[lines.index(axis) + 1].split()
    assert ticks and all(t.isdigit() for t in ticks)  # whole game numbers
    assert "rnd v1:" in text and "search v1:" in text


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_tournament_table_fits(dbs: dict[str, Path], width: int, height: int) -> None:
    lines = screen_of(["tournament", "show", "tt", "--db", str(dbs["tournament"])], width,
                      height)
    text = "\n".join(lines)
    assert "random" in text and "mcts:iters=20" in text and "4 games counted" in text


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_eval_table_fits_and_shows_each_row_once(dbs: dict[str, Path], width: int,
                                                     height: int) -> None:
    db = dbs["dir"] / "eval.sqlite"
    lines = screen_of(["eval", *KIT, "--bot", "mcts:iters=20", "--opponents", "random",
                       "--games", "2", "--workers", "1", "--db", str(db)], width, height)
    rows = [ln for ln in lines if ln.split()[:1] == ["kit"] and "%" in ln]  # not progress
    assert len(rows) == 1 and "random" in rows[0]
    text = "\n".join(lines)
    assert "win share" in text
    if width < 100:
        assert "narrow terminal, left out:" in text



@pytest.mark.parametrize(("width", "height"), SIZES)
def test_an_error_line_is_wrapped_at_words_not_inside_them(width: int, height: int) -> None:
    """A long error on a terminal comes in whole words (the terminal's own wrapping cut
    them: a model of another layout's two digests were split across lines); in a pipe
    it stays one line, for logs and grep."""
    args = ["play", "--game", "no_such_game_" + "x" * 40, "--bots", "random,random"]
    with Tmux([*ARENA, *args], width=width, height=height) as t:
        t.wait_for("[exited]", timeout=120, whole=True)
        screen = [ln for ln in t.joined() if ln and "[exited]" not in ln]
    assert not [ln for ln in screen if len(ln) > width], "\n".join(screen)
    words = [w.strip(",") for w in " ".join(screen).split()]
    assert words[:3] == ["error:", "unknown", "game"]
    assert {"year_of_the_dragon", "dragon_castle", "gugong"} <= set(words)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    piped = subprocess.run([*ARENA, *args], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=120)
    assert piped.returncode == 2
    assert len(piped.stderr.strip().splitlines()) == 1
