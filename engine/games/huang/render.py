"""A readable picture of a Huang game (issue 21; `arena play --show`, `arena replay`): the map
with column letters and row numbers (the coordinates the action words use), pieces in their
colours, buildings, bandits, market, bag and box, every dynasty's VP, leaders and hand (a
seat sees its own hand and only the sizes of the others', §13), the conflict in progress,
the pending decision in words and, once over, the score breakdown (§10)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text

from engine.common.text import SEAT_STYLES, WIDTH, breakdown_table
from engine.common.text import wrapped as wrapped_words
from engine.games.huang.data import (
    BANDIT_COUNT,
    BANDIT_SITES,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COLS,
    DYNASTIES,
    GRANARY_VP,
    LEADER,
    LEADER_NAMES,
    MAPS,
    PAGODA_COLOUR,
    RHOMBI,
    ROWS,
    TILE,
    TRIANGLES,
)
from engine.games.huang.queries import revolt_strengths, war_strengths
from engine.games.huang.words import COLUMNS, hex_name, hexes_name, leader_name, party_name

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState

#: lists in this render are comma-separated
wrapped = partial(wrapped_words, sep=", ")
#: Rich styles of the tile colours Y, R, B, G, W
COLOUR_STYLES = ("bold yellow", "bold red", "bold dodger_blue1", "bold green", "bold white")
LEGEND = ("Y R B G W: a yellow, red, blue, green, white tile; after it * under a pagoda, "
          "# under the palace, g granary, ! unification marker. 0r: a leader, seat digit and "
          "colour (y Governor, r Soldier, b Farmer, g Trader, w Artisan). x3: bandit tile 3. "
          "~ river, . land. Even rows sit half a hex to the right. A score is the lowest of "
          "yellow, red, blue and green once white VP have filled the lowest (§10).")


def seat_style(p: int) -> str:
    return SEAT_STYLES[p % len(SEAT_STYLES)]


def counts_text(counts: list[int], empty: str = "none") -> list[Text]:
    items = [Text(f"{k} {COLOUR_NAMES[c]}", style=COLOUR_STYLES[c])
             for c, k in enumerate(counts) if k]
    return items or [Text(empty)]


def cell(s: HuangState, h: int, under: set[int], palace: set[int]) -> Text:
    """Three characters for hex h (see LEGEND)."""
    x = s.board[h]
    if x < 0:
        return Text(f"x{-x:<2}", style="bold magenta")
    if x == 0:
        if h in s.granaries:
            return Text("g  ", style="bold")
        if MAPS[s.side].is_river[h]:
            return Text("~  ", style="dodger_blue1")
        return Text(".  ", style="dim")
    if x >= LEADER:
        i = x - LEADER
        return Text(f"{i // 5}{COLOUR_LETTERS[i % 5].lower()} ", style=f"{seat_style(i // 5)}"
                    " reverse")
    marks = ("*" if h in under else "#" if h in palace else "") + (
        "g" if h in s.granaries else "") + ("!" if h == s.marker else "")
    return Text(f"{COLOUR_LETTERS[x - TILE]}{marks:<2}", style=COLOUR_STYLES[x - TILE])


def board_text(s: HuangState) -> Text:
    under = {h for t in s.pagodas if t >= 0 for h in TRIANGLES[t]}
    palace = set(RHOMBI[s.palace]) if s.palace >= 0 else set()
    cols = "    " + "".join(f"{c:<4}" for c in COLUMNS)
    out = Text(cols.rstrip() + "\n", style="bold")
    for r in range(ROWS):
        line = Text(f"{r + 1:>3} " + ("  " if r % 2 else ""), style="bold")
        for c in range(COLS):
            line.append_text(cell(s, r * COLS + c, under, palace))
            line.append(" ")
        line.rstrip()
        out.append_text(line)
        out.append("\n")
    out.append(cols.rstrip() + "\n", style="bold")
    return out


def supply_text(s: HuangState, seat: int | None) -> Text:
    out = Text()
    built = [Text(f"{COLOUR_NAMES[PAGODA_COLOUR[k]]} {hexes_name(TRIANGLES[t])}",
                  style=COLOUR_STYLES[PAGODA_COLOUR[k]])
             for k, t in enumerate(s.pagodas) if t >= 0]
    supply = [0] * 5
    for k, t in enumerate(s.pagodas):
        if t < 0:
            supply[PAGODA_COLOUR[k]] += 1
    out.append_text(wrapped(built or [Text("none")], "Pagodas built:"))
    out.append_text(wrapped(counts_text(supply), "Pagodas in the supply:"))
    if s.palace_module:
        where = f"on {hexes_name(RHOMBI[s.palace])}" if s.palace >= 0 else "in the supply"
        out.append(f"Imperial Palace: {where}\n")
    if s.bandits_module:
        items = [Text(f"{n} ({BANDIT_COUNT[n]} bandit{'s' if BANDIT_COUNT[n] > 1 else ''}) "
                      f"{hexes_name(BANDIT_SITES[n])}")
                 for n in s.bandits]
        out.append_text(wrapped(items or [Text("none left")], "Bandit tiles:"))
    if s.side:
        out.append_text(wrapped([Text(hex_name(h)) for h in s.granaries] or [Text("none")],
                                "Granaries on the board:"))
    out.append_text(wrapped(counts_text(s.market, "empty"), "Market:"))
    bag = f"Bag: {sum(s.bag)} tiles"
    out.append_text(wrapped(counts_text(s.bag), bag + ":") if seat is None and sum(s.bag)
                    else Text(bag + "\n"))
    out.append_text(wrapped(counts_text(s.box), "Box (revealed discards):"))
    if s.short_game:
        head = f"Removed unseen at setup: {sum(s.removed)} tiles"
        out.append_text(wrapped(counts_text(s.removed), head + ":") if seat is None
                        else Text(head + "\n"))
    return out


def seat_text(s: HuangState, p: int, seat: int | None) -> Text:
    b = p * 5
    out = Text()
    out.append(f"{DYNASTIES[p]} (seat {p})", style=seat_style(p))
    if p == seat:
        out.append(", you")
    if p == s.active and not s.over:
        out.append(f", active ({s.actions_left} action{'s' if s.actions_left != 1 else ''} "
                   "left)")
    held = s.granaries_held[p] if s.side else 0
    gran = f" ({held} granar{'y' if held == 1 else 'ies'}: +{GRANARY_VP * held} blue)"
    out.append(f"; score {s.final_vector(p)[0]}\n")
    vp = [Text(f"{s.vp[b + c]} {COLOUR_NAMES[c]}", style=COLOUR_STYLES[c]) for c in range(5)]
    out.append_text(wrapped(vp, f"  VP{gran if s.side else ''}:", indent=4))
    where = [hex_name(s.leaders[b + c]) if s.leaders[b + c] >= 0 else "off" for c in range(5)]
    places = [Text(f"{LEADER_NAMES[c]} {where[c]}", style=COLOUR_STYLES[c]) for c in range(5)]
    out.append_text(wrapped(places, "  leaders:", indent=4))
    size = sum(s.hands[b:b + 5])
    if seat is None or seat == p:
        out.append_text(wrapped(counts_text(s.hands[b:b + 5], "empty"), f"  hand {size}:",
                                indent=4))
    else:
        out.append(f"  hand {size} tiles (hidden)\n")
    down = sum(s.hidden[b:b + 5])
    if down:
        if seat is None or seat == p:
            out.append_text(wrapped(counts_text(s.hidden[b:b + 5]),
                                    "  discarded face down:", indent=4))
        else:
            out.append(f"  discarded face down: {down} (hidden)\n")
    return out


def conflict_text(s: HuangState) -> Text:
    out = Text()
    rv = s.revolt
    if rv is not None:
        strength = revolt_strengths(rv)
        out.append(f"Revolt over the {COLOUR_NAMES[rv.colour]} leaders (§8.1):\n")
        for k, (role, i, base, tiles) in enumerate((
                ("attacker", rv.attacker, rv.attacker_base, rv.attacker_tiles),
                ("defender", rv.defender, rv.defender_base, rv.defender_tiles))):
            committed = f" + {tiles} committed" if tiles >= 0 else ", yet to commit"
            out.append(f"  {role} {leader_name(i)} at {hex_name(s.leaders[i])}: strength "
                       f"{strength[k]} ({base} base{committed})\n")
    war = s.war
    if war is not None:
        st = war_strengths(war)
        out.append(f"War at {hex_name(war.hex)}:\n")
        for k in range(len(war.parties)):
            words = (f"{party_name(s, k)}: strength {st[k]} = {war.base[k]} red on the board "
                     f"+ {war.tiles[k]} committed + {war.leaders[k]} off-board Soldiers")
            out.append_text(wrapped([Text(w) for w in words.split(" ")], " ", indent=4,
                                    sep=" "))
    fight = s.bandit_fight
    if fight is not None:
        out.append(f"Bandit fight at {hex_name(fight.hex)}: bandit tile {fight.bandit}, "
                   f"{fight.remaining} red tiles still to remove\n")
    return out


def render_text(s: HuangState, seat: int | None = None) -> Text:
    """The god view (`seat=None`) or what `seat` may know (its hand, others' hand sizes)."""
    side = "Eighteen Kingdoms side" if s.side else "base side"
    out = Text(f"Huang - {side}; {DYNASTIES[s.active]} (seat {s.active}) is the active "
               "player\n", style="bold")
    out.append_text(board_text(s))
    out.append_text(wrapped([Text(w) for w in LEGEND.split(" ")], "", sep=" "))
    out.append_text(supply_text(s, seat))
    for p in range(s.num_players):
        out.append_text(seat_text(s, p, seat))
    out.append_text(conflict_text(s))
    if s.over:
        out.append("Game over: the bag is empty. Score breakdown (score = lowest of yellow, "
                   "red,\nblue, green after white VP fill the lowest, §10):\n", style="bold")
        out.append_text(breakdown_table(s.score_breakdown(),
                                        [DYNASTIES[p] for p in range(s.num_players)]))
        places = s.ranking()
        ranked = sorted(range(s.num_players), key=lambda q: places[q])
        items = [Text(f"{places[p] + 1}. {DYNASTIES[p]} {s.final_vector(p)}") for p in ranked]
        out.append_text(wrapped(items, "Ranking (sorted colours after white):"))
        if s.no_winner():
            out.append("Tied in all four colours at the top: nobody wins (§10).\n")
    else:
        ask = s.describe_pending()
        out.append_text(wrapped([Text(w) for w in ask.split(" ")], "To decide:", sep=" ")
                        if len(ask) <= WIDTH - 11 or len(ask) > WIDTH
                        else Text(f"To decide:\n{ask}\n"))
    return out


def score_breakdown(s: HuangState) -> dict[str, list[int]]:
    """§10: VP per colour (granaries as 2 blue each, §11.2), then the total: the lowest of
    yellow, red, blue and green once the white VP have filled the lowest ones."""
    n = s.num_players
    out = {f"{COLOUR_NAMES[c]} VP": [s.vp[p * 5 + c] for p in range(n)] for c in range(4)}
    if s.side:
        out["granaries (2 blue each)"] = [GRANARY_VP * s.granaries_held[p] for p in range(n)]
    out["white VP (wild)"] = [s.vp[p * 5 + 4] for p in range(n)]
    out["total"] = s.scores()
    return out
