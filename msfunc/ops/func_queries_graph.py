"""Shape/type queries and graph utilities: shape, dtype, rank, stop_gradient, depend, print_."""

from __future__ import annotations

import copy
import functools
from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp
import numpy as np

from .._state import write
from ..common.args import asarray, dtype_arg
from ..common.parameter import Parameter
from ..common.promotion import INDEX
from ..common.tensor import is_tensor as _is_tensor
from ..common.tensor import unwrap
from ..context import mindspore_dtype_checks

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

    from ..common.dtype import Type


def shape(input_x: ArrayLike) -> tuple[int, ...]:
    """The shape of `input_x` as a tuple of ints.

    Args:
        input_x (Tensor): The tensor.

    Returns:
        tuple[int], the length of each axis.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.shape(ms.Tensor([[1.0, 2.0, 3.0]])))
        (1, 3)
    """
    x = unwrap(input_x)
    if mindspore_dtype_checks() and not isinstance(x, (jax.Array, np.ndarray)):
        # a MindSpore program gets MindSpore's refusal of a list, tuple or number
        raise TypeError(f"shape: `input_x` must be a Tensor, got {type(x).__name__}")
    return tuple(asarray(x).shape)


def shape_(x: ArrayLike) -> tuple[int, ...]:
    """The shape of `x` as a tuple of ints; the same as `shape`.

    Args:
        x (Tensor): The tensor.

    Returns:
        tuple[int], the length of each axis.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.shape_(ms.Tensor([1.0, 2.0])))
        (2,)
    """
    return shape(x)


def dyn_shape(input_x: ArrayLike) -> Array:
    """The shape of `input_x` as a 1-D int64 tensor.

    Args:
        input_x (Tensor): The tensor.

    Returns:
        Tensor of int64, one element per axis.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.dyn_shape(ms.Tensor([[1.0, 2.0, 3.0]])))
        [1 3]
    """
    return jnp.asarray(asarray(input_x).shape, INDEX)  # MindSpore: int64


def dtype(x: Any) -> Any:
    """The element dtype of a tensor (or of a sparse tensor's values).

    Args:
        x (Union[Tensor, COOTensor, CSRTensor]): The tensor.

    Returns:
        The dtype, equal to msfunc's dtype objects (``ms.float32`` ...).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ops.dtype(ms.Tensor([1, 2])) == ms.int64
        True
    """
    found = getattr(x, "dtype", None)
    numpy = isinstance(x, (np.ndarray, np.generic)) and mindspore_dtype_checks()
    if found is None or numpy or isinstance(x, (type, np.dtype)):
        # (a MindSpore program gets MindSpore's refusal of a numpy array too)
        raise TypeError(f"dtype: `x` must be a Tensor, got {type(x).__name__}")
    return found


def rank(input_x: ArrayLike) -> int:
    """The number of axes of `input_x`.

    Args:
        input_x (Tensor): The tensor.

    Returns:
        int, the rank.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.rank(ms.Tensor([[1.0, 2.0]])))
        2
    """
    x = unwrap(input_x)
    if mindspore_dtype_checks() and not isinstance(x, (jax.Array, np.ndarray)):
        # a MindSpore program (the mindspore alias) gets MindSpore's refusal of a non-Tensor
        raise TypeError(f"rank: `input_x` must be a Tensor, got {type(x).__name__}")
    return asarray(x).ndim


def size(input_x: ArrayLike) -> int:
    """The number of elements of `input_x`.

    Args:
        input_x (Tensor): The tensor.

    Returns:
        int, the product of the shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.size(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])))
        4
    """
    return int(np.prod(asarray(input_x).shape))


def numel(input: ArrayLike) -> int:
    """The number of elements of `input`; the same as `size`.

    Args:
        input (Tensor): The tensor.

    Returns:
        int, the product of the shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.numel(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])))
        4
    """
    return size(input)


def is_floating_point(input: ArrayLike) -> bool:
    """Whether `input`'s dtype is a floating-point type.

    Args:
        input (Tensor): The tensor.

    Returns:
        bool.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.is_floating_point(ms.Tensor([1.0])), ops.is_floating_point(ms.Tensor([1])))
        True False
    """
    return bool(jnp.issubdtype(asarray(input).dtype, jnp.floating))


def is_complex(input: ArrayLike) -> bool:
    """Whether `input`'s dtype is a complex type.

    Args:
        input (Tensor): The tensor.

    Returns:
        bool.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.is_complex(ms.Tensor([1 + 1j])), ops.is_complex(ms.Tensor([1.0])))
        True False
    """
    return bool(jnp.issubdtype(asarray(input).dtype, jnp.complexfloating))


def is_nonzero(input: ArrayLike) -> bool:
    """Whether the one element of `input` is non-zero.

    Args:
        input (Tensor): A tensor of exactly one element (ValueError otherwise).

    Returns:
        bool.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.is_nonzero(ms.Tensor([2.0])), ops.is_nonzero(ms.Tensor([[0]])))
        True False
    """
    x = asarray(input)
    if x.size != 1:
        raise ValueError(f"is_nonzero: `input` must have exactly one element, got {x.size}")
    return bool(x.reshape(()) != 0)


def stop_gradient(value: Any) -> Any:
    """`value` with its gradient cut: it is a constant to differentiation.

    Args:
        value (Union[Tensor, tuple, list, dict]): A tensor or a nest of tensors.

    Returns:
        The same structure, its tensors detached from the gradient.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> def f(x):
        ...     return ops.stop_gradient(x) * x
        >>> print(ms.grad(f)(ms.Tensor(3.0)))  # d/dx (c * x) with c = 3
        3.0
    """
    return jax.tree.map(
        lambda v: jax.lax.stop_gradient(unwrap(v)),
        value,
        is_leaf=lambda v: isinstance(v, Parameter),
    )


def stop_gradient_(input: Array) -> Array:
    """`input` with its gradient cut; a Parameter `input` is rebound to the detached value.

    Args:
        input (Union[Tensor, Parameter]): The tensor.

    Returns:
        Tensor, `input`'s value detached from the gradient.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.stop_gradient_(ms.Tensor([1.0, 2.0])))
        [1. 2.]
    """
    out = jax.lax.stop_gradient(input)
    if isinstance(input, Parameter):
        write(input, out)
    return out


def depend(value: ArrayLike, expr: Any) -> ArrayLike:
    """`value`, unchanged; MindSpore uses it to order `expr` before `value`'s users.

    JAX orders effects by data flow, so `expr` needs no extra edge here.

    Args:
        value (Tensor): The value to return.
        expr (Any): The expression to run first.

    Returns:
        Tensor, `value`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.depend(ms.Tensor([1.0]), ms.Tensor([2.0])))
        [1.]
    """
    return value


def deepcopy(input_x: Array) -> Array:
    """A copy of `input_x` that shares no memory with it.

    Args:
        input_x (Tensor): The tensor to copy.

    Returns:
        Tensor, equal to `input_x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.deepcopy(ms.Tensor([1.0, 2.0])))
        [1. 2.]
    """
    x = input_x
    return jnp.array(x, copy=True) if _is_tensor(x) else copy.deepcopy(x)


def print_(*input_x: Any) -> None:
    """Prints tensors and strings, separated by spaces, also from inside compiled functions.

    msfunc prints tensors as numpy does, not in MindSpore's ``Tensor(shape=..., value=...)``
    form.

    Args:
        input_x (Union[Tensor, str, int, float]): The values to print.

    Returns:
        None.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ops.print_("x:", ms.Tensor([1.0, 2.0]))
        x: [1. 2.]
    """
    vals = list(input_x)
    fmt = " ".join("{}" for _ in vals)
    jax.debug.print(fmt, *vals)


def partial(*args: Any, **kwargs: Any) -> functools.partial[Any]:
    """`func` with leading arguments and keywords fixed: ``partial(func, *args, **kwargs)``.

    Args:
        args (Any): The function, then the leading positional arguments to fix.
        kwargs (Any): Keyword arguments to fix.

    Returns:
        functools.partial, a callable taking the remaining arguments.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> add_to = ops.partial(ops.add, ms.Tensor([1.0, 2.0]))
        >>> print(add_to(ms.Tensor([10.0, 20.0])))
        [11. 22.]
    """
    if not args or not callable(args[0]):
        raise TypeError("partial: the first argument must be a callable")
    return functools.partial(*args, **kwargs)


def move_to(input: Array, to: str = "CPU", blocking: bool = True) -> Array:
    """A copy of `input` on a device: the CPU, or the default accelerator for the others.

    Args:
        input (Tensor): The tensor to move.
        to (str): ``'CPU'``, ``'GPU'`` or ``'Ascend'``. Default: ``'CPU'``.
        blocking (bool): Wait until the copy is done. Default: ``True``.

    Returns:
        Tensor, equal to `input`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.move_to(ms.Tensor([1.0, 2.0]), "CPU"))
        [1. 2.]
    """
    if to not in ("CPU", "Ascend", "GPU", "cpu", "gpu"):
        raise ValueError(f"move_to: `to` must be 'CPU', 'GPU' or 'Ascend', got {to!r}")
    device = jax.devices("cpu")[0] if to.upper() == "CPU" else jax.devices()[0]
    out = jax.device_put(input, device)
    if blocking and not isinstance(out, jax.core.Tracer):  # a traced value has nothing to wait on
        out.block_until_ready()
    return out


def reshape_(input: Array, shape: Sequence[int]) -> Array:
    """`input` reshaped to `shape`; a Parameter `input` is rebound to the reshaped value.

    Args:
        input (Union[Tensor, Parameter]): The tensor.
        shape (tuple[int]): The new shape, of the same size.

    Returns:
        Tensor of shape `shape`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.reshape_(ms.Tensor([1.0, 2.0, 3.0, 4.0]), (2, 2)))
        [[1. 2.]
         [3. 4.]]
    """
    out = jnp.reshape(input, tuple(shape))
    if isinstance(input, Parameter):
        write(input, out)
    return out


def is_tensor(obj: Any) -> bool:
    """Whether `obj` is a Tensor.

    A Tensor or Parameter, or the jax array (traced or not) ops receive in its place, is;
    lists, numbers and numpy arrays are not.

    Args:
        obj (Any): The object to test.

    Returns:
        bool.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.is_tensor(ms.Tensor([1.0])), ops.is_tensor([1.0]))
        True False
    """
    return _is_tensor(obj) or isinstance(obj, jax.Array)


def cast(input: ArrayLike, dtype: Type | DTypeLike) -> Array:
    """`input` converted to `dtype`; floats become integers by truncation towards zero.

    Args:
        input (Tensor): The tensor to convert.
        dtype (mindspore.dtype): The target dtype (a numpy or JAX dtype works too).

    Returns:
        Tensor of `input`'s shape and dtype `dtype`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.cast(ms.Tensor([1.7, -1.7]), ms.int32))
        [ 1 -1]
    """
    target = dtype_arg(dtype, "cast")
    if isinstance(input, (bool, int, float, complex)):  # a number named as data: exact
        return jnp.asarray(input, target)
    return asarray(input).astype(target)


__all__ = [
    "cast",
    "dtype",
    "shape",
    "shape_",
    "dyn_shape",
    "rank",
    "size",
    "numel",
    "is_floating_point",
    "is_complex",
    "is_nonzero",
    "stop_gradient",
    "stop_gradient_",
    "depend",
    "deepcopy",
    "print_",
    "partial",
    "move_to",
    "reshape_",
    "is_tensor",
]
