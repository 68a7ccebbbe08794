"""`arena tune` on an embedded Ray with the kit game: a run killed in the middle of a step
continues where it stopped and ends exactly as an uninterrupted run (iteration budgets are
deterministic); a folder of another run is refused; the command's bad input is one line."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from harness.cli.main import main
from harness.storage.database import Store
from harness.tuning.run import DB, RESULT, STATE, TuneConfig, TuneError, tune

KIT = ("tests.kitgame",)


class Watch:
    """Records the steps; raises KeyboardInterrupt (a kill) once `stop_after` games of
    step `stop_in` are done."""

    def __init__(self, stop_in: int | None = None, stop_after: int = 1) -> None:
        self.stop_in, self.stop_after = stop_in, stop_after
        self.steps: list[int] = []

    def stepped(self, state: dict[str, Any]) -> None:
        self.steps.append(len(state["steps"]))

    def playing(self, step: int, done: int, total: int) -> None:
        if step == self.stop_in and done >= self.stop_after:
            raise KeyboardInterrupt


def config(out: Path, **more: Any) -> TuneConfig:
    settings: dict[str, Any] = dict(game="kit", players=2, out=out, tune=("c", "depth"),
                                    budget="iters=4", params={"rollout": "cutoff"},
                                    games=8, pairs_per_step=2, workers=2, modules=KIT)
    return TuneConfig(**(settings | more))


@pytest.mark.slow
@pytest.mark.usefixtures("local_ray")
def test_a_killed_run_continues_its_step_and_ends_as_an_uninterrupted_run(
        tmp_path: Path) -> None:
    whole = tune(config(tmp_path / "whole"), Watch())
    assert len(whole["steps"]) == 2 and whole["k"] == 4
    assert sum(s["games"] for s in whole["steps"]) == 8

    cfg = config(tmp_path / "killed")
    with pytest.raises(KeyboardInterrupt):
        tune(cfg, Watch(stop_in=1, stop_after=1))  # killed during the second step
    on_disk = json.loads((cfg.out / STATE).read_text())
    assert len(on_disk["steps"]) == 1 and not (cfg.out / RESULT).exists()
    with Store(cfg.out / DB) as store:
        played = {t.name: sum(g.status == "done" for g in store.games(t.id))
                  for t in store.tournaments()}
    assert sorted(played.values()) == [sorted(played.values())[0], 4]  # step 2 under way

    again = tune(cfg, Watch())
    with Store(cfg.out / DB) as store:
        assert len(store.tournaments()) == 2  # each step's games played once
        assert all(sum(g.status == "done" for g in store.games(t.id)) == 4
                   for t in store.tournaments())
    for key in ("theta", "k"):
        assert again[key] == whole[key]
    def strip(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in s.items() if k != "load"} for s in steps]

    assert strip(again["steps"]) == strip(whole["steps"])
    result = json.loads((cfg.out / RESULT).read_text())
    assert result["games"] == 8 and set(result["tuned"]) == {"c", "depth"}
    entry = tomllib.loads(result["profile_entry"])  # pastes into bots/profiles.toml
    assert entry == {"kit": {"players": {"2": {"params": result["tuned"]}}}}
    assert "--sprt" in result["verify"]

    finished = Watch()
    tune(cfg, finished)  # done: nothing more is played
    assert finished.steps == [2]


@pytest.mark.slow
@pytest.mark.usefixtures("local_ray")
def test_against_opponents_each_probe_plays_the_same_deals(tmp_path: Path) -> None:
    cfg = config(tmp_path, players=3, opponents=("random",), games=6, pairs_per_step=1,
                 tune=("c",))
    state = tune(cfg, Watch())
    assert len(state["steps"]) == 1 and state["steps"][0]["games"] == 6
    with Store(cfg.out / DB) as store:
        seeds = [[(g.seed, g.bots.index(next(b for b in g.bots if "=" in b)))
                  for g in store.games(t.id)] for t in store.tournaments()]
    assert len(seeds) == 2 and seeds[0] == seeds[1]  # plus and minus: same deals and seats


def test_a_folder_of_another_run_is_refused(tmp_path: Path) -> None:
    cfg = config(tmp_path)
    (tmp_path / STATE).write_text(json.dumps(dict(cfg.settings(), game="gugong")))
    with pytest.raises(TuneError, match="holds a tuning run with game='gugong'"):
        tune(cfg, Watch())


def arena(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(["tune", *args])
    got = capsys.readouterr()
    assert exit_.value.code == 2, got.out + got.err
    lines = [ln for ln in got.err.splitlines() if ln.strip()]
    assert len(lines) == 1, got.err
    return " ".join(lines[0].split())


@pytest.mark.parametrize(("args", "said"), [
    (["no_such_game"], "unknown game"),
    (["kit", "-n", "9"], "players"),
    (["kit", "--tune", "rollout"], "rollout has no tuning range; parameters with one: c,"),
    (["kit", "--tune", "c,bogus"], "bogus has no tuning range"),
    (["kit", "--params", "c=x"], "--params: c must be a number, not 'x'"),
    (["kit", "--params", "cpu=0.1"], "--params names no budget"),
    (["kit", "--cpu", "0.1", "--iters", "5"], "give one of --cpu, --iters and --time-per-move"),
    (["kit", "--cpu", "0"], "--cpu must be positive"),
    (["kit", "--games", "0"], "'--games': Input should be greater"),
    (["kit", "--pairs-per-step", "0"],
     "'--pairs-per-step': Input should be greater"),
    (["kit", "--r-end", "-1"], "--r-end must be positive"),
    (["kit", "--workers", "0"], "'--workers': Input should be greater"),
    (["kit", "--opponents", "nobot"], "nobot"),
    (["kit", "--params", "c=3", "--tune", "c"], "c starts at 3, outside its tuning range 0.02-2"),
    (["kit", "--params", "guide=0", "--tune", "guide,widen"], "widen starts at 0, outside"),
])
def test_bad_input_is_one_line_before_any_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str],
        said: str) -> None:
    line = arena(capsys, *args, "--game-module", "tests.kitgame", "--out",
                 str(tmp_path / "run"))
    assert line.startswith("error: ") and said in line
    assert not (tmp_path / "run").exists()


def test_an_unwritable_folder_is_refused(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    line = arena(capsys, "kit", "--game-module", "tests.kitgame", "--out", str(blocked))
    assert "cannot write --out" in line and "not a folder" in line


def test_the_check_at_more_players_is_an_eval_sprt_against_the_profile(
        tmp_path: Path) -> None:
    """The result's check of a 3-player run: `arena eval -n 3` of the tuned values against
    copies of the profile at equal time, with the SPRT (a tournament that validates)."""
    import shlex

    from harness.eval.run import eval_spec
    from harness.tournaments.schedule import validate
    from harness.tuning.run import SPRT, summary

    cfg = config(tmp_path, players=3, budget="cpu=0.05", tune=("c",))
    state = dict(cfg.settings(), theta=[-1.5], k=1, seconds=1.0, steps=[
        {"result": 1.0, "games": 6, "load": 1.0}])
    verify = shlex.split(summary(cfg, state)["verify"])
    assert verify[:2] == ["arena", "eval"]
    args = dict(zip(verify[2::2], verify[3::2], strict=False))
    assert args["-n"] == "3" and args["--sprt"] == SPRT and args["--time-per-move"] == "0.05"
    assert args["--bot"] == "mcts:time=0.05,rollout=cutoff,c=0.2231"
    assert args["--opponents"] == "mcts:time=0.05" and args["--game-module"] == KIT[0]
    validate(eval_spec("kit", 3, args["--bot"], args["--opponents"], 2000, sprt=SPRT,
                       time_per_move=0.05, modules=KIT))
