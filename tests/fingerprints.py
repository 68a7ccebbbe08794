"""Fingerprints of seeded games (issues 39 and 41: "the same seeded games end in the same
states before and after"). For every game, player count and option preset, one seeded random
playout and one short seeded MCTS game; each is reduced to hashes of what a refactor or a
speed change must not alter: the legal actions offered at every step (in their order), the
action chosen, every seat's observation content (key order ignored), the final state's content
and the scores.

`python -m tests.fingerprints` rewrites tests/data/fingerprints.json (then read the diff:
a change there is a change of behaviour); tests/conformance/test_fingerprints.py compares.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import msgspec

import engine
from engine import kernel
from engine.registry import BUILTIN

PATH = Path(__file__).parent / "data" / "fingerprints.json"
SEED = 7


def _h(*parts: bytes) -> str:
    d = hashlib.sha256()
    for p in parts:
        d.update(p)
    return d.hexdigest()[:20]


#: field renames a refactor made, old name -> new name (applied to observations and states
#: before hashing, so a rename alone keeps the fingerprint; the rest must still agree)
ALIASES: dict[str, str] = {"stage": "step"}  # year_of_the_dragon (issue 39)


def _renamed(x: Any) -> Any:
    if isinstance(x, dict):
        return {ALIASES.get(k, k): _renamed(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_renamed(v) for v in x]
    return x


def _obs_bytes(obs: Any) -> bytes:
    """Content, not layout: keys sorted and renamed (ALIASES), so field order and renames
    do not count."""
    return json.dumps(_renamed(msgspec.to_builtins(obs)), sort_keys=True).encode()


def _derived(cls: type) -> set[str]:
    """Fields declared DERIVED: caches of public facts, which speed work may add, drop or
    change without changing behaviour (what they cache is checked through the rest);
    `decision` is counted, not cached."""
    return {name for name, vis in kernel.declarations(cls).items()
            if vis is kernel.DERIVED and name != "decision"}


def _state_bytes(s: Any) -> bytes:
    """The state's content without its derived caches (keys sorted and renamed)."""
    skip = _derived(type(s))
    content = {k: v for k, v in msgspec.to_builtins(s).items() if k not in skip}
    return json.dumps(_renamed(content), sort_keys=True).encode()


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    """Defaults at every player count; each preset at the fewest players it allows."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for game_id in BUILTIN:  # the games this repository ships (tests register others)
        game = engine.get_game(game_id)
        for n in range(game.min_players, game.max_players + 1):
            out.append((game.id, n, {}))
        for preset in game.presets:
            allowed = [k for k in range(game.min_players, game.max_players + 1)
                       if game.allows(k, preset)]
            if allowed:
                out.append((game.id, allowed[0], dict(preset)))
    return out


def key(game_id: str, n: int, preset: dict[str, Any]) -> str:
    return f"{game_id}/{n}/" + ",".join(f"{k}={v}" for k, v in sorted(preset.items()))


def random_game(game_id: str, n: int, preset: dict[str, Any], seed: int = SEED) -> dict[str, Any]:
    """One seeded random playout, every seat's observation at every step hashed."""
    s = engine.make(game_id, n, seed, **preset)
    pick = random.Random(seed)
    legal_h, obs_h = hashlib.sha256(), hashlib.sha256()
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        legal_h.update(msgspec.msgpack.encode(legal))
        for seat in range(n):
            obs_h.update(_obs_bytes(s.observation(seat)))
        s.apply(pick.choice(legal))
        steps += 1
    for seat in range(n):
        obs_h.update(_obs_bytes(s.observation(seat)))
    return {"decisions": steps, "legal": legal_h.hexdigest()[:20],
            "observations": obs_h.hexdigest()[:20],
            "state": _h(_state_bytes(s)), "scores": list(s.scores())}


def mcts_game(game_id: str, n: int, preset: dict[str, Any], seed: int = SEED) -> dict[str, Any]:
    """One seeded game of plain MCTS (few iterations) against itself: the search's own
    determinizations (`sample_state`) and rollouts all enter the moves it picks."""
    from bots.registry import make_bot

    s = engine.make(game_id, n, seed, **preset)
    bots = [make_bot("mcts:iters=12") for _ in range(n)]
    for p, b in enumerate(bots):
        b.reset(game_id, n, p, seed + p)
    moves = hashlib.sha256()
    steps = 0
    while not s.is_terminal() and steps < 400:
        p = s.current_player()
        a = bots[p].act(s.observation(p), None)
        moves.update(msgspec.msgpack.encode(a))
        s.apply(a)
        steps += 1
    return {"decisions": steps, "moves": moves.hexdigest()[:20],
            "state": _h(_state_bytes(s))}


def compute(which: list[tuple[str, int, dict[str, Any]]] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game_id, n, preset in which or cases():
        entry = {"random": random_game(game_id, n, preset)}
        if not preset and n == 2:
            entry["mcts"] = mcts_game(game_id, n, preset)
        out[key(game_id, n, preset)] = entry
    return out


if __name__ == "__main__":
    data = compute()
    PATH.parent.mkdir(exist_ok=True)
    PATH.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(data)} fingerprints written to {PATH}", file=sys.stderr)
