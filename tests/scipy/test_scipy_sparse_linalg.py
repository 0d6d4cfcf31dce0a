"""msfunc.scipy.sparse.linalg's iterative solvers (cg, gmres, bicgstab) against NumPy's solve:
matrices, operators and Parameters, gradients and vmap."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc.scipy.sparse import linalg as spl

RNG = np.random.default_rng(0)


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
