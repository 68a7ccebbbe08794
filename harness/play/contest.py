"""The set-up of a contest between entrants (a tournament, a ladder, `arena eval`), checked
before any game: its plug-in game modules imported and their games registered, the game,
the player count and the options. Drivers, cluster workers and the ladder server load a
contest's modules the same way (`load_modules`)."""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import engine
from engine.protocol import ArenaError
from engine.registry import Game, register


class SetupError(ArenaError, ValueError):
    """A contest's set-up that cannot be played (a plug-in module that does not import)."""


def load_modules(modules: tuple[str, ...] | list[str],
                 error: type[Exception] = SetupError) -> None:
    """Import plug-in modules and register the `GAME` each defines (idempotent).
    Modules are found on sys.path or in the current directory (as Ray workers do); one
    that does not import is an `error`."""
    if modules and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    for name in modules:
        try:
            mod = importlib.import_module(name)
        except ImportError as e:
            raise error(f"cannot import game module {name!r}: {e}") from None
        game = getattr(mod, "GAME", None)
        if isinstance(game, Game):
            register(game)


def check_setup(game_id: str, modules: tuple[str, ...] | list[str], num_players: int,
                options: dict[str, Any], what: str, error: type[Exception]) -> None:
    """The set-up every contest between entrants checks (a tournament, a ladder): its
    plug-in modules, the game, the player count (at least 2) and the options; a bad one
    is an `error` naming the contest (`what`)."""
    load_modules(modules, error)
    game = engine.get_game(game_id)
    game.check_players(num_players)
    if num_players < 2:
        raise error(f"a {what} needs at least 2 players per game: a 1-player game is a solo "
                    "game against the rules' own opponent (no entrant meets another); play "
                    "it with `arena play -n 1`")
    game.resolve_options(options, num_players)
