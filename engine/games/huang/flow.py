"""What comes next when no Huang decision is pending (engine.kernel `Rules.on_empty`): the
active player's next action, or the end of the turn (rules §5, §9, §14.19); nothing once
the game is over (§10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.huang.legal import has_any_action
from engine.games.huang.requests import ChooseAction
from engine.games.huang.turn import end_turn

if TYPE_CHECKING:
    from engine.games.huang.state import HuangState


def on_empty(s: HuangState) -> None:
    """§5: while the active player has actions left and any of them is legal, it chooses
    one; else its turn ends (§9: pagoda scoring, granaries, refills, the next player, who
    skips straight to the end of its turn when it has no legal action, §14.19). Ends with a
    decision pending, or the game over."""
    stack = s.stack
    while not stack and not s.over:
        if s.actions_left > 0 and has_any_action(s):
            stack.append(ChooseAction(s.active))
        else:
            end_turn(s)
