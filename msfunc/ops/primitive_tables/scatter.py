"""Primitive classes that scatter, assign in place, or reduce by segment."""

import jax
import jax.numpy as jnp
import numpy as np

from ...common.args import is_concrete
from ...common.parameter import Parameter
from ...common.tensor import Tensor, unwrap
from .. import func_indexing as IX
from .. import func_scatter as SC
from .. import func_state as ST
from .. import func_sums as SUMS
from ..index_checks import check_index_dtype, check_nd_indices
from ._common import shape_arg, sig, write_back

__all__ = ["TABLE"]


def _scale_one_at_a_time(v, indices, updates, kind, nd):
    """`v` with each update row multiplied (or divided) in at its index, one row at a time.

    JAX's multiplicative scatter has no gradient unless its indices are unique; a single index
    per step is, and repeated indices still multiply up. `nd`: index depth (0: row indices).
    """
    indices = jnp.asarray(indices)
    rows = indices.reshape((-1, nd) if nd else (-1,))
    ups = jnp.asarray(updates, v.dtype).reshape((rows.shape[0],) + v.shape[max(nd, 1) :])
    if kind == "divide":
        ups = 1 / ups

    def step(j, acc):
        at = tuple(rows[j]) if nd else rows[j]
        return acc.at[at].multiply(ups[j], unique_indices=True)

    return jax.lax.fori_loop(0, rows.shape[0], step, v)


def _check_target_dtype(who, target, updates):
    """MindSpore writes into the target as it is: updates whose dtype would widen it (float32
    into a float16 or int8 target) are a TypeError, not a silent cast."""
    u = unwrap(updates)
    if isinstance(u, (jax.Array, np.ndarray)) and jnp.promote_types(target.dtype, u.dtype) != (
        target.dtype
    ):
        raise TypeError(
            f"{who}: `updates` of dtype {u.dtype} cannot be written into the {target.dtype} "
            "`input_x` in place (cast them first)"
        )


def _scatter(kind):
    def call(p, var, indices, updates):
        v = jnp.asarray(unwrap(var))
        _check_target_dtype(p.name, v, updates)
        i = unwrap(indices)
        if kind in ("multiply", "divide"):
            return write_back(var, _scale_one_at_a_time(v, i, unwrap(updates), kind, 0))
        out = getattr(v.at[i], kind)(unwrap(updates))
        return write_back(var, out)

    return (sig(use_locking=False), call)


def _checked_nd(who, shape, indices):
    """MindSpore's checks of N-d scatter indices into `shape`: int32/int64, in range where known.

    Returns None, so a table lambda can run it with ``or`` before its result.
    """
    check_index_dtype(indices, who)
    if jnp.ndim(indices) < 2:
        raise ValueError(
            f"{who}: `indices` must have 2 or more dims (coordinates on the last axis), "
            f"got {jnp.ndim(indices)}"
        )
    too_large = ValueError if who.endswith("Update") else RuntimeError
    check_nd_indices(indices, tuple(shape), who, too_large)


def _scatter_nd(kind, who):
    def call(p, var, indices, updates):
        v, i = jnp.asarray(unwrap(var)), unwrap(indices)
        _checked_nd(who, v.shape, i)
        _check_target_dtype(who, v, updates)
        if kind in ("multiply", "divide"):
            return write_back(
                var, _scale_one_at_a_time(v, i, unwrap(updates), kind, jnp.shape(i)[-1])
            )
        out = getattr(v.at[tuple(jnp.moveaxis(i, -1, 0))], kind)(unwrap(updates))
        return write_back(var, out)

    return (sig(use_locking=False), call)


def _tensor_scatter(kind, who):
    def call(p, x, indices, updates):
        x = jnp.asarray(x)
        _checked_nd(who, x.shape, indices)
        if kind in ("multiply", "divide"):
            return _scale_one_at_a_time(x, indices, updates, kind, jnp.shape(indices)[-1])
        return getattr(x.at[tuple(jnp.moveaxis(indices, -1, 0))], kind)(updates)

    return (sig(), call)


def _segment_prod(x, segment_ids, num_segments):
    """Per-segment product by masking (differentiable, unlike JAX's multiplicative scatter)."""
    ids = jnp.asarray(segment_ids)
    x = x.reshape((ids.size,) + x.shape[ids.ndim :])
    hit = ids.reshape(1, -1) == jnp.arange(num_segments)[:, None]
    hit = hit.reshape(hit.shape + (1,) * (x.ndim - 1))
    return jnp.prod(jnp.where(hit, x[None], jnp.ones((), x.dtype)), axis=1)


def _segment(fn):
    def call(p, x, segment_ids, num_segments):
        n = unwrap(num_segments)
        if getattr(n, "size", 1) != 1:
            raise TypeError(f"num_segments must be an int or a one-element Tensor, got {n}")
        # (a one-element Tensor of any rank counts, as MindSpore converts it to an int)
        if hasattr(n, "reshape") and is_concrete(n):
            n = np.asarray(n).reshape(())  # (numpy: a jnp op would be staged under jit)
        return fn(x, segment_ids, int(n.reshape(()) if hasattr(n, "reshape") else n))

    return (sig(), call)


def _assign(name, op, accumulate):
    def call(p, variable, value):
        old = jnp.asarray(unwrap(variable))
        new = op(old, ST.assign_value(name, old, value, accumulate))
        if not accumulate:  # (Assign hands its output's gradient to the variable)
            new = ST.through_variable(old, new)
        if isinstance(variable, Tensor) and not isinstance(variable, Parameter):
            variable._assign(new)  # MindSpore updates a plain Tensor in place too
            return jnp.asarray(new).astype(old.dtype)
        return write_back(variable, new)

    return (sig(), call)


def _index_put(p, x1, x2, indices):
    at = x1.at[tuple(jnp.asarray(i) for i in indices)]
    return at.add(x2) if p.accumulate else at.set(x2)


def _masked_scatter(p, x, mask, updates):
    m = jnp.broadcast_to(mask, x.shape).reshape(-1)
    pos = jnp.clip(jnp.cumsum(m) - 1, 0, updates.size - 1)
    return jnp.where(m, updates.reshape(-1)[pos], x.reshape(-1)).reshape(x.shape)


def _sorted_segment(fn):
    def call(p, x, segment_ids):
        ids = np.asarray(unwrap(segment_ids))  # concrete: the output length is max id + 1
        num = int(ids.reshape(-1)[-1]) + 1 if ids.size else 0
        return fn(x, jnp.asarray(ids), num)

    return (sig(), call)


def _segment_mean(x, ids, num):
    tot = jax.ops.segment_sum(x, ids, num)
    cnt = jax.ops.segment_sum(jnp.ones(ids.shape, x.dtype), ids, num)
    cnt = cnt.reshape(cnt.shape + (1,) * (x.ndim - 1))
    return jnp.where(cnt > 0, tot / jnp.maximum(cnt, 1), 0).astype(x.dtype)


def _segment_extreme(seg):
    def fn(x, ids, num):
        out = seg(x, ids, num)
        cnt = jax.ops.segment_sum(jnp.ones(ids.shape, jnp.int32), ids, num)
        return jnp.where(cnt.reshape(cnt.shape + (1,) * (x.ndim - 1)) > 0, out, 0)

    return fn


def _rows(indices):
    # MindSpore's Inplace* ops take an int or a tuple of rows; `v` always has one row per index
    return jnp.atleast_1d(jnp.asarray(unwrap(indices)))


def _embedding_lookup(p, params, indices, offset):
    i = jnp.asarray(indices) - unwrap(offset)
    ok = (i >= 0) & (i < params.shape[0])
    rows = jnp.take(params, jnp.clip(i, 0, params.shape[0] - 1), axis=0)
    return jnp.where(ok.reshape(ok.shape + (1,) * (params.ndim - 1)), rows, 0)


TABLE = [
    (
        "ScatterNd",
        sig(),
        lambda p, indices, updates, shape: (
            _checked_nd("ScatterNd", shape_arg(shape), indices)
            or (
                jnp.zeros(shape_arg(shape), updates.dtype)
                .at[tuple(jnp.moveaxis(indices, -1, 0))]
                .add(updates)
            )
        ),
    ),
    ("TensorScatterUpdate", *_tensor_scatter("set", "TensorScatterUpdate")),
    ("TensorScatterAdd", *_tensor_scatter("add", "TensorScatterAdd")),
    (
        "TensorScatterSub",
        sig(),
        lambda p, x, i, u: (
            _checked_nd("TensorScatterSub", jnp.shape(x), i)
            or jnp.asarray(x).at[tuple(jnp.moveaxis(i, -1, 0))].add(-u)
        ),
    ),
    ("TensorScatterMul", *_tensor_scatter("multiply", "TensorScatterMul")),
    ("TensorScatterDiv", *_tensor_scatter("divide", "TensorScatterDiv")),
    ("TensorScatterMax", *_tensor_scatter("max", "TensorScatterMax")),
    ("TensorScatterMin", *_tensor_scatter("min", "TensorScatterMin")),
    ("ScatterUpdate", sig(use_locking=True), _scatter("set")[1]),
    ("ScatterAdd", *_scatter("add")),
    (
        "ScatterSub",
        sig(use_locking=False),
        lambda p, var, i, u: write_back(var, jnp.asarray(unwrap(var)).at[unwrap(i)].add(-u)),
    ),
    ("ScatterMul", *_scatter("multiply")),
    ("ScatterDiv", *_scatter("divide")),
    ("ScatterMax", *_scatter("max")),
    ("ScatterMin", *_scatter("min")),
    ("ScatterNdUpdate", sig(use_locking=True), _scatter_nd("set", "ScatterNdUpdate")[1]),
    ("ScatterNdAdd", *_scatter_nd("add", "ScatterNdAdd")),
    (
        "ScatterNdSub",
        sig(use_locking=False),
        lambda p, var, i, u: (
            _checked_nd("ScatterNdSub", jnp.shape(unwrap(var)), unwrap(i))
            or write_back(
                var, jnp.asarray(unwrap(var)).at[tuple(jnp.moveaxis(unwrap(i), -1, 0))].add(-u)
            )
        ),
    ),
    ("ScatterNdMul", *_scatter_nd("multiply", "ScatterNdMul")),
    ("ScatterNdDiv", *_scatter_nd("divide", "ScatterNdDiv")),
    ("ScatterNdMax", *_scatter_nd("max", "ScatterNdMax")),
    ("ScatterNdMin", *_scatter_nd("min", "ScatterNdMin")),
    (
        "ScatterNonAliasingAdd",
        sig(),
        lambda p, x, i, u: write_back(
            x, jnp.asarray(unwrap(x)).at[tuple(jnp.moveaxis(unwrap(i), -1, 0))].add(u)
        ),
    ),
    ("Assign", *_assign("Assign", lambda v, x: x, False)),
    ("AssignAdd", *_assign("AssignAdd", lambda v, x: v + x, True)),
    ("AssignSub", *_assign("AssignSub", lambda v, x: v - x, True)),
    # The functional forms: N-d segment ids, MindSpore's fill of empty segments.
    ("UnsortedSegmentSum", *_segment(SUMS.unsorted_segment_sum)),
    ("UnsortedSegmentMax", *_segment(SUMS.unsorted_segment_max)),
    ("UnsortedSegmentMin", *_segment(SUMS.unsorted_segment_min)),
    ("UnsortedSegmentProd", *_segment(SUMS.unsorted_segment_prod)),
    (
        "IndexAdd",
        sig("axis", use_lock=True, check_index_bound=True),
        lambda p, x, indices, y: write_back(
            x,
            jnp.moveaxis(
                jnp.moveaxis(unwrap(x), p.axis, 0).at[indices].add(jnp.moveaxis(y, p.axis, 0)),
                0,
                p.axis,
            ),
        ),
    ),
    (
        "InplaceUpdate",
        sig("indices"),
        lambda p, x, v: jnp.asarray(x).at[_rows(p.indices)].set(v),
    ),
    ("InplaceUpdateV2", sig(), lambda p, x, indices, v: jnp.asarray(x).at[_rows(indices)].set(v)),
    (
        "InplaceAdd",
        sig("indices"),
        lambda p, x, v: jnp.asarray(x).at[_rows(p.indices)].add(v),
    ),
    (
        "InplaceSub",
        sig("indices"),
        lambda p, x, v: jnp.asarray(x).at[_rows(p.indices)].add(-v),
    ),
    ("SegmentSum", *_sorted_segment(jax.ops.segment_sum)),
    ("SegmentMax", *_sorted_segment(_segment_extreme(jax.ops.segment_max))),
    ("SegmentMin", *_sorted_segment(_segment_extreme(jax.ops.segment_min))),
    ("SegmentMean", *_sorted_segment(_segment_mean)),
    ("SegmentProd", *_sorted_segment(_segment_prod)),
    (
        "IndexFill",
        sig(),
        lambda p, x, dim, index, value: IX.index_fill(x, int(unwrap(dim)), index, value),
    ),
    (
        "InplaceIndexAdd",
        sig("axis"),
        lambda p, var, indices, updates: ST.inplace_index_add(var, indices, updates, p.axis),
    ),
    ("IndexPut", sig(accumulate=0), _index_put),
    ("MaskedScatter", sig(), _masked_scatter),
    (
        "TensorScatterElements",
        sig(axis=0, reduction="none"),
        lambda p, data, indices, updates: SC.tensor_scatter_elements(
            data, indices, updates, p.axis, p.reduction
        ),
    ),
    (
        "ScatterAddWithAxis",
        sig(axis=0),
        lambda p, x, indices, updates: SC.tensor_scatter_elements(
            x, indices, updates, p.axis, "add"
        ),
    ),
    ("EmbeddingLookup", sig(), _embedding_lookup),
]
