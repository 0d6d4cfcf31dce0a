"""mint's reductions, sorts and comparisons whose torch-style behaviour is more than a renaming:
``max(input, dim)`` returning ``(values, indices)``, ``var`` with Bessel's correction, ...

They take and return arrays; `msfunc.mint` publishes them with Tensors in and out (and
``Tensor`` in the place of the array types in their signatures).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import jax.numpy as jnp

from .. import ops
from ..common.args import reduce_axes
from ..errors import UnsupportedError

if TYPE_CHECKING:
    from collections.abc import Callable

    from jax import Array
    from jax.typing import ArrayLike

    from ..common.dtype import Number

__all__ = [
    "allclose",
    "count_nonzero",
    "equal",
    "kthvalue",
    "max",
    "mean",
    "median",
    "min",
    "norm",
    "sort",
    "std",
    "std_mean",
    "topk",
    "unique",
    "var",
    "var_mean",
]


class ValuesIndices(NamedTuple):
    """The values a reduction picked and their indices along its dim."""

    values: Array
    indices: Array


def _reduce_dim(dim: int | tuple[int, ...] | None) -> int | tuple[int, ...] | None:
    return None if dim == () else dim


def _extremum(
    name: str,
    reduce: Callable[..., Array],
    arg: Callable[..., Array],
    input: ArrayLike,
    dim: int | ArrayLike | None = None,
    keepdim: bool = False,
    *,
    out: object = None,
    other: ArrayLike | None = None,
) -> Array | ValuesIndices:
    if out is not None:
        raise UnsupportedError(f"mint.{name}: `out=` is not supported (results are new arrays)")
    if other is not None or (dim is not None and not isinstance(dim, int)):
        second = other if other is not None else dim
        return (ops.maximum if name == "max" else ops.minimum)(input, second)
    x = jnp.asarray(input)
    if dim is None:
        return reduce(x)
    axis = reduce_axes(dim, x.ndim, "dim")  # (a 0-d input: its one element at dim 0 or -1)
    return ValuesIndices(
        reduce(x, axis=axis, keepdims=keepdim), arg(x, axis=axis, keepdims=keepdim)
    )


# The Args of `max` and `min`, which take the same three torch forms.
_EXTREMUM_ARGS = """\
    Args:
        input (Tensor): The input tensor.
        dim (int | Tensor | None): The dimension to reduce, returning ``(values, indices)``;
            a tensor here is the other operand. Default: ``None``.
        keepdim (bool): Whether the reduced dimension stays, with size 1. Default: ``False``.
        out (object): Only ``None`` is supported: results are new tensors. Default: ``None``.
        other (Tensor | None): The tensor compared elementwise with `input`. Default: ``None``.

"""


def max(  # noqa: A001
    input: ArrayLike,
    dim: int | ArrayLike | None = None,
    keepdim: bool = False,
    *,
    out: object = None,
    other: ArrayLike | None = None,
) -> Array | ValuesIndices:
    """The largest element of `input`, or the largest along `dim` with its index, or the
    elementwise maximum with `other`.

    The three torch forms: ``max(input)``, ``max(input, dim, keepdim)`` and
    ``max(input, other)`` (a tensor in `dim`'s place is taken as `other`).

    {args}
    Returns:
        Tensor | ValuesIndices, a 0-D tensor; ``(values, indices)`` along `dim`; or the
        elementwise maximum.

    Example:
        >>> import jax.numpy as jnp
        >>> max(jnp.array([[1.0, 5.0], [4.0, 2.0]]), dim=1).indices.tolist()
        [1, 0]
    """
    return _extremum("max", jnp.max, jnp.argmax, input, dim, keepdim, out=out, other=other)


def min(  # noqa: A001
    input: ArrayLike,
    dim: int | ArrayLike | None = None,
    keepdim: bool = False,
    *,
    out: object = None,
    other: ArrayLike | None = None,
) -> Array | ValuesIndices:
    """The smallest element of `input`, or the smallest along `dim` with its index, or the
    elementwise minimum with `other` (the three forms of `max`).

    {args}
    Returns:
        Tensor | ValuesIndices, a 0-D tensor; ``(values, indices)`` along `dim`; or the
        elementwise minimum.

    Example:
        >>> import jax.numpy as jnp
        >>> min(jnp.array([[1.0, 5.0], [4.0, 2.0]]), dim=0).values.tolist()
        [1.0, 2.0]
    """
    return _extremum("min", jnp.min, jnp.argmin, input, dim, keepdim, out=out, other=other)


for _extremum_fn in (max, min):
    _extremum_fn.__doc__ = (_extremum_fn.__doc__ or "").replace("    {args}\n", _EXTREMUM_ARGS)


def mean(
    input: ArrayLike,
    dim: int | tuple[int, ...] | None = None,
    keepdim: bool = False,
    *,
    dtype: Number | None = None,
) -> Array:
    """Mean of the elements of `input` over `dim`.

    Args:
        input (Tensor): The input tensor.
        dim (int | tuple[int, ...] | None): The dimension(s) to reduce; ``None`` reduces them
            all. Default: ``None``.
        keepdim (bool): Whether each reduced dimension stays, with size 1. Default: ``False``.
        dtype (Number | None): The dtype `input` is cast to first. Default: ``None``.

    Returns:
        Tensor, `input` reduced over `dim`.

    Example:
        >>> import jax.numpy as jnp
        >>> mean(jnp.array([[1.0, 2.0], [3.0, 4.0]]), 0).tolist()
        [2.0, 3.0]
    """
    x = jnp.asarray(input) if dtype is None else jnp.asarray(input).astype(dtype)
    return jnp.mean(x, axis=_reduce_dim(dim), keepdims=keepdim)


def _var(
    input: ArrayLike, dim: int | tuple[int, ...] | None, correction: int, keepdim: bool
) -> Array:
    return jnp.var(jnp.asarray(input), axis=_reduce_dim(dim), ddof=correction, keepdims=keepdim)


_STAT_ARGS = """\
    Args:
        input (Tensor): The input tensor.
        dim (int | tuple[int, ...] | None): The dimension(s) to reduce; ``None`` reduces them
            all. Default: ``None``.
        correction (int): Subtracted from the element count in the divisor (1: Bessel's
            correction, the unbiased estimate; 0: the population statistic). Default: ``1``.
        keepdim (bool): Whether each reduced dimension stays, with size 1. Default: ``False``.

"""


def var(
    input: ArrayLike,
    dim: int | tuple[int, ...] | None = None,
    *,
    correction: int = 1,
    keepdim: bool = False,
) -> Array:
    """Variance of `input` over `dim`, divided by ``N - correction``.

    {args}
    Returns:
        Tensor, `input` reduced over `dim`.

    Example:
        >>> var(jnp.array([1.0, 2.0, 3.0, 4.0], jnp.float32)).tolist()
        1.6666666269302368
    """
    return _var(input, dim, correction, keepdim)


def std(
    input: ArrayLike,
    dim: int | tuple[int, ...] | None = None,
    *,
    correction: int = 1,
    keepdim: bool = False,
) -> Array:
    """Standard deviation of `input` over `dim`: the square root of `var`.

    {args}
    Returns:
        Tensor, `input` reduced over `dim`.

    Example:
        >>> round(float(std([1.0, 2.0, 3.0, 4.0])), 4)
        1.291
    """
    return jnp.sqrt(_var(input, dim, correction, keepdim))


def var_mean(
    input: ArrayLike,
    dim: int | tuple[int, ...] | None = None,
    *,
    correction: int = 1,
    keepdim: bool = False,
) -> tuple[Array, Array]:
    """The variance and the mean of `input` over `dim`.

    {args}
    Returns:
        tuple[Tensor, Tensor], ``(var, mean)``.

    Example:
        >>> [float(v) for v in var_mean([1.0, 3.0])]
        [2.0, 2.0]
    """
    return _var(input, dim, correction, keepdim), mean(input, dim, keepdim)


def std_mean(
    input: ArrayLike,
    dim: int | tuple[int, ...] | None = None,
    *,
    correction: int = 1,
    keepdim: bool = False,
) -> tuple[Array, Array]:
    """The standard deviation and the mean of `input` over `dim`.

    {args}
    Returns:
        tuple[Tensor, Tensor], ``(std, mean)``.

    Example:
        >>> [round(float(v), 4) for v in std_mean([1.0, 3.0])]
        [1.4142, 2.0]
    """
    return std(input, dim, correction=correction, keepdim=keepdim), mean(input, dim, keepdim)


for _stat in (var, std, var_mean, std_mean):
    _stat.__doc__ = (_stat.__doc__ or "").replace("    {args}\n", _STAT_ARGS)


def sort(
    input: ArrayLike, *, dim: int = -1, descending: bool = False, stable: bool = False
) -> ValuesIndices:
    """`input` sorted along `dim`, with the index each value came from.

    The sort is always stable (JAX's is), whatever `stable` says.

    Args:
        input (Tensor): The input tensor.
        dim (int): The dimension sorted. Default: ``-1``.
        descending (bool): Whether the largest comes first. Default: ``False``.
        stable (bool): Whether equal elements keep their order (they always do). Default:
            ``False``.

    Returns:
        ValuesIndices, ``(values, indices)``, each shaped like `input` (indices int64).

    Example:
        >>> sort([3.0, 1.0, 2.0], descending=True).indices.tolist()
        [0, 2, 1]
    """
    values, indices = ops.sort(jnp.asarray(input), axis=dim, descending=descending)
    return ValuesIndices(values, indices)


def topk(
    input: ArrayLike,
    k: int,
    dim: int = -1,
    largest: bool = True,
    sorted: bool = True,  # noqa: A002
) -> ValuesIndices:
    """The `k` largest (or smallest) elements of `input` along `dim`, with their indices.

    Args:
        input (Tensor): The input tensor.
        k (int): How many elements to take.
        dim (int): The dimension searched. Default: ``-1``.
        largest (bool): Whether the largest (``True``) or the smallest are taken. Default:
            ``True``.
        sorted (bool): Whether the result is in order (largest first). Default: ``True``.

    Returns:
        ValuesIndices, ``(values, indices)``, `dim` of size `k`.

    Example:
        >>> topk([1.0, 3.0, 2.0], 2).indices.tolist()
        [1, 2]
    """
    values, indices = ops.topk(jnp.asarray(input), k, dim=dim, largest=largest, sorted=sorted)
    return ValuesIndices(values, indices)


def median(
    input: ArrayLike, dim: int | None = None, keepdim: bool = False
) -> Array | ValuesIndices:
    """The lower median of `input`: of all its elements, or along `dim` with its index.

    Of an even count the smaller of the two middle elements is taken (torch's rule).

    Args:
        input (Tensor): The input tensor.
        dim (int | None): The dimension reduced; ``None`` takes all elements. Default:
            ``None``.
        keepdim (bool): Whether the reduced dimension stays, with size 1. Default: ``False``.

    Returns:
        Tensor | ValuesIndices, a 0-D tensor, or ``(values, indices)`` along `dim`.

    Example:
        >>> float(median([4.0, 1.0, 3.0, 2.0]))
        2.0
    """
    x = jnp.asarray(input)
    if dim is None:
        return jnp.sort(x.ravel())[(x.size - 1) // 2]
    values, indices = ops.median(x, axis=dim, keepdims=keepdim)
    return ValuesIndices(values, indices)


def kthvalue(input: ArrayLike, k: int, dim: int = -1, keepdim: bool = False) -> ValuesIndices:
    """The `k`-th smallest element of `input` along `dim` (1-based), with its index.

    Args:
        input (Tensor): The input tensor.
        k (int): The rank sought, from 1 (the smallest).
        dim (int): The dimension searched. Default: ``-1``.
        keepdim (bool): Whether the reduced dimension stays, with size 1. Default: ``False``.

    Returns:
        ValuesIndices, ``(values, indices)``, `dim` removed.

    Example:
        >>> kthvalue([3.0, 1.0, 2.0], 2).values.tolist()
        2.0
    """
    x = jnp.asarray(input)
    order = jnp.argsort(x, axis=dim, stable=True)
    index = jnp.take(order, k - 1, axis=dim)
    value = jnp.take_along_axis(x, jnp.expand_dims(index, dim), axis=dim).squeeze(dim)
    if keepdim:
        value, index = jnp.expand_dims(value, dim), jnp.expand_dims(index, dim)
    return ValuesIndices(value, index)


def count_nonzero(input: ArrayLike, dim: int | tuple[int, ...] | None = None) -> Array:
    """How many elements of `input` are not zero, over `dim`.

    Args:
        input (Tensor): The input tensor.
        dim (int | tuple[int, ...] | None): The dimension(s) counted over; ``None`` counts
            all. Default: ``None``.

    Returns:
        Tensor, int, `input` reduced over `dim`.

    Example:
        >>> int(count_nonzero([0.0, 1.0, 2.0]))
        2
    """
    return jnp.count_nonzero(jnp.asarray(input), axis=dim)


def norm(
    input: ArrayLike,
    p: float | str = "fro",
    dim: int | tuple[int, ...] | None = None,
    keepdim: bool = False,
    *,
    dtype: Number | None = None,
) -> Array:
    """The `p`-norm of `input` over `dim` (a vector norm), or its Frobenius norm.

    ``'fro'`` over one dimension (or all, flattened) is the 2-norm; over two dimensions the
    Frobenius norm of those matrices.

    Args:
        input (Tensor): The input tensor.
        p (float | str): The order: a number, ``inf``, ``-inf`` or ``'fro'``. Default:
            ``'fro'``.
        dim (int | tuple[int, ...] | None): The dimension(s) reduced; ``None``: all of them,
            flattened. Default: ``None``.
        keepdim (bool): Whether each reduced dimension stays, with size 1 (not supported with
            ``dim=None``). Default: ``False``.
        dtype (Number | None): The dtype `input` is cast to first. Default: ``None``.

    Returns:
        Tensor, `input` reduced over `dim`.

    Example:
        >>> float(norm([3.0, 4.0]))
        5.0
        >>> float(norm([3.0, -4.0], p=1))
        7.0
    """
    x = jnp.asarray(input) if dtype is None else jnp.asarray(input).astype(dtype)
    if p == "fro":
        if dim is not None and not isinstance(dim, int) and len(dim) > 1:
            return jnp.linalg.norm(x, ord="fro", axis=tuple(dim), keepdims=keepdim)
        p = 2  # over one dim (or all, flattened) the Frobenius norm is the 2-norm
    if dim is None:
        x, dim = x.ravel(), 0
        if keepdim:
            raise UnsupportedError("mint.norm: keepdim=True without dim is not supported")
    # (vector_norm takes any real order, inf included)
    return ops.vector_norm(x, ord=p, axis=dim, keepdims=keepdim)  # pyright: ignore[reportArgumentType]


def unique(
    input: ArrayLike,
    sorted: bool = True,  # noqa: A002
    return_inverse: bool = False,
    return_counts: bool = False,
    dim: int | None = None,
) -> Array | tuple[Array, ...]:
    """The distinct values of `input`, in ascending order.

    Args:
        input (Tensor): The input tensor.
        sorted (bool): Whether the values are sorted (they always are). Default: ``True``.
        return_inverse (bool): Whether to return, per element, the index of its value.
            Default: ``False``.
        return_counts (bool): Whether to return how often each value occurs. Default:
            ``False``.
        dim (int | None): The dimension along which slices are compared; ``None`` flattens
            `input`. Default: ``None``.

    Returns:
        Tensor | tuple[Tensor, ...], the values, then the inverse indices and the counts when
        asked for.

    Example:
        >>> unique([3, 1, 3]).tolist()
        [1, 3]
    """
    return jnp.unique(
        jnp.asarray(input), return_inverse=return_inverse, return_counts=return_counts, axis=dim
    )


def allclose(
    input: ArrayLike,
    other: ArrayLike,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: bool = False,
) -> bool:
    """Whether ``|input - other| <= atol + rtol * |other|`` holds for every element.

    Args:
        input (Tensor): The first tensor.
        other (Tensor): The second tensor; it broadcasts against `input`.
        rtol (float): The relative tolerance. Default: ``1e-05``.
        atol (float): The absolute tolerance. Default: ``1e-08``.
        equal_nan (bool): Whether two NaNs count as close. Default: ``False``.

    Returns:
        bool, a Python bool.

    Example:
        >>> allclose([1.0], [1.0 + 1e-9])
        True
    """
    return bool(jnp.allclose(jnp.asarray(input), jnp.asarray(other), rtol, atol, equal_nan))


def equal(input: ArrayLike, other: ArrayLike) -> bool:
    """Whether `input` and `other` have the same shape and the same elements.

    Args:
        input (Tensor): The first tensor.
        other (Tensor): The second tensor.

    Returns:
        bool, a Python bool.

    Example:
        >>> equal([1, 2], [1, 2]), equal([1, 2], [1, 3])
        (True, False)
    """
    a, b = jnp.asarray(input), jnp.asarray(other)
    return a.shape == b.shape and bool(jnp.all(a == b))


def equal_tensor(input: ArrayLike, other: ArrayLike) -> Array:
    """`equal` as a 0-d bool tensor (MindSpore's ``equal_ext_op`` kernel handle, whose result
    ``mint.equal`` turns into a Python bool).

    Args:
        input (Tensor): The first tensor.
        other (Tensor): The second tensor.

    Returns:
        Tensor, a 0-d bool tensor.

    Example:
        >>> print(equal_tensor([1, 2], [1, 2]))
        True
    """
    return jnp.asarray(equal(input, other))
