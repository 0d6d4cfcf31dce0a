"""MindSpore's functional forms kept outside ``mindspore.ops``: ``new_zeros``, ``max_ext`` ...

MindSpore's ``ops.function.array_func`` / ``math_func`` files and its generated
``ops.auto_generate.gen_ops_def`` hold functions that ``mindspore.ops`` does not export
(``new_zeros``, ``gather_ext``, ``max_ext``, ``bmm_ext``, ``add_ext``, ``copy`` ...);
programs import them by those paths. Each is msfunc's op of the same meaning with
MindSpore's signature and argument checks (``gather_ext`` is ``mint.gather`` itself and
``interpolate_ext`` ``mint.nn.functional.interpolate``, as in MindSpore).

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.function_ext import max_ext, add_ext
    >>> values, indices = max_ext(ms.Tensor([[1.0, 5.0], [4.0, 2.0]]), 1)
    >>> values.tolist(), indices.tolist()
    ([5.0, 4.0], [1, 0])
    >>> add_ext(ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 1.0]), 3).tolist()
    [4.0, 5.0]
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from .. import mint, ops
from ..common.arg_docs import document_args
from ..common.tensor import Tensor, unwrap, wrap
from ..common.tensor_methods_common import as_dtype

__all__ = [
    "add_ext",
    "arg_max_with_value_",
    "arg_min_with_value_",
    "bmm_ext",
    "contiguous",
    "copy",
    "gather_ext",
    "interpolate_ext",
    "max_ext",
    "min_ext",
    "new_ones",
    "new_zeros",
    "sub_ext",
]

gather_ext = mint.gather
interpolate_ext = mint.nn.functional.interpolate  # (ops.function.nn_func's name for it)

# the Args entries sibling functions share (see `document_args`)
_NEW_ARGS = (
    "input (Tensor): The Tensor whose dtype the result takes.",
    "size (Union[int, tuple[int], list[int]]): The result's shape.",
    "dtype (mindspore.dtype, optional): The result's dtype. Default: ``None`` (`input`'s).",
)
_EXTREME_ARGS = (
    "input (Tensor): The input.",
    "dim (int, optional): The dimension to reduce. Default: ``None`` (every element).",
    "keepdim (bool): Keep `dim` with size 1. Default: ``False``; must be ``False`` when\n"
    "    `dim` is ``None``.",
)
_ALPHA_ARGS = (
    "input (Union[Tensor, number]): The first operand.",
    "other (Union[Tensor, number]): The second operand.",
    "alpha (number): The factor of `other`. Default: ``1``.",
)


def _size(size: object, who: str) -> tuple[int, ...]:
    """`size` (an int, or a tuple/list of ints) as a shape; TypeError/ValueError otherwise."""
    dims = []
    for d in size if isinstance(size, (tuple, list)) else (size,):
        if _is_int_scalar_tensor(d) and isinstance(size, (tuple, list)):
            d = int(unwrap(d))  # (a graph's variable size arrives as a 0-d Tensor)
        if isinstance(d, bool) or not isinstance(d, int):
            raise TypeError(
                f"{who}: `size` must be an int or a tuple/list of ints, got {size!r} "
                f"({type(size).__name__})"
            )
        if d < 0:
            raise ValueError(f"{who}: `size` must have no negative dimension, got {size!r}")
        dims.append(d)
    return tuple(dims)


def _is_int_scalar_tensor(d: object) -> bool:
    if not isinstance(d, (Tensor, jax.Array)):
        return False
    array = unwrap(d)
    return array.ndim == 0 and jnp.issubdtype(array.dtype, jnp.integer)


def _new(fill: int, who: str, input: Tensor, size: object, dtype: object) -> Tensor:
    if not isinstance(input, Tensor):
        raise TypeError(f"{who}: `input` must be a Tensor, got {type(input).__name__}")
    shape = _size(size, who)
    dt = unwrap(input).dtype if dtype is None else as_dtype(dtype, who)
    return wrap(jnp.full(shape, fill, dt))


@document_args(*_NEW_ARGS)
def new_zeros(input: Tensor, size: int | tuple[int, ...] | list[int], *, dtype=None) -> Tensor:
    """A Tensor of zeros of shape `size`, in `input`'s dtype unless `dtype` is given.

    Args:
        {args}

    Returns:
        Tensor.

    Raises:
        TypeError: `input` is not a Tensor, or `size` is not an int or a sequence of ints.
        ValueError: `size` has a negative dimension.

    Example:
        >>> import msfunc as ms
        >>> new_zeros(ms.Tensor([1, 2], ms.int32), (2, 1)).tolist()
        [[0], [0]]
    """
    return _new(0, "new_zeros", input, size, dtype)


@document_args(*_NEW_ARGS)
def new_ones(input: Tensor, size: int | tuple[int, ...] | list[int], *, dtype=None) -> Tensor:
    """A Tensor of ones of shape `size`, in `input`'s dtype unless `dtype` is given.

    Args:
        {args}

    Returns:
        Tensor.

    Raises:
        TypeError, ValueError: as `new_zeros`.

    Example:
        >>> import msfunc as ms
        >>> new_ones(ms.Tensor([1.5]), 2).tolist()
        [1.0, 1.0]
    """
    return _new(1, "new_ones", input, size, dtype)


def _extreme(who: str, reduce_all, with_value, input, dim, keepdim):
    if dim is None:
        if keepdim is not False:
            raise ValueError(f"{who}: `keepdim` must be False when `dim` is None, got {keepdim!r}")
        return reduce_all(input)
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(f"{who}: `dim` must be an int, got {type(dim).__name__}")
    rank = max(jnp.ndim(unwrap(input)), 1)
    if not -rank <= dim < rank:
        raise ValueError(f"{who}: `dim` must be in [{-rank}, {rank}), got {dim}")
    indices, values = with_value(dim, keepdim)(input)
    return values, indices  # a plain tuple, values first


@document_args(*_EXTREME_ARGS)
def max_ext(input: Tensor, dim: int | None = None, keepdim: bool = False):
    """The largest element of `input`, or along `dim` the largest values and their indices.

    Args:
        {args}

    Returns:
        Tensor (no `dim`), or a tuple ``(values, indices)``: the first index of each largest
        value, int64.

    Raises:
        ValueError: `keepdim` is not False without `dim`, or `dim` is out of range.
        TypeError: `dim` is not an int.

    Example:
        >>> import msfunc as ms
        >>> float(max_ext(ms.Tensor([[1.0, 5.0], [4.0, 2.0]])))
        5.0
    """
    return _extreme("max_ext", mint.max, ops.ArgMaxWithValue, input, dim, keepdim)


@document_args(*_EXTREME_ARGS)
def min_ext(input: Tensor, dim: int | None = None, keepdim: bool = False):
    """The smallest element of `input`, or along `dim` the smallest values and their indices.

    Args:
        {args}

    Returns:
        Tensor (no `dim`), or a tuple ``(values, indices)``: the first index of each smallest
        value, int64.

    Raises:
        ValueError, TypeError: as `max_ext`.

    Example:
        >>> import msfunc as ms
        >>> [t.tolist() for t in min_ext(ms.Tensor([[1.0, 5.0], [4.0, 2.0]]), 0, True)]
        [[[1.0, 2.0]], [[0, 1]]]
    """
    return _extreme("min_ext", mint.min, ops.ArgMinWithValue, input, dim, keepdim)


def bmm_ext(input: Tensor, mat2: Tensor) -> Tensor:
    """Batched matrix product of two 3-D Tensors of one dtype: ``(b, n, m) @ (b, m, p)``.

    Args:
        input (Tensor): The left matrices, shape ``(b, n, m)``.
        mat2 (Tensor): The right matrices, shape ``(b, m, p)``, `input`'s dtype.

    Returns:
        Tensor, shape ``(b, n, p)``.

    Raises:
        TypeError: the dtypes differ.
        ValueError: an input is not 3-D, or the shapes do not chain.

    Example:
        >>> import msfunc as ms
        >>> bmm_ext(ms.ops.ones((1, 2, 3)), ms.ops.ones((1, 3, 1))).tolist()
        [[[3.0], [3.0]]]
    """
    return mint.bmm(input, mat2)


@document_args(*_ALPHA_ARGS)
def add_ext(input, other, alpha=1) -> Tensor:
    """``input + alpha * other``, with MindSpore's type promotion.

    Args:
        {args}

    Returns:
        Tensor.

    Raises:
        TypeError: a float `alpha` with integer inputs, or a bool `alpha` with non-bool ones.

    Example:
        >>> import msfunc as ms
        >>> add_ext(ms.Tensor([1, 2]), 1, 2).tolist()
        [3, 4]
    """
    return mint.add(input, other, alpha=alpha)


@document_args(*_ALPHA_ARGS)
def sub_ext(input, other, alpha=1) -> Tensor:
    """``input - alpha * other``, with MindSpore's type promotion.

    Args:
        {args}

    Returns:
        Tensor.

    Raises:
        TypeError: as `add_ext`.

    Example:
        >>> import msfunc as ms
        >>> sub_ext(ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 1.0]), 0.5).tolist()
        [0.5, 1.5]
    """
    return mint.sub(input, other, alpha=alpha)


def _tensor_copy(who: str, input: Tensor) -> Tensor:
    if not isinstance(input, Tensor):
        raise TypeError(f"{who}: `input` must be a Tensor, got {type(input).__name__}")
    return wrap(unwrap(input))  # (a new Tensor: JAX arrays are never written in place)


def contiguous(input: Tensor) -> Tensor:
    """A Tensor of `input`'s values laid out contiguously: a new Tensor object (msfunc's
    Tensors are always contiguous).

    Args:
        input (Tensor): Any Tensor.

    Returns:
        Tensor, `input`'s shape, dtype and values.

    Raises:
        TypeError: `input` is not a Tensor.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]]).T
        >>> contiguous(x).tolist()
        [[1.0, 3.0], [2.0, 4.0]]
    """
    return _tensor_copy("contiguous", input)


def copy(input: Tensor) -> Tensor:
    """A copy of `input` as a new Tensor (a Parameter's copy is a plain Tensor).

    Args:
        input (Tensor): Any Tensor.

    Returns:
        Tensor, `input`'s shape, dtype and values.

    Raises:
        TypeError: `input` is not a Tensor.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([1, 2])
        >>> y = copy(x)
        >>> y is x, y.tolist()
        (False, [1, 2])
    """
    return _tensor_copy("copy", input)


# MindSpore's instances with the default axis 0 (called as functions): (index, value) pairs
arg_max_with_value_ = ops.ArgMaxWithValue()
arg_min_with_value_ = ops.ArgMinWithValue()
