"""MindSpore's ``ops.functional`` (``import ... functional as F``): every op of msfunc.ops.

Example:
    >>> import msfunc
    >>> from msfunc.ops import functional as F
    >>> F.tensor_add is msfunc.ops.tensor_add
    True
"""

from ._namespace_views import fill

__getattr__, __dir__ = fill(__name__, lambda name, value: True)
