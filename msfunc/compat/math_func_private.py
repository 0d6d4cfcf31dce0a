"""``mindspore.ops.function.math_func``'s private ``F``: the functional namespace that file reads.

Programs import ``F`` from there (``from mindspore.ops.function.math_func import F``) and call
``F.inplace_index_add``, ``F.add`` ...; msfunc's ``ops.function`` holds those names.

Example:
    >>> import msfunc as ms
    >>> F.inplace_index_add(ms.Tensor([[1.0], [2.0]]), ms.Tensor([1], ms.int32),
    ...                     ms.Tensor([[5.0]]), 0).tolist()
    [[1.0], [7.0]]
"""

from ..ops import function as F

__all__ = ["F"]
