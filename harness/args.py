"""Command-line argument helpers shared by `arena play` and `arena tournament`."""

from __future__ import annotations

from typing import Any

from bots.registry import parse_params
from engine.protocol import ArenaError


class UsageProblem(ArenaError, ValueError):
    """A command-line argument that cannot be used."""


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """`["great_wall=true", "k=3"]` -> {"great_wall": True, "k": 3}."""
    opts: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise UsageProblem(f"--option {pair!r} must look like name=value")
        opts.update(parse_params(pair))
    return opts


def split_specs(text: str) -> list[str]:
    """Comma-separated bot specs, where a piece `key=value` (no kind before it) continues
    the previous spec's parameters: `mcts:iters=200,c=1.4,random` -> two specs."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        key = piece.split("=", 1)[0]
        if "=" in piece and ":" not in key and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def split_bots(text: str | None, num_players: int) -> list[str]:
    """`a,b` -> one spec per seat; a single spec fills every seat; default random."""
    if not text:
        return ["random"] * num_players
    specs = split_specs(text)
    if len(specs) == 1:
        specs *= num_players
    if len(specs) != num_players:
        raise UsageProblem(f"--bots lists {len(specs)} bots for {num_players} players")
    return specs
