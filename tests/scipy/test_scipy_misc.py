"""msfunc.scipy fft, sparse.linalg, integrate and special against SciPy."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
import scipy.fft as sf
import scipy.integrate as si
import scipy.special as ss

import msfunc as ms
from msfunc.scipy import fft, integrate, special
from msfunc.scipy.sparse import linalg as spl

RNG = np.random.default_rng(0)


def test_dct_default_is_orthonormal_like_mindspore():
    x = RNG.standard_normal(8).astype(np.float32)
    # MindSpore 2.10 returns the orthonormal transform for norm=None
    np.testing.assert_allclose(fft.dct(x), sf.dct(x, norm="ortho"), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(fft.idct(x), sf.idct(x, norm="ortho"), rtol=1e-5, atol=1e-5)
    for norm in ("backward", "ortho", "forward"):  # explicit norms follow SciPy
        np.testing.assert_allclose(
            fft.dct(x, norm=norm), sf.dct(x, norm=norm), rtol=1e-4, atol=1e-4
        )
        np.testing.assert_allclose(
            fft.idct(x, norm=norm), sf.idct(x, norm=norm), rtol=1e-4, atol=1e-4
        )
    np.testing.assert_allclose(fft.dct(x, n=12), sf.dct(x, n=12, norm="ortho"), atol=1e-5)
    np.testing.assert_allclose(fft.dct(x, n=5), sf.dct(x, n=5, norm="ortho"), atol=1e-5)
    np.testing.assert_allclose(
        fft.dct(np.arange(4)), sf.dct(np.arange(4.0), norm="ortho"), atol=1e-5
    )


def test_dctn_idctn_and_errors():
    x = RNG.standard_normal((3, 4, 5)).astype(np.float32)
    np.testing.assert_allclose(fft.dctn(x), sf.dctn(x, norm="ortho"), atol=1e-4)
    np.testing.assert_allclose(
        fft.dctn(x, axes=(0, 2)), sf.dctn(x, axes=(0, 2), norm="ortho"), atol=1e-4
    )
    np.testing.assert_allclose(
        fft.dctn(x, s=(2, 3), axes=(0, 2)),
        sf.dctn(x, s=(2, 3), axes=(0, 2), norm="ortho"),
        atol=1e-4,
    )
    np.testing.assert_allclose(fft.idctn(fft.dctn(x)), x, atol=1e-5)
    np.testing.assert_allclose(fft.idctn(x, norm="backward"), sf.idctn(x), atol=1e-4)
    np.testing.assert_allclose(
        fft.dctn(x, s=(2, 3), norm="forward"),
        sf.dctn(x, s=(2, 3), norm="forward"),
        rtol=1e-4,
        atol=1e-6,
    )
    np.testing.assert_allclose(fft.idctn(x, norm="forward"), sf.idctn(x, norm="forward"), rtol=1e-4)
    p = ms.Parameter(ms.Tensor(x[0, 0]), name="x")
    np.testing.assert_allclose(fft.dct(p), sf.dct(x[0, 0], norm="ortho"), atol=1e-5)
    g = jax.grad(lambda v: jnp.sum(fft.dct(v) ** 2))(x[0, 0])
    np.testing.assert_allclose(g, 2 * x[0, 0], atol=1e-5)  # orthonormal: |Dx|^2 = |x|^2
    with pytest.raises(NotImplementedError, match="type"):
        fft.dct(x, type=1)
    with pytest.raises(ValueError, match="norm"):
        fft.dct(x, norm="bad")


def _spd(n):
    a = RNG.standard_normal((n, n))
    return (a @ a.T + n * np.eye(n)).astype(np.float32)


@pytest.mark.parametrize("solver", ["cg", "gmres", "bicgstab"])
def test_iterative_solvers_matrix_and_operator(solver):
    a = _spd(6)
    b = RNG.standard_normal(6).astype(np.float32)
    fn = getattr(spl, solver)
    x, _ = fn(a, b, tol=1e-6)
    np.testing.assert_allclose(x, np.linalg.solve(a, b), rtol=1e-3, atol=1e-4)
    x2, _ = fn(lambda v: jnp.asarray(a) @ v, b, tol=1e-6)
    np.testing.assert_allclose(x2, x, atol=1e-4)
    x3, _ = fn(ms.Parameter(ms.Tensor(a), name="A"), b, tol=1e-6)
    np.testing.assert_allclose(x3, x, atol=1e-4)
    with pytest.raises(TypeError, match="`A`"):
        fn(np.ones(3), b)


def test_cg_gradient_and_vmap():
    a = _spd(5)
    b = RNG.standard_normal(5).astype(np.float32)
    g = jax.grad(lambda b: jnp.sum(spl.cg(a, b, tol=1e-7)[0] ** 2))(b)
    a64 = a.astype(np.float64)
    ref = 2 * np.linalg.solve(a64.T, np.linalg.solve(a64, b))
    np.testing.assert_allclose(g, ref, rtol=1e-3, atol=1e-4)
    bs = RNG.standard_normal((3, 5)).astype(np.float32)
    xs = jax.vmap(lambda b: spl.cg(a, b, tol=1e-7)[0])(bs)
    np.testing.assert_allclose(xs, np.linalg.solve(a, bs.T).T, rtol=1e-3, atol=1e-4)


def test_odeint_values_gradient_vmap():
    t = np.linspace(0.0, 2.0, 5).astype(np.float32)
    f = lambda y, t, k: jnp.stack([y[1], -k * y[0]])
    y0 = np.array([1.0, 0.0], np.float32)
    ys = integrate.odeint(f, y0, t, 4.0)
    ref = si.odeint(lambda y, t: [y[1], -4.0 * y[0]], y0, t, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(ys, ref, atol=1e-4)
    # d y0(T)/dk against the analytic derivative of cos(sqrt(k) T)
    g = jax.grad(lambda k: jnp.asarray(integrate.odeint(f, y0, t, k)[-1, 0]))(np.float32(4.0))
    np.testing.assert_allclose(g, -np.sin(2.0 * 2.0) * 2.0 / (2 * 2.0), rtol=1e-3)
    ks = np.array([1.0, 4.0, 9.0], np.float32)
    yv = jax.vmap(lambda k: integrate.odeint(f, y0, t, k)[-1, 0])(ks)
    np.testing.assert_allclose(yv, np.cos(np.sqrt(ks) * 2.0), atol=1e-4)
    with pytest.raises(ValueError, match="`t`"):
        integrate.odeint(f, y0, np.ones((2, 2)), 1.0)


@pytest.mark.parametrize("n", [2, 5, 6])
def test_trapezoid_simpson(n):
    x = np.sort(RNG.uniform(0, 3, n)).astype(np.float32)
    y = np.stack([np.sin(x), x**3]).astype(np.float32)
    np.testing.assert_allclose(integrate.trapezoid(y, x), si.trapezoid(y, x), rtol=1e-5)
    np.testing.assert_allclose(integrate.simpson(y, x=x), si.simpson(y, x=x), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(
        integrate.simpson(y[0], dx=0.5), si.simpson(y[0], dx=0.5), rtol=1e-4, atol=1e-5
    )


def test_special_forwards():
    x = np.linspace(0.1, 3.0, 7).astype(np.float32)
    np.testing.assert_allclose(special.gammaln(x), ss.gammaln(x), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(
        special.erf(ms.Parameter(ms.Tensor(x), name="e")), ss.erf(x), rtol=1e-5
    )
    np.testing.assert_allclose(special.logsumexp(x), ss.logsumexp(x), rtol=1e-5)
    assert "digamma" in special.__all__
