"""msfunc.numpy values checked against numpy: histograms, polynomials, calculus, products, random,
sub-modules."""

import numpy as np
import pytest
from _numpy_common import SETTINGS, close, floats
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import msfunc
import msfunc.numpy as mnp


# --------------------------------------------------------------------- histograms
@settings(max_examples=8, deadline=None)
@given(
    x=floats(-5, 5, shape=(7,)),
    bins=st.sampled_from([1, 4]),
    density=st.booleans(),
    weighted=st.booleans(),
)
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
poly_coeffs = hnp.arrays(
    np.float32, st.sampled_from([1, 3]), elements=st.floats(-3, 3, width=32, allow_subnormal=False)
)


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
    close(
        mnp.polyint(np.array([3.0, 2.0]), 2, k=[1.0, 2.0]), np.polyint([3.0, 2.0], 2, k=[1.0, 2.0])
    )
    with pytest.raises(ValueError, match="1-D"):
        mnp.polyval(mnp.ones((2, 2)), 1.0)
    with pytest.raises(ValueError, match="non-negative"):
        mnp.polyder(mnp.ones(3), -1)


# --------------------------------------------------------------------- calculus, products
@settings(max_examples=8, deadline=None)
@given(
    f=floats(-5, 5, shape=st.sampled_from([(5,), (4, 6)])),
    edge_order=st.sampled_from([1, 2]),
    spacing=st.sampled_from(["unit", "scalar", "coords"]),
)
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
    close(
        mnp.ediff1d(y, to_end=[1.0], to_begin=[2.0, 3.0]),
        np.ediff1d(y, to_end=[1.0], to_begin=[2.0, 3.0]),
        1e-5,
        1e-5,
    )
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
    close(mnp.cov(a, b, rowvar=False, bias=True), np.cov(a64, b64, rowvar=False, bias=True), **tol)
    fw = np.array([1, 2, 1, 1, 3])
    close(
        mnp.cov(a, fweights=fw, aweights=np.linspace(0.5, 1, 5)),
        np.cov(a64, fweights=fw, aweights=np.linspace(0.5, 1, 5)),
        **tol,
    )
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
    with pytest.raises(ValueError, match="floating"):
        mnp.rand(2, dtype=mnp.int32)
    with pytest.raises(ValueError, match="integer"):
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
    close(mnp.fft.fft(msfunc.Parameter(msfunc.Tensor(x), name="fft_x")), np.fft.fft(x), 1e-4, 1e-4)
