"""msfunc.scipy.integrate against SciPy: odeint (values, gradient, vmap), trapezoid and simpson."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
import scipy.integrate as si

from msfunc.scipy import integrate

RNG = np.random.default_rng(0)


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
