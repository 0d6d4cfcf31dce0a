"""State ops that update Parameters through the state frame: assign, scatter_* and inplace_*."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from .._state import read, write
from ..common.arg_docs import document_args
from ..common.args import asarray, norm_axis
from ..common.parameter import Parameter
from ..common.tensor import Tensor, unwrap, wrap

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike


def _param(variable, fn, name="input_x"):
    if not isinstance(variable, Parameter):
        raise TypeError(
            f"{fn}: `{name}` must be a Parameter (it is updated in place), "
            f"got {type(variable).__name__}"
        )
    return read(variable)


def _commit(variable, value):
    if isinstance(variable, Parameter):
        write(variable, value)
    return value


def check_assign_shapes(name, variable_shape, value_shape, accumulate):
    """Refuse a `value` whose shape differs from the `variable` it updates (no broadcasting).

    As in MindSpore, an accumulating update (`accumulate`: assign_add/assign_sub) also takes
    a one-element value of shape () or (1,) for a variable of the other of those two shapes.
    A different rank is a ValueError, a different shape of the same rank too; plain
    assignment between () and (1,) fails as MindSpore's kernel does (RuntimeError).

    Example:
        >>> check_assign_shapes("assign_add", (1,), (), True)
        >>> check_assign_shapes("assign", (2, 3), (3,), False)
        Traceback (most recent call last):
        ValueError: assign: `value` of shape (3,) does not fit `variable` of shape (2, 3): ...
    """
    variable_shape, value_shape = tuple(variable_shape), tuple(value_shape)
    if variable_shape == value_shape:
        return
    if {variable_shape, value_shape} == {(), (1,)}:
        if accumulate:
            return
        raise RuntimeError(
            f"{name}: `value` of shape {value_shape} cannot be written into "
            f"`variable` of shape {variable_shape}: their ranks differ"
        )
    what = "ranks" if len(variable_shape) != len(value_shape) else "shapes"
    raise ValueError(
        f"{name}: `value` of shape {value_shape} does not fit `variable` of shape "
        f"{variable_shape}: their {what} differ (the value is not broadcast)"
    )


def check_assign_dtype(name, variable_dtype, value):
    """Refuse a `value` (array or Python scalar) whose dtype the variable could only take by
    changing its own: as in MindSpore, a Parameter or an in-place updated Tensor keeps its
    dtype, so the value's dtype must promote into it (int32 or float16 into float32 is fine,
    float64 into float32 is a TypeError; Python scalars are weak and always fit).

    Example:
        >>> check_assign_dtype("assign", jnp.float32, jnp.ones(2, jnp.int32))
        >>> check_assign_dtype("assign", jnp.float32, jnp.ones(2, jnp.float64))
        Traceback (most recent call last):
        TypeError: assign: `value` of dtype float64 cannot be written into `variable` of ...
    """
    if jnp.result_type(variable_dtype, value) != variable_dtype:
        raise TypeError(
            f"{name}: `value` of dtype {jnp.result_type(value)} cannot be written "
            f"into `variable` of dtype {jnp.dtype(variable_dtype)}: a variable "
            f"keeps its dtype; cast the value first"
        )


def assign_value(name, old, value, accumulate):
    """`value` made ready to write into a variable holding `old`, for the assignment
    functions and primitives alike: checked against its dtype and shape (here, before any
    tracing), cast and shaped like it, and cut from the gradient (as in MindSpore, the
    written value gets none through the variable nor through the returned value).
    `accumulate`: assign_add/assign_sub (see `check_assign_shapes`).

    Example:
        >>> assign_value("assign_add", jnp.zeros(1), 2, True).tolist()
        [2.0]
    """
    value = unwrap(value)
    if isinstance(value, (list, tuple)):
        value = unwrap(Tensor(value))  # (Python data: float32, int64 as in a Tensor)
    if getattr(value, "dtype", None) != old.dtype:  # (the same dtype always fits)
        check_assign_dtype(name, old.dtype, value)
    value = jax.lax.stop_gradient(asarray(value))
    check_assign_shapes(name, old.shape, value.shape, accumulate)
    if value.dtype != old.dtype:
        value = value.astype(old.dtype)
    return value if value.shape == old.shape else value.reshape(old.shape)


def through_variable(old, new):
    """`new`, differentiated as if it were `old`: the gradient MindSpore's Assign gives, the
    incoming one to the variable (and none to the value).

    Example:
        >>> jax.grad(lambda v: through_variable(v, jnp.float32(5.0)) * 3)(1.0).item()
        3.0
    """
    if not jnp.issubdtype(jnp.result_type(old), jnp.inexact):
        return new
    return _through_variable(old, new)


@jax.custom_jvp
def _through_variable(old, new):
    return new


@_through_variable.defjvp
def _through_variable_jvp(primals, tangents):
    # the variable's tangent, none of the value's (an inf in the variable stays harmless)
    return primals[1], jnp.asarray(tangents[0], primals[1].dtype).reshape(primals[1].shape)


def _assignment(name, combine, accumulate, doc):
    """`name(variable, value)`: ``variable = combine(variable, value)`` in place.

    A Parameter is written through the state frame; a plain Tensor is rebound to the new value
    as MindSpore updates it in place (the ``t[i] = v`` rule); the new value is returned. The
    function takes Tensors themselves, so the namespace exports it without unwrapping them.
    """

    def op(variable: Parameter | Tensor, value: Tensor | ArrayLike) -> Tensor:
        if isinstance(variable, Parameter):
            old = read(variable)
        elif isinstance(variable, Tensor):
            old = unwrap(variable)
        else:
            raise TypeError(
                f"{name}: `variable` must be a Parameter or a Tensor (it is updated "
                f"in place), got {type(variable).__name__}"
            )
        new = combine(old, assign_value(name, old, value, accumulate))
        if isinstance(variable, Parameter):
            write(variable, new)
        else:
            variable._assign(new)
        return wrap(new if accumulate else through_variable(old, new))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    op._msfunc_tensor_function = True  # takes and returns Tensors: not wrapped again
    return op


_ONE_ELEMENT = (
    "\n    A variable of shape () or (1,) also takes a one-element value of the other shape."
)

_ASSIGN_DOC = """{summary}

    A Parameter is written through the state frame, a plain Tensor rebound to the new value.
    `value` must have the variable's shape and a dtype that promotes into the variable's (it
    is cast to it); no gradient flows through it.{shape_note}

    Args:
        variable (Union[Parameter, Tensor]): The variable to update in place.
        value (Union[Tensor, int, float]): The value, of `variable`'s shape.

    Returns:
        Tensor, the new value of `variable`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
        >>> print(ops.{name}(w, ms.Tensor([3.0, 5.0])), w.value())
        {result} {result}
    """

assign = _assignment(
    "assign",
    lambda old, value: value,
    False,
    _ASSIGN_DOC.format(
        summary="Sets `variable` to `value` in place.",
        shape_note="",
        name="assign",
        result="[3. 5.]",
    ),
)

assign_add = _assignment(
    "assign_add",
    jnp.add,
    True,
    _ASSIGN_DOC.format(
        summary="Adds `value` to `variable` in place: ``variable += value``.",
        shape_note=_ONE_ELEMENT,
        name="assign_add",
        result="[4. 7.]",
    ),
)

assign_sub = _assignment(
    "assign_sub",
    jnp.subtract,
    True,
    _ASSIGN_DOC.format(
        summary="Subtracts `value` from `variable` in place: ``variable -= value``.",
        shape_note=_ONE_ELEMENT,
        name="assign_sub",
        result="[-2. -3.]",
    ),
)


def _scatter(method, name, nd, doc):
    def op(input_x: Parameter, indices: ArrayLike, updates: ArrayLike) -> Array:
        return body(input_x, indices, updates)

    def op_nd(
        input_x: Parameter, indices: ArrayLike, updates: ArrayLike, use_locking: bool = False
    ) -> Array:
        return body(input_x, indices, updates)

    def body(input_x, indices, updates):
        x = _param(input_x, name)
        idx = asarray(indices)
        where = tuple(jnp.moveaxis(idx, -1, 0)) if nd else idx
        upd = asarray(updates).astype(x.dtype)
        if method in ("multiply", "divide"):
            return _commit(input_x, _one_at_a_time(x, idx, upd, method, nd))
        return _commit(input_x, getattr(x.at[where], method)(upd))

    op = op_nd if nd else op
    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return op


_SCATTER_DOC = """{summary}

    Updates the Parameter `input_x` in place at the rows `indices` of its first axis;
    {repeats}

    Args:
        input_x (Parameter): The variable to update.
        indices (Tensor): int32 or int64 row indices into the first axis of `input_x`.
        updates (Tensor): Shape ``indices.shape + input_x.shape[1:]``, cast to `input_x`'s
            dtype.

    Returns:
        Tensor, the new value of `input_x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="x")
        >>> updates = ms.Tensor([[5.0, 6.0], [-2.0, 8.0]])
        >>> print(ops.{name}(x, ms.Tensor({indices}, ms.int32), updates))
        {result}
    """

_SCATTER_ND_DOC = """{summary}

    Updates the Parameter `input_x` in place at index tuples: the last axis of `indices`,
    of length ``k``, indexes the first ``k`` axes of `input_x`; repeated indices apply
    every update in turn.

    Args:
        input_x (Parameter): The variable to update.
        indices (Tensor): int32 or int64 index tuples, shape ``(..., k)``.
        updates (Tensor): Shape ``indices.shape[:-1] + input_x.shape[k:]``, cast to
            `input_x`'s dtype.
        use_locking (bool): Accepted for MindSpore's signature; updates are atomic here.
            Default: ``False``.

    Returns:
        Tensor, the new value of `input_x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Parameter(ms.Tensor([1.0, 2.0, 3.0, 4.0]), name="x")
        >>> indices = ms.Tensor([[1], [1], [3]], ms.int32)
        >>> print(ops.{name}(x, indices, ms.Tensor([5.0, -2.0, 8.0])))
        {result}
    """

_EVERY = "repeated indices apply every update in turn."


def _rows_doc(name, summary, result, repeats=_EVERY, indices="[1, 1]"):
    return _SCATTER_DOC.format(
        name=name, summary=summary, result=result, repeats=repeats, indices=indices
    )


def _nd_doc(name, summary, result):
    return _SCATTER_ND_DOC.format(name=name, summary=summary, result=result)


def _one_at_a_time(x, idx, upd, method, nd):
    """Multiplicative scatter applied one update at a time (a scan).

    JAX differentiates a multiplicative scatter only when its indices are
    unique; applying the updates in sequence makes each step unique, so
    repeated indices still compound and gradients exist.
    """
    depth = idx.shape[-1] if nd else 0
    flat_idx = idx.reshape((-1, depth) if nd else (-1,))
    flat_upd = upd.reshape((flat_idx.shape[0],) + x.shape[depth if nd else 1 :])

    def step(acc, item):
        i, u = item
        where = tuple(i) if nd else i
        return getattr(acc.at[where], method)(u, unique_indices=True), None

    return jax.lax.scan(step, x, (flat_idx, flat_upd))[0]


scatter_update = _scatter(
    "set",
    "scatter_update",
    False,
    _rows_doc(
        "scatter_update",
        "Writes `updates` into the rows `indices` of a Parameter.",
        "[[-2.  8.]\n         [ 5.  6.]]",
        repeats="indices should not repeat (which update wins is unspecified).",
        indices="[1, 0]",
    ),
)
scatter_add = _scatter(
    "add",
    "scatter_add",
    False,
    _rows_doc(
        "scatter_add",
        "Adds `updates` to the rows `indices` of a Parameter.",
        "[[ 1.  2.]\n         [ 6. 18.]]",
    ),
)
scatter_mul = _scatter(
    "multiply",
    "scatter_mul",
    False,
    _rows_doc(
        "scatter_mul",
        "Multiplies the rows `indices` of a Parameter by `updates`.",
        "[[  1.   2.]\n         [-30. 192.]]",
    ),
)
scatter_div = _scatter(
    "divide",
    "scatter_div",
    False,
    _rows_doc(
        "scatter_div",
        "Divides the rows `indices` of a Parameter by `updates`.",
        "[[ 1.          2.        ]\n         [-0.3         0.08333334]]",
    ),
)
scatter_max = _scatter(
    "max",
    "scatter_max",
    False,
    _rows_doc(
        "scatter_max",
        "Raises the rows `indices` of a Parameter to at least `updates` (elementwise maximum).",
        "[[1. 2.]\n         [5. 8.]]",
    ),
)
scatter_min = _scatter(
    "min",
    "scatter_min",
    False,
    _rows_doc(
        "scatter_min",
        "Lowers the rows `indices` of a Parameter to at most `updates` (elementwise minimum).",
        "[[ 1.  2.]\n         [-2.  4.]]",
    ),
)
scatter_nd_add = _scatter(
    "add",
    "scatter_nd_add",
    True,
    _nd_doc(
        "scatter_nd_add", "Adds `updates` to a Parameter at index tuples.", "[ 1.  5.  3. 12.]"
    ),
)
scatter_nd_sub = _scatter(
    "subtract",
    "scatter_nd_sub",
    True,
    _nd_doc(
        "scatter_nd_sub",
        "Subtracts `updates` from a Parameter at index tuples.",
        "[ 1. -1.  3. -4.]",
    ),
)
scatter_nd_mul = _scatter(
    "multiply",
    "scatter_nd_mul",
    True,
    _nd_doc(
        "scatter_nd_mul",
        "Multiplies a Parameter by `updates` at index tuples.",
        "[  1. -20.   3.  32.]",
    ),
)
scatter_nd_div = _scatter(
    "divide",
    "scatter_nd_div",
    True,
    _nd_doc(
        "scatter_nd_div",
        "Divides a Parameter by `updates` at index tuples.",
        "[ 1.  -0.2  3.   0.5]",
    ),
)
scatter_nd_max = _scatter(
    "max",
    "scatter_nd_max",
    True,
    _nd_doc(
        "scatter_nd_max",
        "Elementwise maximum of a Parameter and `updates` at index tuples.",
        "[1. 5. 3. 8.]",
    ),
)
scatter_nd_min = _scatter(
    "min",
    "scatter_nd_min",
    True,
    _nd_doc(
        "scatter_nd_min",
        "Elementwise minimum of a Parameter and `updates` at index tuples.",
        "[ 1. -2.  3.  4.]",
    ),
)


def _rows(indices):
    idx = unwrap(indices)
    return jnp.asarray([idx] if isinstance(idx, int) else idx, jnp.int32)


def _write_rows(x, v, indices, how):
    """The inplace_add/sub/update body: `v` written into rows `indices` by ``.at[...].<how>``."""
    a = asarray(x)
    return _commit(x, getattr(a.at[_rows(indices)], how)(asarray(v).astype(a.dtype)))


_ROWS_ARGS = (  # the Args entries of inplace_add, inplace_sub and inplace_update
    "x (Union[Parameter, Tensor]): The tensor to update.",
    "v (Tensor): Shape ``(len(indices),) + x.shape[1:]``, cast to `x`'s dtype.",
    "indices (Union[int, tuple[int]]): Rows of `x`'s first axis.",
)


@document_args(*_ROWS_ARGS)
def inplace_add(x: ArrayLike, v: ArrayLike, indices: int | Sequence[int]) -> Array:
    """Adds `v` to the rows `indices` of `x`: ``x[indices] += v`` along the first axis.

    A Parameter `x` is updated in place; for other inputs the result is a new tensor.

    Args:
        {args}

    Returns:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> print(ops.inplace_add(x, ms.Tensor([[10.0, 10.0], [20.0, 20.0]]), (0, 2)))
        [[11. 12.]
         [ 3.  4.]
         [25. 26.]]
    """
    return _write_rows(x, v, indices, "add")


@document_args(*_ROWS_ARGS)
def inplace_sub(x: ArrayLike, v: ArrayLike, indices: int | Sequence[int]) -> Array:
    """Subtracts `v` from the rows `indices` of `x`: ``x[indices] -= v`` along the first axis.

    A Parameter `x` is updated in place; for other inputs the result is a new tensor.

    Args:
        {args}

    Returns:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ops.inplace_sub(x, ms.Tensor([[1.0, 1.0]]), 1))
        [[1. 2.]
         [2. 3.]]
    """
    return _write_rows(x, v, indices, "subtract")


@document_args(*_ROWS_ARGS)
def inplace_update(x: ArrayLike, v: ArrayLike, indices: int | Sequence[int]) -> Array:
    """Writes `v` into the rows `indices` of `x`: ``x[indices] = v`` along the first axis.

    A Parameter `x` is updated in place; for other inputs the result is a new tensor.

    Args:
        {args}

    Returns:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> print(ops.inplace_update(x, ms.Tensor([[0.0, 0.0], [9.0, 9.0]]), (0, 2)))
        [[0. 0.]
         [3. 4.]
         [9. 9.]]
    """
    return _write_rows(x, v, indices, "set")


def index_add(
    x: ArrayLike,
    indices: ArrayLike,
    y: ArrayLike,
    axis: int,
    use_lock: bool = True,
    check_index_bound: bool = True,
) -> Array:
    """Adds the slices of `y` to `x` at `indices` along `axis`; repeated indices accumulate.

    A Parameter `x` is updated in place; for other inputs the result is a new tensor.

    Args:
        x (Union[Parameter, Tensor]): The tensor to update.
        indices (Tensor): 1-D int32 positions along `axis`.
        y (Tensor): Like `x` but with ``len(indices)`` along `axis`.
        axis (int): The axis `indices` indexes.
        use_lock (bool): Accepted for MindSpore's signature; no effect here. Default: ``True``.
        check_index_bound (bool): Accepted for MindSpore's signature; no effect here.
            Default: ``True``.

    Returns:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Parameter(ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), name="x")
        >>> y = ms.Tensor([[0.5, 1.0], [2.0, 3.0]])
        >>> print(ops.index_add(x, ms.Tensor([0, 0], ms.int32), y, 1))
        [[2.5 2.  3. ]
         [9.  5.  6. ]]
    """
    a = asarray(x)
    ax = norm_axis(axis, a.ndim)
    sl = (slice(None),) * ax + (asarray(indices),)
    return _commit(x, a.at[sl].add(asarray(y).astype(a.dtype)))


def inplace_index_add(var: ArrayLike, indices: ArrayLike, updates: ArrayLike, axis: int) -> Array:
    """Adds the slices of `updates` to `var` at `indices` along `axis`; `index_add` under
    MindSpore's older argument names.

    Args:
        var (Union[Parameter, Tensor]): The tensor to update.
        indices (Tensor): 1-D int32 positions along `axis`.
        updates (Tensor): Like `var` but with ``len(indices)`` along `axis`.
        axis (int): The axis `indices` indexes.

    Returns:
        Tensor of `var`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> print(ops.inplace_index_add(var, ms.Tensor([1], ms.int32), ms.Tensor([[1.0, 1.0]]), 0))
        [[1. 2.]
         [4. 5.]]
    """
    return index_add(var, indices, updates, axis)


__all__ = [
    "assign",
    "assign_add",
    "assign_sub",
    "scatter_update",
    "scatter_add",
    "scatter_mul",
    "scatter_div",
    "scatter_max",
    "scatter_min",
    "scatter_nd_add",
    "scatter_nd_sub",
    "scatter_nd_mul",
    "scatter_nd_div",
    "scatter_nd_max",
    "scatter_nd_min",
    "inplace_add",
    "inplace_sub",
    "inplace_update",
    "index_add",
    "inplace_index_add",
]
