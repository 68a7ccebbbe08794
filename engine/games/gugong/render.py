"""Picture of a Gugong state (issue 21): the seven locations with their gift cards, decrees
and who holds them, jade, the Great Wall, the Grand Canal by harbor H1-H5, the travel map
(cities C01-C20 on their 5 x 4 grid), the piles as counts, every player's board, the
pending decision in words and, once the game is over, every part of the score (rules §10).

Hidden information (rules §15): hands and discard piles are their owner's; the gift draw
pile and the two travel-token piles are hidden from all. `seat=None` shows every hand and
discard pile; `seat=p` shows p's own and only the sizes of the others'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from engine.common.text import breakdown_table, flow_into, wrap_into
from engine.games.gugong import bonus, data, effects
from engine.games.gugong.automa import MENG as MENG_COLOUR
from engine.games.gugong.automa import describe_meng
from engine.games.gugong.data import (
    F_LOCKED,
    F_POOL,
    F_SHIP,
    F_SUPPLY,
    F_WALL,
    S_OVER,
    SEEN_DISCARD,
    SEEN_EITHER,
    SEEN_HAND,
)
from engine.games.gugong.words import (
    TOKEN_SHORT,
    card_text,
    decree_text,
    seat_name,
    seat_style,
)

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

#: the render's width (80 columns: a decree's holders go onto a line of their own beyond it)
WIDTH = 80
FOREMAN_WHERE = {F_LOCKED: "locked", F_POOL: "in the pool", F_SUPPLY: "in the supply",
                 F_WALL: "on the Wall"}


def who(s: GugongState, p: int) -> str:
    """A colour's name: the solo game's second colour is the Automa Meng (rules §13)."""
    return "Meng" if p >= s.num_players else seat_name(p)


def colours(s: GugongState) -> range:
    """Every colour in play: the seats, and Meng in the solo game."""
    return range(len(s.vp))


def _seats(s: GugongState, out: Text, seats: list[int],
           suffix: list[str] | None = None) -> None:
    for k, p in enumerate(seats):
        out.append(", " if k else "")
        out.append(who(s, p) + (suffix[k] if suffix else ""), style=seat_style(p))


def _board(s: GugongState, out: Text) -> None:
    out.append("Locations (the gift card lying there):\n", style="bold")
    for i in range(0, 7, 2):
        row = "".join(f"  {data.LOCATIONS[j]:<12}{card_text(s.board[j]):<25}"
                      for j in range(i, min(i + 2, 7)))
        out.append(row.rstrip() + "\n")
    out.append("Decrees (cost = level; servants on them):\n", style="bold")
    for slot, t in enumerate(s.decrees):
        head = f"  {decree_text(t)}, {data.DECREE_VP[t]} VP:"
        holders = [p for p in colours(s) if s.decree_servants[p * 6 + slot]]
        names = len(", ".join(who(s, p) for p in holders))
        out.append(head + ("\n    " if len(head) + 1 + names > WIDTH else " "))
        _seats(s, out, holders)
        out.append("\n" if holders else "-\n")
    left = " ".join(str(c) if s.houses[h] else "-" for h, c in enumerate(data.HOUSE_COSTS))
    out.append(f"Jade: roof spaces 1-6 cost {left} (- taken); market {data.MARKET_COST}\n")
    out.append(f"Great Wall (section of {data.WALL_SIZE[s.num_players]} units): ")
    on_wall = [p for p in colours(s) if effects.wall_units(s, p)]
    _seats(s, out, on_wall, [f" {effects.wall_units(s, p)}" for p in on_wall])
    out.append("\n" if on_wall else "empty\n")


def _canal(s: GugongState, out: Text) -> None:
    """Rules §5.7: harbors H1-H5 of each path with the ships lying there."""
    n_paths = effects.paths(s)
    rewards = "; ".join(
        f"H{h + 1} {' or '.join(data.REWARD_NAMES[r] for r in data.HARBOR_REWARDS[h])}"
        for h in range(data.HARBORS) if data.HARBOR_REWARDS[h])
    wrap_into(out, f"Grand Canal (Harbor rewards: {rewards}):", style="bold")
    for path in range(n_paths):
        out.append(f"  path {data.PATH_NAMES[n_paths][path]}: ")
        parts = []
        for h in range(data.HARBORS):
            part = Text(f"H{h + 1} ")
            here = [i for i, hh in enumerate(s.ship_harbor)
                    if hh == h and s.ship_path[i] == path]
            for i in here:
                p, k = divmod(i, 3)
                part.append(f"{who(s, p)} ship {k + 1} ({effects.ship_units(s, p, k)}/3)",
                            style=seat_style(p))
            if not here:
                part.append("free")
            parts.append(part)
        flow_into(out, parts, indent="    ")


def _map(s: GugongState, out: Text) -> None:
    """D2: the 5 x 4 grid of cities, each with its face-up token; * a Traveller."""
    out.append("Travel map (city, token; * a Traveller is there):\n", style="bold")
    for y in range(4):
        out.append(" ")
        for x in range(5):
            c = 5 * y + x
            star = "*" if c in s.traveller else " "
            tok = TOKEN_SHORT[s.cities[c]] if s.cities[c] >= 0 else "."
            out.append(f" {data.CITY_NAMES[c]}{star}{tok:<10}")
        out.rstrip()
        out.append("\n")
    out.append("Travellers: ")
    flow_into(out, [Text(f"{who(s, p)} " + (data.CITY_NAMES[s.traveller[p]]
                                        if s.traveller[p] >= 0 else "off the map"),
                     style=seat_style(p)) for p in colours(s)])
    on_map = sorted({t for t in s.cities if t >= 0})
    wrap_into(out, "Tokens: " + "; ".join(f"{TOKEN_SHORT[t]} {data.TOKEN_TEXT[t]}" for t in on_map),
          style="dim")
    wrap_into(out, f"Piles: gift draw pile {len(s.draw_pile)}; token piles A {len(s.pile_a)}, "
          f"B {len(s.pile_b)}; token discard {len(s.token_discard)}")


def _cards(cards: list[int]) -> str:
    return ", ".join(data.CARD_NAMES[c] + f"({data.CARD_VALUE[c]})"
                     for c in sorted(cards)) or "none"


def _known(s: GugongState, p: int) -> str:
    """Rules §15: what everybody knows of p's hidden cards (printed starting sets, cards
    taken face up): in the hand, in the discard pile, or in one of the two."""
    parts = [f"{where} {_cards(effects.seen_cards(s.seen, p, kind))}"
             for kind, where in ((SEEN_HAND, "in hand"), (SEEN_DISCARD, "in discard"),
                                 (SEEN_EITHER, "in hand or discard"))
             if effects.seen_cards(s.seen, p, kind)]
    return f" (known: {'; '.join(parts)})" if parts else ""


def _player(s: GugongState, p: int, seat: int | None, out: Text) -> None:
    tags = [t for t, on in (("you", p == seat), ("first player", p == s.first),
                            ("to play", bool(s.stack) and s.stack[-1].seat == p)) if on]
    out.append(seat_name(p) + (f" ({', '.join(tags)})" if tags else ""), style=seat_style(p))
    envoy = (f"in the Palace (slot {s.palace_slot[p]} VP)" if s.palace_slot[p]
             else f"{s.envoy[p]}/{data.PALACE_INSIDE}")
    out.append(f": {s.vp[p]} VP, jade {s.jade[p]}, Intrigue {s.intrigue[p]}, Envoy {envoy}\n")
    fm = FOREMAN_WHERE.get(s.foreman[p], f"on ship {s.foreman[p] - F_SHIP + 1}")
    used = ", ".join(f"{data.REWARD_NAMES[r]} {s.rewards[p * 3 + r]}/{data.REWARD_SPACES[r]}"
                     for r in range(3))
    wrap_into(out, f"  servants: pool {s.pool[p]}, supply {s.supply[p]}, Foreman {fm}; "
          f"Harbor rewards used: {used}", indent="    ")
    stored = ", ".join(TOKEN_SHORT[t] for t in s.stored[p]) or "none"
    if seat is None or seat == p:
        cards = (f"hand {_cards(s.hands[p])}; discard pile {_cards(s.discards[p])}")
    else:
        cards = (f"hand {len(s.hands[p])} card(s), discard pile {len(s.discards[p])} "
                 "card(s)" + _known(s, p))
    wrap_into(out, f"  {cards}; tokens: {stored}", indent="    ")
    active = bonus.describe_active(s, p)
    if active:
        wrap_into(out, f"  active bonus tokens: {active}", indent="    ")


def render_text(s: GugongState, seat: int | None = None) -> Text:
    n = s.num_players
    out = Text()
    players = "1 player against the Automa Meng" if s.automa else f"{n} players"
    out.append(f"Gugong, {players}, Day {s.day}/{data.DAYS}, decision {s.decision}\n",
               style="bold")
    out.append("First player ")
    out.append(who(s, s.first), style=seat_style(s.first))
    out.append("; Medal: ")
    if s.medal >= 0:
        out.append(f"taken by {who(s, s.medal)}", style=seat_style(s.medal))
    else:
        out.append("on the board")
    out.append(f"; Destiny dice {', '.join(str(d) for d in s.dice)}\n")
    options = [w for on, w in ((s.advanced, "advanced set-up"), (s.bonus, "bonus travel tokens"))
               if on]
    if options:  # issue 17 options
        out.append(f"Options: {', '.join(options)}\n")
    _board(s, out)
    _canal(s, out)
    _map(s, out)
    for p in range(n):
        _player(s, p, seat, out)
    if s.automa:  # solo: the Automa Meng (rules §13)
        wrap_into(out, describe_meng(s), style=seat_style(MENG_COLOUR))
    if s.stack:
        wrap_into(out, "Pending: " + s.describe_pending(), style="bold")
    elif s.step == S_OVER:
        ranking = s.ranking()
        winners = [seat_name(p) for p in range(n) if ranking[p] == 0]
        if s.automa:
            out.append("Game over: " + ("Meng wins" if s.no_winner() else
                                        f"{seat_name(0)} beats Meng") + ".\n", style="bold")
        elif any(s.palace_slot):
            out.append(f"Game over: {' and '.join(winners)} win"
                       f"{'s' if len(winners) == 1 else ''}.\n", style="bold")
        else:
            out.append("Game over: no Envoy entered the Palace, so every score is 0 "
                       "(rules §10.5).\n", style="bold")
        out.append_text(breakdown_table(score_breakdown(s), [seat_name(p) for p in range(n)],
                                        [seat_style(p) for p in range(n)]))
    return out


def _decree_points(s: GugongState, p: int, held: list[int], vp_after_wall: int) -> dict[str, int]:
    """Rules §10 step 2: the level-3 decrees (D3a on the points before it)."""
    out = {}
    for t, pts in ((data.D3A, min(10, vp_after_wall // 3)), (data.D3B, 8),
                   (data.D3C, min(10, 2 * s.jade[p])), (data.D3D, 2 * len(held)),
                   (data.D3E, 2 * sum(s.rewards[p * 3:p * 3 + 3]))):
        if t in held:
            out[t] = pts
    return out


def score_breakdown(s: GugongState) -> dict[str, list[int]]:
    """Rules §10: once the game is over, the end scoring's parts (Wall majority, level-3
    decrees, Palace slot, jade) read back from the final state, the VP earned during the
    game as the rest, and an Envoy outside the Palace cancelling them all (§9). During the
    game: the VP track."""
    n = s.num_players
    if s.step != S_OVER:
        return {"VP during the game": list(s.vp[:n])}
    units = [effects.wall_units(s, p) for p in colours(s)]  # solo: Meng competes for the Wall
    winner = effects.best_by_intrigue(s, list(colours(s)), units)
    rows: dict[str, list[int]] = {"VP during the game": [0] * n,
                                  "Wall at the end": [0] * n}
    for t in (data.D3A, data.D3B, data.D3C, data.D3D, data.D3E):
        rows[f"decree {data.DECREE_NAMES[t]}"] = [0] * n
    rows["Palace slot"] = [0] * n
    rows["jade"] = [0] * n
    rows["Envoy outside the Palace"] = [0] * n
    for p in range(n):
        held = [t for slot, t in enumerate(s.decrees) if s.decree_servants[p * 6 + slot]]
        fixed = s.palace_slot[p] + data.jade_points(s.jade[p])
        # D3a counts the points before it: search the one total consistent with the end
        rest = s.vp[p] - fixed
        others = {}
        for before in range(rest, -1, -1):
            others = _decree_points(s, p, held, before)
            if before + sum(others.values()) == rest:
                break
        wall = data.WALL_VP if p == winner else 0
        rows["Wall at the end"][p] = wall
        for t, pts in others.items():
            rows[f"decree {data.DECREE_NAMES[t]}"][p] = pts
        rows["Palace slot"][p] = s.palace_slot[p]
        rows["jade"][p] = data.jade_points(s.jade[p])
        rows["VP during the game"][p] = s.vp[p] - wall - fixed - sum(others.values())
        if not s.palace_slot[p]:
            rows["Envoy outside the Palace"][p] = -s.vp[p]
    return {k: v for k, v in rows.items()
            if any(v) or k in ("VP during the game", "Palace slot", "jade")}
