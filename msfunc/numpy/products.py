"""Products and correlations: dot, inner, outer, kron, tensordot, cross, convolve, cov."""

import jax.numpy as jnp

from ..common.args import array_like, dtype_arg

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


def dot(a, b):
    """Dot product (matrix product for 2-D, sum-product over the last/second-last axes).

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.dot(mnp.array([1.0, 2.0]), mnp.array([3.0, 4.0])))
        11.0
    """
    return jnp.dot(array_like(a), array_like(b))


def inner(a, b):
    """Inner product over the last axes.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.inner(mnp.array([1.0, 2.0]), mnp.array([3.0, 4.0])))
        11.0
    """
    a, b = array_like(a), array_like(b)
    sa, sb = jnp.shape(a), jnp.shape(b)
    if sa and sb and sa[-1] != sb[-1]:
        raise ValueError(f"inner: the last axes of `a` {sa} and `b` {sb} must have the same length")
    return jnp.inner(a, b)


def outer(a, b):
    """Outer product of the flattened inputs.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.outer(mnp.array([1, 2]), mnp.array([1, 10])).tolist()
        [[1, 10], [2, 20]]
    """
    return jnp.outer(array_like(a), array_like(b))


def kron(a, b):
    """Kronecker product.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.kron(mnp.array([1, 2]), mnp.array([1, 10])).tolist()
        [1, 10, 2, 20]
    """
    return jnp.kron(array_like(a), array_like(b))


def tensordot(a, b, axes=2):
    """Sum-product over the given axes (an int: the last `axes` of a, first of b).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.tensordot(mnp.ones((2, 3)), mnp.ones((3, 4)), 1).shape
        (2, 4)
    """
    return jnp.tensordot(array_like(a), array_like(b), axes)


def multi_dot(arrays):
    """Chained matrix product of a sequence of arrays, in the cheapest order.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.multi_dot([mnp.ones((2, 3)), mnp.ones((3, 4)), mnp.ones((4, 1))]).shape
        (2, 1)
    """
    if len(arrays) < 2:
        raise ValueError("multi_dot: `arrays` must hold at least two arrays")
    return jnp.linalg.multi_dot(arrays)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 3-vectors (or 2-vectors) along the given axes.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.cross(mnp.array([1.0, 0, 0]), mnp.array([0.0, 1, 0])).tolist()
        [0.0, 0.0, 1.0]
    """
    return jnp.cross(array_like(a), array_like(b), axisa, axisb, axisc, axis)


def _conv(jfn, fname, a, v, mode):
    if mode not in _CONV_MODES:
        raise ValueError(f"{fname}: `mode` must be one of {_CONV_MODES}, got {mode!r}")
    a, v = jnp.asarray(array_like(a)), jnp.asarray(array_like(v))
    if a.ndim != 1 or v.ndim != 1:
        raise ValueError(f"{fname}: `a` and `v` must be 1-D, got shapes {a.shape} and {v.shape}")
    return jfn(a, v, mode)


def convolve(a, v, mode="full"):
    """Discrete linear convolution of two 1-D arrays.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.convolve(mnp.array([1.0, 2.0]), mnp.array([1.0, 1.0])).tolist()
        [1.0, 3.0, 2.0]
    """
    return _conv(jnp.convolve, "convolve", a, v, mode)


def correlate(a, v, mode="valid"):
    """Cross-correlation of two 1-D arrays.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.correlate(mnp.array([1.0, 2.0, 3.0]), mnp.array([1.0, 2.0])).tolist()
        [5.0, 8.0]
    """
    return _conv(jnp.correlate, "correlate", a, v, mode)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, dtype=None):
    """Covariance matrix of the variables in `m` (and `y`).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.cov(mnp.array([[0.0, 2.0], [1.0, 3.0]])).tolist()
        [[2.0, 2.0], [2.0, 2.0]]
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


def corrcoef(x, y=None, rowvar=True, dtype=None):
    """Pearson correlation coefficients of the variables in `x` (and `y`).

    Example:
        >>> import msfunc.numpy as mnp
        >>> [round(v, 4) for v in mnp.corrcoef(mnp.array([[1.0, 2, 3], [3.0, 2, 1]]))[0].tolist()]
        [1.0, -1.0]
    """
    return jnp.corrcoef(array_like(x), array_like(y), rowvar, dtype_arg(dtype, "corrcoef"))
