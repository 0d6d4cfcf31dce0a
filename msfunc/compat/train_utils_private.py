"""The private helpers of ``mindspore.train._utils`` that MindSpore programs and tests use:
``_construct_tensor_list``, ``_make_directory``, ``get_parameter_redundancy`` and
``remove_param_redundancy``.

Example:
    >>> import msfunc as ms
    >>> [t.shape for t in _construct_tensor_list((ms.float32, ms.int32), ((2, 3), (2,)))]
    [(2, 3), (2,)]
"""

import os

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


def _make_directory(path, arg_name="path"):
    """Make the folder `path` and those above it (owner-only, as MindSpore makes them) when
    missing; returns its full path. A blank `path` is a ValueError, a non-string a TypeError."""
    if not isinstance(path, str):
        raise TypeError(f"The {arg_name} is invalid, the type should be string.")
    if not path.strip():
        raise ValueError(f"The {arg_name} is invalid, it should be non-blank.")
    path = os.path.realpath(path)
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path
