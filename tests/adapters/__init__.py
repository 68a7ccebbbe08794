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
    """(game id, players, options): every game at every player count, default options.
    The peer suites run on these."""
    return [pytest.param(g.id, n, {}, id=f"{g.id}-{n}p")
            for g in engine.list_games() for n in range(g.min_players, g.max_players + 1)]


def edge_cases() -> list[Any]:
    """(game id, players, options): every game at its fewest and its most players, default
    options: for OpenSpiel's random_sim_test, the slowest check (the other adapter tests,
    whole random games through the adapter among them, run every player count)."""
    return [pytest.param(g.id, n, {}, id=f"{g.id}-{n}p")
            for g in engine.list_games() for n in sorted({g.min_players, g.max_players})]


def option_cases() -> list[Any]:
    """Each option preset at the smallest player count it allows: checks that options reach the
    engine (the conformance kit plays them)."""
    return [pytest.param(g.id, n, dict(p), id=f"{g.id}-preset{i}")
            for g in engine.list_games() for i, p in enumerate(g.presets)
            for n in [next(k for k in range(g.min_players, g.max_players + 1)
                           if g.allows(k, p))]]


def game_ids() -> list[str]:
    return [g.id for g in engine.list_games()]
