"""Per-game MCTS search profiles: the parameters that replace the search's defaults for a
game and player count (a spec's own parameters override both), kept as data in
bots/profiles.toml with the measurements and commands that chose them (docs/mcts.md, "Game
profiles"). A game added by a plug-in registers its own (`register`).

A game's `params` hold for every player count; an entry for a count (`players`) changes
some of them there. A count without an entry takes the entry of the nearest count that
has one (of two as near, the larger: a 3-player game is closer in kind to 4 players than
to 2), and without any entry the game's `params`."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

#: the shipped profiles (package data)
DATA = Path(__file__).with_name("profiles.toml")


def _load(path: Path) -> dict[str, dict[str, Any]]:
    """game id -> {"params": {...}, "players": {n: {"params": {...}, ...}}, ...}."""
    with path.open("rb") as f:
        raw = tomllib.load(f)
    out: dict[str, dict[str, Any]] = {}
    for game, entry in raw.items():
        counts = {int(n): dict(e) for n, e in entry.get("players", {}).items()}
        out[game] = dict(entry, params=dict(entry.get("params", {})), players=counts)
    return out


PROFILES: dict[str, dict[str, Any]] = _load(DATA)


def register(game_id: str, profile: Mapping[str, Any], players: int | None = None) -> None:
    """Give `game_id` a search profile (a plug-in game's bot package, tests): for every
    player count, or with `players` for that count (over the game's own)."""
    entry = PROFILES.setdefault(game_id, {"params": {}, "players": {}})
    if players is None:
        entry["params"] = dict(profile)
    else:
        entry["players"][players] = {"params": dict(profile)}


def count_entry(game_id: str, players: int) -> tuple[int, dict[str, Any]] | None:
    """(count, entry) of the player-count entry that `players` takes (its own, else the
    nearest, the larger of two as near), or None."""
    counts = PROFILES.get(game_id, {}).get("players", {})
    if not counts:
        return None
    n = min(counts, key=lambda k: (abs(k - players), -k))
    return n, counts[n]


def profile(game_id: str, players: int | None = None) -> dict[str, Any]:
    """The game's search profile at `players` players ({} if it has none); without a
    count, the parameters every count shares."""
    entry = PROFILES.get(game_id)
    if entry is None:
        return {}
    params = dict(entry["params"])
    found = count_entry(game_id, players) if players is not None else None
    if found is not None:
        params.update(found[1]["params"])
    return params
