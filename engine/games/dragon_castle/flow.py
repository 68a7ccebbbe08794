"""What comes next when no decision is pending (rules §7): the next seat's turn, or the end
of the game after the last round's last seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .requests import ChooseAction

if TYPE_CHECKING:
    from .state import DragonCastleState


def last_seat(s: DragonCastleState) -> int:
    """Rules §7: the player right of the first player (the last seat in turn order)."""
    return (s.first_player - 1) % s.num_players


def on_empty(s: DragonCastleState) -> None:
    """Rules §7: after the last round's last seat the game ends (nothing more is asked);
    otherwise the next seat clockwise starts a turn (its spirit flags reset, §8.1)."""
    turn = s.turn
    if s.last_round and turn == last_seat(s):
        return
    s.turn = turn = (turn + 1) % s.num_players
    if s.spirit_cards:
        s.spirit_used = [0] * len(s.spirit_cards)
        s.pair_mode = 0
        s.elegance = 0
        s.merged_now = []
    s.stack.append(ChooseAction(turn))
