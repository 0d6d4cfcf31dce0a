"""``mindspore.set_recursion_limit``: how deep nested calls may go while a graph is built.

MindSpore's graph compiler stops at this depth of nested function calls (default 1000). On
JAX a graph is built by running the Python code, so the depth that matters is Python's own
recursion limit: a limit above it raises Python's to match (with room for the frames
already on the stack), and a lower one leaves Python's as it is, since lowering it would
break the caller's own frames.

Example:
    >>> import sys
    >>> set_recursion_limit(5000)
    >>> sys.getrecursionlimit() >= 5000
    True
"""

import sys

__all__ = ["set_recursion_limit"]

# frames the interpreter needs beyond the graph's own calls (pytest, msfunc's tracing)
_HEADROOM = 200


def _depth():
    """How many frames are on the stack now."""
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


def set_recursion_limit(recursion_limit=1000):
    """Allow graphs whose nested calls go `recursion_limit` deep.

    Args:
        recursion_limit (int): A positive depth. Default: ``1000``.

    Raises:
        TypeError: `recursion_limit` is not an int (a bool is not).
        ValueError: `recursion_limit` is not positive.

    Example:
        >>> set_recursion_limit(0)
        Traceback (most recent call last):
        ValueError: set_recursion_limit: `recursion_limit` must be a positive int, got 0
    """
    if not isinstance(recursion_limit, int) or isinstance(recursion_limit, bool):
        raise TypeError(
            "set_recursion_limit: `recursion_limit` must be an int, "
            f"got {type(recursion_limit).__name__}"
        )
    if recursion_limit <= 0:
        raise ValueError(
            "set_recursion_limit: `recursion_limit` must be a positive int, "
            f"got {recursion_limit!r}"
        )
    needed = recursion_limit + _depth() + _HEADROOM
    if needed > sys.getrecursionlimit():
        sys.setrecursionlimit(needed)
