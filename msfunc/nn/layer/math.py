"""MindSpore's matrix Cells: MatMul (a product with broadcasting), Tril and Triu (triangles)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from ...common.tensor import unwrap
from ...context import mindspore_dtype_checks
from .._arg_checks import check_flag
from ..cell import Cell

__all__ = ["MatMul", "Tril", "Triu"]


class MatMul(Cell):
    """``x1 @ x2`` with numpy's broadcasting of batch dims and 1-D operands; either operand's
    last two dims can be transposed first.

    In a MindSpore program both operands must share one dtype (TypeError otherwise, as
    MindSpore: no promotion; msfunc.context.mindspore_dtype_checks), and the contracted
    dims must agree (ValueError).

    Args:
        transpose_x1 (bool): Swap `x1`'s last two dims first. Default: ``False``.
        transpose_x2 (bool): Swap `x2`'s last two dims first. Default: ``False``.

    Inputs:
        x1 (Tensor): The left operand, at least 1-D.
        x2 (Tensor): The right operand, at least 1-D.

    Outputs:
        Tensor, the broadcast matrix product.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.MatMul(transpose_x2=True)(ms.numpy.ones((2, 3)), ms.numpy.ones((4, 3))).shape
        (2, 4)
    """

    def __init__(self, transpose_x1: bool = False, transpose_x2: bool = False):
        super().__init__()
        self.transpose_x1 = check_flag("MatMul", "transpose_x1", transpose_x1)
        self.transpose_x2 = check_flag("MatMul", "transpose_x2", transpose_x2)

    def construct(self, x1, x2):
        a, b = unwrap(x1), unwrap(x2)
        if a.dtype != b.dtype and mindspore_dtype_checks():
            raise TypeError(
                f"MatMul: `x1` and `x2` must have one dtype, got {a.dtype} and {b.dtype}"
            )
        if self.transpose_x1 and a.ndim >= 2:
            a = jnp.swapaxes(a, -1, -2)
        if self.transpose_x2 and b.ndim >= 2:
            b = jnp.swapaxes(b, -1, -2)
        inner_a, inner_b = a.shape[-1], b.shape[0] if b.ndim == 1 else b.shape[-2]
        if inner_a != inner_b:
            raise ValueError(
                f"MatMul: the last dim of `x1` ({inner_a}) must equal the "
                f"contracted dim of `x2` ({inner_b}); shapes {tuple(a.shape)} "
                f"and {tuple(b.shape)}"
            )
        return jnp.matmul(a, b)


def _triangle(x, k, keep):
    # MindSpore multiplies in float32 by a 0/1 mask and casts back, so float64 and large
    # integers come out rounded through float32 as they do there.
    x = unwrap(x)
    mask = keep(jnp.ones(x.shape[-2:], jnp.float32), int(unwrap(k)))
    return (x.astype(jnp.float32) * mask).astype(x.dtype)


class Tril(Cell):
    """The lower triangle of the last two dims of `x` (diagonal `k` and below), the rest zero.

    Args:
        auto_prefix (bool): As for every Cell. Default: ``True``.
        flags (Union[dict, None]): As for every Cell. Default: ``None``.

    Inputs:
        x (Tensor): At least 2-D.
        k (Union[int, Tensor]): The diagonal: 0 the main one, positive above. Default: ``0``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> Tril()(ms.Tensor([[1, 2], [3, 4]]), 0).tolist()
        [[1, 0], [3, 4]]
    """

    def __init__(self, auto_prefix: bool = True, flags: dict[str, Any] | None = None):
        super().__init__(auto_prefix, flags)

    def construct(self, x, k=0):
        return _triangle(x, k, jnp.tril)


class Triu(Cell):
    """The upper triangle of the last two dims of `x` (diagonal `k` and above), the rest zero.

    Args:
        auto_prefix (bool): As for every Cell. Default: ``True``.
        flags (Union[dict, None]): As for every Cell. Default: ``None``.

    Inputs:
        x (Tensor): At least 2-D.
        k (Union[int, Tensor]): The diagonal: 0 the main one, positive above. Default: ``0``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> Triu()(ms.Tensor([[1, 2], [3, 4]]), 1).tolist()
        [[0, 2], [0, 0]]
    """

    def __init__(self, auto_prefix: bool = True, flags: dict[str, Any] | None = None):
        super().__init__(auto_prefix, flags)

    def construct(self, x, k=0):
        return _triangle(x, k, jnp.triu)
