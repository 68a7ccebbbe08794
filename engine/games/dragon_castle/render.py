"""Text picture of a Dragon Castle state (used by `arena play --show`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import (
    CASTLE_COLS,
    CASTLE_ROWS,
    DRAGON_CARDS,
    LABEL,
    MAX_CASTLE_HEIGHT,
    REALM_CELLS,
    REALM_SIZE,
    SPIRIT_CARDS,
    castle_index,
)

if TYPE_CHECKING:
    from .state import DragonCastleState

LEGEND = ("stones: m/s/f + number = merchant/soldier/farmer; S = season, W = wind, D = dragon; "
          "realm cell = height + top (## face down, [] face down with shrine)")


def castle_lines(s: DragonCastleState) -> list[str]:
    """One line per castle row: height digit + label of the top stone, '  . ' when empty."""
    out = []
    for y in range(CASTLE_ROWS):
        cells = []
        for x in range(CASTLE_COLS):
            i = castle_index(x, y)
            h = s.castle_h[i]
            cells.append(f"{h}{LABEL[s.castle[i * MAX_CASTLE_HEIGHT + h - 1]]}" if h else " . ")
        out.append(f"  y{y} " + " ".join(cells))
    return out


def realm_lines(s: DragonCastleState, seat: int) -> list[str]:
    out = []
    base = seat * REALM_CELLS
    for r in range(REALM_SIZE):
        cells = []
        for c in range(REALM_SIZE):
            j = base + r * REALM_SIZE + c
            h = s.height[j]
            if not h:
                cells.append(" . ")
            elif s.up[j]:
                cells.append(f"{h}{LABEL[s.top[j]]}")
            else:
                cells.append(f"{h}{'[]' if s.shrine[j] else '##'}")
        out.append(f"    r{r} " + " ".join(cells))
    return out


def render(s: DragonCastleState) -> str:
    h = max(s.castle_h)
    if not s.stack:
        head = f"game over; scores {s.scores()}, ranking {s.ranking()}"
    else:
        req = s.stack[-1]
        head = f"seat {req.seat} to {req.PHASE}: {req}"
    lines = [
        f"Dragon Castle, {s.num_players} players, decision {s.decision}; {head}",
        f"castle top level T={h}; countdown: {s.track_singles} on the track, "
        f"{s.track_stack} stacked; last round: {s.last_round}; shrine supply {s.supply}",
    ]
    if s.dragon_cards:
        lines.append("dragon cards: " + ", ".join(DRAGON_CARDS[c] for c in s.dragon_cards))
    if s.spirit_cards:
        used = "used" if s.spirit_used[0] else "not used"
        lines.append("spirit card: " + ", ".join(SPIRIT_CARDS[c] for c in s.spirit_cards)
                     + f" ({used} this turn)")
    lines += castle_lines(s)
    scores = s.scores()
    for p in range(s.num_players):
        mark = "*" if p == s.first_player else " "
        lines.append(f"{mark}seat {p}: score {scores[p]} (vp {s.vp[p]}, pool {s.pool[p]}, "
                     f"countdown tokens {s.tokens[p]})")
        lines += realm_lines(s, p)
    lines.append(LEGEND)
    return "\n".join(lines)
