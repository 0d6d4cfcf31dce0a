"""MindSpore's ``ops.composite`` (``import ... composite as C``): GradOperation and every op.

MindSpore keeps its higher-order ops (``GradOperation``, ``grad``, ``vmap``) and a few
functional ops here; all of msfunc.ops is reachable, so ``C.GradOperation`` and
``C.normal`` are msfunc.ops's objects, ``HyperMap``/``Map``/``MultitypeFuncGraph`` among
them (msfunc.ops.multitype).

Example:
    >>> import msfunc
    >>> from msfunc.ops import composite as C
    >>> C.GradOperation is msfunc.ops.GradOperation
    True
"""

from ._namespace_views import fill

__getattr__, __dir__ = fill(__name__, lambda name, value: True)
