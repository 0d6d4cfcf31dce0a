"""MindSpore primitives kept off ``mindspore.ops`` (``ops.operations.Load``, ``_inner_ops``).

``Load`` reads a Parameter's value (MindSpore threads a side-effect token through it);
``ConvertToDynamic`` marks a tensor's shape as dynamic for MindSpore's compiler, and on
JAX, where every traced shape is static, it passes the value through unchanged.

Example:
    >>> import msfunc as ms
    >>> import numpy as np
    >>> from msfunc.compat.inner_ops import Load
    >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    >>> Load()(w, None).tolist()
    [1.0, 1.0]
"""

import jax.numpy as jnp

from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive

__all__ = ["ConvertToDynamic", "Load"]

Load = build_primitive(
    "Load", sig(), lambda p, variable, u=None: jnp.asarray(variable), module=__name__
)
ConvertToDynamic = build_primitive(
    "ConvertToDynamic", sig(is_dynamic_rank=False), lambda p, x: jnp.asarray(x), module=__name__
)
