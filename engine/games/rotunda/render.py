"""Picture of a Rotunda state (issue 21): every room by its place (Lodge, I1-I5, O1-O6) with
its leaders and chairs, the rooms' cubes and coins, the villages V1-V6 and the Peddler, the
worship board with columns A-D and rows 1-4, amulet spaces, temples, the pools, the face-down
piles as counts, the general supply, every family's holdings, the pending decision in words
and, once the game is over, every part of the final scoring (rules §8, §11).

Everything on the table is public (rules §13.2); only the order of the four face-down piles
is hidden, and no view shows it, so a seat's view differs from the god view only by marking
that seat as "you"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from engine.common.text import breakdown_table, flow_into, rstrip_lines, wrap_into
from engine.games.rotunda import data
from engine.games.rotunda.scoring import breakdown
from engine.games.rotunda.words import (
    CUBE_STYLES,
    WORSHIP_COLUMNS,
    amulet_name,
    colour,
    expert_name,
    order_text,
    seat_style,
    smuggler_text,
)

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState


def _icon(x: int) -> str:
    """A Retailer / Wholesaler icon: the cube lying on it ("-" free)."""
    if x < 0:
        return "-"
    return data.CUBE_NAMES[x & 3] if x >> 2 == x & 3 else \
        f"{data.CUBE_NAMES[x & 3]} as {data.CUBE_NAMES[x >> 2]}"


def _room_state(s: RotundaState, node: int) -> str:
    """What lies in a room: Market / Retailer / Wholesaler icons, Banker coins,
    Warehouse cubes."""
    room = s.rooms[node]
    if room == data.MARKET:
        return "icons " + ", ".join(
            f"{data.CUBE_NAMES[t]}: {'-' if s.market[t] < 0 else data.CUBE_NAMES[s.market[t]]}"
            for t in data.BASIC)
    if room == data.RETAILER:
        return "icons " + ", ".join(_icon(x) for x in s.retailer)
    if room == data.WHOLESALER:
        return "icons " + ", ".join(_icon(x) for x in s.wholesaler)
    if room == data.BANKER:
        return f"{s.banker} coins"
    if room == data.WAREHOUSE:
        held = [data.CUBE_NAMES[t] for t in data.BASIC if s.warehouse[t]]
        return "holds " + (", ".join(held) or "nothing")
    return ""


def _rooms(s: RotundaState, out: Text) -> None:
    """One line per room (rules §4.1): place, tile, leaders, chairs, contents."""
    out.append(f"Rooms (Lodge on staircase {data.STAIRCASES[s.lodge][0]}; x2: two leaders; "
               "chairs: * elder):\n", style="bold")
    for node in range(data.NODES):
        out.append(f"  {data.NODE_NAMES[node]:<5} {data.ROOM_NAMES[s.rooms[node]]:<15} ")
        here = [i // s.per_seat for i, x in enumerate(s.leaders) if x == node]
        who: list[tuple[str, str]] = [
            (colour(p) + (" x2" if here.count(p) > 1 else ""), seat_style(p))
            for p in sorted(set(here))]
        who += [(f"neutral {data.NEUTRAL_COLOURS[k]}", "dim")
                for k, x in enumerate(s.neutrals) if x == node]
        parts: list[Text] = []
        if who:
            part = Text()
            for k, (name, style) in enumerate(who):
                part.append(", " if k else "")
                part.append(name, style=style)
            parts.append(part)
        if node in data.INNER:
            k = (node - data.I1) * data.CHAIRS_PER_ROOM
            part = Text("chairs")
            for c in s.chairs[k:k + data.CHAIRS_PER_ROOM]:
                if c < 0:
                    part.append(" -")
                else:
                    part.append(" " + colour(c >> 1) + ("*" if c & 1 else ""),
                                style=seat_style(c >> 1))
            parts.append(part)
        extra = _room_state(s, node)
        if extra:
            parts.append(Text(extra))
        flow_into(out, parts, sep="; ", indent=" " * 24)


def _paths(s: RotundaState, out: Text) -> None:
    """Rules §4.1: leaders move clockwise round each ring; the staircases join the rings,
    and the one the Lodge covers leads through it."""
    names = data.NODE_NAMES
    stairs = []
    for k, (name, ib, ia, ob, oa) in enumerate(data.STAIRCASES):
        if k == s.lodge:
            stairs.append(f"{name} {names[ib]}/{names[ob]} -> Lodge -> {names[ia]}/{names[oa]}")
        else:
            stairs.append(f"{name} also {names[ib]} -> {names[oa]} and {names[ob]} -> "
                          f"{names[ia]}")
    wrap_into(out, "Moves clockwise: I1-I5 and O1-O6 round their rings; staircases: "
          + "; ".join(stairs), style="dim")


def _villages(s: RotundaState, out: Text) -> None:
    """Rules §6: each village's Assistants by family, and where the Peddler tile is."""
    n = s.num_players
    out.append("Villages:\n", style="bold")
    for v in range(data.VILLAGES):
        out.append(f"  V{v + 1}{' (the Peddler)' if v == s.peddler else ''}: ")
        here = [(p, s.villages[v * n + p]) for p in range(n) if s.villages[v * n + p]]
        for k, (p, m) in enumerate(here):
            out.append(", " if k else "")
            out.append(f"{colour(p)} {m}", style=seat_style(p))
        out.append("\n" if here else "-\n")


def short(p: int) -> str:
    """Two-letter family colour for the worship board: Bk, Ye, Gr, Re, Bu."""
    return ("Bk", "Ye", "Gr", "Re", "Bu")[p]


def _worship(s: RotundaState, out: Text) -> None:
    """Rules §12.2: the 4 x 4 board, each cell's VP and the elders lying on it."""
    n = s.num_players
    legend = ", ".join(f"{short(p)} {data.COLOURS[p]}" for p in range(n))
    out.append(f"Worship board (VP per cell; {legend}):\n", style="bold")
    out.append("   " + "".join(f" {c:<17}" for c in WORSHIP_COLUMNS).rstrip() + "\n")
    for r in range(data.WORSHIP_ROWS):
        out.append(f"{r + 1:>2} ")
        for c in range(data.WORSHIP_COLS):
            cell = r * data.WORSHIP_COLS + c
            text = Text(f" {data.WORSHIP_VP[r][c]:>2} VP")
            for p in range(n):
                if s.worship[p * 16 + cell]:
                    text.append(" " + short(p), style=seat_style(p))
            text.pad_right(18 - len(text.plain))
            out.append_text(text)
        out.rstrip()
        out.append("\n")
    spaces = ", ".join(f"{data.AMULET_SPACE_NAMES[k]} {'-' if a < 0 else f'A{a + 1}'}"
                       for k, a in enumerate(s.amulet_spaces))
    end = "-" if s.end_amulet < 0 else f"A{s.end_amulet + 1}"
    wrap_into(out, f"Amulet spaces: {spaces}; end of the round track: {end}")
    temples = [f"{data.TEMPLES[t][0]} ({_temple(t)})" for t in range(len(data.TEMPLES))
               if s.temples[t]]
    wrap_into(out, "Temples face up: " + (", ".join(temples) or "none"))


def _temple(t: int) -> str:
    _, coins, gold, acts = data.TEMPLES[t]
    parts = [data.ASSISTANT_ACTION_NAMES[a] for a in acts]
    parts += [f"{coins} coins"] if coins else []
    parts += [f"{gold} Gold"] if gold else []
    return " + ".join(parts)


def _pools(s: RotundaState, out: Text) -> None:
    wrap_into(out, "Order pool: " + (", ".join(order_text(o) for o in s.order_pool) or "empty"))
    wrap_into(out, "Amulet pool: " + (", ".join(amulet_name(a) for a in s.amulet_pool) or "empty")
          + "; Smuggler pool: "
          + (", ".join(smuggler_text(x) for x in s.smuggler_pool) or "empty"))
    wrap_into(out, "Expert pool: " + (", ".join(expert_name(e) for e in s.expert_pool) or "empty"))
    if s.advanced_experts:
        wrap_into(out, "Expert discard pile (top first, the top is hireable): "
              + (", ".join(expert_name(e) for e in s.expert_discard) or "empty"))
    wrap_into(out, f"Face down: Order deck {len(s.order_deck)}, Amulet stack "
          f"{len(s.amulet_stack)}, Expert deck {len(s.expert_deck)}, Smuggler stack "
          f"{len(s.smuggler_stack)}")
    out.append("General supply: ")
    for t in range(4):
        out.append(", " if t else "")
        out.append(f"{s.supply[t]} {data.CUBE_NAMES[t]}", style=CUBE_STYLES[t])
    out.append("\n")


def _family(s: RotundaState, p: int, view: int | None, out: Text) -> None:
    tags = [t for t, on in (("you", p == view), ("first player", p == s.first),
                            ("to play", bool(s.stack) and p == s.turn)) if on]
    out.append(colour(p) + (f" ({', '.join(tags)})" if tags else ""), style=seat_style(p))
    out.append(f": {s.vp[p]} VP, {s.coins[p]} coins\n  cubes ")
    for t in range(4):
        out.append(", " if t else "")
        out.append(f"{s.cubes[p * 4 + t]} {data.CUBE_NAMES[t]}", style=CUBE_STYLES[t])
    out.append("\n")
    wrap_into(out, f"  Assistants: {s.supply_discs[p]} in supply, {s.track[p]} on the track; "
          "Orders open: " + (", ".join(order_text(o) for o in s.orders_open[p]) or "none")
          + "; done: " + (", ".join(data.ORDERS[o][0] for o in s.orders_done[p]) or "none"),
          indent="    ")
    amulets = [amulet_name(a) for a in s.amulets[p]] + [
        f"{expert_name(e)} as A{data.EXPERTS[e][3] + 1}" for e in s.kept[p]]
    wrap_into(out, "  Experts: " + (", ".join(expert_name(e) for e in s.experts[p]) or "none")
          + "; amulets: " + (", ".join(amulets) or "none"), indent="    ")


def render_text(s: RotundaState, seat: int | None = None) -> Text:
    n = s.num_players
    out = Text()
    variants = [v for v, on in (("neutral actions", s.neutral_actions),
                                ("advanced Experts", s.advanced_experts)) if on]
    out.append(f"Rotunda (Tulou), {n} players"
               + (f", {', '.join(variants)}" if variants else "")
               + f", decision {s.decision}\n", style="bold")
    out.append(f"Round marker {s.round}/{data.END_SPACE[n]}"
               + (f" (end triggered: {s.turns_left} more turn(s))" if s.end_triggered else "")
               + f", turn {s.turns + 1}\n")
    _rooms(s, out)
    _paths(s, out)
    _villages(s, out)
    _worship(s, out)
    _pools(s, out)
    for p in range(n):
        _family(s, p, seat, out)
    if s.stack:
        wrap_into(out, "Pending: " + s.describe_pending(), style="bold")
    else:
        scores, ranking = s.scores(), s.ranking()
        winners = [colour(p) for p in range(n) if ranking[p] == 0]
        out.append(f"Game over: {' and '.join(winners)} win"
                   f"{'s' if len(winners) == 1 else ''} with {max(scores)} points.\n",
                   style="bold")
        out.append_text(breakdown_table(score_breakdown(s), [colour(p) for p in range(n)],
                                        [seat_style(p) for p in range(n)]))
    return rstrip_lines(out)


def score_breakdown(s: RotundaState) -> dict[str, list[int]]:
    """Rules §8 (and §11): the final scoring's parts per seat once the game is over; during
    the game the score is the VP track alone."""
    if s.stack:
        return {"track VP": list(s.vp)}
    parts = [breakdown(s, p) for p in range(s.num_players)]
    return {k: [part[k] for part in parts] for k in parts[0]}
