"""State ops that update Parameters through the state frame: assign, scatter_* and inplace_*."""

import jax
import jax.numpy as jnp

from .._state import read, write
from ..common.args import asarray, norm_axis
from ..common.parameter import Parameter
from ..common.tensor import Tensor, unwrap, wrap


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


def _assignment(name, combine, accumulate, doc):
    """`name(variable, value)`: ``variable = combine(variable, value)`` in place.

    A Parameter is written through the state frame; a plain Tensor is rebound to the new value
    as MindSpore updates it in place (the ``t[i] = v`` rule); the new value is returned. The
    function takes Tensors themselves, so the namespace exports it without unwrapping them.
    """

    def op(variable, value):
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
        return wrap(new)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    op._msfunc_tensor_function = True  # takes and returns Tensors: not wrapped again
    return op


assign = _assignment(
    "assign",
    lambda old, value: value,
    False,
    """\
Set `variable` (a Parameter or a Tensor, updated in place) to `value`, cast to its dtype;
returns the new value. `value` must have the variable's shape (see `check_assign_shapes`).

Example:
    >>> import msfunc as ms
    >>> w = ms.Parameter(jnp.zeros(2), name="w")
    >>> assign(w, jnp.ones(2)).tolist(), w.asnumpy().tolist()
    ([1.0, 1.0], [1.0, 1.0])
""",
)

assign_add = _assignment(
    "assign_add",
    jnp.add,
    True,
    """\
``variable += value`` on a Parameter or a Tensor (updated in place); returns the new value.

Example:
    >>> import msfunc as ms
    >>> assign_add(ms.Parameter(jnp.ones(1), name="w"), jnp.ones(1)).tolist()
    [2.0]
""",
)

assign_sub = _assignment(
    "assign_sub",
    jnp.subtract,
    True,
    """\
``variable -= value`` on a Parameter or a Tensor (updated in place); returns the new value.

Example:
    >>> import msfunc as ms
    >>> t = ms.Tensor([3.0, 4.0])
    >>> _ = assign_sub(t, ms.Tensor([1.0, 1.0]))
    >>> t.tolist()
    [2.0, 3.0]
""",
)


def _scatter(method, name, nd):
    def op(input_x, indices, updates):
        return body(input_x, indices, updates)

    def op_nd(input_x, indices, updates, use_locking=False):
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
    kind = "index tuples (last axis of `indices`)" if nd else "rows `indices` (first axis)"
    op.__doc__ = (
        f"Update the Parameter `input_x` at {kind} with `updates` ({method}; "
        f"repeated indices {'accumulate' if method != 'set' else 'take one update'})"
        f"; returns the new value.\n\nExample:\n    >>> import msfunc as ms\n"
        f"    >>> w = ms.Parameter(jnp.ones(3), name='w')\n    >>> {name}(w, "
        f"jnp.array({'[[0]]' if nd else '[0]'}), jnp.array([2.0])).shape\n    (3,)\n"
    )
    return op


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


scatter_update = _scatter("set", "scatter_update", False)
scatter_add = _scatter("add", "scatter_add", False)
scatter_mul = _scatter("multiply", "scatter_mul", False)
scatter_div = _scatter("divide", "scatter_div", False)
scatter_max = _scatter("max", "scatter_max", False)
scatter_min = _scatter("min", "scatter_min", False)
scatter_nd_add = _scatter("add", "scatter_nd_add", True)
scatter_nd_sub = _scatter("subtract", "scatter_nd_sub", True)
scatter_nd_mul = _scatter("multiply", "scatter_nd_mul", True)
scatter_nd_div = _scatter("divide", "scatter_nd_div", True)
scatter_nd_max = _scatter("max", "scatter_nd_max", True)
scatter_nd_min = _scatter("min", "scatter_nd_min", True)


def _rows(indices):
    idx = unwrap(indices)
    return jnp.asarray([idx] if isinstance(idx, int) else idx, jnp.int32)


def inplace_add(x, v, indices):
    """``x[indices] += v`` along the first axis (a Parameter `x` is updated).

    Example:
        >>> inplace_add(jnp.zeros((3, 1)), jnp.ones((1, 1)), (1,)).tolist()
        [[0.0], [1.0], [0.0]]
    """
    a = asarray(x)
    return _commit(x, a.at[_rows(indices)].add(asarray(v).astype(a.dtype)))


def inplace_sub(x, v, indices):
    """``x[indices] -= v`` along the first axis (a Parameter `x` is updated).

    Example:
        >>> inplace_sub(jnp.zeros((2, 1)), jnp.ones((1, 1)), (0,)).tolist()
        [[-1.0], [0.0]]
    """
    a = asarray(x)
    return _commit(x, a.at[_rows(indices)].subtract(asarray(v).astype(a.dtype)))


def inplace_update(x, v, indices):
    """``x[indices] = v`` along the first axis (a Parameter `x` is updated).

    Example:
        >>> inplace_update(jnp.zeros((2, 1)), jnp.ones((1, 1)), (1,)).tolist()
        [[0.0], [1.0]]
    """
    a = asarray(x)
    return _commit(x, a.at[_rows(indices)].set(asarray(v).astype(a.dtype)))


def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True):
    """Add slices of `y` to `x` at `indices` along `axis` (a Parameter `x` is updated).

    Example:
        >>> index_add(jnp.zeros(3), jnp.array([2]), jnp.ones(1), 0).tolist()
        [0.0, 0.0, 1.0]
    """
    a = asarray(x)
    ax = norm_axis(axis, a.ndim)
    sl = (slice(None),) * ax + (asarray(indices),)
    return _commit(x, a.at[sl].add(asarray(y).astype(a.dtype)))


def inplace_index_add(var, indices, updates, axis):
    """Alias of `index_add` with MindSpore's older argument names.

    Example:
        >>> inplace_index_add(jnp.zeros(2), jnp.array([0]), jnp.ones(1), 0).tolist()
        [1.0, 0.0]
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
