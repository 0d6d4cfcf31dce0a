"""msfunc.numpy on the inputs mindspore.numpy accepts beyond numpy's: short windows, whole
floats as counts, list bins, scalar polynomials, float gcd/lcm; and its argument errors."""

import numpy as np
import pytest

import msfunc
import msfunc.numpy as mnp


def _np(x):
    return np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)


@pytest.mark.parametrize("name", ["bartlett", "blackman", "hamming", "hanning"])
def test_windows_of_fewer_than_two_points(name):
    for m in (-3, 0, 1, 4):
        got = getattr(mnp, name)(m)
        np.testing.assert_allclose(_np(got), getattr(np, name)(m), atol=1e-6)
        assert _np(got).dtype == np.float32


def test_triangle_indices_take_whole_floats():
    for fn, args in [(mnp.triu_indices, (3.0, 1.0, 4.0)), (mnp.tril_indices, (4.0, -1.0, 2.0))]:
        ref = getattr(np, fn.__name__)(*[int(a) for a in args])
        for got, want in zip(fn(*args), ref):
            np.testing.assert_array_equal(_np(got), want)
    a = np.ones((3, 4), np.float32)
    for got, want in zip(mnp.triu_indices_from(mnp.asarray(a), 1.0), np.triu_indices_from(a, 1)):
        np.testing.assert_array_equal(_np(got), want)
    with pytest.raises(TypeError, match="`k`"):
        mnp.tril_indices(3, 0.5)


def test_histograms_take_list_and_tuple_bins():
    x = np.array([-3.0, 0.5, 2.0, 2.5, 7.0, 9.0], np.float32)
    y = np.array([0.0, 1.0, 5.0, 2.0, 3.0, 8.0], np.float32)
    for bins in [(1, 2, 3), [2], 4]:
        for got, want in zip(
            mnp.histogram(mnp.asarray(x), bins=bins, range=(2, 20)),
            np.histogram(x, bins=bins, range=(2, 20)),
        ):
            np.testing.assert_allclose(_np(got), want, atol=1e-5)
    np.testing.assert_allclose(_np(mnp.histogram_bin_edges(mnp.asarray(x), [0, 1, 5])), [0, 1, 5])
    for got, want in zip(
        mnp.histogram2d(mnp.asarray(x), mnp.asarray(y), bins=[3, [0, 2, 9]]),
        np.histogram2d(x, y, bins=[3, [0, 2, 9]]),
    ):
        np.testing.assert_allclose(_np(got), want, atol=1e-5)


@pytest.mark.parametrize("name", ["polyadd", "polysub", "polymul"])
def test_polynomials_of_scalars(name):
    for a, b in [(3, 2), (np.array(2.0), np.array([1.0, 4.0])), ([1.0, 2.0], 5.0)]:
        got = getattr(mnp, name)(a, b)
        np.testing.assert_allclose(_np(got), getattr(np, name)(a, b))


def test_gcd_lcm_of_floats():
    x = np.arange(-12, 12, dtype=np.float32).reshape(2, 3, 4)
    y = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    xi, yi = x.astype(np.int64), y.astype(np.int64)
    np.testing.assert_array_equal(_np(mnp.gcd(x, y)), np.gcd(xi, yi))
    np.testing.assert_array_equal(_np(mnp.lcm(x, y)), np.lcm(xi, yi))
    assert _np(mnp.gcd(x, y)).dtype == np.float32
    # Halves: gcd(a, b) = gcd(2a, 2b) / 2.
    a, b = np.array([4.5, 1.5, 0.0]), np.array([6.0, 0.5, 0.0])
    np.testing.assert_allclose(
        _np(mnp.gcd(a.astype(np.float32), b.astype(np.float32))),
        np.gcd((2 * a).astype(int), (2 * b).astype(int)) / 2,
    )
    assert _np(mnp.gcd(mnp.array([4, 6]), 4)).tolist() == [4, 2]


def test_interp_left_and_right_are_not_confused():
    xp, fp = np.arange(-3.0, 3.0), np.linspace(-5.0, 7.0, 6)
    x = np.array([-9.0, -2.5, 0.0, 2.5, 9.0])
    args = [mnp.asarray(v.astype(np.float32)) for v in (x, xp, fp)]
    for kw in [dict(left=0.25), dict(right=0.75), dict(left=-1.0, right=1.0), {}]:
        np.testing.assert_allclose(
            _np(mnp.interp(*args, **kw)), np.interp(x, xp, fp, **kw), rtol=1e-6
        )


def test_meshgrid_flattens_inputs():
    xs = [np.full(3, 2.0), np.full((2, 3), 9.0), np.arange(4.0).reshape(2, 2)]
    for indexing in ("xy", "ij"):
        for got, want in zip(
            mnp.meshgrid(*map(mnp.asarray, xs), indexing=indexing),
            np.meshgrid(*xs, indexing=indexing),
        ):
            np.testing.assert_array_equal(_np(got), want)


def test_pad_takes_nested_lists():
    x = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    width, ends = [[1, 2], [0, 1]], [[0, 10], [9, 1]]
    got = mnp.pad(mnp.asarray(x), width, mode="linear_ramp", end_values=ends)
    want = np.pad(x, width, mode="linear_ramp", end_values=ends)
    np.testing.assert_allclose(_np(got), want, rtol=1e-6)
    got = mnp.pad(mnp.asarray(x), 1, mode="mean", stat_length=[[1, 2], [2, 1]])
    np.testing.assert_allclose(
        _np(got), np.pad(x, 1, mode="mean", stat_length=[[1, 2], [2, 1]]), rtol=1e-6
    )


def test_promote_types_python_types_are_32_bit():
    assert mnp.promote_types(int, mnp.bool_) == np.int32
    assert mnp.promote_types(int, float) == np.float32
    assert mnp.promote_types("float32", mnp.int64) == np.float32
    assert mnp.promote_types(mnp.int64, mnp.float16) == np.float16


def test_array_and_asarray_return_the_tensor_itself_when_nothing_changes():
    t = mnp.asarray([1, 2], dtype="int32")
    assert mnp.array(t, copy=False) is t
    assert mnp.asarray(t, dtype=mnp.int32) is t
    assert mnp.array(t) is not t
    assert mnp.asarray(t, dtype=mnp.float32) is not t
    assert mnp.array(t, copy=False, ndmin=2).shape == (1, 2)


def test_argument_errors():
    with pytest.raises(ValueError, match="dtype"):
        mnp.rand(2, dtype=msfunc.int32)
    with pytest.raises(ValueError, match="dtype"):
        mnp.randn(2, dtype="int32")
    with pytest.raises(ValueError, match="dtype"):
        mnp.randint(1, 5, 3, dtype="float")
    with pytest.raises(TypeError):
        mnp.rand(1, 1.2)
    with pytest.raises(ValueError, match="axis2"):
        mnp.swapaxes(mnp.ones((3, 3)), 1, 10)
    with pytest.raises(TypeError, match="initial"):
        mnp.amax(mnp.ones((2, 2)), initial=[1.0, 2.0])
    with pytest.raises(ValueError, match="last axes"):
        mnp.inner(mnp.ones((2, 2)), mnp.ones((3, 3)))
    with pytest.raises(TypeError, match="ar1"):
        mnp.intersect1d(None, None)
    with pytest.raises(TypeError, match="assume_unique"):
        mnp.setdiff1d([1, 2], [2], assume_unique=1)
    with pytest.raises(TypeError, match="return_indices"):
        mnp.intersect1d([1, 2], [2], return_indices=1)
    assert _np(mnp.setdiff1d([3, 1, 2], [2])).tolist() == [1, 3]
