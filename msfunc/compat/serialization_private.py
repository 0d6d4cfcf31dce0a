"""The private names of ``mindspore.train.serialization`` that MindSpore programs and tests use:
``_save_graph``.

Example:
    >>> from msfunc import nn
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "net-graph.meta")
    >>> _save_graph(nn.Dense(2, 1), path); os.path.exists(path)
    False
"""

import os

__all__ = []


def _save_graph(network, file_name):
    """Write `network`'s compiled MindSpore IR graph to `file_name`, as MindSpore does for a
    network that has one; msfunc compiles through JAX and holds no MindSpore IR graph, so,
    as MindSpore for a network it never compiled, nothing is written."""
    graph = getattr(network, "get_func_graph_proto", lambda: b"")()
    if not graph:
        return
    file_name = os.path.realpath(file_name)
    with open(file_name, "wb") as f:
        f.write(graph)
