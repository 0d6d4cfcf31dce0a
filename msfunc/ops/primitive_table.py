"""The declarative table the primitive classes are generated from.

Each row is ``(class name, constructor signature with MindSpore's defaults, call)``; the call
receives the primitive (its constructor attributes) and MindSpore's call arguments. Targets owned
by other ops modules are named as dotted strings and resolved on first use, with a jnp fallback.
"""

import importlib

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np

from ..common import dtype as mstype
from ..common.parameter import Parameter, unwrap
from ..common.seed import next_key
from ..common.tensor import canonical_dtype
from . import func_conv as C
from . import func_fft as FF
from . import func_linalg as LA
from . import func_loss as L
from . import func_nn as N
from . import func_random as R
from . import func_vision as V

__all__ = ["TABLE", "target"]


def _matrix_log(x):
    """Principal matrix logarithm by eigendecomposition (CPU; complex result)."""
    w, v = jnp.linalg.eig(x)
    return v @ (jnp.log(w)[..., None] * jnp.linalg.inv(v))


def target(path, fallback=None):
    """A callable resolving ``msfunc.ops.<module>.<name>`` on first call, else `fallback`."""
    cache = []

    def call(*args, **kwargs):
        if not cache:
            mod, name = path.rsplit(".", 1)
            fn = None
            try:
                fn = getattr(importlib.import_module(f"msfunc.ops.{mod}"), name, None)
            except ImportError:
                fn = None
            fn = fn or fallback
            if fn is None:
                raise NotImplementedError(f"msfunc.ops.{path} is not available")
            cache.append(fn)
        return cache[0](*args, **kwargs)

    call.__name__ = path
    return call


T = target


def _ax(axis):
    """MindSpore's reduction axis: () or None means all axes."""
    axis = unwrap(axis)
    if axis is None or (isinstance(axis, (tuple, list)) and len(axis) == 0):
        return None
    if isinstance(axis, (jax.Array, np.ndarray)):
        axis = np.asarray(axis).tolist()
    return tuple(axis) if isinstance(axis, list) else axis


def _dt(d):
    return canonical_dtype(d)


def _shape(s):
    s = unwrap(s)
    if isinstance(s, (jax.Array, np.ndarray)):
        return tuple(int(v) for v in np.asarray(s).reshape(-1))
    return (s,) if isinstance(s, int) else tuple(s)


def _write(var, value):
    if isinstance(var, Parameter):
        var.set_data(jnp.asarray(value, unwrap(var).dtype))
        return var
    return value


def _unary(path, fb):
    return ("", lambda p, x: T(path, fb)(x))


def _binary(path, fb):
    return ("", lambda p, x, y: T(path, fb)(x, y))


UNARY = {
    "Abs": ("func_math.abs", jnp.abs), "ACos": ("func_math.acos", jnp.arccos),
    "Acosh": ("func_math.acosh", jnp.arccosh), "Asin": ("func_math.asin", jnp.arcsin),
    "Asinh": ("func_math.asinh", jnp.arcsinh), "Atan": ("func_math.atan", jnp.arctan),
    "Atanh": ("func_math.atanh", jnp.arctanh), "Ceil": ("func_math.ceil", jnp.ceil),
    "Cos": ("func_math.cos", jnp.cos), "Cosh": ("func_math.cosh", jnp.cosh),
    "Erf": ("func_math.erf", jss.erf), "Erfc": ("func_math.erfc", jss.erfc),
    "Erfinv": ("func_math.erfinv", jss.erfinv), "Exp": ("func_math.exp", jnp.exp),
    "Expm1": ("func_math.expm1", jnp.expm1), "Floor": ("func_math.floor", jnp.floor),
    "Log": ("func_math.log", jnp.log), "Log1p": ("func_math.log1p", jnp.log1p),
    "Neg": ("func_math.neg", jnp.negative), "Reciprocal": ("func_math.reciprocal", jnp.reciprocal),
    "Rsqrt": ("func_math.rsqrt", jax.lax.rsqrt), "Sign": ("func_math.sign", jnp.sign),
    "Sin": ("func_math.sin", jnp.sin), "Sinc": ("func_math.sinc", jnp.sinc),
    "Sinh": ("func_math.sinh", jnp.sinh), "Sqrt": ("func_math.sqrt", jnp.sqrt),
    "Square": ("func_math.square", jnp.square), "Tan": ("func_math.tan", jnp.tan),
    "Tanh": ("func_math.tanh", jnp.tanh), "Trunc": ("func_math.trunc", jnp.trunc),
    "Rint": ("func_math.rint", jnp.rint), "Real": ("func_math.real", jnp.real),
    "Imag": ("func_math.imag", jnp.imag), "Conj": ("func_math.conj", jnp.conj),
    "Angle": ("func_math.angle", jnp.angle), "Digamma": ("func_math.digamma", jss.digamma),
    "Lgamma": ("func_math.lgamma", jss.gammaln), "Inv": ("func_math.inv", jnp.reciprocal),
    "Invert": ("func_math.invert", jnp.invert), "IsFinite": ("func_math.isfinite", jnp.isfinite),
    "IsInf": ("func_math.isinf", jnp.isinf), "IsNan": ("func_math.isnan", jnp.isnan),
    "LogicalNot": ("func_math.logical_not", jnp.logical_not),
    "BesselI0": ("func_math.bessel_i0", jss.i0), "BesselI0e": ("func_math.bessel_i0e", jss.i0e),
    "BesselI1": ("func_math.bessel_i1", jss.i1), "BesselI1e": ("func_math.bessel_i1e", jss.i1e),
    "BesselJ0": ("func_math.bessel_j0", None), "BesselJ1": ("func_math.bessel_j1", None),
    "BesselK0": ("func_math.bessel_k0", None), "BesselK0e": ("func_math.bessel_k0e", None),
    "BesselK1": ("func_math.bessel_k1", None), "BesselK1e": ("func_math.bessel_k1e", None),
    "BesselY0": ("func_math.bessel_y0", None), "BesselY1": ("func_math.bessel_y1", None),
    "ComplexAbs": ("func_math.abs", jnp.abs),
    "PopulationCount": ("func_math.population_count", jax.lax.population_count),
    "ZerosLike": ("func_create.zeros_like", jnp.zeros_like),
    "OnesLike": ("func_create.ones_like", jnp.ones_like),
    "MatrixDeterminant": ("func_linalg.det", jnp.linalg.det),
    "MatrixExp": ("func_linalg.matrix_exp", jax.scipy.linalg.expm),
    "Diag": ("func_array.diag", jnp.diag), "Trace": ("func_math.trace", jnp.trace),
    "NonZero": ("func_array.nonzero", lambda x: jnp.stack(jnp.nonzero(x), -1)),
    "Geqrf": ("func_linalg.geqrf", None),
    "MatrixLogarithm": ("func_linalg.matrix_log", _matrix_log),
    # activations (helper B)
    "ReLU": ("func_nn.relu", N.relu), "ReLU6": ("func_nn.relu6", N.relu6),
    "Sigmoid": ("func_nn.sigmoid", N.sigmoid), "Mish": ("func_nn.mish", N.mish),
    "Softsign": ("func_nn.softsign", N.softsign), "SeLU": ("func_nn.selu", N.selu),
    "HSwish": ("func_nn.hardswish", N.hardswish), "HSigmoid": ("func_nn.hardsigmoid",
                                                             N.hardsigmoid),
    "FastGeLU": ("func_nn.fast_gelu", N.fast_gelu), "FastGelu": ("func_nn.fast_gelu",
                                                                 N.fast_gelu),
    "GeLU": ("func_nn.gelu", N.gelu), "Gelu": ("func_nn.gelu", N.gelu),
    "Softplus": ("func_nn.softplus", N.softplus),
}

BINARY = {
    "Add": ("func_math.add", jnp.add), "TensorAdd": ("func_math.add", jnp.add),
    "Sub": ("func_math.sub", jnp.subtract), "Mul": ("func_math.mul", jnp.multiply),
    "Div": ("func_math.div", jnp.true_divide), "RealDiv": ("func_math.div", jnp.true_divide),
    "FloorDiv": ("func_math.floor_div", jnp.floor_divide),
    "FloorMod": ("func_math.floor_mod", jnp.mod), "Mod": ("func_math.fmod", jnp.fmod),
    "TruncateDiv": ("func_math.truncate_div", lambda x, y: jnp.trunc(x / y).astype(
        jnp.result_type(x, y))),
    "TruncateMod": ("func_math.truncate_mod", jnp.fmod),
    "Pow": ("func_math.pow", jnp.power), "Maximum": ("func_math.maximum", jnp.maximum),
    "Minimum": ("func_math.minimum", jnp.minimum), "Equal": ("func_math.equal", jnp.equal),
    "NotEqual": ("func_math.not_equal", jnp.not_equal),
    "Greater": ("func_math.greater", jnp.greater),
    "GreaterEqual": ("func_math.greater_equal", jnp.greater_equal),
    "Less": ("func_math.less", jnp.less), "LessEqual": ("func_math.less_equal", jnp.less_equal),
    "LogicalAnd": ("func_math.logical_and", jnp.logical_and),
    "LogicalOr": ("func_math.logical_or", jnp.logical_or),
    "LogicalXor": ("func_math.logical_xor", jnp.logical_xor),
    "BitwiseAnd": ("func_math.bitwise_and", jnp.bitwise_and),
    "BitwiseOr": ("func_math.bitwise_or", jnp.bitwise_or),
    "BitwiseXor": ("func_math.bitwise_xor", jnp.bitwise_xor),
    "LeftShift": ("func_math.bitwise_left_shift", jnp.left_shift),
    "RightShift": ("func_math.bitwise_right_shift", jnp.right_shift),
    "Atan2": ("func_math.atan2", jnp.arctan2), "Xdivy": ("func_math.xdivy", None),
    "Xlogy": ("func_math.xlogy", jss.xlogy), "Hypot": ("func_math.hypot", jnp.hypot),
    "Heaviside": ("func_math.heaviside", jnp.heaviside), "Gcd": ("func_math.gcd", jnp.gcd),
    "Lcm": ("func_math.lcm", jnp.lcm), "NextAfter": ("func_math.nextafter", jnp.nextafter),
    "Igamma": ("func_math.igamma", jss.gammainc), "Igammac": ("func_math.igammac",
                                                            jss.gammaincc),
    "Zeta": ("func_math.zeta", jss.zeta), "Polygamma": ("func_math.polygamma", jss.polygamma),
    "Fmax": ("func_math.fmax", jnp.fmax), "Fmin": ("func_math.fmin", jnp.fmin),
    "Polar": ("func_math.polar", lambda a, t: a * jnp.exp(1j * t)),
    "Complex": ("func_math.complex", jax.lax.complex),
    "Ger": ("func_linalg.ger", jnp.outer),
    "DivNoNan": ("func_math.div_no_nan", lambda x, y: jnp.where(y == 0, 0, x / jnp.where(
        y == 0, 1, y))),
    "MulNoNan": ("func_math.mul_no_nan", lambda x, y: jnp.where(y == 0, 0, x * y)),
    "SquaredDifference": ("func_math.squared_difference", lambda x, y: jnp.square(x - y)),
    "GatherNd": ("func_array.gather_nd", lambda x, i: x[tuple(jnp.moveaxis(i, -1, 0))]),
    "PReLU": ("func_nn.prelu", N.prelu),
    "MaskedSelect": ("func_array.masked_select", lambda x, m: x[jnp.broadcast_to(m, x.shape)]),
    "IsClose": None, "Reshape": ("func_array.reshape", lambda x, s: jnp.reshape(x, _shape(s))),
    "Tile": ("func_array.tile", lambda x, m: jnp.tile(x, _shape(m))),
    "Expand": ("func_array.broadcast_to", lambda x, s: jnp.broadcast_to(x, _shape(s))),
}
BINARY.pop("IsClose")


def _reduce(path, fb):
    def call(p, x, axis=()):
        return T(path, fb)(x, _ax(axis), p.keep_dims)
    return ("keep_dims=False", call)


def _sum(x, dim=None, keepdim=False):
    return jnp.sum(x, axis=dim, keepdims=keepdim)


def _jreduce(fn):
    return lambda x, dim=None, keepdim=False: fn(x, axis=dim, keepdims=keepdim)


REDUCE = {
    "ReduceSum": ("func_reduce.sum", _sum), "ReduceMean": ("func_reduce.mean",
                                                           _jreduce(jnp.mean)),
    "ReduceMax": ("func_reduce.amax", _jreduce(jnp.max)),
    "ReduceMin": ("func_reduce.amin", _jreduce(jnp.min)),
    "ReduceProd": ("func_reduce.prod", _jreduce(jnp.prod)),
    "ReduceAll": ("func_reduce.all", _jreduce(jnp.all)),
    "ReduceAny": ("func_reduce.any", _jreduce(jnp.any)),
}


def _arg_with_value(fn):
    def call(p, x):
        idx = fn(x, axis=p.axis, keepdims=p.keep_dims).astype(jnp.int32)
        val = jnp.take_along_axis(x, jnp.expand_dims(fn(x, axis=p.axis), p.axis), axis=p.axis)
        return idx, val if p.keep_dims else jnp.squeeze(val, p.axis)
    return ("axis=0, keep_dims=False", call)


def _cum(fn, ident):
    def call(p, x, axis):
        axis = int(unwrap(axis))
        if p.reverse:
            x = jnp.flip(x, axis)
        y = fn(x, axis=axis)
        if p.exclusive:
            y = jnp.concatenate([jnp.full_like(jax.lax.slice_in_dim(y, 0, 1, axis=axis), ident),
                                 jax.lax.slice_in_dim(y, 0, -1, axis=axis)], axis=axis)
        return jnp.flip(y, axis) if p.reverse else y
    return ("exclusive=False, reverse=False", call)


def _cumext(op):
    def call(p, x):
        vals = op(x, axis=p.axis)
        n = x.shape[p.axis]
        pos = jnp.arange(n).reshape((-1,) + (1,) * (x.ndim - 1 - (p.axis % x.ndim)))
        hit = jnp.where(x == vals, pos, -1)
        return vals, jax.lax.cummax(hit, axis=p.axis % x.ndim).astype(jnp.int32)
    return ("axis", call)


def _split(p, x):
    return tuple(jnp.split(x, p.output_num, axis=p.axis))


def _squeeze(p, x):
    ax = p.axis
    if isinstance(ax, (tuple, list)) and not ax:
        return jnp.squeeze(x)
    return jnp.squeeze(x, axis=tuple(ax) if isinstance(ax, (list, tuple)) else ax)


def _topk(p, x, k):
    v, i = jax.lax.top_k(x, int(unwrap(k)))
    return v, i.astype(jnp.int32)


def _sort(p, x):
    i = jnp.argsort(-x if p.descending else x, axis=p.axis, stable=True)
    return jnp.take_along_axis(x, i, axis=p.axis), i.astype(jnp.int32)


def _gather(p, params, indices, axis):
    return T("func_array.gather", lambda a, i, ax, batch_dims=0: jnp.take(a, i, axis=ax))(
        params, indices, int(unwrap(axis)), p.batch_dims) if p.batch_dims else \
        jnp.take(params, indices, axis=int(unwrap(axis)))


def _strided_slice(p, x, begin, end, strides):
    if p.ellipsis_mask:
        raise ValueError("StridedSlice: `ellipsis_mask` is not supported; use indexing")
    idx, dim = [], 0
    for i, (b, e, s) in enumerate(zip(begin, end, strides, strict=True)):
        if p.new_axis_mask >> i & 1:
            idx.append(None)
            continue
        if p.shrink_axis_mask >> i & 1:
            idx.append(b)
        else:
            idx.append(slice(None if p.begin_mask >> i & 1 else b,
                             None if p.end_mask >> i & 1 else e, s))
        dim += 1
    return x[tuple(idx)]


def _range(p, start, limit, delta):
    return jnp.arange(unwrap(start), unwrap(limit), unwrap(delta))


def _fill(p, dtype, dims, x):
    return jnp.full(_shape(dims), unwrap(x), _dt(dtype))


def _scale_one_at_a_time(v, indices, updates, kind, nd):
    """`v` with each update row multiplied (or divided) in at its index, one row at a time.

    JAX's multiplicative scatter has no gradient unless its indices are unique; a single index
    per step is, and repeated indices still multiply up. `nd`: index depth (0: row indices).
    """
    indices = jnp.asarray(indices)
    rows = indices.reshape((-1, nd) if nd else (-1,))
    ups = jnp.asarray(updates, v.dtype).reshape((rows.shape[0],) + v.shape[max(nd, 1):])
    if kind == "divide":
        ups = 1 / ups

    def step(j, acc):
        at = tuple(rows[j]) if nd else rows[j]
        return acc.at[at].multiply(ups[j], unique_indices=True)

    return jax.lax.fori_loop(0, rows.shape[0], step, v)


def _scatter(kind):
    def call(p, var, indices, updates):
        v = jnp.asarray(unwrap(var))
        i = unwrap(indices)
        if kind in ("multiply", "divide"):
            return _write(var, _scale_one_at_a_time(v, i, unwrap(updates), kind, 0))
        out = getattr(v.at[i], kind)(unwrap(updates))
        return _write(var, out)
    return ("use_locking=False", call)


def _scatter_nd(kind):
    def call(p, var, indices, updates):
        v, i = jnp.asarray(unwrap(var)), unwrap(indices)
        if kind in ("multiply", "divide"):
            return _write(var, _scale_one_at_a_time(v, i, unwrap(updates), kind,
                                                    jnp.shape(i)[-1]))
        out = getattr(v.at[tuple(jnp.moveaxis(i, -1, 0))], kind)(unwrap(updates))
        return _write(var, out)
    return ("use_locking=False", call)


def _tensor_scatter(kind):
    def call(p, x, indices, updates):
        x = jnp.asarray(x)
        if kind in ("multiply", "divide"):
            return _scale_one_at_a_time(x, indices, updates, kind, jnp.shape(indices)[-1])
        return getattr(x.at[tuple(jnp.moveaxis(indices, -1, 0))], kind)(updates)
    return ("", call)


def _segment_prod(x, segment_ids, num_segments):
    """Per-segment product by masking (differentiable, unlike JAX's multiplicative scatter)."""
    ids = jnp.asarray(segment_ids)
    x = x.reshape((ids.size,) + x.shape[ids.ndim:])
    hit = ids.reshape(1, -1) == jnp.arange(num_segments)[:, None]
    hit = hit.reshape(hit.shape + (1,) * (x.ndim - 1))
    return jnp.prod(jnp.where(hit, x[None], jnp.ones((), x.dtype)), axis=1)


def _segment(fn):
    def call(p, x, segment_ids, num_segments):
        return fn(x, segment_ids, int(unwrap(num_segments)))
    return ("", call)


def _assign(op):
    def call(p, variable, value):
        return _write(variable, op(unwrap(variable), unwrap(value)))
    return ("", call)


def _print(p, *args):
    for a in args:
        a = unwrap(a)
        if isinstance(a, jax.core.Tracer):
            jax.debug.print("{}", a)
        else:
            print(a)


def _batch_matmul(p, x, y):
    if p.transpose_a:
        x = jnp.swapaxes(x, -1, -2)
    if p.transpose_b:
        y = jnp.swapaxes(y, -1, -2)
    return jnp.matmul(x, y)


def _conv2d(p, x, w):
    mode = p.pad_mode.lower()
    pad = p.pad
    if mode == "pad" and isinstance(pad, (tuple, list)) and len(pad) == 4:
        pad = (pad[0], pad[1], pad[2], pad[3])
    st = p.stride[-2:] if isinstance(p.stride, (tuple, list)) else p.stride
    dl = p.dilation[-2:] if isinstance(p.dilation, (tuple, list)) else p.dilation
    return C.conv2d(x, w, None, tuple(st) if isinstance(st, list) else st, mode, pad,
                    tuple(dl) if isinstance(dl, list) else dl, p.group)


def _conv3d(p, x, w):
    st = p.stride[-3:] if isinstance(p.stride, (tuple, list)) else p.stride
    dl = p.dilation[-3:] if isinstance(p.dilation, (tuple, list)) else p.dilation
    return C.conv3d(x, w, None, tuple(st) if isinstance(st, list) else st, p.pad_mode.lower(),
                    p.pad, tuple(dl) if isinstance(dl, list) else dl, p.group)


def _conv2d_backprop_input(p, dout, weight, input_size):
    size = _shape(input_size)

    def f(z):
        return _conv2d(p, z, weight)

    _, vjp = jax.vjp(f, jnp.zeros(size, dout.dtype))
    return vjp(dout)[0]


def _conv3d_transpose(p, x, w):
    return C.conv3d_transpose(x, w, p.pad_mode.lower(), p.pad, p.stride, p.dilation, p.group,
                              p.output_padding)


def _tf_pool(p, x, kind):
    k = p.kernel_size
    s = p.strides
    nd = x.ndim - 2
    k = (k,) * nd if isinstance(k, int) else tuple(k)[-nd:]
    s = (s,) * nd if isinstance(s, int) else tuple(s)[-nd:]
    pad = p.pad_mode.upper()
    if kind == "max":
        init = -jnp.inf if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).min
        return jax.lax.reduce_window(x, np.asarray(init, x.dtype), jax.lax.max, (1, 1) + k,
                                     (1, 1) + s, pad)
    tot = jax.lax.reduce_window(x, np.zeros((), x.dtype), jax.lax.add, (1, 1) + k, (1, 1) + s,
                                pad)
    cnt = jax.lax.reduce_window(jnp.ones((1, 1) + x.shape[2:], x.dtype), np.zeros((), x.dtype),
                                jax.lax.add, (1, 1) + k, (1, 1) + s, pad)
    return tot / cnt


def _max_pool_argmax(p, x):
    k = p.kernel_size
    s = p.strides
    k = (k, k) if isinstance(k, int) else tuple(k)[-2:]
    s = (s, s) if isinstance(s, int) else tuple(s)[-2:]
    if p.pad_mode.upper() == "SAME":
        pads = []
        for n, kk, ss in zip(x.shape[2:], k, s, strict=True):
            total = max((-(-n // ss) - 1) * ss + kk - n, 0)
            pads.append((total // 2, total - total // 2))
        # a finite floor, not -inf: the pooling picks its argmax with one-hot products, where
        # -inf * 0 made every window touching the padding NaN
        low = jnp.finfo(x.dtype).min if jnp.issubdtype(x.dtype, jnp.floating) else \
            jnp.iinfo(x.dtype).min
        x2 = jnp.pad(x, [(0, 0), (0, 0)] + pads, constant_values=low)
        v, i = C.max_pool2d(x2, k, s, return_indices=True)
        hh, ww = i // x2.shape[3] - pads[0][0], i % x2.shape[3] - pads[1][0]
        i = hh * x.shape[3] + ww
    else:
        v, i = C.max_pool2d(x, k, s, return_indices=True)
    # MindSpore's argmax counts over (C, H, W) of each sample
    chan = jnp.arange(x.shape[1]).reshape(1, -1, 1, 1) * (x.shape[2] * x.shape[3])
    return v, (i + chan).astype(jnp.int32)


def _softmax_ce(p, logits, labels):
    logp = jax.nn.log_softmax(logits, axis=-1)
    loss = -jnp.sum(labels * logp, axis=-1)
    return loss, jax.nn.softmax(logits, axis=-1) - labels


def _sparse_softmax_ce(p, logits, labels):
    c = logits.shape[-1]
    onehot = jax.nn.one_hot(labels, c, dtype=logits.dtype)
    if p.is_grad:
        return (jax.nn.softmax(logits, -1) - onehot) / logits.shape[0]
    return jnp.mean(-jnp.sum(onehot * jax.nn.log_softmax(logits, -1), -1))


def _batch_norm(p, x, scale, bias, mean, variance):
    if p.is_training:
        axes = tuple(i for i in range(x.ndim) if i != 1)
        bm, bv = jnp.mean(x, axes), jnp.var(x, axes)
        y = N.batch_norm(x, mean, variance, scale, bias, True, p.momentum, p.epsilon)
        return y, bm, bv, bm, bv
    m, v = unwrap(mean), unwrap(variance)
    return N.batch_norm(x, m, v, scale, bias, False, p.momentum, p.epsilon), m, v, m, v


def _layer_norm(p, x, gamma, beta):
    axes = tuple(range(p.begin_norm_axis % x.ndim, x.ndim))
    mean = jnp.mean(x, axes, keepdims=True)
    var = jnp.var(x, axes, keepdims=True)
    y = (x - mean) * jax.lax.rsqrt(var + p.epsilon) * gamma + beta
    return y, mean, var


def _dropout(p, x):
    keep = jax.random.bernoulli(next_key(), p.keep_prob, x.shape)
    return jnp.where(keep, x / p.keep_prob, 0).astype(x.dtype), keep


def _dropout_nd(nd):
    def call(p, x):
        keep = jax.random.bernoulli(next_key(), p.keep_prob, x.shape[:2] + (1,) * nd)
        return jnp.where(keep, x / p.keep_prob, 0).astype(x.dtype), jnp.broadcast_to(keep,
                                                                                   x.shape)
    return ("keep_prob=0.5", call)


def _resize(mode):
    def call(p, x, size):
        size = _shape(size)
        if p.align_corners or p.half_pixel_centers or mode == "bicubic":
            return C.interpolate(x, size=size, mode=mode,
                                 align_corners=p.align_corners if mode != "nearest" else None)
        # legacy (asymmetric) coordinates: src = dst * in / out
        for i, out in enumerate(size):
            m = C._resize_matrix(x.shape[2 + i], out, mode, False, None, half_pixel=False)
            x = jnp.moveaxis(jnp.tensordot(jnp.asarray(m, x.dtype), x, axes=([1], [2 + i])), 0,
                             2 + i)
        return x
    return ("align_corners=False, half_pixel_centers=False", call)


def _l2_normalize(p, x):
    n = jnp.sqrt(jnp.maximum(jnp.sum(jnp.square(x), axis=p.axis, keepdims=True), p.epsilon))
    return x / n


def _split_v(p, x):
    idx = np.cumsum(p.size_splits)[:-1].tolist()
    return tuple(jnp.split(x, idx, axis=p.split_dim))


def _randperm(p, n):
    n = int(unwrap(n).reshape(-1)[0]) if hasattr(unwrap(n), "reshape") else int(n)
    perm = jax.random.permutation(next_key(), n).astype(_dt(p.dtype))
    return jnp.pad(perm, (0, p.max_length - n), constant_values=p.pad)


def _apply_momentum(p, variable, accumulation, learning_rate, gradient, momentum):
    acc = unwrap(accumulation) * momentum + gradient
    upd = (gradient + momentum * acc) if p.use_nesterov else acc
    _write(accumulation, acc)
    return _write(variable, unwrap(variable) - learning_rate * upd)


def _adam(p, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
    m1 = unwrap(m) + (grad - unwrap(m)) * (1 - beta1)
    v1 = unwrap(v) + (jnp.square(grad) - unwrap(v)) * (1 - beta2)
    alpha = lr * jnp.sqrt(1 - beta2_power) / (1 - beta1_power)
    num = m1 * beta1 + (1 - beta1) * grad if p.use_nesterov else m1
    w = unwrap(var) - alpha * num / (jnp.sqrt(v1) + epsilon)
    _write(m, m1)
    _write(v, v1)
    return _write(var, w), m1, v1


def _einsum(p, operands):
    return jnp.einsum(p.equation, *operands)


def _identity_n(p, x):
    return type(x)(x) if isinstance(x, (tuple, list)) else x


ROWS = [
    # ---- shapes, casts, creation
    ("Cast", "", lambda p, x, dtype: jnp.asarray(x).astype(_dt(dtype))),
    ("ScalarCast", "", lambda p, x, t: t(unwrap(x)) if isinstance(t, type) else
     jnp.asarray(x, _dt(t))),
    ("ScalarToTensor", "", lambda p, x, dtype=mstype.float32: jnp.asarray(x, _dt(dtype))),
    ("ScalarToArray", "", lambda p, x: jnp.asarray(x)),
    ("TupleToArray", "", lambda p, x: jnp.asarray(x)),
    ("TensorToTuple", "", lambda p, x: tuple(jnp.asarray(x))),
    ("Shape", "", lambda p, x: tuple(jnp.shape(x))),
    ("TensorShape", "", lambda p, x: jnp.asarray(jnp.shape(x), jnp.int32)),
    ("DynamicShape", "dtype=9", lambda p, x: jnp.asarray(jnp.shape(x), jnp.int32)),
    ("Rank", "", lambda p, x: jnp.ndim(x)),
    ("Size", "", lambda p, x: int(np.prod(jnp.shape(x)))),
    ("DType", "", lambda p, x: jnp.asarray(x).dtype),
    ("Eps", "", lambda p, x: jnp.full_like(x, jnp.finfo(jnp.asarray(x).dtype).eps)),
    ("ExpandDims", "", lambda p, x, axis: jnp.expand_dims(x, int(unwrap(axis)))),
    ("Squeeze", "axis=()", _squeeze),
    ("Flatten", "", lambda p, x: jnp.reshape(x, (x.shape[0], -1)) if x.ndim else x.reshape(1)),
    ("Transpose", "", lambda p, x, perm: jnp.transpose(x, _shape(perm))),
    ("TransposeView", "", lambda p, x, perm: jnp.transpose(x, _shape(perm))),
    ("TransposeExtView", "", lambda p, x, d0, d1: jnp.swapaxes(x, d0, d1)),
    ("Concat", "axis=0", lambda p, tensors: jnp.concatenate(tensors, axis=p.axis)),
    ("ParallelConcat", "", lambda p, tensors: jnp.concatenate(tensors, axis=0)),
    ("Stack", "axis=0", lambda p, *xs: jnp.stack(xs[0] if len(xs) == 1 else xs, axis=p.axis)),
    ("Pack", "axis=0", lambda p, *xs: jnp.stack(xs[0] if len(xs) == 1 else xs, axis=p.axis)),
    ("Unstack", "axis=0, num=None", lambda p, x: tuple(jnp.moveaxis(x, p.axis, 0))),
    ("Unpack", "axis=0", lambda p, x: tuple(jnp.moveaxis(x, p.axis, 0))),
    ("Split", "axis=0, output_num=1", _split),
    ("SplitV", "size_splits, split_dim, num_split", _split_v),
    ("BroadcastTo", "shape", lambda p, x: jnp.broadcast_to(x, tuple(
        x.shape[i - len(p.shape) + x.ndim] if s == -1 else s for i, s in enumerate(p.shape)))),
    ("Gather", "batch_dims=0", _gather),
    ("GatherV2", "", lambda p, x, i, axis: jnp.take(x, i, axis=int(unwrap(axis)))),
    ("GatherD", "", lambda p, x, dim, index: jnp.take_along_axis(x, index, axis=int(dim))),
    ("Slice", "", lambda p, x, begin, size: jax.lax.dynamic_slice(x, _shape(begin), tuple(
        x.shape[i] - b if s == -1 else s for i, (b, s) in enumerate(
            zip(_shape(begin), _shape(size), strict=True))))),
    ("StridedSlice", "begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0, "
     "shrink_axis_mask=0", _strided_slice),
    ("Select", "", lambda p, cond, x, y: jnp.where(cond, x, y)),
    ("MaskedFill", "", lambda p, x, mask, value: jnp.where(mask, jnp.asarray(value, x.dtype), x)),
    ("Fill", "", _fill),
    ("FillV2", "", lambda p, shape, value: jnp.full(_shape(shape), value)),
    ("Fills", "", lambda p, x, value: jnp.full_like(x, value)),
    ("Ones", "", lambda p, shape, dtype=None: jnp.ones(_shape(shape), _dt(dtype or
                                                                         mstype.float32))),
    ("Zeros", "", lambda p, size, dtype=None: jnp.zeros(_shape(size), _dt(dtype or
                                                                          mstype.float32))),
    ("Eye", "", lambda p, n, m, dtype: jnp.eye(n, m, dtype=_dt(dtype))),
    ("Range", "maxlen=1000000", _range),
    ("LinSpace", "", lambda p, start, stop, num: jnp.linspace(start, stop, int(unwrap(num)))),
    ("LogSpace", "steps=10, base=10, dtype=mindspore.float32",
     lambda p, start, end: jnp.logspace(start, end, p.steps, base=p.base).astype(_dt(p.dtype))),
    ("OneHot", "axis=-1", lambda p, indices, depth, on_value, off_value: N.one_hot(
        indices, depth, on_value, off_value, p.axis)),
    ("ReverseV2", "axis", lambda p, x: jnp.flip(x, tuple(p.axis))),
    ("Roll", "shifts, dims=None", lambda p, x: jnp.roll(x, p.shifts, p.dims)),
    ("Tril", "diagonal=0", lambda p, x: jnp.tril(x, p.diagonal)),
    ("Triu", "diagonal=0", lambda p, x: jnp.triu(x, p.diagonal)),
    ("TrilIndices", "row, col, offset=0, dtype=mindspore.int32", lambda p: jnp.stack(
        jnp.tril_indices(p.row, p.offset, p.col)).astype(_dt(p.dtype))),
    ("TriuIndices", "row, col, offset=0, dtype=mindspore.int32", lambda p: jnp.stack(
        jnp.triu_indices(p.row, p.offset, p.col)).astype(_dt(p.dtype))),
    ("Meshgrid", "indexing='xy'", lambda p, inputs: tuple(jnp.meshgrid(*inputs,
                                                                      indexing=p.indexing))),
    ("ScatterNd", "", lambda p, indices, updates, shape: jnp.zeros(
        _shape(shape), updates.dtype).at[tuple(jnp.moveaxis(indices, -1, 0))].add(updates)),
    ("TensorScatterUpdate", *_tensor_scatter("set")),
    ("TensorScatterAdd", *_tensor_scatter("add")),
    ("TensorScatterSub", "", lambda p, x, i, u: jnp.asarray(x).at[tuple(
        jnp.moveaxis(i, -1, 0))].add(-u)),
    ("TensorScatterMul", *_tensor_scatter("multiply")),
    ("TensorScatterDiv", *_tensor_scatter("divide")),
    ("TensorScatterMax", *_tensor_scatter("max")),
    ("TensorScatterMin", *_tensor_scatter("min")),
    ("ScatterUpdate", "use_locking=True", _scatter("set")[1]),
    ("ScatterAdd", *_scatter("add")),
    ("ScatterSub", "use_locking=False", lambda p, var, i, u: _write(
        var, jnp.asarray(unwrap(var)).at[unwrap(i)].add(-u))),
    ("ScatterMul", *_scatter("multiply")),
    ("ScatterDiv", *_scatter("divide")),
    ("ScatterMax", *_scatter("max")),
    ("ScatterMin", *_scatter("min")),
    ("ScatterNdUpdate", "use_locking=True", _scatter_nd("set")[1]),
    ("ScatterNdAdd", *_scatter_nd("add")),
    ("ScatterNdSub", "use_locking=False", lambda p, var, i, u: _write(
        var, jnp.asarray(unwrap(var)).at[tuple(jnp.moveaxis(unwrap(i), -1, 0))].add(-u))),
    ("ScatterNdMul", *_scatter_nd("multiply")),
    ("ScatterNdDiv", *_scatter_nd("divide")),
    ("ScatterNdMax", *_scatter_nd("max")),
    ("ScatterNdMin", *_scatter_nd("min")),
    ("ScatterNonAliasingAdd", "", lambda p, x, i, u: _write(
        x, jnp.asarray(unwrap(x)).at[tuple(jnp.moveaxis(unwrap(i), -1, 0))].add(u))),
    ("Assign", *_assign(lambda v, x: x)),
    ("AssignAdd", *_assign(lambda v, x: v + x)),
    ("AssignSub", *_assign(lambda v, x: v - x)),
    ("UnsortedSegmentSum", *_segment(jax.ops.segment_sum)),
    ("UnsortedSegmentMax", *_segment(jax.ops.segment_max)),
    ("UnsortedSegmentMin", *_segment(jax.ops.segment_min)),
    ("UnsortedSegmentProd", *_segment(_segment_prod)),
    ("InvertPermutation", "", lambda p, x: tuple(int(v) for v in np.argsort(np.asarray(x)))),
    ("SpaceToDepth", "block_size", lambda p, x: C.pixel_unshuffle(x, p.block_size)),
    ("DepthToSpace", "block_size", lambda p, x: C.pixel_shuffle(x, p.block_size)),
    ("MatrixBandPart", "", lambda p, x, lower, upper: T(
        "func_array.matrix_band_part", None)(x, lower, upper)),
    ("Padding", "pad_dim_size=8", lambda p, x: C.padding(x, p.pad_dim_size)),
    ("Pad", "paddings", lambda p, x: jnp.pad(x, [tuple(v) for v in p.paddings])),
    ("MirrorPad", "mode='REFLECT'", lambda p, x, paddings: C.mirror_pad(x, paddings, p.mode)),
    ("PadV3", "mode='constant', paddings_contiguous=True", lambda p, x, paddings, value=None:
     C.pad(x, _shape(paddings), {"edge": "replicate"}.get(p.mode, p.mode), value)),
    ("ReverseSequence", "seq_dim, batch_dim=0", lambda p, x, seq_lengths: T(
        "func_array.reverse_sequence", None)(x, seq_lengths, p.seq_dim, p.batch_dim)),
    ("IndexAdd", "axis, use_lock=True, check_index_bound=True", lambda p, x, indices, y: _write(
        x, jnp.moveaxis(jnp.moveaxis(unwrap(x), p.axis, 0).at[indices].add(
            jnp.moveaxis(y, p.axis, 0)), 0, p.axis))),
    ("InplaceUpdate", "indices", lambda p, x, v: jnp.asarray(x).at[jnp.asarray(p.indices)].set(v)),
    ("InplaceUpdateV2", "", lambda p, x, indices, v: jnp.asarray(x).at[indices].set(v)),
    ("InplaceAdd", "indices", lambda p, x, v: jnp.asarray(x).at[jnp.asarray(p.indices)].add(v)),
    ("InplaceSub", "indices", lambda p, x, v: jnp.asarray(x).at[jnp.asarray(p.indices)].add(-v)),
    ("NanToNum", "nan=None, posinf=None, neginf=None", lambda p, x: jnp.nan_to_num(
        x, nan=0.0 if p.nan is None else p.nan, posinf=p.posinf, neginf=p.neginf)),
    ("Identity", "", lambda p, x: x),
    ("IdentityN", "", _identity_n),
    ("Depend", "", lambda p, value, expr: value),
    ("StopGradient", "", lambda p, x: jax.lax.stop_gradient(x)),
    ("Print", "", _print),
    ("Einsum", "equation", _einsum),
    ("AddN", "", lambda p, *xs: sum((xs[0] if len(xs) == 1 else xs)[1:],
                                    (xs[0] if len(xs) == 1 else xs)[0])),
    ("AccumulateNV2", "", lambda p, *xs: sum((xs[0] if len(xs) == 1 else xs)[1:],
                                             (xs[0] if len(xs) == 1 else xs)[0])),
    # ---- math with attributes
    ("MatMul", "transpose_a=False, transpose_b=False", _batch_matmul),
    ("BatchMatMul", "transpose_a=False, transpose_b=False", _batch_matmul),
    ("Cross", "dim=-65530", lambda p, x, y: jnp.cross(x, y, axis=-1 if p.dim == -65530 else p.dim)),
    ("IsClose", "rtol=1e-05, atol=1e-08, equal_nan=False", lambda p, x, y: jnp.isclose(
        x, y, p.rtol, p.atol, p.equal_nan)),
    ("ApproximateEqual", "tolerance=1e-05", lambda p, x, y: jnp.abs(x - y) < p.tolerance),
    ("Lerp", "", lambda p, x, end, weight: x + weight * (end - x)),
    ("Addcdiv", "", lambda p, x, t1, t2, value: x + value * t1 / t2),
    ("Addcmul", "", lambda p, x, t1, t2, value: x + value * t1 * t2),
    ("Betainc", "", lambda p, a, b, x: jss.betainc(a, b, x)),
    ("Logit", "eps=-1.0", lambda p, x: jss.logit(x if p.eps < 0 else jnp.clip(
        x, p.eps, 1 - p.eps))),
    ("Round", "", lambda p, x, decimals=0: jnp.round(x, decimals)),
    ("Argmax", "axis=-1, output_type=mindspore.int32", lambda p, x: jnp.argmax(
        x, axis=p.axis).astype(_dt(p.output_type))),
    ("Argmin", "axis=-1, output_type=mindspore.int32", lambda p, x: jnp.argmin(
        x, axis=p.axis).astype(_dt(p.output_type))),
    ("ArgMaxWithValue", *_arg_with_value(jnp.argmax)),
    ("ArgMinWithValue", *_arg_with_value(jnp.argmin)),
    ("CumSum", *_cum(jnp.cumsum, 0)),
    ("CumProd", *_cum(jnp.cumprod, 1)),
    ("CumulativeLogsumexp", *_cum(lambda x, axis: jax.lax.cumlogsumexp(x, axis=axis), -jnp.inf)),
    ("Cummax", *_cumext(jax.lax.cummax)),
    ("Cummin", *_cumext(jax.lax.cummin)),
    ("ReduceStd", "axis=[], unbiased=True, keep_dims=False", lambda p, x: (
        jnp.std(x, _ax(p.axis), ddof=int(p.unbiased), keepdims=p.keep_dims),
        jnp.mean(x, _ax(p.axis), keepdims=p.keep_dims))),
    ("EuclideanNorm", "keep_dims=False", lambda p, x, axes: jnp.sqrt(jnp.sum(
        jnp.square(x), _ax(axes), keepdims=p.keep_dims))),
    ("LpNorm", "axis, p=2, keep_dims=False, epsilon=1e-12", lambda q, x: jnp.linalg.norm(
        x, ord=q.p, axis=_ax(q.axis), keepdims=q.keep_dims) if not isinstance(q.axis, (
            list, tuple)) or len(q.axis) == 1 else jnp.sum(jnp.abs(x) ** q.p, tuple(
                q.axis), keepdims=q.keep_dims) ** (1.0 / q.p)),
    ("CountNonZero", "dims=None", lambda p, x: jnp.count_nonzero(x, axis=_ax(p.dims))),
    ("SquareSumAll", "", lambda p, x, y: (jnp.sum(jnp.square(x)), jnp.sum(jnp.square(y)))),
    ("L2Loss", "", lambda p, x: jnp.sum(jnp.square(x)) / 2),
    ("L2Normalize", "axis=0, epsilon=0.0001", _l2_normalize),
    ("Sort", "axis=-1, descending=False", _sort),
    ("TopK", "sorted=True", _topk),
    ("InTopK", "k", lambda p, x1, x2: jnp.sum(x1 > jnp.take_along_axis(
        x1, x2[:, None], 1), axis=1) < p.k),
    ("SearchSorted", "dtype=mindspore.int64, right=False", lambda p, seq, values, sorter=None:
     jnp.vectorize(lambda s, v: jnp.searchsorted(s, v, side="right" if p.right else "left"),
                   signature="(n),(m)->(m)")(seq, values).astype(_dt(p.dtype))),
    ("Bucketize", "boundaries", lambda p, x: jnp.searchsorted(
        jnp.asarray(p.boundaries), x, side="right").astype(jnp.int32)),
    ("LowerBound", "out_type=mindspore.int32", lambda p, s, v: jax.vmap(
        lambda a, b: jnp.searchsorted(a, b, side="left"))(s, v).astype(_dt(p.out_type))),
    ("UpperBound", "out_type=mindspore.int32", lambda p, s, v: jax.vmap(
        lambda a, b: jnp.searchsorted(a, b, side="right"))(s, v).astype(_dt(p.out_type))),
    ("Cholesky", "upper=False", lambda p, x: jnp.swapaxes(jnp.linalg.cholesky(x), -1, -2).conj()
     if p.upper else jnp.linalg.cholesky(x)),
    ("MatrixInverse", "adjoint=False", lambda p, x: jnp.linalg.inv(
        jnp.swapaxes(x, -1, -2).conj() if p.adjoint else x)),
    ("MatrixPower", "n", lambda p, x: jnp.linalg.matrix_power(x, p.n)),
    ("MatrixSolve", "adjoint=False", lambda p, a, b: LA.matrix_solve(a, b, p.adjoint)),
    ("LogMatrixDeterminant", "", lambda p, x: tuple(jnp.linalg.slogdet(x))),
    ("Qr", "full_matrices=False", lambda p, x: tuple(jnp.linalg.qr(
        x, mode="complete" if p.full_matrices else "reduced"))),
    ("Svd", "full_matrices=False, compute_uv=True", lambda p, x: (lambda u, s, vh: (
        s, u, jnp.swapaxes(vh, -1, -2).conj()))(*jnp.linalg.svd(
            x, full_matrices=p.full_matrices)) if p.compute_uv else jnp.linalg.svd(
                x, compute_uv=False)),
    ("Eig", "compute_v=False", lambda p, x: jnp.linalg.eig(x) if p.compute_v else
     jnp.linalg.eigvals(x)),
    ("Mvlgamma", "p", lambda q, x: jss.multigammaln(x, q.p)),
    ("Unique", "", lambda p, x: tuple(jnp.unique(x, return_inverse=True))),
    ("Bincount", "", lambda p, x, size, weights: jnp.bincount(
        x, weights, length=int(unwrap(size)))),
    # ---- nn
    ("Softmax", "axis=-1", lambda p, x: N.softmax(x, p.axis)),
    ("LogSoftmax", "axis=-1", lambda p, x: N.log_softmax(x, p.axis)),
    ("LogSoftmaxExt", "", lambda p, x, dim=None, dtype=None: jax.nn.log_softmax(
        x if dtype is None else x.astype(_dt(dtype)), axis=-1 if dim is None else dim)),
    ("Elu", "alpha=1.0", lambda p, x: N.elu(x, p.alpha)),
    ("CeLU", "alpha=1.0", lambda p, x: N.celu(x, p.alpha)),
    ("HShrink", "lambd=0.5", lambda p, x: N.hardshrink(x, p.lambd)),
    ("SoftShrink", "lambd=0.5", lambda p, x: N.softshrink(x, p.lambd)),
    ("GLU", "axis=-1", lambda p, x: N.glu(x, p.axis)),
    ("BiasAdd", "data_format='NCHW'", lambda p, x, b: N.bias_add(x, b) if p.data_format[1] ==
     "C" else x + b),
    ("Dense", "", lambda p, x, w, b=None: N.dense(x, w, b)),
    ("LRN", "depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS'",
     lambda p, x: N.lrn(x, p.depth_radius, p.bias, p.alpha, p.beta, p.norm_region)),
    ("BatchNorm", "is_training=False, epsilon=1e-05, momentum=0.1, data_format='NCHW'",
     _batch_norm),
    ("LayerNorm", "begin_norm_axis=1, begin_params_axis=1, epsilon=1e-07", _layer_norm),
    ("RmsNorm", "epsilon=1e-06", lambda p, x, gamma: N.rms_norm(x, gamma, p.epsilon)),
    ("Dropout", "keep_prob=0.5, Seed0=0, Seed1=0", _dropout),
    ("Dropout2D", *_dropout_nd(2)),
    ("Dropout3D", *_dropout_nd(3)),
    ("Conv2D", "out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, "
     "dilation=1, group=1, data_format='NCHW'", _conv2d),
    ("Conv3D", "out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, "
     "dilation=1, group=1, data_format='NCDHW'", _conv3d),
    ("Conv2DBackpropInput", "out_channel, kernel_size, pad_mode='valid', pad=0, pad_list=None, "
     "mode=1, stride=1, dilation=1, group=1, data_format='NCHW'", _conv2d_backprop_input),
    ("Conv2DTranspose", "out_channel, kernel_size, pad_mode='valid', pad=0, pad_list=None, "
     "mode=1, stride=1, dilation=1, group=1, data_format='NCHW'", _conv2d_backprop_input),
    ("Conv3DTranspose", "in_channel, out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, "
     "stride=1, dilation=1, group=1, output_padding=0, data_format='NCDHW'", _conv3d_transpose),
    ("MaxPool", "kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW'",
     lambda p, x: _tf_pool(p, x, "max")),
    ("AvgPool", "kernel_size=1, strides=1, pad_mode='VALID', data_format='NCHW'",
     lambda p, x: _tf_pool(p, x, "avg")),
    ("MaxPoolWithArgmax", "kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW'",
     _max_pool_argmax),
    ("MaxPoolWithArgmaxV2", "kernel_size, strides=None, pads=0, dilation=(1, 1), "
     "ceil_mode=False, argmax_type=mindspore.int64", lambda p, x: C.max_pool2d(
         x, p.kernel_size, p.strides, p.pads, p.dilation, True, p.ceil_mode)),
    ("MaxPool3D", "kernel_size=1, strides=1, pad_mode='VALID', pad_list=0, ceil_mode=None, "
     "data_format='NCDHW'", lambda p, x: _tf_pool(p, x, "max") if p.pad_mode.upper() != "PAD"
     else C.max_pool3d(x, p.kernel_size, p.strides, p.pad_list, 1, bool(p.ceil_mode))),
    ("AvgPool3D", "kernel_size=1, strides=1, pad_mode='valid', pad=0, ceil_mode=False, "
     "count_include_pad=True, divisor_override=0, data_format='NCDHW'",
     lambda p, x: _tf_pool(p, x, "avg") if p.pad_mode.upper() != "PAD" else C.avg_pool3d(
         x, p.kernel_size, p.strides, p.pad, p.ceil_mode, p.count_include_pad,
         p.divisor_override)),
    ("AdaptiveAvgPool2D", "output_size", lambda p, x: C.adaptive_avg_pool2d(x, p.output_size)),
    ("AdaptiveAvgPool3D", "output_size", lambda p, x: C.adaptive_avg_pool3d(x, p.output_size)),
    ("AdaptiveMaxPool2D", "output_size", lambda p, x: C.adaptive_max_pool2d(
        x, p.output_size, True)),
    ("AdaptiveMaxPool3D", "", lambda p, x, output_size: C.adaptive_max_pool3d(
        x, _shape(output_size), True)),
    ("MaxUnpool2D", "ksize, strides=0, pads=0, output_shape=(), data_format='NCHW'",
     lambda p, x, argmax: C.max_unpool2d(x, argmax, p.ksize, p.strides or None, p.pads,
                                         p.output_shape or None)),
    ("MaxUnpool3D", "ksize, strides=0, pads=0, output_shape=(), data_format='NCDHW'",
     lambda p, x, argmax: C.max_unpool3d(x, argmax, p.ksize, p.strides or None, p.pads,
                                         p.output_shape or None)),
    ("ResizeNearestNeighbor", "size, align_corners=False, half_pixel_centers=False",
     lambda p, x: C.interpolate(x, size=tuple(p.size), mode="nearest")),
    ("ResizeNearestNeighborV2", *_resize("nearest")),
    ("ResizeBilinearV2", *_resize("bilinear")),
    ("ResizeBicubic", *_resize("bicubic")),
    ("ResizeLinear1D", "coordinate_transformation_mode='align_corners'",
     lambda p, x, size: C.interpolate(x, size=_shape(size), mode="linear", align_corners=(
         p.coordinate_transformation_mode == "align_corners"))),
    ("UpsampleNearest3D", "", lambda p, x, output_size=None, scales=None: C.interpolate(
        x, output_size, scales, "nearest")),
    ("UpsampleTrilinear3D", "align_corners=False", lambda p, x, output_size=None, scales=None:
     C.interpolate(x, output_size, scales, "trilinear", p.align_corners)),
    ("GridSampler2D", "interpolation_mode='bilinear', padding_mode='zeros', align_corners=False",
     lambda p, x, grid: C.grid_sample(x, grid, p.interpolation_mode, p.padding_mode,
                                      p.align_corners)),
    ("GridSampler3D", "interpolation_mode='bilinear', padding_mode='zeros', align_corners=False",
     lambda p, x, grid: C.grid_sample(x, grid, p.interpolation_mode, p.padding_mode,
                                      p.align_corners)),
    ("AffineGrid", "align_corners=False", lambda p, theta, size: C.affine_grid(
        theta, _shape(size), p.align_corners)),
    ("Col2Im", "kernel_size, dilation=1, padding=0, stride=1", lambda p, x, output_size:
     C.col2im(x, output_size, p.kernel_size, p.dilation, p.padding, p.stride)),
    ("ChannelShuffle", "group", lambda p, x: C.channel_shuffle(x, p.group)),
    # ---- losses
    ("BCEWithLogitsLoss", "reduction='mean'", lambda p, x, t, weight=None, posWeight=None:
     L.binary_cross_entropy_with_logits(x, t, weight, posWeight, p.reduction)),
    ("BinaryCrossEntropy", "reduction='mean'", lambda p, x, t, weight=None:
     L.binary_cross_entropy(x, t, weight, p.reduction)),
    ("KLDivLoss", "reduction='mean'", lambda p, x, t: L.kl_div(x, t, p.reduction)),
    ("NLLLoss", "reduction='mean', ignore_index=-100", lambda p, logits, labels, weight: (
        L.nll_loss(logits, labels, weight, p.ignore_index, p.reduction),
        jnp.sum(jnp.where(labels != p.ignore_index, weight[jnp.where(
            labels != p.ignore_index, labels, 0)], 0)))),
    ("SmoothL1Loss", "beta=1.0, reduction='none'", lambda p, x, t: L.smooth_l1_loss(
        x, t, p.beta, p.reduction)),
    ("SoftMarginLoss", "reduction='mean'", lambda p, x, t: L.soft_margin_loss(x, t,
                                                                             p.reduction)),
    ("MultiMarginLoss", "p=1, margin=1.0, reduction='mean'", lambda q, x, t, weight=None:
     L.multi_margin_loss(x, t, q.p, q.margin, weight, q.reduction)),
    ("MultilabelMarginLoss", "reduction='mean'", lambda p, x, t: (
        L.multilabel_margin_loss(x, t, p.reduction), jnp.zeros_like(t))),
    ("TripletMarginLoss", "p=2, swap=False, eps=1e-06, reduction='mean'",
     lambda q, x, pos, neg, margin: L.triplet_margin_loss(x, pos, neg, margin, q.p, q.eps,
                                                          q.swap, q.reduction)),
    ("SigmoidCrossEntropyWithLogits", "", lambda p, x, y: L.binary_cross_entropy_with_logits(
        x, y, reduction="none")),
    ("SoftmaxCrossEntropyWithLogits", "", _softmax_ce),
    ("SparseSoftmaxCrossEntropyWithLogits", "is_grad=False", _sparse_softmax_ce),
    ("CTCLossV2", "blank=0, reduction='none', zero_infinity=False",
     lambda p, lp, tg, il, tl: L.ctc_loss(lp, tg, il, tl, p.blank, p.reduction,
                                          p.zero_infinity)),
    ("CTCGreedyDecoder", "merge_repeated=True", lambda p, x, seq_len: V.ctc_greedy_decoder(
        x, seq_len, p.merge_repeated)),
    # ---- random
    ("StandardNormal", "seed=0, seed2=0", lambda p, shape: R.standard_normal(_shape(shape))),
    ("StandardLaplace", "seed=0, seed2=0", lambda p, shape: R.standard_laplace(_shape(shape))),
    ("UniformReal", "seed=0, seed2=0", lambda p, shape: R.rand(_shape(shape))),
    ("UniformInt", "seed=0, seed2=0", lambda p, shape, minval, maxval: R.uniform(
        _shape(shape), minval, maxval, dtype=mstype.int32)),
    ("Gamma", "seed=0, seed2=0", lambda p, shape, alpha, beta: R.gamma(shape, alpha, beta)),
    ("RandomGamma", "seed=0, seed2=0", lambda p, shape, alpha: R.random_gamma(shape, alpha)),
    ("Poisson", "seed=0, seed2=0", lambda p, shape, mean: R.poisson(shape, mean)),
    ("RandomPoisson", "seed=0, seed2=0, dtype=mindspore.int64", lambda p, shape, rate:
     R.random_poisson(shape, rate, dtype=p.dtype)),
    ("Multinomial", "seed=0, seed2=0, dtype=mindspore.int32", lambda p, x, num_samples:
     R.multinomial(x, int(unwrap(num_samples))).astype(_dt(p.dtype))),
    ("MultinomialWithReplacement", "numsamples, replacement=False", lambda p, x, seed, offset:
     R.multinomial(x, p.numsamples, p.replacement)),
    ("RandomCategorical", "dtype=mindspore.int64", lambda p, logits, num_sample, seed=0:
     R.random_categorical(logits, int(unwrap(num_sample)), dtype=p.dtype)),
    ("RandomShuffle", "seed=0, seed2=0", lambda p, x: R.shuffle(x)),
    ("Randperm", "max_length=1, pad=-1, dtype=mindspore.int32", _randperm),
    ("RandpermV2", "seed=0, offset=0, dtype=mindspore.int64", lambda p, n: R.randperm(
        n, dtype=p.dtype)),
    ("Bernoulli", "seed=-1, offset=0", lambda p, x, prob=0.5: R.bernoulli(x, prob)),
    ("RandomChoiceWithMask", "count=256, seed=0, seed2=0", lambda p, x: R.choice_with_mask(
        x, p.count)),
    ("TruncatedNormal", "dtype=mindspore.float32, seed=0, seed2=0", lambda p, shape:
     jax.random.truncated_normal(next_key(), -2.0, 2.0, _shape(shape), _dt(p.dtype))),
    ("ParameterizedTruncatedNormal", "seed=0, seed2=0", lambda p, shape, mean, stdevs, lo, hi:
     mean + stdevs * jax.random.truncated_normal(next_key(), (lo - mean) / stdevs,
                                                 (hi - mean) / stdevs, _shape(shape))),
    ("LogNormalReverse", "mean=1.0, std=2.0", lambda p, x: jnp.exp(
        p.mean + p.std * jax.random.normal(next_key(), x.shape, x.dtype))),
    ("Cauchy", "size, median=0.0, sigma=1.0", lambda p: p.median + p.sigma * jax.random.cauchy(
        next_key(), tuple(p.size))),
    ("NonDeterministicInts", "dtype=mindspore.int64", lambda p, shape: jax.random.bits(
        next_key(), _shape(shape), jnp.uint32).astype(_dt(p.dtype))),
    ("LogUniformCandidateSampler", "num_true=1, num_sampled=5, unique=True, range_max=5, seed=0",
     lambda p, t: R.log_uniform_candidate_sampler(t, p.num_true, p.num_sampled, p.unique,
                                                  p.range_max)),
    ("UniformCandidateSampler", "num_true, num_sampled, unique, range_max, seed=0, "
     "remove_accidental_hits=False", lambda p, t: R.uniform_candidate_sampler(
         t, p.num_true, p.num_sampled, p.unique, p.range_max)),
    # ---- windows, fft, vision
    ("BartlettWindow", "periodic=True, dtype=mindspore.float32", lambda p, n: FF.bartlett_window(
        n, p.periodic, dtype=p.dtype)),
    ("BlackmanWindow", "periodic=True, dtype=mindspore.float32", lambda p, n: FF.blackman_window(
        n, p.periodic, dtype=p.dtype)),
    ("HammingWindow", "periodic=True, alpha=0.54, beta=0.46, dtype=mindspore.float32",
     lambda p, n: FF.hamming_window(n, p.periodic, p.alpha, p.beta, dtype=p.dtype)),
    ("STFT", "n_fft, hop_length, win_length, normalized, onesided, return_complex",
     lambda p, x, window: FF.stft(x, p.n_fft, p.hop_length, p.win_length, window, False,
                                  normalized=p.normalized, onesided=p.onesided,
                                  return_complex=p.return_complex)),
    ("BoundingBoxEncode", "means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)",
     lambda p, a, g: V.bounding_box_encode(a, g, p.means, p.stds)),
    ("BoundingBoxDecode", "max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0), "
     "wh_ratio_clip=0.016", lambda p, a, d: V.bounding_box_decode(
         a, d, p.max_shape, p.means, p.stds, p.wh_ratio_clip)),
    ("IOU", "mode='iou'", lambda p, a, g: V.iou(a, g, p.mode)),
    ("CheckValid", "", lambda p, b, m: V.check_valid(b, m)),
    ("CropAndResize", "method='bilinear', extrapolation_value=0.0", lambda p, img, boxes, bi,
     crop_size: V.crop_and_resize(img, boxes, bi, crop_size, p.method, p.extrapolation_value)),
    # ---- optimizer updates (write into Parameters)
    ("ApplyGradientDescent", "", lambda p, var, alpha, delta: _write(
        var, unwrap(var) - alpha * delta)),
    ("ApplyMomentum", "use_nesterov=False, use_locking=False, gradient_scale=1.0",
     _apply_momentum),
    ("Adam", "use_locking=False, use_nesterov=False", _adam),
]

TABLE = (
    [(n, *_unary(*v)) for n, v in UNARY.items()]
    + [(n, *_binary(*v)) for n, v in BINARY.items()]
    + [(n, *_reduce(*v)) for n, v in REDUCE.items()]
    + ROWS
)
