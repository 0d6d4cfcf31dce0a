"""COO/CSR sparse and FFT/window ops under jit, vmap and grad (finite differences)."""

import pytest
from _sweep import sweep_tests
from sweep_specs.specs_sparse_fft import SPECS

test_jit, test_vmap, test_grad = sweep_tests(SPECS)


# -- regressions for ops the sweep found broken (values, beyond the transform checks) ----
def test_csr_mv_matches_dense_product_under_vmap():
    import jax
    import numpy as np

    from msfunc.ops import func_sparse as S
    from msfunc.ops import func_sparse_math as SM

    m = S.make_csr_tensor(
        np.array([0, 1, 3, 3]), np.array([1, 0, 2]), np.array([1.0, 2.0, 3.0], np.float32), (3, 4)
    )
    dense = np.asarray(S.csr_to_dense(m))
    v = np.arange(8, dtype=np.float32).reshape(2, 4, 1)
    got = jax.vmap(lambda x: SM.csr_mv(m, x))(v)
    np.testing.assert_allclose(got, dense @ v, rtol=1e-6)
    np.testing.assert_allclose(SM.csr_mv(m, v[0, :, 0]), dense @ v[0, :, 0], rtol=1e-6)


def test_coo_add_thresholds_only_summed_entries():
    import numpy as np

    from msfunc.ops import func_sparse as S
    from msfunc.ops import func_sparse_math as SM

    # MindSpore 2.10 golden values: single entries are kept below thresh, sums are not.
    a = S.make_coo_tensor(np.array([[0, 1], [1, 2]]), np.array([0.3, 0.2], np.float32), (2, 3))
    b = S.make_coo_tensor(np.array([[0, 1], [1, 0]]), np.array([0.1, 0.1], np.float32), (2, 3))
    np.testing.assert_allclose(
        SM.coo_add(a, b, np.float32(0.5)).to_dense(), [[0, 0, 0], [0.1, 0, 0.2]], rtol=1e-6
    )
    np.testing.assert_allclose(
        SM.coo_add(a, b, np.float32(0.15)).to_dense(), [[0, 0.4, 0], [0.1, 0, 0.2]], rtol=1e-6
    )


def test_float64_windows_are_float64_accurate():
    import jax
    import numpy as np

    import msfunc as ms
    from msfunc.ops import func_spectral as F

    with jax.enable_x64(True):
        np.testing.assert_allclose(
            F.hamming_window(9, False, dtype=ms.float64), np.hamming(9), rtol=1e-13, atol=1e-15
        )
        np.testing.assert_allclose(
            F.kaiser_window(9, False, 5.0, dtype=ms.float64), np.kaiser(9, 5.0), rtol=1e-12
        )


@pytest.mark.parametrize("which", ["dense_to_sparse_coo", "dense_to_sparse_csr", "csr_add"])
def test_eager_only_ops_gradient_matches_finite_difference(which):
    """These ops cannot trace (their nnz is data-dependent), so the jitted sweep cannot check
    their gradients; check eagerly instead."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    from msfunc.ops import func_sparse as S
    from msfunc.ops import func_sparse_math as SM

    rng = np.random.default_rng(0)
    mask = np.array([[1, 0, 1, 0], [0, 1, 1, 0], [1, 0, 0, 1]], bool)
    x0 = np.where(mask, rng.uniform(0.5, 2.0, mask.shape), 0.0)
    w = rng.standard_normal(mask.shape)

    def f(x):
        if which == "csr_add":
            a = S.dense_to_sparse_csr(x)
            dense = S.csr_to_dense(SM.csr_add(a, S.dense_to_sparse_csr(x * x), 0.5, -2.0))
        else:
            dense = getattr(S, which)(x).to_dense()
        return (w * jnp.asarray(dense)).sum()

    with jax.enable_x64(True):
        analytic = np.asarray(jax.grad(f)(x0))
        d = np.where(mask, rng.standard_normal(mask.shape), 0.0)  # stay on the pattern
        eps = 1e-6
        numeric = (float(f(x0 + eps * d)) - float(f(x0 - eps * d))) / (2 * eps)
    np.testing.assert_allclose(np.sum(analytic * d), numeric, rtol=1e-6)
