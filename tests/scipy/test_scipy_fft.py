"""msfunc.scipy.fft's DCTs against SciPy: MindSpore's orthonormal default, explicit norms,
lengths and axes, gradients and errors."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
import scipy.fft as sf

import msfunc as ms
from msfunc.scipy import fft

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
