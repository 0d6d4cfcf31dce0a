"""Golden values from real MindSpore 2.10 (CPU) for the semantics and argument checks of its CPU
kernels that its own ops tests rely on: ranges of diagonals (MatrixDiagV3 family), PReLU's and
ReLU6's gradients at their kinks, HSigmoid/HSwish/Mish values bit for bit, LpNorm's floor and
high powers, RandomPoisson's and RandomShuffle's argument checks, operands that do not broadcast,
TruncateMod/SquareSumAll dtype checks, out-of-range segment ids, and the private ``F`` of
``mindspore.ops.function.math_func``.

Writes tests/golden/ops_cpu_checks.json; read by tests/ops/test_ops_cpu_checks.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_cpu_checks

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py); only exception types are kept. No top-level import of MindSpore or msfunc.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "ops_cpu_checks.json"
)


def _outcome(call):
    """A call's result as lists (a tuple of Tensors as a list of them), or its exception kind."""
    try:  # (MindSpore reports some kernel errors only when the result is read)
        out = call()
        if isinstance(out, (tuple, list)):
            return [o.asnumpy().tolist() if hasattr(o, "asnumpy") else o for o in out]
        return out.asnumpy().tolist() if hasattr(out, "asnumpy") else out
    except Exception as exc:  # noqa: BLE001 - the type is the record
        return exception_kind(exc)


def math_func_f(ms):
    """``from mindspore.ops.function.math_func import F`` reads the functional namespace."""
    from mindspore.ops.function.math_func import F

    x = ms.Tensor(np.array([[1, 2], [3, 4], [5, 6]], np.float32))
    out = F.inplace_index_add(
        x, ms.Tensor(np.array([0, 1], np.int32)), ms.Tensor(np.ones((2, 2), np.float32)), axis=0
    )
    return out.asnumpy().tolist()


def matrix_diag_ranges(ms):
    """MatrixDiagV3, MatrixDiagPartV3 and MatrixSetDiagV3 with a range k = (low, high)."""
    from mindspore.ops.operations.array_ops import MatrixDiagPartV3, MatrixDiagV3, MatrixSetDiagV3

    def i32(v):
        return ms.Tensor(np.array(v, np.int32))

    diag = ms.Tensor(np.array([[0, 8, 9], [1, 2, 3], [4, 5, 0]], np.int32))
    two = ms.Tensor(np.array([1.0, 2.0], np.float32))
    zero = ms.Tensor(np.array(0.0, np.float32))
    a = ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    nine = ms.Tensor(np.array(9.0, np.float32))
    d3 = ms.Tensor(np.arange(9, dtype=np.float32).reshape(3, 3))
    calls = {
        "diag_band": lambda: MatrixDiagV3()(diag, i32([-1, 1]), i32(-1), i32(-1), i32(0)),
        "diag_left_right": lambda: MatrixDiagV3("LEFT_RIGHT")(
            ms.Tensor(np.array([[0, 8], [1, 2]], np.int32)), i32([0, 1]), i32(-1), i32(-1), i32(0)
        ),
        "diag_rows": lambda: MatrixDiagV3()(two, i32(0), i32(3), i32(-1), zero),
        "diag_too_few_rows": lambda: MatrixDiagV3()(two, i32(0), i32(1), i32(-1), zero),
        "diag_unfit": lambda: MatrixDiagV3()(two, i32(0), i32(4), i32(4), zero),
        "diag_k_reversed": lambda: MatrixDiagV3()(two, i32([1, 0]), i32(-1), i32(-1), zero),
        "part_right_left": lambda: MatrixDiagPartV3()(a, i32([-1, 2]), nine),
        "part_left_right": lambda: MatrixDiagPartV3("LEFT_RIGHT")(a, i32([-2, 1]), nine),
        "part_k_out_of_range": lambda: MatrixDiagPartV3()(a, i32([-3, 1]), nine),
        "set_band": lambda: MatrixSetDiagV3()(
            a, ms.Tensor(np.ones((2, 3), np.float32)), i32([0, 1])
        ),
        "set_left_right": lambda: MatrixSetDiagV3("LEFT_RIGHT")(a, d3, i32([-1, 1])),
        "bad_align": lambda: ms.ops.matrix_diag(
            ms.Tensor(np.array([[0, 8], [1, 2]], np.int32)), k=i32([0, 1]), align="BAD"
        ),
    }
    return {name: _outcome(call) for name, call in calls.items()}


def kink_gradients(ms):
    """PReLU's gradient at 0 is the slope; ReLU6's is 1 at 6 and 0 at 0 (ReLU6Grad too); one
    slope keeps a 0-D input 0-D."""
    from mindspore.ops.operations import _grad_ops as G

    grad = ms.ops.GradOperation(get_all=True)

    def prelu(a, b):
        return ms.ops.PReLU()(a, b)

    def relu6(a):
        return ms.ops.ReLU6()(a)

    x = ms.Tensor(np.array([-1.5, 0.0, 2.0], np.float32))
    w = ms.Tensor(np.array([0.25], np.float32))
    r = ms.Tensor(np.array([-1.0, 0.0, 3.0, 6.0, 6.5], np.float32))
    dprelu = grad(prelu)(x, w)
    scalar = ms.ops.PReLU()(ms.Tensor(np.array(-0.8, np.float32)), w)
    return {
        "prelu_dx": dprelu[0].asnumpy().tolist(),
        "prelu_dw": dprelu[1].asnumpy().tolist(),
        "prelu_scalar_shape": list(scalar.shape),
        "relu6_dx": grad(relu6)(r)[0].asnumpy().tolist(),
        "relu6_grad_op": G.ReLU6Grad()(ms.ops.ones_like(r), r).asnumpy().tolist(),
    }


def activation_values(ms):
    """HSigmoid and HSwish in float32, Mish and ResizeLinear1D in float16, bit for bit."""
    x = ms.Tensor(np.array([-2.7, -1.0, 0.3, 1.7, 2.0, 2.5], np.float32))
    h = ms.Tensor(np.linspace(0.0, 1.0, 41).astype(np.float16))
    return {
        "hsigmoid": ms.ops.HSigmoid()(x).asnumpy().tolist(),
        "hswish": ms.ops.HSwish()(x).asnumpy().tolist(),
        "mish_float16": ms.ops.Mish()(h).asnumpy().tolist(),
        "resize_linear_1d_float16": ms.ops.ResizeLinear1D()(
            ms.Tensor(np.array([[[1, 2, 3], [4, 5, 6.3]]], np.float16)),
            ms.Tensor(np.array([7], np.int64)),
        )
        .asnumpy()
        .tolist(),
    }


def lp_norm_bounds(ms):
    """LpNorm never goes below epsilon, and keeps a power that underflows float32."""
    lp = ms.ops.LpNorm
    high = lp(axis=0, p=90)(ms.Tensor(np.array([[0.33854103], [-0.13209231]], np.float32)))
    return {
        "p90": [round(v, 5) for v in high.asnumpy().tolist()],
        "zero_input": lp(axis=1, p=2)(ms.Tensor(np.zeros((2, 2), np.float32))).asnumpy().tolist(),
        "eps_floor": lp(axis=1, p=3, epsilon=0.5)(ms.Tensor(np.array([[0.1, 0.1]], np.float32)))
        .asnumpy()
        .tolist(),
    }


def random_argument_checks(ms):
    """random_poisson's shape, rate, dtype and seed checks; shuffle's input and seed checks."""
    shape = ms.Tensor(np.array([2, 3], np.int32))
    rate = ms.Tensor(np.array([0.5], np.float32))

    def poisson(*args, **kwargs):
        def call():
            out = ms.ops.random_poisson(*args, **kwargs)
            return [list(out.shape), str(out.dtype).lower()]

        return call

    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2))
    calls = {
        "tuple_shape": poisson((2, 3), rate, seed=1),
        "shape_2d": poisson(ms.Tensor(np.array([[1, 2], [3, 5]], np.int32)), rate, seed=1),
        "shape_negative": poisson(ms.Tensor(np.array([-3, 5], np.int32)), rate, seed=1),
        "shape_int16": poisson(ms.Tensor(np.array([3, 5], np.int16)), rate, seed=1),
        "shape_int64": poisson(ms.Tensor(np.array([3, 5], np.int64)), rate, seed=1),
        "rate_list": poisson(shape, [0.5], seed=1),
        "rate_bool": poisson(shape, ms.Tensor(np.array([True])), seed=1),
        "rate_int32": poisson(shape, ms.Tensor(np.array([2], np.int32)), seed=1),
        "dtype_bool": poisson(shape, rate, seed=1, dtype=ms.bool_),
        "dtype_int32": poisson(shape, rate, seed=1, dtype=ms.int32),
        "seed_negative": poisson(shape, rate, seed=-1),
        "seed_float": poisson(shape, rate, seed=0.5),
        "shuffle_int": lambda: ms.ops.shuffle(2, seed=3),
        "shuffle_seed_negative": lambda: ms.ops.shuffle(x, seed=-3),
        "shuffle_seed_bool": lambda: ms.ops.shuffle(x, seed=True),
        "rank_int": lambda: ms.ops.rank(1),
        "shape_int": lambda: ms.ops.shape(1),
        "shape_list_of_tensors": lambda: ms.ops.shape([x, x]),
        "shape_tensor": lambda: ms.ops.shape(x),
    }
    return {name: _outcome(call) for name, call in calls.items()}


def operand_checks(ms):
    """Operands that do not broadcast (ValueError); TruncateMod/TruncateDiv without a bool
    form; SquareSumAll's dtype and shape agreement."""
    P = ms.ops

    def t(values, dtype):
        return ms.Tensor(np.array(values, dtype))

    calls = {
        "add_no_broadcast": lambda: P.Add()(t([1, 4, -7], np.int32), t([3, 2], np.int32)),
        "truncate_mod_no_broadcast": lambda: P.TruncateMod()(
            t([1, 4, -7], np.int32), t([3, 2], np.int32)
        ),
        "truncate_mod_bools": lambda: P.TruncateMod()(t([True, False], bool), t([True], bool)),
        "truncate_div_bools": lambda: P.TruncateDiv()(t([True, False], bool), t([True], bool)),
        "truncate_mod_int_bool": lambda: P.TruncateMod()(t([1, 4, -7], np.int32), t([True], bool)),
        "square_sum_all": lambda: P.SquareSumAll()(t([1, 2], np.float32), t([3, 4], np.float32)),
        "square_sum_all_dtypes": lambda: P.SquareSumAll()(
            t([1, 2], np.float16), t([3, 4], np.float32)
        ),
        "square_sum_all_ints": lambda: P.SquareSumAll()(t([1, 2], np.int32), t([3, 4], np.int32)),
        "square_sum_all_shapes": lambda: P.SquareSumAll()(
            t([1, 2], np.float32), t([3, 4, 5], np.float32)
        ),
    }
    return {name: _outcome(call) for name, call in calls.items()}


def segment_ids(ms):
    """UnsortedSegment* refuse an id >= num_segments (RuntimeError) and drop a negative one;
    an empty uint64 segment of the minimum is the dtype's largest value."""
    x = ms.Tensor(np.array([1, 2, 3, 4], np.float32))
    too_large = ms.Tensor(np.array([0, 0, 1, 2], np.int32))
    negative = ms.Tensor(np.array([0, 0, 1, -1], np.int32))
    calls = {}
    for op in ("UnsortedSegmentMin", "UnsortedSegmentMax", "UnsortedSegmentSum"):
        prim = getattr(ms.ops, op)()
        calls[op + "_too_large"] = lambda p=prim: p(x, too_large, 2)
        calls[op + "_negative"] = lambda p=prim: p(x, negative, 2)
    calls["min_uint64_empty"] = lambda: ms.ops.UnsortedSegmentMin()(
        ms.Tensor(np.array([5, 7], np.uint64)), ms.Tensor(np.array([0, 0], np.int32)), 2
    )
    return {name: _outcome(call) for name, call in calls.items()}


def shapes_and_defaults(ms):
    """Median's ignore_nan and empty input, Tensor.expand by a sizes Tensor, stft's default
    output form for a real signal, nn.Pad's paddings checks."""
    x = ms.Tensor(np.array([[1.0, np.nan, 3.0, 2.0, 5.0]], np.float32))
    pad3 = ms.Tensor(np.ones((1, 3, 3), np.float32))
    calls = {
        # (NaN as a flag: JSON's NaN never equals itself)
        "median_nan_is_nan": lambda: np.isnan(ms.ops.Median(axis=1)(x)[0].asnumpy()).tolist(),
        "median_ignore_nan": lambda: ms.ops.Median(axis=1, ignore_nan=True)(x),
        "median_global_empty_is_nan": lambda: bool(
            np.isnan(
                ms.ops.Median(global_median=True)(ms.Tensor(np.zeros((2, 0), np.float32)))[
                    0
                ].asnumpy()
            )
        ),
        "expand_by_tensor": lambda: ms.Tensor(np.array([[1.0], [2.0]], np.float32)).expand(
            ms.Tensor(np.array([2, 3], np.int32))
        ),
        "stft_real_default": lambda: list(
            ms.ops.stft(ms.Tensor(np.ones((2, 6), np.float32)), 4, center=False).shape
        ),
        "pad_fewer_pairs": lambda: ms.nn.Pad(((0, 0), (1, 0)))(pad3),
        "pad_negative": lambda: ms.nn.Pad(((0, 0), (0, 0), (-1, 0)))(pad3),
        "pad_flat": lambda: ms.nn.Pad((0, 2)),
        "pad_five_pairs": lambda: ms.nn.Pad(((0, 0),) * 5),
    }
    return {name: _outcome(call) for name, call in calls.items()}


def coo_concat_checks(ms):
    """coo_concat's row-major result and its input checks (values of two dtypes are left out:
    MindSpore refuses them with a TypeError in graph mode, a RuntimeError in PyNative)."""

    def coo(indices, values, shape, dtype=np.float32):
        return ms.COOTensor(
            ms.Tensor(np.array(indices, np.int64)), ms.Tensor(np.array(values, dtype)), shape
        )

    a = coo([[0, 1], [1, 2]], [1, 2], (3, 4))
    b = coo([[0, 0], [1, 1]], [3, 4], (3, 4))

    def joined(parts, dim):
        def call():
            out = ms.ops.coo_concat(parts, dim)
            return [out.indices.asnumpy().tolist(), out.values.asnumpy().tolist(), list(out.shape)]

        return call

    calls = {
        "axis1": joined((a, b), 1),
        "axis0": joined((a, b), 0),
        "one_input": joined((a,), 1),
        "axis_out_of_range": joined((a, b), 2),
        "axis_float": joined((a, b), -1.0),
        "shapes": joined((a, coo([[0, 0]], [3.0], (4, 4))), 1),
    }
    return {name: _outcome(call) for name, call in calls.items()}


def primitive_cache(ms):
    """``mindspore.ops._primitive_cache._get_cache_prim``: one instance per class and
    arguments, which computes as the class does."""
    from mindspore.ops._primitive_cache import _get_cache_prim

    pow_op = _get_cache_prim(ms.ops.Pow)()
    return {
        "same_instance": pow_op is _get_cache_prim(ms.ops.Pow)(),
        "other_class": pow_op is _get_cache_prim(ms.ops.Add)(),
        "value": pow_op(ms.Tensor(np.array([1.0, 2.0, 4.0], np.float32)), 3).asnumpy().tolist(),
    }


def truncated_normal_far_bounds(ms):
    """Seeded ParameterizedTruncatedNormal in float64 with a lower bound 40 deviations below
    the mean (exp overflows in its proposal choice)."""
    op = ms.ops.operations.random_ops.ParameterizedTruncatedNormal(10, 20)
    args = [ms.Tensor(np.array(v, np.float64)) for v in ([6, 8], [0.1, 0.2], [2, 5], [10, 15])]
    out = op(ms.Tensor(np.array([2, 4], np.int32)), *args)
    return np.round(out.asnumpy(), 6).tolist()


def primitive_user_data(ms):
    """Values kept on a primitive by key (set_user_data / get_user_data), a key never set."""
    cast = ms.ops.Cast()
    x = ms.Tensor(np.array([1.5, 2.5], np.float64))
    cast.set_user_data("kept", x)
    kept = cast.get_user_data("kept")
    out = cast(x, ms.float32)
    return {
        "kept": kept.asnumpy().tolist(),
        "same_object": kept is x,
        "cast": out.asnumpy().tolist(),
        "missing": _outcome(lambda: cast.get_user_data("other")),
    }


SCENARIOS = [
    primitive_user_data,
    truncated_normal_far_bounds,
    primitive_cache,
    coo_concat_checks,
    shapes_and_defaults,
    math_func_f,
    matrix_diag_ranges,
    kink_gradients,
    activation_values,
    lp_norm_bounds,
    random_argument_checks,
    operand_checks,
    segment_ids,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
