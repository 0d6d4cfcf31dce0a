"""MindSpore's CPU MatMul and BiasAdd in float32: its kernels' summation order, gradients too."""

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.interpreters import ad, batching, mlir

from .. import context
from .._jax_private import Primitive, core
from .promotion import X64

# MindSpore 2.10's CPU MatMul (float32) runs oneDNN's matmul. On an AVX-512 machine its
# kernels (told apart by oneDNN's verbose log, their orders found by comparing a grid of
# products bit for bit) add each output's products one at a time in the order of the
# contracted index, each step a fused multiply-add rounded to float32, except from 9 products
# on: a matrix times a column (`_column`), a few rows times a transposed matrix (`_few_rows`)
# and one row times a transposed matrix (`_one_row`) keep several running sums ("lanes") and
# add them at the end. XLA's dot adds in another order, so a float32 network's last bits
# differ from its first layer on, and an unstable run (a large Adam step) amplifies them.
# Past this depth oneDNN's kernels differ with the shape. Where `_depth_split` knows the
# order (probed on an AVX2 machine), the contraction runs in one or two blocks, each summed
# from zero in k order and the two added; elsewhere XLA's dot.
_MAX_DEPTH = 300
# oneDNN takes the column kernel for smaller matrices only (M * K below this, M at most that)
_LANES_SIZE, _LANES_ROWS = 50_000, 400
# up to this many rows times a transposed matrix take sixteen lanes
_FEW_ROWS = 12
_F32 = np.dtype(jnp.float32)


@functools.cache
def _on_cpu():
    return jax.default_backend() == "cpu" and X64


def applies(a, b):
    """Whether ``a @ b`` takes MindSpore's CPU MatMul numerics: two float32 matrices on JAX's
    CPU backend, in a MindSpore program (`context.mindspore_cpu_numerics`).

    Example:
        >>> from msfunc import context
        >>> on = context.mindspore_cpu_numerics()
        >>> x = jnp.ones((2, 2), jnp.float32)
        >>> applies(x, x) == (on and _on_cpu())
        True
    """
    return (
        context._MINDSPORE_CPU_NUMERICS[0]
        and getattr(a, "dtype", None) == _F32
        and getattr(b, "dtype", None) == _F32
        and jnp.ndim(a) == 2
        and jnp.ndim(b) == 2
        and _on_cpu()
    )


def compiled(fun, **jit_options):
    """`fun` compiled with `jax.jit`, also where `jax.disable_jit` is on: an eager L-BFGS
    (`msfunc.scipy.optimize.minimize`) runs under it, and there the loops below would run
    step by step in Python (a scan over 10,000 rows: minutes for one gradient).

    Example:
        >>> with jax.disable_jit():
        ...     float(compiled(lambda v: v * 2)(jnp.float32(3.0)))
        6.0
    """
    jitted = jax.jit(fun, **jit_options)

    @functools.wraps(fun)
    def run(*args, **kwargs):
        with jax.disable_jit(False):
            return jitted(*args, **kwargs)

    run.jitted = jitted  # pyright: ignore[reportAttributeAccessIssue]
    return run


def _fma(x, y, acc):
    # x*y + acc rounded once to float32: the float64 product of two float32 values is exact
    return (x * y + acc.astype(jnp.float64)).astype(jnp.float32)


def _sequential(x, y):
    """(..., M, K) @ (..., K, N): one running fused multiply-add per output, in k order."""
    xs = jnp.moveaxis(x.astype(jnp.float64), -1, 0)[..., :, None]  # (K, ..., M, 1)
    ys = jnp.moveaxis(y.astype(jnp.float64), -2, 0)[..., None, :]  # (K, ..., 1, N)
    acc = jnp.zeros(x.shape[:-1] + y.shape[-1:], jnp.float32)
    step = lambda acc, xy: (_fma(xy[0], xy[1], acc), None)
    return lax.scan(step, acc, (xs, ys), unroll=min(x.shape[-1], 8))[0]


def _halve(lanes, times):
    # lane i plus lane i + half, `times` times over (the last axis holds the lanes)
    for _ in range(times):
        half = lanes.shape[-1] // 2
        lanes = lanes[..., :half] + lanes[..., half:]
    return lanes


def _pairs(lanes):
    # adjacent lanes added, until one is left (x86's horizontal add)
    while lanes.shape[-1] > 1:
        lanes = lanes[..., 0::2] + lanes[..., 1::2]
    return lanes[..., 0]


def _lane_sums(x, y, count, depth=None):
    """(..., M, K) @ (..., K, N) as `count` running sums per output over the first `depth`
    products (product k in lane k % count): (..., M, N, count) float32 lanes."""
    depth = x.shape[-1] if depth is None else depth
    pad = -depth % count
    x = jnp.pad(x[..., :depth], [(0, 0)] * (x.ndim - 1) + [(0, pad)]).astype(jnp.float64)
    y = jnp.pad(y[..., :depth, :], [(0, 0)] * (y.ndim - 2) + [(0, pad), (0, 0)])
    blocks = (depth + pad) // count
    xs = jnp.moveaxis(x.reshape(x.shape[:-1] + (blocks, count)), -2, 0)[..., :, None, :]
    y = jnp.swapaxes(y.astype(jnp.float64), -1, -2)  # (..., N, K)
    ys = jnp.moveaxis(y.reshape(y.shape[:-1] + (blocks, count)), -2, 0)[..., None, :, :]
    acc = jnp.zeros(x.shape[:-1] + y.shape[-2:-1] + (count,), jnp.float32)
    step = lambda acc, xy: (_fma(xy[0], xy[1], acc), None)
    return lax.scan(step, acc, (xs, ys), unroll=min(blocks, 8))[0]


def _column(x, y):
    """A matrix times a column: eight lanes, each lane i added to lane i + 4, then pairs."""
    return _pairs(_halve(_lane_sums(x, y, 8), 1))


def _few_rows(x, y):
    """A few rows times a transposed matrix: sixteen lanes, halved four times."""
    return _halve(_lane_sums(x, y, 16), 4)[..., 0]


def _reduce8(lanes):
    # pairs, then the two halves, then the last pair (hadd, cross-half add, hadd)
    pairs = lanes[..., 0::2] + lanes[..., 1::2]  # (l0+l1, l2+l3, l4+l5, l6+l7)
    halves = pairs[..., :2] + pairs[..., 2:]
    return halves[..., 0] + halves[..., 1]


def _one_row(x, y):
    """One row times a transposed matrix (oneDNN's gemv): eight lanes over each whole
    16-product chunk, reduced and added to the output; then the remaining 8, 4, 2, 1
    products, each group rounded, reduced and added in turn."""
    k = x.shape[-1]
    whole = k - k % 16
    out = jnp.zeros(x.shape[:-1] + y.shape[-1:], jnp.float32)
    if whole:
        out = out + _reduce8(_lane_sums(x, y, 8, whole))
    start = whole
    for size in (8, 4, 2, 1):
        if (k - whole) & size:
            # each product rounded by itself: reduce_precision rounds the exact float64
            # product where a plain float32 product would be fused (XLA's CPU code contracts a
            # multiply and the add after it into one fused multiply-add)
            part = x[..., start : start + size, None].astype(jnp.float64)
            part = part * y[..., None, start : start + size, :]
            part = lax.reduce_precision(part, exponent_bits=8, mantissa_bits=23)
            part = part.astype(jnp.float32)
            lanes = jnp.moveaxis(part, -2, -1)  # (..., M, N, size)
            lanes = jnp.pad(lanes, [(0, 0)] * (lanes.ndim - 1) + [(0, 8 - size)])
            out = out + _reduce8(lanes)
            start += size
    return out


def _depth_split(m, k, transpose_a):
    """Where oneDNN splits a deep contraction of m >= 16 rows: the first block's length (k:
    one block), None where the order is not known. Probed on an AVX2 machine for m from 16
    to 512 and k to 2048 (a 1024-deep transposed-A product takes other blocks)."""
    if m < 16:
        return None
    half = -(-k // 2)
    if k <= 384:
        return k
    if k <= 512:
        return half if m <= 96 else k
    if k <= 768:
        return half if m <= 96 else (512 if m >= 128 else None)
    if k <= 1024:
        return 512 if m >= 64 else None
    if k <= 2048 and not transpose_a:
        return 1024 if m >= 48 else None
    return None


def _two_blocks(first):
    """A product summed in two blocks of the contraction, split at `first`, then added."""

    def kernel(x, y):
        head = _sequential(x[..., :first], y[..., :first, :])
        return head + _sequential(x[..., first:], y[..., first:, :])

    return kernel


def _kernel(m, k, n, transpose_a, transpose_b):
    """The summation order oneDNN's matmul takes for an (m, k) @ (k, n) product with these
    transposition flags (None: not reproduced)."""
    if k > _MAX_DEPTH:
        first = _depth_split(m, k, transpose_a) if n > 1 else None
        if first is None:
            return None
        return _sequential if first == k else _two_blocks(first)
    if k <= 8:
        return _sequential
    if n == 1:
        small = (not transpose_a or m == 1) and m * k < _LANES_SIZE and m <= _LANES_ROWS
        return _column if small else _sequential
    if transpose_b and not transpose_a:
        if m == 1:
            return _one_row
        if m <= _FEW_ROWS:
            return _few_rows
    return _sequential


def _values(a, b, *, transpose_a, transpose_b):
    x = jnp.swapaxes(a, -1, -2) if transpose_a else a
    y = jnp.swapaxes(b, -1, -2) if transpose_b else b
    m, k, n = x.shape[-2], x.shape[-1], y.shape[-1]
    kernel = _kernel(m, k, n, transpose_a, transpose_b)
    if kernel is None or k == 0:
        return jnp.matmul(x, y, precision=lax.Precision.HIGHEST)
    return kernel(x, y)


def _abstract(a, b, *, transpose_a, transpose_b):
    m = a.shape[-1] if transpose_a else a.shape[-2]
    n = b.shape[-2] if transpose_b else b.shape[-1]
    return core.ShapedArray(a.shape[:-2] + (m, n), a.dtype)


# MatMul as a primitive of its own, bilinear: its JVP is MatMul again, and its transpose is
# the two MatMuls MindSpore's gradient of MatMul runs (operands and transposition flags as
# its bprop passes them, which decide each product's kernel above), so first and second
# derivatives sum in MindSpore's order.
_matmul_p = Primitive("msfunc_cpu_matmul")
_matmul_p.def_impl(compiled(_values, static_argnames=("transpose_a", "transpose_b")))
_matmul_p.def_abstract_eval(_abstract)
mlir.register_lowering(_matmul_p, mlir.lower_fun(_values, multiple_results=False))


def _jvp(primals, tangents, *, transpose_a, transpose_b):
    (a, b), (ta, tb) = primals, tangents
    flags = {"transpose_a": transpose_a, "transpose_b": transpose_b}
    out = _matmul_p.bind(a, b, **flags)
    terms = []
    if type(ta) is not ad.Zero:
        terms.append(_matmul_p.bind(ta, b, **flags))
    if type(tb) is not ad.Zero:
        terms.append(_matmul_p.bind(a, tb, **flags))
    if not terms:
        return out, jnp.zeros_like(out)
    return out, terms[0] if len(terms) == 1 else terms[0] + terms[1]


def _grad_a(g, b, ta, tb):
    # d(op(a) @ op(b)) / da for stored a: (M, K) or, transposed, (K, M)
    if ta:
        return _matmul_p.bind(b, g, transpose_a=tb, transpose_b=True)
    return _matmul_p.bind(g, b, transpose_a=False, transpose_b=not tb)


def _grad_b(g, a, ta, tb):
    # d(op(a) @ op(b)) / db for stored b: (K, N) or, transposed, (N, K)
    if tb:
        return _matmul_p.bind(g, a, transpose_a=True, transpose_b=ta)
    return _matmul_p.bind(a, g, transpose_a=not ta, transpose_b=False)


def _transpose(ct, a, b, *, transpose_a, transpose_b):
    if ad.is_undefined_primal(a) and ad.is_undefined_primal(b):
        raise NotImplementedError("MatMul is linear in one operand at a time")
    if ad.is_undefined_primal(a):
        if type(ct) is ad.Zero:
            return ad.Zero(a.aval), None
        return _grad_a(ct, b, transpose_a, transpose_b), None
    if type(ct) is ad.Zero:
        return None, ad.Zero(b.aval)
    return None, _grad_b(ct, a, transpose_a, transpose_b)


def _batch(args, dims, *, transpose_a, transpose_b):
    size = next(x.shape[d] for x, d in zip(args, dims) if d is not None)
    a, b = (
        jnp.broadcast_to(x, (size,) + x.shape) if d is None else jnp.moveaxis(x, d, 0)
        for x, d in zip(args, dims)
    )
    return _matmul_p.bind(a, b, transpose_a=transpose_a, transpose_b=transpose_b), 0


ad.primitive_jvps[_matmul_p] = _jvp
ad.primitive_transposes[_matmul_p] = _transpose
batching.primitive_batchers[_matmul_p] = _batch


def matmul(a, b, transpose_a=False, transpose_b=False):
    """``op(a) @ op(b)`` of two float32 matrices (`op` transposes where its flag says) as
    MindSpore's CPU MatMul sums it; differentiable to any order, each derivative MindSpore's.

    Example:
        >>> a = jnp.array([[1.0, 2.0]], jnp.float32)
        >>> matmul(a, a, transpose_b=True).tolist()
        [[5.0]]
    """
    a, b = jnp.asarray(a), jnp.asarray(b)
    k_a = a.shape[-2] if transpose_a else a.shape[-1]
    k_b = b.shape[-1] if transpose_b else b.shape[-2]
    if k_a != k_b:
        # JAX's own sentence for this, so the callers' shape-error mapping (shape_errors)
        # gives each of them MindSpore's exception type, as without this kernel
        raise TypeError(
            "dot_general requires contracting dimensions to have the same shape, "
            f"got ({k_a},) and ({k_b},)."
        )
    return _matmul_p.bind(a, b, transpose_a=bool(transpose_a), transpose_b=bool(transpose_b))


def _sum_rows(g):
    rows = jnp.moveaxis(g, -2, 0)
    step = lambda acc, row: (acc + row, None)
    return lax.scan(step, rows[0], rows[1:], unroll=8)[0]


# compiled once per shape: an eager backward pass (PyNative) would trace and compile the
# scan's new step function on every call
_sum_rows_compiled = compiled(_sum_rows)


# MindSpore's BiasAddGrad (the bias' gradient) adds the rows of a (N, C) gradient one after
# another in row order; the transpose of a broadcasting add is XLA's reduction, in another order.
def sum_rows(g):
    """The rows of (..., N, C) `g` added one after another, in row order (BiasAddGrad).

    Example:
        >>> sum_rows(jnp.array([[1.0, 2.0], [3.0, 4.0]], jnp.float32)).tolist()
        [4.0, 6.0]
    """
    return _sum_rows_compiled(g)


_bias_add_p = Primitive("msfunc_cpu_bias_add")
_bias_add_p.def_impl(lambda y, b: y + jnp.expand_dims(b, -2))
_bias_add_p.def_abstract_eval(lambda y, b: core.ShapedArray(y.shape, y.dtype))
mlir.register_lowering(
    _bias_add_p, mlir.lower_fun(lambda y, b: y + jnp.expand_dims(b, -2), multiple_results=False)
)


def _bias_add_jvp(primals, tangents):
    (y, b), (ty, tb) = primals, tangents
    out = _bias_add_p.bind(y, b)
    if type(tb) is ad.Zero:
        return out, ty
    ty = jnp.zeros_like(y) if type(ty) is ad.Zero else ty
    return out, _bias_add_p.bind(ty, tb)


def _bias_add_transpose(ct, y, b):
    zero = type(ct) is ad.Zero
    ct_y = (ad.Zero(y.aval) if zero else ct) if ad.is_undefined_primal(y) else None
    ct_b = None
    if ad.is_undefined_primal(b):
        ct_b = ad.Zero(b.aval) if zero or ct.shape[-2] == 0 else sum_rows(ct)
    return ct_y, ct_b


def _bias_add_batch(args, dims):
    (y, b), (dy, db) = args, dims
    size = y.shape[dy] if dy is not None else b.shape[db]
    y = jnp.broadcast_to(y, (size,) + y.shape) if dy is None else jnp.moveaxis(y, dy, 0)
    b = jnp.broadcast_to(b, (size,) + b.shape) if db is None else jnp.moveaxis(b, db, 0)
    return _bias_add_p.bind(y, b), 0


ad.primitive_jvps[_bias_add_p] = _bias_add_jvp
ad.primitive_transposes[_bias_add_p] = _bias_add_transpose
batching.primitive_batchers[_bias_add_p] = _bias_add_batch


def bias_add_applies(y, b):
    """Whether ``y + b`` (a (N, C) float32 matrix plus a (C,) bias) takes MindSpore's CPU
    BiasAdd numerics: its gradient for `b` adds the rows in order.

    Example:
        >>> from msfunc import context
        >>> y, b = jnp.ones((3, 2), jnp.float32), jnp.ones(2, jnp.float32)
        >>> bias_add_applies(y, b) == (context.mindspore_cpu_numerics() and _on_cpu())
        True
    """
    return (
        context._MINDSPORE_CPU_NUMERICS[0]
        and getattr(y, "dtype", None) == _F32
        and getattr(b, "dtype", None) == _F32
        and jnp.ndim(y) == 2
        and jnp.ndim(b) == 1
        and jnp.shape(y)[1] == jnp.shape(b)[0]
        and _on_cpu()
    )


def bias_add(y, b):
    """``y + b`` for a (N, C) float32 `y` and a (C,) bias, whose gradient for `b` sums the
    rows of the incoming gradient in order, as MindSpore's CPU BiasAddGrad does.

    Example:
        >>> g = jax.grad(lambda b: bias_add(jnp.ones((3, 2), jnp.float32), b).sum())
        >>> g(jnp.zeros(2, jnp.float32)).tolist()
        [3.0, 3.0]
    """
    return _bias_add_p.bind(jnp.asarray(y), jnp.asarray(b))
