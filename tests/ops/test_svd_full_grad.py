"""ops.svd's gradient with full_matrices=True (the complement columns of u or v) against real
MindSpore 2.10 (tests/golden/svd_grad.json from tests/oracle/gen_svd_grad_golden.py), and the
full factors' orthonormality."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import ops
from tests._paths import case_table, golden

cases = case_table("svd_grad_cases")
GOLDEN = golden("svd_grad")


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_full_matrices_gradient_matches_mindspore(name):
    got = cases.CASES[name](ms, ops)
    tol = 1e-3 if name.endswith("float32") else 1e-5
    np.testing.assert_allclose(got, GOLDEN[name], rtol=tol, atol=tol)


def test_full_matrices_factors_are_orthonormal_and_reconstruct():
    x = np.random.default_rng(3).normal(size=(2, 3, 4)).astype(np.float32)
    s, u, v = ops.svd(ms.Tensor(x), True, True)
    assert u.shape == (2, 3, 3) and v.shape == (2, 4, 4)
    v = v.asnumpy()
    np.testing.assert_allclose(
        np.swapaxes(v, -1, -2) @ v, np.broadcast_to(np.eye(4), v.shape), atol=1e-5
    )
    rebuilt = u.asnumpy() * s.asnumpy()[:, None, :] @ np.swapaxes(v[..., :3], -1, -2)
    np.testing.assert_allclose(rebuilt, x, atol=1e-5)
