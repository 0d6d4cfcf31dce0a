"""Primitives and functions MindSpore programs reach by internal paths (``_inner_ops``,
``auto_generate``, ``array_func``) or as small CPU kernels: each case ``case(ms)`` returns
JSON data (floats rounded to 5 significant digits, an error as its exception class name).
gen_primitive_extras_golden.py records MindSpore 2.10's answers in
tests/golden/primitive_extras.json; tests/compat/test_primitive_extras.py runs the same cases
with msfunc. No top-level import of MindSpore or msfunc.
"""

import numpy as np

F32, I32, I64 = np.float32, np.int32, np.int64


def _out(x):
    """Tensors as rounded nested lists (tuples as lists); other values as they are."""
    if isinstance(x, (tuple, list)):
        return [_out(v) for v in x]
    if hasattr(x, "asnumpy"):
        a = x.asnumpy()
        if a.dtype.kind == "f":
            return {"dtype": str(a.dtype), "value": np.vectorize(_round)(a).tolist()}
        return {"dtype": str(a.dtype), "value": a.tolist()}
    return x


def _round(v):
    return float(f"{float(v):.5g}")


def _try(fn):
    try:
        return _out(fn())
    except Exception as exc:  # noqa: BLE001 - the class is what is compared
        return type(exc).__name__


def clip_by_norm(ms):
    """_inner_ops.ClipByNorm over every axis: float16, a (1, 1) limit, its gradient and
    refusals. (MindSpore 2.10's CPU kernel gives wrong norms over a subset of the axes: for
    this x along axis 0 or 1 the second slice's norm takes in entries of the first. Those are
    checked against numpy in tests/compat/test_primitive_extras.py.)"""
    from mindspore import Tensor, ops
    from mindspore.ops.operations import _inner_ops as inner

    x = Tensor(np.array([[3.0, 4.0], [0.3, 0.4], [1.0, -2.0]], F32))
    limit = Tensor(np.array([1.0], F32))
    weights = Tensor(np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 2.0]], F32))
    half = (x.astype(ms.float16), limit.astype(ms.float16))

    def weighted(a, c):
        return inner.ClipByNorm()(a, c) * weights

    return {
        "all_axes": _try(lambda: inner.ClipByNorm()(x, limit)),
        "matrix_limit": _try(lambda: inner.ClipByNorm()(x, Tensor(np.array([[2.0]], F32)))),
        "float16": _try(lambda: inner.ClipByNorm()(*half)),
        "grad": _try(lambda: ops.GradOperation(get_all=True)(weighted)(x, limit)),
        "int_x": _try(lambda: inner.ClipByNorm(1)(x.astype(ms.int32), limit)),
        "float64_limit": _try(lambda: inner.ClipByNorm(1)(x, limit.astype(ms.float64))),
        "axis_out_of_range": _try(lambda: inner.ClipByNorm(2)(x, limit)),
        "float_axis": _try(lambda: inner.ClipByNorm(1.0)),
        "no_broadcast": _try(lambda: inner.ClipByNorm(1)(x, Tensor(np.ones((2, 2)), ms.float32))),
    }


def amsgrad_v2(ms):
    """ApplyAdamWithAmsgradV2: two steps written into the Parameters."""
    from mindspore import Parameter, Tensor, ops

    def p(values, name):
        return Parameter(Tensor(np.array(values, F32)), name=name)

    var, m = p([[0.2, 0.2], [0.2, 0.2]], "var"), p([[0.1, 0.2], [0.4, 0.3]], "m")
    v, vhat = p([[0.2, 0.1], [0.3, 0.4]], "v"), p([[0.1, 0.2], [0.6, 0.2]], "vhat")
    op = ops.ApplyAdamWithAmsgradV2()
    grad = Tensor(np.array([[0.4, -0.2], [0.2, 0.3]], F32))
    op(var, m, v, vhat, 0.9, 0.999, 0.01, 0.8, 0.999, 1e-8, grad)
    op(var, m, v, vhat, 0.81, 0.998, 0.01, 0.8, 0.999, 1e-8, grad * 3)
    return _out([var, m, v, vhat])


def softmax_backward_and_sequence_concat(ms):
    """auto_generate's SoftmaxBackward with its gradient and SequenceConcat, compiled
    (MindSpore 2.10 has no PyNative CPU kernel for them)."""
    from mindspore import Tensor, jit, ops
    from mindspore.ops.auto_generate import SequenceConcat, SoftmaxBackward

    dout = Tensor(np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], F32))
    out = Tensor(np.array([[0.2, 0.3, 0.5], [0.1, 0.6, 0.3]], F32))
    weights = Tensor(np.array([[1.0, -1.0, 2.0], [0.0, 1.0, 3.0]], F32))

    @jit
    def last(a, b):
        return SoftmaxBackward()(a, b, -1)

    @jit
    def first(a, b):
        return SoftmaxBackward()(a, b, 0)

    def weighted(a, b):
        return SoftmaxBackward()(a, b, -1) * weights

    @jit
    def grad(a, b):
        return ops.grad(weighted, (0, 1))(a, b)

    a, b = Tensor(np.array([[1.0, 2.0]], F32)), Tensor(np.array([[3.0, 4.0]], F32))

    @jit
    def rows(x, y):
        return SequenceConcat()((x, y))

    @jit
    def columns(x, y):
        return SequenceConcat(1)([x, y, x])

    return {
        "softmax_backward": _try(lambda: [last(dout, out), first(dout, out), grad(dout, out)]),
        "concat_rows": _try(lambda: rows(a, b)),
        "concat_columns_list": _try(lambda: columns(a, b)),
    }


def tensor_copies(ms):
    """auto_generate's copy/contiguous (new Tensors), array_func's arg_max_with_value_ and
    arg_min_with_value_, ops.make_tuple, _inner_ops.CopyWithSlice."""
    from mindspore import Tensor, ops
    from mindspore.ops.auto_generate import contiguous, copy
    from mindspore.ops.function.array_func import arg_max_with_value_, arg_min_with_value_
    from mindspore.ops.operations import _inner_ops

    x = Tensor(np.array([[0.0, 0.4, 0.6], [0.7, 0.1, 0.9]], F32))
    y, z = copy(x), contiguous(x.T)
    dst = Tensor(np.zeros((2, 3), F32))
    written = _inner_ops.CopyWithSlice()(dst, x)

    def write(src):
        return _inner_ops.CopyWithSlice()(Tensor(np.zeros((2, 3), F32)), src)

    return {
        "copy": [y is x, _out(y), _out(z)],
        "with_value": _out([arg_max_with_value_(x), arg_min_with_value_(x)]),
        "make_tuple": [len(ops.make_tuple(x, x)), list(ops.make_tuple(1, 2.5))],
        "copy_with_slice": [written is dst, _out(dst), _out(written)],
        "copy_other_shape": _try(lambda: write(Tensor(np.ones((3,), F32)))),
        "copy_other_dtype": _try(lambda: write(Tensor(np.ones((2, 3), I32)))),
    }


def embedding_ids(ms):
    """PadAndShift and MapUniform on fixed ids, and their refusals."""
    from mindspore import Tensor
    from mindspore.ops import operations as P

    x = Tensor(np.array([9, 13, 4, 5, 6, 7, 8, 1], I32))
    ids = Tensor(np.array([0, 3, 7, 8, 9, 12], I32))
    cum, four, two = Tensor(np.array([0, 2, 6], I32)), Tensor(4, ms.int64), Tensor(2, ms.int64)
    return {
        "shift_1": _try(lambda: P.PadAndShift()(x, Tensor(np.array([0, 2, 6], I32)), 1)),
        "shift_0": _try(lambda: P.PadAndShift()(x, Tensor(np.array([1, 2, 6], I32)), 0)),
        "shift_int64": _try(lambda: P.PadAndShift()(x.astype(ms.int64), cum.astype(ms.int64), 1)),
        "shift_float": _try(lambda: P.PadAndShift()(x.astype(ms.float32), cum, 1)),
        "shift_too_far": _try(lambda: P.PadAndShift()(x, Tensor(np.array([0, 2, 6], I32)), 2)),
        "map": _try(lambda: P.MapUniform()(ids, 2, 4)),
        "map_tensors": _try(lambda: P.MapUniform()(ids.astype(ms.int64), four, two)),
        "map_negative": _try(lambda: P.MapUniform()(Tensor(np.array([-8, -3, 5], I64)), 2, 4)),
        "map_2d": _try(lambda: P.MapUniform()(Tensor(np.array([[0, 3], [7, 8]], I32)), 2, 4)),
        "map_too_large": _try(lambda: P.MapUniform()(ids, 1, 3)),
        "map_float": _try(lambda: P.MapUniform()(ids.astype(ms.float32), 2, 4)),
    }  # fmt: skip


def recompute_and_symbol(ms):
    """mindspore.recompute of a Cell (value and gradient) and of a plain function; Symbol's
    checks and set_inputs calls that keep to or break its rules."""
    from mindspore import Symbol, Tensor, nn, ops, recompute

    dense = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    x = Tensor(np.array([[1.0, -2.0]], F32))

    def summed(t):
        return recompute(dense, t).sum()

    def double(t):
        return t * 2

    class Add(nn.Cell):
        def construct(self, a, b):
            return a + b

    def call(a_shape, b_shape):
        s1, s2 = Symbol(max=16, divisor=8), Symbol(min=2, unique=True)
        net = Add()
        net.set_inputs(
            Tensor(shape=[s1, s2], dtype=ms.float32), Tensor(shape=[s1, s2], dtype=ms.float32)
        )
        ms.set_context(mode=ms.GRAPH_MODE)  # (PyNative checks the declaration in jit only)
        try:
            return net(Tensor(np.ones(a_shape, F32)), Tensor(np.ones(b_shape, F32))).shape
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)

    return {
        "recompute": _try(lambda: [recompute(dense, x), ops.grad(summed)(x)]),
        "recompute_function": _try(lambda: recompute(double, x)),
        "recompute_function_not_reentrant": _try(lambda: recompute(double, x, use_reentrant=False)),
        "symbol_str": str(Symbol(max=16, divisor=8, remainder=1)),
        "symbol_min_0": _try(lambda: Symbol(min=0)),
        "symbol_divisor_0": _try(lambda: Symbol(divisor=0)),
        "symbol_remainder": _try(lambda: Symbol(remainder=9, divisor=8)),
        "symbol_float_max": _try(lambda: Symbol(max=1.5)),
        "symbol_int_unique": _try(lambda: Symbol(unique=1)),
        "fits": _try(lambda: [list(call((16, 4), (16, 4))), list(call((8, 3), (8, 3)))]),
        "over_max": _try(lambda: call((24, 4), (24, 4))),
        "not_divisible": _try(lambda: call((12, 4), (12, 4))),
        "under_min": _try(lambda: call((8, 1), (8, 1))),
        "unique_differs": _try(lambda: call((8, 4), (8, 5))),
    }  # fmt: skip


def fixed_ksize_pools(ms):
    """FractionalMaxPoolWithFixedKsize and its 3-D form with given samples, and their
    refusals (an NDHWC input whose dim 1 is not the samples' channel count included: which
    samples MindSpore 2.10's NDHWC kernel pairs with which channel is not settled here)."""
    from mindspore import Tensor
    from mindspore.ops.operations import nn_ops

    rng = np.random.RandomState(3)
    x = Tensor(rng.randn(2, 3, 7, 6).astype(F32))
    samples = Tensor(rng.rand(2, 3, 2).astype(F32))
    x3 = Tensor(rng.randn(1, 2, 5, 6, 7).astype(F32))
    samples3 = Tensor(rng.rand(1, 2, 3).astype(F32))
    pool = nn_ops.FractionalMaxPoolWithFixedKsize((2, 3), (3, 2))
    pool3 = nn_ops.FractionalMaxPool3DWithFixedKsize((2, 2, 3), (3, 2, 2))
    last = nn_ops.FractionalMaxPool3DWithFixedKsize(1, 1, "NDHWC")
    return {
        "2d": _try(lambda: pool(x, samples)),
        "3d": _try(lambda: pool3(x3, samples3)),
        "3d_other_channels": _try(lambda: last(x3.transpose(0, 2, 3, 4, 1), samples3)),
        "3d_too_small": _try(lambda: nn_ops.FractionalMaxPool3DWithFixedKsize(4, 3)(x3, samples3)),
        "nhwc": _try(lambda: nn_ops.FractionalMaxPoolWithFixedKsize(2, 2, "NHWC")),
        "ksize_0": _try(lambda: nn_ops.FractionalMaxPoolWithFixedKsize(0, (3, 2))),
        "rank_3": _try(lambda: pool(x[0], samples[:1])),
    }


def volume_patches(ms):
    """ExtractVolumePatches, VALID and SAME, float32 and int32, its gradient and refusals."""
    from mindspore import Tensor, ops

    x = Tensor(np.random.RandomState(5).rand(2, 3, 4, 5, 6).astype(F32))
    valid = ops.ExtractVolumePatches((1, 1, 2, 2, 3), (1, 1, 1, 2, 2), "VALID")
    same = ops.ExtractVolumePatches((1, 1, 3, 2, 2), (1, 1, 2, 1, 2), "same")
    weights = Tensor(np.arange(36 * 12, dtype=F32).reshape(1, 36, 3, 2, 2) % 7)
    ones = (1, 1, 1, 1, 1)

    def weighted(t):
        return (valid(t) * weights).sum()

    return {
        "valid": _try(lambda: valid(x)),
        "same": _try(lambda: same(x)),
        "int32": _try(lambda: valid(x.astype(ms.int32) * 0 + 3)),
        "grad": _try(lambda: ops.grad(weighted)(x)),
        "on_channels": _try(lambda: ops.ExtractVolumePatches((1, 2, 2, 2, 2), ones, "VALID")),
        "rank_4": _try(lambda: valid(x[0])),
    }  # fmt: skip


CASES = {
    "clip_by_norm": clip_by_norm,
    "amsgrad_v2": amsgrad_v2,
    "softmax_backward_and_sequence_concat": softmax_backward_and_sequence_concat,
    "tensor_copies": tensor_copies,
    "embedding_ids": embedding_ids,
    "recompute_and_symbol": recompute_and_symbol,
    "fixed_ksize_pools": fixed_ksize_pools,
    "volume_patches": volume_patches,
}
