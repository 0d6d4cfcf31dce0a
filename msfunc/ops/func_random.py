"""Functional random ops: uniform, normal and Laplace draws.

Seeded calls (``msfunc.set_seed`` or a ``seed`` argument) of rand, randn, randint, uniform,
normal, standard_normal, standard_laplace, laplace and the ``_like`` forms draw MindSpore's
exact numbers (see `seeded_draws`); unseeded calls draw from msfunc's global JAX key stream
(fast, not MindSpore's numbers). Bernoulli, categorical, gamma and Poisson draws and
permutations are in `func_sampling`, the candidate samplers in `func_candidate_sampling`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common.arg_docs import document_args
from ..common.args import dtype_arg, tensor_arg
from ..common.seed import next_key
from .seeded_draws import kernel_draw

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

    from ..common.dtype import Type

__all__ = [
    "rand",
    "rand_like",
    "randn",
    "randn_like",
    "randint",
    "randint_like",
    "normal",
    "uniform",
    "standard_normal",
    "standard_laplace",
    "laplace",
]


def _shape(shape, name="shape"):
    if isinstance(shape, int) and not isinstance(shape, bool):
        return (shape,)
    if isinstance(shape, (jax.Array, np.ndarray)):
        shape = np.asarray(jax.device_get(shape)).reshape(-1).tolist()
    if not isinstance(shape, (tuple, list)) or not all(
        isinstance(s, (int, np.integer)) and s >= 0 for s in shape
    ):
        raise TypeError(f"`{name}` must be a tuple of non-negative ints, got {shape!r}")
    return tuple(int(s) for s in shape)


def _size(size):
    nested = len(size) == 1 and isinstance(size[0], (tuple, list))
    return _shape(tuple(size[0]) if nested else size, "size")


def _check_seed(seed):
    if seed is not None and not isinstance(seed, (int, np.integer)):
        raise TypeError(f"`seed` must be an int or None, got {type(seed).__name__}")


def _float(dtype):
    dt = dtype_arg(dtype, default=mstype.float32)
    if not jnp.issubdtype(dt, jnp.floating):
        # A dtype of the wrong kind is a wrong value of `dtype` (ValueError, as documented).
        raise ValueError(f"`dtype` must be a floating dtype, got {dt}")
    return dt


def _params(*values):
    """Distribution parameters as arrays of one float dtype: float32, or float64 when a
    parameter is float64 (a float64 program keeps its precision, and its gradients)."""
    xs = [jnp.asarray(v) for v in values]
    floats = [x.dtype for x in xs if jnp.issubdtype(x.dtype, jnp.floating)]
    dt = jnp.result_type(jnp.float32, *floats)
    return [x.astype(dt) for x in xs]


def _draw(kernel, sampler, fname, seed, shape, dt):
    """rand's, randn's and their _like forms' draw of `shape` in `dt`: MindSpore's numbers
    from its `kernel` when seeded (`kernel_draw`), else `sampler` on msfunc's key stream."""
    exact = kernel_draw(kernel, fname, seed, shape)
    return sampler(next_key(), shape, dt) if exact is None else exact.astype(dt)


# Args entries that rand and randn (and their _like forms) word alike (see `document_args`).
_SEED = "seed (int, optional): The op's seed. Default: ``None``."
_SIZED = (
    "size (Union[int, tuple[int]]): The shape, as ints or one tuple.",
    "dtype (mindspore.dtype, optional): A float dtype. Default: ``None`` (float32).",
    _SEED,
)
_SHAPE_OF = "input (Tensor): The tensor whose shape to take."


@document_args(*_SIZED)
def rand(*size: int, dtype: Type | None = None, seed: int | None = None) -> Array:
    """Samples uniform on ``[0, 1)``, of shape `size`.

    Seeded (by `seed` or ``msfunc.set_seed``) the draws are MindSpore's numbers.

    Args:
        {args}

    Returns:
        Tensor of shape `size`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.rand(2, 3))
        [[0.542962   0.80578625 0.367501  ]
         [0.7465748  0.81656706 0.79427725]]
    """
    _check_seed(seed)
    dt, shape = _float(dtype), _size(size)
    return _draw("uniform_real", jax.random.uniform, "rand", seed, shape, dt)


@document_args(
    _SHAPE_OF,
    _SEED,
    "dtype (mindspore.dtype, optional): A float dtype. Default: ``None`` (`input`'s).",
)
def rand_like(input: ArrayLike, seed: int | None = None, *, dtype: Type | None = None) -> Array:
    """Samples uniform on ``[0, 1)``, of `input`'s shape (and dtype unless `dtype` is given).

    Args:
        {args}

    Returns:
        Tensor of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.rand_like(ms.Tensor([[1.0, 2.0, 3.0]])))
        [[0.542962   0.80578625 0.367501  ]]
    """
    x = tensor_arg(input)
    _check_seed(seed)
    dt = _float(dtype or x.dtype)
    return _draw("uniform_real", jax.random.uniform, "rand_like", seed, x.shape, dt)


@document_args(*_SIZED)
def randn(*size: int, dtype: Type | None = None, seed: int | None = None) -> Array:
    """Samples of the standard normal distribution, of shape `size`.

    Seeded (by `seed` or ``msfunc.set_seed``) the draws are MindSpore's numbers.

    Args:
        {args}

    Returns:
        Tensor of shape `size`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.randn(2, 3))
        [[ 0.22797997 -0.95994765  0.53146225]
         [ 0.51047784 -0.820724    0.64156544]]
    """
    _check_seed(seed)
    dt, shape = _float(dtype), _size(size)
    return _draw("standard_normal", jax.random.normal, "randn", seed, shape, dt)


@document_args(
    _SHAPE_OF,
    _SEED,
    "dtype (mindspore.dtype, optional): A float dtype. Default: ``None`` (float32).",
)
def randn_like(input: ArrayLike, seed: int | None = None, *, dtype: Type | None = None) -> Array:
    """Samples of the standard normal distribution, of `input`'s shape.

    The result is float32 unless `dtype` is given (unlike `rand_like`, MindSpore does not
    keep `input`'s dtype here).

    Args:
        {args}

    Returns:
        Tensor of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.randn_like(ms.Tensor([[1, 2, 3]])))
        [[ 0.22797997 -0.95994765  0.53146225]]
    """
    x = tensor_arg(input)
    _check_seed(seed)
    dt = _float(dtype)
    return _draw("standard_normal", jax.random.normal, "randn_like", seed, x.shape, dt)


def randint(
    low: int, high: int, size: Sequence[int], seed: int | None = None, *, dtype: Type | None = None
) -> Array:
    """Integers uniform on ``[low, high)``, of shape `size`.

    Args:
        low (int): The least value.
        high (int): One past the greatest value.
        size (tuple[int]): The shape.
        seed (int, optional): The op's seed. Default: ``None``.
        dtype (mindspore.dtype, optional): An integer dtype. Default: ``None`` (int64).

    Returns:
        Tensor of shape `size`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.randint(0, 10, (2, 4)))
        [[8 5 9 8]
         [2 3 4 7]]
    """
    return _randint(low, high, size, seed, dtype, "randint")


def _randint(low, high, size, seed, dtype, kernel_name):
    _check_seed(seed)
    if not isinstance(low, int) or not isinstance(high, int) or low >= high:
        raise ValueError(
            f"{kernel_name}: need ints with low < high, got low={low!r}, high={high!r}"
        )
    dt, shape = dtype_arg(dtype, default=mstype.int64), _shape(size, "size")
    exact = None
    if -(2**31) <= low and high <= 2**31 - 1:  # (MindSpore's kernel takes int32 bounds)
        exact = kernel_draw("uniform_int", kernel_name, seed, shape, low, high)
    return (
        jax.random.randint(next_key(), shape, low, high, dt) if exact is None else exact.astype(dt)
    )


def randint_like(
    input: ArrayLike,
    low: int,
    high: int,
    seed: int | None = None,
    *,
    dtype: Type | None = None,
) -> Array:
    """Integers uniform on ``[low, high)``, of `input`'s shape (and dtype unless `dtype` is
    given).

    Args:
        input (Tensor): The tensor whose shape to take.
        low (int): The least value.
        high (int): One past the greatest value.
        seed (int, optional): The op's seed. Default: ``None``.
        dtype (mindspore.dtype, optional): An integer dtype. Default: ``None`` (`input`'s).

    Returns:
        Tensor of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.randint_like(ms.Tensor([[1, 2, 3, 4]]), 0, 5))
        [[4 2 4 4]]
    """
    x = tensor_arg(input)
    # its own seed counter, as MindSpore keeps one per op: randint's calls do not shift it
    return _randint(low, high, x.shape, seed, dtype or x.dtype, "randint_like")


def normal(
    shape: Sequence[int], mean: ArrayLike, stddev: ArrayLike, seed: int | None = None
) -> Array:
    """Samples of the normal distribution with `mean` and `stddev`.

    Args:
        shape (tuple[int]): The shape, broadcast with those of `mean` and `stddev`.
        mean (Union[Tensor, float]): The mean.
        stddev (Union[Tensor, float]): The standard deviation.
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tensor of the broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.normal((2, 3), ms.Tensor([0.0, 10.0, 100.0]), ms.Tensor(1.0)))
        [[  0.22797997   9.040052   100.53146   ]
         [  0.51047784   9.1792755  100.64156   ]]
    """
    _check_seed(seed)
    m, s = _params(mean, stddev)
    out = jnp.broadcast_shapes(_shape(shape), m.shape, s.shape)
    exact = kernel_draw("standard_normal", "normal", seed, _shape(shape))
    if exact is not None:  # MindSpore: draws of `shape`, times stddev, plus mean
        return jnp.broadcast_to(exact.astype(m.dtype) * s + m, out)
    return m + s * jax.random.normal(next_key(), out, m.dtype)


def uniform(
    shape: Sequence[int],
    minval: ArrayLike,
    maxval: ArrayLike,
    seed: int | None = None,
    dtype: Type = mstype.float32,
) -> Array:
    """Samples uniform on ``[minval, maxval)``: floats, or integers for an integer `dtype`.

    Args:
        shape (tuple[int]): The shape, broadcast with those of `minval` and `maxval`.
        minval (Tensor): The least value.
        maxval (Tensor): The upper end (excluded).
        seed (int, optional): The op's seed. Default: ``None``.
        dtype (mindspore.dtype): float16, float32, int32 or int64. Default: ``mindspore.float32``.

    Returns:
        Tensor of the broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.uniform((2, 3), ms.Tensor(1.0), ms.Tensor(2.0)))
        [[1.5429621 1.8057863 1.367501 ]
         [1.7465749 1.8165671 1.7942772]]
    """
    _check_seed(seed)
    dt = dtype_arg(dtype, default=mstype.float32)
    lo, hi = jnp.asarray(minval), jnp.asarray(maxval)
    out = jnp.broadcast_shapes(_shape(shape), lo.shape, hi.shape)
    if jnp.issubdtype(dt, jnp.integer):
        exact = None
        if (
            lo.ndim == hi.ndim == 0
            and not isinstance(lo, jax.core.Tracer)
            and not isinstance(hi, jax.core.Tracer)
        ):
            exact = kernel_draw("uniform_int", "uniform", seed, out, int(lo), int(hi))
        return (
            jax.random.randint(next_key(), out, lo.astype(dt), hi.astype(dt), dt)
            if exact is None
            else exact.astype(dt)
        )
    exact = kernel_draw("uniform_real", "uniform", seed, _shape(shape))
    if exact is not None:  # MindSpore: draws of `shape` scaled by (max - min), plus min
        lo, hi = lo.astype(dt), hi.astype(dt)
        return jnp.broadcast_to(exact.astype(dt) * (hi - lo) + lo, out)
    return jax.random.uniform(next_key(), out, dt, lo.astype(dt), hi.astype(dt))


def standard_normal(shape: Sequence[int], seed: int | None = None) -> Array:
    """Samples of the standard normal distribution, of shape `shape`.

    Args:
        shape (tuple[int]): The shape.
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tensor of float32.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.standard_normal((2, 3)))
        [[ 0.22797997 -0.95994765  0.53146225]
         [ 0.51047784 -0.820724    0.64156544]]
    """
    _check_seed(seed)
    exact = kernel_draw("standard_normal", "standard_normal", seed, _shape(shape))
    return jax.random.normal(next_key(), _shape(shape), jnp.float32) if exact is None else exact


def standard_laplace(shape: Sequence[int], seed: int | None = None) -> Array:
    """Samples of the standard Laplace distribution (location 0, scale 1), of shape `shape`.

    Args:
        shape (tuple[int]): The shape.
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tensor of float32.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.standard_laplace((2, 3)))
        [[-1.4387108   0.1998557   0.9283266 ]
         [ 0.9932976   0.63399285 -0.9179117 ]]
    """
    _check_seed(seed)
    exact = kernel_draw("standard_laplace", "standard_laplace", seed, _shape(shape))
    return jax.random.laplace(next_key(), _shape(shape), jnp.float32) if exact is None else exact


def laplace(
    shape: Sequence[int], mean: ArrayLike, lambda_param: ArrayLike, seed: int | None = None
) -> Array:
    """Samples of the Laplace distribution with location `mean` and scale `lambda_param`.

    Args:
        shape (tuple[int]): The shape, broadcast with those of the parameters.
        mean (Tensor): The location.
        lambda_param (Tensor): The scale (its variance is ``2 * lambda_param ** 2``).
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tensor of the broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.laplace((2, 3), ms.Tensor(5.0), ms.Tensor(0.5)))
        [[4.2806444 5.099928  5.4641633]
         [5.496649  5.3169966 4.541044 ]]
    """
    _check_seed(seed)
    m, b = _params(mean, lambda_param)
    out = jnp.broadcast_shapes(_shape(shape), m.shape, b.shape)
    exact = kernel_draw("standard_laplace", "laplace", seed, _shape(shape))
    if exact is not None:  # MindSpore: draws of `shape`, times lambda, plus mean
        return jnp.broadcast_to(exact.astype(m.dtype) * b + m, out)
    return m + b * jax.random.laplace(next_key(), out, m.dtype)
