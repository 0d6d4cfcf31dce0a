"""Op arguments at their edges as MindSpore 2.10 takes them: lengths and axes as Tensors or
`mutable` values, in PyNative and graph mode and under GradOperation, and the values its
CPU kernels give (tests/golden/op_edges.json, from tests/oracle/op_edge_cases.py)."""

import numpy as np
import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("op_edge_cases")
_GOLDEN = golden("op_edges")


def _same(got, want, where):
    if isinstance(want, str) or isinstance(got, str):  # an exception's built-in types
        assert isinstance(got, str) and want in got.split("|"), (where, got, want)
    elif want and isinstance(want[0], str):  # a Tensor: [dtype, shape, values]
        assert got[:2] == want[:2], where
        # float16: MindSpore's kernels may round each step in half precision
        tol = 2e-3 if want[0] == "float16" else 1e-5
        np.testing.assert_allclose(got[2], want[2], rtol=tol * 10, atol=tol, err_msg=where)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), where
        for i, (g, w) in enumerate(zip(got, want)):
            _same(g, w, f"{where}[{i}]")
    else:
        assert got == pytest.approx(want), where


@pytest.mark.parametrize("name", list(_CASES.CASES))
def test_case_matches_mindspore(name):
    ms.set_context(jit_level="O0")
    got, want = _CASES.CASES[name](ms), _GOLDEN[name]
    assert len(got) == len(want), name
    for i, (g, w) in enumerate(zip(got, want)):
        if (name, i) not in _CASES.KNOWN_MINDSPORE_BUGS:
            _same(g, w, f"{name}[{i}]")
