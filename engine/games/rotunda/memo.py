"""The options of the pending decision, computed once per decision (issue 41).

A decision's options are asked for up to three times: by its automatic test (is there a
choice at all?), by `legal_actions()` and by the legality test of `apply()`. The state
keeps the last list it computed in its own `memo` attribute (not a field: never observed,
serialized or compared), with the request object it answers and the decision count.

Why the key suffices: options depend on the state and the request only. The state changes
by a decision (the count rises) or by an automatic step; an automatic step runs only on
top of the stack, so the request whose options were kept has been taken off the stack by
then, and a request taken off is never pushed again (every handler pushes new requests).
A state changed by hand (tests do) must therefore put a new request on top, as they all do.
A clone starts with its original's memo (`RotundaState.clone`): the same request objects,
count and position, hence the same options.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.protocol import Action

Options = Callable[[Any, Any], list[Action]]
Legal = Callable[[Any, Any, Any], bool]

#: (request, decision, options): what a state without a memo yet starts with
EMPTY: tuple[Any, int, list[Action]] = (None, -1, [])


def remembered(options: Options) -> Options:
    """`options(s, req)`, computed once per request and decision of a state. Every caller
    gets the same list, as with the constant option lists: nobody changes it."""

    def cached(s: Any, req: Any) -> list[Action]:
        memo = s.memo
        if memo[0] is req and memo[1] == s.decision:
            return memo[2]  # type: ignore[no-any-return]
        out = options(s, req)
        s.memo = (req, s.decision, out)
        return out

    cached.__doc__ = options.__doc__
    cached.__name__ = options.__name__
    cached.__wrapped__ = options  # type: ignore[attr-defined]
    return cached


def checked(fast: Legal) -> Legal:
    """A fast legality test that first looks at the options kept for this decision."""

    def legal(s: Any, req: Any, a: Any) -> bool:
        memo = s.memo
        if memo[0] is req and memo[1] == s.decision:
            return a in memo[2]
        return fast(s, req, a)

    legal.__doc__ = fast.__doc__
    legal.__name__ = fast.__name__
    return legal
