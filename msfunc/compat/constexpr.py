"""``mindspore.ops.constexpr``: MindSpore's decorator for a helper that its graph compiler
evaluates at compile time on constant arguments.

msfunc traces Python itself, so such a helper simply runs as Python on whatever it is given
(shapes and dtypes are already Python values under tracing).

Example:
    >>> @constexpr
    ... def check_rank(shape):
    ...     if len(shape) != 2:
    ...         raise ValueError("expected a matrix")
    ...     return shape[0] * shape[1]
    >>> check_rank((2, 3))
    6
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

__all__ = ["_primexpr", "constexpr"]


def constexpr(
    fn: Callable[..., Any] | None = None,
    get_instance: bool = True,
    name: str | None = None,
    reuse_result: bool = True,
    check: bool = True,
) -> Any:
    """Mark a helper as evaluated at compile time on constant arguments; msfunc just calls it.

    MindSpore's graph compiler needs the mark to run Python on shapes and dtypes; msfunc
    traces Python, where those are Python values already, so the helper runs as it stands.

    Args:
        fn (Union[Callable[..., Any], None]): The helper; ``None`` returns the decorator.
            Default: ``None``.
        get_instance (bool): ``False`` gives a factory whose instances call `fn` (MindSpore
            then gives the primitive class rather than an instance). Default: ``True``.
        name (Union[str, None]): MindSpore's primitive name; unused. Default: ``None``.
        reuse_result (bool): MindSpore's compile-time cache switch; unused. Default: ``True``.
        check (bool): MindSpore's argument check switch; unused. Default: ``True``.

    Returns:
        Callable, `fn` wrapped (or the decorator, or the factory with `get_instance` False).

    Example:
        >>> double = constexpr(lambda v: 2 * v)
        >>> double(4)
        8
        >>> constexpr(get_instance=False)(lambda v: v + 1)()(1)
        2
    """
    del name, reuse_result, check  # compile-time caching and checks: nothing to do here

    def decorate(function):
        @functools.wraps(function)
        def call(*args, **kwargs):
            return function(*args, **kwargs)

        return call if get_instance else (lambda: call)

    return decorate if fn is None else decorate(fn)


def _primexpr(
    fn: Callable[..., Any] | None = None,
    get_instance: bool = True,
    name: str | None = None,
    reuse_result: bool = True,
) -> Any:
    """``mindspore.ops.primitive._primexpr``: `constexpr` for a helper MindSpore also runs on
    variables (its graph compiler runs it at run time then); msfunc calls it either way.

    Example:
        >>> _primexpr(lambda shape: len(shape))((2, 3))
        2
    """
    return constexpr(fn, get_instance, name, reuse_result)
