"""The options of the pending decision, computed once per decision (issue 41).

A decision's options are asked for up to three times: by its automatic test (is there a
choice at all?), by `legal_actions()` and by the legality test of `apply()`, one right after
the other. The last list computed is kept with what it was computed for: the state object,
the request object on top of its stack and the decision count, in one module-level entry
(issue 55). Where compiled, reading it costs little: a state attribute kept in `__dict__`
cost a dictionary lookup to read and a dictionary write to replace (and a `__dict__` in
every state), and a module global rebound at each change writes the module's dictionary,
after which every global the module reads is looked up again; the entry is therefore the
one item of a list.

Why the key suffices: options depend on the state and the request only. The state changes
by a decision (the count rises) or by an automatic step; an automatic step runs only on
top of the stack, so the request whose options were kept has been taken off the stack by
then, and a request taken off is never pushed again (every handler pushes new requests;
only automatic ones, which have no options, are shared: flow.END_TURN).
A state changed by hand (tests do) must therefore put a new request on top, as they all do.
The entry is replaced whole (one tuple), so that threads never read half of one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.protocol import Action

Options = Callable[[Any, Any], list[Action]]
Legal = Callable[[Any, Any, Any], bool]

#: [(state, request, decision, options)] of the last list computed
_LAST: list[tuple[Any, Any, int, list[Action]]] = [(None, None, -1, [])]


def remembered(options: Options) -> Options:
    """`options(s, req)`, computed once per state, request and decision. Every caller gets
    the same list, as with the constant option lists: nobody changes it."""

    def cached(s: Any, req: Any) -> list[Action]:
        last = _LAST[0]
        decision = s.decision
        if last[1] is req and last[0] is s and last[2] == decision:
            return last[3]
        out = options(s, req)
        _LAST[0] = (s, req, decision, out)
        return out

    cached.__doc__ = options.__doc__
    cached.__name__ = options.__name__
    cached.__wrapped__ = options  # type: ignore[attr-defined]
    return cached


def checked(fast: Legal) -> Legal:
    """A fast legality test that first looks at the options kept for this decision."""

    def legal(s: Any, req: Any, a: Any) -> bool:
        last = _LAST[0]
        if last[1] is req and last[0] is s and last[2] == s.decision:
            return a in last[3]
        return fast(s, req, a)

    legal.__doc__ = fast.__doc__
    legal.__name__ = fast.__name__
    return legal
