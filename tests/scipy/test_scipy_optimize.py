"""msfunc.scipy.optimize against SciPy: minimize, line_search, linear_sum_assignment."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
import scipy.optimize as so
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc as ms
from msfunc.scipy.optimize import OptimizeResults, line_search, linear_sum_assignment, minimize

C = np.array([1.0, -2.0, 0.5], np.float32)
W = np.array([1.0, 3.0, 0.5], np.float32)


def objective(x, xp=jnp):
    """A smooth non-quadratic test function (float32 BFGS fails on Rosenbrock in jax)."""
    return xp.sum((x - C) ** 2 * W) + 0.1 * xp.sum(x**4) + 0.5 * x[0] * x[1]


@pytest.mark.parametrize("method", ["BFGS", "LBFGS", "bfgs"])
def test_minimize_matches_scipy(method):
    x0 = np.zeros(3, np.float32)
    r = minimize(
        objective, ms.Parameter(ms.Tensor(x0), name="x0"), method=method, options={"maxiter": 200}
    )
    assert isinstance(r, OptimizeResults)
    ref = so.minimize(
        lambda x: objective(x, np),
        x0.astype(np.float64),
        method="L-BFGS-B" if "L" in method else "BFGS",
    )
    np.testing.assert_allclose(r.x, ref.x, atol=1e-4)
    if method.upper() == "BFGS":  # (float32 L-BFGS stops on a failed line search here, as
        assert bool(r.success) and int(r.status) == 0  # MindSpore's: test_scipy_golden.py)
    np.testing.assert_allclose(r.fun, ref.fun, rtol=1e-5)
    np.testing.assert_allclose(r.jac, jax.grad(objective)(r.x), atol=1e-5)
    assert int(r.nit) > 0
    assert (r.hess_inv is None) == (method == "LBFGS")


def test_minimize_args_vmap_and_errors():
    f = lambda x, c: jnp.sum((x - c) ** 2) + 0.1 * jnp.sum(x**4)
    cs = np.array([[1.0, -2.0], [2.0, 1.0], [-1.0, 0.0]], np.float32)
    rs = jax.vmap(lambda c: minimize(f, jnp.zeros(2), args=(c,), method="BFGS"))(cs)
    assert (np.asarray(rs.status) == 0).all()
    for c, x in zip(cs, rs.x):
        fnp = lambda x, c=c: np.sum((x - c) ** 2) + 0.1 * np.sum(x**4)
        ref = so.minimize(fnp, np.zeros(2), method="BFGS").x
        np.testing.assert_allclose(x, ref, atol=1e-3)
    with pytest.raises(ValueError, match="method"):
        minimize(f, jnp.zeros(2), args=(cs[0],))
    with pytest.raises(ValueError, match="method"):
        minimize(f, jnp.zeros(2), args=(cs[0],), method="Nelder-Mead")
    with pytest.raises(TypeError, match="args"):
        minimize(f, jnp.zeros(2), args=cs[0], method="BFGS")


def test_line_search_strong_wolfe_against_scipy():
    f = lambda x: jnp.sum((x - 1.0) ** 2) + jnp.sum(x**4)
    xk, pk = np.zeros(3, np.float32), np.ones(3, np.float32)
    r = line_search(f, xk, pk)
    assert not bool(r.failed)
    a = float(r.a_k)
    fnp = lambda x: float(f(jnp.asarray(x)))
    g = lambda x: np.asarray(jax.grad(f)(jnp.asarray(x, jnp.float32)), np.float64)
    f0, g0, f1 = fnp(xk), g(xk) @ pk, fnp(xk + a * pk)
    assert f1 <= f0 + 1e-4 * a * g0 + 1e-6  # sufficient decrease
    assert abs(g(xk + a * pk) @ pk) <= 0.9 * abs(g0) + 1e-5  # curvature
    ref = so.line_search(fnp, g, xk.astype(np.float64), pk.astype(np.float64))
    np.testing.assert_allclose(a, ref[0], rtol=1e-3)
    np.testing.assert_allclose(r.f_k, f1, rtol=1e-5)


def _scipy_padded(c, maximize, lim=None):
    k = min(c.shape)
    r, col = so.linear_sum_assignment(c if lim is None else c[:, :lim], maximize=maximize)
    rp, cp = np.full(k, -1), np.full(k, -1)
    rp[: len(r)], cp[: len(col)] = r, col
    return rp, cp


@settings(max_examples=7, deadline=None)  # each new shape compiles the solver (~1.5 s)
@given(
    m=st.integers(1, 6),
    n=st.integers(1, 6),
    integer=st.booleans(),
    maximize=st.booleans(),
    seed=st.integers(0, 2**31),
)
def test_linear_sum_assignment_matches_scipy(m, n, integer, maximize, seed):
    rng = np.random.default_rng(seed)
    c = (rng.integers(0, 4, (m, n)) if integer else rng.standard_normal((m, n))).astype(np.float32)
    r, col = linear_sum_assignment(c, maximize)
    # ties (integer costs) follow SciPy's tie-breaking exactly
    np.testing.assert_array_equal(r, so.linear_sum_assignment(c, maximize=maximize)[0])
    np.testing.assert_array_equal(col, so.linear_sum_assignment(c, maximize=maximize)[1])
    lim = int(rng.integers(1, n + 1))
    rp, cp = _scipy_padded(c, maximize, lim)
    r, col = linear_sum_assignment(c, maximize, lim)
    np.testing.assert_array_equal(r, rp)
    np.testing.assert_array_equal(col, cp)


def test_linear_sum_assignment_jit_vmap_traced_limit():
    rng = np.random.default_rng(3)
    cs = rng.standard_normal((8, 4, 6)).astype(np.float32)
    rows, cols = jax.jit(jax.vmap(linear_sum_assignment))(cs)
    for c, r, col in zip(cs, rows, cols):
        np.testing.assert_array_equal(r, so.linear_sum_assignment(c)[0])
        np.testing.assert_array_equal(col, so.linear_sum_assignment(c)[1])
    # a traced dimension_limit, both below and above the number of rows
    f = jax.jit(jax.vmap(lambda c, lim: linear_sum_assignment(c, True, lim)))
    lims = np.array([1, 2, 3, 4, 5, 6, 2, 6])
    rows, cols = f(cs, lims)
    for c, lim, r, col in zip(cs, lims, rows, cols):
        rp, cp = _scipy_padded(c, True, int(lim))
        np.testing.assert_array_equal(r, rp)
        np.testing.assert_array_equal(col, cp)
    tall = rng.standard_normal((7, 3)).astype(np.float32)
    np.testing.assert_array_equal(
        jax.jit(linear_sum_assignment)(tall)[1], so.linear_sum_assignment(tall)[1]
    )


def test_linear_sum_assignment_bad_input():
    with pytest.raises(ValueError, match="2-D"):
        linear_sum_assignment(np.ones(3))
    with pytest.raises(ValueError, match="invalid"):
        linear_sum_assignment(np.array([[np.nan, 1.0], [1.0, 2.0]]))
    with pytest.raises(ValueError, match="infeasible"):
        linear_sum_assignment(np.array([[np.inf, np.inf], [1.0, np.inf]]))
    r, c = jax.jit(linear_sum_assignment)(np.array([[np.inf, np.inf], [1.0, np.inf]]))
    assert (np.asarray(r) == -1).all() and (np.asarray(c) == -1).all()
    r, c = linear_sum_assignment(np.zeros((0, 3)))
    assert r.shape == (0,) and c.shape == (0,)
