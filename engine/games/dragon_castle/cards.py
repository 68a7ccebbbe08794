"""Which dragon and spirit cards are in play (rules §3 steps 4-5, §8, §9, and "Duchy i
smoki": "możecie spróbować rozgrywki z więcej niż 1 kartą ducha lub smoka naraz").

Options, per kind (dragon / spirit):
- `dragon_card` / `spirit_card` (bool): one random card, as the set-up describes;
- `dragon_cards` / `spirit_cards` (int N): N different random cards;
- `dragons` / `spirits` (names, comma-separated, English or Polish, any case): exactly these
  cards, in this order (a fixed set-up, e.g. for tournaments); no random draw;
- `beginner` (bool): random draws only from the beginner cards ("Zalecamy jednak, abyście
  rozpoczęli od kart dla „początkujących”"; the marker is lost in the seed, the set is the
  rules document's [reconstructed] one: data.BEGINNER_DRAGONS / BEGINNER_SPIRITS).
"""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.protocol import InvalidConfigError

from .data import (
    BEGINNER_DRAGONS,
    BEGINNER_SPIRITS,
    DRAGON_CARDS,
    DRAGON_CARDS_PL,
    SPIRIT_CARDS,
    SPIRIT_CARDS_PL,
)

#: per kind: option names (one, count, names), English and Polish card names, beginner set
KINDS: dict[str, tuple[str, str, str, tuple[str, ...], tuple[str, ...], tuple[int, ...]]] = {
    "dragon": ("dragon_card", "dragon_cards", "dragons", DRAGON_CARDS, DRAGON_CARDS_PL,
               BEGINNER_DRAGONS),
    "spirit": ("spirit_card", "spirit_cards", "spirits", SPIRIT_CARDS, SPIRIT_CARDS_PL,
               BEGINNER_SPIRITS),
}


def cards_in_play(kind: str, options: dict[str, Any], rng: Rng) -> list[int]:
    """The card indices of `kind` in play, in order (rules §3 steps 4-5). One random card
    draws `rng.below(10)` exactly as before several cards existed, so seeded games with
    `dragon_card` / `spirit_card` are unchanged."""
    one, count_name, names_name, english, polish, beginner_set = KINDS[kind]
    names = named_cards(names_name, options.get(names_name) or "", english, polish)
    count = options.get(count_name) or 0
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= len(english):
        raise InvalidConfigError(f"option {count_name} takes 0-{len(english)}, got {count!r}")
    if names:
        if count and count != len(names):
            raise InvalidConfigError(f"options {count_name}={count} and {names_name} "
                                     f"({len(names)} cards) disagree")
        return names
    if not count and options.get(one):
        count = 1
    pool = list(beginner_set) if options.get("beginner") else list(range(len(english)))
    if count > len(pool):
        raise InvalidConfigError(f"option {count_name}={count}: only {len(pool)} beginner "
                                 f"{kind} cards")
    return [pool.pop(rng.below(len(pool))) for _ in range(count)]


def named_cards(option: str, value: Any, english: tuple[str, ...],
                polish: tuple[str, ...]) -> list[int]:
    """The cards an option names ("Wind,Faith" or "Wind+Faith", or a list of names),
    without repeats. "+" serves where a comma cannot stand (OpenSpiel game strings)."""
    if isinstance(value, str):
        value = [v for v in value.replace("+", ",").split(",") if v.strip()]
    if not isinstance(value, (list, tuple)):
        raise InvalidConfigError(f"option {option} takes card names, got {value!r}")
    index = {n.lower(): i for table in (english, polish) for i, n in enumerate(table)}
    out: list[int] = []
    for name in value:
        key = str(name).strip().lower()
        if key not in index:
            raise InvalidConfigError(f"option {option}: no card {name!r}; cards: "
                                     f"{', '.join(english)}")
        if index[key] in out:
            raise InvalidConfigError(f"option {option}: {name!r} is named twice")
        out.append(index[key])
    return out
