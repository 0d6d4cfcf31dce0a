"""``mindspore.common.np_dtype``: the numpy scalar type MindSpore registers for bfloat16, which
programs pass to ``np.array(..., dtype=np_dtype.bfloat16)`` and to Tensor.

msfunc's is JAX's own (``ml_dtypes.bfloat16``), so arrays made with it meet jax.numpy directly.

Example:
    >>> import numpy as np
    >>> np.array([1.5], dtype=bfloat16).dtype == np.dtype(bfloat16)
    True
"""

from jax.numpy import bfloat16

__all__ = ["bfloat16"]
