"""Picture of a Dragon Castle state (issue 21): the castle with column letters A-L and row
numbers 1-8, every realm with columns A-F and rows 1-6, the countdown track, the shrine
supply and pools, the cards in play, the pending decision in words and, once the game is
over, every score's parts (rules §7, §9). Everything in Dragon Castle is public except the
covered castle stones (rules §11), which no view shows, so a seat's view differs from the
god view only by marking that seat as "you"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from engine.common.text import breakdown_table, rstrip_lines, wrap_into

from .castle import M
from .data import (
    CASTLE_COLS,
    CASTLE_ROWS,
    CUSTOM_PREFIX,
    DRAGON_CARDS,
    DRAGON_CARDS_PL,
    LABEL,
    REALM_CELLS,
    REALM_SIZE,
    SPIRIT_CARDS,
    castle_index,
)
from .words import (
    CASTLE_COLUMNS,
    REALM_COLUMNS,
    part_name,
    seat_name,
    seat_style,
    stone_style,
)

if TYPE_CHECKING:
    from .state import DragonCastleState

LEGEND = (
    "Stones: height + stone; m merchant, s soldier, f farmer 1-6; S season (Sp spring, "
    "Su summer, Sa autumn, Sw winter); W wind (Wr rain, Ws storm, Wc cloud, Wl lightning); "
    "D dragon (Dr red, Dg green, Dw white); ## face down; [] face down with a shrine."
)


def _castle(s: DragonCastleState, out: Text) -> None:
    """Rules §4: heights and top stones; the stones below a top are covered (unknown)."""
    stacks = [s.castle_h[castle_index(x, y)] for y in range(CASTLE_ROWS)
              for x in range(CASTLE_COLS)]
    left, tops = sum(stacks), sum(1 for h in stacks if h)
    out.append(f"Castle: top level {max(s.castle_h)}, {left} stones left "
               f"({left - tops} covered)\n", style="bold")
    out.append(_header(CASTLE_COLUMNS) + "\n")
    for y in range(CASTLE_ROWS):
        out.append(f"{y + 1:>2} ")
        for x in range(CASTLE_COLS):
            i = castle_index(x, y)
            h = s.castle_h[i]
            if h:
                k = s.castle[i * M + h - 1]
                out.append(str(h))
                out.append(LABEL[k], style=stone_style(k))
                out.append(" ")
            else:
                out.append(" .  ")
        out.append("\n")


def _header(columns: list[str]) -> str:
    """Column letters over the middle of each 4-character cell."""
    return "   " + "".join(f" {c}  " for c in columns)


def _realm_cells(s: DragonCastleState, seat: int, r: int, out: Text) -> None:
    base = seat * REALM_CELLS + r * REALM_SIZE
    for c in range(REALM_SIZE):
        j = base + c
        h = s.height[j]
        if not h:
            out.append(" .  ")
        elif s.up[j]:
            out.append(str(h))
            out.append(LABEL[s.top[j]], style=stone_style(s.top[j]))
            out.append(" ")
        elif s.shrine[j]:
            out.append(str(h))
            out.append("[]", style="bold white on red")
            out.append(" ")
        else:
            out.append(f"{h}## ", style="dim")


def _realms(s: DragonCastleState, seats: list[int], view: int | None, out: Text) -> None:
    """Two realms side by side (rules §5), each 6 x 6 with coordinates."""
    block = 3 + 4 * REALM_SIZE
    for p in seats:
        title = f"{seat_name(p)} realm" + (" (you)" if p == view else "")
        out.append(f"{title:<{block}}", style=seat_style(p))
        out.append("   ")
    out.append("\n")
    out.append("   ".join(_header(REALM_COLUMNS) for _ in seats).rstrip() + "\n")
    for r in range(REALM_SIZE):
        for p in seats:
            out.append(f"{r + 1:>2} ")
            _realm_cells(s, p, r, out)
            out.append("   ")
        out.append("\n")


def render_text(s: DragonCastleState, seat: int | None = None) -> Text:
    n = s.num_players
    out = Text()
    layout = "your own" if s.layout.startswith(CUSTOM_PREFIX) else s.layout
    out.append(f"Dragon Castle, {n} players, layout {layout}, decision {s.decision}\n",
               style="bold")
    out.append(f"Countdown track: {s.track_singles} token(s) before the last round, "
               f"{s.track_stack} stacked" + ("; last round!" if s.last_round else "") + "\n")
    out.append(f"Shrine supply: {s.supply}"
               + (f"; {s.shrines_out} paid for spirits" if s.shrines_out else "") + "\n")
    if s.dragon_cards:
        wrap_into(out, "Dragon cards: " + ", ".join(
            f"{DRAGON_CARDS[c]} ({DRAGON_CARDS_PL[c]})" for c in s.dragon_cards))
    if s.spirit_cards:
        wrap_into(out, "Spirit cards: " + ", ".join(
            f"{SPIRIT_CARDS[c]} ({'used' if s.spirit_used[k] else 'not used'} this turn)"
            for k, c in enumerate(s.spirit_cards)))
    _castle(s, out)
    for p in range(n):
        parts = s.score_parts(p)
        dragons = sum(v for k, v in parts.items() if k in DRAGON_CARDS)
        tags = [t for t, on in (("you", p == seat), ("first", p == s.first_player),
                                ("to play", bool(s.stack) and p == s.turn)) if on]
        out.append(seat_name(p) + (f" ({', '.join(tags)})" if tags else ""),
                   style=seat_style(p))
        out.append(f": {sum(parts.values())} points, shrine pool {s.pool[p]}, "
                   f"countdown tokens {s.tokens[p]}\n")
        out.append(f"  = VP {parts['vp']} + shrines {parts['shrines']} + countdown "
                   f"{parts['countdown']}" + (f" + dragons {dragons}" if s.dragon_cards else "")
                   + "\n")
    for first in range(0, n, 2):
        _realms(s, list(range(first, min(first + 2, n))), seat, out)
    wrap_into(out, LEGEND, style="dim")
    if s.stack:
        wrap_into(out, "Pending: " + s.describe_pending(), style="bold")
    else:
        ranking = s.ranking()
        winners = [seat_name(p) for p in range(n) if ranking[p] == 0]
        out.append(f"Game over: {' and '.join(winners)} "
                   f"win{'s' if len(winners) == 1 else ''}.\n", style="bold")
        parts = s.score_breakdown()
        out.append_text(breakdown_table(parts, [seat_name(p) for p in range(n)],
                                        [seat_style(p) for p in range(n)]))
        scores = s.scores()
        if len(set(scores)) < n:
            wrap_into(out, "Ties (rules §7): most face-down stacks, then most built shrines: "
                  + ", ".join(f"{seat_name(p)} {s.tiebreak(p)[0]}/{s.tiebreak(p)[1]}"
                              for p in range(n)))
    return rstrip_lines(out)


def score_breakdown(s: DragonCastleState) -> dict[str, list[int]]:
    """Rules §7, §9: VP tokens, built shrines, countdown tokens and each dragon card."""
    per_seat = [s.score_parts(p) for p in range(s.num_players)]
    return {part_name(k): [parts[k] for parts in per_seat] for k in per_seat[0]}
