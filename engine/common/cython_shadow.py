"""What `import cython` gives a module of the compiled engine when Cython is not installed
(docs/architecture.md, "Compiled engine modules"): the few pure-Python-mode declarations
the hot modules use, doing nothing, so the same source runs as plain Python.

Cython is a build-time tool here: the install compiles the hot modules in an isolated build
environment, so at run time `import cython` usually fails. A module that declares C types
imports it as

    try:
        import cython
    except ImportError:
        from engine.common import cython_shadow as cython

Cython's compiler reads the `import cython` (the except branch is never compiled), and
`@cython.locals(i=cython.Py_ssize_t)` or `X = cython.declare(cython.ulonglong, 7)` become
C declarations there; here they are the identity. Every declared value must fit its C
type (the modules say why each one does), so that both builds compute the same numbers.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: whether this module runs compiled (never: a compiled module has Cython's own `cython`)
compiled = False

#: the C types the hot modules declare (as Cython's shadow module names them)
int = "int"
long = "long"
longlong = "long long"
ulonglong = "unsigned long long"
Py_ssize_t = "Py_ssize_t"
double = "double"
bint = "bint"


def declare(ctype: Any = None, value: Any = None, **names: Any) -> Any:
    """`x = cython.declare(cython.int, 0)`: the value itself."""
    return value


def locals(**types: Any) -> Callable[[F], F]:
    """`@cython.locals(i=cython.Py_ssize_t)`: the function itself."""
    def same(fn: F) -> F:
        return fn
    return same


def cast(ctype: str, value: Any) -> Any:
    """`cython.cast(cython.Py_ssize_t, x)`: as C converts, for the values the modules cast
    (in range): toward zero to an integer type, to float for `double`."""
    if ctype == double:
        return builtins.float(value)
    if ctype in (int, long, longlong, ulonglong, Py_ssize_t):
        return builtins.int(value)
    return value


def returns(ctype: Any) -> Callable[[F], F]:
    """`@cython.returns(cython.int)`: the function itself."""
    return locals()


def cfunc(fn: F) -> F:
    """`@cython.cfunc`: compiled, a C function callable only from its own module; here the
    function itself."""
    return fn


def ccall(fn: F) -> F:
    """`@cython.ccall`: compiled, a C function that its own module calls directly and
    others call as Python; here the function itself."""
    return fn


inline = cfunc
