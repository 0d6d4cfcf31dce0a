"""Primitive classes for math with attributes, reductions, sorting, statistics and linalg."""

from typing import cast

import jax
import jax.numpy as jnp
import jax.scipy.special as jss

from ...common import cpu_matmul
from ...common import dtype as mstype
from ...common.args import norm_axis
from ...common.tensor import canonical_dtype, unwrap
from ...context import mindspore_dtype_checks
from .. import func_decompositions as DEC
from .. import func_distance as D
from .. import func_factorizations as FAC
from .. import func_limits as LIM
from .. import func_linalg as LA
from .. import func_norms as NM
from .. import func_sorting as SO
from .. import func_statistics as STAT
from .._amp_auto import low_precision
from ._common import shape_arg, sig
from .operand_checks import lp_norm, square_sum_all

__all__ = ["TABLE"]


def _arg_with_value(fn):
    def call(p, x):
        idx = fn(x, axis=p.axis, keepdims=p.keep_dims).astype(jnp.int64)  # as MindSpore's
        val = jnp.take_along_axis(x, jnp.expand_dims(fn(x, axis=p.axis), p.axis), axis=p.axis)
        return idx, val if p.keep_dims else jnp.squeeze(val, p.axis)

    return (sig(axis=0, keep_dims=False), call)


def _cum(fn, ident, name=None):
    def call(p, x, axis):
        axis = int(unwrap(axis))
        if name and x.dtype == jnp.bool_ and mindspore_dtype_checks():
            raise TypeError(f"{name}: `x` must be a number tensor, got bool")
        if p.reverse:
            x = jnp.flip(x, axis)
        y = fn(x, axis=axis)
        if p.exclusive:
            y = jnp.concatenate(
                [
                    jnp.full_like(jax.lax.slice_in_dim(y, 0, 1, axis=axis), ident),
                    jax.lax.slice_in_dim(y, 0, -1, axis=axis),
                ],
                axis=axis,
            )
        return jnp.flip(y, axis) if p.reverse else y

    return (sig(exclusive=False, reverse=False), call)


def _cumext(op, index_dtype):
    def call(p, x):
        axis = cast(int, norm_axis(p.axis, x.ndim))  # (lax's scans refuse negative axes)
        vals = op(x, axis=axis)
        pos = jnp.arange(x.shape[axis]).reshape((-1,) + (1,) * (x.ndim - 1 - axis))
        hit = jnp.where(x == vals, pos, -1)
        return vals, jax.lax.cummax(hit, axis=axis).astype(index_dtype)

    return (sig("axis"), call)


def _topk(p, x, k):
    k = int(unwrap(k))
    if not p.sorted:
        # the CPU kernel's unsorted partition order (a whole row stays in its own order)
        return SO.unsorted_topk(x, k)
    if SO.kernel_tie_order():  # equal values in MindSpore's CPU kernel's order
        return SO.kernel_sorted_topk(x, k)
    v, i = jax.lax.top_k(x, k)
    return v, i.astype(jnp.int32)


def _cross(p, x, y):
    dim = p.dim
    if dim == -65530:  # MindSpore's "unset": the first dimension of size 3
        shape = jnp.broadcast_shapes(jnp.shape(x), jnp.shape(y))
        dim = next((i for i, n in enumerate(shape) if n == 3), None)
        if dim is None:
            raise ValueError(f"Cross: no dimension of size 3 in the inputs' shape {shape}")
    return jnp.cross(x, y, axis=dim)


def _search_sorted(p, seq, values, sorter=None):
    if sorter is not None:  # `seq` is unsorted; `sorter` holds the order that sorts it
        seq = jnp.take_along_axis(seq, jnp.asarray(sorter), axis=-1)
    return jnp.vectorize(
        lambda s, v: jnp.searchsorted(s, v, side="right" if p.right else "left"),
        signature="(n),(m)->(m)",
    )(seq, values).astype(canonical_dtype(p.dtype))


def _sort(p, x):
    i = jnp.argsort(-x if p.descending else x, axis=p.axis, stable=True)
    return jnp.take_along_axis(x, i, axis=p.axis), i.astype(jnp.int32)


def _batch_matmul(p, x, y):
    x, y = low_precision(x, y)  # mixed precision's "auto" level
    if p.transpose_a:
        x = jnp.swapaxes(x, -1, -2)
    if p.transpose_b:
        y = jnp.swapaxes(y, -1, -2)
    return jnp.matmul(x, y)


def _matmul(p, x, y):
    # MindSpore's MatMul refuses operands of two dtypes rather than promoting them (in
    # MindSpore programs: msfunc.context.mindspore_dtype_checks).
    if x.dtype != y.dtype and mindspore_dtype_checks():
        raise TypeError(f"MatMul: `x` and `y` must have one dtype, got {x.dtype} and {y.dtype}")
    x, y = low_precision(x, y)  # mixed precision's "auto" level
    if cpu_matmul.applies(x, y):
        return cpu_matmul.matmul(x, y, p.transpose_a, p.transpose_b)
    return _batch_matmul(p, x, y)


def _l2_normalize(p, x):
    n = jnp.sqrt(jnp.maximum(jnp.sum(jnp.square(x), axis=p.axis, keepdims=True), p.epsilon))
    return x / n


def _einsum(p, operands):
    return jnp.einsum(p.equation, *operands)


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
    out = (
        _normal_equations(x, b, p.l2_regularizer) if p.fast or p.l2_regularizer else DEC.lstsq(x, b)
    )
    return out[:, 0] if vec else out


def _matrix_solve_ls(p, matrix, rhs, l2):
    l2 = jnp.asarray(unwrap(l2), matrix.dtype)
    if p.fast:
        return _normal_equations(matrix, rhs, l2)
    return jax.vmap(DEC.lstsq)(
        matrix.reshape((-1,) + matrix.shape[-2:]), rhs.reshape((-1,) + rhs.shape[-2:])
    ).reshape(matrix.shape[:-2] + (matrix.shape[-1], rhs.shape[-1]))


def _triangular_solve(p, matrix, rhs):
    return jax.lax.linalg.triangular_solve(
        matrix, rhs, left_side=True, lower=p.lower, transpose_a=p.adjoint, conjugate_a=p.adjoint
    )


def _nuclear_norm(p, x):
    dim = (-2, -1) if p.dim is None else tuple(p.dim)
    y = jnp.moveaxis(x, dim, (-2, -1))
    s = jnp.sum(jnp.linalg.svd(y, compute_uv=False), -1)
    if p.keepdim:
        for d in sorted(a % x.ndim for a in dim):
            s = jnp.expand_dims(s, d)
    return s


def _median(p, x):
    median = STAT.nanmedian if p.ignore_nan else STAT.median
    if p.global_median:
        return median(jnp.reshape(x, -1), 0)
    return median(x, p.axis, p.keep_dims)


def _quantile(p, x, q):
    fn = STAT.nanquantile if p.ignore_nan else STAT.quantile
    return fn(x, q, p.dim, p.keep_dims)


def _histogram_fixed_width(p, x, value_range):
    lo, hi = value_range[0], value_range[1]
    b = jnp.floor((x.reshape(-1) - lo) / (hi - lo) * p.nbins).astype(jnp.int32)
    b = jnp.clip(b, 0, p.nbins - 1)
    return jnp.zeros((p.nbins,), jnp.int32).at[b].add(1).astype(p.dtype)


def _eig(p, x):
    if p.compute_v:
        return tuple(jnp.linalg.eig(x))
    # MindSpore returns the pair either way, the vectors an empty tensor without compute_v
    values = jnp.linalg.eigvals(x)
    return values, jnp.zeros((0,), values.dtype)


def _nth_element(p, x, n):
    s = jnp.sort(x, axis=-1)
    if p.reverse:
        s = jnp.flip(s, -1)
    return s[..., int(unwrap(n))]


TABLE = [
    (
        "NanToNum",
        sig(nan=None, posinf=None, neginf=None),
        lambda p, x: jnp.nan_to_num(
            x, nan=0.0 if p.nan is None else p.nan, posinf=p.posinf, neginf=p.neginf
        ),
    ),
    ("Einsum", sig("equation"), _einsum),
    (
        "AddN",
        sig(),
        lambda p, *xs: sum((xs[0] if len(xs) == 1 else xs)[1:], (xs[0] if len(xs) == 1 else xs)[0]),
    ),
    (
        "AccumulateNV2",
        sig(),
        lambda p, *xs: sum((xs[0] if len(xs) == 1 else xs)[1:], (xs[0] if len(xs) == 1 else xs)[0]),
    ),
    ("MatMul", sig(transpose_a=False, transpose_b=False), _matmul),
    ("BatchMatMul", sig(transpose_a=False, transpose_b=False), _batch_matmul),
    ("Cross", sig(dim=-65530), _cross),
    (
        "IsClose",
        sig(rtol=1e-05, atol=1e-08, equal_nan=False),
        lambda p, x, y: jnp.isclose(x, y, p.rtol, p.atol, p.equal_nan),
    ),
    (
        "ApproximateEqual",
        sig(tolerance=1e-05),
        lambda p, x, y: LIM.approximate_equal(x, y, p.tolerance),
    ),
    ("Lerp", sig(), lambda p, x, end, weight: x + weight * (end - x)),
    ("Addcdiv", sig(), lambda p, x, t1, t2, value: x + value * t1 / t2),
    ("Addcmul", sig(), lambda p, x, t1, t2, value: x + value * t1 * t2),
    # (MindSpore's Betainc gradient is zero in a and b, as JAX has none there: x's only)
    (
        "Betainc",
        sig(),
        lambda p, a, b, x: jss.betainc(jax.lax.stop_gradient(a), jax.lax.stop_gradient(b), x),
    ),
    (
        "Logit",
        sig(eps=-1.0),
        lambda p, x: jss.logit(x if p.eps < 0 else jnp.clip(x, p.eps, 1 - p.eps)),
    ),
    ("Round", sig(), lambda p, x, decimals=0: jnp.round(x, decimals)),
    (
        "Argmax",
        sig(axis=-1, output_type=mstype.int32),
        lambda p, x: jnp.argmax(x, axis=p.axis).astype(canonical_dtype(p.output_type)),
    ),
    (
        "Argmin",
        sig(axis=-1, output_type=mstype.int32),
        lambda p, x: jnp.argmin(x, axis=p.axis).astype(canonical_dtype(p.output_type)),
    ),
    ("ArgMaxWithValue", *_arg_with_value(jnp.argmax)),
    ("ArgMinWithValue", *_arg_with_value(jnp.argmin)),
    ("CumSum", *_cum(jnp.cumsum, 0, "CumSum")),
    ("CumProd", *_cum(jnp.cumprod, 1)),
    ("CumulativeLogsumexp", *_cum(lambda x, axis: jax.lax.cumlogsumexp(x, axis=axis), -jnp.inf)),
    # MindSpore's kernels differ: Cummax's indices are int64, Cummin's int32
    ("Cummax", *_cumext(jax.lax.cummax, jnp.int64)),
    ("Cummin", *_cumext(jax.lax.cummin, jnp.int32)),
    (
        "ReduceStd",
        sig(axis=[], unbiased=True, keep_dims=False),
        lambda p, x: (
            jnp.std(x, norm_axis(p.axis, jnp.ndim(x)), ddof=int(p.unbiased), keepdims=p.keep_dims),
            jnp.mean(x, norm_axis(p.axis, jnp.ndim(x)), keepdims=p.keep_dims),
        ),
    ),
    (
        "EuclideanNorm",
        sig(keep_dims=False),
        lambda p, x, axes: jnp.sqrt(
            jnp.sum(jnp.square(x), norm_axis(axes, jnp.ndim(x)), keepdims=p.keep_dims)
        ),
    ),
    ("LpNorm", sig("axis", p=2, keep_dims=False, epsilon=1e-12), lp_norm),
    (
        "CountNonZero",
        sig(dims=None),
        lambda p, x: jnp.count_nonzero(x, axis=norm_axis(p.dims, jnp.ndim(x))),
    ),
    ("SquareSumAll", sig(), square_sum_all),
    ("L2Normalize", sig(axis=0, epsilon=0.0001), _l2_normalize),
    ("Sort", sig(axis=-1, descending=False), _sort),
    ("TopK", sig(sorted=True), _topk),
    (
        "InTopK",
        sig("k"),
        lambda p, x1, x2: jnp.sum(x1 > jnp.take_along_axis(x1, x2[:, None], 1), axis=1) < p.k,
    ),
    ("SearchSorted", sig(dtype=mstype.int64, right=False), _search_sorted),
    (
        "Bucketize",
        sig("boundaries"),
        lambda p, x: jnp.searchsorted(jnp.asarray(p.boundaries), x, side="right").astype(jnp.int32),
    ),
    (
        "LowerBound",
        sig(out_type=mstype.int32),
        lambda p, s, v: jax.vmap(lambda a, b: jnp.searchsorted(a, b, side="left"))(s, v).astype(
            canonical_dtype(p.out_type)
        ),
    ),
    (
        "UpperBound",
        sig(out_type=mstype.int32),
        lambda p, s, v: jax.vmap(lambda a, b: jnp.searchsorted(a, b, side="right"))(s, v).astype(
            canonical_dtype(p.out_type)
        ),
    ),
    (
        "Cholesky",
        sig(upper=False),
        lambda p, x: (
            jnp.swapaxes(jnp.linalg.cholesky(x), -1, -2).conj()
            if p.upper
            else jnp.linalg.cholesky(x)
        ),
    ),
    (
        "MatrixInverse",
        sig(adjoint=False),
        lambda p, x: jnp.linalg.inv(jnp.swapaxes(x, -1, -2).conj() if p.adjoint else x),
    ),
    ("MatrixPower", sig("n"), lambda p, x: jnp.linalg.matrix_power(x, p.n)),
    ("MatrixSolve", sig(adjoint=False), lambda p, a, b: DEC.matrix_solve(a, b, p.adjoint)),
    ("LogMatrixDeterminant", sig(), lambda p, x: tuple(jnp.linalg.slogdet(x))),
    (
        "Qr",
        sig(full_matrices=False),
        lambda p, x: tuple(jnp.linalg.qr(x, mode="complete" if p.full_matrices else "reduced")),
    ),
    (
        "Svd",
        sig(full_matrices=False, compute_uv=True),
        lambda p, x: DEC.svd(x, p.full_matrices, p.compute_uv),
    ),
    ("Eig", sig(compute_v=False), _eig),
    ("Mvlgamma", sig("p"), lambda q, x: jss.multigammaln(x, q.p)),
    (
        "Bincount",
        sig(),
        lambda p, x, size, weights: jnp.bincount(x, weights, length=int(unwrap(size))),
    ),
    ("Cdist", sig(p=2.0), lambda q, x, y: LA.cdist(x, y, q.p)),
    ("Pdist", sig(p=2.0), lambda q, x: D.pdist(x, q.p)),
    ("CholeskyInverse", sig(upper=False), lambda p, x: DEC.cholesky_inverse(x, p.upper)),
    ("CholeskySolve", sig(upper=False), lambda p, x1, x2: DEC.cholesky_solve(x1, x2, p.upper)),
    ("Lstsq", sig(fast=True, l2_regularizer=0.0), _lstsq),
    ("LuSolve", sig(), lambda p, b, lu, piv: FAC.lu_solve(b, lu, piv)),
    (
        "LuUnpack",
        sig(unpack_data=True, unpack_pivots=True),
        lambda p, lu, piv: tuple(FAC.lu_unpack(lu, piv, p.unpack_data, p.unpack_pivots)),
    ),
    ("Orgqr", sig(), lambda p, x, tau: FAC.orgqr(x, tau)),
    (
        "Ormqr",
        sig(left=True, transpose=False),
        lambda p, x, tau, other: FAC.ormqr(x, tau, other, p.left, p.transpose),
    ),
    ("Renorm", sig("p", "dim", "maxnorm"), lambda q, x: NM.renorm(x, q.p, q.dim, q.maxnorm)),
    ("MatrixSolveLs", sig(fast=True), _matrix_solve_ls),
    ("MatrixTriangularSolve", sig(lower=True, adjoint=False), _triangular_solve),
    ("NuclearNorm", sig(dim=None, keepdim=False), _nuclear_norm),
    ("ConjugateTranspose", sig(), lambda p, x, perm: jnp.conj(jnp.transpose(x, shape_arg(perm)))),
    ("Median", sig(global_median=False, axis=0, keep_dims=False, ignore_nan=False), _median),
    ("Quantile", sig(dim=None, keep_dims=False, ignore_nan=False), _quantile),
    ("NthElement", sig(reverse=False), _nth_element),
    (
        "Histogram",
        sig(bins=100, min=0.0, max=0.0),
        lambda p, x: STAT.histc(x, p.bins, p.min, p.max),
    ),
    ("HistogramFixedWidth", sig("nbins", dtype="int32"), _histogram_fixed_width),
    ("EqualCount", sig(), lambda p, x, y: jnp.sum(x == y).astype(x.dtype).reshape(1)),
    ("LerpScalar", sig(), lambda p, x, end, weight: x + unwrap(weight) * (end - x)),
]
