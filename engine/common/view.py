"""What a person sees of a state (issue 21): the board from god's or one seat's view, the
pending decision and actions in rulebook words, the final score breakdown.

Generic over every game: it calls the render/describe protocol (`engine.protocol.State`) and
falls back gracefully for a game that does not keep all of it yet (a `render()` without a
seat): the god view with a note, the generic words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
from rich.text import Text

from engine.common.text import SEAT_STYLES, breakdown_table
from engine.protocol import Action, Observation, State, action_words


def seat_style(seat: int) -> str:
    """The style of `seat` in move lines and tables."""
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def has_seat_views(state: State) -> bool:
    """True when the game renders a seat's view (`render_text(seat)`), not only the god view."""
    try:
        state.render_text(0)
    except NotImplementedError:
        return False
    return True


def view_text(state: State, seat: int | None = None) -> tuple[Text, str]:
    """The board as `seat` may know it (`seat=None`: the god view) and a note ("" or why the
    god view is shown instead). Includes the final breakdown when the game renders it."""
    try:
        return state.render_text(seat), ""
    except NotImplementedError:
        pass
    text = Text(state.render())  # a game still on the old `render()` without a seat
    if state.is_terminal():
        text.append("\n")
        text.append_text(breakdown_table(state.score_breakdown(),
                                         [f"seat {p}" for p in range(len(state.scores()))]))
    note = "" if seat is None else (f"this game cannot show seat {seat}'s view yet: "
                                    "showing the god view")
    return text, note


def words(state: State, action: Action) -> str:
    """`action` (an option of the pending decision of `state`) in rulebook words; the
    generic words (type and fields) if the game's description fails."""
    try:
        return state.describe_action(action)
    except Exception:  # a game whose words are not written yet must not stop a replay
        return action_words(action)


def pending(state: State) -> str:
    """The pending decision in words (generic words if the game's description fails)."""
    try:
        return state.describe_pending()
    except Exception:
        return State.describe_pending(state)


def observation_text(obs: Observation) -> Text:
    """An observation's fields as plain lines: what a seat knows when its game has no seat
    view yet (nothing else is shown, so nothing hidden can leak)."""
    data: dict[str, Any] = msgspec.to_builtins(obs)
    out = Text()
    for key, value in data.items():
        if key not in ("legal_actions", "game", "type"):
            out.append(f"{key}: {value}\n")
    return out


def numbered(texts: Sequence[str], shown: Sequence[int]) -> Text:
    """Options numbered from 1 in their full order; only the indices `shown` listed."""
    width = len(str(len(texts)))
    out = Text()
    for i in shown:
        out.append(f"{i + 1:>{width}}", style="bold")
        out.append(f"  {texts[i]}\n")
    return out
