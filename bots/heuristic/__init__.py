"""Rule-based bots, one module per game: `heuristic:<game id>`. Each game's descriptor
names its bot (`Game.bot`, "module:Class"); `rule_based_bot` builds it."""

from __future__ import annotations

import importlib
from typing import Any

import engine
from bots.base import Bot


class NoRuleBasedBot(LookupError):
    """The game names no rule-based bot."""


def rule_based_bot(game_id: str, **params: Any) -> Bot:
    """A new instance of the rule-based bot that `game_id`'s descriptor names."""
    path = engine.get_game(game_id).bot
    if not path:
        raise NoRuleBasedBot(f"game {game_id!r} has no rule-based bot")
    module, _, cls_name = path.partition(":")
    cls = getattr(importlib.import_module(module), cls_name)
    return cls(**params)
