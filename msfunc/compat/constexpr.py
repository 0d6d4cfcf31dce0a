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

import functools

__all__ = ["constexpr"]


def constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True):
    """Mark `fn` as evaluated on constant arguments; in msfunc it is called as it stands.

    With ``get_instance=False`` the decorator gives a factory whose instances call `fn`
    (MindSpore then gives the primitive class rather than an instance).

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
