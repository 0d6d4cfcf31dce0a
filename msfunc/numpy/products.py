"""Products and correlations: dot, inner, outer, kron, tensordot, cross, convolve, cov."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..common.args import array_like, dtype_arg

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

_CONV_MODES = ("full", "same", "valid")

__all__ = [
    "convolve",
    "corrcoef",
    "correlate",
    "cov",
    "cross",
    "dot",
    "inner",
    "kron",
    "multi_dot",
    "outer",
    "tensordot",
]


def dot(a: ArrayLike, b: ArrayLike) -> Array:
    """Dot product (matrix product for 2-D, sum-product over the last/second-last axes).

    Args:
        a (Tensor): First operand.
        b (Tensor): Second operand.

    Returns:
        Tensor, the product (a scalar for two 1-D inputs).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.dot(mnp.array([1.0, 2.0]), mnp.array([3.0, 4.0])))
        11.0
    """
    return jnp.dot(array_like(a), array_like(b))


def inner(a: ArrayLike, b: ArrayLike) -> Array:
    """Inner product over the last axes.

    Args:
        a (Tensor): First operand.
        b (Tensor): Second operand, whose last axis matches `a`'s.

    Returns:
        Tensor, of shape ``a.shape[:-1] + b.shape[:-1]``.

    Raises:
        ValueError: the last axes differ in length.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.inner(mnp.array([1.0, 2.0]), mnp.array([3.0, 4.0])))
        11.0
    """
    a, b = array_like(a), array_like(b)
    sa, sb = jnp.shape(a), jnp.shape(b)
    if sa and sb and sa[-1] != sb[-1]:
        raise ValueError(f"inner: the last axes of `a` {sa} and `b` {sb} must have the same length")
    return jnp.inner(a, b)


def outer(a: ArrayLike, b: ArrayLike) -> Array:
    """Outer product of the flattened inputs.

    Args:
        a (Tensor): First vector (flattened).
        b (Tensor): Second vector (flattened).

    Returns:
        Tensor, of shape ``(a.size, b.size)``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.outer(mnp.array([1, 2]), mnp.array([1, 10])))
        [[ 1 10]
         [ 2 20]]
    """
    return jnp.outer(array_like(a), jnp.asarray(array_like(b)))


def kron(a: ArrayLike, b: ArrayLike) -> Array:
    """Kronecker product: blocks of `b` scaled by each element of `a`.

    Args:
        a (Tensor): First operand.
        b (Tensor): Second operand.

    Returns:
        Tensor, whose shape is the element-wise product of the two shapes.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.kron(mnp.array([1, 2]), mnp.array([1, 10])))
        [ 1 10  2 20]
    """
    return jnp.kron(array_like(a), array_like(b))


def tensordot(a: ArrayLike, b: ArrayLike, axes: int | Sequence[Sequence[int]] = 2) -> Array:
    """Sum-product over the given axes (an int: the last `axes` of a, first of b).

    Args:
        a (Tensor): First operand.
        b (Tensor): Second operand.
        axes (Union[int, Sequence[Sequence[int]]]): How many trailing axes of `a` meet
            leading axes of `b`, or two lists naming the axes of each. Default: ``2``.

    Returns:
        Tensor, with the remaining axes of `a` then of `b`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.tensordot(mnp.ones((2, 3)), mnp.ones((3, 4)), 1).shape
        (2, 4)
    """
    return jnp.tensordot(array_like(a), array_like(b), axes)


def multi_dot(arrays: Sequence[ArrayLike]) -> Array:
    """Chained matrix product of a sequence of arrays, in the cheapest order.

    Args:
        arrays (Sequence[Tensor]): At least two arrays; the first and last may be 1-D.

    Returns:
        Tensor, the product.

    Raises:
        ValueError: fewer than two arrays.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.multi_dot([mnp.ones((2, 3)), mnp.ones((3, 4)), mnp.ones((4, 1))]).shape
        (2, 1)
    """
    if len(arrays) < 2:
        raise ValueError("multi_dot: `arrays` must hold at least two arrays")
    return jnp.linalg.multi_dot(arrays)


def cross(
    a: ArrayLike,
    b: ArrayLike,
    axisa: int = -1,
    axisb: int = -1,
    axisc: int = -1,
    axis: int | None = None,
) -> Array:
    """Cross product of 3-vectors (or 2-vectors) along the given axes.

    Args:
        a (Tensor): First vectors.
        b (Tensor): Second vectors.
        axisa (int): Axis of `a` holding the vectors. Default: ``-1``.
        axisb (int): Axis of `b` holding the vectors. Default: ``-1``.
        axisc (int): Axis of the result holding the vectors. Default: ``-1``.
        axis (Union[int, None]): When given, overrides the three axes. Default: ``None``.

    Returns:
        Tensor, the cross products (scalars for 2-vectors).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.cross(mnp.array([1.0, 0, 0]), mnp.array([0.0, 1, 0])))
        [0. 0. 1.]
    """
    return jnp.cross(array_like(a), array_like(b), axisa, axisb, axisc, axis)


def _conv(jfn, fname, a, v, mode):
    if mode not in _CONV_MODES:
        raise ValueError(f"{fname}: `mode` must be one of {_CONV_MODES}, got {mode!r}")
    a, v = jnp.asarray(array_like(a)), jnp.asarray(array_like(v))
    if a.ndim != 1 or v.ndim != 1:
        raise ValueError(f"{fname}: `a` and `v` must be 1-D, got shapes {a.shape} and {v.shape}")
    return jfn(a, v, mode)


def convolve(a: ArrayLike, v: ArrayLike, mode: str = "full") -> Array:
    """Discrete linear convolution of two 1-D arrays.

    Args:
        a (Tensor): First 1-D input.
        v (Tensor): Second 1-D input.
        mode (str): ``'full'`` (every overlap), ``'same'`` (`a`'s length) or ``'valid'``
            (full overlaps only). Default: ``'full'``.

    Returns:
        Tensor, 1-D.

    Raises:
        ValueError: an input is not 1-D or `mode` is unknown.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.convolve(mnp.array([1.0, 2.0]), mnp.array([1.0, 1.0])))
        [1. 3. 2.]
    """
    return _conv(jnp.convolve, "convolve", a, v, mode)


def correlate(a: ArrayLike, v: ArrayLike, mode: str = "valid") -> Array:
    """Cross-correlation of two 1-D arrays.

    Args:
        a (Tensor): First 1-D input.
        v (Tensor): Second 1-D input, slid along `a`.
        mode (str): ``'valid'`` (full overlaps only), ``'same'`` or ``'full'``.
            Default: ``'valid'``.

    Returns:
        Tensor, 1-D.

    Raises:
        ValueError: an input is not 1-D or `mode` is unknown.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.correlate(mnp.array([1.0, 2.0, 3.0]), mnp.array([1.0, 2.0])))
        [5. 8.]
    """
    return _conv(jnp.correlate, "correlate", a, v, mode)


def cov(
    m: ArrayLike,
    y: ArrayLike | None = None,
    rowvar: bool = True,
    bias: bool = False,
    ddof: int | None = None,
    fweights: ArrayLike | None = None,
    aweights: ArrayLike | None = None,
    dtype: DTypeLike | None = None,
) -> Array:
    """Covariance matrix of the variables in `m` (and `y`).

    Args:
        m (Tensor): 1-D or 2-D observations; each row is a variable when `rowvar`.
        y (Union[Tensor, None]): More variables, stacked after `m`'s. Default: ``None``.
        rowvar (bool): Rows are variables (else columns are). Default: ``True``.
        bias (bool): Normalise by N instead of N - 1. Default: ``False``.
        ddof (Union[int, None]): Delta degrees of freedom, overriding `bias`.
            Default: ``None``.
        fweights (Union[Tensor, None]): Integer frequency weight per observation.
            Default: ``None``.
        aweights (Union[Tensor, None]): Importance weight per observation. Default: ``None``.
        dtype (Union[dtype, str, None]): Dtype of the computation. Default: ``None``.

    Returns:
        Tensor, the (variables, variables) covariance matrix.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.cov(mnp.array([[0.0, 2.0], [1.0, 3.0]])))
        [[2. 2.]
         [2. 2.]]
    """
    return jnp.cov(
        array_like(m),
        array_like(y),
        rowvar,
        bias,
        ddof,
        array_like(fweights),
        array_like(aweights),
        dtype_arg(dtype, "cov"),
    )


def corrcoef(
    x: ArrayLike, y: ArrayLike | None = None, rowvar: bool = True, dtype: DTypeLike | None = None
) -> Array:
    """Pearson correlation coefficients of the variables in `x` (and `y`).

    Args:
        x (Tensor): 1-D or 2-D observations; each row is a variable when `rowvar`.
        y (Union[Tensor, None]): More variables, stacked after `x`'s. Default: ``None``.
        rowvar (bool): Rows are variables (else columns are). Default: ``True``.
        dtype (Union[dtype, str, None]): Dtype of the computation. Default: ``None``.

    Returns:
        Tensor, the (variables, variables) correlation matrix.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [round(v, 4) for v in mnp.corrcoef(mnp.array([[1.0, 2, 3], [3.0, 2, 1]]))[0].tolist()]
        [1.0, -1.0]
    """
    return jnp.corrcoef(array_like(x), array_like(y), rowvar, dtype_arg(dtype, "corrcoef"))
