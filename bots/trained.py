"""`trained:<game>[:k=v,...]`: the MCTS bot with the value model trained for the game by
`arena train` (docs/training.md), shipped with the project in bots/models/.

It is `mcts:model=<the shipped file>,<the parameters measured best with it>` (`TRAINED`);
parameters given after the game are added (`trained:year_of_the_dragon:time=0.2`). A
shipped model knows its player count: at another one the bot refuses to start in one
line, as any `mcts:model=PATH` does."""

from __future__ import annotations

from pathlib import Path

from bots.base import Bot
from bots.spec import BotSpecError, Value, parse_params

#: the folder of the shipped models
MODELS = Path(__file__).with_name("models")

#: game -> (model file in MODELS, the search parameters it plays with, over the game's
#: profile: docs/training.md gives the run of each model and the measurements that chose
#: them; on the compiled engine the profile's own playout length, 30 and 20, won 51.0% and
#: 50.5% of 200 games where the shorter ones the runs used, 10 and 8, won 42.8% and 45.0%;
#: Gugong's model trained again for its layout's token-discard bound: 48.5%)
TRAINED: dict[str, tuple[str, str]] = {
    "year_of_the_dragon": ("year_of_the_dragon-2p.npz", "model_views=own"),
    "gugong": ("gugong-2p.npz", "model_views=own"),
}


def model_path(game_id: str) -> Path | None:
    """The shipped model of `game_id`, if there is one."""
    entry = TRAINED.get(game_id)
    return None if entry is None else MODELS / entry[0]


def players(game_id: str) -> int | None:
    """The player count the shipped model of `game_id` was trained for (None: no model)."""
    from bots.mcts_model import model_at  # numpy; only when asked for

    path = model_path(game_id)
    return None if path is None else model_at(str(path)).header.players


def trained_bot(game_id: str, params: dict[str, Value] | None = None) -> Bot:
    """The MCTS bot with the shipped model of `game_id` (BotSpecError if it has none)."""
    path = model_path(game_id)
    if path is None:
        have = ", ".join(sorted(TRAINED)) or "none"
        raise BotSpecError(f"no trained model for game {game_id!r} (trained: {have})")
    given = parse_params(TRAINED[game_id][1]) | dict(params or {})
    if "model" in given:
        raise BotSpecError("trained:<game> plays its shipped model; for another model file "
                           "use mcts:model=PATH")
    from bots.mcts import MCTSBot

    return MCTSBot(**given, model=str(path))
