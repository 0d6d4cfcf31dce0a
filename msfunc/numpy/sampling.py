"""Random arrays: rand and randn MindSpore's exact draws after ``msfunc.set_seed``, else (and
randint) msfunc's global key stream."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common.arg_docs import document_args
from ..common.args import check_int, dtype_arg
from ..common.seed import get_seed, next_key
from ..ops.seeded_draws import kernel_draw

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import DTypeLike

__all__ = [
    "rand",
    "randint",
    "randn",
]


def _shape(shape, fname):
    if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
        shape = tuple(shape[0])
    return tuple(check_int(s, "shape", fname=fname) for s in shape)


def _float_dtype(dtype, fname):
    dt = dtype_arg(dtype, fname)
    # A dtype of the wrong kind is a wrong value of `dtype` (ValueError, as in MindSpore).
    if not jnp.issubdtype(dt, jnp.floating):
        raise ValueError(f"{fname}: `dtype` must be a floating dtype, got {dt}")
    return dt


def _draw(kernel, op, sampler, shape, dt):
    """rand's and randn's draw of `shape` in `dt`: after ``msfunc.set_seed`` MindSpore's
    numbers from `op`'s `kernel`, else `sampler` on msfunc's global key stream."""
    # Seeded, MindSpore's draws: its op seed is the global seed itself
    exact = kernel_draw(kernel, op, get_seed(), shape) if get_seed() is not None else None
    return sampler(next_key(), shape, dt) if exact is None else exact.astype(dt)


# the Args of rand and randn
_SHAPE_DTYPE = (
    "shape (Union[int, Sequence[int]]): The dimensions, as ints or one tuple.",
    "dtype (Union[dtype, str]): A floating dtype. Default: ``float32``.",
)


@document_args(*_SHAPE_DTYPE)
def rand(*shape: int | Sequence[int], dtype: DTypeLike = mstype.float32) -> Array:
    """Uniform samples in [0, 1) of the given shape.

    After ``msfunc.set_seed`` the draws are MindSpore's own; without a seed they come from
    msfunc's global key stream.

    Args:
        {args}

    Returns:
        Tensor, of `shape` and `dtype`.

    Raises:
        ValueError: `dtype` is not a floating dtype.

    Example:
        >>> import msfunc, msfunc.numpy as mnp
        >>> msfunc.set_seed(0)
        >>> mnp.rand(2, 3).shape
        (2, 3)
    """
    shape, dt = _shape(shape, "rand"), _float_dtype(dtype, "rand")
    return _draw("uniform_real", "UniformReal", jax.random.uniform, shape, dt)


@document_args(*_SHAPE_DTYPE)
def randn(*shape: int | Sequence[int], dtype: DTypeLike = mstype.float32) -> Array:
    """Standard normal samples of the given shape.

    After ``msfunc.set_seed`` the draws are MindSpore's own; without a seed they come from
    msfunc's global key stream.

    Args:
        {args}

    Returns:
        Tensor, of `shape` and `dtype`.

    Raises:
        ValueError: `dtype` is not a floating dtype.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.randn((4,)).shape
        (4,)
    """
    shape, dt = _shape(shape, "randn"), _float_dtype(dtype, "randn")
    return _draw("standard_normal", "StandardNormal", jax.random.normal, shape, dt)


def randint(
    minval: int,
    maxval: int | None = None,
    shape: int | Sequence[int] | None = None,
    dtype: DTypeLike = mstype.int32,
) -> Array:
    """Random integers in ``[minval, maxval)`` (``[0, minval)`` when `maxval` is None).

    Args:
        minval (int): Lowest value (or the exclusive upper bound when `maxval` is ``None``).
        maxval (Union[int, None]): Exclusive upper bound. Default: ``None``.
        shape (Union[int, Sequence[int], None]): Shape of the result; ``None`` gives a
            scalar. Default: ``None``.
        dtype (Union[dtype, str]): An integer dtype. Default: ``int32``.

    Returns:
        Tensor, of `shape` and `dtype`.

    Raises:
        ValueError: `maxval` is not above `minval`, or `dtype` is not an integer dtype.

    Example:
        >>> import msfunc.numpy as mnp
        >>> x = mnp.randint(1, 5, shape=(3,))
        >>> bool(((x >= 1) & (x < 5)).all())
        True
    """
    if maxval is None:
        minval, maxval = 0, minval
    minval = check_int(minval, "minval", fname="randint")
    maxval = check_int(maxval, "maxval", fname="randint")
    if maxval <= minval:
        raise ValueError(f"randint: `maxval` ({maxval}) must be greater than `minval` ({minval})")
    dt = dtype_arg(dtype, "randint")
    if not jnp.issubdtype(dt, jnp.integer):
        raise ValueError(f"randint: `dtype` must be an integer dtype, got {dt}")
    if shape is None:
        shape = ()
    elif isinstance(shape, (int, np.integer)):
        shape = (shape,)
    shape = _shape(tuple(shape), "randint")
    return jax.random.randint(next_key(), shape, minval, maxval, dt)
