"""msfunc.numpy values checked against numpy, family by family."""

import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import msfunc
import msfunc.numpy as mnp

SETTINGS = settings(max_examples=10, deadline=None)
SHAPES = st.just((2, 3))  # one shape: one compile per function


def floats(lo=-3.0, hi=3.0, shape=SHAPES):
    lo, hi = float(np.float32(lo)), float(np.float32(hi))
    elements = st.floats(lo, hi, width=32, allow_subnormal=False)
    return hnp.arrays(np.float32, shape, elements=elements)


def close(ours, ref, rtol=1e-5, atol=1e-5):
    dt = np.complex128 if np.iscomplexobj(ours) or np.iscomplexobj(ref) else np.float64
    np.testing.assert_allclose(np.asarray(ours, dt), np.asarray(ref, dt),
                               rtol=rtol, atol=atol, equal_nan=True)


# --------------------------------------------------------------------- element-wise
UNARY = {  # name: (numpy function, domain)
    "abs": (np.abs, (-3, 3)), "absolute": (np.absolute, (-3, 3)),
    "arccos": (np.arccos, (-0.99, 0.99)), "arccosh": (np.arccosh, (1.01, 4)),
    "arcsin": (np.arcsin, (-0.99, 0.99)), "arcsinh": (np.arcsinh, (-3, 3)),
    "arctan": (np.arctan, (-3, 3)), "arctanh": (np.arctanh, (-0.9, 0.9)),
    "cbrt": (np.cbrt, (-3, 3)), "ceil": (np.ceil, (-3, 3)), "cos": (np.cos, (-3, 3)),
    "cosh": (np.cosh, (-3, 3)), "deg2rad": (np.deg2rad, (-360, 360)),
    "exp": (np.exp, (-3, 3)), "exp2": (np.exp2, (-3, 3)), "expm1": (np.expm1, (-3, 3)),
    "fabs": (np.fabs, (-3, 3)), "floor": (np.floor, (-3, 3)), "fix": (np.fix, (-3, 3)),
    "log": (np.log, (0.1, 5)), "log10": (np.log10, (0.1, 5)), "log1p": (np.log1p, (-0.5, 5)),
    "log2": (np.log2, (0.1, 5)), "negative": (np.negative, (-3, 3)),
    "positive": (np.positive, (-3, 3)), "rad2deg": (np.rad2deg, (-3, 3)),
    "radians": (np.radians, (-360, 360)), "reciprocal": (np.reciprocal, (0.5, 3)),
    "rint": (np.rint, (-3, 3)), "sign": (np.sign, (-3, 3)), "sin": (np.sin, (-3, 3)),
    "sinh": (np.sinh, (-3, 3)), "sqrt": (np.sqrt, (0, 5)), "square": (np.square, (-3, 3)),
    "tan": (np.tan, (-1.2, 1.2)), "tanh": (np.tanh, (-3, 3)), "trunc": (np.trunc, (-3, 3)),
    "signbit": (np.signbit, (-3, 3)), "isfinite": (np.isfinite, (-3, 3)),
    "isnan": (np.isnan, (-3, 3)), "isinf": (np.isinf, (-3, 3)),
    "isneginf": (np.isneginf, (-3, 3)), "isposinf": (np.isposinf, (-3, 3)),
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
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
    "true_divide": np.true_divide, "maximum": np.maximum, "minimum": np.minimum,
    "arctan2": np.arctan2, "hypot": np.hypot, "copysign": np.copysign,
    "logaddexp": np.logaddexp, "logaddexp2": np.logaddexp2, "heaviside": np.heaviside,
    "equal": np.equal, "not_equal": np.not_equal, "less": np.less, "less_equal": np.less_equal,
    "greater": np.greater, "greater_equal": np.greater_equal, "fmod": np.fmod, "mod": np.mod,
    "remainder": np.remainder, "floor_divide": np.floor_divide,
    "logical_and": np.logical_and, "logical_or": np.logical_or, "logical_xor": np.logical_xor,
}


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_matches_numpy_with_broadcasting(name):
    ref = BINARY[name]

    @SETTINGS
    @given(x=floats(shape=(2, 3)), y=floats(0.5, 3.0, shape=(3,)),
           flip=st.booleans())
    def check(x, y, flip):
        y = np.where(flip, -y, y).astype(np.float32)  # non-zero divisors of either sign
        ours = getattr(mnp, name)(jnp.asarray(x), jnp.asarray(y))
        close(ours, ref(x.astype(np.float64), y.astype(np.float64)), rtol=2e-5, atol=2e-5)

    check()


INT_BINARY = {"bitwise_and": np.bitwise_and, "bitwise_or": np.bitwise_or,
              "bitwise_xor": np.bitwise_xor, "gcd": np.gcd, "lcm": np.lcm, "mod": np.mod,
              "fmod": np.fmod, "floor_divide": np.floor_divide, "remainder": np.remainder,
              "power": np.power}


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
    "sum": np.sum, "mean": np.mean, "var": np.var, "std": np.std, "amax": np.amax,
    "amin": np.amin, "max": np.max, "min": np.min, "ptp": np.ptp,
    "nansum": np.nansum, "nanmean": np.nanmean, "nanvar": np.nanvar, "nanstd": np.nanstd,
    "nanmax": np.nanmax, "nanmin": np.nanmin, "count_nonzero": np.count_nonzero,
    "sometrue": np.any,
}


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
def test_reductions_match_numpy(name):
    ref = REDUCTIONS[name]

    @SETTINGS
    @given(x=floats(shape=(3, 4)), axis=st.sampled_from([None, -1]),
           keepdims=st.booleans(), nan=st.booleans())
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
    close(mnp.amin(x, axis=1, initial=100.0, where=where),
          np.amin(x, axis=1, initial=100.0, where=where))
    close(mnp.average(x, axis=1, weights=np.arange(1.0, 5.0)),
          np.average(x, axis=1, weights=np.arange(1.0, 5.0)))
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


@pytest.mark.parametrize("ord_,axis", [(None, None), (1, None), (np.inf, None), (2, 1),
                                       ("fro", None), ("nuc", None), (-1, 0)])
def test_norm_matches_numpy(ord_, axis):
    x = np.array([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]], np.float32)
    if axis is None and ord_ in (1, np.inf):
        x = x[0]
    close(mnp.norm(x, ord_, axis), np.linalg.norm(x.astype(np.float64), ord_, axis), 1e-5, 1e-5)
    assert mnp.norm(x, ord_, axis, keepdims=True).ndim == x.ndim or axis is None


# --------------------------------------------------------------------- creation
def test_creation_defaults_are_float32():
    for arr in (mnp.ones(2), mnp.zeros((2, 2)), mnp.empty(3), mnp.eye(2), mnp.identity(3),
                mnp.tri(2), mnp.linspace(0, 1), mnp.logspace(0, 1), mnp.geomspace(1, 2),
                mnp.hamming(3), mnp.asfarray([1, 2]), mnp.full((2,), 1.0)):
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
    close(mnp.linspace(mnp.array([0.0, 1.0]), 2.0, 3, axis=1),
          np.linspace([0.0, 1.0], 2.0, 3, axis=1))
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
    for a, b in zip(mnp.meshgrid(np.arange(2), np.arange(3), sparse=True),
                    np.meshgrid(np.arange(2), np.arange(3), sparse=True), strict=True):
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


# --------------------------------------------------------------------- manipulation
def _pairs():
    a = np.arange(24).reshape(2, 3, 4)
    v = np.arange(6)
    return [
        (mnp.reshape(a, (4, -1)), a.reshape(4, -1)),
        (mnp.ravel(a), a.ravel()),
        (mnp.expand_dims(v, 1), np.expand_dims(v, 1)),
        (mnp.squeeze(a[:1]), np.squeeze(a[:1])),
        (mnp.transpose(a, (2, 0, 1)), np.transpose(a, (2, 0, 1))),
        (mnp.swapaxes(a, 0, 2), np.swapaxes(a, 0, 2)),
        (mnp.moveaxis(a, [0, 1], [-1, -2]), np.moveaxis(a, [0, 1], [-1, -2])),
        (mnp.rollaxis(a, 2, 1), np.rollaxis(a, 2, 1)),
        (mnp.broadcast_to(v, (2, 6)), np.broadcast_to(v, (2, 6))),
        (mnp.concatenate([a, a], axis=1), np.concatenate([a, a], axis=1)),
        (mnp.concatenate([a, a], axis=None), np.concatenate([a, a], axis=None)),
        (mnp.stack([v, v], axis=1), np.stack([v, v], axis=1)),
        (mnp.hstack([v, v]), np.hstack([v, v])),
        (mnp.vstack([v, v]), np.vstack([v, v])),
        (mnp.dstack([a, a]), np.dstack([a, a])),
        (mnp.column_stack([v, v]), np.column_stack([v, v])),
        (mnp.append(a, a, axis=0), np.append(a, a, axis=0)),
        (mnp.append(v, 9), np.append(v, 9)),
        (mnp.flip(a, (0, 2)), np.flip(a, (0, 2))),
        (mnp.fliplr(a), np.fliplr(a)),
        (mnp.flipud(a), np.flipud(a)),
        (mnp.rot90(a, 2, (1, 2)), np.rot90(a, 2, (1, 2))),
        (mnp.roll(a, (1, -1), (0, 2)), np.roll(a, (1, -1), (0, 2))),
        (mnp.repeat(v, np.arange(6)), np.repeat(v, np.arange(6))),
        (mnp.tile(v, (2, 1)), np.tile(v, (2, 1))),
        (mnp.pad(a, ((0, 0), (1, 1), (2, 0)), constant_values=-1),
         np.pad(a, ((0, 0), (1, 1), (2, 0)), constant_values=-1)),
        (mnp.pad(v, 3, "wrap"), np.pad(v, 3, "wrap")),
        (mnp.pad(v * 1.0, 3, "symmetric", reflect_type="odd"),
         np.pad(v * 1.0, 3, "symmetric", reflect_type="odd")),
        (mnp.pad(v * 1.0, 2, "maximum", stat_length=2), np.pad(v * 1.0, 2, "maximum",
                                                               stat_length=2)),
        (mnp.atleast_2d(v), np.atleast_2d(v)),
    ]


def test_manipulation_matches_numpy():
    for i, (ours, ref) in enumerate(_pairs()):
        assert np.asarray(ours).shape == ref.shape, i
        np.testing.assert_array_equal(ours, ref, err_msg=str(i))


def test_splits_match_numpy():
    a = np.arange(24).reshape(4, 3, 2)
    cases = [(mnp.split(a, 2), np.split(a, 2)), (mnp.split(a, [1, 3], 0), np.split(a, [1, 3])),
             (mnp.array_split(np.arange(7), 3), np.array_split(np.arange(7), 3)),
             (mnp.hsplit(a, 3), np.hsplit(a, 3)), (mnp.vsplit(a, [1]), np.vsplit(a, [1])),
             (mnp.dsplit(a, 2), np.dsplit(a, 2))]
    for ours, ref in cases:
        assert len(ours) == len(ref)
        for o, r in zip(ours, ref, strict=True):
            np.testing.assert_array_equal(o, r)
    outs = mnp.broadcast_arrays(np.ones(3), np.ones((2, 1)))
    assert [o.shape for o in outs] == [(2, 3), (2, 3)]
    assert [o.shape for o in mnp.atleast_3d(np.ones(2), np.ones((2, 2)))] == [(1, 2, 1),
                                                                               (2, 2, 1)]


def test_pad_bad_mode_and_callable_mode():
    with pytest.raises(ValueError, match="mode"):
        mnp.pad(mnp.ones(2), 1, mode="bogus")

    def padder(vector, pad_width, iaxis, kwargs):
        return vector.at[: pad_width[0]].set(9).at[len(vector) - pad_width[1]:].set(9)

    assert mnp.pad(mnp.array([1, 2]), 1, padder).tolist() == [9, 1, 2, 9]


def test_concatenate_rejects_non_sequences():
    with pytest.raises(TypeError, match="arrays"):
        mnp.concatenate(3)


# --------------------------------------------------------------------- indexing
def test_take_modes():
    a = np.arange(10.0).reshape(2, 5)
    idx = np.array([[0, 7], [-1, 2]])
    close(mnp.take(a, idx), np.take(a, idx, mode="clip"))
    close(mnp.take(a, idx, axis=1, mode="wrap"), np.take(a, idx, axis=1, mode="wrap"))
    close(mnp.take(a, np.array([1, 3]), axis=1, mode="raise"), np.take(a, [1, 3], axis=1))
    with pytest.raises(IndexError, match="indices"):
        mnp.take(a, np.array([11]), mode="raise")
    with pytest.raises(ValueError, match="mode"):
        mnp.take(a, idx, mode="fill")


def test_choose_select_where_piecewise():
    choices = [np.arange(4), np.arange(4) * 10, np.arange(4) * 100]
    idx = np.array([0, 2, 1, 4])
    np.testing.assert_array_equal(mnp.choose(idx, choices), np.choose(idx, choices, mode="clip"))
    np.testing.assert_array_equal(mnp.choose(idx, choices, "wrap"),
                                  np.choose(idx, choices, mode="wrap"))
    x = np.linspace(-2, 2, 7).astype(np.float32)
    conds, vals = [x < -1, x > 1], [x**2, -x]
    close(mnp.select(conds, vals, 9.0), np.select(conds, vals, 9.0))
    with pytest.raises(ValueError, match="same length"):
        mnp.select(conds, vals[:1])
    close(mnp.where(x > 0, x, 0.0), np.where(x > 0, x, 0.0))
    np.testing.assert_array_equal(mnp.where(x > 0)[0], np.where(x > 0)[0])
    with pytest.raises(ValueError, match="both"):
        mnp.where(x > 0, x)
    funcs = [lambda v: v * 2, 5.0, lambda v: -v]
    close(mnp.piecewise(x, [x < 0, x == 0], funcs), np.piecewise(x, [x < 0, x == 0], funcs))
    close(mnp.piecewise(x, x > 0, [1.0, 0.0]), np.piecewise(x, x > 0, [1.0, 0.0]))


def test_index_conversions_and_apply():
    idx = np.array([0, 5, 11])
    for a, b in zip(mnp.unravel_index(idx, (3, 4)), np.unravel_index(idx, (3, 4)), strict=True):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(mnp.unravel_index(idx, (3, 4), "F"), np.unravel_index(idx, (3, 4), order="F"),
                    strict=True):
        np.testing.assert_array_equal(a, b)
    multi = (np.array([0, 2, 5]), np.array([1, 3, 0]))
    np.testing.assert_array_equal(mnp.ravel_multi_index(multi, (3, 4)),
                                  np.ravel_multi_index(multi, (3, 4), mode="clip"))
    np.testing.assert_array_equal(mnp.ravel_multi_index(multi, (3, 4), "wrap", "F"),
                                  np.ravel_multi_index(multi, (3, 4), mode="wrap", order="F"))
    a = np.arange(12.0).reshape(3, 4)
    close(mnp.apply_along_axis(lambda v: v[::-1] * 2, 1, a),
          np.apply_along_axis(lambda v: v[::-1] * 2, 1, a))
    close(mnp.apply_over_axes(mnp.sum, a, 1), np.apply_over_axes(np.sum, a, 1))
    np.testing.assert_array_equal(mnp.argwhere(a > 6), np.argwhere(a > 6))
    np.testing.assert_array_equal(mnp.take_along_axis(a, np.array([[1], [0], [3]]), 1),
                                  np.take_along_axis(a, np.array([[1], [0], [3]]), 1))
    assert mnp.size(a) == 12 and mnp.size(a, 0) == 3 and mnp.size([[1, 2]]) == 2
    assert mnp.array_str(a[0]) == np.array_str(a[0])
    assert mnp.isscalar(3) and mnp.isscalar(np.float32(1)) and not mnp.isscalar(mnp.ones(()))
    for a_, b_ in zip(mnp.ix_(np.arange(2), np.arange(3)), np.ix_(np.arange(2), np.arange(3)),
                      strict=True):
        np.testing.assert_array_equal(a_, b_)
    for a_, b_ in zip(mnp.diag_indices(3, 3), np.diag_indices(3, 3), strict=True):
        np.testing.assert_array_equal(a_, b_)


# --------------------------------------------------------------------- logic, sets, search
def test_logic_and_sets_match_numpy():
    a = np.array([3, 1, 4, 1, 5, 9, 2, 6], np.int32)
    b = np.array([1, 5, 7], np.int32)
    np.testing.assert_array_equal(mnp.unique(a), np.unique(a))
    values, inverse = mnp.unique(a.reshape(2, 4), return_inverse=True)
    np.testing.assert_array_equal(values[inverse], a)
    np.testing.assert_array_equal(mnp.isin(a.reshape(2, 4), b, invert=True),
                                  np.isin(a.reshape(2, 4), b, invert=True))
    both, ia, ib = mnp.intersect1d(a, b, return_indices=True)
    np.testing.assert_array_equal(a[np.asarray(ia)], both)
    np.testing.assert_array_equal(b[np.asarray(ib)], both)
    np.testing.assert_array_equal(mnp.setdiff1d(a, b), np.setdiff1d(a, b))
    np.testing.assert_array_equal(mnp.bincount(a), np.bincount(a))
    w = np.linspace(0, 1, 8).astype(np.float32)
    close(mnp.bincount(a, w), np.bincount(a, w))
    with pytest.raises(TypeError, match="integers"):
        mnp.bincount(mnp.array([1.0]))
    x = np.array([0.0, 1.0, 1.5, 10.0], np.float32)
    bins = np.array([0.0, 1.0, 2.0], np.float32)
    for right in (False, True):
        np.testing.assert_array_equal(mnp.digitize(x, bins, right), np.digitize(x, bins, right))
    for side in ("left", "right"):
        np.testing.assert_array_equal(mnp.searchsorted(bins, x, side),
                                      np.searchsorted(bins, x, side))
    np.testing.assert_array_equal(mnp.searchsorted(np.array([3, 1, 2]), 2,
                                                   sorter=np.array([1, 2, 0])),
                                  np.searchsorted([3, 1, 2], 2, sorter=[1, 2, 0]))
    with pytest.raises(ValueError, match="side"):
        mnp.searchsorted(bins, x, "middle")
    assert bool(mnp.array_equal(a, a)) and not bool(mnp.array_equal(a, a[:3]))
    assert bool(mnp.array_equal(np.array([np.nan]), np.array([np.nan]), equal_nan=True))
    assert bool(mnp.array_equiv(np.array([1, 2]), np.array([[1, 2], [1, 2]])))
    np.testing.assert_array_equal(mnp.isclose(x, x + 1e-3, atol=1e-2),
                                  np.isclose(x, x + 1e-3, atol=1e-2))


def test_dtype_promotion_helpers():
    assert mnp.promote_types(mnp.int8, mnp.uint8) == np.int16
    assert mnp.promote_types(mnp.float16, mnp.float32) == np.float32
    assert mnp.result_type(mnp.array([1, 2]), mnp.float16) == np.float16
    assert mnp.result_type(mnp.int32, mnp.bool_) == np.int32
    with pytest.raises(ValueError, match="at least one"):
        mnp.result_type()


# --------------------------------------------------------------------- histograms
@settings(max_examples=8, deadline=None)
@given(x=floats(-5, 5, shape=(7,)), bins=st.sampled_from([1, 4]),
       density=st.booleans(), weighted=st.booleans())
def test_histogram_matches_numpy(x, bins, density, weighted):
    w = np.linspace(0.5, 2.0, x.size).astype(np.float32) if weighted else None
    hist, edges = mnp.histogram(x, bins, weights=w, density=density)
    ref_hist, ref_edges = np.histogram(x, bins, weights=w, density=density)
    close(edges, ref_edges, 1e-5, 1e-5)
    if np.ptp(x) > 1e-3:  # float32 edge rounding can move a value into a neighbour bin
        close(hist, ref_hist, 1e-4, 1e-4)
    assert (hist.dtype == np.int32) == (w is None and not density)


def test_histogram_variants():
    x = np.array([0.1, 0.4, 0.45, 0.9, 2.5], np.float32)
    y = np.array([1.0, 0.2, 0.3, 0.5, 0.7], np.float32)
    edges = np.array([0.0, 0.5, 1.0, 3.0], np.float32)
    close(mnp.histogram(x, edges)[0], np.histogram(x, edges)[0])
    close(mnp.histogram(x, 4, range=(0, 4))[0], np.histogram(x, 4, range=(0, 4))[0])
    h, ex, ey = mnp.histogram2d(x, y, bins=(2, 3))
    rh, rex, rey = np.histogram2d(x, y, bins=(2, 3))
    close(h, rh)
    close(ex, rex, 1e-6, 1e-6)
    close(ey, rey, 1e-6, 1e-6)
    sample = np.stack([x, y], axis=1)
    h, e = mnp.histogramdd(sample, bins=2, density=True)
    rh, re = np.histogramdd(sample, bins=2, density=True)
    close(h, rh, 1e-4, 1e-4)
    assert len(e) == 2
    h, _ = mnp.histogramdd((x, y), bins=2)
    close(h, np.histogramdd((x, y), bins=2)[0])


# --------------------------------------------------------------------- polynomials
poly_coeffs = hnp.arrays(np.float32, st.sampled_from([1, 3]),
                         elements=st.floats(-3, 3, width=32, allow_subnormal=False))


@SETTINGS
@given(p=poly_coeffs, q=poly_coeffs, x=floats(-2, 2, shape=(4,)), m=st.integers(0, 3))
def test_polynomials_match_numpy(p, q, x, m):
    close(mnp.polyadd(p, q), np.polyadd(p, q))
    close(mnp.polysub(p, q), np.polysub(p, q))
    # MindSpore (and jnp) keep leading zeros that numpy's polymul trims: compare with the
    # defining convolution instead.
    close(mnp.polymul(p, q), np.convolve(p.astype(np.float64), q), 1e-5, 1e-4)
    close(mnp.polyval(p, x), np.polyval(p.astype(np.float64), x), 1e-5, 1e-4)
    ref_der = np.polyder(p, m)
    ours_der = mnp.polyder(p, m)
    close(ours_der, ref_der, 1e-5, 1e-4)
    close(mnp.polyint(p, m), np.polyint(p, m), 1e-5, 1e-5)


def test_polynomial_integer_dtypes_and_errors():
    assert mnp.polyder(mnp.array([1, 2, 3])).dtype == np.int32
    assert mnp.polymul(mnp.array([1, 2]), mnp.array([3, 4])).tolist() == [3, 10, 8]
    close(mnp.polyint(np.array([3.0, 2.0]), 2, k=[1.0, 2.0]),
          np.polyint([3.0, 2.0], 2, k=[1.0, 2.0]))
    with pytest.raises(ValueError, match="1-D"):
        mnp.polyval(mnp.ones((2, 2)), 1.0)
    with pytest.raises(ValueError, match="non-negative"):
        mnp.polyder(mnp.ones(3), -1)


# --------------------------------------------------------------------- calculus, products
@settings(max_examples=8, deadline=None)
@given(f=floats(-5, 5, shape=st.sampled_from([(5,), (4, 6)])), edge_order=st.sampled_from([1, 2]),
       spacing=st.sampled_from(["unit", "scalar", "coords"]))
def test_gradient_matches_numpy(f, edge_order, spacing):
    if spacing == "unit":
        args = ()
    elif spacing == "scalar":
        args = (0.5,)
    else:
        args = tuple(np.cumsum(np.linspace(0.5, 1.5, n)).astype(np.float32) for n in f.shape)
    ours = mnp.gradient(f, *args, edge_order=edge_order)
    ref = np.gradient(f.astype(np.float64), *args, edge_order=edge_order)
    if f.ndim == 1:
        ours, ref = [ours], [ref]
    for o, r in zip(ours, ref, strict=True):
        close(o, r, 1e-4, 1e-3)


def test_gradient_axis_and_errors():
    f = np.arange(12.0).reshape(3, 4) ** 2
    close(mnp.gradient(f, axis=1), np.gradient(f, axis=1))
    close(mnp.gradient(f, 2.0, axis=-2), np.gradient(f, 2.0, axis=-2))
    with pytest.raises(ValueError, match="edge_order"):
        mnp.gradient(f, edge_order=3)
    with pytest.raises(ValueError, match="spacings"):
        mnp.gradient(f, 1.0, 2.0, 3.0)
    with pytest.raises(ValueError, match="points"):
        mnp.gradient(np.ones(2), edge_order=2)


@SETTINGS
@given(y=floats(-3, 3, shape=st.sampled_from([(5,), (3, 5)])), dx=st.floats(0.1, 2.0))
def test_trapz_diff_ediff1d_unwrap(y, dx):
    x = np.cumsum(np.linspace(0.1, 1.0, y.shape[-1])).astype(np.float32)
    close(mnp.trapz(y, dx=dx), np.trapezoid(y.astype(np.float64), dx=np.float32(dx)), 1e-4, 1e-4)
    close(mnp.trapz(y, x), np.trapezoid(y.astype(np.float64), x), 1e-4, 1e-4)
    close(mnp.diff(y, 2), np.diff(y, 2), 1e-5, 1e-5)
    close(mnp.diff(y, prepend=0.0, append=1.0), np.diff(y, prepend=0.0, append=1.0))
    close(mnp.ediff1d(y, to_end=[1.0], to_begin=[2.0, 3.0]),
          np.ediff1d(y, to_end=[1.0], to_begin=[2.0, 3.0]), 1e-5, 1e-5)
    # Reference in float32 too: a jump equal to `discont` must round the same way.
    phase = np.cumsum(y * 2, axis=-1).astype(np.float32)
    close(mnp.unwrap(phase), np.unwrap(phase), 1e-4, 1e-4)
    close(mnp.unwrap(phase, discont=4.0), np.unwrap(phase, discont=np.float32(4.0)), 1e-4, 1e-4)


@SETTINGS
@given(x=floats(-1, 5, shape=(6,)))
def test_interp_matches_numpy(x):
    xp = np.array([0.0, 1.0, 2.5, 4.0], np.float32)
    fp = np.array([1.0, -1.0, 3.0, 0.5], np.float32)
    close(mnp.interp(x, xp, fp), np.interp(x, xp, fp), 1e-5, 1e-5)
    close(mnp.interp(x, xp, fp, left=-9.0, right=9.0), np.interp(x, xp, fp, -9.0, 9.0))


@SETTINGS
@given(a=floats(shape=(3, 5)), b=floats(shape=(3, 5)))
def test_products_match_numpy(a, b):
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    tol = dict(rtol=1e-4, atol=1e-4)
    close(mnp.dot(a, b.T), a64 @ b64.T, **tol)
    close(mnp.inner(a, b), np.inner(a64, b64), **tol)
    close(mnp.outer(a[0], b[1]), np.outer(a64[0], b64[1]), **tol)
    close(mnp.kron(a[:2, :2], b[:2, :3]), np.kron(a64[:2, :2], b64[:2, :3]), **tol)
    close(mnp.tensordot(a, b, ([0, 1], [0, 1])), np.tensordot(a64, b64, ([0, 1], [0, 1])), **tol)
    close(mnp.matmul(a, b.T), a64 @ b64.T, **tol)
    close(mnp.multi_dot([a, b.T, a]), np.linalg.multi_dot([a64, b64.T, a64]), 1e-3, 1e-3)
    close(mnp.cross(a[:, :3], b[:, :3]), np.cross(a64[:, :3], b64[:, :3]), **tol)
    close(mnp.cross(a[:, :3], b[:, :3], axis=0), np.cross(a64[:, :3], b64[:, :3], axis=0), **tol)
    for mode in ("full", "same", "valid"):
        close(mnp.convolve(a[0], b[1, :3], mode), np.convolve(a64[0], b64[1, :3], mode), **tol)
        close(mnp.correlate(a[0], b[1, :3], mode), np.correlate(a64[0], b64[1, :3], mode), **tol)
    close(mnp.cov(a), np.cov(a64), **tol)
    close(mnp.cov(a, b, rowvar=False, bias=True), np.cov(a64, b64, rowvar=False, bias=True),
          **tol)
    fw = np.array([1, 2, 1, 1, 3])
    close(mnp.cov(a, fweights=fw, aweights=np.linspace(0.5, 1, 5)),
          np.cov(a64, fweights=fw, aweights=np.linspace(0.5, 1, 5)), **tol)
    if np.all(np.std(a64, axis=1) > 1e-2):
        close(mnp.corrcoef(a), np.corrcoef(a64), 1e-3, 1e-3)


def test_convolve_errors():
    with pytest.raises(ValueError, match="mode"):
        mnp.convolve(mnp.ones(3), mnp.ones(2), "circular")
    with pytest.raises(ValueError, match="1-D"):
        mnp.correlate(mnp.ones((2, 2)), mnp.ones(2))
    with pytest.raises(ValueError, match="two"):
        mnp.multi_dot([mnp.ones((2, 2))])


# --------------------------------------------------------------------- random
def test_random_shapes_dtypes_and_ranges():
    msfunc.set_seed(3)
    u = np.asarray(mnp.rand(40, 100))
    assert u.dtype == np.float32 and mnp.rand((40, 100)).shape == (40, 100)
    assert u.min() >= 0.0 and u.max() < 1.0 and abs(u.mean() - 0.5) < 0.03
    n = np.asarray(mnp.randn(40, 100))
    assert n.dtype == np.float32 and abs(n.mean()) < 0.06 and abs(n.std() - 1.0) < 0.05
    r = np.asarray(mnp.randint(2, 7, shape=(40, 100)))
    assert r.dtype == np.int32 and r.min() == 2 and r.max() == 6
    r = np.asarray(mnp.randint(4, shape=(40, 100)))
    assert r.min() == 0 and r.max() == 3
    assert mnp.rand(3, dtype=mnp.float16).dtype == np.float16
    assert mnp.randint(3).shape == ()


def test_random_follows_global_seed():
    msfunc.set_seed(11)
    a = (mnp.rand(40, 100), mnp.randn(40, 100), mnp.randint(100, shape=(40, 100)))
    b = mnp.rand(40, 100)
    msfunc.set_seed(11)
    a2 = (mnp.rand(40, 100), mnp.randn(40, 100), mnp.randint(100, shape=(40, 100)))
    for x, y in zip(a, a2, strict=True):
        np.testing.assert_array_equal(x, y)
    assert not np.array_equal(a[0], b)


def test_random_bad_arguments():
    with pytest.raises(ValueError, match="maxval"):
        mnp.randint(5, 5)
    with pytest.raises(TypeError, match="floating"):
        mnp.rand(2, dtype=mnp.int32)
    with pytest.raises(TypeError, match="integer"):
        mnp.randint(5, dtype=mnp.float32)
    with pytest.raises(TypeError, match="shape"):
        mnp.randn(2.5)


# --------------------------------------------------------------------- sub-modules
def test_linalg_and_fft_submodules():
    rng = np.random.default_rng(1)
    a = rng.normal(size=(3, 3)).astype(np.float32) + 4 * np.eye(3, dtype=np.float32)
    b = rng.normal(size=(3, 2)).astype(np.float32)
    close(mnp.linalg.solve(a, b), np.linalg.solve(a, b), 1e-4, 1e-4)
    p = msfunc.Parameter(msfunc.Tensor(a), name="lin_a")
    close(mnp.linalg.solve(p, b), np.linalg.solve(a, b), 1e-4, 1e-4)
    close(mnp.linalg.inv(p), np.linalg.inv(a), 1e-4, 1e-4)
    x = rng.normal(size=8).astype(np.float32)
    close(mnp.fft.fft(msfunc.Parameter(msfunc.Tensor(x), name="fft_x")), np.fft.fft(x), 1e-4,
          1e-4)
