"""The private helpers of ``mindspore.train._utils`` that MindSpore programs and tests use:
``_construct_tensor_list``, ``get_parameter_redundancy`` and ``remove_param_redundancy``.

Example:
    >>> import msfunc as ms
    >>> [t.shape for t in _construct_tensor_list((ms.float32, ms.int32), ((2, 3), (2,)))]
    [(2, 3), (2,)]
"""

import numpy as np

from .parameter_redundancy import get_parameter_redundancy, remove_param_redundancy

__all__ = ["get_parameter_redundancy", "remove_param_redundancy"]


def _construct_tensor_list(types, shapes, batch_expand_num=1):
    """Zero Tensors of the given dtypes and shapes, the first axis times `batch_expand_num`
    (stand-ins a network is built with before real batches come)."""
    from ..common.tensor import Tensor

    if len(types) != len(shapes):
        raise ValueError(
            f"_construct_tensor_list: as many dtypes as shapes are needed, got {len(types)} "
            f"and {len(shapes)}"
        )
    tensors = []
    for dtype, shape in zip(types, shapes):
        shape = tuple(shape)
        if shape:
            shape = (shape[0] * batch_expand_num,) + shape[1:]
        tensors.append(Tensor(np.zeros(shape), dtype=dtype))
    return tensors
