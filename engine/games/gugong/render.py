"""Text picture of a Gugong state."""

from __future__ import annotations


def render(s) -> str:  # placeholder, replaced below
    return ""
