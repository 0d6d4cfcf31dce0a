"""COOTensor, CSRTensor and RowTensor: MindSpore 2.10's golden values, scipy.sparse, transforms."""

import json
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest
import scipy.sparse as sp
from _paths import TESTS

import msfunc as ms

HERE = str(TESTS)
sys.path.insert(0, os.path.join(HERE, "oracle"))

import sparse_cases  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "golden", "sparse_tensor.json")))


# -- golden values from MindSpore 2.10 (tests/oracle/gen_sparse_golden.py) -----------------
def _compare(got, want, where):
    if isinstance(want, dict) and "array" in want:
        assert got["dtype"].lower() == want["dtype"].lower(), where
        np.testing.assert_allclose(
            np.asarray(got["array"], np.float64),
            np.asarray(want["array"], np.float64),
            rtol=1e-6,
            err_msg=where,
        )
    elif isinstance(want, dict):
        assert got == want, where
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), where
        for i, (g, w) in enumerate(zip(got, want)):
            _compare(g, w, f"{where}[{i}]")
    elif isinstance(want, str) and isinstance(got, str):
        assert got.lower() == want.lower(), where  # dtype names: Float32 / float32
    else:
        assert got == want, where


@pytest.mark.parametrize("case", sparse_cases.CASES, ids=lambda c: c.__name__)
def test_matches_mindspore(case):
    # MindSpore keeps int64 indices and float64 values: compare with 64-bit types on.
    with jax.enable_x64(True):
        got = {k: sparse_cases.encode(v) for k, v in case(ms).items()}
    want = GOLDEN[case.__name__]
    if not hasattr(ms.Tensor, "to_coo"):  # Tensor.to_coo/to_csr: not yet on msfunc's Tensor
        want = {k: v for k, v in want.items() if not k.startswith("method_")}
    assert set(got) == set(want)
    for key in want:
        _compare(got[key], want[key], f"{case.__name__}.{key}")


# -- methods against scipy.sparse ---------------------------------------------------------
def _random_coo(rng, shape=(4, 5), nnz=7, duplicates=True):
    rows = rng.integers(0, shape[0], nnz)
    cols = rng.integers(0, shape[1], nnz)
    if duplicates:
        rows[-1], cols[-1] = rows[0], cols[0]
    values = rng.standard_normal(nnz).astype(np.float32)
    x = ms.COOTensor(
        ms.Tensor(np.stack([rows, cols], 1).astype(np.int32)), ms.Tensor(values), shape
    )
    return x, sp.coo_matrix((values, (rows, cols)), shape=shape)


def _random_csr(rng, shape=(4, 5), density=0.4):
    m = sp.random(*shape, density=density, format="csr", random_state=rng, dtype=np.float32)
    m.sort_indices()
    x = ms.CSRTensor(
        ms.Tensor(m.indptr.astype(np.int32)),
        ms.Tensor(m.indices.astype(np.int32)),
        ms.Tensor(m.data),
        shape,
    )
    return x, m


def test_coo_methods_match_scipy():
    rng = np.random.default_rng(0)
    x, ref = _random_coo(rng)
    dense = ref.toarray()
    np.testing.assert_allclose(x.to_dense(), dense, rtol=1e-6)
    assert isinstance(x.to_dense(), ms.Tensor) and isinstance(x.values, ms.Tensor)
    # coalesce: scipy's canonical form (sorted row-major, duplicates summed)
    c, r = x.coalesce(), ref.copy()
    r.sum_duplicates()
    order = np.lexsort((r.col, r.row))
    np.testing.assert_array_equal(c.indices.asnumpy(), np.stack([r.row, r.col], 1)[order])
    np.testing.assert_allclose(c.values.asnumpy(), r.data[order], rtol=1e-6)
    # to_csr keeps every stored value (duplicates too) and their dense sum
    csr = x.to_csr()
    assert isinstance(csr, ms.CSRTensor) and csr.size == x.size
    np.testing.assert_array_equal(
        csr.indptr.asnumpy(), np.r_[0, np.cumsum(np.bincount(ref.row, minlength=4))]
    )
    np.testing.assert_allclose(csr.to_dense(), dense, rtol=1e-6)
    other = rng.standard_normal((4, 5)).astype(np.float32) + 3.0
    np.testing.assert_allclose(x + ms.Tensor(other), dense + other, rtol=1e-6)
    np.testing.assert_allclose(x - other, dense - other, rtol=1e-6)
    np.testing.assert_allclose((x * other).to_dense(), dense * other, rtol=1e-6)
    np.testing.assert_allclose((x / other).to_dense(), dense / other, rtol=1e-6)
    np.testing.assert_allclose((x * 2.0).to_dense(), dense * 2, rtol=1e-6)  # broadcast
    stored_abs = sp.coo_matrix((abs(ref.data), (ref.row, ref.col)), shape=ref.shape)
    np.testing.assert_allclose((-x).abs().to_dense(), stored_abs.toarray(), rtol=1e-6)
    y, ref_y = _random_coo(rng, duplicates=False)
    np.testing.assert_allclose(
        (x.coalesce() + y.coalesce()).to_dense(), (ref + ref_y).toarray(), rtol=1e-6
    )
    np.testing.assert_allclose((x - y).to_dense(), (ref - ref_y).toarray(), rtol=1e-6)
    assert x.astype(ms.float16).values.dtype == np.float16


def test_csr_methods_match_scipy():
    rng = np.random.default_rng(1)
    x, ref = _random_csr(rng)
    dense = ref.toarray()
    np.testing.assert_allclose(x.to_dense(), dense, rtol=1e-6)
    vec = rng.standard_normal((5, 1)).astype(np.float32)
    mat = rng.standard_normal((5, 3)).astype(np.float32)
    np.testing.assert_allclose(x.mv(ms.Tensor(vec)), ref @ vec, rtol=1e-5)
    np.testing.assert_allclose(x.mm(ms.Tensor(mat)), ref @ mat, rtol=1e-5)
    np.testing.assert_allclose(x.sum(1), ref.sum(axis=1), rtol=1e-5)
    np.testing.assert_allclose(x.sum(0), ref.sum(axis=0), rtol=1e-5)
    coo = x.to_coo()
    r = ref.tocoo()
    np.testing.assert_array_equal(coo.indices.asnumpy(), np.stack([r.row, r.col], 1))
    row = rng.uniform(1, 2, (1, 5)).astype(np.float32)
    np.testing.assert_allclose((x * ms.Tensor(row)).to_dense(), dense * row, rtol=1e-6)
    np.testing.assert_allclose((x / row).to_dense(), dense / row, rtol=1e-6)
    y, ref_y = _random_csr(rng)
    total = x.add(y, ms.Tensor(2.0), ms.Tensor(-0.5))
    np.testing.assert_allclose(total.to_dense(), (2 * ref - 0.5 * ref_y).toarray(), rtol=1e-6)
    assert total.size == (abs(ref) + abs(ref_y)).nnz  # the union of the two patterns
    np.testing.assert_allclose((x - y).to_dense(), (ref - ref_y).toarray(), rtol=1e-6)
    other, ref_other = _random_csr(rng, (5, 3))
    prod = x.mm(ms.CSRTensor(csr_tensor=other))
    assert isinstance(prod, ms.CSRTensor)
    np.testing.assert_allclose(prod.to_dense(), (ref @ ref_other).toarray(), rtol=1e-5)


def test_ops_take_and_return_the_classes():
    rng = np.random.default_rng(2)
    x, ref = _random_csr(rng)
    y, ref_y = _random_csr(rng, (5, 2))
    prod = ms.ops.csr_mm(x, y)
    assert isinstance(prod, ms.CSRTensor)
    np.testing.assert_allclose(prod.to_dense(), (ref @ ref_y).toarray(), rtol=1e-5)
    soft = ms.ops.csr_softmax(x)
    assert isinstance(soft, ms.CSRTensor)
    want = [
        np.exp(r - r.max()) / np.exp(r - r.max()).sum()
        for r in np.split(ref.data, ref.indptr[1:-1])
        if r.size
    ]
    np.testing.assert_allclose(soft.values.asnumpy(), np.concatenate(want), rtol=1e-5)
    coo = ms.ops.csr_to_coo(x)
    assert isinstance(coo, ms.COOTensor)
    both = ms.ops.coo_concat([coo, coo], 1)
    assert isinstance(both, ms.COOTensor) and both.shape == (4, 10)
    np.testing.assert_allclose(both.to_dense(), np.hstack([ref.toarray()] * 2), rtol=1e-6)
    d = np.array([[0.0, 1.5], [-2.0, 0.0]], np.float32)
    made = ms.ops.dense_to_sparse_csr(ms.Tensor(d))
    assert isinstance(made, ms.CSRTensor) and made.size == 2
    assert isinstance(ms.ops.dense_to_sparse_coo(d), ms.COOTensor)
    assert isinstance(ms.ops.make_coo_tensor([[0, 1]], [1.0], (2, 2)), ms.COOTensor)
    np.testing.assert_allclose(ms.ops.csr_to_dense(made), d)
    # BCOO/BCSR in, BCOO/BCSR out (JAX users' own sparse arrays)
    bcoo = jax.experimental.sparse.BCOO.fromdense(jnp.asarray(d))
    assert type(ms.ops.coo_abs(bcoo)).__name__ == "BCOO"


def test_pytree_jit_vmap_and_grad():
    rng = np.random.default_rng(3)
    x, ref = _random_coo(rng)
    m, ref_m = _random_csr(rng)
    leaves, treedef = jax.tree.flatten(x)
    assert len(leaves) == 2 and jax.tree.unflatten(treedef, leaves).shape == (4, 5)
    assert (
        len(jax.tree.leaves(m)) == 3
        and len(jax.tree.leaves(ms.RowTensor([0], [[1.0]], (2, 1)))) == 2
    )

    @ms.jit
    def step(a, b, v):
        s = (a + a).coalesce()  # data-dependent nnz: parked entries under jit
        return s, s.to_dense() * 2, b.mv(v), (b - b).to_dense()

    vec = np.ones((5, 1), np.float32)
    s, twice, mv, zero = step(x, m, ms.Tensor(vec))
    assert isinstance(s, ms.COOTensor) and isinstance(mv, ms.Tensor)
    np.testing.assert_allclose(s.to_dense(), 2 * ref.toarray(), rtol=1e-6)
    np.testing.assert_allclose(twice, 4 * ref.toarray(), rtol=1e-6)
    np.testing.assert_allclose(mv, ref_m @ vec, rtol=1e-5)
    np.testing.assert_allclose(zero, np.zeros((4, 5)))

    batch = rng.standard_normal((3, x.size)).astype(np.float32)
    dense = jax.vmap(lambda v: jnp.asarray(ms.COOTensor(x.indices, v, x.shape).to_dense()))(batch)
    for i in range(3):
        np.testing.assert_allclose(
            dense[i],
            sp.coo_matrix((batch[i], (ref.row, ref.col)), shape=(4, 5)).toarray(),
            rtol=1e-6,
        )

    stacked = jax.tree.map(lambda leaf: jnp.stack([leaf, leaf]), x)  # a batch of two
    assert stacked.shape == (4, 5) and stacked.values.shape == (2, x.size)
    np.testing.assert_allclose(
        jax.vmap(lambda c: jnp.asarray(c.to_dense()))(stacked),
        np.stack([ref.toarray()] * 2),
        rtol=1e-6,
    )

    w = rng.standard_normal((4, 5)).astype(np.float32)
    grad = ms.grad(lambda v: (ms.COOTensor(x.indices, v, x.shape).to_dense() * w).sum())(x.values)
    np.testing.assert_allclose(grad, w[ref.row, ref.col], rtol=1e-6)


def test_bad_arguments_raise_clear_errors():
    x = ms.COOTensor(ms.Tensor([[0, 1]]), ms.Tensor([1.0]), (2, 2))
    with pytest.raises(TypeError, match="shape"):
        ms.COOTensor(ms.Tensor([[0, 1]]), ms.Tensor([1.0]), (2, "2"))
    with pytest.raises(TypeError, match="values"):
        ms.COOTensor(ms.Tensor([[0, 1]]), None, (2, 2))
    with pytest.raises(TypeError, match="multiply with str"):
        x * "a"
    with pytest.raises(ValueError, match="does not broadcast"):
        x / np.ones((3, 3))
    with pytest.raises(TypeError, match="COOTensor"):
        x.add(x.to_dense(), 0.0)
    with pytest.raises(ValueError, match="to_csr"):
        ms.COOTensor(ms.Tensor([[0, 1, 1]]), ms.Tensor([1.0]), (2, 2, 2)).to_csr()
    m = x.to_csr()
    with pytest.raises(ValueError, match="axis"):
        m.sum(2)
    with pytest.raises(TypeError, match="CSRTensor"):
        m.add(x, 1.0, 1.0)
    with pytest.raises(ValueError, match="shape"):
        ms.RowTensor(ms.Tensor([0]), ms.Tensor([[1.0, 2.0]]), (3, 3))


def test_too_few_index_columns_is_both_of_mindspores_error_types():
    # MindSpore 2.10: ValueError when built eagerly, TypeError from a graph-mode Cell;
    # too many columns is a ValueError in both
    indices, values = ms.Tensor(np.array([[0, 0], [0, 1]], np.int32)), ms.Tensor([1.0, 2.0])
    with pytest.raises(TypeError) as caught:
        ms.COOTensor(indices, values, (2, 2, 2))
    assert isinstance(caught.value, ValueError)
    with pytest.raises(ValueError) as caught:
        ms.COOTensor(indices, values, (2,))
    assert not isinstance(caught.value, TypeError)
