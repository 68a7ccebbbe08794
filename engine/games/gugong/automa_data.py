"""Tables of the solo game against the Automa Meng (rules doc §13, D2, D9; seed "WARIANT
SOLO"). Values tagged [reconstructed] in the rules document stay marked here."""

from __future__ import annotations

from engine.games.gugong import data

#: Meng's colour index in the per-colour lists (the human is seat 0, the only seat)
MENG = 1

#: difficulty levels (seed: "Poziom prosty / normalny / trudny")
LEVELS = ("easy", "normal", "hard")
EASY, NORMAL, HARD = 1, 2, 3  # `GugongState.automa` (0: not a solo game)

#: the Special Automa card: its location is Meng's focus (marked by his Foreman)
SPECIAL = 7
#: D9: 11 Automa cards, by location [reconstructed: which locations repeat was a picture;
#: 9 regular + 2 Special is seed]
AUTOMA_CARDS = (data.TRAVEL, data.TRAVEL, data.WALL, data.JADE, data.INTRIGUE, data.PALACE,
                data.PALACE, data.DECREES, data.CANAL, SPECIAL, SPECIAL)
AUTOMA_NAMES = tuple(f"A{i + 1:02d}" for i in range(len(AUTOMA_CARDS)))


def automa_cards(level: int) -> tuple[int, ...]:
    """Card ids in play: easy uses only one of the two Special cards (10 in all) [seed]."""
    return tuple(range(10)) if level == EASY else tuple(range(11))


def card_location(card: int, focus: int) -> int:
    loc = AUTOMA_CARDS[card]
    return focus if loc == SPECIAL else loc


#: focus option values (set-up option: the human picks Meng's focus instead of a random
#: BOARD card [seed: "możesz samemu wybrać kartę"])
FOCUS_CHOICES = ("random", "travel", "wall", "jade", "intrigue", "palace", "decrees", "canal")

#: card-set options [reconstructed: the option table was a picture]: 1 = human P1 / Meng P2,
#: 2 = human P2 / Meng P1, 3 = two random sets
CARD_SET_CHOICES = (1, 2, 3)

#: D2: Meng's perimeter order, counter-clockwise from the bottom-right city C20
PERIMETER = tuple(int(c[1:]) - 1 for c in (
    "C20", "C15", "C10", "C05", "C04", "C03", "C02", "C01", "C06", "C11", "C16", "C17",
    "C18", "C19"))

#: Night: Meng's Destiny-dice matches by Day, whatever his discard [seed]
NIGHT_MATCHES = {1: 1, 2: 2, 3: 3, 4: 4}

#: Harbor rewards: the first two claims are a DRAW card (only the first on hard, whose
#: first card space is marked at set-up), every later claim 4 VP [seed]
CARD_CLAIMS = {EASY: 2, NORMAL: 2, HARD: 1}

#: Dusk costs [seed]: Travel 2 (1 with D2a): move 1; Wall / Canal: pool >= 2, pay 1, place
#: 1; Intrigue: pay 1, +2; Palace: pay 2, Envoy +1 and Intrigue +1; Jade, Decrees and the
#: Special card: a free move
DUSK_TRAVEL_COST = 2
DUSK_INTRIGUE_STEPS = 2
#: Meng's forced token exchange: 6 units -> 1 jade whenever he holds them [seed]
MENG_JADE_UNITS = 6
