"""One package per game. `engine.games()` stays callable after this package is imported.

Importing `engine.games.<id>` binds this package to the attribute `engine.games`,
which would hide the function `engine.games()`; making the package module itself
callable keeps that documented API working either way.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallableGamesPackage(types.ModuleType):
    def __call__(self) -> list[Any]:
        from engine import list_games

        return list_games()


sys.modules[__name__].__class__ = _CallableGamesPackage
