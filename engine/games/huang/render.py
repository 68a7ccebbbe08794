"""Text picture of a Huang state (used by `arena play --show`)."""

from __future__ import annotations

from typing import Any

from engine.games.huang.data import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COLS,
    LEADER,
    MAPS,
    PAGODA_COLOUR,
    RHOMBI,
    ROWS,
    TILE,
    TRIANGLES,
)

LEGEND = ("Y/R/B/G/W tile (* under a pagoda, # under the palace, ! unification marker), "
          "<seat><y/r/b/g/w> leader, . land, ~ river, g granary, x<n> bandit tile n")


def _cell(s: Any, h: int, under: set[int], palace: set[int]) -> str:
    x = s.board[h]
    if x < 0:
        return f"x{-x % 10}"
    if x == 0:
        g = "g" if h in s.granaries else " "
        return ("~" if MAPS[s.side].is_river[h] else ".") + g
    if x >= LEADER:
        i = x - LEADER
        return f"{i // 5}{COLOUR_LETTERS[i % 5].lower()}"
    mark = ("!" if h == s.marker else "*" if h in under else "#" if h in palace
            else "g" if h in s.granaries else " ")
    return COLOUR_LETTERS[x - TILE] + mark


def render(s: Any) -> str:
    under = {h for t in s.pagodas if t >= 0 for h in TRIANGLES[t]}
    palace = set(RHOMBI[s.palace]) if s.palace >= 0 else set()
    lines = [LEGEND]
    for r in range(ROWS):
        pad = " " if r % 2 else ""
        cells = " ".join(_cell(s, r * COLS + c, under, palace) for c in range(COLS))
        lines.append(f"r={r:2d} {pad}{cells}")
    n = s.num_players
    for p in range(n):
        vp = " ".join(f"{COLOUR_LETTERS[c]}{s.vp[p * 5 + c]}" for c in range(5))
        hand = sum(s.hands[p * 5:p * 5 + 5])
        off = "".join(COLOUR_LETTERS[c].lower() for c in range(5) if s.leaders[p * 5 + c] < 0)
        star = ">" if p == s.active else " "
        gran = f" | granaries {s.granaries_held[p]}" if s.side else ""
        lines.append(f"{star}seat {p}: VP {vp}{gran} | score {s.final_vector(p)} | hand {hand} "
                     f"| off-board leaders [{off}]")
    market = " ".join(f"{COLOUR_NAMES[c]}:{k}" for c, k in enumerate(s.market) if k)
    supply = "".join(COLOUR_LETTERS[PAGODA_COLOUR[k]] for k, t in enumerate(s.pagodas) if t < 0)
    palace_at = "-" if not s.palace_module else "supply" if s.palace < 0 else "board"
    removed = f" | removed unseen {sum(s.removed)}" if s.short_game else ""
    lines.append(f"market {market or '-'} | bag {sum(s.bag)}{removed} | pagoda supply "
                 f"[{supply}] | palace {palace_at}")
    if s.over:
        nobody = " (tied in all four colours: nobody wins)" if s.no_winner() else ""
        lines.append(f"game over; ranking {s.ranking()}{nobody}")
    else:
        lines.append(f"seat {s.active} to act, {s.actions_left} action(s) left; "
                     f"pending {s.pending()!r}")
    if s.revolt is not None:
        lines.append(f"revolt: {s.revolt!r}")
    if s.war is not None:
        lines.append(f"war: {s.war!r}")
    if s.bandit_fight is not None:
        lines.append(f"bandit fight: {s.bandit_fight!r}")
    return "\n".join(lines)
