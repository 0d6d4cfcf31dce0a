"""``mindspore.ops.composite.base.core``: the decorator that flags a function for MindSpore's
graph compiler (``@core(loop_can_uroll=True)``).

The flags land in the function's ``_func_graph_flags``, where MindSpore keeps them; JAX
traces the function as it is, so msfunc records them and reads none.

Example:
    >>> @core(loop_can_uroll=True)
    ... def double(x):
    ...     return 2 * x
    >>> double(3), double._func_graph_flags
    (6, {'core': True, 'loop_can_uroll': True})
"""

__all__ = ["core"]


def core(fn=None, **flags):
    """Flag `fn` as a core function of a graph (and with any further `flags`); returns `fn`.

    Args:
        fn (Callable, optional): The function; without it, `core` returns the decorator.
        flags (dict): Further flags, each name to its value.

    Returns:
        `fn` itself (or the decorator), with ``fn._func_graph_flags`` holding ``core=True``
        and `flags` on top of the flags it had.

    Example:
        >>> def f(x):
        ...     return x
        >>> core(f) is f, f._func_graph_flags
        (True, {'core': True})
    """

    def mark(function):
        marked = {**getattr(function, "_func_graph_flags", {}), "core": True, **flags}
        function._func_graph_flags = marked
        return function

    return mark if fn is None else mark(fn)
