"""Names of the ``mindspore`` package defined in msfunc.compat (``_Function``, ``get_level`` ...).

Kept apart from the modules defining them, so the ``mindspore`` alias answers only these
and not those modules' other public names.

Example:
    >>> from msfunc.compat import mindspore_private
    >>> mindspore_private._Function.__name__
    'Function'
"""

from ..common.symbol import Symbol  # noqa: F401  (``Tensor(shape=[Symbol(max=8)], ...)``)
from ..log import get_level, get_log_config  # noqa: F401  (``mindspore.get_level()``)
from ..nn.recompute_call import recompute  # noqa: F401  (``mindspore.recompute(cell, x)``)
from .autograd_function import Function as _Function  # noqa: F401  (answered by the alias)

__all__ = []
