"""Bots: random, heuristic:<game>, mcts, python:..., cmd:..., entry points `arena.bots`."""

from bots.base import Bot, RandomBot
from bots.registry import BotSpecError, make_bot

__all__ = ["Bot", "BotSpecError", "RandomBot", "make_bot"]
