"""``mindspore.common._pijit_context``: the exception MindSpore's bytecode jit raises at a graph
break under ``fullgraph=True``, importable so programs that catch it run.

Example:
    >>> issubclass(Unsupported, RuntimeError)
    True
"""

__all__ = ["Unsupported"]


class Unsupported(RuntimeError):
    """A function that cannot be captured as one whole graph (MindSpore's bytecode jit).

    Example:
        >>> str(Unsupported("graph break at print"))
        'graph break at print'
    """
