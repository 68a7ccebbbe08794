"""Adapters that expose every registered game to other ecosystems.

- `engine.adapters.openspiel`: OpenSpiel Python games `dynasty_<game id>` (extra `openspiel`).
- `engine.adapters.pettingzoo`: PettingZoo AEC environments (extra `pettingzoo`).

Both import their third-party package on import, so import the one you need. Both serve
the numeric observation of `engine.tensor`. This package itself holds only what the two
share and depends on the engine alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.registry import Game


def default_players(game: Game) -> int:
    """Two players when the game allows it, otherwise the nearest allowed count."""
    return max(game.min_players, min(2, game.max_players))


def rank_returns(ranking: Sequence[int]) -> list[float]:
    """Zero-sum returns in [-1, 1] from final places (0 = winner).

    A seat earns +1 for every seat it finished ahead of and -1 for every seat ahead
    of it, divided by `n - 1`; tied seats count neither way. A lone winner gets 1, a
    lone last gets -1, and the returns always sum to 0.
    """
    n = len(ranking)
    if n < 2:
        return [1.0 if r == 0 else 0.0 for r in ranking]
    out = []
    for mine in ranking:
        beaten = sum(1 for r in ranking if r > mine)
        ahead = sum(1 for r in ranking if r < mine)
        out.append((beaten - ahead) / (n - 1))
    return out
