"""The advanced set-up (rules doc §11; seed "WARIANT ZAAWANSOWANY"): one deck of the BOARD
cards, the DRAW cards and every starting set nobody received, shuffled face down as the draw
pile; its seven top cards go at random onto the seven locations. Starting hands are dealt
as in the base game (set Pk to the k-th seat in turn order)."""

from __future__ import annotations

from engine.common.rng import Rng
from engine.games.gugong.data import BOARD_CARDS, DRAW_CARDS, STARTING_SETS, unused_sets


def deal_mixed(n: int, first: int, rng: Rng) -> tuple[list[int], list[int], list[list[int]]]:
    """(board, draw pile, hands) of the advanced set-up; the draw pile's top is its end."""
    deck = list(BOARD_CARDS) + list(DRAW_CARDS) + unused_sets(n)
    rng.shuffle(deck)
    board = [deck.pop() for _ in range(7)]  # the seven top cards, in random (shuffled) order
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(n):
        hands[(first + k) % n] = list(STARTING_SETS[k])
    return board, deck, hands
