"""Linear-algebra and creation ops against numpy, with jit/vmap/grad checks."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.test_util import check_grads

from msfunc.ops import func_create as C
from msfunc.ops import func_decompositions as DEC
from msfunc.ops import func_factorizations as FAC
from msfunc.ops import func_linalg as L
from msfunc.ops import func_norms as NM

rng = np.random.default_rng(3)
M = rng.normal(size=(3, 3)).astype(np.float32)
SPD = (M @ M.T + 3 * np.eye(3)).astype(np.float32)


def test_decompositions_reconstruct():
    s, u, v = DEC.svd(jnp.asarray(M))
    np.testing.assert_allclose(u @ jnp.diag(s) @ v.T, M, atol=1e-5)
    q, r = DEC.qr(jnp.asarray(M))
    np.testing.assert_allclose(q @ r, M, atol=1e-5)
    lu, piv, _ = jax.lax.linalg.lu(jnp.asarray(M))
    p, lo, up = FAC.lu_unpack(lu, piv + 1)
    np.testing.assert_allclose(p @ lo @ up, M, atol=1e-5)
    b = rng.normal(size=(3, 2)).astype(np.float32)
    np.testing.assert_allclose(
        FAC.lu_solve(jnp.asarray(b), lu, piv + 1), np.linalg.solve(M, b), rtol=1e-4, atol=1e-5
    )
    a, tau = FAC.geqrf(jnp.asarray(M))
    np.testing.assert_allclose(jnp.abs(FAC.orgqr(a, tau)), jnp.abs(q), atol=1e-5)
    np.testing.assert_allclose(FAC.ormqr(a, tau, jnp.eye(3)), FAC.orgqr(a, tau), atol=1e-5)


def test_norms_against_numpy():
    x = np.asarray(M)
    for ord_ in (None, "fro", "nuc", 1, -1, 2, np.inf):
        np.testing.assert_allclose(
            NM.norm(jnp.asarray(x), ord_), np.linalg.norm(x, ord_), rtol=1e-5, err_msg=str(ord_)
        )
    np.testing.assert_allclose(
        NM.vector_norm(jnp.asarray(x), 3.0, 1), np.linalg.norm(x, 3, axis=1), rtol=1e-5
    )
    np.testing.assert_allclose(
        L.cdist(jnp.asarray(x), jnp.asarray(x[:2]), 1.5),
        [[np.sum(np.abs(a - b) ** 1.5) ** (1 / 1.5) for b in x[:2]] for a in x],
        rtol=1e-5,
    )


# jit, vmap and grad (vs finite differences) of every op: tests/test_sweep_*.py


def test_creation_defaults():
    assert C.ones((2, 3)).dtype == jnp.float32 and C.zeros(2).shape == (2,)
    assert C.arange(3).dtype.kind == "i" and C.arange(0.0, 1.0, 0.25).dtype == jnp.float32
    np.testing.assert_allclose(C.logspace(0.0, 3.0, 4, base=2), [1, 2, 4, 8])
    assert C.eye(2, 3).shape == (2, 3)
    assert C.scalar_cast(2.9, jnp.int64) == 2
    with pytest.raises(TypeError, match="tuple"):
        C.tuple_to_array(3)
    with pytest.raises(TypeError, match="shape"):
        C.ones("abc")


def test_householder_forms_are_differentiable():
    # geqrf and orgqr had no JAX derivative: the jnp recurrence behind their custom JVP must
    # reproduce LAPACK's (real and complex), and the gradients must match finite differences
    from jax._src.lax.linalg import geqrf as lapack_geqrf

    with jax.enable_x64(True):
        for shape in [(5, 3), (3, 5), (2, 4, 4)]:
            for z in (0, 1j):
                a = jnp.asarray(rng.normal(size=shape) + z * rng.normal(size=shape))
                for ours, ref in zip(FAC._householder_qr(a), lapack_geqrf(a)):
                    np.testing.assert_allclose(ours, ref, atol=1e-12)
        a = jnp.asarray(rng.normal(size=(5, 3)))
        # jitted: check_grads evaluates many times, and eager runs the recurrence op by op
        check_grads(jax.jit(FAC.geqrf), (a,), order=1, modes=["fwd", "rev"])
        h, tau = FAC.geqrf(a)
        np.testing.assert_allclose(
            FAC._householder_q(h, tau), jax.lax.linalg.householder_product(h, tau), atol=1e-12
        )
        check_grads(jax.jit(FAC.orgqr), (h, tau), order=1, modes=["fwd", "rev"])
        ormqr = jax.jit(lambda u, t: FAC.ormqr(u, t, jnp.eye(5)[:, :2]))
        check_grads(ormqr, (h, tau), order=1, modes=["rev"])


def test_eig_vector_gradient_for_phase_invariant_loss():
    # |v| does not depend on each eigenvector's arbitrary phase, so its gradient is defined
    with jax.enable_x64(True):
        a = jnp.asarray(rng.normal(size=(4, 4)))
        check_grads(lambda m: jnp.abs(DEC.eig(m)[1]), (a,), order=1, modes=["rev"], eps=1e-6)
        w, v = DEC.eig(a)
        np.testing.assert_allclose(a.astype(complex) @ v, v * w, atol=1e-10)


@pytest.mark.parametrize("upper", [True, False])
def test_cholesky_inverse_reads_the_whole_matrix(upper):
    # MindSpore's kernel takes A = f^T f (upper) or f f^T (lower) of the full matrix, entries
    # outside the triangle included (MindSpore 2.10: [[13, -8], [-8, 5]] for upper here)
    f = np.array([[2.0, 3.0], [1.0, 2.0]], np.float32)
    a = f.T @ f if upper else f @ f.T
    out = np.asarray(DEC.cholesky_inverse(jnp.asarray(f), upper))
    np.testing.assert_allclose(out, np.linalg.inv(a), rtol=1e-4)
