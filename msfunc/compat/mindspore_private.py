"""The private names of the ``mindspore`` package that MindSpore code imports (``_Function``).

Kept apart from the modules defining them, so the ``mindspore`` alias answers only these
and not those modules' other public names.

Example:
    >>> from msfunc.compat import mindspore_private
    >>> mindspore_private._Function.__name__
    'Function'
"""

from .autograd_function import Function as _Function  # noqa: F401  (answered by the alias)

__all__ = []
