"""A readable picture of the table (issue 21; `arena play --show`, `arena replay`): the event
track by slot number, the Great Event and the wall, the action groups, the supply, every
player's palaces (numbered 1, 2, ... as the action words name them), goods, privileges, hand
and wall tiles left, the pending decision in words and, once over, the score breakdown.
Everything on the table is public (rules §11 "Information"), so every seat sees the god view,
with its own seat marked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from engine.common.text import SEAT_STYLES, WIDTH, breakdown_table, wrapped
from engine.games.year_of_the_dragon import data, words
from engine.games.year_of_the_dragon.board import persons, turn_order
from engine.games.year_of_the_dragon.data import ST_ACTIONS, ST_DRAFT, ST_OVER, STEPS
from engine.games.year_of_the_dragon.events import monk_points

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState

#: tile colours of the person types (rules §10.1): craftsman beige ... scholar white
TYPE_STYLES = ("navajo_white1", "dark_orange", "yellow", "medium_purple1", "red", "orange4",
               "dodger_blue1", "green", "bright_white")
LEGEND = ("Persons: Cra craftsman, Lad court lady, Tax tax collector, Pyr pyrotechnist, "
          "War warrior, Mon monk, Hea healer, Far farmer, Sch scholar; + old; ? card: any "
          "person; . free floor; ! over-full (more persons than floors)")
PHASES = {"draft": "setup draft", "actions": "phase 1: actions", "persons": "phase 2: persons",
          "event": "phase 3: event", "great event": "phase 3: Great Event",
          "final wall check": "final wall check", "over": "game over"}
CATEGORIES = ("VP during the rounds", "persons (2 VP each)", "monks (Buddhas x floors)",
              "money (1 VP per 3 yuan)")


def seat_style(p: int) -> str:
    return SEAT_STYLES[p % len(SEAT_STYLES)]


def tile_text(tile: int, mark: str = "") -> Text:
    return Text(data.tile_short(tile) + mark, style=TYPE_STYLES[data.TILE_TYPE[tile]])


def palace_text(i: int, pal: list[int]) -> Text:
    """"2[Mon+ Far .]": persons then free floors; persons beyond the floors marked "!"."""
    t = Text(f"{i + 1}[")
    floors = pal[0]
    for k, tile in enumerate(pal[1:]):
        if k:
            t.append(" ")
        t.append_text(tile_text(tile, "!" if k >= floors else ""))
    free = floors - (len(pal) - 1)
    if free > 0:
        t.append((" " if len(pal) > 1 else "") + " ".join("." * free))
    t.append("]")
    return t


def header(s: YotdState) -> Text:
    when = f"round {s.round} of {data.ROUNDS}" if s.round else "before round 1"
    out = Text(f"In the Year of the Dragon - {when}, {PHASES[STEPS[s.step]]}\n",
               style="bold")
    slots = []
    for i, e in enumerate(s.events):
        now = i + 1 == s.round and s.step != ST_OVER
        label = f"{'>' if now else ' '}{i + 1:>2} {data.EVENT_SHORT[e]:<9}"  # 13 x 6 = 78
        slots.append(Text(label, style="bold reverse" if now else ""))
    out.append("Event track (> this round):\n")
    for row in (slots[:6], slots[6:]):
        line = Text()
        for t in row:
            line.append_text(t)
        line.rstrip()
        out.append_text(line)
        out.append("\n")
    if s.great_events:
        name = (data.GREAT_EVENT_NAMES[s.great_event] if s.great_event >= 0
                else "face down until round 7")
        out.append(f"Great Event (round {data.GREAT_EVENT_ROUND}): {name}\n")
    if s.great_wall:
        owners = [Text(f"seat {p}", style=seat_style(p)) for p in s.wall]
        built = f"Great Wall: {len(s.wall)} of {data.WALL_LENGTH} tiles built"
        out.append_text(wrapped(owners, f"{built}, under slots 1-{len(s.wall)} by:", sep=", ")
                        if s.wall else Text(built + "\n"))
    return out


def draft_text(s: YotdState) -> Text:
    """Rules §3.6: pairs of types already drafted may not be taken again."""
    if s.step != ST_DRAFT or not s.drafted:
        return Text()
    pairs = [Text(f"{data.PERSON_TYPE_SHORT[x // 9]}+{data.PERSON_TYPE_SHORT[x % 9]}")
             for x in s.drafted]
    return wrapped(pairs, "Pairs drafted (not again):", sep=", ")


def groups_text(s: YotdState) -> Text:
    if not s.card_group or s.step != ST_ACTIONS:
        return Text()
    groups: dict[int, list[str]] = {}
    for c, g in enumerate(s.card_group):
        if g >= 0:
            groups.setdefault(g, []).append(data.ACTION_NAMES[c])
    items = []
    for g in sorted(groups):
        k = s.group_dragons[g]
        dragons = f" ({words.plural(k, 'dragon')}: 3 yuan)" if k else ""
        items.append(Text(f"{g + 1} {', '.join(groups[g])}{dragons};"))
    items[-1].right_crop(1)
    return wrapped(items, "Action groups:")


def supply_text(s: YotdState) -> Text:
    items = []
    for k in range(data.NUM_TYPES):
        young = s.supply[data.tile_of(k, False)]
        count = (str(young) if k in data.SINGLE_LEVEL
                 else f"{young}/{s.supply[data.tile_of(k, True)]}")
        t = Text(data.PERSON_TYPE_SHORT[k], style=TYPE_STYLES[k])
        t.append(f" {count}")
        items.append(t)
    return wrapped(items, "Persons in the supply (young/old):", sep="  ")


def seat_text(s: YotdState, p: int, you: bool) -> Text:
    out = Text()
    out.append(f"seat {p}{' (you)' if you else ''}", style=seat_style(p))
    out.append(f"  VP {s.vp[p]}  track {s.track[p]}  yuan {s.yuan[p]}  rice {s.rice[p]}  "
               f"fireworks {s.fireworks[p]}\n")
    pals = [palace_text(i, pal) for i, pal in enumerate(s.palaces[p])]
    out.append_text(wrapped(pals or [Text("none")], "  palaces:", indent=4))
    cards = []
    for c, k in enumerate(s.hands[p]):
        if k:
            name = "?" if c == data.JOKER else data.PERSON_TYPE_SHORT[c]
            t = Text(name, style=TYPE_STYLES[c] if c < data.NUM_TYPES else "bold")
            if k > 1:
                t.append(f"x{k}")
            cards.append(t)
    head = (f"  privileges: {s.small_privileges[p]} small, {s.large_privileges[p]} large; "
            "hand:")
    out.append_text(wrapped(cards or [Text("no cards")], head, indent=4))
    if s.great_wall:
        left = [Text(data.WALL_BONUS_NAMES[b]) for b in range(data.WALL_TILES_PER_PLAYER)
                if not s.wall_used[p] >> b & 1]
        head = f"  wall: {s.wall.count(p)} built; tiles left:"
        out.append_text(wrapped(left or [Text("none")], head, indent=4, sep=", "))
    return out


def render_text(s: YotdState, seat: int | None = None) -> Text:
    """The whole table; `seat` only marks "(you)" (everything is public, rules §11)."""
    out = header(s)
    out.append_text(draft_text(s))
    out.append_text(groups_text(s))
    out.append_text(supply_text(s))
    order = turn_order(s)
    line = Text("Seats in turn order:")
    for k, p in enumerate(order):
        line.append(" > " if k else " ")
        line.append(f"seat {p}", style=seat_style(p))
    out.append_text(line)
    out.append("\n")
    for p in order:
        out.append_text(seat_text(s, p, p == seat))
    out.append_text(wrapped([Text(w) for w in LEGEND.split(" ")], ""))
    if s.is_terminal():
        out.append("Game over. Score breakdown:\n", style="bold")
        out.append_text(breakdown_table(s.score_breakdown(),
                                        [f"seat {p}" for p in range(s.num_players)]))
        places = s.ranking()
        ranked = sorted(range(s.num_players), key=lambda q: places[q])
        out.append_text(wrapped([Text(f"{places[p] + 1}. seat {p} ({s.vp[p]} VP)")
                                 for p in ranked], "Ranking (ties: person track, then "
                                "stack):", sep=", "))
    else:
        ask = s.describe_pending()
        out.append_text(wrapped([Text(w) for w in ask.split(" ")], "To decide:", sep=" ")
                        if len(ask) <= WIDTH - 11 or len(ask) > WIDTH
                        else Text(f"To decide:\n{ask}\n"))
    return out


def score_breakdown(s: YotdState) -> dict[str, list[int]]:
    """Rules §6: the VP gained during the rounds, then the final scoring's parts: 2 VP per
    person, each monk's Buddhas x floors, 1 VP per 3 yuan (goods sold for 2 yuan each).
    Before the end the final parts are 0 (not scored yet)."""
    n = s.num_players
    if s.step != ST_OVER:
        return {CATEGORIES[0]: list(s.vp), **{c: [0] * n for c in CATEGORIES[1:]}}
    people = [data.FINAL_VP_PER_PERSON * persons(s, p) for p in range(n)]
    monks = [monk_points(s, p) for p in range(n)]
    money = [(s.yuan[p] + data.GOODS_SALE_YUAN * (s.rice[p] + s.fireworks[p]))
             // data.YUAN_PER_FINAL_VP for p in range(n)]
    rounds = [s.vp[p] - people[p] - monks[p] - money[p] for p in range(n)]
    return dict(zip(CATEGORIES, (rounds, people, monks, money), strict=True))
