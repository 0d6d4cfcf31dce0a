"""Primitive classes for shapes, casts, creation, slicing, padding, diagonals and unique."""

import jax
import jax.numpy as jnp
import numpy as np

from ...common import dtype as mstype
from ...common.args import broadcast_target, is_concrete, static_ints
from ...common.tensor import canonical_dtype, unwrap
from .. import func_conv as C
from .. import func_diagonal as DG
from .. import func_indexing as IX
from .. import func_nn as N
from .. import func_queries_graph as QG
from .. import func_scatter as SC
from .. import func_sorting as SO
from ..index_checks import check_gather_indices
from ._common import shape_arg, sig

__all__ = ["TABLE", "INIT_CHECKS"]


def _check_reverse_axis(primitive):
    """ReverseV2's `axis`: a tuple or list of ints (MindSpore raises TypeError on construction
    for anything else, a single int included)."""
    axis = primitive.axis
    if not isinstance(axis, (tuple, list)) or not all(
        isinstance(a, int) and not isinstance(a, bool) for a in axis
    ):
        raise TypeError(f"ReverseV2: `axis` must be a tuple or list of ints, got {axis!r}")


def _one_dimensional(x, who):
    """`x` when it is 1-D; MindSpore's kernel refuses any other rank at run time
    (RuntimeError), where `ops.unique` flattens first."""
    if jnp.ndim(x) != 1:
        raise RuntimeError(f"{who}: `input` must be 1-D, got shape {jnp.shape(x)}")
    return x


# constructor checks, run by `msfunc.ops.primitives` when a class is made
INIT_CHECKS = {"ReverseV2": _check_reverse_axis}


def _depth_to_space(x, bs):
    # MindSpore orders the moved channels block-row, block-column, channel (TensorFlow's "DCR"
    # order; pixel_shuffle's is channel first): in[(i * bs + j) * C + c] -> out[c, h*bs+i, w*bs+j]
    n, c, h, w = x.shape
    y = jnp.reshape(x, (n, bs, bs, c // (bs * bs), h, w)).transpose(0, 3, 4, 1, 5, 2)
    return y.reshape(n, c // (bs * bs), h * bs, w * bs)


def _space_to_depth(x, bs):
    # the inverse of _depth_to_space (MindSpore's order, not pixel_unshuffle's)
    n, c, h, w = x.shape
    y = jnp.reshape(x, (n, c, h // bs, bs, w // bs, bs)).transpose(0, 3, 5, 1, 2, 4)
    return y.reshape(n, c * bs * bs, h // bs, w // bs)


# Python's type for each dtype kind: ScalarCast gives a Python scalar, as MindSpore's does
_PY_SCALAR = {"b": bool, "i": int, "u": int, "f": float}
# MindSpore's dtypes for a tuple of Python numbers (not numpy's 64-bit ones)
_TUPLE_DTYPE = {"b": jnp.bool_, "i": jnp.int32, "u": jnp.int32, "f": jnp.float32}


def _scalar_cast(p, x, t):
    x = unwrap(x)
    if isinstance(t, type):
        return t(x)
    dtype = canonical_dtype(t)
    py = _PY_SCALAR.get(np.dtype(dtype).kind)
    try:
        return jnp.asarray(x, dtype) if py is None else py(x)
    except TypeError:  # a traced scalar (under jit, grad, vmap) stays an array
        return jnp.asarray(x, dtype)


def _dtype_of(p, x):
    # a Tensor (an array by now) or a CSR/COO tensor; MindSpore refuses Python and numpy scalars
    if isinstance(x, np.generic) or not hasattr(x, "dtype"):
        raise TypeError(
            f"DType: `input_x` must be a Tensor, CSRTensor or COOTensor, got {type(x).__name__}"
        )
    return x.dtype


def _tuple_to_array(p, x):
    x = unwrap(x)
    v = jnp.asarray(x)
    if all(isinstance(i, (bool, int, float)) for i in x):  # Python numbers: MindSpore's dtypes
        return v.astype(_TUPLE_DTYPE.get(v.dtype.kind, v.dtype))
    return v


def _split(p, x):
    return tuple(jnp.split(x, p.output_num, axis=p.axis))


def _squeeze(p, x):
    ax = p.axis
    if isinstance(ax, (tuple, list)) and not ax:
        return jnp.squeeze(x)
    return jnp.squeeze(x, axis=tuple(ax) if isinstance(ax, (list, tuple)) else ax)


def _gather(p, params, indices, axis):
    if p.batch_dims:
        return IX.gather(params, indices, int(unwrap(axis)), p.batch_dims)
    axis = int(unwrap(axis))
    check_gather_indices(indices, jnp.shape(params)[axis], "Gather")
    return jnp.take(params, indices, axis=axis)


def _slice_ints(v, name):
    # Tensor bounds give their values: they fix the output shape, so a traced one raises
    # JAX's concretization error (on which graph mode runs the call eagerly)
    v = unwrap(v)
    if hasattr(v, "shape") and is_concrete(v):
        v = tuple(np.asarray(v).reshape(-1).tolist())
    return static_ints(v, name, "StridedSlice")


def _strided_slice(p, x, begin, end, strides):
    if p.ellipsis_mask:
        raise ValueError("StridedSlice: `ellipsis_mask` is not supported; use indexing")
    idx, dim = [], 0
    begin, end, strides = (
        _slice_ints(v, n) for v, n in ((begin, "begin"), (end, "end"), (strides, "strides"))
    )
    for i, (b, e, s) in enumerate(zip(begin, end, strides, strict=True)):
        if p.new_axis_mask >> i & 1:
            idx.append(None)
            continue
        if p.shrink_axis_mask >> i & 1:
            idx.append(b)
        else:
            idx.append(
                slice(None if p.begin_mask >> i & 1 else b, None if p.end_mask >> i & 1 else e, s)
            )
        dim += 1
    return x[tuple(idx)]


def _range(p, start, limit, delta):
    return jnp.arange(unwrap(start), unwrap(limit), unwrap(delta))


def _fill(p, dtype, dims, x):
    return jnp.full(shape_arg(dims), unwrap(x), canonical_dtype(dtype))


def _split_v(p, x):
    idx = np.cumsum(p.size_splits)[:-1].tolist()
    return tuple(jnp.split(x, idx, axis=p.split_dim))


def _space_to_batch(p, x):
    return SC.space_to_batch_nd(x, (p.block_size,) * 2, p.paddings)


def _batch_to_space(p, x):
    return SC.batch_to_space_nd(x, (p.block_size,) * 2, p.crops)


def _unique_with_pad(p, x, pad_num):
    vals, inv = jnp.unique(
        x, return_inverse=True, size=x.size, fill_value=jnp.asarray(unwrap(pad_num), x.dtype)
    )
    return vals, inv.reshape(x.shape).astype(x.dtype)  # MindSpore's indices take x's dtype


def _unique_consecutive(p, x):
    out = SO.unique_consecutive(x, True, True, p.axis)
    return tuple(out)


def _diag_part(p, x):
    k = x.ndim // 2
    n = int(np.prod(x.shape[:k]))
    return jnp.diagonal(x.reshape(n, n)).reshape(x.shape[:k])


def _fill_diagonal(p, x):
    v = jnp.asarray(p.fill_value, x.dtype)
    if x.ndim != 2:
        return jnp.fill_diagonal(x, v, inplace=False)
    # numpy's rule: every (cols + 1)-th flat element; without wrap, only the leading square
    end = x.size if p.wrap else min(x.size, x.shape[1] * x.shape[1])
    return x.reshape(-1).at[0 : end : x.shape[1] + 1].set(v).reshape(x.shape)


def _sparse_to_dense(p, indices, values, sparse_shape):
    idx = jnp.asarray(indices)
    out = jnp.zeros(shape_arg(sparse_shape), values.dtype)
    return out.at[tuple(jnp.moveaxis(idx, -1, 0))].set(values)


def _unravel_index(p, indices, dims):
    return jnp.stack(jnp.unravel_index(jnp.asarray(indices), shape_arg(dims))).astype(
        jnp.asarray(indices).dtype
    )


_DIM_MAP_FORMATS = ("NHWC", "NCHW")


def _data_format_dim_map(p, x):
    for arg in ("src_format", "dst_format"):
        if getattr(p, arg) not in _DIM_MAP_FORMATS:
            raise ValueError(
                f"DataFormatDimMap: {arg} must be 'NHWC' or 'NCHW', got {getattr(p, arg)!r}"
            )
    x = jnp.asarray(x)
    if x.dtype not in (jnp.int32, jnp.int64):
        raise TypeError(f"DataFormatDimMap: x must be an int32 or int64 tensor, got {x.dtype}")
    # the axis of src_format holding the letter dst_format has at each position (x taken mod 4)
    table = np.array([p.src_format.index(c) for c in p.dst_format], x.dtype)
    return jnp.take(jnp.asarray(table), jnp.mod(x, 4))


def _tensor_to_tuple(x):
    # MindSpore hands back Python numbers; under a trace the elements have no value yet and
    # stay 0-d arrays (a graph's variable scalars)
    x = jnp.asarray(x)
    return tuple(x.tolist()) if is_concrete(x) else tuple(x)


TABLE = [
    ("Cast", sig(), lambda p, x, dtype: jnp.asarray(x).astype(canonical_dtype(dtype))),
    ("ScalarCast", sig(), _scalar_cast),
    ("DataFormatDimMap", sig(src_format="NHWC", dst_format="NCHW"), _data_format_dim_map),
    (
        "ScalarToTensor",
        sig(),
        lambda p, x, dtype=mstype.float32: jnp.asarray(x, canonical_dtype(dtype)),
    ),
    ("ScalarToArray", sig(), lambda p, x: jnp.asarray(x)),
    ("TupleToArray", sig(), _tuple_to_array),
    ("TensorToTuple", sig(), lambda p, x: _tensor_to_tuple(x)),
    ("Shape", sig(), lambda p, x: tuple(jnp.shape(x))),
    ("TensorShape", sig(), lambda p, x: jnp.asarray(jnp.shape(x), jnp.int64)),
    ("DynamicShape", sig(dtype=9), lambda p, x: jnp.asarray(jnp.shape(x), jnp.int64)),
    ("Rank", sig(), lambda p, x: QG.rank(x)),
    ("Size", sig(), lambda p, x: int(np.prod(jnp.shape(x)))),
    ("DType", sig(), _dtype_of),
    ("Eps", sig(), lambda p, x: jnp.full_like(x, jnp.finfo(jnp.asarray(x).dtype).eps)),
    ("ExpandDims", sig(), lambda p, x, axis: jnp.expand_dims(x, int(unwrap(axis)))),
    ("Squeeze", sig(axis=()), _squeeze),
    ("Flatten", sig(), lambda p, x: jnp.reshape(x, (x.shape[0], -1)) if x.ndim else x.reshape(1)),
    ("Transpose", sig(), lambda p, x, perm: jnp.transpose(x, shape_arg(perm))),
    ("TransposeView", sig(), lambda p, x, perm: jnp.transpose(x, shape_arg(perm))),
    ("TransposeExtView", sig(), lambda p, x, d0, d1: jnp.swapaxes(x, d0, d1)),
    ("Concat", sig(axis=0), lambda p, tensors: jnp.concatenate(tensors, axis=p.axis)),
    ("ParallelConcat", sig(), lambda p, tensors: jnp.concatenate(tensors, axis=0)),
    ("Stack", sig(axis=0), lambda p, *xs: jnp.stack(xs[0] if len(xs) == 1 else xs, axis=p.axis)),
    ("Pack", sig(axis=0), lambda p, *xs: jnp.stack(xs[0] if len(xs) == 1 else xs, axis=p.axis)),
    ("Unstack", sig(axis=0, num=None), lambda p, x: tuple(jnp.moveaxis(x, p.axis, 0))),
    ("Unpack", sig(axis=0), lambda p, x: tuple(jnp.moveaxis(x, p.axis, 0))),
    ("Split", sig(axis=0, output_num=1), _split),
    ("SplitV", sig("size_splits", "split_dim", "num_split"), _split_v),
    (
        "BroadcastTo",
        sig("shape"),
        lambda p, x: jnp.broadcast_to(x, broadcast_target(x.shape, p.shape, "BroadcastTo")),
    ),
    ("Gather", sig(batch_dims=0), _gather),
    ("GatherV2", sig(), lambda p, x, i, axis: jnp.take(x, i, axis=int(unwrap(axis)))),
    ("GatherD", sig(), lambda p, x, dim, index: jnp.take_along_axis(x, index, axis=int(dim))),
    (
        "Slice",
        sig(),
        lambda p, x, begin, size: jax.lax.dynamic_slice(
            x,
            shape_arg(begin),
            tuple(
                x.shape[i] - b if s == -1 else s
                for i, (b, s) in enumerate(zip(shape_arg(begin), shape_arg(size), strict=True))
            ),
        ),
    ),
    (
        "StridedSlice",
        sig(begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0),
        _strided_slice,
    ),
    ("Select", sig(), lambda p, cond, x, y: jnp.where(cond, x, y)),
    (
        "MaskedFill",
        sig(),
        lambda p, x, mask, value: jnp.where(mask, jnp.asarray(value, x.dtype), x),
    ),
    ("Fill", sig(), _fill),
    ("FillV2", sig(), lambda p, shape, value: jnp.full(shape_arg(shape), value)),
    ("Fills", sig(), lambda p, x, value: jnp.full_like(x, value)),
    (
        "Ones",
        sig(),
        lambda p, shape, dtype=None: jnp.ones(
            shape_arg(shape), canonical_dtype(dtype or mstype.float32)
        ),
    ),
    (
        "Zeros",
        sig(),
        lambda p, size, dtype=None: jnp.zeros(
            shape_arg(size), canonical_dtype(dtype or mstype.float32)
        ),
    ),
    ("Eye", sig(), lambda p, n, m, dtype: jnp.eye(n, m, dtype=canonical_dtype(dtype))),
    ("Range", sig(maxlen=1000000), _range),
    ("LinSpace", sig(), lambda p, start, stop, num: jnp.linspace(start, stop, int(unwrap(num)))),
    (
        "LogSpace",
        sig(steps=10, base=10, dtype=mstype.float32),
        lambda p, start, end: jnp.logspace(start, end, p.steps, base=p.base).astype(
            canonical_dtype(p.dtype)
        ),
    ),
    (
        "OneHot",
        sig(axis=-1),
        lambda p, indices, depth, on_value, off_value: N.one_hot(
            indices, depth, on_value, off_value, p.axis
        ),
    ),
    ("ReverseV2", sig("axis"), lambda p, x: jnp.flip(x, tuple(p.axis))),
    ("Roll", sig("shifts", dims=None), lambda p, x: jnp.roll(x, p.shifts, p.dims)),
    ("Tril", sig(diagonal=0), lambda p, x: jnp.tril(x, p.diagonal)),
    ("Triu", sig(diagonal=0), lambda p, x: jnp.triu(x, p.diagonal)),
    (
        "TrilIndices",
        sig("row", "col", offset=0, dtype=mstype.int32),
        lambda p: jnp.stack(jnp.tril_indices(p.row, p.offset, p.col)).astype(
            canonical_dtype(p.dtype)
        ),
    ),
    (
        "TriuIndices",
        sig("row", "col", offset=0, dtype=mstype.int32),
        lambda p: jnp.stack(jnp.triu_indices(p.row, p.offset, p.col)).astype(
            canonical_dtype(p.dtype)
        ),
    ),
    (
        "Meshgrid",
        sig(indexing="xy"),
        lambda p, inputs: tuple(jnp.meshgrid(*inputs, indexing=p.indexing)),
    ),
    ("InvertPermutation", sig(), lambda p, x: tuple(int(v) for v in np.argsort(np.asarray(x)))),
    ("SpaceToDepth", sig("block_size"), lambda p, x: _space_to_depth(x, p.block_size)),
    ("DepthToSpace", sig("block_size"), lambda p, x: _depth_to_space(x, p.block_size)),
    ("MatrixBandPart", sig(), lambda p, x, lower, upper: DG.matrix_band_part(x, lower, upper)),
    ("Padding", sig(pad_dim_size=8), lambda p, x: C.padding(x, p.pad_dim_size)),
    ("Pad", sig("paddings"), lambda p, x: jnp.pad(x, [tuple(v) for v in p.paddings])),
    ("MirrorPad", sig(mode="REFLECT"), lambda p, x, paddings: C.mirror_pad(x, paddings, p.mode)),
    (
        "PadV3",
        sig(mode="constant", paddings_contiguous=True),
        lambda p, x, paddings, value=None: C.pad(
            x, shape_arg(paddings), {"edge": "replicate"}.get(p.mode, p.mode), value
        ),
    ),
    (
        "ReverseSequence",
        sig("seq_dim", batch_dim=0),
        lambda p, x, seq_lengths: SC.reverse_sequence(x, seq_lengths, p.seq_dim, p.batch_dim),
    ),
    # MindSpore's Unique keeps the order of first appearance, as ops.unique does.
    ("Unique", sig(), lambda p, x: SO.unique(_one_dimensional(x, "Unique"))),
    (
        "BatchToSpaceND",
        sig("block_shape", "crops"),
        lambda p, x: SC.batch_to_space_nd(x, p.block_shape, p.crops),
    ),
    (
        "SpaceToBatchND",
        sig("block_shape", "paddings"),
        lambda p, x: SC.space_to_batch_nd(x, p.block_shape, p.paddings),
    ),
    ("BatchToSpace", sig("block_size", "crops"), _batch_to_space),
    ("SpaceToBatch", sig("block_size", "paddings"), _space_to_batch),
    (
        "MatrixDiagV3",
        sig(align="RIGHT_LEFT"),
        lambda p, x, k, num_rows, num_cols, padding_value: DG.matrix_diag(
            x, k, int(unwrap(num_rows)), int(unwrap(num_cols)), padding_value, p.align
        ),
    ),
    (
        "MatrixDiagPartV3",
        sig(align="RIGHT_LEFT"),
        lambda p, x, k, padding_value: DG.matrix_diag_part(x, k, padding_value, p.align),
    ),
    (
        "MatrixSetDiagV3",
        sig(align="RIGHT_LEFT"),
        lambda p, x, diagonal, k: DG.matrix_set_diag(x, diagonal, k, p.align),
    ),
    ("DiagPart", sig(), _diag_part),
    ("FillDiagonal", sig("fill_value", wrap=False), _fill_diagonal),
    ("Coalesce", sig(), lambda p, idx, vals, shape: tuple(SC.coalesce(idx, vals, shape))),
    (
        "UniqueConsecutive",
        sig(return_idx=False, return_counts=False, axis=None),
        _unique_consecutive,
    ),
    ("UniqueWithPad", sig(), _unique_with_pad),
    ("SparseToDense", sig(), _sparse_to_dense),
    ("UnravelIndex", sig(), _unravel_index),
    (
        "SparseGatherV2",
        sig(),
        lambda p, params, indices, axis: jnp.take(
            params, jnp.asarray(indices), axis=int(unwrap(axis))
        ),
    ),
]
