"""Adapter tests: OpenSpiel and PettingZoo peer suites over every registered game."""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any

import pytest

import engine


def require(module: str) -> ModuleType:
    """Import an optional dependency: skipped locally when missing, an error in CI
    (CI installs `.[test]`, which includes the adapters' packages)."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"pip install -e '.[test]' brings {module}")


def cases() -> list[Any]:
    """(game id, players, options): every game at every player count with default
    options, plus each option preset at the smallest player count."""
    out = []
    for game in engine.games():
        for n in range(game.min_players, game.max_players + 1):
            out.append(pytest.param(game.id, n, {}, id=f"{game.id}-{n}p"))
        for i, preset in enumerate(game.presets):
            out.append(pytest.param(game.id, game.min_players, dict(preset),
                                    id=f"{game.id}-{game.min_players}p-preset{i}"))
    return out


def game_ids() -> list[str]:
    return [g.id for g in engine.games()]
