"""The options of the pending decision, computed once per decision (issue 41).

A decision's options are asked for up to three times: by its automatic test (is there a
choice at all?), by `legal_actions()` and by the legality test of `apply()`. Nothing changes
the state in between, so the last list computed is kept with what it was computed for:
the state object, the request object on top of its stack and the decision count (every
applied action raises the count, and every automatic step that changes the state replaces
the top request). A state changed by hand between two questions (tests do that) must put a
new request on top, as they all do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.protocol import Action

Options = Callable[[Any, Any], list[Action]]
Legal = Callable[[Any, Any, Any], bool]

#: (state, request, decision, options) of the last list computed
_last: tuple[Any, Any, int, list[Action]] = (None, None, -1, [])


def remembered(options: Options) -> Options:
    """`options(s, req)`, computed once per state, request and decision. Every caller gets
    the same list, as with the constant option lists: nobody changes it."""

    def cached(s: Any, req: Any) -> list[Action]:
        global _last
        last = _last
        if last[0] is s and last[1] is req and last[2] == s.decision:
            return last[3]
        out = options(s, req)
        _last = (s, req, s.decision, out)
        return out

    cached.__doc__ = options.__doc__
    cached.__name__ = options.__name__
    cached.__wrapped__ = options  # type: ignore[attr-defined]
    return cached


def known(s: Any, req: Any) -> list[Action] | None:
    """The options of `req` if they were just computed for this state, else None."""
    last = _last
    if last[0] is s and last[1] is req and last[2] == s.decision:
        return last[3]
    return None


def checked(fast: Legal) -> Legal:
    """A fast legality test that first looks at the options computed for this decision."""

    def legal(s: Any, req: Any, a: Any) -> bool:
        last = _last
        if last[0] is s and last[1] is req and last[2] == s.decision:
            return a in last[3]
        return fast(s, req, a)

    legal.__doc__ = fast.__doc__
    legal.__name__ = fast.__name__
    return legal
