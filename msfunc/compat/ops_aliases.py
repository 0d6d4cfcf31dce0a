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


def mm(input, mat2):  # noqa: A002 - MindSpore's parameter name
    """The product of two matrices; both operands must be 2-D (ValueError otherwise, and for
    inner lengths that differ: MindSpore checks `mm` up front, unlike `ops.matmul`).

    Example:
        >>> import msfunc as ms
        >>> from msfunc.compat.ops_aliases import mm
        >>> mm(ms.ops.ones((2, 3), ms.float32), ms.ops.ones((3, 4), ms.float32)).shape
        (2, 4)
    """
    shapes: list[tuple[int, ...]] = [tuple(getattr(v, "shape", ())) for v in (input, mat2)]
    if any(len(shape) != 2 for shape in shapes) or shapes[0][1] != shapes[1][0]:
        raise ValueError(
            f"mm: `input` and `mat2` must be matrices of shapes (n, k) and (k, m), got "
            f"{shapes[0]} and {shapes[1]}"
        )
    return ops.matmul(input, mat2)
