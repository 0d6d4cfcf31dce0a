"""msfunc.scipy.linalg and the batched small solve, against SciPy/NumPy and finite differences;
lstsq against MindSpore 2.10's results (tests/oracle/gen_scipy_linalg_golden.py)."""

import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest
import scipy.linalg as sl
from _paths import TESTS

import msfunc as ms
from msfunc.kernels.small_solve import solve as small_solve
from msfunc.scipy import linalg as L

RNG = np.random.default_rng(0)
GOLDEN = json.loads((TESTS / "golden" / "scipy_linalg.json").read_text())


def _spd(n, rng=RNG):
    a = rng.standard_normal((n, n))
    return (a @ a.T + n * np.eye(n)).astype(np.float32)


def _well(shape, rng=RNG):
    n = shape[-1]
    return (rng.standard_normal(shape) + 2 * n**0.5 * np.eye(n) * rng.choice([-1, 1])).astype(
        np.float32
    )


@pytest.mark.parametrize(
    "n,batch,k", [(1, (3,), 1), (2, (2, 5), 0), (3, (), 2), (6, (7,), 2), (12, (2,), 1)]
)
def test_small_solve_matches_numpy(n, batch, k):
    rng = np.random.default_rng(n)
    a = rng.standard_normal(batch + (n, n)).astype(np.float32)
    b = rng.standard_normal(batch + (n, k) if k else (n,)).astype(np.float32)
    x = small_solve(a, b)
    ref = np.linalg.solve(
        a.astype(np.float64),
        b.astype(np.float64) if k else np.broadcast_to(b, batch + (n,))[..., None],
    )
    ref = ref if k else ref[..., 0]
    cond = np.linalg.cond(a.astype(np.float64)).max() if n else 1
    np.testing.assert_allclose(x, ref, rtol=0, atol=1e-5 * cond * (1 + np.abs(ref).max()))


def test_small_solve_needs_pivoting():
    # zero leading pivot: elimination without row exchanges would divide by zero
    a = np.tile(
        np.array([[0.0, 1.0, 2.0], [1.0, 0.0, 3.0], [4.0, -3.0, 8.0]], np.float32), (64, 1, 1)
    )
    b = np.ones((64, 3, 1), np.float32)
    np.testing.assert_allclose(small_solve(a, b), np.linalg.solve(a, b), atol=1e-5)


def test_small_solve_jit_vmap_and_padding():
    a = _well((70, 3, 3))
    b = RNG.standard_normal((70, 3, 2)).astype(np.float32)
    ref = np.linalg.solve(a, b)
    np.testing.assert_allclose(jax.jit(small_solve)(a, b), ref, atol=1e-4)
    np.testing.assert_allclose(jax.vmap(small_solve)(a, b), ref, atol=1e-4)
    # vmap over a function that solves one unbatched system
    one = lambda a, b: small_solve(a, b[:, 0])
    np.testing.assert_allclose(jax.jit(jax.vmap(one))(a, b), ref[..., 0], atol=1e-4)
    # nested vmap and a broadcast (unbatched) matrix
    nested = jax.vmap(jax.vmap(one, in_axes=(None, 0)), in_axes=(0, None))
    np.testing.assert_allclose(
        nested(a[:3], b[:4]), np.linalg.solve(a[:3, None], b[None, :4, :, :1])[..., 0], atol=1e-4
    )
    # large tile count (> one tile of the batch-last kernel; n <= 3 skips that kernel)
    # float32 forward error of a backward-stable solve: up to n * eps * cond(a) * |x|
    a2, b2 = _well((4100, 4, 4)), RNG.standard_normal((4100, 4, 1)).astype(np.float32)
    exact = np.linalg.solve(a2.astype(np.float64), b2.astype(np.float64))
    bound = 4 * np.finfo(np.float32).eps * np.linalg.cond(a2.astype(np.float64))
    err = np.abs(np.asarray(small_solve(a2, b2), np.float64) - exact).max(axis=(1, 2))
    assert np.all(err <= bound * np.abs(exact).max(axis=(1, 2)))


def test_small_solve_gradients():
    a = _well((6, 3, 3)).astype(np.float32)
    b = RNG.standard_normal((6, 3, 2)).astype(np.float32)
    w = RNG.standard_normal((6, 3, 2)).astype(np.float32)
    loss = lambda a, b: jnp.sum(small_solve(a, b) * w)
    ref = lambda a, b: jnp.sum(jnp.linalg.solve(a, b) * w)
    for argnum in (0, 1):
        g = jax.grad(loss, argnum)(a, b)
        np.testing.assert_allclose(g, jax.grad(ref, argnum)(a, b), rtol=1e-4, atol=1e-4)
    # grad under vmap, forward mode (jacfwd), and central finite differences (float64 numpy)
    gv = jax.vmap(jax.grad(lambda a, b, w: jnp.sum(small_solve(a, b) * w)))(a, b, w)
    np.testing.assert_allclose(gv, jax.grad(ref)(a, b), rtol=1e-4, atol=1e-4)
    jf = jax.jacfwd(lambda b: small_solve(a[:2], b))(b[:2])
    jr = jax.jacrev(lambda b: small_solve(a[:2], b))(b[:2])
    np.testing.assert_allclose(jf, jr, atol=1e-5)
    a64, b64, w64 = (x.astype(np.float64) for x in (a, b, w))
    eps, i = 1e-6, (2, 1, 2)
    d = np.zeros_like(a64)
    d[i] = eps
    fd = (
        np.sum(np.linalg.solve(a64 + d, b64) * w64) - np.sum(np.linalg.solve(a64 - d, b64) * w64)
    ) / (2 * eps)
    np.testing.assert_allclose(jax.grad(loss)(a, b)[i], fd, rtol=1e-3)


def test_small_solve_bad_input():
    with pytest.raises(ValueError, match="`a`"):
        small_solve(np.ones((3, 2)), np.ones(3))
    with pytest.raises(ValueError, match="`b`"):
        small_solve(np.eye(3), np.ones((4, 1)))


def test_solve_scipy_semantics_and_parameter():
    a = _well((4, 4))
    b = RNG.standard_normal(4).astype(np.float32)
    p = ms.Parameter(ms.Tensor(a), name="a")
    np.testing.assert_allclose(L.solve(p, b), sl.solve(a, b), rtol=1e-4, atol=1e-5)
    ab = _well((3, 3, 3))
    bb = RNG.standard_normal((3, 3)).astype(np.float32)  # b.ndim == a.ndim - 1: vectors
    np.testing.assert_allclose(
        L.solve(ab, bb), np.linalg.solve(ab, bb[..., None])[..., 0], rtol=1e-4, atol=1e-5
    )
    spd = _spd(4)
    np.testing.assert_allclose(
        L.solve(spd, b, assume_a="pos"), sl.solve(spd, b, assume_a="pos"), rtol=1e-4, atol=1e-5
    )


def test_cholesky_family():
    a = _spd(5)
    b = RNG.standard_normal((5, 2)).astype(np.float32)
    for lower in (False, True):
        np.testing.assert_allclose(
            L.cholesky(a, lower=lower), sl.cholesky(a, lower=lower), rtol=1e-4, atol=1e-5
        )
        c, low = L.cho_factor(a, lower=lower)
        assert low is lower
        np.testing.assert_allclose(c, sl.cholesky(a, lower=lower), rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(
            L.cho_solve((c, low), b), np.linalg.solve(a, b), rtol=1e-4, atol=1e-5
        )
    # gradient through cho_solve vs finite differences on b
    f = lambda b: jnp.sum(L.cho_solve(L.cho_factor(a), b) ** 2)
    g = jax.grad(f)(b)
    bb = b.astype(np.float64)
    x = np.linalg.solve(a.astype(np.float64), bb)
    np.testing.assert_allclose(g, 2 * np.linalg.solve(a.astype(np.float64).T, x), rtol=1e-3)


def test_eigh_plain_and_generalized():
    a, bm = _spd(4), _spd(4)
    w, v = L.eigh(a)
    np.testing.assert_allclose(w, sl.eigh(a, eigvals_only=True), rtol=1e-4)
    np.testing.assert_allclose(a @ np.asarray(v), np.asarray(v) * np.asarray(w), atol=1e-3)
    w2, v2 = L.eigh(a, bm)
    np.testing.assert_allclose(w2, sl.eigh(a, bm, eigvals_only=True), rtol=1e-4)
    np.testing.assert_allclose(a @ np.asarray(v2), bm @ np.asarray(v2) * np.asarray(w2), atol=1e-3)
    np.testing.assert_allclose(L.eigh(a, eigvals_only=True), w, rtol=1e-6)


def test_lu_family():
    a = RNG.standard_normal((5, 5)).astype(np.float32)
    p, l, u = L.lu(a)
    assert p.dtype == jnp.int32
    sp, sl_, su = sl.lu(a)
    np.testing.assert_array_equal(p, sp.astype(np.int32))
    np.testing.assert_allclose(l, sl_, atol=1e-5)
    np.testing.assert_allclose(u, su, atol=1e-5)
    pl, u2 = L.lu(a, permute_l=True)  # fails in MindSpore 2.10
    np.testing.assert_allclose(pl, sl.lu(a, permute_l=True)[0], atol=1e-5)
    np.testing.assert_allclose(np.asarray(pl) @ np.asarray(u2), a, atol=1e-5)
    lu_, piv = L.lu_factor(a)
    slu, spiv = sl.lu_factor(a)
    np.testing.assert_array_equal(piv, spiv)
    np.testing.assert_allclose(lu_, slu, atol=1e-5)
    # vmap and grad
    ab = RNG.standard_normal((3, 4, 4)).astype(np.float32)
    np.testing.assert_allclose(
        jax.vmap(lambda m: L.lu(m, permute_l=True)[1])(ab),
        np.stack([sl.lu(m)[2] for m in ab]),
        atol=1e-5,
    )
    jax.grad(lambda m: jnp.sum(L.lu(m)[2]))(a)


def test_inv_triangular_block_lstsq():
    a = _well((4, 4))
    np.testing.assert_allclose(L.inv(a), np.linalg.inv(a), rtol=1e-4, atol=1e-5)
    t = np.triu(a)
    b = RNG.standard_normal((4, 3)).astype(np.float32)
    for trans in (0, 1, "T"):
        for lower, m in ((False, t), (True, t.T.copy())):
            np.testing.assert_allclose(
                L.solve_triangular(m, b, trans=trans, lower=lower),
                sl.solve_triangular(m, b, trans=trans, lower=lower),
                rtol=1e-4,
                atol=1e-4,
            )
    batch = np.stack([t, 2 * t])
    vectors = RNG.standard_normal((2, 4)).astype(np.float32)
    np.testing.assert_allclose(
        L.solve_triangular(batch, vectors),
        np.stack([sl.solve_triangular(m, v) for m, v in zip(batch, vectors)]),
        rtol=1e-4,
        atol=1e-4,
    )
    for bad in ((4, 3), (3, 4), (2, 4, 3, 1), (1, 4, 3)):  # dims, rows, rank, batch mismatch
        with pytest.raises(ValueError, match="solve_triangular"):
            L.solve_triangular(batch, np.ones(bad, np.float32))
    blocks = [np.ones((1, 2)), 2 * np.ones((2, 1)), np.array([[3.0]])]
    np.testing.assert_array_equal(L.block_diag(*blocks), sl.block_diag(*blocks))
    A = RNG.standard_normal((6, 3)).astype(np.float32)
    B = RNG.standard_normal((6, 2)).astype(np.float32)
    # (gelsd: the driver that returns residues and singular values; MindSpore's default,
    # gelsy, returns neither, as test_lstsq_matches_mindspore checks)
    x, res, rank, s = L.lstsq(A, B, driver="gelsd")
    sx, sres, srank, ss = sl.lstsq(A, B, lapack_driver="gelsd")
    np.testing.assert_allclose(x, sx, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(res, sres, rtol=1e-3)
    assert int(rank) == srank
    np.testing.assert_allclose(s, ss, rtol=1e-4)
    with pytest.raises(ValueError, match="`B`"):
        L.lstsq(A, B[:4])
    with pytest.raises(ValueError, match="`a`"):
        L.inv(np.ones((2, 3)))


def test_forwarded_extras():
    a = _well((3, 3))
    np.testing.assert_allclose(L.det(a), np.linalg.det(a), rtol=1e-4)
    m = 0.1 * RNG.standard_normal((3, 3)).astype(np.float32)
    np.testing.assert_allclose(L.expm(m), sl.expm(m), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(
        L.det(ms.Parameter(ms.Tensor(a), name="d")), np.linalg.det(a), rtol=1e-4
    )


@pytest.mark.parametrize("key", sorted(GOLDEN["lstsq"]))
def test_lstsq_matches_mindspore(key):
    want = GOLDEN["lstsq"][key]
    driver = None if key.endswith("/None") else key.rsplit("/", 1)[1]
    x, res, rank, s = L.lstsq(
        ms.Tensor(np.array(want["a"], np.float32)),
        ms.Tensor(np.array(want["b"], np.float32)),
        driver=driver,
    )
    np.testing.assert_allclose(np.asarray(x), want["x"], rtol=1e-4, atol=1e-5)
    assert list(res.shape) == want["residues_shape"] and list(s.shape) == want["s_shape"]
    assert list(rank.shape) == want["rank_shape"] and rank.dtype == np.int64
    np.testing.assert_allclose(np.asarray(res), want["residues"], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(np.asarray(s), want["s"], rtol=1e-5, atol=1e-6)  # (zero: noise)
    assert np.asarray(rank).tolist() == want["rank"]
