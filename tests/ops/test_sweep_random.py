"""Random ops under jit (same draws), vmap (per-element draws), grad (reparameterised)."""

from _sweep import sweep_tests
from sweep_specs.specs_random import SPECS

test_jit, test_vmap, test_grad = sweep_tests(SPECS)


def test_gamma_sample_gradient_is_the_implicit_one():
    """d sample / d alpha holds the CDF value u = P(alpha, x) fixed: x = P^-1(alpha, u)."""
    import jax
    import numpy as np
    from scipy import special
    from sweep_specs.specs_random import at_fixed_key

    from msfunc.ops import func_sampling as S

    alpha = np.array([1.3, 2.7, 0.6])
    with jax.enable_x64(True):
        draw = at_fixed_key(lambda a: S.random_gamma((), a))
        x = np.asarray(draw(alpha))
        grad = np.asarray(jax.jacfwd(draw)(alpha)).diagonal()
    u = special.gammainc(alpha, x)
    eps = 1e-6
    plus, minus = special.gammaincinv(alpha + eps, u), special.gammaincinv(alpha - eps, u)
    expected = (plus - minus) / (2 * eps)
    np.testing.assert_allclose(grad, expected, rtol=1e-5)
