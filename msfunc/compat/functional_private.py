"""Names of ``mindspore.ops.functional`` that MindSpore's graph compiler provides for its own
use and that programs call: `mixed_precision_cast`, `switch` and `switch_layer`.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc.compat.functional_private import mixed_precision_cast
    >>> print(mixed_precision_cast(ms.float16, ms.Tensor(np.ones(2, np.float32))).dtype)
    float16
"""

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import Tracer
from ..common.tensor import Tensor, unwrap, wrap
from ..ops import cast

__all__ = ["mixed_precision_cast", "switch", "switch_layer"]


def mixed_precision_cast(dst_type, x):
    """`x` with its float Tensors cast to `dst_type`, as automatic mixed precision casts a
    Cell's inputs.

    Tuples and lists are walked (and come back as tuples); integer and bool Tensors, Python
    scalars, dicts and other objects come back unchanged, as in MindSpore.

    Args:
        dst_type (mindspore.dtype): The float dtype to cast to.
        x (Any): A Tensor, or a tuple or list of them.

    Returns:
        `x` with its float Tensors cast.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> out = mixed_precision_cast(ms.float16, (ms.Tensor([1.0]), ms.Tensor([1]), 2.5))
        >>> [str(getattr(v, "dtype", v)) for v in out]
        ['float16', 'int64', '2.5']
    """
    if isinstance(x, (tuple, list)):
        return tuple(mixed_precision_cast(dst_type, v) for v in x)
    if isinstance(x, (Tensor, jax.Array)) and jnp.issubdtype(
        jnp.result_type(unwrap(x)), jnp.floating
    ):
        return cast(unwrap(x), dst_type)
    return x


def switch_layer(index, branches):
    """The branch of `branches` that `index` picks, as one callable: MindSpore's way to choose
    a layer by a tensor index inside a graph.

    A concrete index calls that branch; a traced one (under jit) becomes ``jax.lax.switch``,
    so every branch is traced and the result is chosen at run time (the branches must then
    give outputs of one shape and dtype). A negative index counts from the end.

    Args:
        index (Tensor): A 0-d int32 tensor, ``-len(branches) <= index < len(branches)``.
        branches (tuple[Callable]): The Cells or functions to choose from.

    Returns:
        Callable, taking the chosen branch's arguments.

    Example:
        >>> import msfunc as ms
        >>> double, square = (lambda x: 2 * x), (lambda x: x * x)
        >>> print(switch_layer(ms.Tensor(1, ms.int32), (double, square))(ms.Tensor(3.0)))
        9.0
    """
    if not isinstance(branches, (tuple, list)) or not branches:
        raise TypeError("switch_layer: `branches` must be a non-empty tuple of Cells or functions")
    count = len(branches)
    i = unwrap(index)

    def call(*args):
        if not isinstance(i, Tracer):
            k = int(np.asarray(i))
            if not -count <= k < count:
                raise IndexError(f"switch_layer: `index` {k} is outside [-{count}, {count})")
            return branches[k](*args)
        k = jnp.where(i < 0, i + count, i)
        arrays = [unwrap(a) for a in args]
        pick = [lambda *a, b=b: unwrap(b(*map(wrap, a))) for b in branches]
        return wrap(jax.lax.switch(k, pick, *arrays))

    return call


def switch(cond, true_value, false_value):
    """`true_value` where the one-element `cond` holds, else `false_value`: graph mode's
    ``F.switch``.

    A Python or concrete `cond` picks one of the values as it is; a traced one (under jit)
    selects between the two elementwise (``jnp.where``), so both must then be Tensors of one
    structure. A `cond` of more than one element is ambiguous (ValueError).

    Args:
        cond (Union[bool, Tensor]): The condition: a bool or a one-element Tensor.
        true_value (Any): The value when `cond` holds.
        false_value (Any): The value otherwise.

    Returns:
        `true_value` or `false_value`.

    Example:
        >>> import msfunc as ms
        >>> switch(True, 1, 2)
        1
        >>> pick = ms.jit(lambda c, x: switch(c > 0, x * 2, x * 3))
        >>> print(pick(ms.Tensor(2.0), ms.Tensor(2.0)), pick(ms.Tensor(-1.0), ms.Tensor(2.0)))
        4.0 6.0
    """
    c = unwrap(cond)
    if isinstance(c, (jax.Array, Tracer, np.ndarray)) and np.size(c) != 1:
        raise ValueError(
            f"switch: `cond` must have one element, got shape {tuple(np.shape(c))}: the truth "
            "value of a Tensor of several elements is ambiguous"
        )
    if not isinstance(c, Tracer):
        return true_value if bool(np.asarray(c)) else false_value
    c = jnp.reshape(c, ()).astype(bool)
    picked = jax.tree.map(lambda a, b: jnp.where(c, a, b), unwrap(true_value), unwrap(false_value))
    return wrap(picked)
