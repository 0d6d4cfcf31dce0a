"""``mindspore.common.sparse_tensor.RowTensorInner``: the internal constructor of RowTensor.

Example:
    >>> import msfunc as ms
    >>> x = RowTensorInner(ms.Tensor([1]), ms.Tensor([[1.0, 2.0]]), (3, 2))
    >>> type(x).__name__, x.dense_shape
    ('RowTensor', (3, 2))
"""

from ..common.sparse_tensor import RowTensor

__all__ = ["RowTensorInner"]


class RowTensorInner(RowTensor):
    """Makes a `msfunc.RowTensor` (an instance of that class, not of this one).

    `values` must have one row per index and the dense shape's trailing sizes; a mismatch
    raises TypeError, the type MindSpore's graph compiler gives it (msfunc checks in every
    mode; MindSpore's PyNative constructor does not check).

    Args:
        indices (Tensor): Shape (n,): the rows held.
        values (Tensor): Shape (n, *dense_shape[1:]).
        shape (tuple[int]): The dense shape.
        row_tensor (RowTensor): Copy this one instead (then give no other argument).

    Example:
        >>> import msfunc as ms
        >>> RowTensorInner(ms.Tensor([0]), ms.Tensor([[1.0, 2.0]]), (3, 4))
        Traceback (most recent call last):
        ...
        TypeError: RowTensor: `values` must have shape (n,) + (4,) (shape[1:]), got (1, 2)
    """

    __slots__ = ()

    def __new__(cls, indices=None, values=None, shape=None, row_tensor=None):
        try:
            return RowTensor(indices, values, shape, row_tensor)
        except ValueError as e:
            raise TypeError(str(e)) from None
