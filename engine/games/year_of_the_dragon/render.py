"""Text picture of the state (used by `arena play --show`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon import data as D
from engine.games.year_of_the_dragon.board import turn_order
from engine.games.year_of_the_dragon.requests import STAGE_NAMES

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState


def _palace(pal: list[int]) -> str:
    people = [D.tile_short(t) for t in pal[1:]]
    people += ["__"] * (pal[0] - len(people))
    return "[" + " ".join(people) + "]"


def render(s: YotdState) -> str:
    rows: list[str] = []
    track = " ".join(
        f"{i + 1}:" + ("*" if i + 1 == s.round else "") + D.EVENT_SHORT[e]
        for i, e in enumerate(s.events)
    )
    rows.append(f"Year of the Dragon - round {s.round}/{D.ROUNDS}, {STAGE_NAMES[s.stage]}")
    rows.append(f"events: {track}")
    if s.great_event >= 0:
        rows.append(f"great event (round {D.GREAT_EVENT_ROUND}): "
                    f"{D.GREAT_EVENT_NAMES[s.great_event]}")
    if s.great_wall:
        owners = " ".join(f"s{p}" for p in s.wall)
        rows.append(f"wall ({len(s.wall)}/{D.WALL_LENGTH}, under slots 1..): {owners or '-'}")
    if s.card_group:
        groups: dict[int, list[str]] = {}
        for c, g in enumerate(s.card_group):
            if g >= 0:
                groups.setdefault(g, []).append(D.ACTION_NAMES[c])
        rows.append(
            "groups: " + " | ".join(
                f"{', '.join(groups[g])}" + (f" ({s.group_dragons[g]} dragon)"
                                            if s.group_dragons[g] else "")
                for g in sorted(groups)
            )
        )
    supply = " ".join(
        f"{D.tile_short(t)}:{s.supply[t]}" for t in D.VALID_TILES
    )
    rows.append(f"supply: {supply}")
    rows.append("turn order: " + " > ".join(f"seat {p}" for p in turn_order(s)))
    for p in turn_order(s):
        hand = " ".join(
            f"{D.CARD_NAMES[c][:3]}x{k}" if k > 1 else D.CARD_NAMES[c][:3]
            for c, k in enumerate(s.hands[p]) if k
        )
        wall = ""
        if s.great_wall:
            wall = f" wall tiles left {6 - bin(s.wall_used[p]).count('1')}"
        rows.append(
            f"seat {p}: VP {s.vp[p]} track {s.track[p]} yuan {s.yuan[p]} rice {s.rice[p]} "
            f"fw {s.fireworks[p]} priv {s.small_privileges[p]}s/{s.large_privileges[p]}L "
            f"palaces {' '.join(_palace(q) for q in s.palaces[p]) or '-'}{wall}"
        )
        rows.append(f"         hand: {hand or '-'}")
    if s.stack:
        req = s.stack[-1]
        n = getattr(req, "left", 0)
        left = f" ({n} left)" if n else ""
        rows.append(f"to decide: seat {req.seat}, {req.TITLE}{left}")
    else:
        rows.append("game over; ranking " + str(s.ranking()))
    return "\n".join(rows)
