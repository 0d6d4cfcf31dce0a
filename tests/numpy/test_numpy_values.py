"""msfunc.numpy values checked against numpy: element-wise, reductions, creation."""

import jax.numpy as jnp
import numpy as np
import pytest
from _numpy_common import SETTINGS, close, floats
from hypothesis import given
from hypothesis import strategies as st

import msfunc.numpy as mnp

# --------------------------------------------------------------------- element-wise
UNARY = {  # name: (numpy function, domain)
    "abs": (np.abs, (-3, 3)),
    "absolute": (np.absolute, (-3, 3)),
    "arccos": (np.arccos, (-0.99, 0.99)),
    "arccosh": (np.arccosh, (1.01, 4)),
    "arcsin": (np.arcsin, (-0.99, 0.99)),
    "arcsinh": (np.arcsinh, (-3, 3)),
    "arctan": (np.arctan, (-3, 3)),
    "arctanh": (np.arctanh, (-0.9, 0.9)),
    "cbrt": (np.cbrt, (-3, 3)),
    "ceil": (np.ceil, (-3, 3)),
    "cos": (np.cos, (-3, 3)),
    "cosh": (np.cosh, (-3, 3)),
    "deg2rad": (np.deg2rad, (-360, 360)),
    "exp": (np.exp, (-3, 3)),
    "exp2": (np.exp2, (-3, 3)),
    "expm1": (np.expm1, (-3, 3)),
    "fabs": (np.fabs, (-3, 3)),
    "floor": (np.floor, (-3, 3)),
    "fix": (np.fix, (-3, 3)),
    "log": (np.log, (0.1, 5)),
    "log10": (np.log10, (0.1, 5)),
    "log1p": (np.log1p, (-0.5, 5)),
    "log2": (np.log2, (0.1, 5)),
    "negative": (np.negative, (-3, 3)),
    "positive": (np.positive, (-3, 3)),
    "rad2deg": (np.rad2deg, (-3, 3)),
    "radians": (np.radians, (-360, 360)),
    "reciprocal": (np.reciprocal, (0.5, 3)),
    "rint": (np.rint, (-3, 3)),
    "sign": (np.sign, (-3, 3)),
    "sin": (np.sin, (-3, 3)),
    "sinh": (np.sinh, (-3, 3)),
    "sqrt": (np.sqrt, (0, 5)),
    "square": (np.square, (-3, 3)),
    "tan": (np.tan, (-1.2, 1.2)),
    "tanh": (np.tanh, (-3, 3)),
    "trunc": (np.trunc, (-3, 3)),
    "signbit": (np.signbit, (-3, 3)),
    "isfinite": (np.isfinite, (-3, 3)),
    "isnan": (np.isnan, (-3, 3)),
    "isinf": (np.isinf, (-3, 3)),
    "isneginf": (np.isneginf, (-3, 3)),
    "isposinf": (np.isposinf, (-3, 3)),
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_matches_numpy(name):
    ref, (lo, hi) = UNARY[name]

    @SETTINGS
    @given(x=floats(lo, hi))
    def check(x):
        ours = getattr(mnp, name)(jnp.asarray(x))
        expected = ref(x.astype(np.float64))
        assert np.asarray(ours).dtype.kind == np.asarray(expected).dtype.kind
        close(ours, expected, rtol=2e-5, atol=2e-5)

    check()


def test_unary_special_values():
    x = mnp.array([np.nan, np.inf, -np.inf, 0.0, -0.0])
    for name in ("isfinite", "isinf", "isnan", "isneginf", "isposinf", "signbit"):
        np.testing.assert_array_equal(getattr(mnp, name)(x), getattr(np, name)(np.asarray(x)))


BINARY = {
    "add": np.add,
    "subtract": np.subtract,
    "multiply": np.multiply,
    "divide": np.divide,
    "true_divide": np.true_divide,
    "maximum": np.maximum,
    "minimum": np.minimum,
    "arctan2": np.arctan2,
    "hypot": np.hypot,
    "copysign": np.copysign,
    "logaddexp": np.logaddexp,
    "logaddexp2": np.logaddexp2,
    "heaviside": np.heaviside,
    "equal": np.equal,
    "not_equal": np.not_equal,
    "less": np.less,
    "less_equal": np.less_equal,
    "greater": np.greater,
    "greater_equal": np.greater_equal,
    "fmod": np.fmod,
    "mod": np.mod,
    "remainder": np.remainder,
    "floor_divide": np.floor_divide,
    "logical_and": np.logical_and,
    "logical_or": np.logical_or,
    "logical_xor": np.logical_xor,
}


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_matches_numpy_with_broadcasting(name):
    ref = BINARY[name]

    @SETTINGS
    @given(x=floats(shape=(2, 3)), y=floats(0.5, 3.0, shape=(3,)), flip=st.booleans())
    def check(x, y, flip):
        y = np.where(flip, -y, y).astype(np.float32)  # non-zero divisors of either sign
        ours = getattr(mnp, name)(jnp.asarray(x), jnp.asarray(y))
        close(ours, ref(x.astype(np.float64), y.astype(np.float64)), rtol=2e-5, atol=2e-5)

    check()


INT_BINARY = {
    "bitwise_and": np.bitwise_and,
    "bitwise_or": np.bitwise_or,
    "bitwise_xor": np.bitwise_xor,
    "gcd": np.gcd,
    "lcm": np.lcm,
    "mod": np.mod,
    "fmod": np.fmod,
    "floor_divide": np.floor_divide,
    "remainder": np.remainder,
    "power": np.power,
}


@pytest.mark.parametrize("name", sorted(INT_BINARY))
def test_integer_binary_matches_numpy(name):
    rng = np.random.default_rng(0)
    x = rng.integers(-20, 20, (4, 5)).astype(np.int32)
    y = rng.integers(1, 6, (5,)).astype(np.int32) * np.array([1, -1, 1, -1, 1], np.int32)
    if name == "power":
        x, y = np.abs(x) % 5, np.abs(y)
    ours = getattr(mnp, name)(jnp.asarray(x), jnp.asarray(y))
    assert np.asarray(ours).dtype == np.int32
    np.testing.assert_array_equal(ours, INT_BINARY[name](x, y))


def test_integer_unary_and_divmod():
    x = np.array([-7, -1, 0, 5], np.int32)
    np.testing.assert_array_equal(mnp.invert(x), np.invert(x))
    np.testing.assert_array_equal(mnp.bitwise_not(x), np.bitwise_not(x))
    q, r = mnp.divmod(x, 3)
    np.testing.assert_array_equal(q, np.floor_divide(x, 3))
    np.testing.assert_array_equal(r, np.mod(x, 3))
    np.testing.assert_array_equal(mnp.logical_not(x), np.logical_not(x))


def test_dtype_argument_casts_results():
    x = mnp.array([1, 2, 3])
    assert mnp.add(x, x, dtype=mnp.float32).dtype == np.float32
    assert mnp.sqrt(x, dtype=mnp.float16).dtype == np.float16
    assert mnp.clip(x, 1, 2, dtype=mnp.float32).tolist() == [1.0, 2.0, 2.0]
    q, r = mnp.divmod(x, 2, dtype=mnp.float32)
    assert q.dtype == r.dtype == np.float32


def test_float_power_with_python_int_and_float():
    x = mnp.array([1, 2, 3])
    close(mnp.float_power(x, 2), [1.0, 4.0, 9.0])
    close(mnp.float_power(2, x), [2.0, 4.0, 8.0])
    close(mnp.float_power(mnp.array([4.0]), 0.5), [2.0])
    assert mnp.float_power(x, 2).dtype == np.float32


def test_clip_with_one_bound_and_both_none():
    x = mnp.array([1.0, 5.0])
    assert mnp.clip(x, None, 2.0).tolist() == [1.0, 2.0]
    with pytest.raises(ValueError, match="xmin"):
        mnp.clip(x, None, None)


# --------------------------------------------------------------------- reductions
REDUCTIONS = {
    "sum": np.sum,
    "mean": np.mean,
    "var": np.var,
    "std": np.std,
    "amax": np.amax,
    "amin": np.amin,
    "max": np.max,
    "min": np.min,
    "ptp": np.ptp,
    "nansum": np.nansum,
    "nanmean": np.nanmean,
    "nanvar": np.nanvar,
    "nanstd": np.nanstd,
    "nanmax": np.nanmax,
    "nanmin": np.nanmin,
    "count_nonzero": np.count_nonzero,
    "sometrue": np.any,
}


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
def test_reductions_match_numpy(name):
    ref = REDUCTIONS[name]

    @SETTINGS
    @given(
        x=floats(shape=(3, 4)),
        axis=st.sampled_from([None, -1]),
        keepdims=st.booleans(),
        nan=st.booleans(),
    )
    def check(x, axis, keepdims, nan):
        if nan and name.startswith("nan"):
            x = x.copy()
            x[0, 1] = np.nan
        ours = getattr(mnp, name)(jnp.asarray(x), axis=axis, keepdims=keepdims)
        close(ours, ref(x.astype(np.float64), axis=axis, keepdims=keepdims), 1e-4, 1e-4)

    check()


def test_reduction_options():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    close(mnp.var(x, axis=0, ddof=1), np.var(x, axis=0, ddof=1))
    close(mnp.std(x, ddof=1), np.std(x, ddof=1))
    close(mnp.nanvar(x, 1, ddof=1), np.nanvar(x, 1, ddof=1))
    close(mnp.sum(x, axis=1, initial=5.0), np.sum(x, axis=1, initial=5.0))
    close(mnp.amax(x, axis=0, initial=20.0), np.amax(x, axis=0, initial=20.0))
    where = np.array([True, False, True, True])
    close(
        mnp.amin(x, axis=1, initial=100.0, where=where),
        np.amin(x, axis=1, initial=100.0, where=where),
    )
    close(
        mnp.average(x, axis=1, weights=np.arange(1.0, 5.0)),
        np.average(x, axis=1, weights=np.arange(1.0, 5.0)),
    )
    avg, wsum = mnp.average(x, axis=0, weights=np.ones((3, 4)), returned=True)
    close(avg, x.mean(0))
    close(wsum, [3.0] * 4)
    assert mnp.sum(x, dtype=mnp.int32).dtype == np.int32
    close(mnp.trace(x), np.trace(x))
    close(mnp.trace(x, 1, dtype=mnp.float32), np.trace(x, 1))
    close(mnp.diagonal(x, -1), np.diagonal(x, -1))


def test_mean_of_ints_is_float32_not_truncated():
    out = mnp.mean(mnp.array([1, 2]))
    assert out.dtype == np.float32 and float(out) == 1.5
    assert float(mnp.average(mnp.array([1, 2]))) == 1.5


def test_argmax_argmin_and_cumulative():
    x = np.array([[3, 9, 1], [7, 2, 8]], np.float32)
    np.testing.assert_array_equal(mnp.argmax(x), np.argmax(x))
    np.testing.assert_array_equal(mnp.argmin(x, axis=1), np.argmin(x, axis=1))
    close(mnp.cumsum(x, axis=1), np.cumsum(x, axis=1))
    close(mnp.cumprod(x), np.cumprod(x))
    assert mnp.cumsum(x, dtype=mnp.int32).dtype == np.int32
    y = np.array([1.0, np.nan, 3.0], np.float32)
    close(mnp.nancumsum(y), np.nancumsum(y))


@pytest.mark.parametrize(
    "ord_,axis",
    [(None, None), (1, None), (np.inf, None), (2, 1), ("fro", None), ("nuc", None), (-1, 0)],
)
def test_norm_matches_numpy(ord_, axis):
    x = np.array([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]], np.float32)
    if axis is None and ord_ in (1, np.inf):
        x = x[0]
    close(mnp.norm(x, ord_, axis), np.linalg.norm(x.astype(np.float64), ord_, axis), 1e-5, 1e-5)
    assert mnp.norm(x, ord_, axis, keepdims=True).ndim == x.ndim or axis is None


# --------------------------------------------------------------------- creation
def test_creation_defaults_are_float32():
    for arr in (
        mnp.ones(2),
        mnp.zeros((2, 2)),
        mnp.empty(3),
        mnp.eye(2),
        mnp.identity(3),
        mnp.tri(2),
        mnp.linspace(0, 1),
        mnp.logspace(0, 1),
        mnp.geomspace(1, 2),
        mnp.hamming(3),
        mnp.asfarray([1, 2]),
        mnp.full((2,), 1.0),
    ):
        assert arr.dtype == np.float32
    assert mnp.arange(3).dtype == np.int32
    assert mnp.full((2,), 1).dtype == np.int32
    assert mnp.indices((2,)).dtype == np.int32
    assert mnp.ones(2, mnp.int32).dtype == np.int32
    assert mnp.asfarray([1, 2], mnp.int32).dtype == np.float32
    assert mnp.asfarray([1, 2], mnp.float16).dtype == np.float16


def test_creation_values_match_numpy():
    close(mnp.arange(1, 10, 3), np.arange(1, 10, 3))
    close(mnp.arange(0.0, 1.0, 0.25), np.arange(0.0, 1.0, 0.25))
    close(mnp.linspace(2, 3, 5, endpoint=False), np.linspace(2, 3, 5, endpoint=False))
    samples, step = mnp.linspace(0, 1, 5, retstep=True)
    close(step, 0.25)
    close(
        mnp.linspace(mnp.array([0.0, 1.0]), 2.0, 3, axis=1), np.linspace([0.0, 1.0], 2.0, 3, axis=1)
    )
    m = np.arange(12).reshape(3, 4)
    close(mnp.tril(m, 1), np.tril(m, 1))
    close(mnp.triu(m, -1), np.triu(m, -1))
    close(mnp.full((2, 2), mnp.array([1.0, 2.0])), np.full((2, 2), [1.0, 2.0]))
    close(mnp.full_like(m, 7, shape=(2,)), [7, 7])
    close(mnp.zeros_like(m, dtype=mnp.float32), np.zeros((3, 4)))
    assert mnp.empty_like(m, shape=(1, 2)).shape == (1, 2)
    for a, b in zip(mnp.tril_indices(4, -1, 5), np.tril_indices(4, -1, 5), strict=True):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(mnp.triu_indices_from(m, 1), np.triu_indices_from(m, 1), strict=True):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(
        mnp.meshgrid(np.arange(2), np.arange(3), sparse=True),
        np.meshgrid(np.arange(2), np.arange(3), sparse=True),
        strict=True,
    ):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(mnp.mgrid[0:4:2, 1:3], np.mgrid[0:4:2, 1:3])
    close(mnp.diag(np.arange(3), 1), np.diag(np.arange(3), 1))
    close(mnp.diagflat(np.ones((2, 2)), -1), np.diagflat(np.ones((2, 2)), -1))


def test_asarray_accepts_numpy_and_array_copies():
    src = np.arange(3, dtype=np.float32)
    close(mnp.asarray(src), src)
    assert mnp.asarray(src, mnp.int32).dtype == np.int32
    assert mnp.array(src, ndmin=3).shape == (1, 1, 3)
    assert mnp.array([[1, 2]], dtype=mnp.float32).dtype == np.float32
    assert mnp.array((mnp.ones(2), mnp.zeros(2))).shape == (2, 2)


def test_creation_bad_arguments():
    with pytest.raises(TypeError, match="shape"):
        mnp.ones("3")
    with pytest.raises(TypeError, match="dtype"):
        mnp.zeros(2, dtype="not-a-dtype")
    with pytest.raises(TypeError, match="M"):
        mnp.hamming(2.5)
    with pytest.raises(ValueError, match="indexing"):
        mnp.meshgrid(mnp.ones(2), indexing="zz")
