"""`trained:<game>`: the shipped value models (bots/models/) and the bot that plays them."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bots.mcts_model import checked
from bots.model_file import ModelError
from bots.registry import BotSpecError, make_bot
from bots.spec import BotSpec
from bots.trained import MODELS, TRAINED, model_path, players
from harness.ladders import runner as ladder_runner
from harness.ladders.pin import pin
from harness.ladders.service import create, submit
from harness.play.entrants import check_spec
from harness.play.match import play_match
from harness.storage import ladders as ls
from harness.storage.database import Store
from harness.views.demo import entrants


@pytest.mark.parametrize("game_id", sorted(TRAINED))
def test_every_shipped_model_reads_todays_observation_layout(game_id: str) -> None:
    """A change of the game's observation (its layout fingerprint) must come with a model
    trained again: `checked` refuses a model of another layout."""
    path = model_path(game_id)
    assert path is not None and path.parent == MODELS and path.is_file()
    n = players(game_id)
    assert n is not None
    model, lay = checked(str(path), game_id, n)
    assert model.header.game == game_id and model.net.inputs == lay.size
    assert model.header.generation >= 1 and model.header.training_games > 0


@pytest.mark.parametrize("game_id", sorted(TRAINED))
def test_the_trained_bot_plays_a_whole_game(game_id: str) -> None:
    n = players(game_id)
    assert n is not None and BotSpec.parse(f"trained:{game_id}:iters=8").game == game_id
    rec = play_match(game_id, n, [f"trained:{game_id}:iters=8"] + ["random"] * (n - 1),
                     seed=3)
    assert rec.outcome == "normal" and not rec.failures and len(rec.scores) == n


def test_wrong_uses_are_refused_in_one_line() -> None:
    game_id = sorted(TRAINED)[0]
    n = players(game_id)
    assert n is not None
    other = next(k for k in range(engine.get_game(game_id).min_players,
                                  engine.get_game(game_id).max_players + 1) if k != n)
    with pytest.raises(ModelError, match=f"trained for {game_id} at {n} players, not "
                                         f"{game_id} at {other}"):
        check_spec(game_id, f"trained:{game_id}", other)
    check_spec(game_id, f"trained:{game_id}", n)
    with pytest.raises(BotSpecError, match="no trained model for game 'nosuch'"):
        make_bot("trained:nosuch")
    with pytest.raises(BotSpecError, match="named trained:<game id>"):
        make_bot("trained:")
    with pytest.raises(BotSpecError, match="use mcts:model=PATH"):
        make_bot(f"trained:{game_id}:model=x.npz")


def test_the_demo_enters_the_trained_bot_where_one_is_shipped() -> None:
    for game_id in (g.id for g in engine.list_games()):
        names = [name for _, name in entrants(game_id, 2)]
        assert ("mcts-trained" in names) == (players(game_id) == 2), game_id
        assert "mcts-trained" not in [name for _, name in entrants(game_id, 3)]


def test_a_trained_bot_sits_on_a_ladder_beside_the_others(tmp_path: Path) -> None:
    game_id = sorted(TRAINED)[0]
    n = players(game_id)
    assert n is not None
    spec = f"trained:{game_id}:iters=8"
    a = pin(spec, tmp_path / "snap")  # the project's bot sources, models included, hashed
    assert a.run_spec == spec and a.snapshot is None
    with Store(tmp_path / "l.sqlite") as store:
        lad = create(store, "t", ls.LadderSpec(game=game_id, num_players=n, seed=1))
        for s, name in ((spec, "trained"), ("random", "random"), ("mcts:iters=8", "mcts")):
            assert submit(store, "t", s, name).entrant is not None
        ladder_runner.run(store, "t", games=3, inline=True)
        games = ls.games(store, lad.id)
        names = {e.id: e.name for e in ls.entrants(store, lad.id)}
    assert len(games) == 3 and {g.status for g in games} == {"done"}
    assert "trained" in {names[e] for g in games for e in g.entrants}
