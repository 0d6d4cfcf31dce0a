"""``mindspore.scipy.utils``: the array helpers MindSpore's scipy code imports, on msfunc's ops."""

from .. import ops
from ..common.tensor import Tensor
from ..numpy import dot, greater, where, zeros_like
from ..ops import GradOperation, grad

__all__ = ["GradOperation", "Tensor", "dot", "grad", "greater", "where", "zeros_like"]


def _nd_transpose(a):
    """`a` with its last two axes swapped (a batch of matrices transposed).

    Example:
        >>> import numpy as np
        >>> _nd_transpose(np.zeros((4, 2, 3))).shape
        (4, 3, 2)
    """
    if len(a.shape) < 2:
        raise ValueError(
            f"_nd_transpose: `a` must have at least 2 dimensions, got shape {tuple(a.shape)}"
        )
    return ops.swapaxes(a, -1, -2)
