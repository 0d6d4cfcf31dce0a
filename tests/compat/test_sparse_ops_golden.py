"""The COO/CSR primitives of ``mindspore.ops.operations.sparse_ops`` against MindSpore 2.10's
results (tests/oracle/gen_sparse_ops_golden.py), and SparseDenseCwiseDiv (no CPU kernel in
MindSpore) against numpy."""

import json
import sys
import types

import numpy as np
import pytest
from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc.compat import sparse_coo_ops, sparse_count_ops, sparse_csr_ops

sys.path.insert(0, str(ORACLE))

import sparse_ops_cases  # noqa: E402

WANT = json.loads((GOLDEN / "sparse_ops.json").read_text())
P = types.SimpleNamespace(
    **{
        name: getattr(module, name)
        for module in (sparse_coo_ops, sparse_count_ops, sparse_csr_ops)
        for name in module.__all__
    }
)


def _compare(got, want, where):
    if "error" in want:
        # MindSpore's exception class is among msfunc's (msfunc may raise a subclass)
        assert "error" in got and want["error"][0] in got["error"], (where, got)
        return
    if "array" in want:
        assert "array" in got, (where, got)
        assert got["dtype"].lower() == want["dtype"].lower(), where
        assert got["shape"] == want["shape"], where
        np.testing.assert_allclose(
            np.asarray(got["array"], np.float64).reshape(-1),
            np.asarray(want["array"], np.float64).reshape(-1),
            rtol=2e-6,
            atol=1e-7,
            err_msg=where,
        )
        return
    assert set(got) == set(want), where
    for key in want:
        _compare(got[key], want[key], f"{where}.{key}")


def _compare_result(got, want, where):
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (where, got)
        for i, (g, w) in enumerate(zip(got, want)):
            _compare(g, w, f"{where}[{i}]")
    else:
        _compare(got, want, where)


@pytest.mark.parametrize("case", sparse_ops_cases.CASES, ids=lambda c: c.__name__)
def test_matches_mindspore(case):
    got, want = case(ms, P), WANT[case.__name__]

    def walk(g, w, where):
        if isinstance(w, dict) and "error" not in w and "array" not in w:
            assert set(g) == set(w), where
            for key in w:
                walk(g[key], w[key], f"{where}.{key}")
        else:
            _compare_result(g, w, where)

    walk(got, want, case.__name__)


def test_sparse_dense_cwise_div_matches_numpy():
    indices = np.array([[0, 0], [2, 2], [1, 2]], np.int64)
    dense = np.array([[2, 2, 3]], np.int32)
    values = np.array([7, -7, 9], np.int32)
    out = P.SparseDenseCwiseDiv()(
        ms.Tensor(indices), ms.Tensor(values), ms.Tensor(np.array([3, 3])), ms.Tensor(dense)
    )
    at = np.broadcast_to(dense, (3, 3))[tuple(indices.T)]
    np.testing.assert_array_equal(out.asnumpy(), np.trunc(values / at).astype(np.int32))
    floats = P.SparseDenseCwiseDiv()(
        ms.Tensor(indices),
        ms.Tensor(values.astype(np.float32)),
        ms.Tensor(np.array([3, 3])),
        ms.Tensor(dense.astype(np.float32)),
    )
    np.testing.assert_allclose(floats.asnumpy(), values / at, rtol=1e-6)
