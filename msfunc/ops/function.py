"""MindSpore's ``ops.function``: the functional ops of msfunc.ops (no primitive classes).

Example:
    >>> import msfunc
    >>> from msfunc.ops import function
    >>> function.matmul is msfunc.ops.matmul
    True
"""

from ._namespace_views import fill, is_function

__getattr__, __dir__ = fill(__name__, is_function)
