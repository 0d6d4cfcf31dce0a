"""MindSpore's legacy ops names that are primitive instances (``ops.reduce_sum = ReduceSum()``).

MindSpore 2.10 still exposes these at ``mindspore.ops`` and ``ops.functional``; old
scripts call ``F.reduce_sum(x, axis)``. They are msfunc's primitive classes,
instantiated the way MindSpore instantiates them (``keep_dims=False``); ``make_tuple`` is
``ops.functional.make_tuple``, as in MindSpore.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc.compat.ops_aliases import reduce_sum
    >>> float(reduce_sum(jnp.ones((2, 3))))
    6.0
"""

from .. import ops
from .functional_scalars import make_tuple

__all__ = ["cast", "make_tuple", "mm", "reduce_max", "reduce_mean", "reduce_min", "reduce_sum"]

reduce_sum = ops.ReduceSum()
reduce_mean = ops.ReduceMean()
reduce_max = ops.ReduceMax()
reduce_min = ops.ReduceMin()
cast = ops.Cast()
mm = ops.matmul
