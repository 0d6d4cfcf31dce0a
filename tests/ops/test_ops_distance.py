"""cosine_similarity, pdist, sparse_segment_mean against numpy/scipy (values from MindSpore
2.10 on the first input agree: pdist [5.8309517, 3.3166249, 9.0])."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from scipy.spatial.distance import pdist as scipy_pdist

import msfunc as ms

X = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0], [0.0, 1.0, 0.0]], np.float32)


@pytest.mark.parametrize("p", [1.0, 2.0, 3.0, float("inf")])
def test_pdist_matches_scipy(p):
    metric = {1.0: "cityblock", 2.0: "euclidean", float("inf"): "chebyshev"}.get(p, "minkowski")
    kwargs = {"p": p} if metric == "minkowski" else {}
    np.testing.assert_allclose(
        ms.ops.pdist(ms.Tensor(X), p=p), scipy_pdist(X, metric, **kwargs), rtol=1e-5
    )
    np.testing.assert_allclose(
        ms.ops.pdist(ms.Tensor(X), 2.0), [5.8309517, 3.3166249, 9.0], rtol=1e-6
    )


def test_cosine_similarity_and_grad():
    a, b = X, X[::-1]
    expected = (a * b).sum(1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))
    np.testing.assert_allclose(
        ms.ops.cosine_similarity(ms.Tensor(a), ms.Tensor(b)), expected, rtol=1e-6
    )
    g = ms.grad(lambda u: ms.ops.cosine_similarity(u, jnp.asarray(b)).sum())(jnp.asarray(a))
    eps = 1e-3
    bump = np.zeros_like(a)
    bump[0, 1] = eps
    f = lambda u: float(ms.ops.cosine_similarity(jnp.asarray(u), jnp.asarray(b)).sum())  # noqa
    np.testing.assert_allclose(g[0, 1], (f(a + bump) - f(a - bump)) / (2 * eps), rtol=1e-2)
    vm = ms.vmap(lambda u, v: ms.ops.cosine_similarity(u, v, dim=0))(jnp.asarray(a), jnp.asarray(b))
    np.testing.assert_allclose(vm, expected, rtol=1e-6)


def test_sparse_segment_mean_matches_numpy():
    out = ms.ops.sparse_segment_mean(ms.Tensor(X), ms.Tensor([0, 1, 2]), ms.Tensor([0, 0, 1]))
    np.testing.assert_allclose(out, [X[:2].mean(0), X[2]], rtol=1e-6)
    with pytest.raises(ValueError, match="segment_ids"):
        ms.ops.sparse_segment_mean(ms.Tensor(X), ms.Tensor([0, 1]), ms.Tensor([0]))
    with pytest.raises(TypeError, match="outside jit"):
        jax.jit(lambda s: ms.ops.sparse_segment_mean(X, jnp.array([0, 1, 2]), s))(
            jnp.array([0, 0, 1])
        )
    # concrete (numpy) ids under jit are fine: the count is read from them, not from a tracer
    out = jax.jit(
        lambda u: ms.ops.sparse_segment_mean(u, np.array([0, 1, 2]), np.array([0, 0, 1]))
    )(jnp.asarray(X))
    np.testing.assert_allclose(out, [X[:2].mean(0), X[2]], rtol=1e-6)
