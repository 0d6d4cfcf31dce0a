"""More primitive classes, in `primitive_table`'s row format.

Each row is ``(class name, constructor signature with MindSpore's defaults, call)``; the call
receives the primitive (its constructor attributes) and MindSpore's call arguments in
MindSpore's order. Most rows forward to their functional twin; the others are a few lines of
jnp/lax. `primitives` builds classes from ``primitive_table.TABLE + TABLE``.
"""

import jax
import jax.numpy as jnp
import numpy as np
import optax

from ..common.parameter import unwrap
from . import func_array as A
from . import func_conv as C
from . import func_distance as D
from . import func_linalg as LA
from . import func_misc as M
from . import func_reduce as R
from . import func_state as S
from .primitive_table import _shape

__all__ = ["TABLE", "RAW"]

# Ops that must see Parameters themselves (they write into them).
RAW = {"InplaceIndexAdd"}


def _pair(v):
    v = unwrap(v)
    return (v, v) if isinstance(v, int) else tuple(v)[-2:]


# ---- space/batch ------------------------------------------------------------------------------
def _space_to_batch(p, x):
    return A.space_to_batch_nd(x, (p.block_size,) * 2, p.paddings)


def _batch_to_space(p, x):
    return A.batch_to_space_nd(x, (p.block_size,) * 2, p.crops)


# ---- losses ------------------------------------------------------------------------------------
def _ctc_loss(p, x, labels_indices, labels_values, sequence_length):
    """TF-style CTC: logits (T, N, C), sparse labels, blank = C - 1; (loss, d loss / d x)."""
    if p.preprocess_collapse_repeated or not p.ctc_merge_repeated:
        raise NotImplementedError("CTCLoss: only preprocess_collapse_repeated=False and "
                                  "ctc_merge_repeated=True (standard CTC) are supported")
    idx = jnp.asarray(labels_indices).astype(jnp.int32)
    n_batch, n_lab = x.shape[1], idx.shape[0]
    targets = jnp.zeros((n_batch, n_lab), jnp.int32).at[idx[:, 0], idx[:, 1]].set(
        jnp.asarray(labels_values).astype(jnp.int32))
    target_lengths = jnp.zeros((n_batch,), jnp.int32).at[idx[:, 0]].add(1)
    lengths = jnp.asarray(sequence_length).astype(jnp.int32)

    t_len = x.shape[0]
    logit_pad = (jnp.arange(t_len)[None, :] >= lengths[:, None]).astype(x.dtype)
    label_pad = (jnp.arange(n_lab)[None, :] >= target_lengths[:, None]).astype(x.dtype)

    def losses(logits):
        # optax's CTC masks padded frames without NaN gradients
        out = optax.ctc_loss(jnp.swapaxes(logits, 0, 1), logit_pad, targets, label_pad,
                             blank_id=x.shape[-1] - 1)
        if p.ignore_longer_outputs_than_inputs:
            out = jnp.where(target_lengths > lengths, 0, out)
        return out

    loss, vjp = jax.vjp(losses, x)
    return loss, vjp(jnp.ones_like(loss))[0]


# ---- linalg ------------------------------------------------------------------------------------
def _normal_equations(a, b, l2):
    """(A^T A + l2 I)^-1 A^T B for tall A, A^T (A A^T + l2 I)^-1 B for wide A."""
    at = jnp.swapaxes(a, -1, -2).conj()
    m, n = a.shape[-2:]
    if m >= n:
        return jnp.linalg.solve(at @ a + l2 * jnp.eye(n, dtype=a.dtype), at @ b)
    return at @ jnp.linalg.solve(a @ at + l2 * jnp.eye(m, dtype=a.dtype), b)


def _lstsq(p, x, a):
    vec = a.ndim == 1
    b = a[:, None] if vec else a
    out = _normal_equations(x, b, p.l2_regularizer) if p.fast or p.l2_regularizer else \
        LA.lstsq(x, b)
    return out[:, 0] if vec else out


def _matrix_solve_ls(p, matrix, rhs, l2):
    l2 = jnp.asarray(unwrap(l2), matrix.dtype)
    if p.fast:
        return _normal_equations(matrix, rhs, l2)
    return jax.vmap(LA.lstsq)(matrix.reshape((-1,) + matrix.shape[-2:]),
                              rhs.reshape((-1,) + rhs.shape[-2:])).reshape(
        matrix.shape[:-2] + (matrix.shape[-1], rhs.shape[-1]))


def _triangular_solve(p, matrix, rhs):
    return jax.lax.linalg.triangular_solve(matrix, rhs, left_side=True, lower=p.lower,
                                           transpose_a=p.adjoint, conjugate_a=p.adjoint)


def _nuclear_norm(p, x):
    dim = (-2, -1) if p.dim is None else tuple(p.dim)
    y = jnp.moveaxis(x, dim, (-2, -1))
    s = jnp.sum(jnp.linalg.svd(y, compute_uv=False), -1)
    if p.keepdim:
        for d in sorted(a % x.ndim for a in dim):
            s = jnp.expand_dims(s, d)
    return s


def _median(p, x):
    if p.global_median:
        v, i = R.median(x.reshape(-1), 0)
        return v, i
    return R.median(x, p.axis, p.keep_dims)


def _quantile(p, x, q):
    fn = R.nanquantile if p.ignore_nan else R.quantile
    return fn(x, q, p.dim, p.keep_dims)


# ---- arrays ------------------------------------------------------------------------------------
def _unique_with_pad(p, x, pad_num):
    vals, inv = jnp.unique(x, return_inverse=True, size=x.size,
                           fill_value=jnp.asarray(unwrap(pad_num), x.dtype))
    return vals, inv.reshape(x.shape).astype(jnp.int32)


def _unique_consecutive(p, x):
    out = A.unique_consecutive(x, True, True, p.axis)
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
    return x.reshape(-1).at[0:end:x.shape[1] + 1].set(v).reshape(x.shape)


def _histogram_fixed_width(p, x, value_range):
    lo, hi = value_range[0], value_range[1]
    b = jnp.floor((x.reshape(-1) - lo) / (hi - lo) * p.nbins).astype(jnp.int32)
    b = jnp.clip(b, 0, p.nbins - 1)
    return jnp.zeros((p.nbins,), jnp.int32).at[b].add(1).astype(p.dtype)


def _im2col(p, x):
    cols = C.unfold(x, _pair(p.ksizes), _pair(p.dilations), _pair(p.pads), _pair(p.strides))
    kh, kw = _pair(p.ksizes)
    return cols.reshape(x.shape[0], x.shape[1], kh * kw, -1)


def _index_put(p, x1, x2, indices):
    at = x1.at[tuple(jnp.asarray(i) for i in indices)]
    return at.add(x2) if p.accumulate else at.set(x2)


def _masked_scatter(p, x, mask, updates):
    m = jnp.broadcast_to(mask, x.shape).reshape(-1)
    pos = jnp.clip(jnp.cumsum(m) - 1, 0, updates.size - 1)
    return jnp.where(m, updates.reshape(-1)[pos], x.reshape(-1)).reshape(x.shape)


def _nth_element(p, x, n):
    s = jnp.sort(x, axis=-1)
    if p.reverse:
        s = jnp.flip(s, -1)
    return s[..., int(unwrap(n))]


def _segment(fn):
    def call(p, x, segment_ids):
        ids = np.asarray(unwrap(segment_ids))  # concrete: the output length is max id + 1
        num = int(ids.reshape(-1)[-1]) + 1 if ids.size else 0
        return fn(x, jnp.asarray(ids), num)
    return ("", call)


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


def _segment_prod(x, ids, num):
    from .primitive_table import _segment_prod as prod
    return prod(x, ids, num)


def _sparse_to_dense(p, indices, values, sparse_shape):
    idx = jnp.asarray(indices)
    out = jnp.zeros(_shape(sparse_shape), values.dtype)
    return out.at[tuple(jnp.moveaxis(idx, -1, 0))].set(values)


def _unravel_index(p, indices, dims):
    return jnp.stack(jnp.unravel_index(jnp.asarray(indices), _shape(dims))).astype(
        jnp.asarray(indices).dtype)


def _embedding_lookup(p, params, indices, offset):
    i = jnp.asarray(indices) - unwrap(offset)
    ok = (i >= 0) & (i < params.shape[0])
    rows = jnp.take(params, jnp.clip(i, 0, params.shape[0] - 1), axis=0)
    return jnp.where(ok.reshape(ok.shape + (1,) * (params.ndim - 1)), rows, 0)


# ---- images ------------------------------------------------------------------------------------
def _rgb_to_hsv(p, x):
    r, g, b = x[..., 0], x[..., 1], x[..., 2]
    v = jnp.max(x, -1)
    c = v - jnp.min(x, -1)
    safe_c = jnp.where(c > 0, c, 1)
    s = jnp.where(v > 0, c / jnp.where(v > 0, v, 1), 0)
    h = jnp.where(v == r, (g - b) / safe_c, jnp.where(v == g, (b - r) / safe_c + 2,
                                                      (r - g) / safe_c + 4))
    h = jnp.where(c > 0, jnp.mod(h / 6, 1.0), 0)
    return jnp.stack([h, s, v], -1).astype(x.dtype)


def _hsv_to_rgb(p, x):
    h, s, v = x[..., 0], x[..., 1], x[..., 2]

    def f(n):
        k = jnp.mod(n + h * 6, 6)
        return v - v * s * jnp.clip(jnp.minimum(k, 4 - k), 0, 1)

    return jnp.stack([f(5), f(3), f(1)], -1).astype(x.dtype)


# ---- convolutions ------------------------------------------------------------------------------
def _depthwise_conv(p, x, w):
    mult, cin = w.shape[0], w.shape[1]
    # (multiplier, C, kh, kw) -> (C * multiplier, 1, kh, kw): output channel c * mult + k
    w2 = jnp.transpose(w, (1, 0, 2, 3)).reshape(cin * mult, 1, *w.shape[2:])
    pad = p.pad
    if isinstance(pad, (tuple, list)):
        pad = tuple(pad)
    st, dl = _pair(p.stride), _pair(p.dilation)
    return C.conv2d(x, w2, None, st, p.pad_mode.lower(), pad, dl, cin)


def _extract_image_patches(p, x):
    kh, kw = _pair(p.ksizes)
    sh, sw = _pair(p.strides)
    rh, rw = _pair(p.rates)
    pt = jax.lax.conv_general_dilated_patches(
        x, (kh, kw), (sh, sw), p.padding.upper(), rhs_dilation=(rh, rw),
        dimension_numbers=("NCHW", "OIHW", "NCHW"))
    n, _, oh, ow = pt.shape
    # lax orders the patch depth (C, kh, kw); MindSpore (like TF) orders it (kh, kw, C)
    pt = pt.reshape(n, x.shape[1], kh * kw, oh, ow)
    return jnp.swapaxes(pt, 1, 2).reshape(n, kh * kw * x.shape[1], oh, ow)


# ---- control flow ------------------------------------------------------------------------------
def _scan(p, loop_func, init, xs, length=None, reverse=False, unroll=True):
    return jax.lax.scan(loop_func, init, xs, length=length, reverse=reverse, unroll=unroll)


TABLE = [
    # ---- space/batch
    ("BatchToSpaceND", "block_shape, crops", lambda p, x: A.batch_to_space_nd(
        x, p.block_shape, p.crops)),
    ("SpaceToBatchND", "block_shape, paddings", lambda p, x: A.space_to_batch_nd(
        x, p.block_shape, p.paddings)),
    ("BatchToSpace", "block_size, crops", _batch_to_space),
    ("SpaceToBatch", "block_size, paddings", _space_to_batch),
    # ---- losses, distances
    ("CTCLoss", "preprocess_collapse_repeated=False, ctc_merge_repeated=True, "
     "ignore_longer_outputs_than_inputs=False", _ctc_loss),
    ("Cdist", "p=2.0", lambda q, x, y: LA.cdist(x, y, q.p)),
    ("Pdist", "p=2.0", lambda q, x: D.pdist(x, q.p)),
    # ---- linalg
    ("CholeskyInverse", "upper=False", lambda p, x: LA.cholesky_inverse(x, p.upper)),
    ("CholeskySolve", "upper=False", lambda p, x1, x2: LA.cholesky_solve(x1, x2, p.upper)),
    ("Lstsq", "fast=True, l2_regularizer=0.0", _lstsq),
    ("LuSolve", "", lambda p, b, lu, piv: LA.lu_solve(b, lu, piv)),
    ("LuUnpack", "unpack_data=True, unpack_pivots=True", lambda p, lu, piv: tuple(
        LA.lu_unpack(lu, piv, p.unpack_data, p.unpack_pivots))),
    ("Orgqr", "", lambda p, x, tau: LA.orgqr(x, tau)),
    ("Ormqr", "left=True, transpose=False", lambda p, x, tau, other: LA.ormqr(
        x, tau, other, p.left, p.transpose)),
    ("Renorm", "p, dim, maxnorm", lambda q, x: LA.renorm(x, q.p, q.dim, q.maxnorm)),
    ("MatrixSolveLs", "fast=True", _matrix_solve_ls),
    ("MatrixTriangularSolve", "lower=True, adjoint=False", _triangular_solve),
    ("NuclearNorm", "dim=None, keepdim=False", _nuclear_norm),
    ("ConjugateTranspose", "", lambda p, x, perm: jnp.conj(jnp.transpose(x, _shape(perm)))),
    # ---- diagonals
    ("MatrixDiagV3", "align='RIGHT_LEFT'", lambda p, x, k, num_rows, num_cols, padding_value:
     A.matrix_diag(x, k, int(unwrap(num_rows)), int(unwrap(num_cols)), padding_value,
                   p.align)),
    ("MatrixDiagPartV3", "align='RIGHT_LEFT'", lambda p, x, k, padding_value:
     A.matrix_diag_part(x, k, padding_value, p.align)),
    ("MatrixSetDiagV3", "align='RIGHT_LEFT'", lambda p, x, diagonal, k: A.matrix_set_diag(
        x, diagonal, k, p.align)),
    ("DiagPart", "", _diag_part),
    ("FillDiagonal", "fill_value, wrap=False", _fill_diagonal),
    # ---- reductions, statistics
    ("Median", "global_median=False, axis=0, keep_dims=False, ignore_nan=False", _median),
    ("Quantile", "dim=None, keep_dims=False, ignore_nan=False", _quantile),
    ("NthElement", "reverse=False", _nth_element),
    ("Histogram", "bins=100, min=0.0, max=0.0", lambda p, x: R.histc(x, p.bins, p.min,
                                                                      p.max)),
    ("HistogramFixedWidth", "nbins, dtype='int32'", _histogram_fixed_width),
    ("EqualCount", "", lambda p, x, y: jnp.sum(x == y).astype(x.dtype).reshape(1)),
    ("SegmentSum", *_segment(jax.ops.segment_sum)),
    ("SegmentMax", *_segment(_segment_extreme(jax.ops.segment_max))),
    ("SegmentMin", *_segment(_segment_extreme(jax.ops.segment_min))),
    ("SegmentMean", *_segment(_segment_mean)),
    ("SegmentProd", *_segment(_segment_prod)),
    # ---- indexing, scatter, unique
    ("Coalesce", "", lambda p, idx, vals, shape: tuple(A.coalesce(idx, vals, shape))),
    ("IndexFill", "", lambda p, x, dim, index, value: A.index_fill(x, int(unwrap(dim)), index,
                                                                   value)),
    ("InplaceIndexAdd", "axis", lambda p, var, indices, updates: S.inplace_index_add(
        var, indices, updates, p.axis)),
    ("IndexPut", "accumulate=0", _index_put),
    ("MaskedScatter", "", _masked_scatter),
    ("TensorScatterElements", "axis=0, reduction='none'", lambda p, data, indices, updates:
     A.tensor_scatter_elements(data, indices, updates, p.axis, p.reduction)),
    ("ScatterAddWithAxis", "axis=0", lambda p, x, indices, updates:
     A.tensor_scatter_elements(x, indices, updates, p.axis, "add")),
    ("UniqueConsecutive", "return_idx=False, return_counts=False, axis=None",
     _unique_consecutive),
    ("UniqueWithPad", "", _unique_with_pad),
    ("SparseToDense", "", _sparse_to_dense),
    ("UnravelIndex", "", _unravel_index),
    ("EmbeddingLookup", "", _embedding_lookup),
    ("SparseGatherV2", "", lambda p, params, indices, axis: jnp.take(
        params, jnp.asarray(indices), axis=int(unwrap(axis)))),
    ("MoveTo", "", lambda p, x, to="CPU", blocking=True: jnp.asarray(x)),
    ("LerpScalar", "", lambda p, x, end, weight: x + unwrap(weight) * (end - x)),
    ("Partial", "", lambda p, fn, *args: M.partial(fn, *args)),
    # ---- images, convolutions
    ("RGBToHSV", "", _rgb_to_hsv),
    ("HSVToRGB", "", _hsv_to_rgb),
    ("Im2Col", "ksizes, strides=1, dilations=1, pads=0", _im2col),
    ("DepthwiseConv2dNative", "channel_multiplier, kernel_size, mode=3, pad_mode='valid', "
     "pad=0, stride=1, dilation=1, group=1", _depthwise_conv),
    ("ExtractImagePatches", "ksizes, strides, rates, padding='valid'", _extract_image_patches),
    # ---- control flow over lax
    ("ForiLoop", "", lambda p, lower, upper, loop_func, init_val: jax.lax.fori_loop(
        lower, upper, loop_func, init_val)),
    ("WhileLoop", "", lambda p, cond_func, loop_func, init_val: jax.lax.while_loop(
        cond_func, loop_func, init_val)),
    ("Scan", "", _scan),
]
