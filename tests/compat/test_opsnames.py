"""The op names of MindSpore's private module paths (``array_func.new_zeros``,
``gen_ops_def.add_ext``, ``auto_generate.TanhGrad``, ``_sequence_ops``, ``mint.special``,
``device_context`` ...) give MindSpore 2.10's answers (tests/golden/opsnames.json, from the case
functions of tests/oracle/opsnames_cases.py run here with msfunc under its ``mindspore`` alias).
"""

import json

import numpy as np
import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc.compat import alias_mindspore, unalias_mindspore
from msfunc.compat import csr_ops as C
from msfunc.context import mindspore_dtype_checks
from msfunc.device_context import _settings

_CASES_MODULE = case_table("opsnames_cases")
_CASES = _CASES_MODULE.CASES
_GOLDEN = golden("opsnames")
# MindSpore 2.10's CPU build has no kernel for these (stored as RuntimeError): checked below
_NO_CPU_KERNEL = {
    ("special_and_dtype", "exp2"),
    ("special_and_dtype", "log_softmax"),
    *(("mint_checks", k) for k in ("mm", "mm_inner", "mm_dtypes")),
}


@pytest.fixture
def M(monkeypatch):
    alias_mindspore()  # (the cases import MindSpore's private module paths)
    mindspore_dtype_checks(True)  # (as a program importing them gets; the autouse fixture resets)
    monkeypatch.setattr(_settings, "_VALUES", {})  # (threads_num is set once per process)
    yield _CASES_MODULE.namespace()
    unalias_mindspore()


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, M):
    # msfunc's sequence primitives compute alike in both modes, and its jit hands a traced
    # number back as a 0-d Tensor where MindSpore's graph gives a Python number: the cases'
    # graph runs are direct calls here (graph mode itself: the test below)
    M.graph = lambda op, *args: op(*args)
    got = _CASES[name](M)
    for key in [k for k in got if (name, k) in _NO_CPU_KERNEL]:
        del got[key]
    want = {k: v for k, v in _GOLDEN[name].items() if (name, k) not in _NO_CPU_KERNEL}
    _assert_close(json.loads(json.dumps(got)), want)


def _assert_close(got, want, where="case"):
    """Equal JSON data, floats within float32 rounding (transcendental kernels differ in the
    last bit)."""
    if isinstance(want, float) and isinstance(got, float):
        assert np.isclose(got, want, rtol=1e-6, equal_nan=True), where
    elif isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), where
        for key in want:
            _assert_close(got[key], want[key], f"{where}.{key}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), where
        for i, (g, w) in enumerate(zip(got, want)):
            _assert_close(g, w, f"{where}[{i}]")
    else:
        assert got == want, where


def test_sequence_primitives_in_graph_mode(M):
    """In a graph-mode Cell on `mutable` sequences, the primitives that make Tensors give
    MindSpore's Tensors."""
    got = _CASES["sequences"](M)
    for key in ("addn_tensors", "stack", "unstack", "tuple_to_tensor"):
        _assert_close(json.loads(json.dumps(got[key])), _GOLDEN["sequences"][key], key)


def test_functions_without_a_mindspore_cpu_kernel():
    from msfunc import mint
    from msfunc.mint import special

    a, b = np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4)
    np.testing.assert_allclose(mint.mm(ms.Tensor(a), ms.Tensor(b)).asnumpy(), a @ b)

    x = np.array([0.5, 1.5, -2.5, 0.25], np.float32)
    np.testing.assert_allclose(special.exp2(ms.Tensor(x)).asnumpy(), np.exp2(x), rtol=1e-6)
    shifted = x - x.max()
    expect = shifted - np.log(np.exp(shifted).sum())
    got = special.log_softmax(ms.Tensor(x), 0).asnumpy()
    np.testing.assert_allclose(got, expect, rtol=1e-6)


def test_csr_primitives_match_dense_arithmetic():
    """MindSpore 2.10's CPU build cannot compile its CSR kernels; the dense equivalents are
    the reference: the stored entries of (dense * csr), (csr / dense), csr @ v, row sums."""
    indptr = ms.Tensor([0, 1, 3, 3], ms.int32)
    indices = ms.Tensor([0, 1, 3], ms.int32)
    values = ms.Tensor([2.0, 3.0, 4.0])
    shape = (3, 4)
    full = np.zeros(shape, np.float32)
    rows, cols = [0, 1, 1], [0, 1, 3]
    full[rows, cols] = [2.0, 3.0, 4.0]
    dense = np.arange(1, 13, dtype=np.float32).reshape(shape)
    vector = np.arange(4, dtype=np.float32).reshape(4, 1)
    parts = (indptr, indices, values, shape)
    mul = C.CSRMul()(*parts, ms.Tensor(dense)).asnumpy()
    np.testing.assert_allclose(mul, (full * dense)[rows, cols])
    div = C.CSRDiv()(*parts, ms.Tensor(dense)).asnumpy()
    np.testing.assert_allclose(div, (full / dense)[rows, cols], rtol=1e-6)
    np.testing.assert_allclose(C.CSRMV()(*parts, ms.Tensor(vector)).asnumpy(), full @ vector)
    np.testing.assert_allclose(C.CSRMM()(*parts, ms.Tensor(dense.T)).asnumpy(), full @ dense.T)
    sums = C.CSRReduceSum()(*parts, 1).asnumpy()
    np.testing.assert_allclose(sums, full.sum(1, keepdims=True))
    gathered = C.CSRGather()(indptr, indices, ms.Tensor(dense), shape).asnumpy()
    np.testing.assert_allclose(gathered, dense[rows, cols])
    assert C.CSR2COO()(indptr, 3).asnumpy().tolist() == rows
    assert C.COO2CSR()(ms.Tensor(rows, ms.int32), 3).asnumpy().tolist() == [0, 1, 3, 3]
    with pytest.raises(ValueError):
        C.CSRReduceSum()(*parts, 0)
