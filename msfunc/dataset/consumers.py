"""How many datasets read each node: MindSpore builds only trees, one consumer per node."""

from __future__ import annotations

__all__ = ["count", "check_tree", "uncount"]


def count(nodes):
    """Count one more consumer for each of `nodes` (for ever, as MindSpore's nodes keep their
    parents, even deleted ones).

    Example:
        >>> class Node: pass
        >>> node = Node(); count((node,)); node._consumers
        1
    """
    for node in nodes:
        node.__dict__["_consumers"] = node.__dict__.get("_consumers", 0) + 1


def uncount(node, times):
    """Take back `times` consumers of `node`: readers of what MindSpore gives a deep copy of
    `node` each (the parts of ``split``), so they do not share it.

    Example:
        >>> class Node: pass
        >>> node = Node(); count((node, node)); uncount(node, 2); node._consumers
        0
    """
    node.__dict__["_consumers"] = max(node.__dict__.get("_consumers", 0) - times, 0)


def check_tree(root):
    """Raise ValueError, as MindSpore does when it builds a pipeline to iterate, if a node
    below `root` has ever been given to two consumers (``d.map(f)`` and ``d.map(g)``).

    Example:
        >>> import msfunc.dataset as ds
        >>> d = ds.NumpySlicesDataset([1, 2], shuffle=False)
        >>> check_tree(d.map(lambda x: x))
    """
    stack = list(root.children)
    while stack:
        node = stack.pop()
        if node.__dict__.get("_consumers", 0) > 1:
            raise ValueError(
                f"the pipeline is not a tree: {type(node).__name__} feeds two or more "
                "datasets (build one pipeline per consumer)"
            )
        stack.extend(node.children)
