"""Command-line argument helpers shared by `arena play` and `arena tournament`."""

from __future__ import annotations

from typing import Any

from bots.spec import BotSpec, BotSpecError, parse_params, split_label
from engine.protocol import ArenaError


class UsageProblem(ArenaError, ValueError):
    """A command-line argument that cannot be used."""


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """`["great_wall=true", "k=3"]` -> {"great_wall": True, "k": 3}."""
    opts: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise UsageProblem(f"--option {pair!r} must look like name=value")
        opts.update(parse_params(pair))
    return opts


def _pieces(text: str) -> list[str]:
    """Split at commas outside single or double quotes; a piece wholly in quotes loses them."""
    pieces, cur, quote = [], "", ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == ",":
            pieces.append(cur)
            cur = ""
            continue
        cur += ch
    if quote:
        raise UsageProblem(f"--bots {text!r}: a quote ({quote}) is not closed")
    pieces.append(cur)
    out = []
    for p in (p.strip() for p in pieces):
        if len(p) >= 2 and p[0] == p[-1] and p[0] in "'\"":
            p = p[1:-1].strip()
        out.append(p)
    return out


def split_specs(text: str) -> list[str]:
    """Comma-separated bot specs, where a piece `key=value` (no kind before it) continues
    the previous spec's parameters: `mcts:iters=200,c=1.4,random` -> two specs. A piece
    `label=spec` whose spec reads as a bot is a labelled entrant of its own
    (`random,mine=cmd:node bot.js`), unless the previous bot takes a parameter of that name
    (`mcts:rollout=random` is one spec). A comma inside quotes belongs to the spec:
    `random,"cmd:node bot.js --w=1,2"` -> two specs (or give each spec with its own
    `--bot`)."""
    specs: list[str] = []
    for piece in _pieces(text):
        if not piece:
            continue
        key = piece.split("=", 1)[0]
        if "=" in piece and ":" not in key and specs and not _labelled(specs[-1], piece):
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def _labelled(previous: str, piece: str) -> bool:
    """Whether `piece` (`name=value`, after the spec `previous`) is an entrant of its own
    (`mine=cmd:...`) rather than a parameter of `previous`."""
    label, rest = split_label(piece)
    if label is None:
        return False
    try:
        BotSpec.parse(rest)
    except BotSpecError:
        return False  # `c=1.4`: no bot, a parameter
    try:
        declared = BotSpec.parse(previous).kind_of.params
    except BotSpecError:
        return True  # the previous spec is refused on its own later
    return declared is None or label not in declared()


def entrant_specs(bots: str | None, bot: list[str] | None) -> list[str]:
    """The bot specs of `--bots a,b` followed by those of each `--bot SPEC` (taken whole,
    commas and all)."""
    specs = split_specs(bots) if bots else []
    specs += [b.strip() for b in bot or [] if b.strip()]
    if not specs:
        raise UsageProblem("give the bots with --bots a,b,... or one --bot SPEC per bot")
    return specs


def split_bots(text: str | None, num_players: int, bot: list[str] | None = None) -> list[str]:
    """`a,b` (and/or `--bot` specs) -> one spec per seat; a single spec fills every seat;
    default random."""
    if not text and not bot:
        return ["random"] * num_players
    specs = entrant_specs(text, bot)
    if len(specs) == 1:
        specs *= num_players
    if len(specs) != num_players:
        raise UsageProblem(f"--bots lists {len(specs)} bots for {num_players} players")
    return specs
